package com.merchantpay.conformance.internal;

import static com.merchantpay.conformance.internal.Fixtures.values;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.merchantpay.conformance.judge.SpecModel;
import com.merchantpay.conformance.target.OpenPoint;
import com.merchantpay.conformance.target.Profile;
import com.merchantpay.spec.ApiSpec;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The legacy interface's own rules: signatures, nonces, roles, the envelope, XML answers and lists.
 */
final class V1Suite {
  private static final String SUITE = "v1";

  /**
   * The ErrorCode the v1 table gives for each authorization result code that has one of its own.
   */
  private static final Map<String, Integer> DECLINE_CODES =
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

  private V1Suite() {}

  /** The rules every check of this suite judges besides its own, by the interface it calls. */
  private static final Map<String, List<String>> EVERY_CHECK_JUDGES =
      Map.of("v1", List.of("v1.errors.http-200"));

  /** The rules a check judges besides its own and those above, by the check's name. */
  private static final Map<String, List<String>> ALSO_JUDGES =
      Map.ofEntries(
          Map.entry("a-correct-signature-is-accepted", List.of("v1.auth.fields")),
          Map.entry("an-absent-optional-value-is-signed-empty", List.of("v1.ep.filters")),
          Map.entry("a-replayed-nonce-is-minus-14", List.of("v1.auth.nonce")),
          Map.entry("a-cashier-cannot-refund", List.of("v1.auth.bad-login")),
          Map.entry(
              "a-cashier-is-refused-every-accountant-operation", List.of("v1.auth.bad-login")),
          Map.entry("filters-restrict-the-list", List.of("v1.ep.site-and-account")),
          Map.entry("refunds-are-filtered-by-external-id", List.of("v1.refund.external-id")),
          Map.entry("an-expired-invoice-is-minus-9", List.of("v2.request.invoice-expiry")),
          Map.entry(
              "confirming-less-than-held-takes-that-much", List.of("v1.payment.paid-amount")));

  static List<Check> checks() {
    return Check.judgingAlso(declared(), EVERY_CHECK_JUDGES, ALSO_JUDGES);
  }

  private static List<Check> declared() {
    List<Check> checks = new ArrayList<>();
    checks.addAll(signatures());
    checks.addAll(roles());
    checks.addAll(envelopes());
    checks.addAll(lists());
    checks.addAll(payments());
    return checks;
  }

  // ---------------------------------------------------------------- signatures and nonces

  private static List<Check> signatures() {
    List<Check> checks = new ArrayList<>();
    checks.add(
        check(
            "a-correct-signature-is-accepted",
            "A call signed by the documented rule gets ErrorCode 0",
            "v1.auth.hash",
            List.of(Tag.SIGNATURE),
            c ->
                V1Support.success(
                    c,
                    c.v1().call("getPayment", values("paymentID", knownPayment(c))),
                    "Payment")));
    checks.add(
        check(
            "a-wrong-hash-is-minus-7",
            "A hash made with the wrong password is ErrorCode -7 in an HTTP 200 " + "envelope",
            "v1.auth.wrong-signature",
            List.of(Tag.SIGNATURE, Tag.NEGATIVE),
            V1Suite::aWrongHashIsMinus7));
    checks.add(
        check(
            "a-value-changed-after-signing-is-minus-7",
            "Changing a signed value after signing is ErrorCode " + "-7",
            "v1.auth.wrong-signature",
            List.of(Tag.SIGNATURE, Tag.NEGATIVE),
            V1Suite::aValueChangedAfterSigningIsMinus7));
    checks.add(
        check(
            "an-absent-optional-value-is-signed-empty",
            "Optional values left out are signed as empty strings and the call succeeds",
            "v1.auth.hash",
            List.of(Tag.SIGNATURE),
            V1Suite::anAbsentOptionalValueIsSignedEmpty));
    for (SpecModel.Operation operation : SpecModel.of(ApiSpec.V1).operations()) {
      checks.add(
          check(
              "every-value-is-signed-in-the-listed-order." + operation.id(),
              operation.id()
                  + " with every signed value given is accepted as signed in the listed order",
              "v1.auth.hash",
              List.of(Tag.SIGNATURE),
              c -> {
                Exchange answer = c.v1().call(operation.id(), everyValue(c, operation.id()));
                c.status(answer, 200);
                Integer code = answer.v1ErrorCode();
                boolean document = operation.id().equals("getDocumentContent") && code == null;
                c.expect(
                    document || (code != null && code != -7),
                    "the signature accepted: any ErrorCode but -7",
                    answer::summary,
                    answer);
              }));
    }
    checks.add(
        check(
            "values-outside-ascii-are-signed-as-utf-8",
            "Values outside ASCII are signed as their UTF-8 bytes and accepted",
            "v1.auth.utf8",
            List.of(Tag.SIGNATURE),
            V1Suite::valuesOutsideAsciiAreSignedAsUtf8));
    checks.add(
        check(
            "a-hash-with-plus-and-slash-is-read-url-decoded",
            "A hash holding '+' and '/' is sent URL-encoded and read decoded",
            "v1.auth.url-encoding",
            List.of(Tag.SIGNATURE),
            V1Suite::aHashWithPlusAndSlashIsReadUrlDecoded));
    checks.add(
        check(
            "an-unknown-login-is-minus-6",
            "An unknown login is ErrorCode -6",
            "v1.auth.bad-login",
            List.of(Tag.NEGATIVE),
            V1Suite::anUnknownLoginIsMinus6));
    checks.add(
        check(
            "a-call-without-login-or-hash-is-refused",
            "A call without login, or without hash, is refused",
            "v1.auth.fields",
            List.of(Tag.NEGATIVE, Tag.SIGNATURE),
            V1Suite::aCallWithoutLoginOrHashIsRefused));
    checks.add(
        check(
            "a-replayed-nonce-is-minus-14",
            "A nonce used before is ErrorCode -14, even with a correct hash",
            "v1.auth.repeated-nonce",
            List.of(Tag.NEGATIVE),
            V1Suite::aReplayedNonceIsMinus14));
    checks.add(
        check(
            "a-nonce-of-255-characters-is-accepted",
            "A nonce of 255 characters, the most allowed, is " + "accepted",
            "v1.auth.nonce",
            List.of(Tag.SIGNATURE),
            V1Suite::aNonceOf255CharactersIsAccepted));
    checks.add(
        check(
            "a-malformed-nonce-is-minus-14",
            "A nonce longer than 255 characters or holding ';' is never accepted; ours is ErrorCode -14, an empty one too",
            "v1.auth.nonce",
            List.of(Tag.NEGATIVE),
            V1Suite::aMalformedNonceIsMinus14));
    return checks;
  }

