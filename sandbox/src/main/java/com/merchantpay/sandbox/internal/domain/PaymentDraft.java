package com.merchantpay.sandbox.internal.domain;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.time.Instant;

/**
 * What a new payment or invoice is made of, already checked for form. The JSON documents are kept
 * as given (the invoice with its expiry in UTC) and shown back in the views.
 *
 * @param paymentMethod a canonical alias of {@link PaymentMethods}, or null
 */
public record PaymentDraft(
    String merchantId,
    BigDecimal amount,
    String currency,
    boolean dualMode,
    boolean testMode,
    ObjectNode invoice,
    Instant invoiceExpires,
    String customerIp,
    String phone,
    String callbackUrl,
    String returnUrl,
    ObjectNode tokenization,
    String tokenCallbackUrl,
    ObjectNode receipt,
    String paymentMethod) {}
