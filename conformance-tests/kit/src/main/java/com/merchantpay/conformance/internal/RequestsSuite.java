package com.merchantpay.conformance.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.merchantpay.conformance.target.OpenPoint;
import com.merchantpay.conformance.target.Profile;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Every member the documents list for a request is accepted: a rich request of each creating
 * operation, a receipt inside invoice, payment, capture and refund, and each payment method the
 * profile has data for. The members that come back in the answer must be the ones sent.
 */
final class RequestsSuite {
  private static final String SUITE = "requests";
  private static final Set<String> PAYMENT_STATUSES =
      Set.of("Authorized", "Settled", "Cancelled", "Rejected", "Confirmation", "Pending");

  private RequestsSuite() {}

  /** The rules every check of this suite judges besides its own, by the interface it calls. */
  private static final Map<String, List<String>> EVERY_CHECK_JUDGES = Map.of();

  static List<Check> checks() {
    return Check.judgingEvery(declared(), EVERY_CHECK_JUDGES);
  }

  private static List<Check> declared() {
    List<Check> checks = new ArrayList<>();
    checks.add(
        check(
                "invoice-with-every-documented-member",
                "An invoice with every documented member is created, "
                    + "and its payment shows the invoice details sent",
                "v2.request.invoice",
                RequestsSuite::invoiceWithEveryDocumentedMember)
            .judging(
                "v2.request.customer",
                "v2.request.invoice-phone",
                "v2.request.protocol",
                "v2.request.tokenization",
                "v2.request.receipt",
                "v2.op.createInvoice"));
    checks.add(
        check(
                "payment-with-every-documented-member",
                "A payment with every documented member (tokenization, "
                    + "invoice, protocol, customer, device, receipt) is made and shows what was sent",
                "v2.request.invoice",
                RequestsSuite::paymentWithEveryDocumentedMember)
            .judging(
                "v2.request.customer",
                "v2.request.protocol",
                "v2.request.device",
                "v2.request.tokenization",
                "v2.request.receipt",
                "v2.payment.echo"));
    checks.add(
        check(
            "capture-with-a-receipt",
            "A capture that carries a receipt takes the money",
            "v2.request.receipt",
            RequestsSuite::captureWithAReceipt));
    checks.add(
        check(
            "refund-with-a-receipt",
            "A refund that carries a receipt is made",
            "v2.request.receipt",
            RequestsSuite::refundWithAReceipt));
    checks.add(
        check(
                "receipt-with-every-documented-member",
                "A receipt with every documented member and item member " + "is registered",
                "v2.request.receipt-members",
                RequestsSuite::receiptWithEveryDocumentedMember)
            .judging("v2.request.receipt-item"));
    checks.add(
        check(
                "payment-token-with-every-documented-member",
                "A payment token with every documented member "
                    + "(protocol, customer, device) is created",
                "v2.request.customer",
                RequestsSuite::paymentTokenWithEveryDocumentedMember)
            .judging(
                "v2.request.protocol",
                "v2.request.device",
                "v2.request.tokenization",
                "v2.dict.token-status"));
    checks.add(
        check(
                "tokenization-with-every-documented-member",
                "Tokenization with every documented member starts",
                "v2.request.customer",
                RequestsSuite::tokenizationWithEveryDocumentedMember)
            .judging("v2.request.tokenization"));
    checks.add(
        check(
            "sticker-with-every-documented-member",
            "A sticker with every documented member is registered " + "and shows what was sent",
            "v2.request.sticker-members",
            RequestsSuite::stickerWithEveryDocumentedMember));
    for (String method : Profile.PAYMENT_METHODS) {
      checks.add(
          check(
              "payment-method." + method,
              "A payment with paymentData." + method + " of the profile is " + "accepted",
              method.equals("dsrp") ? "v2.request.dsrp" : "v2.request.other-methods",
              c -> paymentMethodIsAccepted(c, method)));
    }
    checks.add(
        Check.of(
            SUITE,
            "values-at-the-edges-are-accepted",
            "Values at the edge of what our spec allows are "
                + "accepted: 15 integer and 4 fraction digits, a 255-character key, the largest 32-bit integer",
            OpenPoint.REQUEST_BOUNDARIES,
            List.of(),
            RequestsSuite::valuesAtTheEdgesAreAccepted));
    return checks;
  }

