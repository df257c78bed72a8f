package com.merchantpay.conformance.internal;

import static com.merchantpay.conformance.internal.Fixtures.encode;
import static com.merchantpay.conformance.internal.Fixtures.values;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.merchantpay.conformance.target.Profile;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Resources through their lives: payments held, captured in full or in part and cancelled, every kind of
 * confirmation, declines, refunds up to the money taken, tokens used, revoked and blocked, receipts and
 * stickers; impossible transitions refused; money and time written as the documents say.
 */
final class LifecycleSuite {
  private static final String SUITE = "lifecycle";
  private static final Set<String> FINAL_APPROVED = Set.of("Settled", "Authorized");

  private LifecycleSuite() {}

  static List<Check> checks() {
    List<Check> checks = new ArrayList<>();
    checks.add(check("single-stage-payment-settles", "An approved one-stage payment takes the money: Settled",
        Rule.v2("Endpoints, row 2 and Dictionaries", "dualMode defaults to false (one stage); Settled = settled"),
        List.of("payments"), c -> new Fixtures(c).payment("100", false, "Settled")));
    checks.add(check("two-stage-payment-is-held", "An approved two-stage payment holds the money: Authorized",
        Rule.v2("Endpoints, row 2 and Dictionaries", "dualMode true is a two-stage payment; Authorized = held"),
        List.of("payments"), c -> new Fixtures(c).payment("100", true, "Authorized")));
    checks.add(check("capture-settles-a-held-payment", "Capturing a held payment makes it Settled",
        Rule.v2("Endpoints, row 4", "capture takes the money of a held payment"), List.of("payments", "money"), c -> {
          String id = new Fixtures(c).heldPayment("100").path("id").asText();
          c.status(c.v2().put(path(id, "confirm"), OperationsSuite.capture(c, "100")), 200, 204);
          Exchange read = c.v2().get(path(id, null));
          c.member(read, c.ok(read), "status", "Settled");
        }));
    checks.add(check("partial-capture-shows-the-captured-amount",
        "After a partial capture the payment and its list item show the money taken as capturedAmount",
        Rule.v2Decision("Money and time", "capturedAmount is the money taken in every view; amount keeps the sum"),
        List.of("payments", "money"), c -> {
          JsonNode held = new Fixtures(c).heldPayment("100");
          String id = held.path("id").asText();
          c.status(c.v2().put(path(id, "confirm"), OperationsSuite.capture(c, "60.5")), 200, 204);
          Exchange read = c.v2().get(path(id, null));
          JsonNode payment = c.ok(read);
          c.member(read, payment, "status", "Settled");
          c.decimal(read, payment, "amount.value", "100");
          c.decimal(read, payment, "capturedAmount.value", "60.5");
          Pages.Page page = Pages.find(c, "/api/v2/payments?merchantId=" + encode(c.target().merchantId()) + "&"
              + Fixtures.period(held.path("created").asText()), id);
          c.decimal(page.exchange(), find(Json.MAPPER.valueToTree(page.items()), id), "capturedAmount.value", "60.5");
        }));
    checks.add(check("capture-beyond-the-held-amount-is-refused",
        "A capture of more than is held is refused and the payment stays held",
        Rule.v2Decision("CaptureRequest and Errors", "more than is held is refused (validation_error naming amount)"),
        List.of("payments", "money"), c -> {
          String id = new Fixtures(c).heldPayment("100").path("id").asText();
          Exchange refused = c.v2().put(path(id, "confirm"), OperationsSuite.capture(c, "100.01"));
          c.validationErrorNaming(refused, "amount.value");
          Exchange read = c.v2().get(path(id, null));
          c.member(read, c.ok(read), "status", "Authorized");
        }));
    checks.add(check("cancel-releases-the-hold", "Cancelling a held payment makes it Cancelled",
        Rule.v2("Endpoints, row 5 and Dictionaries", "cancel of a held payment; Cancelled = cancelled"),
        List.of("payments"), c -> {
          String id = new Fixtures(c).heldPayment("100").path("id").asText();
          c.status(c.v2().put(path(id, "cancel"), null), 200, 204);
          Exchange read = c.v2().get(path(id, null));
          c.member(read, c.ok(read), "status", "Cancelled");
        }));
    for (String type : List.of("SmsOtp", "ThreeDSMethod", "ThreeDSChallenge", "ThreeDSv1", "External")) {
      checks.add(check("confirmation-" + type, "A payment that asks for a " + type + " step goes through once the "
          + "step is passed", Rule.v2("Endpoints, rule 1", "complete answers the step named by confirmation.type "
          + "(code, threeDSCompInd, cres, PARes); External is finished by the user on paymentUrl"),
          List.of("payments", "confirmations"), c -> passStep(c, type)));
    }
    checks.add(check("failing-confirmation-declines", "A failing step answer declines the payment: HTTP 200, Rejected",
        Rule.v2("Errors, rule 3", "declines are reported in the Payment through status Rejected and resultCode"),
        List.of("payments", "confirmations"), c -> {
          Fixtures f = new Fixtures(c);
          int tried = 0;
          for (Map.Entry<String, Profile.Confirmation> entry : c.profile().confirmations().entrySet()) {
            if (entry.getValue().failingAnswer() == null) {
              continue;
            }
            tried++;
            JsonNode payment = f.pay(f.confirmationPayment(entry.getKey(), "10"));
            Exchange done = c.v2().put(path(payment.path("id").asText(), "complete"),
                Json.MAPPER.valueToTree(entry.getValue().failingAnswer()));
            JsonNode declined = c.ok(done);
            c.member(done, declined, "status", "Rejected");
            c.expect(declined.path("resultCode").isTextual() && !"Success".equals(declined.path("resultCode").asText()),
                "a resultCode telling why", done::summary, done);
          }
          c.require(tried > 0, "the profile gives no failing answer for any confirmation step");
        }));
    checks.add(check("declines-are-data-with-their-result-code",
        "Each declining card of the profile gives HTTP 200, status Rejected and its resultCode",
        Rule.v2("Errors, rule 3", "declines are reported in the Payment through status Rejected and resultCode"),
        List.of("payments", "declines"), c -> {
          Fixtures f = new Fixtures(c);
          c.require(!c.profile().declines().isEmpty(), "the profile defines no declining cards (declines)");
          for (Profile.Decline decline : c.profile().declines()) {
            Profile.Card card = f.approvedCard();
            Exchange created = c.v2().post("/api/v2/payments", f.cardPayment(decline.pan(), card.expiry(), card.cvc(),
                "10", false));
            JsonNode payment = c.ok(created);
            c.member(created, payment, "status", "Rejected");
            c.member(created, payment, "resultCode", decline.resultCode());
          }
        }));
    checks.addAll(impossibleTransitions());
    checks.add(check("unknown-payment-is-not-found", "Reading a payment that does not exist is invalid_operation (404)",
        Rule.v2Decision("Errors", "a resource named by the request that does not exist: 404 invalid_operation"),
        List.of("payments", "errors"), c -> c.error(c.v2().get("/api/v2/payments/" + encode(
            c.run().unique("no-such-payment"))), 404, "invalid_operation")));
    checks.addAll(refunds());
    checks.addAll(tokens());
    checks.addAll(receiptsAndStickers());
    checks.addAll(moneyAndTime());
    return checks;
  }