  /** The State v1 shows the payment in now. */
  private static String v1State(CheckContext c, String paymentId) {
    Exchange read = c.v1().call("getPayment", values("paymentID", paymentId));
    return V1Support.success(c, read, "Payment").path("Payment").path("State").asText();
  }

  private static String yesterday() {
    return LocalDate.now(ZoneOffset.UTC).minusDays(1).toString();
  }

  private static String tomorrow() {
    return LocalDate.now(ZoneOffset.UTC).plusDays(1).toString();
  }

  /** Whether a v1 list envelope names the payment. */
  private static boolean listed(JsonNode envelope, String paymentId) {
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
  private static void notListed(CheckContext c, Exchange answer, String paymentId, String what) {
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
  private static String outcome(Exchange exchange) {
    if (exchange.status() == 200 && exchange.v1ErrorCode() != null) {
      return Integer.toString(exchange.v1ErrorCode());
    }
    return "HTTP " + exchange.status();
  }

  /**
   * A value for every signed parameter of the operation, so the hash joins them all in the listed
   * order.
   */
  private static Map<String, String> everyValue(CheckContext c, String operationId) {
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
          values("invoiceID", c.run().unique("kit-order"), "siteAlias", V1Support.siteAlias(c));
      case "listPaymentsFilter" ->
          values(
              "accountID",
              account,
              "siteAlias",
              V1Support.siteAlias(c),
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
            V1Support.siteAlias(c));
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

  private static String firstListed(CheckContext c, String operation, String list, String member) {
    JsonNode items =
        V1Support.success(c, c.v1().call(operation, Map.of()), "Response")
            .path("Response")
            .path(list);
    c.require(items.size() > 0, "the target lists no " + list.toLowerCase());
    return items.get(0).path(member).asText();
  }

  // ---------------------------------------------------------------- roles

  private static List<Check> roles() {
    List<Check> checks = new ArrayList<>();
    checks.add(
        check(
            "a-cashier-reads-payments-and-lists",
            "A Cashier reads a payment by id and by invoice number " + "and lists payments",
            "v1.auth.cashier",
            List.of(Tag.ROLES),
            V1Suite::aCashierReadsPaymentsAndLists));
    checks.add(
        check(
            "a-cashier-cannot-refund",
            "A Cashier user reads payments but cannot refund: ErrorCode -6",
            "v1.auth.accountant",
            List.of(Tag.ROLES, Tag.NEGATIVE),
            V1Suite::aCashierCannotRefund));
    checks.add(
        check(
            "a-cashier-is-refused-every-accountant-operation",
            "A Cashier is refused the refund list and confirming or cancelling a hold with -6, and the hold stays",
            "v1.auth.accountant",
            List.of(Tag.ROLES, Tag.NEGATIVE),
            V1Suite::aCashierIsRefusedEveryAccountantOperation));
    return checks;
  }

  // ---------------------------------------------------------------- envelopes

  private static List<Check> envelopes() {
    List<Check> checks = new ArrayList<>();
    for (String operation : List.of("listDocuments", "listTransfers", "getTransferRegister")) {
      checks.add(
          check(
              "xml-answer." + operation,
              operation + " with xml=1 answers XML in the documented envelope",
              "v1.envelope.xml",
              List.of(Tag.XML),
              c -> {
                Map<String, String> params = new LinkedHashMap<>();
                if (operation.equals("getTransferRegister")) {
                  params.put(
                      "registerID", firstListed(c, "listTransfers", "Transfers", "RegisterID"));
                }
                params.put("xml", "1");
                Exchange answer = c.v1().call(operation, params);
                c.status(answer, 200);
                String type = answer.header("Content-Type");
                String media =
                    type == null ? "" : type.toLowerCase(Locale.ROOT).split(";")[0].trim();
                c.expect(
                    media.equals("application/xml")
                        || media.equals("text/xml")
                        || media.endsWith("+xml"),
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
              }));
    }
    checks.add(
        check(
            "unknown-values-are-ignored",
            "Values an operation does not define, xml=1 included, are ignored",
            OpenPoint.V1_UNKNOWN_VALUES,
            List.of(),
            V1Suite::unknownValuesAreIgnored));
    checks.add(
        check(
            "path-names-match-in-any-case",
            "/api/v1/getpayment is getPayment",
            OpenPoint.V1_PATH_CASE,
            List.of(),
            V1Suite::pathNamesMatchInAnyCase));
    checks.add(
        check(
            "timestamps-carry-no-zone",
            "A v1 payment's LastUpdateTime is written without a time zone",
            "v1.payment.timestamp",
            List.of(Tag.TIME),
            V1Suite::timestampsCarryNoZone));
    return checks;
  }

  // ---------------------------------------------------------------- lists

  private static List<Check> lists() {
    List<Check> checks = new ArrayList<>();
    checks.add(
        check(
                "overflow-marks-a-truncated-list",
                "A list with more matches than one answer holds sets Overflow and stops at the limit",
                "v1.ep.overflow",
                List.of(Tag.PAGINATION),
                V1Suite::overflowMarksATruncatedList)
            .alone(Alone.LISTS_A_PERIOD));
    checks.add(
        check(
            "overflow-is-false-on-a-complete-list",
            "A list that holds every match, of payments or of refunds, says Overflow false",
            "v1.ep.overflow",
            List.of(Tag.PAGINATION),
            V1Suite::overflowIsFalseOnACompleteList));
    checks.add(
        check(
            "filters-restrict-the-list",
            "listPaymentsFilter returns only payments that match every filter " + "given",
            "v1.ep.filters",
            List.of(),
            V1Suite::filtersRestrictTheList));
    checks.add(
        check(
            "refunds-are-filtered-by-external-id",
            "listRefunds with externalID lists only refunds with that "
                + "ExternalID, several of them if they share it",
            "v1.ep.filters",
            List.of(Tag.REFUNDS),
            V1Suite::refundsAreFilteredByExternalId));
    checks.add(
        check(
            "period-filters-restrict-the-lists",
            "periodFrom and periodTo list a payment and a refund made today, and leave them out of a period a month ago",
            "v1.ep.periods",
            List.of(Tag.TIME),
            V1Suite::periodFiltersRestrictTheLists));
    return checks;
  }

  private static int payments(CheckContext c, String orderNo, Map<String, String> period) {
    Map<String, String> filter = new LinkedHashMap<>(period);
    filter.put("invoiceID", orderNo);
    Exchange listed = c.v1().call("listPaymentsFilter", filter);
    return V1Support.success(c, listed, "Response").path("Response").path("Payments").size();
  }

  private static int refunds(CheckContext c, String paymentId, Map<String, String> period) {
    Map<String, String> filter = new LinkedHashMap<>(period);
    filter.put("paymentID", paymentId);
    Exchange listed = c.v1().call("listRefunds", filter);
    return V1Support.success(c, listed, "Response").path("Response").path("Refunds").size();
  }

  // ---------------------------------------------------------------- payments, refunds and holds

  private static List<Check> payments() {
    List<Check> checks = new ArrayList<>();
    checks.add(
        check(
                "an-expired-invoice-is-minus-9",
                "An invoice left unpaid past its expiry shows ErrorCode -9, and its money is not refunded",
                "v1.errors.expired-invoice",
                List.of(Tag.TIME, Tag.CLOCK),
                V1Suite::anExpiredInvoiceIsMinus9)
            .alone(Alone.MOVES_THE_CLOCK));
    checks.add(
        check(
            "payment-method-in-v1-spelling",
            "v1 names a card payment's method BankCard, never the v2 alias",
            OpenPoint.V1_METHOD_NAME,
            List.of(),
            V1Suite::paymentMethodInV1Spelling));
    checks.add(
        check(
            "a-cancelled-payment-is-minus-15",
            "A cancelled payment can be neither refunded nor confirmed: " + "ErrorCode -15",
            "v1.errors.cancelled",
            List.of(Tag.NEGATIVE),
            V1Suite::aCancelledPaymentIsMinus15));
    checks.add(
        check(
            "cancelling-with-a-reason-code",
            "cancelPayment with an error code releases the hold",
            "v1.op.cancelPayment",
            List.of(),
            V1Suite::cancellingWithAReasonCode));
    checks.add(
        check(
            "confirming-less-than-held-takes-that-much",
            "Confirming less than is held takes that much: COMPLETE with PaymentAmount the sum confirmed",
            "v1.op.confirm-less",
            List.of(Tag.MONEY),
            V1Suite::confirmingLessThanHeldTakesThatMuch));
    checks.add(
        check(
            "confirming-more-than-is-held-is-refused",
            "Confirming more than is held is refused with a non-zero ErrorCode and the payment stays HOLD",
            "v1.op.confirm-less",
            List.of(Tag.MONEY, Tag.NEGATIVE),
            V1Suite::confirmingMoreThanIsHeldIsRefused));
    checks.add(
        check(
            "an-unknown-payment-is-minus-13",
            "Reading a payment id nobody has is a non-zero ErrorCode; ours " + "is -13",
            "v1.errors.http-200",
            List.of(Tag.NEGATIVE),
            V1Suite::anUnknownPaymentIsMinus13));
    checks.add(
        check(
            "an-unknown-invoice-number-is-minus-13",
            "Reading a payment by an invoice number nobody has is " + "ErrorCode -13",
            "v1.errors.not-found-by-invoice",
            List.of(Tag.NEGATIVE),
            c ->
                V1Support.errorCode(
                    c,
                    c.v1()
                        .call(
                            "getPaymentByInvoiceID",
                            values(
                                "invoiceID",
                                c.run().unique("kit-no-such-order"),
                                "siteAlias",
                                V1Support.siteAlias(c))),
                    -13)));
    checks.add(
        check(
            "a-refund-beyond-the-payment-is-minus-18",
            "A refund of more than was paid is ErrorCode -18",
            "v1.errors.amount",
            List.of(Tag.MONEY, Tag.NEGATIVE),
            V1Suite::aRefundBeyondThePaymentIsMinus18));
    checks.add(
        check(
            "a-refund-of-nothing-is-minus-18",
            "A refund of zero or less is ErrorCode -18",
            "v1.errors.amount",
            List.of(Tag.MONEY, Tag.NEGATIVE),
            V1Suite::aRefundOfNothingIsMinus18));
    checks.add(
        check(
            "a-refund-takes-shopping-cart-lines",
            "A refund with shopping cart lines is accepted",
            "v1.op.refund-cart",
            List.of(Tag.REFUNDS),
            V1Suite::aRefundTakesShoppingCartLines));
    checks.add(
        check(
            "a-declined-payment-shows-its-failure-code",
            "A declined payment reads CANCELLED with a non-zero ErrorCode from the table telling why",
            "v1.payment.failure-code",
            List.of(Tag.DECLINES),
            V1Suite::aDeclinedPaymentShowsItsFailureCode));
    return checks;
  }

  /** A settled card payment known to v1, made once per run. */
  private static String knownPayment(CheckContext c) {
    return c.run()
        .shared(
            "v1-known-payment", () -> V1Support.paymentId(c, new Fixtures(c).settledPayment("9")));
  }

  private static Check check(
      String name, String title, String rule, List<Tag> tags, Check.Body body) {
    return Check.of(SUITE, name, title, rule, tags, body);
  }

  private static Check check(
      String name, String title, OpenPoint point, List<Tag> tags, Check.Body body) {
    return Check.of(SUITE, name, title, point, tags, body);
  }

  /** Runs {@code v1.a-wrong-hash-is-minus-7}. */
  private static void aWrongHashIsMinus7(CheckContext c) throws Exception {
    V1Calls v1 = c.v1();
    Map<String, String> params = values("paymentID", knownPayment(c));
    String nonce = c.run().unique("kit-nonce");
    String wrong =
        V1Signer.hash(
            V1Signer.signedText(
                V1Calls.signedOrder("getPayment"), v1.login(), "not-the-password", nonce, params));
    V1Support.errorCode(c, v1.signed("getPayment", params, nonce, wrong), -7);
  }

  /** Runs {@code v1.a-value-changed-after-signing-is-minus-7}. */
  private static void aValueChangedAfterSigningIsMinus7(CheckContext c) throws Exception {
    V1Calls v1 = c.v1();
    String nonce = c.run().unique("kit-nonce");
    String known = knownPayment(c);
    String hash = v1.hash("getPayment", values("paymentID", known + "0"), nonce);
    V1Support.errorCode(c, v1.signed("getPayment", values("paymentID", known), nonce, hash), -7);
  }

  /** Runs {@code v1.an-absent-optional-value-is-signed-empty}. */
  private static void anAbsentOptionalValueIsSignedEmpty(CheckContext c) throws Exception {
    JsonNode payment = new Fixtures(c).settledPayment("12");
    V1Support.paymentId(c, payment);
    Exchange listed =
        c.v1()
            .call(
                "listPaymentsFilter",
                values("invoiceID", payment.path("invoice").path("orderNo").asText()));
    JsonNode items = V1Support.success(c, listed, "Response").path("Response").path("Payments");
    c.rule("v1.ep.filters");
    c.expect(items.size() == 1, "the one payment of that invoice number", listed::summary, listed);
  }

  /** Runs {@code v1.values-outside-ascii-are-signed-as-utf-8}. */
  private static void valuesOutsideAsciiAreSignedAsUtf8(CheckContext c) throws Exception {
    Exchange listed =
        c.v1().call("listPaymentsFilter", values("invoiceID", "Заказ-№-" + c.run().unique("ü")));
    V1Support.success(c, listed, "Response");
    String id = V1Support.paymentId(c, new Fixtures(c).settledPayment("7"));
    Exchange refunded =
        c.v1()
            .call(
                "refundPayment",
                values(
                    "paymentID",
                    id,
                    "amount",
                    "1",
                    "externalID",
                    "Возврат-" + c.run().unique("é")));
    V1Support.success(c, refunded, "Refund");
  }

  /** Runs {@code v1.a-hash-with-plus-and-slash-is-read-url-decoded}. */
  private static void aHashWithPlusAndSlashIsReadUrlDecoded(CheckContext c) throws Exception {
    V1Calls v1 = c.v1();
    Map<String, String> params = values("paymentID", knownPayment(c));
    String nonce = null;
    for (int i = 0; i < 10_000 && nonce == null; i++) {
      String candidate = c.run().unique("kit-nonce");
      String hash = v1.hash("getPayment", params, candidate);
      nonce = hash.contains("+") && hash.contains("/") ? candidate : null;
    }
    c.require(nonce != null, "no nonce gave a hash with both '+' and '/'");
    V1Support.success(c, v1.call("getPayment", params, nonce), "Payment");
  }

  /** Runs {@code v1.an-unknown-login-is-minus-6}. */
  private static void anUnknownLoginIsMinus6(CheckContext c) throws Exception {
    V1Calls v1 = c.v1();
    Map<String, String> values = new LinkedHashMap<>();
    values.put("login", c.run().unique("kit-nobody"));
    values.put("nonce", c.run().unique("kit-nonce"));
    values.put("paymentID", "1");
    values.put("hash", V1Signer.hash(values.get("login") + ";x;" + values.get("nonce") + ";1"));
    V1Support.errorCode(c, v1.raw("getPayment", values), -6);
  }

  /** Runs {@code v1.a-call-without-login-or-hash-is-refused}. */
  private static void aCallWithoutLoginOrHashIsRefused(CheckContext c) throws Exception {
    V1Calls v1 = c.v1();
    String id = knownPayment(c);
    String nonce = c.run().unique("kit-nonce");
    Map<String, String> noLogin =
        values(
            "nonce",
            nonce,
            "paymentID",
            id,
            "hash",
            v1.hash("getPayment", values("paymentID", id), nonce));
    Exchange withoutLogin = v1.raw("getPayment", noLogin);
    Map<String, String> noHash =
        values("login", v1.login(), "nonce", c.run().unique("kit-nonce"), "paymentID", id);
    Exchange withoutHash = v1.raw("getPayment", noHash);
    for (Exchange refused : List.of(withoutLogin, withoutHash)) {
      c.expect(
          refused.answered()
              && !(refused.status() == 200 && Integer.valueOf(0).equals(refused.v1ErrorCode())),
          "refused: a non-zero ErrorCode, or a status " + "saying the request could not be read",
          refused::summary,
          refused);
    }
    c.reading(
        OpenPoint.V1_MISSING_CREDENTIALS,
        outcome(withoutLogin) + "/" + outcome(withoutHash),
        withoutHash);
  }

  /** Runs {@code v1.a-replayed-nonce-is-minus-14}. */
  private static void aReplayedNonceIsMinus14(CheckContext c) throws Exception {
    String id = knownPayment(c);
    String nonce = c.run().unique("kit-nonce");
    V1Support.success(c, c.v1().call("getPayment", values("paymentID", id), nonce), "Payment");
    V1Support.errorCode(c, c.v1().call("getPayment", values("paymentID", id), nonce), -14);
  }

  /** Runs {@code v1.a-nonce-of-255-characters-is-accepted}. */
  private static void aNonceOf255CharactersIsAccepted(CheckContext c) throws Exception {
    String nonce = c.run().unique("kit-nonce");
    nonce = nonce + "n".repeat(255 - nonce.length());
    V1Support.success(
        c, c.v1().call("getPayment", values("paymentID", knownPayment(c)), nonce), "Payment");
  }

  /** Runs {@code v1.a-malformed-nonce-is-minus-14}. */
  private static void aMalformedNonceIsMinus14(CheckContext c) throws Exception {
    // The document bounds a nonce's length and bars ';' but does not say it may not be
    // empty: an empty one taken is a reading.
    Exchange empty = c.v1().call("getPayment", values("paymentID", knownPayment(c)), "");
    boolean emptyTaken = empty.status() == 200 && Integer.valueOf(0).equals(empty.v1ErrorCode());
    c.reading(
        OpenPoint.V1_MALFORMED_NONCE,
        emptyTaken ? "an empty nonce accepted" : outcome(empty),
        empty);
    for (String nonce : List.of("n".repeat(256), "a;b")) {
      Exchange refused = c.v1().call("getPayment", values("paymentID", knownPayment(c)), nonce);
      c.expect(
          refused.answered()
              && !(refused.status() == 200 && Integer.valueOf(0).equals(refused.v1ErrorCode())),
          "the nonce refused",
          refused::summary,
          refused);
      c.reading(OpenPoint.V1_MALFORMED_NONCE, outcome(refused), refused);
    }
  }

  /** Runs {@code v1.a-cashier-reads-payments-and-lists}. */
  private static void aCashierReadsPaymentsAndLists(CheckContext c) throws Exception {
    JsonNode payment = new Fixtures(c).settledPayment("8");
    String id = V1Support.paymentId(c, payment);
    String orderNo = payment.path("invoice").path("orderNo").asText();
    V1Calls cashier = c.v1Cashier();
    V1Support.success(c, cashier.call("getPayment", values("paymentID", id)), "Payment");
    V1Support.success(
        c,
        cashier.call(
            "getPaymentByInvoiceID",
            values("invoiceID", orderNo, "siteAlias", V1Support.siteAlias(c))),
        "Payment");
    V1Support.success(
        c, cashier.call("listPaymentsFilter", values("invoiceID", orderNo)), "Response");
  }

  /** Runs {@code v1.a-cashier-cannot-refund}. */
  private static void aCashierCannotRefund(CheckContext c) throws Exception {
    String id = knownPayment(c);
    V1Support.success(c, c.v1Cashier().call("getPayment", values("paymentID", id)), "Payment");
    V1Support.errorCode(
        c, c.v1Cashier().call("refundPayment", values("paymentID", id, "amount", "1")), -6);
  }

  /** Runs {@code v1.a-cashier-is-refused-every-accountant-operation}. */
  private static void aCashierIsRefusedEveryAccountantOperation(CheckContext c) throws Exception {
    String held = V1Support.paymentId(c, new Fixtures(c).heldPayment("10"));
    String before = v1State(c, held);
    V1Calls cashier = c.v1Cashier();
    V1Support.errorCode(c, cashier.call("listRefunds", values("paymentID", held)), -6);
    V1Support.errorCode(
        c, cashier.call("confirmPayment", values("paymentID", held, "amount", "10")), -6);
    V1Support.errorCode(c, cashier.call("cancelPayment", values("paymentID", held)), -6);
    Exchange read = c.v1().call("getPayment", values("paymentID", held));
    c.member(read, V1Support.success(c, read, "Payment"), "Payment.State", before);
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
        OpenPoint.V1_UNKNOWN_VALUES, ignored ? "ignored" : "refused (" + outcome(read) + ")", read);
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
    PaginationSuite.Made made = PaginationSuite.payments(c);
    c.require(
        made.created().size() > limit,
        "the "
            + made.created().size()
            + " payments made do not "
            + "exceed the v1 list limit "
            + limit);
    V1Support.paymentId(c, Json.object().put("id", made.created().keySet().iterator().next()));
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
                values("state", heldState, "periodFrom", yesterday(), "periodTo", tomorrow()));
    JsonNode items = V1Support.success(c, held, "Response").path("Response").path("Payments");
    c.expect(items.size() > 0, "at least the held payment just made", held::summary, held);
    for (JsonNode item : items) {
      c.member(held, item, "State", heldState);
    }
    c.rule("v1.ep.site-and-account");
    String id = V1Support.paymentId(c, settled);
    Map<String, String> ours = values("invoiceID", orderNo, "siteAlias", V1Support.siteAlias(c));
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
                  values("accountID", c.run().unique("kit-other-account"), "invoiceID", orderNo)),
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
    Exchange listed = c.v1().call("listRefunds", values("externalID", shared));
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
        payments(c, orderNo, around) == 1,
        "the payment listed for " + around,
        () -> "not listed",
        null);
    c.expect(
        payments(c, orderNo, before) == 0,
        "the payment not listed for " + before,
        () -> "listed",
        null);
    c.expect(
        refunds(c, id, around) == 1, "the refund listed for " + around, () -> "not listed", null);
    c.expect(
        refunds(c, id, before) == 0, "the refund not listed for " + before, () -> "listed", null);
    int onTheDay =
        payments(c, orderNo, values("periodFrom", day.toString(), "periodTo", day.toString()));
    c.reading(OpenPoint.V1_PERIOD, onTheDay == 1 ? "included" : "excluded", null);
  }

