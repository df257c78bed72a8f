package com.merchantpay.conformance.internal;

import static com.merchantpay.conformance.internal.Fixtures.values;
import static com.merchantpay.conformance.internal.LifecycleSteps.PARTIAL_CAPTURE_REFUSED;
import static com.merchantpay.conformance.internal.LifecycleSteps.check;
import static com.merchantpay.conformance.internal.LifecycleSteps.partialCapture;
import static com.merchantpay.conformance.internal.LifecycleSteps.stays;
import static com.merchantpay.conformance.internal.LifecycleSteps.wrongState;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.merchantpay.conformance.target.OpenPoint;
import java.util.ArrayList;
import java.util.List;

/** Lifecycle checks of moves a payment refuses, and of money: amounts, currency, exact numbers. */
final class LifecycleRefusals {
  private LifecycleRefusals() {}

  static List<Check> refusedMoves() {
    List<Check> checks = new ArrayList<>();
    checks.add(
        check(
                "capture-of-a-settled-payment-is-refused",
                "A settled payment cannot be captured again; it " + "stays Settled",
                "v2.ep.no-money-twice",
                List.of(Tag.PAYMENTS, Tag.TRANSITIONS),
                LifecycleRefusals::captureOfASettledPaymentIsRefused)
            .judging("v2.errors.invalid-operation"));
    checks.add(
        check(
                "cancel-of-a-settled-payment-is-refused",
                "A settled payment cannot be cancelled; it stays " + "Settled",
                "v2.ep.no-money-twice",
                List.of(Tag.PAYMENTS, Tag.TRANSITIONS),
                LifecycleRefusals::cancelOfASettledPaymentIsRefused)
            .judging("v2.errors.invalid-operation"));
    checks.add(
        check(
            "cancel-of-a-cancelled-payment-is-refused",
            "Cancelling a cancelled payment changes nothing",
            "v2.ep.no-money-twice",
            List.of(Tag.PAYMENTS, Tag.TRANSITIONS),
            LifecycleRefusals::cancelOfACancelledPaymentIsRefused));
    checks.add(
        check(
                "capture-of-a-cancelled-payment-is-refused",
                "Money a cancel released cannot be captured; the payment stays Cancelled",
                "v2.ep.no-money-twice",
                List.of(Tag.PAYMENTS, Tag.TRANSITIONS),
                LifecycleRefusals::captureOfACancelledPaymentIsRefused)
            .judging("v2.errors.invalid-operation"));
    checks.add(
        check(
            "complete-of-a-payment-without-a-step-is-refused",
            "A payment that waits for no confirmation cannot be completed; it stays Settled",
            "v2.ep.no-money-twice",
            List.of(Tag.PAYMENTS, Tag.TRANSITIONS),
            LifecycleRefusals::completeOfAPaymentWithoutAStepIsRefused));
    checks.add(
        check(
            "refund-of-a-held-payment-is-refused",
            "Money that is only held is not refunded",
            OpenPoint.REFUND_HELD,
            List.of(Tag.REFUNDS, Tag.TRANSITIONS, Tag.MONEY),
            LifecycleRefusals::refundOfAHeldPaymentIsRefused));
    checks.add(
        check(
            "unknown-payment-is-not-found",
            "Reading a payment that does not exist is refused",
            "v2.ep.unknown-resource",
            List.of(Tag.PAYMENTS, Tag.ERRORS),
            LifecycleRefusals::unknownPaymentIsNotFound));
    return checks;
  }

  static List<Check> money() {
    List<Check> checks = new ArrayList<>();
    checks.add(
        check(
            "capture-beyond-the-held-amount-is-refused",
            "A capture of more than is held is refused and the payment stays held",
            "v2.ep.capture-held",
            List.of(Tag.PAYMENTS, Tag.MONEY),
            LifecycleRefusals::captureBeyondTheHeldAmountIsRefused));
    checks.add(
        check(
            "zero-and-negative-amounts-are-refused",
            "A payment, capture or refund of zero or less is refused and moves no money",
            "v2.request.amount",
            List.of(Tag.PAYMENTS, Tag.REFUNDS, Tag.MONEY),
            LifecycleRefusals::zeroAndNegativeAmountsAreRefused));
    checks.add(
        check(
                "money-moves-only-in-the-payments-currency",
                "A capture or refund in another currency than the payment's is refused",
                "v2.ep.currency-match",
                List.of(Tag.PAYMENTS, Tag.REFUNDS, Tag.MONEY),
                LifecycleRefusals::moneyMovesOnlyInThePaymentsCurrency)
            .judging("v2.general.currency"));
    checks.add(
        check(
                "amounts-are-exact-json-numbers",
                "An amount comes back as the JSON number sent; one with four fraction digits, when taken, too",
                "v2.conv.decimal",
                List.of(Tag.MONEY),
                LifecycleRefusals::amountsAreExactJsonNumbers)
            .judging("v2.payment.echo"));
    checks.add(
        check(
                "v1-sees-a-v2-payment-held-and-captured",
                "v1 shows a v2 payment held, then taken with PaymentAmount the captured sum and Amount the invoice's",
                "v1.payment.paid-amount",
                List.of(Tag.MONEY, Tag.CROSS_INTERFACE),
                LifecycleRefusals::v1SeesAV2PaymentHeldAndCaptured)
            .judging("v2.ep.partial-capture", "v1.payment.invoice-number"));
    return checks;
  }

