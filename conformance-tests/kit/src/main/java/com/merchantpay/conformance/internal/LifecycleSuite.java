package com.merchantpay.conformance.internal;

import static com.merchantpay.conformance.internal.Fixtures.encode;
import static com.merchantpay.conformance.internal.Fixtures.values;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.merchantpay.conformance.target.OpenPoint;
import com.merchantpay.conformance.target.Profile;
import java.math.BigDecimal;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Resources through their lives: payments held, captured in full or in part and cancelled, every
 * kind of confirmation, declines, refunds up to the money taken, tokens used, revoked and blocked,
 * receipts and stickers; money that cannot move refused; money and time written as the documents
 * say.
 */
final class LifecycleSuite {
  private static final String SUITE = "lifecycle";
  private static final Set<String> PAID = Set.of("Settled", "Authorized");
  private static final Map<String, List<String>> CONFIRMATION_MEMBERS =
      Map.of(
          "External", List.of("confirmation.paymentUrl"),
          "SmsOtp", List.of("confirmation.maskedPhone"),
          "ThreeDSMethod", List.of("confirmation.methodUrl", "confirmation.transactionId"),
          "ThreeDSChallenge", List.of("confirmation.acsUrl", "confirmation.creq"),
          "ThreeDSv1", List.of("confirmation.acsUrl", "confirmation.PAReq"));

  private LifecycleSuite() {}

  /** The rules every check of this suite judges besides its own, by the interface it calls. */
  private static final Map<String, List<String>> EVERY_CHECK_JUDGES =
      Map.of("v2", List.of("v2.errors.body"));

  /** The rules a check judges besides its own and those above, by the check's name. */
  private static final Map<String, List<String>> ALSO_JUDGES =
      Map.ofEntries(
          Map.entry(
              "single-stage-payment-settles",
              List.of("v2.request.card", "v2.payment.completed", "v2.states.pending")),
          Map.entry("two-stage-payment-is-held", List.of("v2.states.pending")),
          Map.entry("test-mode-defaults-to-false", List.of("v2.payment.echo")),
          Map.entry("capture-settles-a-held-payment", List.of("v2.op.capturePayment")),
          Map.entry("cancel-releases-the-hold", List.of("v2.payment.completed")),
          Map.entry(
              "confirmation-SmsOtp",
              List.of(
                  "v2.confirmation.members", "v2.confirmation.sequence", "v2.ep.complete-by-type")),
          Map.entry(
              "confirmation-ThreeDSMethod",
              List.of(
                  "v2.confirmation.members", "v2.confirmation.sequence", "v2.ep.complete-by-type")),
          Map.entry(
              "confirmation-ThreeDSChallenge",
              List.of(
                  "v2.confirmation.members", "v2.confirmation.sequence", "v2.ep.complete-by-type")),
          Map.entry(
              "confirmation-ThreeDSv1",
              List.of(
                  "v2.confirmation.members", "v2.confirmation.sequence", "v2.ep.complete-by-type")),
          Map.entry(
              "confirmation-External",
              List.of(
                  "v2.confirmation.members", "v2.confirmation.sequence", "v2.ep.complete-by-type")),
          Map.entry(
              "declines-are-data-with-their-result-code",
              List.of("v2.payment.completed", "v2.dict.result-codes")),
          Map.entry(
              "an-invoice-is-paid-on-its-page",
              List.of("v2.payment.echo", "v2.states.payment-one-stage")),
          Map.entry(
              "a-card-stored-on-the-tokenization-page-makes-an-active-token",
              List.of("v2.op.getPaymentToken")),
          Map.entry(
              "capture-of-a-settled-payment-is-refused", List.of("v2.errors.invalid-operation")),
          Map.entry(
              "cancel-of-a-settled-payment-is-refused", List.of("v2.errors.invalid-operation")),
          Map.entry("money-moves-only-in-the-payments-currency", List.of("v2.general.currency")),
          Map.entry("amounts-are-exact-json-numbers", List.of("v2.payment.echo")),
          Map.entry(
              "v1-sees-a-v2-payment-held-and-captured",
              List.of("v2.ep.partial-capture", "v1.payment.invoice-number")),
          Map.entry(
              "refunds-of-a-partial-capture-stop-at-the-captured-amount",
              List.of("v2.ep.partial-capture")),
          Map.entry(
              "token-charges-until-revoked",
              List.of("v2.states.token-revoked", "v2.errors.token-revoked")),
          Map.entry("receipt-is-registered-with-fiscal-data", List.of("v2.receipt.members")),
          Map.entry("sticker-switches-off-and-on", List.of("v2.op.setStickerActive")));

  static List<Check> checks() {
    return Check.judgingAlso(declared(), EVERY_CHECK_JUDGES, ALSO_JUDGES);
  }

  private static List<Check> declared() {
    List<Check> checks = new ArrayList<>();
    checks.addAll(payments());
    for (String type :
        List.of("SmsOtp", "ThreeDSMethod", "ThreeDSChallenge", "ThreeDSv1", "External")) {
      checks.add(
          check(
              "confirmation-" + type,
              "A payment that asks for a "
                  + type
                  + " step carries its members "
                  + "and goes through once the step is passed",
              "v2.payment.confirmation",
              List.of(Tag.PAYMENTS, Tag.CONFIRMATIONS),
              c -> passStep(c, type)));
    }
    checks.add(
        check(
            "failing-confirmation-declines",
            "A failing step answer never approves the payment; declined, it is data: HTTP 200, Rejected, a resultCode",
            "v2.errors.declines",
            List.of(Tag.PAYMENTS, Tag.CONFIRMATIONS),
            LifecycleSuite::failingStep));
    checks.add(
        check(
            "declines-are-data-with-their-result-code",
            "Each declining card of the profile gives HTTP 200, status Rejected and its resultCode",
            "v2.errors.declines",
            List.of(Tag.PAYMENTS, Tag.DECLINES),
            LifecycleSuite::declinesAreDataWithTheirResultCode));
    checks.addAll(pages());
    checks.addAll(refusedMoves());
    checks.addAll(money());
    checks.addAll(refunds());
    checks.addAll(tokens());
    checks.addAll(receiptsAndStickers());
    checks.addAll(time());
    return checks;
  }

  // ---------------------------------------------------------------- payments