  /** Runs {@code v1.an-expired-invoice-is-minus-9}. */
  private static void anExpiredInvoiceIsMinus9(CheckContext c) throws Exception {
    JsonNode reference = new Fixtures(c).settledPayment("1");
    Instant now = Json.timestamp(reference.path("created").asText()).toInstant();
    ObjectNode body = new Fixtures(c).invoice("10");
    ((ObjectNode) body.path("invoice")).put("expires", now.plus(Duration.ofMinutes(1)).toString());
    String v2Id = c.ok(c.v2().post("/api/v2/invoices", body)).path("paymentId").asText();
    ObjectNode invoice = Json.object().put("id", v2Id);
    invoice.set("invoice", body.path("invoice"));
    String id = V1Support.paymentId(c, invoice);
    c.advanceClock(Duration.ofMinutes(2));
    Exchange read = c.v1().call("getPayment", values("paymentID", id));
    int code = V1Support.success(c, read, "Payment").path("Payment").path("ErrorCode").asInt();
    c.expect(
        code == -9 || code == -15,
        "Payment.ErrorCode -9 (invoice expired) or -15 (payment expired)",
        read::summary,
        read);
    c.rule("v2.request.invoice-expiry");
    Exchange refund = c.v1().call("refundPayment", values("paymentID", id, "amount", "10"));
    c.status(refund, 200);
    c.expect(
        refund.v1ErrorCode() != null && refund.v1ErrorCode() != 0,
        "the refund refused",
        refund::summary,
        refund);
    c.reading(OpenPoint.V1_EXPIRY_CODE, Integer.toString(refund.v1ErrorCode()), refund);
  }

