package com.merchantpay.conformance.internal;

import static com.merchantpay.conformance.internal.Fixtures.values;
import static com.merchantpay.conformance.internal.V1Steps.check;
import static com.merchantpay.conformance.internal.V1Steps.firstListed;
import static com.merchantpay.conformance.internal.V1Steps.knownPayment;
import static com.merchantpay.conformance.internal.V1Steps.listed;
import static com.merchantpay.conformance.internal.V1Steps.listedPayments;
import static com.merchantpay.conformance.internal.V1Steps.listedRefunds;
import static com.merchantpay.conformance.internal.V1Steps.notListed;
import static com.merchantpay.conformance.internal.V1Steps.outcome;
import static com.merchantpay.conformance.internal.V1Steps.tomorrow;
import static com.merchantpay.conformance.internal.V1Steps.v1State;
import static com.merchantpay.conformance.internal.V1Steps.yesterday;

import com.fasterxml.jackson.databind.JsonNode;
import com.merchantpay.conformance.target.OpenPoint;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** v1 checks of envelopes and lists: JSON and XML answers, filters and limits. */
final class V1Lists {
  private V1Lists() {}

  static List<Check> envelopes() {
    List<Check> checks = new ArrayList<>();
    for (String operation : List.of("listDocuments", "listTransfers", "getTransferRegister")) {
      checks.add(
          check(
              "xml-answer." + operation,
              operation + " with xml=1 answers XML in the documented envelope",
              "v1.envelope.xml",
              List.of(Tag.XML),
              c -> xmlAnswer(c, operation)));
    }
    checks.add(
        check(
            "unknown-values-are-ignored",
            "Values an operation does not define, xml=1 included, are ignored",
            OpenPoint.V1_UNKNOWN_VALUES,
            List.of(),
            V1Lists::unknownValuesAreIgnored));
    checks.add(
        check(
            "path-names-match-in-any-case",
            "/api/v1/getpayment is getPayment",
            OpenPoint.V1_PATH_CASE,
            List.of(),
            V1Lists::pathNamesMatchInAnyCase));
    checks.add(
        check(
            "timestamps-carry-no-zone",
            "A v1 payment's LastUpdateTime is written without a time zone",
            "v1.payment.timestamp",
            List.of(Tag.TIME),
            V1Lists::timestampsCarryNoZone));
    return checks;
  }

  static List<Check> lists() {
    List<Check> checks = new ArrayList<>();
    checks.add(
        check(
                "overflow-marks-a-truncated-list",
                "A list with more matches than one answer holds sets Overflow and stops at the limit",
                "v1.ep.overflow",
                List.of(Tag.PAGINATION),
                V1Lists::overflowMarksATruncatedList)
            .alone(Alone.LISTS_A_PERIOD));
    checks.add(
        check(
            "overflow-is-false-on-a-complete-list",
            "A list that holds every match, of payments or of refunds, says Overflow false",
            "v1.ep.overflow",
            List.of(Tag.PAGINATION),
            V1Lists::overflowIsFalseOnACompleteList));
    checks.add(
        check(
                "filters-restrict-the-list",
                "listPaymentsFilter returns only payments that match every filter " + "given",
                "v1.ep.filters",
                List.of(),
                V1Lists::filtersRestrictTheList)
            .judging("v1.ep.site-and-account"));
    checks.add(
        check(
                "refunds-are-filtered-by-external-id",
                "listRefunds with externalID lists only refunds with that "
                    + "ExternalID, several of them if they share it",
                "v1.ep.filters",
                List.of(Tag.REFUNDS),
                V1Lists::refundsAreFilteredByExternalId)
            .judging("v1.refund.external-id"));
    checks.add(
        check(
            "period-filters-restrict-the-lists",
            "periodFrom and periodTo list a payment and a refund made today, and leave them out of a period a month ago",
            "v1.ep.periods",
            List.of(Tag.TIME),
            V1Lists::periodFiltersRestrictTheLists));
    return checks;
  }

