package com.merchantpay.spring;

import com.merchantpay.v2.model.PaymentToken;
import com.merchantpay.v2.model.PaymentTokenNotification;

/** A payment token notification the endpoint received and verified by reading the token back. */
public record PaymentTokenNotificationEvent(
    PaymentTokenNotification notification, PaymentToken token) {}