  /** Runs {@code v1.payment-method-in-v1-spelling}. */
  private static void paymentMethodInV1Spelling(CheckContext c) throws Exception {
    Exchange read = c.v1().call("getPayment", values("paymentID", knownPayment(c)));
    JsonNode payment = read.json();
    c.reading(
        OpenPoint.V1_METHOD_NAME,
        payment == null ? "unreadable" : payment.path("Payment").path("PaymentMethod").asText(),
        read);
  }

  /** Runs {@code v1.a-cancelled-payment-is-minus-15}. */
  private static void aCancelledPaymentIsMinus15(CheckContext c) throws Exception {
    String id = V1Support.paymentId(c, new Fixtures(c).heldPayment("10"));
    V1Support.success(c, c.v1().call("cancelPayment", values("paymentID", id)), "Payment");
    V1Support.errorCode(
        c, c.v1().call("refundPayment", values("paymentID", id, "amount", "10")), -15);
    V1Support.errorCode(
        c, c.v1().call("confirmPayment", values("paymentID", id, "amount", "10")), -15);
  }

  /** Runs {@code v1.cancelling-with-a-reason-code}. */
  private static void cancellingWithAReasonCode(CheckContext c) throws Exception {
    String id = V1Support.paymentId(c, new Fixtures(c).heldPayment("11"));
    Exchange cancelled = c.v1().call("cancelPayment", values("paymentID", id, "error", "-17"));
    c.member(cancelled, V1Support.success(c, cancelled, "Payment"), "Payment.State", "CANCELLED");
  }