  /** Runs {@code lifecycle.capture-of-a-settled-payment-is-refused}. */
  private static void captureOfASettledPaymentIsRefused(CheckContext c) throws Exception {
    String id = new Fixtures(c).settledPayment("10").path("id").asText();
    wrongState(c, c.v2().put(Paths.v2("capturePayment", id), new Fixtures(c).capture("10")));
    stays(c, id, "Settled");
  }

  /** Runs {@code lifecycle.cancel-of-a-settled-payment-is-refused}. */
  private static void cancelOfASettledPaymentIsRefused(CheckContext c) throws Exception {
    String id = new Fixtures(c).settledPayment("10").path("id").asText();
    wrongState(c, c.v2().put(Paths.v2("cancelPayment", id), null));
    stays(c, id, "Settled");
  }

  /** Runs {@code lifecycle.cancel-of-a-cancelled-payment-is-refused}. */
  private static void cancelOfACancelledPaymentIsRefused(CheckContext c) throws Exception {
    String id = new Fixtures(c).heldPayment("10").path("id").asText();
    c.done(c.v2().put(Paths.v2("cancelPayment", id), null));
    Exchange again = c.v2().put(Paths.v2("cancelPayment", id), null);
    if (again.answered() && again.status() / 100 == 2) {
      c.reading(OpenPoint.CANCEL_AGAIN, "accepted", again);
    } else {
      c.refused(again);
      c.reading(OpenPoint.CANCEL_AGAIN, "refused", again);
      c.reading(OpenPoint.WRONG_STATE_CODE, again.errorCode(), again);
    }
    stays(c, id, "Cancelled");
  }

  /** Runs {@code lifecycle.capture-of-a-cancelled-payment-is-refused}. */
  private static void captureOfACancelledPaymentIsRefused(CheckContext c) throws Exception {
    String id = new Fixtures(c).heldPayment("10").path("id").asText();
    c.done(c.v2().put(Paths.v2("cancelPayment", id), null));
    wrongState(c, c.v2().put(Paths.v2("capturePayment", id), new Fixtures(c).capture("10")));
    stays(c, id, "Cancelled");
  }

  /** Runs {@code lifecycle.complete-of-a-payment-without-a-step-is-refused}. */
  private static void completeOfAPaymentWithoutAStepIsRefused(CheckContext c) throws Exception {
    String id = new Fixtures(c).settledPayment("10").path("id").asText();
    wrongState(c, c.v2().put(Paths.v2("completePayment", id), Json.object().put("code", "123456")));
    stays(c, id, "Settled");
  }

  /** Runs {@code lifecycle.refund-of-a-held-payment-is-refused}. */
  private static void refundOfAHeldPaymentIsRefused(CheckContext c) throws Exception {
    Fixtures f = new Fixtures(c);
    String id = f.heldPayment("10").path("id").asText();
    Exchange refund = c.v2().post(Paths.v2("createRefund"), f.refund(id, "5"));
    c.reading(
        OpenPoint.REFUND_HELD,
        refund.answered() && refund.status() / 100 == 4 ? "refused" : "accepted",
        refund);
  }

  /** Runs {@code lifecycle.capture-beyond-the-held-amount-is-refused}. */
  private static void captureBeyondTheHeldAmountIsRefused(CheckContext c) throws Exception {
    String id = new Fixtures(c).heldPayment("100").path("id").asText();
    c.amountRefused(
        c.v2().put(Paths.v2("capturePayment", id), new Fixtures(c).capture("100.01")),
        "amount.value");
    stays(c, id, "Authorized");
  }

