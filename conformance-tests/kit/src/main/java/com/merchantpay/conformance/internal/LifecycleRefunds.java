package com.merchantpay.conformance.internal;

import static com.merchantpay.conformance.internal.LifecycleSteps.PARTIAL_CAPTURE_REFUSED;
import static com.merchantpay.conformance.internal.LifecycleSteps.check;
import static com.merchantpay.conformance.internal.LifecycleSteps.partialCapture;
import static com.merchantpay.conformance.internal.LifecycleSteps.pendingOrSettled;

import com.fasterxml.jackson.databind.JsonNode;
import com.merchantpay.conformance.target.OpenPoint;
import com.merchantpay.conformance.target.Profile;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** Lifecycle checks of refunds: limits, pending, settled and refused. */
final class LifecycleRefunds {
  private LifecycleRefunds() {}

  static List<Check> refunds() {
    List<Check> checks = new ArrayList<>();
    checks.add(
        check(
            "refunds-never-exceed-the-money-taken",
            "Refunds add up to the captured total and not a cent more",
            "v2.ep.refund-limit",
            List.of(Tag.REFUNDS, Tag.MONEY),
            LifecycleRefunds::refundsNeverExceedTheMoneyTaken));
    checks.add(
        check(
                "refunds-of-a-partial-capture-stop-at-the-captured-amount",
                "After a partial capture only the captured amount can be refunded, not the held one",
                "v2.ep.refund-limit",
                List.of(Tag.REFUNDS, Tag.MONEY),
                LifecycleRefunds::refundsOfAPartialCaptureStopAtTheCapturedAmount)
            .judging("v2.ep.partial-capture"));
    checks.add(
        check(
                "refund-starts-pending-and-settles",
                "A refund starts Pending (or done) and ends Success",
                "v2.states.refund-settles",
                List.of(Tag.REFUNDS, Tag.TIME, Tag.CLOCK),
                LifecycleRefunds::refundStartsPendingAndSettles)
            .alone(Alone.MOVES_THE_CLOCK));
    checks.add(
        check(
            "pending-refund-result-code",
            "A refund still Pending, read, shows resultCode Success",
            OpenPoint.PENDING_REFUND_RESULT,
            List.of(Tag.REFUNDS),
            LifecycleRefunds::pendingRefundResultCode));
    checks.add(
        check(
                "refused-refund-ends-rejected",
                "A refund the issuer refuses ends Rejected",
                "v2.states.refund-rejected",
                List.of(Tag.REFUNDS, Tag.TIME, Tag.CLOCK),
                LifecycleRefunds::refusedRefundEndsRejected)
            .alone(Alone.MOVES_THE_CLOCK));
    return checks;
  }

  /** Runs {@code lifecycle.refunds-never-exceed-the-money-taken}. */
  private static void refundsNeverExceedTheMoneyTaken(CheckContext c) throws Exception {
    Fixtures f = new Fixtures(c);
    String id = f.settledPayment("100").path("id").asText();
    c.ok(c.v2().post(Paths.v2("createRefund"), f.refund(id, "60")));
    c.ok(c.v2().post(Paths.v2("createRefund"), f.refund(id, "39.99")));
    c.ok(c.v2().post(Paths.v2("createRefund"), f.refund(id, "0.01")));
    c.amountRefused(c.v2().post(Paths.v2("createRefund"), f.refund(id, "0.01")), "amount.value");
  }

  /** Runs {@code lifecycle.refunds-of-a-partial-capture-stop-at-the-captured-amount}. */
  private static void refundsOfAPartialCaptureStopAtTheCapturedAmount(CheckContext c)
      throws Exception {
    Fixtures f = new Fixtures(c);
    String id = f.heldPayment("100").path("id").asText();
    c.require(partialCapture(c, id, "60"), PARTIAL_CAPTURE_REFUSED);
    c.amountRefused(c.v2().post(Paths.v2("createRefund"), f.refund(id, "60.01")), "amount.value");
    c.rule("v2.ep.partial-capture");
    c.ok(c.v2().post(Paths.v2("createRefund"), f.refund(id, "60")));
  }

  /** Runs {@code lifecycle.refund-starts-pending-and-settles}. */
  private static void refundStartsPendingAndSettles(CheckContext c) throws Exception {
    Fixtures f = new Fixtures(c);
    Duration settles =
        c.need(
            c.profile().settlesAfter("refund").orElse(null),
            "the profile does not say when refunds settle (settles.refund)");
    String id = f.settledPayment("30").path("id").asText();
    Exchange created = c.v2().post(Paths.v2("createRefund"), f.refund(id, "30"));
    JsonNode refund = pendingOrSettled(c, created);
    c.advanceClock(settles);
    Exchange read = c.v2().get(Paths.v2("getRefund", refund.path("id").asText()));
    c.member(read, c.ok(read), "status", "Success");
  }

  /** Runs {@code lifecycle.pending-refund-result-code}. */
  private static void pendingRefundResultCode(CheckContext c) throws Exception {
    Fixtures f = new Fixtures(c);
    String id = f.settledPayment("30").path("id").asText();
    Exchange created = c.v2().post(Paths.v2("createRefund"), f.refund(id, "10"));
    JsonNode refund = c.ok(created);
    c.require(
        "Pending".equals(refund.path("status").asText()),
        "refunds on this target do not start Pending");
    Exchange read = c.v2().get(Paths.v2("getRefund", refund.path("id").asText()));
    JsonNode shown = c.ok(read);
    c.require(
        "Pending".equals(shown.path("status").asText()),
        "the refund was no longer Pending when read");
    JsonNode code = shown.path("resultCode");
    c.reading(
        OpenPoint.PENDING_REFUND_RESULT,
        code.isMissingNode() || code.isNull() ? "none" : code.asText(),
        read);
  }

  /** Runs {@code lifecycle.refused-refund-ends-rejected}. */
  private static void refusedRefundEndsRejected(CheckContext c) throws Exception {
    Fixtures f = new Fixtures(c);
    String pan =
        c.need(
            c.profile().refundsRejectedCard(),
            "the profile names no card whose refunds are " + "refused (refundsRejectedCard)");
    Duration settles =
        c.need(
            c.profile().settlesAfter("refund").orElse(null),
            "the profile does not say when refunds settle (settles.refund)");
    Profile.Card card = f.approvedCard();
    JsonNode payment =
        f.created(f.cardPayment(pan, card.expiry(), card.cvc(), "30", false)).payment();
    JsonNode refund =
        c.ok(c.v2().post(Paths.v2("createRefund"), f.refund(payment.path("id").asText(), "30")));
    c.advanceClock(settles);
    Exchange read = c.v2().get(Paths.v2("getRefund", refund.path("id").asText()));
    c.member(read, c.ok(read), "status", "Rejected");
  }
}