  /** Runs {@code v1.confirming-less-than-held-takes-that-much}. */
  private static void confirmingLessThanHeldTakesThatMuch(CheckContext c) throws Exception {
    String id = V1Support.paymentId(c, new Fixtures(c).heldPayment("10"));
    Exchange confirmed = c.v1().call("confirmPayment", values("paymentID", id, "amount", "6"));
    // "May be smaller than the hold in some cases": a target that takes less only in
    // some cases may refuse this one.
    boolean refused =
        confirmed.status() != 200 || !Integer.valueOf(0).equals(confirmed.v1ErrorCode());
    c.reading(
        OpenPoint.V1_CONFIRM_LESS,
        refused ? "refused (" + outcome(confirmed) + ")" : "taken",
        confirmed);
    if (refused) {
      return;
    }
    JsonNode payment = V1Support.success(c, confirmed, "Payment");
    c.member(confirmed, payment, "Payment.State", "COMPLETE");
    c.rule("v1.payment.paid-amount");
    Exchange read = c.v1().call("getPayment", values("paymentID", id));
    c.decimal(read, V1Support.success(c, read, "Payment"), "Payment.PaymentAmount", "6");
  }

  /** Runs {@code v1.confirming-more-than-is-held-is-refused}. */
  private static void confirmingMoreThanIsHeldIsRefused(CheckContext c) throws Exception {
    String id = V1Support.paymentId(c, new Fixtures(c).heldPayment("10"));
    String before = v1State(c, id);
    Exchange refused = c.v1().call("confirmPayment", values("paymentID", id, "amount", "10.01"));
    c.status(refused, 200);
    c.expect(
        refused.v1ErrorCode() != null && refused.v1ErrorCode() != 0,
        "a non-zero ErrorCode",
        refused::summary,
        refused);
    c.reading(OpenPoint.V1_CONFIRM_TOO_MUCH, Integer.toString(refused.v1ErrorCode()), refused);
    Exchange read = c.v1().call("getPayment", values("paymentID", id));
    c.member(read, V1Support.success(c, read, "Payment"), "Payment.State", before);
  }