  private static List<Check> payments() {
    List<Check> checks = new ArrayList<>();
    checks.add(
        check(
            "single-stage-payment-settles",
            "An approved one-stage payment takes the money: Settled, with the time it finished",
            "v2.states.payment-one-stage",
            List.of(Tag.PAYMENTS),
            LifecycleSuite::singleStagePaymentSettles));
    checks.add(
        check(
            "dual-mode-defaults-to-one-stage",
            "A payment that leaves dualMode out takes the money in one " + "stage: Settled",
            "v2.states.payment-one-stage",
            List.of(Tag.PAYMENTS),
            LifecycleSuite::dualModeDefaultsToOneStage));
    checks.add(
        check(
            "two-stage-payment-is-held",
            "An approved two-stage payment holds the money: Authorized",
            "v2.states.payment-two-stage",
            List.of(Tag.PAYMENTS),
            LifecycleSuite::twoStagePaymentIsHeld));
    checks.add(
        check(
            "test-mode-defaults-to-false",
            "A payment shows the test flag it was made with, false when " + "testMode is left out",
            "v2.states.test-mode",
            List.of(Tag.PAYMENTS),
            LifecycleSuite::testModeDefaultsToFalse));
    checks.add(
        check(
            "capture-settles-a-held-payment",
            "Capturing a held payment makes it Settled",
            "v2.ep.capture-held",
            List.of(Tag.PAYMENTS, Tag.MONEY),
            LifecycleSuite::captureSettlesAHeldPayment));
    checks.add(
        check(
            "partial-capture-takes-less-than-held",
            "A capture of less than is held takes that much: the payment is Settled and shows the sum taken",
            "v2.ep.partial-capture",
            List.of(Tag.PAYMENTS, Tag.MONEY),
            LifecycleSuite::partialCaptureTakesLessThanHeld));
    checks.add(
        check(
            "cancel-releases-the-hold",
            "Cancelling a held payment makes it Cancelled",
            "v2.op.cancelPayment",
            List.of(Tag.PAYMENTS),
            LifecycleSuite::cancelReleasesTheHold));
    checks.add(
        check(
            "a-payment-with-tokenization-carries-its-token",
            "A payment made with tokenization options shows the stored token in paymentToken",
            "v2.request.tokenization-token",
            List.of(Tag.PAYMENTS, Tag.TOKENS),
            LifecycleSuite::aPaymentWithTokenizationCarriesItsToken));
    checks.add(
        check(
            "the-card-number-comes-back-masked",
            "A card payment names the card only masked, and never echoes its security code",
            "v2.payment.masked-instrument",
            List.of(Tag.PAYMENTS, Tag.SECRETS),
            LifecycleSuite::theCardNumberComesBackMasked));
    return checks;
  }

  /** Why a check that needs a partial capture is skipped on a target that refuses one. */
  static final String PARTIAL_CAPTURE_REFUSED =
      "the target refuses a capture of less than is held, a reading of an open point "
          + "(lifecycle.partial-capture-takes-less-than-held)";

  /**
   * Captures less than is held. The documents say a capture carries an amount but not that it may
   * be smaller than the hold: a target that refuses, with the documented error body, reads the
   * point otherwise (false is returned); one that accepts must have done it.
   */
  static boolean partialCapture(CheckContext c, String paymentId, String amount) {
    Exchange capture = c.v2().put(path(paymentId, "confirm"), OperationsSuite.capture(c, amount));
    if (capture.answered() && capture.status() / 100 == 4) {
      c.refused(capture);
      c.reading(OpenPoint.PARTIAL_CAPTURE, "refused with " + capture.errorCode(), capture);
      return false;
    }
    c.done(capture);
    c.reading(OpenPoint.PARTIAL_CAPTURE, "taken", capture);
    return true;
  }

  /**
   * How the answer shows the captured sum: our capturedAmount, the amount itself, or not at all.
   */
  private static String capturedShown(JsonNode payment, String captured) {
    BigDecimal sum = new BigDecimal(captured);
    JsonNode ours = Json.at(payment, "capturedAmount.value");
    if (ours.isNumber() && ours.decimalValue().compareTo(sum) == 0) {
      return "capturedAmount";
    }
    JsonNode amount = Json.at(payment, "amount.value");
    return amount.isNumber() && amount.decimalValue().compareTo(sum) == 0 ? "amount" : "not shown";
  }

  private static void passStep(CheckContext c, String type) throws InterruptedException {
    Fixtures f = new Fixtures(c);
    Profile.Confirmation confirmation = f.confirmation(type);
    Exchange created = c.v2().post("/api/v2/payments", f.confirmationPayment(type, "10"));
    JsonNode payment = c.ok(created);
    c.member(created, payment, "status", "Confirmation");
    c.member(created, payment, "confirmation.type", type);
    c.rule("v2.confirmation.members");
    c.present(created, payment, CONFIRMATION_MEMBERS.get(type).toArray(new String[0]));
    c.rule("v2.ep.complete-by-type");
    String id = payment.path("id").asText();
    c.require(
        confirmation.answer() != null || type.equals("External"),
        "the profile gives no answer for a " + type + " step");
    JsonNode current = payment;
    Exchange after = created;
    // Steps may come one after another (the document's Confirmation objects): each is passed in
    // turn.
    for (int step = 0; step < 5 && "Confirmation".equals(current.path("status").asText()); step++) {
      String stepType = current.path("confirmation").path("type").asText();
      if (stepType.equals("External")) {
        f.approveExternal(
            c.need(
                current.path("confirmation").path("paymentUrl").textValue(),
                "the External step came without a paymentUrl"));
        after = f.settled(id);
      } else {
        Profile.Confirmation next = stepType.equals(type) ? confirmation : f.confirmation(stepType);
        after =
            c.v2()
                .put(
                    path(id, "complete"),
                    Json.MAPPER.valueToTree(
                        c.need(
                            next.answer(),
                            "the profile gives no answer for a " + stepType + " step")));
      }
      current = c.ok(after);
      if ("Pending".equals(current.path("status").asText())) {
        after = f.settled(id);
        current = c.ok(after);
      }
    }
    Exchange last = after;
    c.rule("v2.confirmation.sequence");
    c.expect(
        "Settled".equals(current.path("status").asText()),
        "the one-stage payment approved: Settled",
        last::summary,
        last);
  }

