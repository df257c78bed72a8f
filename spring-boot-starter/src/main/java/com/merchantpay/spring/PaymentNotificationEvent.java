package com.merchantpay.spring;

import com.merchantpay.v2.model.Payment;
import com.merchantpay.v2.model.PaymentNotification;

/**
 * A payment notification the endpoint received and verified: {@code payment} is the payment as the
 * service answered when asked back, the state to act on; {@code notification} is what was posted.
 */
public record PaymentNotificationEvent(PaymentNotification notification, Payment payment) {}
