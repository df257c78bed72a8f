package com.merchantpay.conformance.internal;

import static com.merchantpay.conformance.internal.Fixtures.PAID;
import static com.merchantpay.conformance.internal.Fixtures.encode;
import static com.merchantpay.conformance.internal.LifecycleSteps.capturedShown;
import static com.merchantpay.conformance.internal.LifecycleSteps.check;
import static com.merchantpay.conformance.internal.LifecycleSteps.digits;
import static com.merchantpay.conformance.internal.LifecycleSteps.find;
import static com.merchantpay.conformance.internal.LifecycleSteps.partialCapture;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.merchantpay.conformance.target.OpenPoint;
import com.merchantpay.conformance.target.Profile;
import java.util.ArrayList;
import java.util.List;

/**
 * Lifecycle checks of payments: one and two stages, tokenization, masking, the pages a payer uses.
 */
final class LifecyclePayments {
  private LifecyclePayments() {}

  static List<Check> payments() {
    List<Check> checks = new ArrayList<>();
    checks.add(
        check(
                "single-stage-payment-settles",
                "An approved one-stage payment takes the money: Settled, with the time it finished",
                "v2.states.payment-one-stage",
                List.of(Tag.PAYMENTS),
                LifecyclePayments::singleStagePaymentSettles)
            .judging("v2.request.card", "v2.payment.completed", "v2.states.pending"));
    checks.add(
        check(
            "dual-mode-defaults-to-one-stage",
            "A payment that leaves dualMode out takes the money in one " + "stage: Settled",
            "v2.states.payment-one-stage",
            List.of(Tag.PAYMENTS),
            LifecyclePayments::dualModeDefaultsToOneStage));
    checks.add(
        check(
                "two-stage-payment-is-held",
                "An approved two-stage payment holds the money: Authorized",
                "v2.states.payment-two-stage",
                List.of(Tag.PAYMENTS),
                LifecyclePayments::twoStagePaymentIsHeld)
            .judging("v2.states.pending"));
    checks.add(
        check(
                "test-mode-defaults-to-false",
                "A payment shows the test flag it was made with, false when testMode is left out, "
                    + "unless the target makes test payments only",
                "v2.states.test-mode",
                List.of(Tag.PAYMENTS),
                LifecyclePayments::testModeDefaultsToFalse)
            .judging("v2.payment.echo"));
    checks.add(
        check(
                "capture-settles-a-held-payment",
                "Capturing a held payment makes it Settled",
                "v2.ep.capture-held",
                List.of(Tag.PAYMENTS, Tag.MONEY),
                LifecyclePayments::captureSettlesAHeldPayment)
            .judging("v2.op.capturePayment"));
    checks.add(
        check(
            "partial-capture-takes-less-than-held",
            "A capture of less than is held takes that much: the payment is Settled and shows the sum taken",
            "v2.ep.partial-capture",
            List.of(Tag.PAYMENTS, Tag.MONEY),
            LifecyclePayments::partialCaptureTakesLessThanHeld));
    checks.add(
        check(
                "cancel-releases-the-hold",
                "Cancelling a held payment makes it Cancelled",
                "v2.op.cancelPayment",
                List.of(Tag.PAYMENTS),
                LifecyclePayments::cancelReleasesTheHold)
            .judging("v2.payment.completed"));
    checks.add(
        check(
            "a-payment-with-tokenization-carries-its-token",
            "A payment made with tokenization options shows the stored token in paymentToken",
            "v2.request.tokenization-token",
            List.of(Tag.PAYMENTS, Tag.TOKENS),
            LifecyclePayments::aPaymentWithTokenizationCarriesItsToken));
    checks.add(
        check(
            "the-card-number-comes-back-masked",
            "A card payment names the card only masked, and never echoes its security code",
            "v2.payment.masked-instrument",
            List.of(Tag.PAYMENTS, Tag.SECRETS),
            LifecyclePayments::theCardNumberComesBackMasked));
    return checks;
  }

