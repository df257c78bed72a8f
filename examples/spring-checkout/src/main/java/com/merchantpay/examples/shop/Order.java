package com.merchantpay.examples.shop;

import java.math.BigDecimal;

/**
 * An order as the shop sees it.
 *
 * @param status {@code New}, {@code Paid}, {@code Refused} or {@code Unknown} (the service may have
 *     charged; its notification will tell)
 * @param paymentId the service's payment, once there is one
 * @param refusal why the payment was declined, or null
 * @param confirmedByNotification whether the service's notification confirmed the payment
 */
public record Order(
    String id,
    BigDecimal amount,
    String status,
    String paymentId,
    String refusal,
    boolean confirmedByNotification) {

  Order paid(String paymentId) {
    return new Order(id, amount, "Paid", paymentId, null, confirmedByNotification);
  }

  Order refused(String paymentId, String reason) {
    return new Order(id, amount, "Refused", paymentId, reason, false);
  }

  Order unknown() {
    return new Order(id, amount, "Unknown", paymentId, null, false);
  }

  Order confirmed(String paymentId) {
    return new Order(id, amount, "Paid", paymentId, null, true);
  }
}