  private static Exchange edge(CheckContext c, Exchange answer, String what, List<String> refused) {
    if (!answer.answered() || answer.status() / 100 != 2) {
      refused.add(what + " (" + answer.summary() + ")");
    }
    return answer;
  }

  private static void invoiceEchoed(
      CheckContext c, Exchange shown, JsonNode payment, ObjectNode body) {
    JsonNode sent = body.path("invoice");
    c.member(shown, payment, "invoice.orderNo", sent.path("orderNo").asText());
    c.member(shown, payment, "invoice.description", sent.path("description").asText());
    sent.path("params")
        .properties()
        .forEach(
            param ->
                c.member(
                    shown, payment, "invoice.params." + param.getKey(), param.getValue().asText()));
  }

  private static Check check(String name, String title, String rule, Check.Body body) {
    return Check.of(SUITE, name, title, rule, List.of(Tag.HAPPY_PATH), body);
  }

  /** Runs {@code requests.invoice-with-every-documented-member}. */
  private static void invoiceWithEveryDocumentedMember(CheckContext c) throws Exception {
    ObjectNode body = RichBodies.invoice(c);
    Exchange created = c.v2().post(Paths.v2("createInvoice"), body);
    JsonNode invoice = c.ok(created);
    // Taking the request took each member it carried.
    c.asserted(
        "v2.request.customer",
        "v2.request.invoice-phone",
        "v2.request.protocol",
        "v2.request.tokenization",
        "v2.request.receipt");
    c.rule("v2.op.createInvoice");
    c.expect(
        invoice.path("paymentId").isTextual() && invoice.path("url").isTextual(),
        "paymentId and url",
        created::summary,
        created);
    Exchange read = c.v2().get(Paths.v2("getPayment", invoice.path("paymentId").asText()));
    c.rule("v2.request.invoice");
    invoiceEchoed(c, read, c.ok(read), body);
  }

  /** Runs {@code requests.payment-with-every-documented-member}. */
  private static void paymentWithEveryDocumentedMember(CheckContext c) throws Exception {
    ObjectNode body = RichBodies.payment(c);
    Fixtures.Made made = new Fixtures(c).created(body);
    c.asserted(
        "v2.request.customer",
        "v2.request.protocol",
        "v2.request.device",
        "v2.request.tokenization");
    c.rule("v2.request.receipt");
    c.expect(
        PAYMENT_STATUSES.contains(made.payment().path("status").asText()),
        "a payment",
        made.shown()::summary,
        made.shown());
    c.rule("v2.request.invoice");
    invoiceEchoed(c, made.shown(), made.payment(), body);
    c.rule("v2.payment.echo");
    c.member(made.shown(), made.payment(), "merchantId", c.target().merchantId());
    c.decimal(made.shown(), made.payment(), "amount.value", "100");
    JsonNode ip = Json.at(made.payment(), "customer.ip");
    c.expect(
        !ip.isTextual() || ip.asText().equals(body.path("customer").path("ip").asText()),
        "customer.ip as sent",
        made.shown()::summary,
        made.shown());
  }

  /** Runs {@code requests.capture-with-a-receipt}. */
  private static void captureWithAReceipt(CheckContext c) throws Exception {
    String id = new Fixtures(c).heldPayment("100").path("id").asText();
    ObjectNode capture = new Fixtures(c).capture("100");
    capture.set("receipt", RichBodies.followUpReceipt("100"));
    c.done(c.v2().put(Paths.v2("capturePayment", id), capture));
    Exchange read = c.v2().get(Paths.v2("getPayment", id));
    c.member(read, c.ok(read), "status", "Settled");
  }

  /** Runs {@code requests.refund-with-a-receipt}. */
  private static void refundWithAReceipt(CheckContext c) throws Exception {
    Fixtures f = new Fixtures(c);
    ObjectNode refund = f.refund(f.settledPayment("100").path("id").asText(), "40");
    refund.set("receipt", RichBodies.followUpReceipt("40"));
    Exchange created = c.v2().post(Paths.v2("createRefund"), refund);
    c.decimal(created, c.ok(created), "amount.value", "40");
  }