  /** The pages the target names for a payer: what the payer does there, as the profile says. */
  static List<Check> pages() {
    List<Check> checks = new ArrayList<>();
    checks.add(
        check(
                "an-invoice-is-paid-on-its-page",
                "A payer who pays an invoice on the page its creation named makes its payment Settled",
                "v2.op.createInvoice",
                List.of(Tag.PAYMENTS, Tag.PAGES),
                LifecyclePayments::anInvoiceIsPaidOnItsPage)
            .judging("v2.payment.echo", "v2.states.payment-one-stage"));
    checks.add(
        check(
                "a-card-stored-on-the-tokenization-page-makes-an-active-token",
                "A card the customer stores on the page tokenization named makes that token Active",
                "v2.op.startTokenization",
                List.of(Tag.TOKENS, Tag.PAGES),
                LifecyclePayments::aCardStoredOnTheTokenizationPageMakesAnActiveToken)
            .judging("v2.op.getPaymentToken"));
    checks.add(
        check(
            "a-payer-who-declines-an-external-step-does-not-pay",
            "A payer who declines an External step leaves the payment unpaid; declined, it is Rejected with a resultCode",
            "v2.errors.declines",
            List.of(Tag.PAYMENTS, Tag.CONFIRMATIONS, Tag.PAGES),
            LifecyclePayments::aPayerWhoDeclinesAnExternalStepDoesNotPay));
    return checks;
  }

  /** Runs {@code lifecycle.single-stage-payment-settles}. */
  private static void singleStagePaymentSettles(CheckContext c) throws Exception {
    Fixtures.Made made = new Fixtures(c).created(new Fixtures(c).approvedPayment("100", false));
    c.asserted("v2.request.card");
    c.member(made.shown(), made.payment(), "status", "Settled");
    // A Pending answer was read until it left Pending, and it ended Settled.
    c.asserted("v2.states.pending");
    c.rule("v2.payment.completed");
    c.present(made.shown(), made.payment(), "completed");
  }

  /** Runs {@code lifecycle.dual-mode-defaults-to-one-stage}. */
  private static void dualModeDefaultsToOneStage(CheckContext c) throws Exception {
    Fixtures f = new Fixtures(c);
    ObjectNode body = f.approvedPayment("100", false);
    body.remove("dualMode");
    Fixtures.Made made = f.created(body);
    c.member(made.shown(), made.payment(), "status", "Settled");
  }

  /** Runs {@code lifecycle.two-stage-payment-is-held}. */
  private static void twoStagePaymentIsHeld(CheckContext c) throws Exception {
    new Fixtures(c).payment("100", true, "Authorized");
    c.asserted("v2.states.pending");
  }

  /** Runs {@code lifecycle.test-mode-defaults-to-false}. */
  private static void testModeDefaultsToFalse(CheckContext c) throws Exception {
    Fixtures f = new Fixtures(c);
    Exchange test = c.v2().post(Paths.v2("createPayment"), f.approvedPayment("10", false));
    c.expect(
        c.ok(test).path("testMode").asBoolean(false),
        "testMode true, as asked",
        test::summary,
        test);
    ObjectNode asked = f.approvedPayment("10", false);
    asked.put("testMode", false);
    Exchange liveAsked = c.v2().post(Paths.v2("createPayment"), asked);
    ObjectNode body = f.approvedPayment("10", false);
    body.remove("testMode");
    Exchange live = c.v2().post(Paths.v2("createPayment"), body);
    for (Exchange refused : List.of(liveAsked, live)) {
      c.require(
          !(refused.answered() && refused.status() / 100 == 4),
          "the target refuses a payment that is not a test payment: " + refused.summary());
    }
    JsonNode askedFlag = c.ok(liveAsked).path("testMode");
    JsonNode flag = c.ok(live).path("testMode");
    if (askedFlag.asBoolean(false) && flag.asBoolean(false)) {
      // Live asked for both ways and a test payment made both times: a target that makes test
      // payments only, which keeps the default no less than it keeps an explicit false.
      c.reading(OpenPoint.TEST_ONLY, "test-only", "testMode true however asked", live);
      return;
    }
    c.reading(OpenPoint.TEST_ONLY, "live", live);
    c.expect(
        askedFlag.isBoolean() && !askedFlag.asBoolean(),
        "testMode false, as asked",
        liveAsked::summary,
        liveAsked);
    c.expect(
        flag.isBoolean() && !flag.asBoolean(), "testMode false, its default", live::summary, live);
  }