  private static void passStep(CheckContext c, String type) {
    Fixtures f = new Fixtures(c);
    Profile.Confirmation confirmation = f.confirmation(type);
    Exchange created = c.v2().post("/api/v2/payments", f.confirmationPayment(type, "10"));
    JsonNode payment = c.ok(created);
    c.member(created, payment, "status", "Confirmation");
    c.member(created, payment, "confirmation.type", type);
    String id = payment.path("id").asText();
    c.require(confirmation.answer() != null || type.equals("External"),
        "the profile gives no answer for a " + type + " step");
    JsonNode current = payment;
    Exchange after = created;
    // Steps may come one after another (the document's Confirmation objects): each is passed in turn.
    for (int step = 0; step < 5 && "Confirmation".equals(current.path("status").asText()); step++) {
      String stepType = current.path("confirmation").path("type").asText();
      if (stepType.equals("External")) {
        f.approveExternal(c.need(current.path("confirmation").path("paymentUrl").textValue(),
            "the External step came without a paymentUrl"));
        after = f.settled(id);
      } else {
        Profile.Confirmation next = stepType.equals(type) ? confirmation : f.confirmation(stepType);
        after = c.v2().put(path(id, "complete"), Json.MAPPER.valueToTree(c.need(next.answer(),
            "the profile gives no answer for a " + stepType + " step")));
      }
      current = c.ok(after);
      if ("Pending".equals(current.path("status").asText())) {
        after = f.settled(id);
        current = c.ok(after);
      }
    }
    Exchange last = after;
    c.expect("Settled".equals(current.path("status").asText()), "the one-stage payment approved: Settled",
        last::summary, last);
  }