  /** Runs {@code v1.an-unknown-payment-is-minus-13}. */
  private static void anUnknownPaymentIsMinus13(CheckContext c) throws Exception {
    Exchange read = c.v1().call("getPayment", values("paymentID", "999999999999999"));
    c.status(read, 200);
    c.expect(
        read.v1ErrorCode() != null && read.v1ErrorCode() != 0,
        "a non-zero ErrorCode",
        read::summary,
        read);
    c.reading(OpenPoint.V1_UNKNOWN_PAYMENT, Integer.toString(read.v1ErrorCode()), read);
  }

  /** Runs {@code v1.a-refund-beyond-the-payment-is-minus-18}. */
  private static void aRefundBeyondThePaymentIsMinus18(CheckContext c) throws Exception {
    String id = V1Support.paymentId(c, new Fixtures(c).settledPayment("10"));
    V1Support.errorCode(
        c, c.v1().call("refundPayment", values("paymentID", id, "amount", "10.01")), -18);
  }

  /** Runs {@code v1.a-refund-of-nothing-is-minus-18}. */
  private static void aRefundOfNothingIsMinus18(CheckContext c) throws Exception {
    String id = V1Support.paymentId(c, new Fixtures(c).settledPayment("10"));
    V1Support.errorCode(
        c, c.v1().call("refundPayment", values("paymentID", id, "amount", "0")), -18);
    V1Support.errorCode(
        c, c.v1().call("refundPayment", values("paymentID", id, "amount", "-1")), -18);
  }

