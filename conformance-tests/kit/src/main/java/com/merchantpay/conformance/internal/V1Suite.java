package com.merchantpay.conformance.internal;

import static com.merchantpay.conformance.internal.Fixtures.values;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The legacy interface's own rules: signatures, nonces, roles, the envelope, XML answers and truncated lists. */
final class V1Suite {
  private static final String SUITE = "v1";
  private static final Rule AUTH = Rule.v1("Authentication, rules 3 to 7",
      "login, nonce and hash on every call; a wrong signature is -7, a bad login -6, a repeated nonce -14");

  private V1Suite() {}

  static List<Check> checks() {
    List<Check> checks = new ArrayList<>();
    checks.add(check("a-correct-signature-is-accepted", "A call signed by the documented rule gets ErrorCode 0",
        Rule.v1("Authentication, rule 5", "hash = base64(SHA-1(login;password;nonce;values...))"), List.of("signature"),
        c -> V1Support.success(c, c.v1().call("getPayment", values("paymentID", knownPayment(c))), "Payment")));
    checks.add(check("a-wrong-hash-is-minus-7", "A hash made with the wrong password is ErrorCode -7 in an HTTP 200 envelope",
        AUTH, List.of("signature", "negative"), c -> {
          V1Calls v1 = c.v1();
          Map<String, String> params = values("paymentID", knownPayment(c));
          String nonce = c.run().unique("kit-nonce");
          String wrong = V1Signer.hash(V1Signer.signedText(V1Calls.signedOrder("getPayment"), v1.login(),
              "not-the-password", nonce, params));
          V1Support.errorCode(c, v1.signed("getPayment", params, nonce, wrong), -7);
        }));
    checks.add(check("a-value-changed-after-signing-is-minus-7", "Changing a signed value after signing is ErrorCode -7",
        AUTH, List.of("signature", "negative"), c -> {
          V1Calls v1 = c.v1();
          String nonce = c.run().unique("kit-nonce");
          String known = knownPayment(c);
          String hash = v1.hash("getPayment", values("paymentID", known + "0"), nonce);
          V1Support.errorCode(c, v1.signed("getPayment", values("paymentID", known), nonce, hash), -7);
        }));
    checks.add(check("an-absent-optional-value-is-signed-empty",
        "Optional values left out are signed as empty strings and the call succeeds",
        Rule.v1("Authentication, rule 5", "an absent optional parameter contributes an empty string"),
        List.of("signature"), c -> {
          JsonNode payment = new Fixtures(c).settledPayment("12");
          V1Support.paymentId(c, payment);
          Exchange listed = c.v1().call("listPaymentsFilter", values("invoiceID",
              payment.path("invoice").path("orderNo").asText()));
          c.expect(V1Support.success(c, listed, "Response").path("Response").path("Payments").size() == 1,
              "the one payment of that invoice number", listed::summary, listed);
        }));
    checks.add(check("an-unknown-login-is-minus-6", "An unknown login is ErrorCode -6", AUTH, List.of("negative"), c -> {
      V1Calls v1 = c.v1();
      Map<String, String> values = new LinkedHashMap<>();
      values.put("login", c.run().unique("kit-nobody"));
      values.put("nonce", c.run().unique("kit-nonce"));
      values.put("paymentID", "1");
      values.put("hash", V1Signer.hash(values.get("login") + ";x;" + values.get("nonce") + ";1"));
      V1Support.errorCode(c, v1.raw("getPayment", values), -6);
    }));
    checks.add(check("a-replayed-nonce-is-minus-14", "A nonce used before is ErrorCode -14, even with a correct hash",
        AUTH, List.of("negative"), c -> {
          String id = knownPayment(c);
          String nonce = c.run().unique("kit-nonce");
          V1Support.success(c, c.v1().call("getPayment", values("paymentID", id), nonce), "Payment");
          V1Support.errorCode(c, c.v1().call("getPayment", values("paymentID", id), nonce), -14);
        }));
    checks.add(check("a-cashier-cannot-refund", "A Cashier user reads payments but cannot refund: ErrorCode -6",
        Rule.v1("Authentication, rule 2", "Cashier: payment status and lists; refunds need Accountant"),
        List.of("roles", "negative"), c -> {
          String id = knownPayment(c);
          V1Support.success(c, c.v1Cashier().call("getPayment", values("paymentID", id)), "Payment");
          V1Support.errorCode(c, c.v1Cashier().call("refundPayment", values("paymentID", id, "amount", "1")), -6);
        }));
    for (String operation : List.of("listDocuments", "listTransfers", "getTransferRegister")) {
      checks.add(check("xml-answer." + operation, operation + " with xml=1 answers XML in the documented envelope",
          Rule.v1("Response envelope", "XML root RestController.RestResponse with ErrorCode and Response"),
          List.of("xml"), c -> {
            Map<String, String> params = new LinkedHashMap<>();
            if (operation.equals("getTransferRegister")) {
              JsonNode transfers = V1Support.success(c, c.v1().call("listTransfers", Map.of()), "Response")
                  .path("Response").path("Transfers");
              c.require(transfers.size() > 0, "the target lists no transfers");
              params.put("registerID", transfers.get(0).path("RegisterID").asText());
            }
            params.put("xml", "1");
            Exchange answer = c.v1().call(operation, params);
            c.status(answer, 200);
            String type = answer.header("Content-Type");
            c.expect(type != null && type.startsWith("application/xml"), "Content-Type application/xml",
                answer::summary, answer);
            c.expect(answer.text().contains("<RestController.RestResponse") && answer.text().contains("<ErrorCode>0<"),
                "root RestController.RestResponse with ErrorCode 0", answer::summary, answer);
          }));
    }
    checks.add(check("overflow-marks-a-truncated-list",
        "A list with more matches than one answer holds sets Overflow and stops at the limit; a narrow one does not",
        Rule.v1("Endpoints, rule 2 and Limits", "Overflow is true when not all matching records are returned"),
        List.of("pagination"), c -> {
          Integer limit = c.need(c.profile().v1() == null ? null : c.profile().v1().listLimit(),
              "the profile does not give the v1 list limit (v1.listLimit)");
          PaginationSuite.Made made = PaginationSuite.payments(c);
          c.require(made.created().size() > limit, "the " + made.created().size() + " payments made do not "
              + "exceed the v1 list limit " + limit);
          V1Support.paymentId(c, Json.object().put("id", made.created().keySet().iterator().next()));
          String day = made.first().atOffset(ZoneOffset.UTC).toLocalDate().toString();
          // The day after, so the period holds them all whether or not a bound day itself is included.
          String lastDay = made.last().atOffset(ZoneOffset.UTC).toLocalDate().plusDays(1).toString();
          Exchange listed = c.v1().call("listPaymentsFilter", values("periodFrom", day, "periodTo", lastDay));
          JsonNode response = V1Support.success(c, listed, "Response").path("Response");
          c.expect(response.path("Overflow").asBoolean(false) && response.path("Payments").size() <= limit,
              "Overflow true with at most " + limit + " payments", () -> "Overflow " + response.path("Overflow")
                  + " with " + response.path("Payments").size() + " payments", listed);
        }));
    checks.add(check("a-malformed-nonce-is-minus-14",
        "A nonce that is empty, longer than 255 characters or holds ';' is ErrorCode -14 in an HTTP 200 envelope",
        Rule.v1Decision("Authentication", "a nonce that breaks its rules is answered HTTP 200 with -14"),
        List.of("negative"), c -> {
          for (String nonce : List.of("", "n".repeat(256), "a;b")) {
            V1Support.errorCode(c, c.v1().call("getPayment", values("paymentID", "1"), nonce), -14);
          }
        }));
    checks.add(check("unknown-values-are-ignored", "Values an operation does not define, xml=1 included, are ignored",
        Rule.v1Decision("Requests", "a value the operation does not define is ignored; the answer stays JSON"),
        List.of(), c -> {
          Exchange read = c.v1().call("getPayment", values("paymentID", knownPayment(c), "xml", "1", "utm_source", "kit"));
          V1Support.success(c, read, "Payment");
          String type = read.header("Content-Type");
          c.expect(type != null && type.startsWith("application/json"), "a JSON answer", read::summary, read);
        }));
    checks.add(check("path-names-match-in-any-case", "/api/v1/getpayment is getPayment",
        Rule.v1Decision("Path names", "path names match regardless of letter case"), List.of(), c -> {
          V1Calls v1 = c.v1();
          Map<String, String> values = new LinkedHashMap<>();
          String nonce = c.run().unique("kit-nonce");
          String id = knownPayment(c);
          values.put("login", v1.login());
          values.put("nonce", nonce);
          values.put("paymentID", id);
          values.put("hash", v1.hash("getPayment", values("paymentID", id), nonce));
          V1Support.success(c, v1.rawAt("/api/v1/getpayment", "GET", values), "Payment");
        }));
    checks.add(check("an-expired-invoice-is-minus-9",
        "An invoice left unpaid past its expiry is ErrorCode -9 in the payment and refuses a refund with -9",
        Rule.v1Decision("Error codes", "-9: the invoice was left unpaid past its expiry"), List.of("time"), c -> {
          JsonNode reference = new Fixtures(c).settledPayment("1");
          Instant now = OffsetDateTime.parse(reference.path("created").asText()).toInstant();
          ObjectNode body = Json.object();
          body.put("merchantId", c.target().merchantId());
          body.set("amount", c.amount("10"));
          body.putObject("invoice").put("orderNo", c.run().unique("kit-order"))
              .put("expires", now.plus(Duration.ofMinutes(1)).toString());
          String id = c.ok(c.v2().post("/api/v2/invoices", body)).path("paymentId").asText();
          V1Support.paymentId(c, Json.object().put("id", id));
          c.advanceClock(Duration.ofMinutes(2));
          Exchange read = c.v1().call("getPayment", values("paymentID", id));
          c.expect(V1Support.success(c, read, "Payment").path("Payment").path("ErrorCode").asInt() == -9,
              "Payment.ErrorCode -9", read::summary, read);
          V1Support.errorCode(c, c.v1().call("refundPayment", values("paymentID", id, "amount", "10")), -9);
        }));
    checks.add(check("payment-method-in-v1-spelling", "v1 names a card payment's method BankCard, never the v2 alias",
        Rule.v1Decision("Payment.PaymentMethod", "v1 writes BankCard for bankcard and Sbp for sbp"), List.of(), c -> {
          Exchange read = c.v1().call("getPayment", values("paymentID", knownPayment(c)));
          c.member(read, V1Support.success(c, read, "Payment"), "Payment.PaymentMethod", "BankCard");
        }));
    checks.add(check("a-cancelled-payment-is-minus-15", "A cancelled payment can be neither refunded nor confirmed: "
        + "ErrorCode -15", Rule.v1("Error codes", "-15: the payment expired or was cancelled"), List.of("negative"),
        c -> {
          String id = V1Support.paymentId(c, new Fixtures(c).heldPayment("10"));
          V1Support.success(c, c.v1().call("cancelPayment", values("paymentID", id)), "Payment");
          V1Support.errorCode(c, c.v1().call("refundPayment", values("paymentID", id, "amount", "10")), -15);
          V1Support.errorCode(c, c.v1().call("confirmPayment", values("paymentID", id, "amount", "10")), -15);
        }));
    checks.add(check("confirming-more-than-is-held-is-refused",
        "Confirming more than is held is refused with a non-zero ErrorCode and the payment stays HOLD",
        Rule.v1("Endpoints, rule 1", "confirmPayment takes the held money; the amount may be smaller than the hold"),
        List.of("money", "negative"), c -> {
          String id = V1Support.paymentId(c, new Fixtures(c).heldPayment("10"));
          Exchange refused = c.v1().call("confirmPayment", values("paymentID", id, "amount", "10.01"));
          c.status(refused, 200);
          c.expect(refused.v1ErrorCode() != null && refused.v1ErrorCode() != 0, "a non-zero ErrorCode",
              refused::summary, refused);
          Exchange read = c.v1().call("getPayment", values("paymentID", id));
          c.member(read, V1Support.success(c, read, "Payment"), "Payment.State", "HOLD");
        }));
    checks.add(check("filters-restrict-the-list", "listPaymentsFilter returns only payments that match every filter given",
        Rule.v1("Endpoints, rule 3", "absent filters do not restrict; the filters given do"), List.of(), c -> {
          Fixtures f = new Fixtures(c);
          JsonNode settled = f.settledPayment("14");
          V1Support.paymentId(c, settled);
          String orderNo = settled.path("invoice").path("orderNo").asText();
          Exchange byInvoice = c.v1().call("listPaymentsFilter", values("invoiceID", orderNo));
          for (JsonNode item : V1Support.success(c, byInvoice, "Response").path("Response").path("Payments")) {
            c.member(byInvoice, item, "SiteInvoiceID", orderNo);
          }
          V1Support.paymentId(c, f.heldPayment("15"));
          Exchange held = c.v1().call("listPaymentsFilter", values("state", "HOLD"));
          JsonNode items = V1Support.success(c, held, "Response").path("Response").path("Payments");
          c.expect(items.size() > 0, "at least the held payment just made", held::summary, held);
          for (JsonNode item : items) {
            c.member(held, item, "State", "HOLD");
          }
        }));
    checks.add(check("an-unknown-payment-is-minus-13", "Reading a payment id nobody has is ErrorCode -13",
        Rule.v1Decision("getPayment", "no payment with this id is -13, as for invoice numbers"), List.of("negative"),
        c -> V1Support.errorCode(c, c.v1().call("getPayment", values("paymentID", "999999999999999")), -13)));
    checks.add(check("a-refund-beyond-the-payment-is-minus-18", "A refund of more than was paid is ErrorCode -18",
        Rule.v1("Error codes", "-18: incorrect amount; for refunds, the amount value"), List.of("money", "negative"),
        c -> {
          String id = V1Support.paymentId(c, new Fixtures(c).settledPayment("10"));
          V1Support.errorCode(c, c.v1().call("refundPayment", values("paymentID", id, "amount", "10.01")), -18);
        }));
    return checks;
  }

  /** A settled card payment known to v1, made once per run. */
  private static String knownPayment(CheckContext c) {
    return c.run().shared("v1-known-payment", () -> V1Support.paymentId(c, new Fixtures(c).settledPayment("9")));
  }

  private static Check check(String name, String title, Rule rule, List<String> tags, Check.Body body) {
    return Check.of(SUITE, name, title, rule, tags, body);
  }
}
