package com.merchantpay.pacts;

import au.com.dius.pact.consumer.dsl.PactDslJsonBody;
import java.math.BigDecimal;

/**
 * Answer bodies as the contracts expect them: the members the documents list for each resource,
 * matched by type where a value legitimately varies (ids, amounts, timestamps), by value where it
 * is the behaviour (a status, an error code). Timestamps must be UTC; their examples are fixed,
 * nothing depends on the clock.
 */
final class Bodies {
  static final String UTC = "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?Z$";
  static final String CREATED = "2024-05-14T09:00:00Z";
  static final String MERCHANT = "pact-merchant";
  static final String CURRENCY = "RUB";

  private Bodies() {}

  /**
   * A regular expression matching exactly this text, in the syntax every Pact implementation reads
   * (Java's {@code \\Q...\\E} quoting is not in it).
   */
  static String literal(String text) {
    return "^" + text.replaceAll("([\\\\.\\[\\]{}()*+?^$|-])", "\\\\$1") + "$";
  }

  static PactDslJsonBody amount(PactDslJsonBody parent, String name, String value) {
    return (PactDslJsonBody)
        parent
            .object(name)
            .numberType("value", new BigDecimal(value))
            .stringValue("currency", CURRENCY)
            .closeObject();
  }

  static PactDslJsonBody payment(String status) {
    PactDslJsonBody body =
        new PactDslJsonBody()
            .stringType("id", "10000001")
            .stringMatcher("created", UTC, CREATED)
            .booleanType("testMode", true)
            .stringValue("status", status)
            .stringType("merchantId", MERCHANT);
    return amount(body, "amount", "100.00");
  }

  static PactDslJsonBody refund() {
    PactDslJsonBody body =
        new PactDslJsonBody()
            .stringType("id", "20000001")
            .stringMatcher("created", UTC, CREATED)
            .stringType("paymentId", "10000001")
            .stringMatcher("status", "^(Pending|Success)$", "Pending");
    return amount(body, "amount", "40.00");
  }

  static PactDslJsonBody receipt() {
    PactDslJsonBody body =
        new PactDslJsonBody()
            .stringType("id", "rcp-1")
            .stringMatcher("created", UTC, CREATED)
            .stringType("paymentId", "10000001")
            .stringValue("type", "Payment")
            .stringMatcher("status", "^(Pending|Success)$", "Pending");
    return amount(body, "amount", "100.00");
  }

  static PactDslJsonBody sticker(String status) {
    return new PactDslJsonBody()
        .stringType("id", "stk-1")
        .stringValue("stickerType", "Sbp")
        .stringValue("status", status)
        .stringType("payload", "https://payments.example.com/sticker/stk-1");
  }

  static PactDslJsonBody error(String code) {
    return new PactDslJsonBody().stringValue("code", code).stringType("message", "why it failed");
  }

  static PactDslJsonBody validationError(String member) {
    PactDslJsonBody body = error("validation_error");
    body.minArrayLike(
        "errors",
        1,
        au.com.dius.pact.consumer.dsl.PactDslJsonRootValue.stringMatcher(
            literal(member).replaceFirst("\\$$", ".*"), member + ": must be valid"),
        1);
    return body;
  }
}
