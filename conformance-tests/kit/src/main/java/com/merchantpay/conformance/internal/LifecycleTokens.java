package com.merchantpay.conformance.internal;

import static com.merchantpay.conformance.internal.LifecycleSteps.check;
import static com.merchantpay.conformance.internal.LifecycleSteps.pendingOrSettled;

import com.fasterxml.jackson.databind.JsonNode;
import com.merchantpay.conformance.target.OpenPoint;
import com.merchantpay.conformance.target.Profile;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** Lifecycle checks of payment tokens, receipts and stickers. */
final class LifecycleTokens {
  private LifecycleTokens() {}

  static List<Check> tokens() {
    List<Check> checks = new ArrayList<>();
    checks.add(
        check(
                "token-charges-until-revoked",
                "An Active token pays; once revoked it reads Revoked and paying with it is payment_token_revoked",
                "v2.request.token",
                List.of(Tag.TOKENS),
                LifecycleTokens::tokenChargesUntilRevoked)
            .judging("v2.states.token-revoked", "v2.errors.token-revoked"));
    checks.add(
        check(
            "revoking-a-revoked-token-is-payment-token-revoked",
            "Revoking a revoked token leaves it Revoked; ours answers payment_token_revoked",
            "v2.states.token-revoked",
            List.of(Tag.TOKENS, Tag.TRANSITIONS),
            LifecycleTokens::revokingARevokedTokenIsPaymentTokenRevoked));
    checks.add(
        check(
            "blocked-token-cannot-pay",
            "Paying with a blocked token is payment_token_blocked",
            "v2.errors.token-blocked",
            List.of(Tag.TOKENS),
            LifecycleTokens::blockedTokenCannotPay));
    checks.add(
        check(
            "completing-a-token-needs-an-answer",
            "Completing a token with no answer is validation_error naming code, and the token stays Created",
            OpenPoint.EMPTY_TOKEN_ANSWER,
            List.of(Tag.TOKENS),
            LifecycleTokens::completingATokenNeedsAnAnswer));
    checks.add(
        check(
            "a-failing-token-answer-declines-it",
            "A failing answer leaves the token Declined, never Active",
            OpenPoint.FAILING_TOKEN_ANSWER,
            List.of(Tag.TOKENS),
            LifecycleTokens::aFailingTokenAnswerDeclinesIt));
    return checks;
  }

  static List<Check> receiptsAndStickers() {
    List<Check> checks = new ArrayList<>();
    checks.add(
        check(
                "receipt-is-registered-with-fiscal-data",
                "A receipt starts Pending (or registered) and, once registered, is Success with its fiscal data",
                "v2.states.receipt-registered",
                List.of(Tag.RECEIPTS, Tag.TIME, Tag.CLOCK),
                LifecycleTokens::receiptIsRegisteredWithFiscalData)
            .judging("v2.receipt.members")
            .alone(Alone.MOVES_THE_CLOCK));
    checks.add(
        check(
            "receipt-for-an-unknown-payment-is-not-found",
            "A receipt for a payment that does not exist is refused",
            "v2.ep.unknown-resource",
            List.of(Tag.RECEIPTS, Tag.ERRORS),
            LifecycleTokens::receiptForAnUnknownPaymentIsNotFound));
    checks.add(
        check(
                "sticker-switches-off-and-on",
                "A sticker switched off is no longer Active; switched on it is",
                "v2.states.sticker-active",
                List.of(Tag.STICKERS),
                LifecycleTokens::stickerSwitchesOffAndOn)
            .judging("v2.op.setStickerActive"));
    return checks;
  }

  /** Runs {@code lifecycle.token-charges-until-revoked}. */
  private static void tokenChargesUntilRevoked(CheckContext c) throws Exception {
    Fixtures f = new Fixtures(c);
    String id = f.activeToken(f.approvedCard().pan(), null).path("id").asText();
    Fixtures.Made paid = f.created(f.tokenPayment(id, "15"));
    c.member(paid.shown(), paid.payment(), "status", "Settled");
    c.rule("v2.states.token-revoked");
    c.done(c.v2().put(Paths.v2("revokePaymentToken", id), null));
    Exchange read = c.v2().get(Paths.v2("getPaymentToken", id));
    c.member(read, c.ok(read), "status", "Revoked");
    c.rule("v2.errors.token-revoked");
    c.refusedWith(
        c.v2().post(Paths.v2("createPayment"), f.tokenPayment(id, "15")),
        "payment_token_revoked",
        OpenPoint.TOKEN_UNUSABLE_STATUS);
  }