  private static List<Check> impossibleTransitions() {
    Rule rule = Rule.v2Decision("Errors", "a state that does not allow the operation: 409 invalid_operation");
    List<Check> checks = new ArrayList<>();
    checks.add(check("capture-of-a-settled-payment-is-refused", "A settled payment cannot be captured", rule,
        List.of("payments", "transitions"), c -> {
          String id = new Fixtures(c).settledPayment("10").path("id").asText();
          c.error(c.v2().put(path(id, "confirm"), OperationsSuite.capture(c, "10")), 409, "invalid_operation");
        }));
    checks.add(check("cancel-of-a-settled-payment-is-refused", "A settled payment cannot be cancelled", rule,
        List.of("payments", "transitions"), c -> {
          String id = new Fixtures(c).settledPayment("10").path("id").asText();
          c.error(c.v2().put(path(id, "cancel"), null), 409, "invalid_operation");
        }));
    checks.add(check("cancel-of-a-cancelled-payment-is-refused", "A cancelled payment cannot be cancelled again",
        rule, List.of("payments", "transitions"), c -> {
          String id = new Fixtures(c).heldPayment("10").path("id").asText();
          c.status(c.v2().put(path(id, "cancel"), null), 200, 204);
          c.error(c.v2().put(path(id, "cancel"), null), 409, "invalid_operation");
        }));
    checks.add(check("complete-of-a-payment-without-a-step-is-refused",
        "A payment that waits for no confirmation cannot be completed", rule, List.of("payments", "transitions"), c -> {
          String id = new Fixtures(c).settledPayment("10").path("id").asText();
          c.error(c.v2().put(path(id, "complete"), Json.object().put("code", "123456")), 409, "invalid_operation");
        }));
    checks.add(check("refund-of-a-held-payment-is-refused", "Money that is only held cannot be refunded", rule,
        List.of("refunds", "transitions", "money"), c -> {
          Fixtures f = new Fixtures(c);
          String id = f.heldPayment("10").path("id").asText();
          c.error(c.v2().post("/api/v2/refunds", f.refund(id, "5")), 409, "invalid_operation");
        }));
    return checks;
  }

