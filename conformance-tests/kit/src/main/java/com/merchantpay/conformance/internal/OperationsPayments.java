package com.merchantpay.conformance.internal;

import static com.merchantpay.conformance.internal.Fixtures.encode;
import static com.merchantpay.conformance.internal.OperationsSteps.PAYMENT_MEMBERS;
import static com.merchantpay.conformance.internal.OperationsSteps.refund;
import static com.merchantpay.conformance.internal.OperationsSteps.v2;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The happy path of the v2 payment and refund operations: one named check each, declared in the
 * table below.
 */
final class OperationsPayments {
  private OperationsPayments() {}

  static List<Check> declared() {
    List<Check> checks = new ArrayList<>();
    checks.add(
        v2(
            "createInvoice",
            "Creating an invoice answers with the payment id and the page URL",
            OperationsPayments::createInvoice));
    checks.add(
        v2(
                "createPayment",
                "Creating a payment answers with the payment for the amount asked",
                OperationsPayments::createPayment)
            .judging(
                "v2.request.card",
                "v2.request.method-aliases",
                "v2.payment.members",
                "v2.payment.echo"));
    checks.add(
        v2(
                "completePayment",
                "Completing a confirmation step answers with the payment after it",
                c -> c.run().withConfirmations(OperationsPayments::completePayment, c))
            .judging("v2.payment.members", "v2.ep.complete-by-type"));
    checks.add(
        v2(
            "capturePayment",
            "Capturing a held payment answers 200 without a body",
            OperationsPayments::capturePayment));
    checks.add(
        v2(
            "cancelPayment",
            "Cancelling a held payment answers 200 without a body",
            OperationsPayments::cancelPayment));
    checks.add(
        v2(
                "getPayment",
                "Reading a payment answers with that payment",
                OperationsPayments::getPayment)
            .judging("v2.conv.opaque-ids", "v2.payment.members"));
    checks.add(
        v2(
            "listPayments",
            "Listing payments of a period holds a payment created in it",
            OperationsPayments::listPayments));
    checks.add(
        v2(
                "createRefund",
                "Refunding a settled payment answers with the refund",
                OperationsPayments::createRefund)
            .judging("v2.refund.members", "v2.refund.result-code", "v2.refund.echo"));
    checks.add(
        v2("getRefund", "Reading a refund answers with that refund", OperationsPayments::getRefund)
            .judging("v2.conv.opaque-ids", "v2.refund.members"));
    checks.add(
        v2(
            "listRefunds",
            "Listing refunds of a period holds a refund created in it",
            OperationsPayments::listRefunds));
    return checks;
  }

  /** Runs {@code operations.createInvoice}. */
  private static void createInvoice(CheckContext c) throws Exception {
    ObjectNode body = new Fixtures(c).invoice("150.5");
    Exchange created = c.v2().post(Paths.v2("createInvoice"), body);
    JsonNode invoice = c.ok(created);
    c.expect(
        invoice.path("paymentId").isTextual() && invoice.path("url").isTextual(),
        "paymentId and url",
        created::summary,
        created);
    Exchange read = c.v2().get(Paths.v2("getPayment", invoice.path("paymentId").asText()));
    c.decimal(read, c.ok(read), "amount.value", "150.5");
  }

  /** Runs {@code operations.createPayment}. */
  private static void createPayment(CheckContext c) throws Exception {
    Fixtures f = new Fixtures(c);
    ObjectNode body = f.approvedPayment("10.12", false);
    Exchange created = c.v2().post(Paths.v2("createPayment"), body);
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
                Paths.v2("completePayment", payment.path("id").asText()),
                c.need(
                    f.passingAnswer(f.confirmation("SmsOtp"), payment),
                    "the profile gives no answer for an "
                        + "SmsOtp step (confirmations.SmsOtp.answer or answerFrom)"));
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
                Paths.v2("capturePayment", held.path("id").asText()),
                new Fixtures(c).capture("30")));
  }

  /** Runs {@code operations.cancelPayment}. */
  private static void cancelPayment(CheckContext c) throws Exception {
    JsonNode held = new Fixtures(c).heldPayment("31");
    c.done(c.v2().put(Paths.v2("cancelPayment", held.path("id").asText()), null));
  }

  /** Runs {@code operations.getPayment}. */
  private static void getPayment(CheckContext c) throws Exception {
    JsonNode payment = new Fixtures(c).settledPayment("12");
    Exchange read = c.v2().get(Paths.v2("getPayment", payment.path("id").asText()));
    c.rule("v2.conv.opaque-ids");
    c.member(read, c.ok(read), "id", payment.path("id").asText());
    c.rule("v2.op.getPayment");
    c.present(read, c.ok(read), PAYMENT_MEMBERS);
  }

  /** Runs {@code operations.listPayments}. */
  private static void listPayments(CheckContext c) throws Exception {
    JsonNode payment = new Fixtures(c).settledPayment("13");
    Pages.find(
        c,
        Paths.v2("listPayments")
            + "?merchantId="
            + encode(c.target().merchantId())
            + "&"
            + Fixtures.period(payment.path("created").asText()),
        payment.path("id").asText());
  }

  /** Runs {@code operations.createRefund}. */
  private static void createRefund(CheckContext c) throws Exception {
    Fixtures f = new Fixtures(c);
    JsonNode payment = f.settledPayment("40");
    Exchange created =
        c.v2().post(Paths.v2("createRefund"), f.refund(payment.path("id").asText(), "15"));
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
    Exchange read = c.v2().get(Paths.v2("getRefund", refund.path("id").asText()));
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
    Pages.find(
        c,
        Paths.v2("listRefunds")
            + "?merchantId="
            + encode(c.target().merchantId())
            + "&"
            + Fixtures.period(refund.path("created").asText()),
        refund.path("id").asText());
  }
}
