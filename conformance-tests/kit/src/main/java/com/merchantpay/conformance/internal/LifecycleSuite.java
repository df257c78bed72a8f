package com.merchantpay.conformance.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.merchantpay.conformance.target.OpenPoint;
import com.merchantpay.conformance.target.Profile;
import java.math.BigDecimal;
import java.time.DateTimeException;
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
  static final String SUITE = "lifecycle";
  static final Map<String, List<String>> CONFIRMATION_MEMBERS =
      Map.of(
          "External", List.of("confirmation.paymentUrl"),
          "SmsOtp", List.of("confirmation.maskedPhone"),
          "ThreeDSMethod", List.of("confirmation.methodUrl", "confirmation.transactionId"),
          "ThreeDSChallenge", List.of("confirmation.acsUrl", "confirmation.creq"),
          "ThreeDSv1", List.of("confirmation.acsUrl", "confirmation.PAReq"));

  private LifecycleSuite() {}

  /** The rules every check of this suite judges besides its own, by the interface it calls. */
  static final Map<String, List<String>> EVERY_CHECK_JUDGES =
      Map.of("v2", List.of("v2.errors.body"));

  /** The rules a check judges besides its own and those above, by the check's name. */
  static final Map<String, List<String>> ALSO_JUDGES =
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

  static List<Check> declared() {
    List<Check> checks = new ArrayList<>();
    checks.addAll(LifecyclePayments.payments());
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
              c -> c.run().withConfirmations(inbox -> passStep(inbox, type), c)));
    }
    checks.add(
        check(
            "failing-confirmation-declines",
            "A failing step answer never approves the payment; declined, it is data: HTTP 200, Rejected, a resultCode",
            "v2.errors.declines",
            List.of(Tag.PAYMENTS, Tag.CONFIRMATIONS),
            c -> c.run().withConfirmations(LifecycleSuite::failingStep, c)));
    checks.add(
        check(
            "declines-are-data-with-their-result-code",
            "Each declining card of the profile gives HTTP 200, status Rejected and its resultCode",
            "v2.errors.declines",
            List.of(Tag.PAYMENTS, Tag.DECLINES),
            LifecycleSuite::declinesAreDataWithTheirResultCode));
    checks.addAll(LifecyclePayments.pages());
    checks.addAll(LifecycleRefusals.refusedMoves());
    checks.addAll(LifecycleRefusals.money());
    checks.addAll(LifecycleRefunds.refunds());
    checks.addAll(LifecycleTokens.tokens());
    checks.addAll(LifecycleTokens.receiptsAndStickers());
    checks.addAll(LifecycleTime.time());
    return checks;
  }

  // ---------------------------------------------------------------- payments

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
    Exchange capture =
        c.v2().put(Paths.v2("capturePayment", paymentId), OperationsSuite.capture(c, amount));
    if (capture.answered() && capture.status() / 100 == 4) {
      c.refused(capture);
      c.reading(OpenPoint.PARTIAL_CAPTURE, "refused", "with " + capture.errorCode(), capture);
      return false;
    }
    c.done(capture);
    c.reading(OpenPoint.PARTIAL_CAPTURE, "taken", capture);
    return true;
  }

  /**
   * How the answer shows the captured sum: our capturedAmount, the amount itself, or not at all.
   */
  static String capturedShown(JsonNode payment, String captured) {
    BigDecimal sum = new BigDecimal(captured);
    JsonNode ours = Json.at(payment, "capturedAmount.value");
    if (ours.isNumber() && ours.decimalValue().compareTo(sum) == 0) {
      return "capturedAmount";
    }
    JsonNode amount = Json.at(payment, "amount.value");
    return amount.isNumber() && amount.decimalValue().compareTo(sum) == 0 ? "amount" : "not shown";
  }

  static void passStep(CheckContext c, String type) throws InterruptedException {
    Fixtures f = new Fixtures(c);
    Profile.Confirmation confirmation = f.confirmation(type);
    Exchange created = c.v2().post(Paths.v2("createPayment"), f.confirmationPayment(type, "10"));
    JsonNode payment = c.ok(created);
    c.member(created, payment, "status", "Confirmation");
    c.member(created, payment, "confirmation.type", type);
    c.rule("v2.confirmation.members");
    c.present(created, payment, CONFIRMATION_MEMBERS.get(type).toArray(new String[0]));
    c.rule("v2.ep.complete-by-type");
    String id = payment.path("id").asText();
    c.require(
        confirmation.answer() != null
            || confirmation.answerFrom() != null
            || type.equals("External"),
        "the profile gives no answer for a " + type + " step");
    Fixtures.Passed passed = f.passConfirmations(id, payment, created, type);
    JsonNode current = passed.payment();
    Exchange last = passed.last();
    c.rule("v2.confirmation.sequence");
    c.expect(
        "Settled".equals(current.path("status").asText()),
        "the one-stage payment approved: Settled",
        last::summary,
        last);
  }

  static void failingStep(CheckContext c) throws InterruptedException {
    Fixtures f = new Fixtures(c);
    int tried = 0;
    for (Map.Entry<String, Profile.Confirmation> entry : c.profile().confirmations().entrySet()) {
      if (entry.getValue().failingAnswer() == null) {
        continue;
      }
      tried++;
      String id = f.pay(f.confirmationPayment(entry.getKey(), "10")).path("id").asText();
      Exchange done = f.failConfirmation(id, entry.getValue().failingAnswer()).answer();
      if (done.status() / 100 == 4) {
        c.reading(OpenPoint.FAILING_CONFIRMATION, "refused", "with " + c.refused(done), done);
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
    }
    c.require(tried > 0, "the profile gives no failing answer for any confirmation step");
  }

  // ---------------------------------------------------------------- pages the payer uses

  // ---------------------------------------------------------------- refused moves

  /**
   * A refusal of an operation the payment's state does not allow: refused; code and status are
   * readings.
   */
  static void wrongState(CheckContext c, Exchange exchange) {
    // The documents fix no code for a request the resource's state does not allow, but the error
    // table's meanings leave two that fit: invalid_operation (request rejected, ours) and
    // validation_error; not_authorized, a key violation or a token code would say something else.
    c.refusedWithOneOf(
        exchange,
        List.of("invalid_operation", "validation_error"),
        OpenPoint.WRONG_STATE_CODE,
        OpenPoint.WRONG_STATE_STATUS);
  }

  static void stays(CheckContext c, String paymentId, String status) {
    Exchange read = c.v2().get(Paths.v2("getPayment", paymentId));
    c.expect(
        status.equals(c.ok(read).path("status").asText()),
        "the payment still " + status + ", nothing changed",
        read::summary,
        read);
  }

  // ---------------------------------------------------------------- money

  // ---------------------------------------------------------------- refunds

  // ---------------------------------------------------------------- tokens

  // ---------------------------------------------------------------- receipts and stickers

  // ---------------------------------------------------------------- time

  /**
   * The payment's timestamps, in its creation answer and as read, are in UTC, and its invoice
   * expires at the moment sent, however the request wrote it.
   */
  static void utcEchoed(CheckContext c, Exchange created, java.time.Instant sent) {
    JsonNode payment = c.ok(created);
    Exchange read = c.v2().get(Paths.v2("getPayment", payment.path("id").asText()));
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
              && Json.instant(expires.asText()).equals(sent),
          "invoice.expires the same moment as sent, " + sent,
          () -> "invoice.expires = " + expires,
          exchange);
    }
  }

  // ---------------------------------------------------------------- helpers

  /**
   * A refund or receipt just created: answered, and Pending, or Success already when the target
   * settles at once.
   */
  static JsonNode pendingOrSettled(CheckContext c, Exchange created) {
    JsonNode resource = c.ok(created);
    c.expect(
        Set.of("Pending", "Success").contains(resource.path("status").asText()),
        "status Pending or Success",
        created::summary,
        created);
    return resource;
  }

  static boolean isUtc(String timestamp) {
    try {
      return Json.timestamp(timestamp).getOffset().getTotalSeconds() == 0;
    } catch (DateTimeException e) {
      return false;
    }
  }

  static boolean isTimestamp(String text) {
    try {
      Json.timestamp(text);
      return true;
    } catch (DateTimeException e) {
      return false;
    }
  }

  static String digits(String text) {
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

  static Check check(String name, String title, String rule, List<Tag> tags, Check.Body body) {
    return Check.of(SUITE, name, title, rule, tags, body);
  }

  static Check check(String name, String title, OpenPoint point, List<Tag> tags, Check.Body body) {
    return Check.of(SUITE, name, title, point, tags, body);
  }

  /** Runs {@code lifecycle.declines-are-data-with-their-result-code}. */
  static void declinesAreDataWithTheirResultCode(CheckContext c) throws Exception {
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
}