  private static void failingStep(CheckContext c) throws InterruptedException {
    Fixtures f = new Fixtures(c);
    int tried = 0;
    for (Map.Entry<String, Profile.Confirmation> entry : c.profile().confirmations().entrySet()) {
      if (entry.getValue().failingAnswer() == null) {
        continue;
      }
      tried++;
      String id = f.pay(f.confirmationPayment(entry.getKey(), "10")).path("id").asText();
      Exchange done =
          c.v2()
              .put(path(id, "complete"), Json.MAPPER.valueToTree(entry.getValue().failingAnswer()));
      c.expect(
          done.answered() && (done.status() / 100 == 2 || done.status() / 100 == 4),
          "the payment answered, or the answer refused",
          done::summary,
          done);
      if (done.status() / 100 == 4) {
        c.reading(OpenPoint.FAILING_CONFIRMATION, "refused with " + c.refused(done), done);
      } else {
        JsonNode answered = c.ok(done);
        String status = answered.path("status").asText();
        c.reading(OpenPoint.FAILING_CONFIRMATION, status, done);
        if ("Rejected".equals(status)) {
          c.expect(
              answered.path("resultCode").isTextual()
                  && !"Success".equals(answered.path("resultCode").asText()),
              "a resultCode telling why",
              done::summary,
              done);
        }
      }
      Exchange read = f.settled(id);
      String now = c.ok(read).path("status").asText();
      c.expect(
          !PAID.contains(now),
          "the payment not approved by a failing answer",
          () -> "status " + now,
          read);
    }
    c.require(tried > 0, "the profile gives no failing answer for any confirmation step");
  }

  // ---------------------------------------------------------------- pages the payer uses

  /** The pages the target names for a payer: what the payer does there, as the profile says. */
  private static List<Check> pages() {
    List<Check> checks = new ArrayList<>();
    checks.add(
        check(
            "an-invoice-is-paid-on-its-page",
            "A payer who pays an invoice on the page its creation named makes its payment Settled",
            "v2.op.createInvoice",
            List.of(Tag.PAYMENTS, Tag.PAGES),
            LifecycleSuite::anInvoiceIsPaidOnItsPage));
    checks.add(
        check(
            "a-card-stored-on-the-tokenization-page-makes-an-active-token",
            "A card the customer stores on the page tokenization named makes that token Active",
            "v2.op.startTokenization",
            List.of(Tag.TOKENS, Tag.PAGES),
            LifecycleSuite::aCardStoredOnTheTokenizationPageMakesAnActiveToken));
    checks.add(
        check(
            "a-payer-who-declines-an-external-step-does-not-pay",
            "A payer who declines an External step leaves the payment unpaid; declined, it is Rejected with a resultCode",
            "v2.errors.declines",
            List.of(Tag.PAYMENTS, Tag.CONFIRMATIONS, Tag.PAGES),
            LifecycleSuite::aPayerWhoDeclinesAnExternalStepDoesNotPay));
    return checks;
  }

  // ---------------------------------------------------------------- refused moves

  private static List<Check> refusedMoves() {
    List<Check> checks = new ArrayList<>();
    checks.add(
        check(
            "capture-of-a-settled-payment-is-refused",
            "A settled payment cannot be captured again; it " + "stays Settled",
            "v2.ep.no-money-twice",
            List.of(Tag.PAYMENTS, Tag.TRANSITIONS),
            LifecycleSuite::captureOfASettledPaymentIsRefused));
    checks.add(
        check(
            "cancel-of-a-settled-payment-is-refused",
            "A settled payment cannot be cancelled; it stays " + "Settled",
            "v2.ep.no-money-twice",
            List.of(Tag.PAYMENTS, Tag.TRANSITIONS),
            LifecycleSuite::cancelOfASettledPaymentIsRefused));
    checks.add(
        check(
            "cancel-of-a-cancelled-payment-is-refused",
            "Cancelling a cancelled payment changes nothing",
            "v2.ep.no-money-twice",
            List.of(Tag.PAYMENTS, Tag.TRANSITIONS),
            LifecycleSuite::cancelOfACancelledPaymentIsRefused));
    checks.add(
        check(
            "complete-of-a-payment-without-a-step-is-refused",
            "A payment that waits for no confirmation cannot be completed; it stays Settled",
            "v2.ep.no-money-twice",
            List.of(Tag.PAYMENTS, Tag.TRANSITIONS),
            LifecycleSuite::completeOfAPaymentWithoutAStepIsRefused));
    checks.add(
        check(
            "refund-of-a-held-payment-is-refused",
            "Money that is only held is not refunded",
            OpenPoint.REFUND_HELD,
            List.of(Tag.REFUNDS, Tag.TRANSITIONS, Tag.MONEY),
            LifecycleSuite::refundOfAHeldPaymentIsRefused));
    checks.add(
        check(
            "unknown-payment-is-not-found",
            "Reading a payment that does not exist is refused",
            "v2.ep.unknown-resource",
            List.of(Tag.PAYMENTS, Tag.ERRORS),
            c ->
                c.refusedAs(
                    c.v2().get("/api/v2/payments/" + encode(c.run().unique("no-such-payment"))),
                    OpenPoint.NOT_FOUND_CODE,
                    OpenPoint.NOT_FOUND_STATUS)));
    return checks;
  }

  /**
   * A refusal of an operation the payment's state does not allow: refused; code and status are
   * readings.
   */
  private static void wrongState(CheckContext c, Exchange exchange) {
    // The documents fix no code for a request the resource's state does not allow, but the error
    // table's meanings leave two that fit: invalid_operation (request rejected, ours) and
    // validation_error; not_authorized, a key violation or a token code would say something else.
    c.refusedWithOneOf(
        exchange,
        List.of("invalid_operation", "validation_error"),
        OpenPoint.WRONG_STATE_CODE,
        OpenPoint.WRONG_STATE_STATUS);
  }

  private static void stays(CheckContext c, String paymentId, String status) {
    Exchange read = c.v2().get(path(paymentId, null));
    c.expect(
        status.equals(c.ok(read).path("status").asText()),
        "the payment still " + status + ", nothing changed",
        read::summary,
        read);
  }

  // ---------------------------------------------------------------- money