  /** Runs {@code lifecycle.capture-settles-a-held-payment}. */
  private static void captureSettlesAHeldPayment(CheckContext c) throws Exception {
    String id = new Fixtures(c).heldPayment("100").path("id").asText();
    c.done(c.v2().put(Paths.v2("capturePayment", id), new Fixtures(c).capture("100")));
    Exchange read = c.v2().get(Paths.v2("getPayment", id));
    c.member(read, c.ok(read), "status", "Settled");
  }

  /** Runs {@code lifecycle.partial-capture-takes-less-than-held}. */
  private static void partialCaptureTakesLessThanHeld(CheckContext c) throws Exception {
    JsonNode held = new Fixtures(c).heldPayment("100");
    String id = held.path("id").asText();
    if (!partialCapture(c, id, "60.5")) {
      return;
    }
    Exchange read = c.v2().get(Paths.v2("getPayment", id));
    JsonNode payment = c.ok(read);
    c.member(read, payment, "status", "Settled");
    c.reading(OpenPoint.CAPTURED_AMOUNT, capturedShown(payment, "60.5"), read);
    Pages.Page page =
        Pages.find(
            c,
            Paths.v2("listPayments")
                + "?merchantId="
                + encode(c.target().merchantId())
                + "&"
                + Fixtures.period(held.path("created").asText()),
            id);
    c.reading(
        OpenPoint.CAPTURED_AMOUNT,
        capturedShown(find(Json.MAPPER.valueToTree(page.items()), id), "60.5"),
        page.exchange());
  }

  /** Runs {@code lifecycle.cancel-releases-the-hold}. */
  private static void cancelReleasesTheHold(CheckContext c) throws Exception {
    String id = new Fixtures(c).heldPayment("100").path("id").asText();
    c.done(c.v2().put(Paths.v2("cancelPayment", id), null));
    Exchange read = c.v2().get(Paths.v2("getPayment", id));
    c.member(read, c.ok(read), "status", "Cancelled");
    c.rule("v2.payment.completed");
    c.present(read, read.json(), "completed");
  }

  /** Runs {@code lifecycle.a-payment-with-tokenization-carries-its-token}. */
  private static void aPaymentWithTokenizationCarriesItsToken(CheckContext c) throws Exception {
    Fixtures f = new Fixtures(c);
    ObjectNode body = f.approvedPayment("10", false);
    body.putObject("tokenization").put("type", "cof").put("purpose", "Faster checkout");
    Fixtures.Made made = f.created(body);
    c.member(made.shown(), made.payment(), "status", "Settled");
    Exchange shown = made.shown();
    if (!made.payment().path("paymentToken").path("id").isTextual()) {
      // The token may be stored after the payment is answered: read the payment again.
      shown = c.v2().get(Paths.v2("getPayment", made.payment().path("id").asText()));
      c.ok(shown);
    }
    Exchange tokenShown = shown;
    c.expect(
        tokenShown.json().path("paymentToken").path("id").isTextual(),
        "paymentToken.id, the token stored",
        tokenShown::summary,
        tokenShown);
  }

