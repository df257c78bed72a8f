package com.merchantpay.conformance.internal;

import static com.merchantpay.conformance.internal.V1Calls.siteAlias;

import com.fasterxml.jackson.databind.JsonNode;

/** What the v1 checks share: reading the envelope and naming v2 resources in v1 terms. */
final class V1Support {
  private V1Support() {}

  /**
   * The v1 PaymentID of a payment made through v2: the PaymentID v1 gives the payment's invoice
   * number (nothing in the documents ties a v2 id to a v1 PaymentID), or, for a payment without
   * one, its v2 id when that is a number as v1 types it. Skips the check when neither names it.
   */
  public static String paymentId(CheckContext c, JsonNode v2Payment) {
    String id = v2Payment.path("id").asText();
    String orderNo = v2Payment.path("invoice").path("orderNo").asText("");
    if (orderNo.isEmpty() && id.matches("[0-9]{1,18}")) {
      return id;
    }
    c.require(
        !orderNo.isEmpty(),
        "payment ids of this target ("
            + id
            + ") are not v1 PaymentIDs, and the payment "
            + "has no invoice number to find it by through v1");
    Exchange found =
        c.v1()
            .call(
                "getPaymentByInvoiceID",
                Fixtures.values("invoiceID", orderNo, "siteAlias", siteAlias(c)));
    JsonNode paymentId =
        found.json() == null ? null : found.json().path("Payment").path("PaymentID");
    c.require(
        paymentId != null && paymentId.isIntegralNumber(),
        "v1 does not find the v2 payment " + id + " by its invoice number: " + found.summary());
    return paymentId.asText();
  }

  /** The answer must be HTTP 200, a JSON envelope with ErrorCode 0 and the payload member. */
  public static JsonNode success(CheckContext c, Exchange exchange, String payload) {
    c.status(exchange, 200);
    JsonNode envelope = exchange.json();
    c.expect(
        envelope != null
            && envelope.path("ErrorCode").isIntegralNumber()
            && envelope.path("ErrorCode").intValue() == 0
            && envelope.has(payload),
        "ErrorCode 0 with " + payload,
        exchange::summary,
        exchange);
    return envelope;
  }

  /** The answer must be HTTP 200 and the envelope's ErrorCode this one. */
  public static void errorCode(CheckContext c, Exchange exchange, int code) {
    c.status(exchange, 200);
    Integer actual = exchange.v1ErrorCode();
    c.expect(
        actual != null && actual == code,
        "HTTP 200 with ErrorCode " + code,
        exchange::summary,
        exchange);
  }
}
