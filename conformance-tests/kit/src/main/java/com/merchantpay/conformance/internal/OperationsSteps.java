package com.merchantpay.conformance.internal;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * The steps the operations checks share: the shape of a check of one operation, which judges the
 * general rules of its call once it got through, and the resources a read needs first. It reads no
 * file of the operations family.
 */
final class OperationsSteps {
  private OperationsSteps() {}

  static final String SUITE = "operations";

  static final List<Tag> TAGS = List.of(Tag.HAPPY_PATH);

  /** The general rules a v2 call judged once it got through: declared and asserted from here. */
  private static final String[] V2_CALL = {
    "v2.general.methods", "v2.general.request-headers", "v2.general.operations", "v2.version.path"
  };

  /** The same for a v1 call. */
  private static final String[] V1_CALL = {"v1.ep.transport", "v1.version.path"};

  /**
   * The members the v2 document's Payment table lists that every payment has from its creation on.
   */
  static final String[] PAYMENT_MEMBERS = {
    "id", "created", "testMode", "status", "merchantId", "amount.value", "amount.currency"
  };

  static JsonNode refund(CheckContext c) {
    Fixtures f = new Fixtures(c);
    JsonNode payment = f.settledPayment("41");
    return c.ok(c.v2().post(Paths.v2("createRefund"), f.refund(payment.path("id").asText(), "11")));
  }

  static JsonNode receipt(CheckContext c) {
    Fixtures f = new Fixtures(c);
    JsonNode payment = f.settledPayment("51");
    return c.ok(
        c.v2().post(Paths.v2("createReceipt"), f.receipt(payment.path("id").asText(), "51")));
  }

  /**
   * The v2 check of one operation. Its first call is the documented request (method, path under
   * /api/v2, headers) and must succeed, so a check that got through judged those general rules.
   */
  static Check v2(String operationId, String title, Check.Body body) {
    return Check.of(
            SUITE,
            operationId,
            title,
            "v2.op." + operationId,
            TAGS,
            c -> {
              body.run(c);
              c.asserted(V2_CALL);
            })
        .judging(V2_CALL);
  }

  /** The v1 check of one operation, which judges its transport the same way. */
  static Check v1(String operationId, String title, Check.Body body) {
    return Check.of(
            SUITE,
            "v1-" + operationId,
            title,
            "v1.op." + operationId,
            TAGS,
            c -> {
              body.run(c);
              c.asserted(V1_CALL);
            })
        .judging(V1_CALL);
  }
}