  private static List<Check> refunds() {
    List<Check> checks = new ArrayList<>();
    checks.add(check("refunds-never-exceed-the-money-taken",
        "Refunds add up to the captured total and not a cent more",
        Rule.v2Decision("CreateRefundRequest and Errors", "a refund beyond what is refundable is refused"),
        List.of("refunds", "money"), c -> {
          Fixtures f = new Fixtures(c);
          String id = f.settledPayment("100").path("id").asText();
          c.ok(c.v2().post("/api/v2/refunds", f.refund(id, "60")));
          c.ok(c.v2().post("/api/v2/refunds", f.refund(id, "39.99")));
          c.ok(c.v2().post("/api/v2/refunds", f.refund(id, "0.01")));
          Exchange beyond = c.v2().post("/api/v2/refunds", f.refund(id, "0.01"));
          c.validationErrorNaming(beyond, "amount.value");
        }));
    checks.add(check("refunds-of-a-partial-capture-stop-at-the-captured-amount",
        "After a partial capture only the captured amount can be refunded, not the held one",
        Rule.v2Decision("CreateRefundRequest and Errors", "a refund beyond what is refundable is refused"),
        List.of("refunds", "money"), c -> {
          Fixtures f = new Fixtures(c);
          String id = f.heldPayment("100").path("id").asText();
          c.status(c.v2().put(path(id, "confirm"), OperationsSuite.capture(c, "60")), 200, 204);
          c.validationErrorNaming(c.v2().post("/api/v2/refunds", f.refund(id, "60.01")), "amount.value");
          c.ok(c.v2().post("/api/v2/refunds", f.refund(id, "60")));
        }));
    checks.add(check("refund-starts-pending-and-settles", "A refund starts Pending (or done) and ends Success",
        Rule.v2("States and transitions", "a refund creation response shows Pending; Success = money returned"),
        List.of("refunds", "time"), c -> {
          Fixtures f = new Fixtures(c);
          Duration settles = c.need(c.profile().settlesAfter("refund").orElse(null),
              "the profile does not say when refunds settle (settles.refund)");
          String id = f.settledPayment("30").path("id").asText();
          Exchange created = c.v2().post("/api/v2/refunds", f.refund(id, "30"));
          JsonNode refund = c.ok(created);
          c.expect(Set.of("Pending", "Success").contains(refund.path("status").asText()), "status Pending or Success",
              created::summary, created);
          c.advanceClock(settles);
          Exchange read = c.v2().get("/api/v2/refunds/" + encode(refund.path("id").asText()));
          JsonNode settled = c.ok(read);
          c.member(read, settled, "status", "Success");
          c.member(read, settled, "resultCode", "Success");
        }));
    checks.add(check("pending-refund-carries-no-result-code", "A refund still Pending has no resultCode yet",
        Rule.v2Decision("Refund", "a result code tells an outcome; a Pending refund carries none"),
        List.of("refunds"), c -> {
          Fixtures f = new Fixtures(c);
          String id = f.settledPayment("30").path("id").asText();
          Exchange created = c.v2().post("/api/v2/refunds", f.refund(id, "10"));
          JsonNode refund = c.ok(created);
          c.require("Pending".equals(refund.path("status").asText()),
              "refunds on this target do not start Pending");
          c.expect(!refund.has("resultCode") || refund.get("resultCode").isNull(), "no resultCode while Pending",
              created::summary, created);
        }));
    checks.add(check("refused-refund-ends-rejected", "A refund the issuer refuses ends Rejected with its reason",
        Rule.v2("Dictionaries", "refund status Rejected; resultCode from the result code dictionary"),
        List.of("refunds", "time"), c -> {
          Fixtures f = new Fixtures(c);
          String pan = c.need(c.profile().refundsRejectedCard(), "the profile names no card whose refunds are "
              + "refused (refundsRejectedCard)");
          Duration settles = c.need(c.profile().settlesAfter("refund").orElse(null),
              "the profile does not say when refunds settle (settles.refund)");
          Profile.Card card = f.approvedCard();
          JsonNode payment = f.pay(f.cardPayment(pan, card.expiry(), card.cvc(), "30", false));
          JsonNode refund = c.ok(c.v2().post("/api/v2/refunds", f.refund(payment.path("id").asText(), "30")));
          c.advanceClock(settles);
          Exchange read = c.v2().get("/api/v2/refunds/" + encode(refund.path("id").asText()));
          JsonNode ended = c.ok(read);
          c.member(read, ended, "status", "Rejected");
          c.expect(ended.path("resultCode").isTextual() && !"Success".equals(ended.path("resultCode").asText()),
              "a resultCode telling why", read::summary, read);
        }));
    return checks;
  }

