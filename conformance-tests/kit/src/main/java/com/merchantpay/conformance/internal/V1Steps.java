package com.merchantpay.conformance.internal;

import static com.merchantpay.conformance.internal.Fixtures.values;
import static com.merchantpay.conformance.internal.V1Calls.targetToday;

import com.fasterxml.jackson.databind.JsonNode;
import com.merchantpay.conformance.target.OpenPoint;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The steps the v1 checks share: the shape of a check, the target's days, values to sign and lists
 * to read. It reads neither the registry nor a topic file of the v1 family ({@link V1Suite} lists
 * the topic files, and they read this one); it calls the target through the kit's v1 caller ({@link
 * V1Calls}, {@link V1Support}).
 */
final class V1Steps {
  private V1Steps() {}

  static final String SUITE = "v1";

  /**
   * The ErrorCode the v1 table gives for each authorization result code that has one of its own.
   */
  static final Map<String, Integer> DECLINE_CODES =
      Map.of(
          "TransactionDeclined",
          -10,
          "CancelledByUser",
          -17,
          "InsufficientFunds",
          -19,
          "ThreeDSecureFailed",
          -25,
          "InvalidAccount",
          -26,
          "ExpiredAccount",
          -27,
          "BlockedAccount",
          -28,
          "PaymentLimitExceeded",
          -29,
          "PaymentCountExceeded",
          -30,
          "OperationNotAllowed",
          -31);

  /** The State v1 shows the payment in now. */
  static String v1State(CheckContext c, String paymentId) {
    Exchange read = c.v1().call("getPayment", values("paymentID", paymentId));
    return V1Support.success(c, read, "Payment").path("Payment").path("State").asText();
  }

  /** The day before the target's today, in UTC, as v1 periods are written. */
  static String yesterday(CheckContext c) {
    return targetToday(c).minusDays(1).toString();
  }

  /** The day after the target's today, in UTC. */
  static String tomorrow(CheckContext c) {
    return targetToday(c).plusDays(1).toString();
  }

  /** Whether a v1 list envelope names the payment. */
  static boolean listed(JsonNode envelope, String paymentId) {
    for (JsonNode item : envelope.path("Response").path("Payments")) {
      if (item.path("PaymentID").asText().equals(paymentId)) {
        return true;
      }
    }
    return false;
  }

  /**
   * A list for a site or account the payment is not of: refused with a non-zero ErrorCode, or
   * answered without the payment.
   */
  static void notListed(CheckContext c, Exchange answer, String paymentId, String what) {
    if (answer.answered() && answer.status() / 100 == 4) {
      return; // refused outright, as unreadable: nothing listed either
    }
    c.status(answer, 200);
    Integer code = answer.v1ErrorCode();
    c.expect(
        code != null && (code != 0 || !listed(answer.json(), paymentId)),
        "payment " + paymentId + " not listed for " + what,
        answer::summary,
        answer);
  }

  /**
   * What a refused v1 call came back with, in the terms of the open points: its ErrorCode or its
   * status.
   */
  static String outcome(Exchange exchange) {
    if (exchange.status() == 200 && exchange.v1ErrorCode() != null) {
      return Integer.toString(exchange.v1ErrorCode());
    }
    return "HTTP " + exchange.status();
  }

