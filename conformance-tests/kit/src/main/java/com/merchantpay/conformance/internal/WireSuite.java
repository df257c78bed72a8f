package com.merchantpay.conformance.internal;

import com.merchantpay.conformance.judge.SpecModel;
import com.merchantpay.conformance.target.OpenPoint;
import com.merchantpay.spec.ApiSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The form of every answer the run received, per operation: the documented answer or a refusal with
 * the documented error body, a JSON (or, for v1 lists, XML) body matching its schema, never a
 * server error. A status or media type our spec does not declare, of the right class and with the
 * documented body, is read as an open point. These checks read the ledger the other checks filled,
 * so they run last.
 */
final class WireSuite {
  static final String SUITE = "wire";

  private WireSuite() {}

  /** The rules every check of this suite judges besides its own, by the interface it calls. */
  private static final Map<String, List<String>> EVERY_CHECK_JUDGES =
      Map.of(
          "v2",
          List.of(
              "v2.general.json",
              "v2.general.currency",
              "v2.conv.timestamps",
              "v2.conv.decimal",
              "v2.errors.body",
              "v2.errors.validation-errors",
              "v2.errors.server"),
          "v1",
          List.of(
              "v1.payment.members",
              "v1.payment.states",
              "v1.refund.states",
              "v1.envelope.json",
              "v1.errors.http-200",
              "v1.errors.codes"));

  /** What every answer that is a payment shows. */
  private static final List<String> PAYMENT =
      List.of(
          "v2.payment.members",
          "v2.payment.completed",
          "v2.payment.card-info",
          "v2.dict.payment-status",
          "v2.dict.result-codes");

  /** What every answer that is a payment token shows. */
  private static final List<String> TOKEN =
      List.of("v2.token.members", "v2.dict.token-status", "v2.dict.result-codes");

  /** What every answer that is a receipt, or a list of them, shows. */
  private static final List<String> RECEIPT =
      List.of("v2.receipt.members", "v2.dict.receipt-status", "v2.dict.receipt-type");

  private static final List<String> STICKER = List.of("v2.sticker.members");

  /**
   * The rules the answers of an operation show besides those above, by the name of its check: the
   * checks are made one per operation of the specs, so this is their one row each.
   */
  private static final Map<String, List<String>> ANSWERS_SHOW =
      Map.ofEntries(
          Map.entry(
              "listPayments",
              List.of("v2.payment.completed", "v2.payment.list-item", "v2.dict.payment-status")),
          Map.entry("createPayment", plus(PAYMENT, "v2.confirmation.members")),
          Map.entry("getPayment", PAYMENT),
          Map.entry("completePayment", plus(PAYMENT, "v2.confirmation.members")),
          Map.entry(
              "listRefunds",
              List.of("v2.refund.members", "v2.refund.list-item", "v2.dict.refund-status")),
          Map.entry(
              "createRefund",
              List.of(
                  "v2.refund.members",
                  "v2.refund.result-code",
                  "v2.dict.refund-status",
                  "v2.dict.result-codes")),
          Map.entry(
              "getRefund",
              List.of("v2.refund.members", "v2.dict.refund-status", "v2.dict.result-codes")),
          Map.entry("createPaymentToken", TOKEN),
          Map.entry("getPaymentToken", plus(TOKEN, "v2.payment.card-info")),
          Map.entry("completePaymentToken", TOKEN),
          Map.entry("listReceipts", RECEIPT),
          Map.entry("createReceipt", RECEIPT),
          Map.entry("getReceipt", RECEIPT),
          Map.entry("listStickers", STICKER),
          Map.entry("createSticker", STICKER),
          Map.entry("getSticker", STICKER),
          Map.entry("v1-refundPayment", List.of("v1.refund.members")),
          Map.entry("v1-listRefunds", List.of("v1.refund.members")),
          Map.entry("v1-listDocuments", List.of("v1.documents.members", "v1.envelope.xml")),
          Map.entry("v1-listTransfers", List.of("v1.transfers.members", "v1.envelope.xml")),
          Map.entry("v1-getTransferRegister", List.of("v1.register.members", "v1.envelope.xml")));

  private static List<String> plus(List<String> rules, String more) {
    List<String> all = new ArrayList<>(rules);
    all.add(more);
    return all;
  }

  static List<Check> checks() {
    return Check.judgingEvery(declared(), EVERY_CHECK_JUDGES);
  }

  private static List<Check> declared() {
    List<Check> checks = new ArrayList<>();
    Set<String> rows = new TreeSet<>(ANSWERS_SHOW.keySet());
    for (ApiSpec spec : List.of(ApiSpec.V2, ApiSpec.V1)) {
      for (SpecModel.Operation operation : SpecModel.of(spec).operations()) {
        String prefix = spec == ApiSpec.V2 ? "" : "v1-";
        checks.add(
            Check.of(
                    SUITE,
                    prefix + operation.id(),
                    "Every answer of "
                        + (spec == ApiSpec.V2 ? "" : "v1 ")
                        + operation.id()
                        + " in this run is as the document describes it",
                    (spec == ApiSpec.V2 ? "v2" : "v1") + ".op." + operation.id(),
                    List.of(Tag.SCHEMA),
                    c -> judge(c, spec, operation))
                .judging(ANSWERS_SHOW.getOrDefault(prefix + operation.id(), List.of()))
                .last());
        rows.remove(prefix + operation.id());
      }
    }
    if (!rows.isEmpty()) {
      throw new IllegalStateException("answers are described for operations no spec has: " + rows);
    }
    return checks;
  }

  /** The points of refusals' statuses, which the checks that provoke a refusal read. */
  private static final java.util.Set<OpenPoint> REFUSAL_STATUSES =
      java.util.EnumSet.of(
          OpenPoint.VALIDATION_STATUS,
          OpenPoint.UNAUTHENTICATED_STATUS,
          OpenPoint.FORBIDDEN_STATUS,
          OpenPoint.NOT_FOUND_STATUS,
          OpenPoint.WRONG_STATE_STATUS,
          OpenPoint.KEY_IN_FLIGHT_STATUS,
          OpenPoint.KEY_CONFLICT_STATUS,
          OpenPoint.TOKEN_UNUSABLE_STATUS);

  private static void judge(CheckContext c, ApiSpec spec, SpecModel.Operation operation) {
    WireLedger.Seen seen = c.run().ledger().seen(spec, operation.id());
    c.require(seen != null, "no call of " + operation.id() + " was made in this run");
    c.judgedEveryRuleOfTheCheck();
    for (WireLedger.Read read : seen.readings()) {
      if (REFUSAL_STATUSES.contains(read.reading().point())) {
        // A refusal's status reads a point only in its situation (an unknown token, another
        // merchant's resource, a state that forbids the call), which the check that made the call
        // knows and reads; one answer seen here alone does not tell which.
        continue;
      }
      c.reading(
          read.reading().point(),
          read.reading().theirs(),
          read.reading().detail(),
          read.exchange());
    }
    if (!seen.departures().isEmpty()) {
      WireLedger.Departure first = seen.departures().get(0);
      c.fail(
          "every answer as documented ("
              + seen.calls()
              + " calls, statuses "
              + seen.statuses()
              + ")",
          seen.departuresCount()
              + " answer(s) departed; the first: "
              + String.join("; ", first.problems())
              + " in "
              + first.exchange().summary(),
          first.exchange());
    }
  }
}
