package com.merchantpay.sandbox.internal.domain;

/**
 * What the payer (or the merchant on their behalf) must do before a payment or token goes on. Only
 * the members of its step are set; the others are null.
 */
public record Confirmation(
    ConfirmationStep type,
    String maskedPhone,
    String methodUrl,
    String transactionId,
    String acsUrl,
    String creq,
    String paReq,
    String paymentUrl,
    Boolean universalLink,
    String instruction) {}