  private static List<Check> money() {
    List<Check> checks = new ArrayList<>();
    checks.add(
        check(
            "capture-beyond-the-held-amount-is-refused",
            "A capture of more than is held is refused and the payment stays held",
            "v2.ep.capture-held",
            List.of(Tag.PAYMENTS, Tag.MONEY),
            LifecycleSuite::captureBeyondTheHeldAmountIsRefused));
    checks.add(
        check(
            "zero-and-negative-amounts-are-refused",
            "A payment, capture or refund of zero or less is refused and moves no money",
            "v2.request.amount",
            List.of(Tag.PAYMENTS, Tag.REFUNDS, Tag.MONEY),
            LifecycleSuite::zeroAndNegativeAmountsAreRefused));
    checks.add(
        check(
            "money-moves-only-in-the-payments-currency",
            "A capture or refund in another currency than the payment's is refused",
            "v2.ep.currency-match",
            List.of(Tag.PAYMENTS, Tag.REFUNDS, Tag.MONEY),
            LifecycleSuite::moneyMovesOnlyInThePaymentsCurrency));
    checks.add(
        check(
            "amounts-are-exact-json-numbers",
            "An amount comes back as the JSON number sent; one with four fraction digits, when taken, too",
            "v2.conv.decimal",
            List.of(Tag.MONEY),
            LifecycleSuite::amountsAreExactJsonNumbers));
    checks.add(
        check(
            "v1-sees-a-v2-payment-held-and-captured",
            "v1 shows a v2 payment held, then taken with PaymentAmount the captured sum and Amount the invoice's",
            "v1.payment.paid-amount",
            List.of(Tag.MONEY, Tag.CROSS_INTERFACE),
            LifecycleSuite::v1SeesAV2PaymentHeldAndCaptured));
    return checks;
  }

  // ---------------------------------------------------------------- refunds

  private static List<Check> refunds() {
    List<Check> checks = new ArrayList<>();
    checks.add(
        check(
            "refunds-never-exceed-the-money-taken",
            "Refunds add up to the captured total and not a cent more",
            "v2.ep.refund-limit",
            List.of(Tag.REFUNDS, Tag.MONEY),
            LifecycleSuite::refundsNeverExceedTheMoneyTaken));
    checks.add(
        check(
            "refunds-of-a-partial-capture-stop-at-the-captured-amount",
            "After a partial capture only the captured amount can be refunded, not the held one",
            "v2.ep.refund-limit",
            List.of(Tag.REFUNDS, Tag.MONEY),
            LifecycleSuite::refundsOfAPartialCaptureStopAtTheCapturedAmount));
    checks.add(
        check(
                "refund-starts-pending-and-settles",
                "A refund starts Pending (or done) and ends Success",
                "v2.states.refund-settles",
                List.of(Tag.REFUNDS, Tag.TIME, Tag.CLOCK),
                LifecycleSuite::refundStartsPendingAndSettles)
            .alone(Alone.MOVES_THE_CLOCK));
    checks.add(
        check(
            "pending-refund-result-code",
            "A refund still Pending, read, shows resultCode Success",
            OpenPoint.PENDING_REFUND_RESULT,
            List.of(Tag.REFUNDS),
            LifecycleSuite::pendingRefundResultCode));
    checks.add(
        check(
                "refused-refund-ends-rejected",
                "A refund the issuer refuses ends Rejected",
                "v2.states.refund-rejected",
                List.of(Tag.REFUNDS, Tag.TIME, Tag.CLOCK),
                LifecycleSuite::refusedRefundEndsRejected)
            .alone(Alone.MOVES_THE_CLOCK));
    return checks;
  }

  // ---------------------------------------------------------------- tokens

  private static List<Check> tokens() {
    List<Check> checks = new ArrayList<>();
    checks.add(
        check(
            "token-charges-until-revoked",
            "An Active token pays; once revoked it reads Revoked and paying with it is payment_token_revoked",
            "v2.request.token",
            List.of(Tag.TOKENS),
            LifecycleSuite::tokenChargesUntilRevoked));
    checks.add(
        check(
            "revoking-a-revoked-token-is-payment-token-revoked",
            "Revoking a revoked token leaves it Revoked; ours answers payment_token_revoked",
            "v2.states.token-revoked",
            List.of(Tag.TOKENS, Tag.TRANSITIONS),
            LifecycleSuite::revokingARevokedTokenIsPaymentTokenRevoked));
    checks.add(
        check(
            "blocked-token-cannot-pay",
            "Paying with a blocked token is payment_token_blocked",
            "v2.errors.token-blocked",
            List.of(Tag.TOKENS),
            LifecycleSuite::blockedTokenCannotPay));
    checks.add(
        check(
            "completing-a-token-needs-an-answer",
            "Completing a token with no answer is validation_error naming code, and the token stays Created",
            OpenPoint.EMPTY_TOKEN_ANSWER,
            List.of(Tag.TOKENS),
            LifecycleSuite::completingATokenNeedsAnAnswer));
    checks.add(
        check(
            "a-failing-token-answer-declines-it",
            "A failing answer leaves the token Declined, never Active",
            OpenPoint.FAILING_TOKEN_ANSWER,
            List.of(Tag.TOKENS),
            LifecycleSuite::aFailingTokenAnswerDeclinesIt));
    return checks;
  }

  // ---------------------------------------------------------------- receipts and stickers

  private static List<Check> receiptsAndStickers() {
    List<Check> checks = new ArrayList<>();
    checks.add(
        check(
                "receipt-is-registered-with-fiscal-data",
                "A receipt starts Pending (or registered) and, once registered, is Success with its fiscal data",
                "v2.states.receipt-registered",
                List.of(Tag.RECEIPTS, Tag.TIME, Tag.CLOCK),
                LifecycleSuite::receiptIsRegisteredWithFiscalData)
            .alone(Alone.MOVES_THE_CLOCK));
    checks.add(
        check(
            "receipt-for-an-unknown-payment-is-not-found",
            "A receipt for a payment that does not exist is refused",
            "v2.ep.unknown-resource",
            List.of(Tag.RECEIPTS, Tag.ERRORS),
            c ->
                c.refusedAs(
                    c.v2()
                        .post(
                            "/api/v2/receipts",
                            new Fixtures(c).receipt(c.run().unique("no-such-payment"), "10")),
                    OpenPoint.NOT_FOUND_CODE,
                    OpenPoint.NOT_FOUND_STATUS)));
    checks.add(
        check(
            "sticker-switches-off-and-on",
            "A sticker switched off is no longer Active; switched on it is",
            "v2.states.sticker-active",
            List.of(Tag.STICKERS),
            LifecycleSuite::stickerSwitchesOffAndOn));
    return checks;
  }