  /** Runs {@code requests.receipt-with-every-documented-member}. */
  private static void receiptWithEveryDocumentedMember(CheckContext c) throws Exception {
    ObjectNode body = RichBodies.receipt(c);
    Exchange created = c.v2().post(Paths.v2("createReceipt"), body);
    JsonNode receipt = c.ok(created);
    c.asserted("v2.request.receipt-item");
    c.member(created, receipt, "paymentId", body.path("paymentId").asText());
  }

  /** Runs {@code requests.payment-token-with-every-documented-member}. */
  private static void paymentTokenWithEveryDocumentedMember(CheckContext c) throws Exception {
    Exchange created = c.v2().post(Paths.v2("createPaymentToken"), RichBodies.token(c));
    JsonNode token = c.ok(created);
    c.asserted("v2.request.protocol", "v2.request.device", "v2.request.tokenization");
    String status = token.path("status").asText();
    c.reading(OpenPoint.TOKEN_CREATED, status, created);
    c.rule("v2.dict.token-status");
    c.expect(
        Set.of("Created", "Active").contains(status),
        "a token Created (or already Active)",
        created::summary,
        created);
  }

  /** Runs {@code requests.tokenization-with-every-documented-member}. */
  private static void tokenizationWithEveryDocumentedMember(CheckContext c) throws Exception {
    Exchange started = c.v2().post(Paths.v2("startTokenization"), RichBodies.tokenization(c));
    JsonNode answer = c.ok(started);
    c.asserted("v2.request.customer");
    c.rule("v2.request.tokenization");
    c.expect(
        answer.path("tokenId").isTextual() && answer.path("url").isTextual(),
        "tokenId and url",
        started::summary,
        started);
  }

  /** Runs {@code requests.sticker-with-every-documented-member}. */
  private static void stickerWithEveryDocumentedMember(CheckContext c) throws Exception {
    ObjectNode body = RichBodies.sticker(c);
    Exchange created = c.v2().post(Paths.v2("createSticker"), body);
    JsonNode sticker = c.ok(created);
    for (String member : List.of("stickerType", "description", "productCode", "paymentPurpose")) {
      c.member(created, sticker, member, body.path(member).asText());
    }
    c.expect(
        sticker.path("cashlink").isBoolean() && !sticker.path("cashlink").asBoolean(),
        "cashlink false, as " + "sent",
        created::summary,
        created);
    c.decimal(created, sticker, "amount.value", "350");
  }

  /** Runs {@code requests.values-at-the-edges-are-accepted}. */
  private static void valuesAtTheEdgesAreAccepted(CheckContext c) throws Exception {
    List<String> refused = new ArrayList<>();
    Exchange last = null;
    Fixtures f = new Fixtures(c);
    ObjectNode big = f.approvedPayment("999999999999999.9999", false);
    last =
        edge(
            c,
            c.v2().post(Paths.v2("createPayment"), big),
            "an amount of 999999999999999.9999",
            refused);
    String key = c.run().unique("k");
    key = key + "k".repeat(255 - key.length());
    last =
        edge(
            c,
            c.v2().post(Paths.v2("createPayment"), f.approvedPayment("10", false), key),
            "an Idempotency-Key of 255 characters",
            refused);
    ObjectNode receipt = RichBodies.receipt(c);
    ((ObjectNode) receipt.path("items").get(0).path("marking").path("quantity"))
        .put("numerator", 2147483647)
        .put("denominator", 2147483647);
    last =
        edge(
            c,
            c.v2().post(Paths.v2("createReceipt"), receipt),
            "marking quantities of 2147483647",
            refused);
    c.reading(
        OpenPoint.REQUEST_BOUNDARIES,
        refused.isEmpty() ? "accepted" : "refused",
        refused.isEmpty() ? null : refused.toString(),
        last);
  }

  /** Runs {@code requests.payment-method.*}. */
  private static void paymentMethodIsAccepted(CheckContext c, String method) throws Exception {
    JsonNode data =
        c.need(
            c.profile().paymentMethods().get(method),
            "the profile gives no payment data for " + method + " (paymentMethods." + method + ")");
    ObjectNode body = new Fixtures(c).approvedPayment("10", false);
    body.set("paymentData", data.deepCopy());
    Exchange created = c.v2().post(Paths.v2("createPayment"), body);
    JsonNode payment = c.ok(created);
    c.expect(
        PAYMENT_STATUSES.contains(payment.path("status").asText()),
        "a payment in a documented status",
        created::summary,
        created);
  }
}
