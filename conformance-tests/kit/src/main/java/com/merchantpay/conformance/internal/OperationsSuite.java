package com.merchantpay.conformance.internal;

import static com.merchantpay.conformance.internal.Fixtures.encode;
import static com.merchantpay.conformance.internal.Fixtures.values;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.merchantpay.conformance.target.OpenPoint;
import com.merchantpay.conformance.target.Profile;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The happy path of every operation of both interfaces: a valid call answers with the documented
 * success and the answer carries what was asked for. The form of each answer is judged by the wire
 * suite.
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
    checks.add(
        v2(
            1,
            "createInvoice",
            "Creating an invoice answers with the payment id and the page URL",
            OperationsSuite::createInvoice));
    checks.add(
        v2(
            2,
            "createPayment",
            "Creating a payment answers with the payment for the amount asked",
            OperationsSuite::createPayment));
    checks.add(
        v2(
            3,
            "completePayment",
            "Completing a confirmation step answers with the payment after it",
            OperationsSuite::completePayment));
    checks.add(
        v2(
            4,
            "capturePayment",
            "Capturing a held payment answers 200 without a body",
            OperationsSuite::capturePayment));
    checks.add(
        v2(
            5,
            "cancelPayment",
            "Cancelling a held payment answers 200 without a body",
            OperationsSuite::cancelPayment));
    checks.add(
        v2(
            6,
            "getPayment",
            "Reading a payment answers with that payment",
            OperationsSuite::getPayment));
    checks.add(
        v2(
            7,
            "listPayments",
            "Listing payments of a period holds a payment created in it",
            OperationsSuite::listPayments));
    checks.add(
        v2(
            8,
            "createRefund",
            "Refunding a settled payment answers with the refund",
            OperationsSuite::createRefund));
    checks.add(
        v2(
            9,
            "getRefund",
            "Reading a refund answers with that refund",
            OperationsSuite::getRefund));
    checks.add(
        v2(
            10,
            "listRefunds",
            "Listing refunds of a period holds a refund created in it",
            OperationsSuite::listRefunds));
    checks.add(
        v2(
            11,
            "startTokenization",
            "Starting tokenization answers with the token id and the page URL",
            OperationsSuite::startTokenization));
    checks.add(
        v2(
            12,
            "createPaymentToken",
            "Creating a payment token answers Created with an External step",
            OperationsSuite::createPaymentToken));
    checks.add(
        v2(
            13,
            "completePaymentToken",
            "Completing a payment token's step answers with the token, Active",
            OperationsSuite::completePaymentToken));
    checks.add(
        v2(
            14,
            "getPaymentToken",
            "Reading a payment token answers with that token",
            OperationsSuite::getPaymentToken));
    checks.add(
        v2(
            15,
            "revokePaymentToken",
            "Revoking a payment token answers 200",
            OperationsSuite::revokePaymentToken));
    checks.add(
        v2(
            16,
            "createReceipt",
            "Registering a receipt answers with the receipt",
            OperationsSuite::createReceipt));
    checks.add(
        v2(
            17,
            "getReceipt",
            "Reading a receipt answers with that receipt",
            OperationsSuite::getReceipt));
    checks.add(
        v2(
            18,
            "listReceipts",
            "Listing a payment's receipts holds its receipt and no other payment's",
            OperationsSuite::listReceipts));
    checks.add(
        v2(
            19,
            "createSticker",
            "Registering a sticker answers Active with its payload",
            OperationsSuite::createSticker));
    checks.add(
        v2(
            20,
            "setStickerActive",
            "Switching a sticker off answers 200",
            OperationsSuite::setStickerActive));
    checks.add(
        v2(
            21,
            "getSticker",
            "Reading a sticker answers with that sticker",
            OperationsSuite::getSticker));
    checks.add(
        v2(
            22,
            "listStickers",
            "Listing stickers holds a sticker just registered",
            OperationsSuite::listStickers));

    checks.add(
        v1(
            "getPayment",
            "Reading a payment by its id answers ErrorCode 0 with the payment",
            OperationsSuite::v1GetPayment));
    checks.add(
        v1(
            "getPaymentByInvoiceID",
            "Reading a payment by its invoice number answers with it",
            OperationsSuite::v1GetPaymentByInvoiceID));
    checks.add(
        v1(
            "listPaymentsFilter",
            "Listing payments by filter holds a payment matching it",
            OperationsSuite::v1ListPaymentsFilter));
    checks.add(
        v1(
            "refundPayment",
            "Refunding a payment answers ErrorCode 0 with the refund",
            OperationsSuite::v1RefundPayment));
    checks.add(
        v1(
            "listRefunds",
            "Listing the refunds of a payment holds its refund",
            OperationsSuite::v1ListRefunds));
    checks.add(
        v1(
            "confirmPayment",
            "Confirming a held payment answers with it COMPLETE",
            OperationsSuite::v1ConfirmPayment));
    checks.add(
        v1(
            "cancelPayment",
            "Cancelling a held payment answers with it CANCELLED",
            OperationsSuite::v1CancelPayment));
    checks.add(
        v1(
            "listDocuments",
            "Listing documents answers ErrorCode 0 with a list",
            OperationsSuite::v1ListDocuments));
    checks.add(
        v1(
            "getDocumentContent",
            "A listed document's content can be downloaded",
            OperationsSuite::v1GetDocumentContent));
    checks.add(
        v1(
            "listTransfers",
            "Listing transfers answers ErrorCode 0 with a list",
            OperationsSuite::v1ListTransfers));
    checks.add(
        v1(
            "getTransferRegister",
            "A listed transfer's register can be read",
            OperationsSuite::v1GetTransferRegister));
    return checks;
  }

  static JsonNode capture(CheckContext c, String amount) {
    return new Fixtures(c).capture(amount);
  }

  private static JsonNode refund(CheckContext c) {
    Fixtures f = new Fixtures(c);
    JsonNode payment = f.settledPayment("41");
    return c.ok(c.v2().post("/api/v2/refunds", f.refund(payment.path("id").asText(), "11")));
  }

  private static JsonNode receipt(CheckContext c) {
    Fixtures f = new Fixtures(c);
    JsonNode payment = f.settledPayment("51");
    return c.ok(c.v2().post("/api/v2/receipts", f.receipt(payment.path("id").asText(), "51")));
  }

  private static void expectListed(CheckContext c, String firstPage, String id) {
    Pages.find(c, firstPage, id);
  }

  /**
   * The v2 check of one operation. Its first call is the documented request (method, path under
   * /api/v2, headers) and must succeed, so a check that got through judged those general rules.
   */
  private static Check v2(int row, String operationId, String title, Check.Body body) {
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
  private static Check v1(String operationId, String title, Check.Body body) {
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

  /** Runs {@code operations.createInvoice}. */
  private static void createInvoice(CheckContext c) throws Exception {
    ObjectNode body = new Fixtures(c).invoice("150.5");
    Exchange created = c.v2().post("/api/v2/invoices", body);
    JsonNode invoice = c.ok(created);
    c.expect(
        invoice.path("paymentId").isTextual() && invoice.path("url").isTextual(),
        "paymentId and url",
        created::summary,
        created);
    Exchange read = c.v2().get("/api/v2/payments/" + encode(invoice.path("paymentId").asText()));
    c.decimal(read, c.ok(read), "amount.value", "150.5");
  }

  /** Runs {@code operations.createPayment}. */
  private static void createPayment(CheckContext c) throws Exception {
    Fixtures f = new Fixtures(c);
    ObjectNode body = f.approvedPayment("10.12", false);
    Exchange created = c.v2().post("/api/v2/payments", body);
    JsonNode payment = c.ok(created);
    c.asserted("v2.request.card", "v2.request.method-aliases");
    c.expect(payment.path("id").isTextual(), "an id", created::summary, created);
    c.rule("v2.payment.echo");
    c.decimal(created, payment, "amount.value", "10.12");
    c.member(created, payment, "amount.currency", c.profile().currency());
    c.member(created, payment, "merchantId", c.target().merchantId());
    c.member(created, payment, "invoice.orderNo", body.path("invoice").path("orderNo").asText());
    c.rule("v2.payment.members");
    c.present(created, payment, PAYMENT_MEMBERS);
  }

  /** Runs {@code operations.completePayment}. */
  private static void completePayment(CheckContext c) throws Exception {
    Fixtures f = new Fixtures(c);
    JsonNode payment = f.pay(f.confirmationPayment("SmsOtp", "20"));
    Exchange done =
        c.v2()
            .put(
                "/api/v2/payments/" + encode(payment.path("id").asText()) + "/complete",
                Json.MAPPER.valueToTree(
                    c.need(
                        f.confirmation("SmsOtp").answer(),
                        "the profile gives no answer for an "
                            + "SmsOtp step (confirmations.SmsOtp.answer)")));
    JsonNode completed = c.ok(done);
    c.member(done, completed, "id", payment.path("id").asText());
    String status = completed.path("status").asText();
    c.rule("v2.ep.complete-by-type");
    c.expect(
        Set.of("Settled", "Pending").contains(status)
            || ("Confirmation".equals(status)
                && !"SmsOtp".equals(completed.path("confirmation").path("type").asText())),
        "the step passed: the payment Settled, Pending, or asking for another step",
        done::summary,
        done);
  }

  /** Runs {@code operations.capturePayment}. */
  private static void capturePayment(CheckContext c) throws Exception {
    JsonNode held = new Fixtures(c).heldPayment("30");
    c.done(
        c.v2()
            .put(
                "/api/v2/payments/" + encode(held.path("id").asText()) + "/confirm",
                capture(c, "30")));
  }

  /** Runs {@code operations.cancelPayment}. */
  private static void cancelPayment(CheckContext c) throws Exception {
    JsonNode held = new Fixtures(c).heldPayment("31");
    c.done(c.v2().put("/api/v2/payments/" + encode(held.path("id").asText()) + "/cancel", null));
  }

  /** Runs {@code operations.getPayment}. */
  private static void getPayment(CheckContext c) throws Exception {
    JsonNode payment = new Fixtures(c).settledPayment("12");
    Exchange read = c.v2().get("/api/v2/payments/" + encode(payment.path("id").asText()));
    c.rule("v2.conv.opaque-ids");
    c.member(read, c.ok(read), "id", payment.path("id").asText());
    c.rule("v2.op.getPayment");
    c.present(read, c.ok(read), PAYMENT_MEMBERS);
  }

  /** Runs {@code operations.listPayments}. */
  private static void listPayments(CheckContext c) throws Exception {
    JsonNode payment = new Fixtures(c).settledPayment("13");
    expectListed(
        c,
        "/api/v2/payments?merchantId="
            + encode(c.target().merchantId())
            + "&"
            + Fixtures.period(payment.path("created").asText()),
        payment.path("id").asText());
  }

  /** Runs {@code operations.createRefund}. */
  private static void createRefund(CheckContext c) throws Exception {
    Fixtures f = new Fixtures(c);
    JsonNode payment = f.settledPayment("40");
    Exchange created = c.v2().post("/api/v2/refunds", f.refund(payment.path("id").asText(), "15"));
    JsonNode refund = c.ok(created);
    c.rule("v2.refund.echo");
    c.member(created, refund, "paymentId", payment.path("id").asText());
    c.decimal(created, refund, "amount.value", "15");
    c.rule("v2.refund.members");
    c.present(
        created, refund, "id", "created", "paymentId", "amount.value", "amount.currency", "status");
    c.rule("v2.refund.result-code");
    c.present(created, refund, "resultCode");
  }

  /** Runs {@code operations.getRefund}. */
  private static void getRefund(CheckContext c) throws Exception {
    JsonNode refund = refund(c);
    Exchange read = c.v2().get("/api/v2/refunds/" + encode(refund.path("id").asText()));
    c.rule("v2.conv.opaque-ids");
    c.member(read, c.ok(read), "id", refund.path("id").asText());
    c.rule("v2.refund.members");
    c.present(
        read,
        c.ok(read),
        "id",
        "created",
        "paymentId",
        "amount.value",
        "amount.currency",
        "status");
  }

  /** Runs {@code operations.listRefunds}. */
  private static void listRefunds(CheckContext c) throws Exception {
    JsonNode refund = refund(c);
    expectListed(
        c,
        "/api/v2/refunds?merchantId="
            + encode(c.target().merchantId())
            + "&"
            + Fixtures.period(refund.path("created").asText()),
        refund.path("id").asText());
  }

  /** Runs {@code operations.startTokenization}. */
  private static void startTokenization(CheckContext c) throws Exception {
    Exchange started = c.v2().post("/api/v2/tokenization", new Fixtures(c).tokenization());
    JsonNode answer = c.ok(started);
    c.expect(
        answer.path("tokenId").isTextual() && answer.path("url").isTextual(),
        "tokenId and url",
        started::summary,
        started);
  }

  /** Runs {@code operations.createPaymentToken}. */
  private static void createPaymentToken(CheckContext c) throws Exception {
    Fixtures f = new Fixtures(c);
    Exchange created =
        c.v2().post("/api/v2/paymenttokens", f.tokenRequest(f.approvedCard().pan(), null));
    JsonNode token = c.ok(created);
    String status = token.path("status").asText();
    c.reading(OpenPoint.TOKEN_CREATED, status, created);
    c.rule("v2.token.external");
    c.expect(
        Set.of("Created", "Active").contains(status),
        "a token Created (or already Active)",
        created::summary,
        created);
    if ("Created".equals(status)) {
      c.member(created, token, "confirmation.type", "External");
      c.expect(
          token.path("confirmation").path("paymentUrl").isTextual(),
          "confirmation.paymentUrl to send the " + "user to (Endpoints, rule 3)",
          created::summary,
          created);
    }
  }

  /** Runs {@code operations.completePaymentToken}. */
  private static void completePaymentToken(CheckContext c) throws Exception {
    Fixtures f = new Fixtures(c);
    Profile.Answers answers = c.profile().tokenConfirmation();
    c.need(
        answers == null ? null : answers.answer(),
        "the profile gives no answer that completes a payment token's step "
            + "(tokenConfirmation.answer)");
    Exchange created =
        c.v2().post("/api/v2/paymenttokens", f.tokenRequest(f.approvedCard().pan(), null));
    JsonNode token = c.ok(created);
    c.require(
        !"Active".equals(token.path("status").asText()),
        "the target makes tokens Active at once, so there is no step to complete");
    String id = token.path("id").asText();
    Exchange done =
        c.v2()
            .put(
                "/api/v2/paymenttokens/" + encode(id) + "/complete",
                Json.MAPPER.valueToTree(answers.answer()));
    JsonNode completed = c.ok(done);
    c.expect(
        token.path("id").equals(completed.path("id")),
        "the token completed (id masked)",
        () -> "another token",
        done);
    c.member(done, completed, "status", "Active");
  }

  /** Runs {@code operations.getPaymentToken}. */
  private static void getPaymentToken(CheckContext c) throws Exception {
    Fixtures f = new Fixtures(c);
    JsonNode token = f.activeToken(f.approvedCard().pan(), null);
    Exchange read = c.v2().get("/api/v2/paymenttokens/" + encode(token.path("id").asText()));
    JsonNode answer = c.ok(read);
    c.rule("v2.conv.opaque-ids");
    c.expect(
        token.path("id").equals(answer.path("id")),
        "the token asked for (id masked)",
        () -> "another token",
        read);
    c.rule("v2.op.getPaymentToken");
    c.member(read, answer, "status", "Active");
    c.rule("v2.token.members");
    c.present(read, answer, "id", "status");
  }

  /** Runs {@code operations.revokePaymentToken}. */
  private static void revokePaymentToken(CheckContext c) throws Exception {
    Fixtures f = new Fixtures(c);
    JsonNode token = f.activeToken(f.approvedCard().pan(), null);
    c.done(
        c.v2().put("/api/v2/paymenttokens/" + encode(token.path("id").asText()) + "/revoke", null));
  }

  /** Runs {@code operations.createReceipt}. */
  private static void createReceipt(CheckContext c) throws Exception {
    Fixtures f = new Fixtures(c);
    JsonNode payment = f.settledPayment("50");
    Exchange created =
        c.v2().post("/api/v2/receipts", f.receipt(payment.path("id").asText(), "50"));
    JsonNode receipt = c.ok(created);
    c.rule("v2.receipt.members");
    c.member(created, receipt, "paymentId", payment.path("id").asText());
    c.member(created, receipt, "type", "Payment");
    c.present(
        created,
        receipt,
        "id",
        "created",
        "paymentId",
        "amount.value",
        "amount.currency",
        "type",
        "status");
  }

  /** Runs {@code operations.getReceipt}. */
  private static void getReceipt(CheckContext c) throws Exception {
    JsonNode receipt = receipt(c);
    Exchange read = c.v2().get("/api/v2/receipts/" + encode(receipt.path("id").asText()));
    c.rule("v2.conv.opaque-ids");
    c.member(read, c.ok(read), "id", receipt.path("id").asText());
  }

  /** Runs {@code operations.listReceipts}. */
  private static void listReceipts(CheckContext c) throws Exception {
    JsonNode receipt = receipt(c);
    JsonNode other = receipt(c);
    String paymentId = receipt.path("paymentId").asText();
    Exchange first = c.v2().get("/api/v2/receipts?paymentId=" + encode(paymentId));
    // A bare array is the other reading of an open point; it is the one and only page.
    boolean array = c.ok(first).isArray();
    c.reading(OpenPoint.RECEIPT_LIST, array ? "array" : "object", first);
    List<JsonNode> items =
        array ? new ArrayList<>() : Pages.all(c, "/api/v2/receipts?paymentId=" + encode(paymentId));
    if (array) {
      first.json().forEach(items::add);
    }
    c.expect(
        items.stream().anyMatch(i -> receipt.path("id").asText().equals(i.path("id").asText())),
        "receipt " + receipt.path("id").asText() + " in the list",
        first::summary,
        first);
    c.expect(
        items.stream().allMatch(i -> paymentId.equals(i.path("paymentId").asText())),
        "only receipts of payment " + paymentId,
        () -> "also receipt " + other.path("id").asText() + " of another",
        first);
  }

  /** Runs {@code operations.createSticker}. */
  private static void createSticker(CheckContext c) throws Exception {
    Exchange created = c.v2().post("/api/v2/stickers", new Fixtures(c).sticker(false, "350", null));
    JsonNode sticker = c.ok(created);
    c.rule("v2.states.sticker-active");
    c.member(created, sticker, "status", "Active");
    c.rule("v2.sticker.members");
    c.expect(sticker.path("payload").isTextual(), "a payload", created::summary, created);
  }

  /** Runs {@code operations.setStickerActive}. */
  private static void setStickerActive(CheckContext c) throws Exception {
    JsonNode sticker =
        c.ok(c.v2().post("/api/v2/stickers", new Fixtures(c).sticker(false, null, null)));
    c.done(
        c.v2()
            .put(
                "/api/v2/stickers/" + encode(sticker.path("id").asText()),
                Json.object().put("active", false)));
  }

  /** Runs {@code operations.getSticker}. */
  private static void getSticker(CheckContext c) throws Exception {
    JsonNode sticker =
        c.ok(c.v2().post("/api/v2/stickers", new Fixtures(c).sticker(false, null, null)));
    Exchange read = c.v2().get("/api/v2/stickers/" + encode(sticker.path("id").asText()));
    c.rule("v2.conv.opaque-ids");
    c.member(read, c.ok(read), "id", sticker.path("id").asText());
  }

  /** Runs {@code operations.listStickers}. */
  private static void listStickers(CheckContext c) throws Exception {
    JsonNode sticker =
        c.ok(c.v2().post("/api/v2/stickers", new Fixtures(c).sticker(false, null, null)));
    expectListed(
        c,
        "/api/v2/stickers?merchantId=" + encode(c.target().merchantId()),
        sticker.path("id").asText());
  }

  /** Runs {@code operations.v1-getPayment}. */
  private static void v1GetPayment(CheckContext c) throws Exception {
    String id = V1Support.paymentId(c, new Fixtures(c).settledPayment("21"));
    Exchange read = c.v1().call("getPayment", values("paymentID", id));
    JsonNode envelope = V1Support.success(c, read, "Payment");
    c.expect(
        envelope.path("Payment").path("PaymentID").asText().equals(id),
        "PaymentID " + id,
        read::summary,
        read);
    c.rule("v1.payment.currency");
    JsonNode currency = envelope.path("Payment").path("CurrencyCode");
    c.expect(
        currency.isTextual() && currency.asText().equals(c.profile().currency()),
        "CurrencyCode " + c.profile().currency() + ", the invoice's ISO 4217 code",
        () -> "CurrencyCode " + (currency.isMissingNode() ? "(absent)" : currency),
        read);
  }

  /** Runs {@code operations.v1-getPaymentByInvoiceID}. */
  private static void v1GetPaymentByInvoiceID(CheckContext c) throws Exception {
    JsonNode payment = new Fixtures(c).settledPayment("22");
    String id = V1Support.paymentId(c, payment);
    Exchange read =
        c.v1()
            .call(
                "getPaymentByInvoiceID",
                values(
                    "invoiceID",
                    payment.path("invoice").path("orderNo").asText(),
                    "siteAlias",
                    V1Support.siteAlias(c)));
    JsonNode envelope = V1Support.success(c, read, "Payment");
    c.expect(
        envelope.path("Payment").path("PaymentID").asText().equals(id),
        "PaymentID " + id,
        read::summary,
        read);
  }

  /** Runs {@code operations.v1-listPaymentsFilter}. */
  private static void v1ListPaymentsFilter(CheckContext c) throws Exception {
    JsonNode payment = new Fixtures(c).settledPayment("23");
    String id = V1Support.paymentId(c, payment);
    Exchange listed =
        c.v1()
            .call(
                "listPaymentsFilter",
                values("invoiceID", payment.path("invoice").path("orderNo").asText()));
    JsonNode envelope = V1Support.success(c, listed, "Response");
    boolean found = false;
    for (JsonNode item : envelope.path("Response").path("Payments")) {
      found |= item.path("PaymentID").asText().equals(id);
    }
    c.expect(found, "payment " + id + " in Response.Payments", listed::summary, listed);
  }

  /** Runs {@code operations.v1-refundPayment}. */
  private static void v1RefundPayment(CheckContext c) throws Exception {
    String id = V1Support.paymentId(c, new Fixtures(c).settledPayment("24"));
    String externalId = c.run().unique("kit-refund");
    Exchange refunded =
        c.v1()
            .call(
                "refundPayment", values("paymentID", id, "amount", "4", "externalID", externalId));
    JsonNode envelope = V1Support.success(c, refunded, "Refund");
    c.decimal(refunded, envelope, "Refund.Amount", "4");
    c.rule("v1.refund.members");
    c.expect(
        envelope.path("Refund").path("PaymentID").asText().equals(id),
        "Refund.PaymentID " + id,
        refunded::summary,
        refunded);
    c.rule("v1.refund.external-id");
    c.member(refunded, envelope, "Refund.ExternalID", externalId);
  }

  /** Runs {@code operations.v1-listRefunds}. */
  private static void v1ListRefunds(CheckContext c) throws Exception {
    String id = V1Support.paymentId(c, new Fixtures(c).settledPayment("25"));
    V1Support.success(
        c, c.v1().call("refundPayment", values("paymentID", id, "amount", "5")), "Refund");
    Exchange listed = c.v1().call("listRefunds", values("paymentID", id));
    JsonNode envelope = V1Support.success(c, listed, "Response");
    c.expect(
        envelope.path("Response").path("Refunds").size() == 1,
        "one refund of payment " + id,
        listed::summary,
        listed);
  }

  /** Runs {@code operations.v1-confirmPayment}. */
  private static void v1ConfirmPayment(CheckContext c) throws Exception {
    String id = V1Support.paymentId(c, new Fixtures(c).heldPayment("26"));
    Exchange confirmed = c.v1().call("confirmPayment", values("paymentID", id, "amount", "26"));
    c.member(confirmed, V1Support.success(c, confirmed, "Payment"), "Payment.State", "COMPLETE");
  }

  /** Runs {@code operations.v1-cancelPayment}. */
  private static void v1CancelPayment(CheckContext c) throws Exception {
    String id = V1Support.paymentId(c, new Fixtures(c).heldPayment("27"));
    Exchange cancelled = c.v1().call("cancelPayment", values("paymentID", id));
    c.member(cancelled, V1Support.success(c, cancelled, "Payment"), "Payment.State", "CANCELLED");
  }

  /** Runs {@code operations.v1-listDocuments}. */
  private static void v1ListDocuments(CheckContext c) throws Exception {
    Exchange listed = c.v1().call("listDocuments", Map.of());
    JsonNode envelope = V1Support.success(c, listed, "Response");
    c.expect(
        envelope.path("Response").path("Documents").isArray(),
        "Response.Documents as a list",
        listed::summary,
        listed);
  }

  /** Runs {@code operations.v1-getDocumentContent}. */
  private static void v1GetDocumentContent(CheckContext c) throws Exception {
    JsonNode documents =
        V1Support.success(c, c.v1().call("listDocuments", Map.of()), "Response")
            .path("Response")
            .path("Documents");
    c.require(documents.size() > 0, "the target lists no documents to download");
    Exchange content =
        c.v1()
            .call(
                "getDocumentContent",
                values("documentID", documents.get(0).path("DocumentID").asText()));
    c.status(content, 200);
    c.expect(
        content.body().length > 0 && content.v1ErrorCode() == null,
        "the document's content",
        content::summary,
        content);
  }

  /** Runs {@code operations.v1-listTransfers}. */
  private static void v1ListTransfers(CheckContext c) throws Exception {
    Exchange listed = c.v1().call("listTransfers", Map.of());
    JsonNode envelope = V1Support.success(c, listed, "Response");
    c.expect(
        envelope.path("Response").path("Transfers").isArray(),
        "Response.Transfers as a list",
        listed::summary,
        listed);
  }

  /** Runs {@code operations.v1-getTransferRegister}. */
  private static void v1GetTransferRegister(CheckContext c) throws Exception {
    JsonNode transfers =
        V1Support.success(c, c.v1().call("listTransfers", Map.of()), "Response")
            .path("Response")
            .path("Transfers");
    c.require(transfers.size() > 0, "the target lists no transfers");
    String registerId = transfers.get(0).path("RegisterID").asText();
    Exchange read = c.v1().call("getTransferRegister", values("registerID", registerId));
    // The document gives RegisterID no type: it is compared as written, number or text.
    JsonNode shown = Json.at(V1Support.success(c, read, "Response"), "Response.RegisterID");
    c.expect(
        shown.isValueNode() && shown.asText().equals(registerId),
        "Response.RegisterID = " + registerId,
        () -> "Response.RegisterID = " + (shown.isMissingNode() ? "(absent)" : shown),
        read);
  }
}