  // ---------------------------------------------------------------- time

  private static List<Check> time() {
    List<Check> checks = new ArrayList<>();
    checks.add(
        check(
            "timestamps-are-utc",
            "Every timestamp of a payment is written in UTC, echoed ones included",
            "v2.conv.timestamps",
            List.of(Tag.TIME),
            LifecycleSuite::timestampsAreUtc));
    checks.add(
        check(
                "an-expired-invoice-is-not-paid",
                "An invoice left unpaid past its expiry ends, unpaid",
                OpenPoint.EXPIRED_INVOICE,
                List.of(Tag.TIME, Tag.CLOCK),
                LifecycleSuite::anExpiredInvoiceIsNotPaid)
            .alone(Alone.MOVES_THE_CLOCK));
    return checks;
  }

  /**
   * The payment's timestamps, in its creation answer and as read, are in UTC, and its invoice
   * expires at 2030-01-01T09:00:00Z, however the request wrote that moment.
   */
  private static void utcEchoed(CheckContext c, Exchange created) {
    JsonNode payment = c.ok(created);
    Exchange read = c.v2().get(path(payment.path("id").asText(), null));
    for (Exchange exchange : List.of(created, read)) {
      JsonNode view = c.ok(exchange);
      for (String member : List.of("created", "completed", "invoice.expires")) {
        JsonNode value = Json.at(view, member);
        if (value.isTextual()) {
          c.expect(
              isUtc(value.asText()),
              member + " in UTC",
              () -> member + " = " + value.asText(),
              exchange);
        }
      }
      JsonNode expires = Json.at(view, "invoice.expires");
      c.expect(
          expires.isTextual()
              && isTimestamp(expires.asText())
              && Json.instant(expires.asText()).equals(Json.instant("2030-01-01T09:00:00Z")),
          "invoice.expires the same moment as sent, 2030-01-01T09:00:00Z",
          () -> "invoice.expires = " + expires,
          exchange);
    }
  }

  // ---------------------------------------------------------------- helpers

  static boolean isUtc(String timestamp) {
    try {
      return Json.timestamp(timestamp).getOffset().getTotalSeconds() == 0;
    } catch (DateTimeException e) {
      return false;
    }
  }

  private static boolean isTimestamp(String text) {
    try {
      Json.timestamp(text);
      return true;
    } catch (DateTimeException e) {
      return false;
    }
  }

  private static String digits(String text) {
    return text.replaceAll("[^0-9]", "");
  }

  static JsonNode find(JsonNode items, String id) {
    for (JsonNode item : items) {
      if (id.equals(item.path("id").asText())) {
        return item;
      }
    }
    return com.fasterxml.jackson.databind.node.MissingNode.getInstance();
  }

  static String path(String paymentId, String action) {
    return "/api/v2/payments/" + encode(paymentId) + (action == null ? "" : "/" + action);
  }

  private static Check check(
      String name, String title, String rule, List<Tag> tags, Check.Body body) {
    return Check.of(SUITE, name, title, rule, tags, body);
  }

  private static Check check(
      String name, String title, OpenPoint point, List<Tag> tags, Check.Body body) {
    return Check.of(SUITE, name, title, point, tags, body);
  }

  /** Runs {@code lifecycle.declines-are-data-with-their-result-code}. */
  private static void declinesAreDataWithTheirResultCode(CheckContext c) throws Exception {
    Fixtures f = new Fixtures(c);
    c.require(
        !c.profile().declines().isEmpty(), "the profile defines no declining cards (declines)");
    for (Profile.Decline decline : c.profile().declines()) {
      Fixtures.Made made =
          f.created(f.payment(f.instrument(decline.pan(), decline.paymentData()), "10", false));
      c.member(made.shown(), made.payment(), "status", "Rejected");
      c.rule("v2.dict.result-codes");
      c.member(made.shown(), made.payment(), "resultCode", decline.resultCode());
      c.rule("v2.payment.completed");
      c.present(made.shown(), made.payment(), "completed");
      c.rule("v2.errors.declines");
    }
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
    Exchange test = c.v2().post("/api/v2/payments", f.approvedPayment("10", false));
    c.expect(
        c.ok(test).path("testMode").asBoolean(false),
        "testMode true, as asked",
        test::summary,
        test);
    ObjectNode body = f.approvedPayment("10", false);
    body.remove("testMode");
    Exchange live = c.v2().post("/api/v2/payments", body);
    c.require(
        !(live.answered() && live.status() / 100 == 4),
        "the target refuses a payment that is not a test payment: " + live.summary());
    JsonNode flag = c.ok(live).path("testMode");
    c.expect(
        flag.isBoolean() && !flag.asBoolean(), "testMode false, its default", live::summary, live);
  }

  /** Runs {@code lifecycle.capture-settles-a-held-payment}. */
  private static void captureSettlesAHeldPayment(CheckContext c) throws Exception {
    String id = new Fixtures(c).heldPayment("100").path("id").asText();
    c.done(c.v2().put(path(id, "confirm"), OperationsSuite.capture(c, "100")));
    Exchange read = c.v2().get(path(id, null));
    c.member(read, c.ok(read), "status", "Settled");
  }