  /**
   * A value for every signed parameter of the operation, so the hash joins them all in the listed
   * order.
   */
  static Map<String, String> everyValue(CheckContext c, String operationId) {
    Fixtures f = new Fixtures(c);
    String today = LocalDate.now(ZoneOffset.UTC).toString();
    String monthAgo = LocalDate.now(ZoneOffset.UTC).minusDays(30).toString();
    String account =
        c.profile().v1() != null && c.profile().v1().accountId() != null
            ? c.profile().v1().accountId()
            : "1";
    return switch (operationId) {
      case "getPayment" -> values("paymentID", knownPayment(c));
      case "getPaymentByInvoiceID" ->
          values("invoiceID", c.run().unique("kit-order"), "siteAlias", V1Calls.siteAlias(c));
      case "listPaymentsFilter" ->
          values(
              "accountID",
              account,
              "siteAlias",
              V1Calls.siteAlias(c),
              "periodFrom",
              monthAgo,
              "periodTo",
              today,
              "invoiceID",
              c.run().unique("kit-order"),
              "state",
              "COMPLETE");
      case "refundPayment" ->
          values(
              "paymentID",
              V1Support.paymentId(c, f.settledPayment("9")),
              "amount",
              "1.5",
              "externalID",
              c.run().unique("kit-refund"));
      case "listRefunds" ->
          values(
              "accountID",
              account,
              "paymentID",
              knownPayment(c),
              "periodFrom",
              monthAgo,
              "periodTo",
              today,
              "externalID",
              c.run().unique("kit-refund"));
      case "confirmPayment" ->
          values("paymentID", V1Support.paymentId(c, f.heldPayment("9")), "amount", "9");
      case "cancelPayment" ->
          values("paymentID", V1Support.paymentId(c, f.heldPayment("9")), "error", "-17");
      case "listDocuments", "listTransfers" ->
          values("accountID", account, "periodFrom", monthAgo, "periodTo", today);
      case "getDocumentContent" ->
          values("documentID", firstListed(c, "listDocuments", "Documents", "DocumentID"));
      case "getTransferRegister" ->
          values("registerID", firstListed(c, "listTransfers", "Transfers", "RegisterID"));
      default -> throw new IllegalStateException("no values for " + operationId);
    };
  }

  /**
   * The values of a request of the operation that would succeed: its required values naming real
   * resources (a settled or held payment of its own, its order number, a listed document or
   * register).
   */
  static Map<String, String> validValues(CheckContext c, String operationId) {
    Fixtures f = new Fixtures(c);
    return switch (operationId) {
      case "getPayment" -> values("paymentID", knownPayment(c));
      case "getPaymentByInvoiceID" -> {
        JsonNode payment = f.settledPayment("8");
        V1Support.paymentId(c, payment);
        yield values(
            "invoiceID",
            payment.path("invoice").path("orderNo").asText(),
            "siteAlias",
            V1Calls.siteAlias(c));
      }
      case "refundPayment" ->
          values("paymentID", V1Support.paymentId(c, f.settledPayment("8")), "amount", "1");
      case "confirmPayment" ->
          values("paymentID", V1Support.paymentId(c, f.heldPayment("8")), "amount", "8");
      case "cancelPayment" -> values("paymentID", V1Support.paymentId(c, f.heldPayment("8")));
      case "getDocumentContent" ->
          values("documentID", firstListed(c, "listDocuments", "Documents", "DocumentID"));
      case "getTransferRegister" ->
          values("registerID", firstListed(c, "listTransfers", "Transfers", "RegisterID"));
      default -> new LinkedHashMap<>();
    };
  }

  static String firstListed(CheckContext c, String operation, String list, String member) {
    JsonNode items =
        V1Support.success(c, c.v1().call(operation, Map.of()), "Response")
            .path("Response")
            .path(list);
    c.require(items.size() > 0, "the target lists no " + list.toLowerCase());
    return items.get(0).path(member).asText();
  }

  static int listedPayments(CheckContext c, String orderNo, Map<String, String> period) {
    Map<String, String> filter = new LinkedHashMap<>(period);
    filter.put("invoiceID", orderNo);
    Exchange listed = c.v1().call("listPaymentsFilter", filter);
    return V1Support.success(c, listed, "Response").path("Response").path("Payments").size();
  }

  static int listedRefunds(CheckContext c, String paymentId, Map<String, String> period) {
    Map<String, String> filter = new LinkedHashMap<>(period);
    filter.put("paymentID", paymentId);
    Exchange listed = c.v1().call("listRefunds", filter);
    return V1Support.success(c, listed, "Response").path("Response").path("Refunds").size();
  }

  /** A settled card payment known to v1, made once per run. */
  static String knownPayment(CheckContext c) {
    return c.run()
        .shared(
            "v1-known-payment", () -> V1Support.paymentId(c, new Fixtures(c).settledPayment("9")));
  }

  static Check check(String name, String title, String rule, List<Tag> tags, Check.Body body) {
    return Check.of(SUITE, name, title, rule, tags, body);
  }

  static Check check(String name, String title, OpenPoint point, List<Tag> tags, Check.Body body) {
    return Check.of(SUITE, name, title, point, tags, body);
  }
}