  /** Runs {@code v1.a-refund-takes-shopping-cart-lines}. */
  private static void aRefundTakesShoppingCartLines(CheckContext c) throws Exception {
    String id = V1Support.paymentId(c, new Fixtures(c).settledPayment("30"));
    // How lines are numbered and a VAT rate is written is open: ours first (from 0, tax
    // vat22), then lines without a rate, then lines numbered from 1. Only a target that
    // takes none of them refuses cart lines.
    Exchange refunded = null;
    List<String> forms =
        List.of("from 0 with tax vat22", "from 0 without tax", "from 1 without tax");
    for (String form : forms) {
      Map<String, String> params =
          values("paymentID", id, "amount", "12.5", "externalID", c.run().unique("kit-refund"));
      int first = form.startsWith("from 1") ? 1 : 0;
      boolean tax = form.endsWith("vat22");
      String[][] lines = {{"Espresso beans", "10"}, {"Delivery", "2.5"}};
      for (int i = 0; i < lines.length; i++) {
        String line = "shoppingcart.items[" + (first + i) + "].";
        params.put(line + "name", lines[i][0]);
        params.put(line + "qty", "1");
        params.put(line + "price", lines[i][1]);
        if (tax) {
          params.put(line + "tax", "vat22");
        }
      }
      refunded = c.v1().call("refundPayment", params);
      if (refunded.status() == 200 && Integer.valueOf(0).equals(refunded.v1ErrorCode())) {
        c.reading(OpenPoint.V1_CART_FORM, form, refunded);
        break;
      }
    }
    c.decimal(refunded, V1Support.success(c, refunded, "Refund"), "Refund.Amount", "12.5");
  }