  /** Runs {@code v1.unknown-values-are-ignored}. */
  private static void unknownValuesAreIgnored(CheckContext c) throws Exception {
    Exchange read =
        c.v1()
            .call(
                "getPayment",
                values("paymentID", knownPayment(c), "xml", "1", "utm_source", "kit"));
    boolean ignored =
        read.status() == 200
            && Integer.valueOf(0).equals(read.v1ErrorCode())
            && read.json().path("Payment").isObject();
    c.reading(
        OpenPoint.V1_UNKNOWN_VALUES,
        ignored ? "ignored" : "refused",
        ignored ? null : outcome(read),
        read);
  }

  /** Runs {@code v1.path-names-match-in-any-case}. */
  private static void pathNamesMatchInAnyCase(CheckContext c) throws Exception {
    V1Calls v1 = c.v1();
    Map<String, String> values = new LinkedHashMap<>();
    String nonce = c.run().unique("kit-nonce");
    String id = knownPayment(c);
    values.put("login", v1.login());
    values.put("nonce", nonce);
    values.put("paymentID", id);
    values.put("hash", v1.hash("getPayment", values("paymentID", id), nonce));
    Exchange read = v1.rawAt("/api/v1/getpayment", "GET", values);
    c.reading(
        OpenPoint.V1_PATH_CASE,
        read.status() == 200 && Integer.valueOf(0).equals(read.v1ErrorCode()) ? "any" : "exact",
        read);
  }

  /** Runs {@code v1.timestamps-carry-no-zone}. */
  private static void timestampsCarryNoZone(CheckContext c) throws Exception {
    Exchange read = c.v1().call("getPayment", values("paymentID", knownPayment(c)));
    String time =
        V1Support.success(c, read, "Payment").path("Payment").path("LastUpdateTime").asText("");
    c.expect(
        time.isEmpty() || time.matches("\\d{4}-\\d{2}-\\d{2}[T ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?"),
        "LastUpdateTime without a zone",
        () -> "LastUpdateTime " + time,
        read);
  }

  /** Runs {@code v1.overflow-marks-a-truncated-list}. */
  private static void overflowMarksATruncatedList(CheckContext c) throws Exception {
    Integer limit =
        c.need(
            c.profile().v1() == null ? null : c.profile().v1().listLimit(),
            "the profile does not give the v1 list limit (v1.listLimit)");
    PagedPayments.Made made = PagedPayments.payments(c);
    c.require(
        made.created().size() > limit,
        "the "
            + made.created().size()
            + " payments made do not "
            + "exceed the v1 list limit "
            + limit);
    // v1 must show the payments made through v2 for their count to matter.
    V1Support.paymentId(c, made.sample());
    String day = made.first().atOffset(ZoneOffset.UTC).toLocalDate().toString();
    // The day after, so the period holds them all whether or not a bound day itself
    // is included.
    String lastDay = made.last().atOffset(ZoneOffset.UTC).toLocalDate().plusDays(1).toString();
    Exchange listed =
        c.v1().call("listPaymentsFilter", values("periodFrom", day, "periodTo", lastDay));
    JsonNode response = V1Support.success(c, listed, "Response").path("Response");
    c.expect(
        response.path("Overflow").asBoolean(false) && response.path("Payments").size() <= limit,
        "Overflow true with at most " + limit + " payments",
        () ->
            "Overflow "
                + response.path("Overflow")
                + " with "
                + response.path("Payments").size()
                + " payments",
        listed);
  }