  /** Runs {@code lifecycle.zero-and-negative-amounts-are-refused}. */
  private static void zeroAndNegativeAmountsAreRefused(CheckContext c) throws Exception {
    Fixtures f = new Fixtures(c);
    for (String value : List.of("0", "-10")) {
      c.amountRefused(
          c.v2().post(Paths.v2("createPayment"), f.approvedPayment(value, false)), "amount.value");
    }
    String held = f.heldPayment("10").path("id").asText();
    c.amountRefused(
        c.v2().put(Paths.v2("capturePayment", held), new Fixtures(c).capture("0")), "amount.value");
    stays(c, held, "Authorized");
    String settled = f.settledPayment("10").path("id").asText();
    c.amountRefused(c.v2().post(Paths.v2("createRefund"), f.refund(settled, "0")), "amount.value");
    c.amountRefused(c.v2().post(Paths.v2("createRefund"), f.refund(settled, "-1")), "amount.value");
    c.ok(c.v2().post(Paths.v2("createRefund"), f.refund(settled, "10")));
  }

  /** Runs {@code lifecycle.money-moves-only-in-the-payments-currency}. */
  private static void moneyMovesOnlyInThePaymentsCurrency(CheckContext c) throws Exception {
    Fixtures f = new Fixtures(c);
    String other = "EUR".equals(c.profile().currency()) ? "USD" : "EUR";
    String held = f.heldPayment("10").path("id").asText();
    c.amountRefused(
        c.v2()
            .put(
                Paths.v2("capturePayment", held),
                Json.object().set("amount", Json.amount("10", other))),
        "amount.currency");
    stays(c, held, "Authorized");
    String settled = f.settledPayment("10").path("id").asText();
    ObjectNode refund = f.refund(settled, "5");
    refund.set("amount", Json.amount("5", other));
    c.amountRefused(c.v2().post(Paths.v2("createRefund"), refund), "amount.currency");
  }

  /** Runs {@code lifecycle.amounts-are-exact-json-numbers}. */
  private static void amountsAreExactJsonNumbers(CheckContext c) throws Exception {
    Fixtures f = new Fixtures(c);
    Exchange created = c.v2().post(Paths.v2("createPayment"), f.approvedPayment("1234.56", false));
    JsonNode payment = c.ok(created);
    c.rule("v2.payment.echo");
    c.decimal(created, payment, "amount.value", "1234.56");
    Exchange read = c.v2().get(Paths.v2("getPayment", payment.path("id").asText()));
    c.decimal(read, c.ok(read), "amount.value", "1234.56");
    // Answers may show four fraction digits; whether a request may carry them is open.
    Exchange four = c.v2().post(Paths.v2("createPayment"), f.approvedPayment("0.1234", false));
    if (four.answered() && four.status() / 100 == 4) {
      c.rule("v2.errors.body");
      c.refused(four);
      c.reading(OpenPoint.REQUEST_BOUNDARIES, "refused", "four fraction digits", four);
    } else {
      c.rule("v2.conv.decimal");
      c.decimal(four, c.ok(four), "amount.value", "0.1234");
    }
  }

  /** Runs {@code lifecycle.v1-sees-a-v2-payment-held-and-captured}. */
  private static void v1SeesAV2PaymentHeldAndCaptured(CheckContext c) throws Exception {
    JsonNode held = new Fixtures(c).heldPayment("100");
    String id = V1Support.paymentId(c, held);
    Exchange before = c.v1().call("getPayment", values("paymentID", id));
    String heldState =
        V1Support.success(c, before, "Payment").path("Payment").path("State").asText();
    c.require(partialCapture(c, held.path("id").asText(), "60.5"), PARTIAL_CAPTURE_REFUSED);
    Exchange after = c.v1().call("getPayment", values("paymentID", id));
    JsonNode payment = V1Support.success(c, after, "Payment");
    c.reading(
        OpenPoint.V1_STATE_OF_V2,
        heldState + "/" + payment.path("Payment").path("State").asText(),
        after);
    c.decimal(after, payment, "Payment.PaymentAmount", "60.5");
    c.rule("v1.payment.invoice-number");
    c.decimal(after, payment, "Payment.Amount", "100");
  }

  /** Runs {@code lifecycle.unknown-payment-is-not-found}. */
  private static void unknownPaymentIsNotFound(CheckContext c) throws Exception {
    c.refusedAs(
        c.v2().get(Paths.v2("getPayment", c.run().unique("no-such-payment"))),
        OpenPoint.NOT_FOUND_CODE,
        OpenPoint.NOT_FOUND_STATUS);
  }
}