  /** Runs {@code lifecycle.partial-capture-takes-less-than-held}. */
  private static void partialCaptureTakesLessThanHeld(CheckContext c) throws Exception {
    JsonNode held = new Fixtures(c).heldPayment("100");
    String id = held.path("id").asText();
    if (!partialCapture(c, id, "60.5")) {
      return;
    }
    Exchange read = c.v2().get(path(id, null));
    JsonNode payment = c.ok(read);
    c.member(read, payment, "status", "Settled");
    c.reading(OpenPoint.CAPTURED_AMOUNT, capturedShown(payment, "60.5"), read);
    Pages.Page page =
        Pages.find(
            c,
            "/api/v2/payments?merchantId="
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
    c.done(c.v2().put(path(id, "cancel"), null));
    Exchange read = c.v2().get(path(id, null));
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
      shown = c.v2().get(path(made.payment().path("id").asText(), null));
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
    Exchange read = c.v2().get(path(made.payment().path("id").asText(), null));
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
    Exchange created = c.v2().post("/api/v2/invoices", f.invoice("25"));
    JsonNode invoice = c.ok(created);
    String id = invoice.path("paymentId").asText();
    Exchange before = c.v2().get(path(id, null));
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
    Exchange started = c.v2().post("/api/v2/tokenization", f.tokenization());
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

  /** Runs {@code lifecycle.capture-of-a-settled-payment-is-refused}. */
  private static void captureOfASettledPaymentIsRefused(CheckContext c) throws Exception {
    String id = new Fixtures(c).settledPayment("10").path("id").asText();
    wrongState(c, c.v2().put(path(id, "confirm"), OperationsSuite.capture(c, "10")));
    stays(c, id, "Settled");
  }

  /** Runs {@code lifecycle.cancel-of-a-settled-payment-is-refused}. */
  private static void cancelOfASettledPaymentIsRefused(CheckContext c) throws Exception {
    String id = new Fixtures(c).settledPayment("10").path("id").asText();
    wrongState(c, c.v2().put(path(id, "cancel"), null));
    stays(c, id, "Settled");
  }

  /** Runs {@code lifecycle.cancel-of-a-cancelled-payment-is-refused}. */
  private static void cancelOfACancelledPaymentIsRefused(CheckContext c) throws Exception {
    String id = new Fixtures(c).heldPayment("10").path("id").asText();
    c.done(c.v2().put(path(id, "cancel"), null));
    Exchange again = c.v2().put(path(id, "cancel"), null);
    if (again.answered() && again.status() / 100 == 2) {
      c.reading(OpenPoint.CANCEL_AGAIN, "accepted", again);
    } else {
      c.refused(again);
      c.reading(OpenPoint.CANCEL_AGAIN, "refused", again);
      c.reading(OpenPoint.WRONG_STATE_CODE, again.errorCode(), again);
    }
    stays(c, id, "Cancelled");
  }

  /** Runs {@code lifecycle.complete-of-a-payment-without-a-step-is-refused}. */
  private static void completeOfAPaymentWithoutAStepIsRefused(CheckContext c) throws Exception {
    String id = new Fixtures(c).settledPayment("10").path("id").asText();
    wrongState(c, c.v2().put(path(id, "complete"), Json.object().put("code", "123456")));
    stays(c, id, "Settled");
  }

  /** Runs {@code lifecycle.refund-of-a-held-payment-is-refused}. */
  private static void refundOfAHeldPaymentIsRefused(CheckContext c) throws Exception {
    Fixtures f = new Fixtures(c);
    String id = f.heldPayment("10").path("id").asText();
    Exchange refund = c.v2().post("/api/v2/refunds", f.refund(id, "5"));
    c.reading(
        OpenPoint.REFUND_HELD,
        refund.answered() && refund.status() / 100 == 4 ? "refused" : "accepted",
        refund);
  }

  /** Runs {@code lifecycle.capture-beyond-the-held-amount-is-refused}. */
  private static void captureBeyondTheHeldAmountIsRefused(CheckContext c) throws Exception {
    String id = new Fixtures(c).heldPayment("100").path("id").asText();
    c.amountRefused(
        c.v2().put(path(id, "confirm"), OperationsSuite.capture(c, "100.01")), "amount.value");
    stays(c, id, "Authorized");
  }

  /** Runs {@code lifecycle.zero-and-negative-amounts-are-refused}. */
  private static void zeroAndNegativeAmountsAreRefused(CheckContext c) throws Exception {
    Fixtures f = new Fixtures(c);
    for (String value : List.of("0", "-10")) {
      c.amountRefused(
          c.v2().post("/api/v2/payments", f.approvedPayment(value, false)), "amount.value");
    }
    String held = f.heldPayment("10").path("id").asText();
    c.amountRefused(
        c.v2().put(path(held, "confirm"), OperationsSuite.capture(c, "0")), "amount.value");
    stays(c, held, "Authorized");
    String settled = f.settledPayment("10").path("id").asText();
    c.amountRefused(c.v2().post("/api/v2/refunds", f.refund(settled, "0")), "amount.value");
    c.amountRefused(c.v2().post("/api/v2/refunds", f.refund(settled, "-1")), "amount.value");
    c.ok(c.v2().post("/api/v2/refunds", f.refund(settled, "10")));
  }

  /** Runs {@code lifecycle.money-moves-only-in-the-payments-currency}. */
  private static void moneyMovesOnlyInThePaymentsCurrency(CheckContext c) throws Exception {
    Fixtures f = new Fixtures(c);
    String other = "EUR".equals(c.profile().currency()) ? "USD" : "EUR";
    String held = f.heldPayment("10").path("id").asText();
    c.amountRefused(
        c.v2().put(path(held, "confirm"), Json.object().set("amount", Json.amount("10", other))),
        "amount.currency");
    stays(c, held, "Authorized");
    String settled = f.settledPayment("10").path("id").asText();
    ObjectNode refund = f.refund(settled, "5");
    refund.set("amount", Json.amount("5", other));
    c.amountRefused(c.v2().post("/api/v2/refunds", refund), "amount.currency");
  }

  /** Runs {@code lifecycle.amounts-are-exact-json-numbers}. */
  private static void amountsAreExactJsonNumbers(CheckContext c) throws Exception {
    Fixtures f = new Fixtures(c);
    Exchange created = c.v2().post("/api/v2/payments", f.approvedPayment("1234.56", false));
    JsonNode payment = c.ok(created);
    c.rule("v2.payment.echo");
    c.decimal(created, payment, "amount.value", "1234.56");
    Exchange read = c.v2().get(path(payment.path("id").asText(), null));
    c.decimal(read, c.ok(read), "amount.value", "1234.56");
    // Answers may show four fraction digits; whether a request may carry them is open.
    Exchange four = c.v2().post("/api/v2/payments", f.approvedPayment("0.1234", false));
    if (four.answered() && four.status() / 100 == 4) {
      c.rule("v2.errors.body");
      c.refused(four);
      c.reading(OpenPoint.REQUEST_BOUNDARIES, "refused four fraction digits", four);
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

  /** Runs {@code lifecycle.refunds-never-exceed-the-money-taken}. */
  private static void refundsNeverExceedTheMoneyTaken(CheckContext c) throws Exception {
    Fixtures f = new Fixtures(c);
    String id = f.settledPayment("100").path("id").asText();
    c.ok(c.v2().post("/api/v2/refunds", f.refund(id, "60")));
    c.ok(c.v2().post("/api/v2/refunds", f.refund(id, "39.99")));
    c.ok(c.v2().post("/api/v2/refunds", f.refund(id, "0.01")));
    c.amountRefused(c.v2().post("/api/v2/refunds", f.refund(id, "0.01")), "amount.value");
  }

  /** Runs {@code lifecycle.refunds-of-a-partial-capture-stop-at-the-captured-amount}. */
  private static void refundsOfAPartialCaptureStopAtTheCapturedAmount(CheckContext c)
      throws Exception {
    Fixtures f = new Fixtures(c);
    String id = f.heldPayment("100").path("id").asText();
    c.require(partialCapture(c, id, "60"), PARTIAL_CAPTURE_REFUSED);
    c.amountRefused(c.v2().post("/api/v2/refunds", f.refund(id, "60.01")), "amount.value");
    c.rule("v2.ep.partial-capture");
    c.ok(c.v2().post("/api/v2/refunds", f.refund(id, "60")));
  }

  /** Runs {@code lifecycle.refund-starts-pending-and-settles}. */
  private static void refundStartsPendingAndSettles(CheckContext c) throws Exception {
    Fixtures f = new Fixtures(c);
    Duration settles =
        c.need(
            c.profile().settlesAfter("refund").orElse(null),
            "the profile does not say when refunds settle (settles.refund)");
    String id = f.settledPayment("30").path("id").asText();
    Exchange created = c.v2().post("/api/v2/refunds", f.refund(id, "30"));
    JsonNode refund = c.ok(created);
    c.expect(
        Set.of("Pending", "Success").contains(refund.path("status").asText()),
        "status Pending or Success",
        created::summary,
        created);
    c.advanceClock(settles);
    Exchange read = c.v2().get("/api/v2/refunds/" + encode(refund.path("id").asText()));
    c.member(read, c.ok(read), "status", "Success");
  }

  /** Runs {@code lifecycle.pending-refund-result-code}. */
  private static void pendingRefundResultCode(CheckContext c) throws Exception {
    Fixtures f = new Fixtures(c);
    String id = f.settledPayment("30").path("id").asText();
    Exchange created = c.v2().post("/api/v2/refunds", f.refund(id, "10"));
    JsonNode refund = c.ok(created);
    c.require(
        "Pending".equals(refund.path("status").asText()),
        "refunds on this target do not start Pending");
    Exchange read = c.v2().get("/api/v2/refunds/" + encode(refund.path("id").asText()));
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
        c.ok(c.v2().post("/api/v2/refunds", f.refund(payment.path("id").asText(), "30")));
    c.advanceClock(settles);
    Exchange read = c.v2().get("/api/v2/refunds/" + encode(refund.path("id").asText()));
    c.member(read, c.ok(read), "status", "Rejected");
  }

  /** Runs {@code lifecycle.token-charges-until-revoked}. */
  private static void tokenChargesUntilRevoked(CheckContext c) throws Exception {
    Fixtures f = new Fixtures(c);
    String id = f.activeToken(f.approvedCard().pan(), null).path("id").asText();
    Fixtures.Made paid = f.created(f.tokenPayment(id, "15"));
    c.member(paid.shown(), paid.payment(), "status", "Settled");
    c.rule("v2.states.token-revoked");
    c.done(c.v2().put("/api/v2/paymenttokens/" + encode(id) + "/revoke", null));
    Exchange read = c.v2().get("/api/v2/paymenttokens/" + encode(id));
    c.member(read, c.ok(read), "status", "Revoked");
    c.rule("v2.errors.token-revoked");
    c.refusedWith(
        c.v2().post("/api/v2/payments", f.tokenPayment(id, "15")),
        "payment_token_revoked",
        OpenPoint.TOKEN_UNUSABLE_STATUS);
  }

  /** Runs {@code lifecycle.revoking-a-revoked-token-is-payment-token-revoked}. */
  private static void revokingARevokedTokenIsPaymentTokenRevoked(CheckContext c) throws Exception {
    Fixtures f = new Fixtures(c);
    String id = f.activeToken(f.approvedCard().pan(), null).path("id").asText();
    c.done(c.v2().put("/api/v2/paymenttokens/" + encode(id) + "/revoke", null));
    Exchange again = c.v2().put("/api/v2/paymenttokens/" + encode(id) + "/revoke", null);
    if (again.answered() && again.status() / 100 == 2) {
      c.reading(OpenPoint.REVOKE_AGAIN, "success", again);
    } else {
      c.rule("v2.errors.body");
      String code = c.refused(again);
      c.reading(OpenPoint.REVOKE_AGAIN, code, again);
      if ("payment_token_revoked".equals(code)) {
        c.reading(OpenPoint.TOKEN_UNUSABLE_STATUS, Integer.toString(again.status()), again);
      }
    }
    c.rule("v2.states.token-revoked");
    Exchange read = c.v2().get("/api/v2/paymenttokens/" + encode(id));
    c.member(read, c.ok(read), "status", "Revoked");
  }

  /** Runs {@code lifecycle.blocked-token-cannot-pay}. */
  private static void blockedTokenCannotPay(CheckContext c) throws Exception {
    Fixtures f = new Fixtures(c);
    String pan =
        c.need(
            c.profile().blockedTokenCard(),
            "the profile names no card whose token is blocked " + "(blockedTokenCard)");
    String id = f.activeToken(pan, null).path("id").asText();
    c.refusedWith(
        c.v2().post("/api/v2/payments", f.tokenPayment(id, "15")),
        "payment_token_blocked",
        OpenPoint.TOKEN_UNUSABLE_STATUS);
  }

  /** Runs {@code lifecycle.completing-a-token-needs-an-answer}. */
  private static void completingATokenNeedsAnAnswer(CheckContext c) throws Exception {
    Fixtures f = new Fixtures(c);
    String id =
        c.ok(c.v2().post("/api/v2/paymenttokens", f.tokenRequest(f.approvedCard().pan(), null)))
            .path("id")
            .asText();
    Exchange empty = c.v2().put("/api/v2/paymenttokens/" + encode(id) + "/complete", Json.object());
    boolean ours =
        empty.answered()
            && empty.status() / 100 == 4
            && "validation_error".equals(empty.errorCode())
            && CheckContext.names(empty.json().path("errors"), "code");
    c.reading(
        OpenPoint.EMPTY_TOKEN_ANSWER,
        ours,
        empty.answered() && empty.status() / 100 == 2
            ? "accepted"
            : "refused with " + empty.errorCode(),
        empty);
    Exchange read = c.v2().get("/api/v2/paymenttokens/" + encode(id));
    c.reading(
        OpenPoint.EMPTY_TOKEN_ANSWER,
        "Created".equals(c.ok(read).path("status").asText()),
        "the token " + read.json().path("status").asText() + " afterwards",
        read);
  }

  /** Runs {@code lifecycle.a-failing-token-answer-declines-it}. */
  private static void aFailingTokenAnswerDeclinesIt(CheckContext c) throws Exception {
    Fixtures f = new Fixtures(c);
    Profile.Answers answers =
        c.need(
            c.profile().tokenConfirmation(),
            "the profile gives no token confirmation answers (tokenConfirmation)");
    c.need(
        answers.failingAnswer(),
        "the profile gives no failing token answer (tokenConfirmation.failingAnswer)");
    String id =
        c.ok(c.v2().post("/api/v2/paymenttokens", f.tokenRequest(f.approvedCard().pan(), null)))
            .path("id")
            .asText();
    Exchange done =
        c.v2()
            .put(
                "/api/v2/paymenttokens/" + encode(id) + "/complete",
                Json.MAPPER.valueToTree(answers.failingAnswer()));
    Exchange read = c.v2().get("/api/v2/paymenttokens/" + encode(id));
    c.reading(OpenPoint.FAILING_TOKEN_ANSWER, c.ok(read).path("status").asText(), done);
  }

  /** Runs {@code lifecycle.receipt-is-registered-with-fiscal-data}. */
  private static void receiptIsRegisteredWithFiscalData(CheckContext c) throws Exception {
    Fixtures f = new Fixtures(c);
    Duration settles =
        c.need(
            c.profile().settlesAfter("receipt").orElse(null),
            "the profile does not say when receipts are registered (settles.receipt)");
    String paymentId = f.settledPayment("70").path("id").asText();
    Exchange created = c.v2().post("/api/v2/receipts", f.receipt(paymentId, "70"));
    JsonNode receipt = c.ok(created);
    c.expect(
        Set.of("Pending", "Success").contains(receipt.path("status").asText()),
        "status Pending or Success",
        created::summary,
        created);
    c.advanceClock(settles);
    Exchange read = c.v2().get("/api/v2/receipts/" + encode(receipt.path("id").asText()));
    JsonNode registered = c.ok(read);
    c.member(read, registered, "status", "Success");
    c.rule("v2.receipt.members");
    c.present(
        read,
        registered,
        "fiscalData.fiscalDeviceId",
        "fiscalData.shiftNumber",
        "fiscalData.receiptNumber",
        "fiscalData.documentId",
        "fiscalData.fiscalAttribute",
        "fiscalData.timestamp");
  }

  /** Runs {@code lifecycle.sticker-switches-off-and-on}. */
  private static void stickerSwitchesOffAndOn(CheckContext c) throws Exception {
    String id =
        c.ok(c.v2().post("/api/v2/stickers", new Fixtures(c).sticker(false, null, null)))
            .path("id")
            .asText();
    c.done(c.v2().put("/api/v2/stickers/" + encode(id), Json.object().put("active", false)));
    Exchange off = c.v2().get("/api/v2/stickers/" + encode(id));
    String status = c.ok(off).path("status").asText();
    c.expect(!"Active".equals(status), "no longer Active", off::summary, off);
    c.reading(OpenPoint.STICKER_OFF, status, off);
    c.done(c.v2().put("/api/v2/stickers/" + encode(id), Json.object().put("active", true)));
    Exchange on = c.v2().get("/api/v2/stickers/" + encode(id));
    c.member(on, c.ok(on), "status", "Active");
  }

  /** Runs {@code lifecycle.timestamps-are-utc}. */
  private static void timestampsAreUtc(CheckContext c) throws Exception {
    ObjectNode body = new Fixtures(c).approvedPayment("10", false);
    ((ObjectNode) body.path("invoice")).put("expires", "2030-01-01T09:00:00Z");
    utcEchoed(c, c.v2().post("/api/v2/payments", body));
    // A request timestamp with another offset: the documents write timestamps in UTC, so
    // a target may refuse it; one it takes is the same moment, written in UTC.
    ObjectNode zoned = new Fixtures(c).approvedPayment("10", false);
    ((ObjectNode) zoned.path("invoice")).put("expires", "2030-01-01T12:00:00+03:00");
    Exchange offset = c.v2().post("/api/v2/payments", zoned);
    if (offset.answered() && offset.status() / 100 == 4) {
      c.rule("v2.errors.body");
      c.refused(offset);
      c.reading(OpenPoint.ZONED_TIMESTAMPS, "refused", offset);
    } else {
      c.reading(OpenPoint.ZONED_TIMESTAMPS, "accepted", offset);
      c.rule("v2.conv.timestamps");
      utcEchoed(c, offset);
    }
  }

  /** Runs {@code lifecycle.an-expired-invoice-is-not-paid}. */
  private static void anExpiredInvoiceIsNotPaid(CheckContext c) throws Exception {
    JsonNode reference = new Fixtures(c).settledPayment("1");
    Instant now = Json.timestamp(reference.path("created").asText()).toInstant();
    ObjectNode body = new Fixtures(c).invoice("10");
    ((ObjectNode) body.path("invoice")).put("expires", now.plus(Duration.ofMinutes(1)).toString());
    String id = c.ok(c.v2().post("/api/v2/invoices", body)).path("paymentId").asText();
    c.advanceClock(Duration.ofMinutes(2));
    Exchange read = c.v2().get(path(id, null));
    c.reading(OpenPoint.EXPIRED_INVOICE, c.ok(read).path("status").asText(), read);
  }
}