  private static List<Check> tokens() {
    List<Check> checks = new ArrayList<>();
    checks.add(check("token-charges-until-revoked",
        "An Active token pays; once revoked it reads Revoked and paying with it is payment_token_revoked",
        Rule.v2("Errors, rule 2", "payment_token_revoked: the payment token is revoked"),
        List.of("tokens"), c -> {
          Fixtures f = new Fixtures(c);
          String id = f.activeToken(f.approvedCard().pan(), null).path("id").asText();
          Exchange paid = c.v2().post("/api/v2/payments", f.tokenPayment(id, "15"));
          c.member(paid, c.ok(paid), "status", "Settled");
          c.status(c.v2().put("/api/v2/paymenttokens/" + encode(id) + "/revoke", null), 200, 204);
          Exchange read = c.v2().get("/api/v2/paymenttokens/" + encode(id));
          c.member(read, c.ok(read), "status", "Revoked");
          c.errorCode(c.v2().post("/api/v2/payments", f.tokenPayment(id, "15")), "payment_token_revoked");
        }));
    checks.add(check("revoking-a-revoked-token-is-payment-token-revoked",
        "Revoking a token twice is payment_token_revoked (422)",
        Rule.v2Decision("Errors", "every use of a revoked token is payment_token_revoked, HTTP 422"),
        List.of("tokens", "transitions"), c -> {
          Fixtures f = new Fixtures(c);
          String id = f.activeToken(f.approvedCard().pan(), null).path("id").asText();
          c.status(c.v2().put("/api/v2/paymenttokens/" + encode(id) + "/revoke", null), 200, 204);
          c.error(c.v2().put("/api/v2/paymenttokens/" + encode(id) + "/revoke", null), 422, "payment_token_revoked");
        }));
    checks.add(check("blocked-token-cannot-pay", "Paying with a blocked token is payment_token_blocked",
        Rule.v2("Errors, rule 2", "payment_token_blocked: the payment token is temporarily locked"),
        List.of("tokens"), c -> {
          Fixtures f = new Fixtures(c);
          String pan = c.need(c.profile().blockedTokenCard(), "the profile names no card whose token is blocked "
              + "(blockedTokenCard)");
          String id = f.activeToken(pan, null).path("id").asText();
          c.errorCode(c.v2().post("/api/v2/payments", f.tokenPayment(id, "15")), "payment_token_blocked");
        }));
    checks.add(check("completing-a-token-needs-an-answer",
        "Completing a token with no answer is validation_error naming code, and the token stays Created",
        Rule.v2Decision("completePaymentToken", "an empty answer is validation_error naming code"),
        List.of("tokens"), c -> {
          Fixtures f = new Fixtures(c);
          String id = c.ok(c.v2().post("/api/v2/paymenttokens", f.tokenRequest(f.approvedCard().pan(), null)))
              .path("id").asText();
          c.validationErrorNaming(c.v2().put("/api/v2/paymenttokens/" + encode(id) + "/complete", Json.object()),
              "code");
          Exchange read = c.v2().get("/api/v2/paymenttokens/" + encode(id));
          c.member(read, c.ok(read), "status", "Created");
        }));
    checks.add(check("a-failing-token-answer-declines-it", "A failing answer leaves the token Declined, never Active",
        Rule.v2Decision("completePaymentToken", "a failing answer leaves the token Declined"),
        List.of("tokens"), c -> {
          Fixtures f = new Fixtures(c);
          Profile.Answers answers = c.need(c.profile().tokenConfirmation(),
              "the profile gives no token confirmation answers (tokenConfirmation)");
          c.need(answers.failingAnswer(), "the profile gives no failing token answer (tokenConfirmation.failingAnswer)");
          String id = c.ok(c.v2().post("/api/v2/paymenttokens", f.tokenRequest(f.approvedCard().pan(), null)))
              .path("id").asText();
          Exchange done = c.v2().put("/api/v2/paymenttokens/" + encode(id) + "/complete",
              Json.MAPPER.valueToTree(answers.failingAnswer()));
          c.member(done, c.ok(done), "status", "Declined");
        }));
    return checks;
  }

  private static List<Check> receiptsAndStickers() {
    List<Check> checks = new ArrayList<>();
    checks.add(check("receipt-is-registered-with-fiscal-data",
        "A receipt starts Pending and, once registered, is Success with its fiscal data",
        Rule.v2("States and transitions", "a receipt creation response shows Pending; Success = registered"),
        List.of("receipts", "time"), c -> {
          Fixtures f = new Fixtures(c);
          Duration settles = c.need(c.profile().settlesAfter("receipt").orElse(null),
              "the profile does not say when receipts are registered (settles.receipt)");
          String paymentId = f.settledPayment("70").path("id").asText();
          Exchange created = c.v2().post("/api/v2/receipts", f.receipt(paymentId, "70"));
          JsonNode receipt = c.ok(created);
          c.member(created, receipt, "status", "Pending");
          c.advanceClock(settles);
          Exchange read = c.v2().get("/api/v2/receipts/" + encode(receipt.path("id").asText()));
          JsonNode registered = c.ok(read);
          c.member(read, registered, "status", "Success");
          c.expect(registered.path("fiscalData").isObject(), "fiscalData once registered", read::summary, read);
        }));
    checks.add(check("receipt-for-an-unknown-payment-is-not-found",
        "A receipt for a payment that does not exist is invalid_operation (404)",
        Rule.v2Decision("Errors", "a resource named by the request that does not exist: 404 invalid_operation"),
        List.of("receipts", "errors"), c -> c.error(c.v2().post("/api/v2/receipts",
            new Fixtures(c).receipt(c.run().unique("no-such-payment"), "10")), 404, "invalid_operation")));
    checks.add(check("sticker-switches-off-and-on", "A sticker switched off is no longer Active; switched on it is",
        Rule.v2Decision("StickerStatus", "a sticker switched off is Inactive; switched on again, Active"),
        List.of("stickers"), c -> {
          String id = c.ok(c.v2().post("/api/v2/stickers", new Fixtures(c).sticker(false, null, null)))
              .path("id").asText();
          c.status(c.v2().put("/api/v2/stickers/" + encode(id), Json.object().put("active", false)), 200, 204);
          Exchange off = c.v2().get("/api/v2/stickers/" + encode(id));
          c.member(off, c.ok(off), "status", "Inactive");
          c.status(c.v2().put("/api/v2/stickers/" + encode(id), Json.object().put("active", true)), 200, 204);
          Exchange on = c.v2().get("/api/v2/stickers/" + encode(id));
          c.member(on, c.ok(on), "status", "Active");
        }));
    return checks;
  }