  /** Runs {@code v1.overflow-is-false-on-a-complete-list}. */
  private static void overflowIsFalseOnACompleteList(CheckContext c) throws Exception {
    JsonNode payment = new Fixtures(c).settledPayment("16");
    String id = V1Support.paymentId(c, payment);
    V1Support.success(
        c, c.v1().call("refundPayment", values("paymentID", id, "amount", "2")), "Refund");
    Exchange payments =
        c.v1()
            .call(
                "listPaymentsFilter",
                values("invoiceID", payment.path("invoice").path("orderNo").asText()));
    Exchange refunds = c.v1().call("listRefunds", values("paymentID", id));
    for (Exchange listed : List.of(payments, refunds)) {
      JsonNode response = V1Support.success(c, listed, "Response").path("Response");
      c.expect(
          response.path("Overflow").isBoolean() && !response.path("Overflow").asBoolean(),
          "Overflow false on a list of one",
          () -> "Overflow " + response.path("Overflow"),
          listed);
    }
  }

  /** Runs {@code v1.filters-restrict-the-list}. */
  private static void filtersRestrictTheList(CheckContext c) throws Exception {
    Fixtures f = new Fixtures(c);
    JsonNode settled = f.settledPayment("14");
    V1Support.paymentId(c, settled);
    String orderNo = settled.path("invoice").path("orderNo").asText();
    Exchange byInvoice = c.v1().call("listPaymentsFilter", values("invoiceID", orderNo));
    for (JsonNode item :
        V1Support.success(c, byInvoice, "Response").path("Response").path("Payments")) {
      c.member(byInvoice, item, "SiteInvoiceID", orderNo);
    }
    JsonNode hold = f.heldPayment("15");
    // The state v1 shows a v2 payment that is held in is an open point: filter by it.
    String heldState = v1State(c, V1Support.paymentId(c, hold));
    Exchange held =
        c.v1()
            .call(
                "listPaymentsFilter",
                values("state", heldState, "periodFrom", yesterday(c), "periodTo", tomorrow(c)));
    JsonNode items = V1Support.success(c, held, "Response").path("Response").path("Payments");
    c.expect(items.size() > 0, "at least the held payment just made", held::summary, held);
    for (JsonNode item : items) {
      c.member(held, item, "State", heldState);
    }
    c.rule("v1.ep.site-and-account");
    String id = V1Support.paymentId(c, settled);
    Map<String, String> ours = values("invoiceID", orderNo, "siteAlias", V1Calls.siteAlias(c));
    Exchange ourSite = c.v1().call("listPaymentsFilter", ours);
    c.expect(
        listed(V1Support.success(c, ourSite, "Response"), id),
        "payment " + id + " listed for its own siteAlias",
        ourSite::summary,
        ourSite);
    Map<String, String> otherSite =
        values("invoiceID", orderNo, "siteAlias", c.run().unique("kit-other-site"));
    notListed(c, c.v1().call("listPaymentsFilter", otherSite), id, "another siteAlias");
    String account = c.profile().v1() == null ? null : c.profile().v1().accountId();
    if (account != null) {
      notListed(
          c,
          c.v1()
              .call(
                  "listPaymentsFilter",
                  // Written as accounts are, as a number, so that a target refuses it for
                  // what it names, not for its form.
                  values("accountID", "987654321", "invoiceID", orderNo)),
          id,
          "another accountID");
    }
  }

  /** Runs {@code v1.refunds-are-filtered-by-external-id}. */
  private static void refundsAreFilteredByExternalId(CheckContext c) throws Exception {
    String id = V1Support.paymentId(c, new Fixtures(c).settledPayment("20"));
    String shared = c.run().unique("kit-refund");
    for (String amount : List.of("1", "2")) {
      V1Support.success(
          c,
          c.v1()
              .call(
                  "refundPayment", values("paymentID", id, "amount", amount, "externalID", shared)),
          "Refund");
    }
    V1Support.success(
        c,
        c.v1()
            .call(
                "refundPayment",
                values("paymentID", id, "amount", "3", "externalID", c.run().unique("kit-refund"))),
        "Refund");
    // The payment's id too, which the document lists for listRefunds and does not mark optional.
    Exchange listed = c.v1().call("listRefunds", values("paymentID", id, "externalID", shared));
    JsonNode refunds = V1Support.success(c, listed, "Response").path("Response").path("Refunds");
    c.expect(
        refunds.size() == 2, "the two refunds with ExternalID " + shared, listed::summary, listed);
    for (JsonNode refund : refunds) {
      c.member(listed, refund, "ExternalID", shared);
    }
  }