  /** Runs {@code lifecycle.revoking-a-revoked-token-is-payment-token-revoked}. */
  private static void revokingARevokedTokenIsPaymentTokenRevoked(CheckContext c) throws Exception {
    Fixtures f = new Fixtures(c);
    String id = f.activeToken(f.approvedCard().pan(), null).path("id").asText();
    c.done(c.v2().put(Paths.v2("revokePaymentToken", id), null));
    Exchange again = c.v2().put(Paths.v2("revokePaymentToken", id), null);
    if (again.answered() && again.status() / 100 == 2) {
      c.reading(OpenPoint.REVOKE_AGAIN, "success", again);
    } else {
      c.rule("v2.errors.body");
      String code = c.refused(again);
      c.reading(OpenPoint.REVOKE_AGAIN, code, "HTTP " + again.status(), again);
      if ("payment_token_revoked".equals(code)) {
        c.reading(OpenPoint.TOKEN_UNUSABLE_STATUS, Integer.toString(again.status()), again);
      }
    }
    c.rule("v2.states.token-revoked");
    Exchange read = c.v2().get(Paths.v2("getPaymentToken", id));
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
        c.v2().post(Paths.v2("createPayment"), f.tokenPayment(id, "15")),
        "payment_token_blocked",
        OpenPoint.TOKEN_UNUSABLE_STATUS);
  }

  /** Runs {@code lifecycle.completing-a-token-needs-an-answer}. */
  private static void completingATokenNeedsAnAnswer(CheckContext c) throws Exception {
    Fixtures f = new Fixtures(c);
    String id = f.createdTokenId();
    Exchange empty = c.v2().put(Paths.v2("completePaymentToken", id), Json.object());
    boolean accepted = empty.answered() && empty.status() / 100 == 2;
    String code = accepted ? "accepted" : c.refused(empty);
    c.reading(OpenPoint.EMPTY_TOKEN_ANSWER, code, "HTTP " + empty.status(), empty);
    if ("validation_error".equals(code)) {
      c.reading(
          OpenPoint.NAMES_MEMBER,
          CheckContext.names(empty.json().path("errors"), "code") ? "named" : "unnamed",
          "code",
          empty);
    }
    Exchange read = c.v2().get(Paths.v2("getPaymentToken", id));
    String after = c.ok(read).path("status").asText();
    if (!accepted && !"Created".equals(after)) {
      // Refused, yet acted: the answer said one thing and the token shows another.
      c.reading(OpenPoint.EMPTY_TOKEN_ANSWER, "accepted", "refused, yet " + after, read);
    }
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
    String id = f.createdTokenId();
    Exchange done =
        c.v2()
            .put(
                Paths.v2("completePaymentToken", id),
                Json.MAPPER.valueToTree(answers.failingAnswer()));
    Exchange read = c.v2().get(Paths.v2("getPaymentToken", id));
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
    Exchange created = c.v2().post(Paths.v2("createReceipt"), f.receipt(paymentId, "70"));
    JsonNode receipt = pendingOrSettled(c, created);
    c.advanceClock(settles);
    Exchange read = c.v2().get(Paths.v2("getReceipt", receipt.path("id").asText()));
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
        c.ok(c.v2().post(Paths.v2("createSticker"), new Fixtures(c).sticker(false, null, null)))
            .path("id")
            .asText();
    c.done(c.v2().put(Paths.v2("setStickerActive", id), Json.object().put("active", false)));
    Exchange off = c.v2().get(Paths.v2("getSticker", id));
    String status = c.ok(off).path("status").asText();
    c.expect(!"Active".equals(status), "no longer Active", off::summary, off);
    c.reading(OpenPoint.STICKER_OFF, status, off);
    c.done(c.v2().put(Paths.v2("setStickerActive", id), Json.object().put("active", true)));
    Exchange on = c.v2().get(Paths.v2("getSticker", id));
    c.member(on, c.ok(on), "status", "Active");
  }

  /** Runs {@code lifecycle.receipt-for-an-unknown-payment-is-not-found}. */
  private static void receiptForAnUnknownPaymentIsNotFound(CheckContext c) throws Exception {
    c.refusedAs(
        c.v2()
            .post(
                Paths.v2("createReceipt"),
                new Fixtures(c).receipt(c.run().unique("no-such-payment"), "10")),
        OpenPoint.NOT_FOUND_CODE,
        OpenPoint.NOT_FOUND_STATUS);
  }
}