  private static List<Check> moneyAndTime() {
    List<Check> checks = new ArrayList<>();
    checks.add(check("amounts-are-exact-json-numbers", "An amount with four fraction digits comes back as that number",
        Rule.v2("Conventions", "decimal is a JSON number; responses may show up to four fraction digits"),
        List.of("money"), c -> {
          Exchange created = c.v2().post("/api/v2/payments", new Fixtures(c).approvedPayment("1234.5678", false));
          JsonNode payment = c.ok(created);
          c.decimal(created, payment, "amount.value", "1234.5678");
          Exchange read = c.v2().get(path(payment.path("id").asText(), null));
          c.decimal(read, c.ok(read), "amount.value", "1234.5678");
        }));
    checks.add(check("timestamps-are-utc", "Every timestamp of a payment is written in UTC, echoed ones included",
        Rule.v2("Conventions", "timestamps are ISO 8601 timestamps in UTC"), List.of("time"), c -> {
          ObjectNode body = new Fixtures(c).approvedPayment("10", false);
          ((ObjectNode) body.path("invoice")).put("expires", "2030-01-01T12:00:00+03:00");
          Exchange created = c.v2().post("/api/v2/payments", body);
          JsonNode payment = c.ok(created);
          Exchange read = c.v2().get(path(payment.path("id").asText(), null));
          for (Exchange exchange : List.of(created, read)) {
            JsonNode view = c.ok(exchange);
            for (String member : List.of("created", "completed", "invoice.expires")) {
              JsonNode value = Json.at(view, member);
              if (value.isTextual()) {
                c.expect(isUtc(value.asText()), member + " in UTC", () -> member + " = " + value.asText(), exchange);
              }
            }
            JsonNode expires = Json.at(view, "invoice.expires");
            c.expect(expires.isTextual() && OffsetDateTime.parse(expires.asText()).toInstant()
                    .equals(OffsetDateTime.parse("2030-01-01T09:00:00Z").toInstant()),
                "invoice.expires the same moment as sent, 2030-01-01T09:00:00Z", () -> "invoice.expires = " + expires,
                exchange);
          }
        }));
    checks.add(check("v1-sees-a-v2-payment-held-and-captured",
        "v1 shows a v2 payment HOLD while held, then COMPLETE with PaymentAmount the captured sum",
        Rule.v1Decision("Payment and PaymentState", "Authorized is HOLD, Settled COMPLETE; PaymentAmount is the "
            + "amount actually paid"), List.of("money", "cross-interface"), c -> {
          JsonNode held = new Fixtures(c).heldPayment("100");
          String id = V1Support.paymentId(c, held);
          Exchange before = c.v1().call("getPayment", values("paymentID", id));
          c.member(before, V1Support.success(c, before, "Payment"), "Payment.State", "HOLD");
          c.status(c.v2().put(path(held.path("id").asText(), "confirm"), OperationsSuite.capture(c, "60.5")),
              200, 204);
          Exchange after = c.v1().call("getPayment", values("paymentID", id));
          JsonNode payment = V1Support.success(c, after, "Payment");
          c.member(after, payment, "Payment.State", "COMPLETE");
          c.decimal(after, payment, "Payment.PaymentAmount", "60.5");
          c.decimal(after, payment, "Payment.Amount", "100");
        }));
    return checks;
  }

  static boolean isUtc(String timestamp) {
    try {
      return OffsetDateTime.parse(timestamp).getOffset().getTotalSeconds() == 0;
    } catch (java.time.DateTimeException e) {
      return false;
    }
  }

  static JsonNode find(JsonNode items, String id) {
    for (JsonNode item : items) {
      if (id.equals(item.path("id").asText())) {
        return item;
      }
    }
    return null;
  }

  static String path(String paymentId, String action) {
    return "/api/v2/payments/" + encode(paymentId) + (action == null ? "" : "/" + action);
  }

  static BigDecimal decimal(String text) {
    return new BigDecimal(text);
  }

  private static Check check(String name, String title, Rule rule, List<String> tags, Check.Body body) {
    return Check.of(SUITE, name, title, rule, tags, body);
  }
}
