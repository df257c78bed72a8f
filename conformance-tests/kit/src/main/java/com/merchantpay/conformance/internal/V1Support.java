package com.merchantpay.conformance.internal;

import com.fasterxml.jackson.databind.JsonNode;

/** What the v1 checks share: reading the envelope and naming v2 resources in v1 terms. */
final class V1Support {
  private V1Support() {}

  /**
   * The v1 PaymentID of a payment made through v2. The v1 document types it as an integer, so a target whose
   * v2 ids are not numbers cannot be asked about v2 payments through v1, and the check is skipped.
   */
  static String paymentId(CheckContext c, JsonNode v2Payment) {
    String id = v2Payment.path("id").asText();
    c.need(id.matches("[0-9]{1,18}") ? id : null, "payment ids of this target (" + id + ") are not v1 PaymentIDs, "
        + "so v1 cannot be asked about a payment made through v2");
    return id;
  }

  /** The merchant's v1 siteAlias: the profile's, else the v2 merchant id. */
  static String siteAlias(CheckContext c) {
    if (c.profile().v1() != null && c.profile().v1().siteAlias() != null) {
      return c.profile().v1().siteAlias();
    }
    return c.need(c.target().merchantId(), "no merchant given (--merchant) and no v1.siteAlias in the profile");
  }

  /** The answer must be HTTP 200, a JSON envelope with ErrorCode 0 and the payload member. */
  static JsonNode success(CheckContext c, Exchange exchange, String payload) {
    c.status(exchange, 200);
    JsonNode envelope = exchange.json();
    c.expect(envelope != null && envelope.path("ErrorCode").isIntegralNumber() && envelope.path("ErrorCode").intValue() == 0
        && envelope.has(payload), "ErrorCode 0 with " + payload, exchange::summary, exchange);
    return envelope;
  }

  /** The answer must be HTTP 200 and the envelope's ErrorCode this one. */
  static void errorCode(CheckContext c, Exchange exchange, int code) {
    c.status(exchange, 200);
    Integer actual = exchange.v1ErrorCode();
    c.expect(actual != null && actual == code, "HTTP 200 with ErrorCode " + code, exchange::summary, exchange);
  }
}