  /** Runs {@code lifecycle.the-card-number-comes-back-masked}. */
  private static void theCardNumberComesBackMasked(CheckContext c) throws Exception {
    Fixtures f = new Fixtures(c);
    Profile.Card card = f.approvedCard();
    Fixtures.Made made = f.created(f.approvedPayment("10", false));
    Exchange read = c.v2().get(Paths.v2("getPayment", made.payment().path("id").asText()));
    c.ok(read);
    for (Exchange answer : List.of(made.shown(), read)) {
      c.expect(
          !answer.text().contains(card.pan()),
          "no full card number in the answer",
          () ->
              "the full "
                  + "card number in "
                  + Redaction.text(answer.text().replace(card.pan(), "<the full card number>")),
          answer);
      JsonNode title = Json.at(answer.json(), "paymentData.paymentInstrumentTitle");
      c.expect(
          !title.isTextual() || !digits(title.asText()).contains(card.pan()),
          "paymentInstrumentTitle masked",
          () -> "paymentInstrumentTitle holds the full card number",
          answer);
      if (card.cvc() != null && card.cvc().length() >= 3) {
        c.expect(
            !answer.text().contains("\"" + card.cvc() + "\""),
            "no security code in the answer",
            () -> "the card's security code as a value in the answer",
            answer);
      }
    }
  }

  /** Runs {@code lifecycle.an-invoice-is-paid-on-its-page}. */
  private static void anInvoiceIsPaidOnItsPage(CheckContext c) throws Exception {
    Fixtures f = new Fixtures(c);
    Exchange created = c.v2().post(Paths.v2("createInvoice"), f.invoice("25"));
    JsonNode invoice = c.ok(created);
    String id = invoice.path("paymentId").asText();
    Exchange before = c.v2().get(Paths.v2("getPayment", id));
    c.rule("v2.states.payment-one-stage");
    c.expect(
        !PAID.contains(c.ok(before).path("status").asText()),
        "an invoice not paid before the payer paid it",
        before::summary,
        before);
    f.payerStep("invoicePayment", "how a payer pays an invoice on its page", invoice, "25");
    Exchange paid = f.settled(id);
    c.member(paid, c.ok(paid), "status", "Settled");
    c.rule("v2.payment.echo");
    c.decimal(paid, paid.json(), "amount.value", "25");
  }

  /** Runs {@code lifecycle.a-card-stored-on-the-tokenization-page-makes-an-active-token}. */
  private static void aCardStoredOnTheTokenizationPageMakesAnActiveToken(CheckContext c)
      throws Exception {
    Fixtures f = new Fixtures(c);
    Exchange started = c.v2().post(Paths.v2("startTokenization"), f.tokenization());
    JsonNode answer = c.ok(started);
    String tokenId = answer.path("tokenId").asText();
    f.payerStep(
        "tokenizationPage", "how a customer stores a card on the tokenization page", answer, null);
    Exchange read = f.settledToken(tokenId);
    c.rule("v2.op.getPaymentToken");
    c.member(read, c.ok(read), "status", "Active");
  }

  /** Runs {@code lifecycle.a-payer-who-declines-an-external-step-does-not-pay}. */
  private static void aPayerWhoDeclinesAnExternalStepDoesNotPay(CheckContext c) throws Exception {
    Fixtures f = new Fixtures(c);
    c.need(
        c.profile().payerStep("externalDecline").orElse(null),
        "the profile does not say how a payer declines an External step (payerSteps.externalDecline)");
    JsonNode payment = f.pay(f.confirmationPayment("External", "10"));
    c.member(null, payment, "confirmation.type", "External");
    f.payerStep(
        "externalDecline",
        "how a payer declines an External step",
        payment.path("confirmation"),
        null);
    Exchange read = f.settled(payment.path("id").asText());
    JsonNode after = c.ok(read);
    String status = after.path("status").asText();
    c.expect(!PAID.contains(status), "the payment not paid", () -> "status " + status, read);
    if ("Rejected".equals(status)) {
      c.expect(
          after.path("resultCode").isTextual()
              && !"Success".equals(after.path("resultCode").asText()),
          "a resultCode telling why",
          read::summary,
          read);
    }
  }
}
