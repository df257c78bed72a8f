package com.merchantpay.conformance.internal;

import static com.merchantpay.conformance.internal.LifecycleSteps.check;

import com.fasterxml.jackson.databind.JsonNode;
import com.merchantpay.conformance.target.OpenPoint;
import com.merchantpay.conformance.target.Profile;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Payments that ask for a confirmation step, passed or failed, and declines: the lifecycle checks
 * of a payment that does not simply go through.
 */
final class LifecycleConfirmations {
  private LifecycleConfirmations() {}

  static List<Check> confirmations() {
    List<Check> checks = new ArrayList<>();
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
                  c -> c.run().withConfirmations(inbox -> passStep(inbox, type), c))
              .judging(
                  "v2.confirmation.members", "v2.confirmation.sequence", "v2.ep.complete-by-type"));
    }
    checks.add(
        check(
            "failing-confirmation-declines",
            "A failing step answer never approves the payment; declined, it is data: HTTP 200, Rejected, a resultCode",
            "v2.errors.declines",
            List.of(Tag.PAYMENTS, Tag.CONFIRMATIONS),
            c -> c.run().withConfirmations(LifecycleConfirmations::failingStep, c)));
    checks.add(
        check(
                "declines-are-data-with-their-result-code",
                "Each declining card of the profile gives HTTP 200, status Rejected and its resultCode",
                "v2.errors.declines",
                List.of(Tag.PAYMENTS, Tag.DECLINES),
                LifecycleConfirmations::declinesAreDataWithTheirResultCode)
            .judging("v2.payment.completed", "v2.dict.result-codes"));
    return checks;
  }

  static final Map<String, List<String>> CONFIRMATION_MEMBERS =
      Map.of(
          "External", List.of("confirmation.paymentUrl"),
          "SmsOtp", List.of("confirmation.maskedPhone"),
          "ThreeDSMethod", List.of("confirmation.methodUrl", "confirmation.transactionId"),
          "ThreeDSChallenge", List.of("confirmation.acsUrl", "confirmation.creq"),
          "ThreeDSv1", List.of("confirmation.acsUrl", "confirmation.PAReq"));

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
