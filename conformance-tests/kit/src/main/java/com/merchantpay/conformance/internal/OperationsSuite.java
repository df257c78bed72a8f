package com.merchantpay.conformance.internal;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The happy path of every operation of both interfaces: a valid call answers with the documented
 * success and the answer carries what was asked for. The form of each answer is judged by the wire
 * suite.
 *
 * <p>The checks are declared and written per topic in {@link OperationsPayments}, {@link
 * OperationsTokens}, {@link OperationsReceiptsAndStickers} and {@link OperationsV1}; this file
 * holds what they share: the rules each judges besides its own, and the shape of a check.
 */
final class OperationsSuite {
  private static final String SUITE = "operations";
  private static final List<Tag> TAGS = List.of(Tag.HAPPY_PATH);

  /**
   * The members the v2 document's Payment table lists that every payment has from its creation on.
   */
  static final String[] PAYMENT_MEMBERS = {
    "id", "created", "testMode", "status", "merchantId", "amount.value", "amount.currency"
  };

  private OperationsSuite() {}

  /** The rules every check of this suite judges besides its own, by the interface it calls. */
  private static final Map<String, List<String>> EVERY_CHECK_JUDGES =
      Map.of(
          "v2",
          List.of(
              "v2.general.methods",
              "v2.general.request-headers",
              "v2.general.operations",
              "v2.version.path"),
          "v1",
          List.of("v1.envelope.json", "v1.ep.transport", "v1.errors.http-200", "v1.version.path"));

  /** The rules a check judges besides its own and those above, by the check's name. */
  private static final Map<String, List<String>> ALSO_JUDGES =
      Map.ofEntries(
          Map.entry(
              "createPayment",
              List.of(
                  "v2.request.card",
                  "v2.request.method-aliases",
                  "v2.payment.members",
                  "v2.payment.echo")),
          Map.entry("completePayment", List.of("v2.payment.members", "v2.ep.complete-by-type")),
          Map.entry("getPayment", List.of("v2.conv.opaque-ids", "v2.payment.members")),
          Map.entry(
              "createRefund",
              List.of("v2.refund.members", "v2.refund.result-code", "v2.refund.echo")),
          Map.entry("getRefund", List.of("v2.conv.opaque-ids", "v2.refund.members")),
          Map.entry("createPaymentToken", List.of("v2.token.members", "v2.token.external")),
          Map.entry("getPaymentToken", List.of("v2.conv.opaque-ids", "v2.token.members")),
          Map.entry("createReceipt", List.of("v2.receipt.members")),
          Map.entry("getReceipt", List.of("v2.conv.opaque-ids")),
          Map.entry("createSticker", List.of("v2.sticker.members", "v2.states.sticker-active")),
          Map.entry("getSticker", List.of("v2.conv.opaque-ids")),
          Map.entry("v1-getPayment", List.of("v1.payment.members", "v1.payment.currency")),
          Map.entry("v1-getPaymentByInvoiceID", List.of("v1.payment.invoice-number")),
          Map.entry("v1-refundPayment", List.of("v1.refund.members", "v1.refund.external-id")),
          Map.entry("v1-listRefunds", List.of("v1.ep.filters")),
          Map.entry("v1-listDocuments", List.of("v1.documents.members")),
          Map.entry("v1-listTransfers", List.of("v1.transfers.members")),
          Map.entry("v1-getTransferRegister", List.of("v1.register.members")));

  static List<Check> checks() {
    return Check.judgingAlso(declared(), EVERY_CHECK_JUDGES, ALSO_JUDGES);
  }

  private static List<Check> declared() {
    List<Check> checks = new ArrayList<>();
    checks.addAll(OperationsPayments.declared());
    checks.addAll(OperationsTokens.declared());
    checks.addAll(OperationsReceiptsAndStickers.declared());
    checks.addAll(OperationsV1.declared());
    return checks;
  }

  static JsonNode capture(CheckContext c, String amount) {
    return new Fixtures(c).capture(amount);
  }

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

  static void expectListed(CheckContext c, String firstPage, String id) {
    Pages.find(c, firstPage, id);
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
          c.asserted(
              "v2.general.methods",
              "v2.general.request-headers",
              "v2.general.operations",
              "v2.version.path");
        });
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
          c.asserted("v1.ep.transport", "v1.version.path");
        });
  }
}