  /** Runs {@code v1.period-filters-restrict-the-lists}. */
  private static void periodFiltersRestrictTheLists(CheckContext c) throws Exception {
    JsonNode payment = new Fixtures(c).settledPayment("17");
    String id = V1Support.paymentId(c, payment);
    V1Support.success(
        c, c.v1().call("refundPayment", values("paymentID", id, "amount", "1")), "Refund");
    LocalDate day =
        Json.timestamp(payment.path("created").asText())
            .atZoneSameInstant(ZoneOffset.UTC)
            .toLocalDate();
    String orderNo = payment.path("invoice").path("orderNo").asText();
    Map<String, String> around =
        values("periodFrom", day.minusDays(1).toString(), "periodTo", day.plusDays(1).toString());
    Map<String, String> before =
        values(
            "periodFrom", day.minusDays(31).toString(), "periodTo", day.minusDays(30).toString());
    c.expect(
        listedPayments(c, orderNo, around) == 1,
        "the payment listed for " + around,
        () -> "not listed",
        null);
    c.expect(
        listedPayments(c, orderNo, before) == 0,
        "the payment not listed for " + before,
        () -> "listed",
        null);
    c.expect(
        listedRefunds(c, id, around) == 1,
        "the refund listed for " + around,
        () -> "not listed",
        null);
    c.expect(
        listedRefunds(c, id, before) == 0,
        "the refund not listed for " + before,
        () -> "listed",
        null);
    // periodTo is inclusive for refunds: a period ending on the day the target gives the refund
    // (its own LastUpdate, in whatever zone it writes) lists it.
    Map<String, String> wide = new LinkedHashMap<>(around);
    wide.put("paymentID", id);
    Exchange all = c.v1().call("listRefunds", wide);
    JsonNode item = V1Support.success(c, all, "Response").path("Response").path("Refunds").path(0);
    String updated = item.path("LastUpdate").asText("");
    if (updated.matches("[0-9]{4}-[0-9]{2}-[0-9]{2}.*")) {
      LocalDate refundDay = LocalDate.parse(updated.substring(0, 10));
      Map<String, String> endingThen =
          values("periodFrom", refundDay.minusDays(1).toString(), "periodTo", refundDay.toString());
      c.expect(
          listedRefunds(c, id, endingThen) == 1,
          "the refund listed for " + endingThen + " (periodTo inclusive)",
          () -> "not listed",
          null);
    }
    int onTheDay =
        listedPayments(
            c, orderNo, values("periodFrom", day.toString(), "periodTo", day.toString()));
    c.reading(OpenPoint.V1_PERIOD, onTheDay == 1 ? "included" : "excluded", null);
  }

  /** Runs {@code v1.xml-answer.*}. */
  private static void xmlAnswer(CheckContext c, String operation) throws Exception {
    Map<String, String> params = new LinkedHashMap<>();
    if (operation.equals("getTransferRegister")) {
      params.put("registerID", firstListed(c, "listTransfers", "Transfers", "RegisterID"));
    }
    params.put("xml", "1");
    Exchange answer = c.v1().call(operation, params);
    c.status(answer, 200);
    String type = answer.header("Content-Type");
    String media = type == null ? "" : type.toLowerCase(Locale.ROOT).split(";")[0].trim();
    c.expect(
        media.equals("application/xml") || media.equals("text/xml") || media.endsWith("+xml"),
        "an XML media type",
        answer::summary,
        answer);
    c.reading(OpenPoint.V1_XML_TYPE, media, answer);
    c.expect(
        answer.text().contains("<RestController.RestResponse")
            && answer.text().contains("<ErrorCode>0<"),
        "root RestController.RestResponse with ErrorCode 0",
        answer::summary,
        answer);
  }
}