  /** Runs {@code v1.a-declined-payment-shows-its-failure-code}. */
  private static void aDeclinedPaymentShowsItsFailureCode(CheckContext c) throws Exception {
    c.require(
        !c.profile().declines().isEmpty(), "the profile defines no declining cards (declines)");
    Fixtures f = new Fixtures(c);
    Profile.Card card = f.approvedCard();
    for (Profile.Decline decline : c.profile().declines()) {
      JsonNode payment =
          f.created(f.payment(f.instrument(decline.pan(), decline.paymentData()), "10", false))
              .payment();
      String id = V1Support.paymentId(c, payment);
      Exchange read = c.v1().call("getPayment", values("paymentID", id));
      JsonNode v1 = V1Support.success(c, read, "Payment").path("Payment");
      c.member(read, Json.object().put("State", v1.path("State").asText()), "State", "CANCELLED");
      int code = v1.path("ErrorCode").asInt(0);
      c.expect(code != 0, "a non-zero ErrorCode telling why", read::summary, read);
      Integer mapped = DECLINE_CODES.get(decline.resultCode());
      if (mapped != null) {
        c.reading(
            OpenPoint.V1_DECLINE_CODE,
            mapped == code ? "mapped" : decline.resultCode() + " as " + code,
            read);
      }
    }
  }
}
