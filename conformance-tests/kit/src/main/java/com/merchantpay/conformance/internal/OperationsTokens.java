package com.merchantpay.conformance.internal;

import static com.merchantpay.conformance.internal.OperationsSteps.v2;

import com.fasterxml.jackson.databind.JsonNode;
import com.merchantpay.conformance.target.OpenPoint;
import com.merchantpay.conformance.target.Profile;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The happy path of the v2 tokenization and payment-token operations: one named check each,
 * declared in the table below.
 */
final class OperationsTokens {
  private OperationsTokens() {}

  static List<Check> declared() {
    List<Check> checks = new ArrayList<>();
    checks.add(
        v2(
            "startTokenization",
            "Starting tokenization answers with the token id and the page URL",
            OperationsTokens::startTokenization));
    checks.add(
        v2(
                "createPaymentToken",
                "Creating a payment token answers Created with an External step",
                OperationsTokens::createPaymentToken)
            .judging("v2.token.members", "v2.token.external"));
    checks.add(
        v2(
            "completePaymentToken",
            "Completing a payment token's step answers with the token, Active",
            OperationsTokens::completePaymentToken));
    checks.add(
        v2(
                "getPaymentToken",
                "Reading a payment token answers with that token",
                OperationsTokens::getPaymentToken)
            .judging("v2.conv.opaque-ids", "v2.token.members"));
    checks.add(
        v2(
            "revokePaymentToken",
            "Revoking a payment token answers 200",
            OperationsTokens::revokePaymentToken));
    return checks;
  }

  /** Runs {@code operations.startTokenization}. */
  private static void startTokenization(CheckContext c) throws Exception {
    Exchange started = c.v2().post(Paths.v2("startTokenization"), new Fixtures(c).tokenization());
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
        c.v2().post(Paths.v2("createPaymentToken"), f.tokenRequest(f.approvedCard().pan(), null));
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
        answers == null ? null : answers.answer() != null ? answers : answers.answerFrom(),
        "the profile gives no answer that completes a payment token's step "
            + "(tokenConfirmation.answer or answerFrom)");
    Exchange created =
        c.v2().post(Paths.v2("createPaymentToken"), f.tokenRequest(f.approvedCard().pan(), null));
    JsonNode token = c.ok(created);
    c.require(
        !"Active".equals(token.path("status").asText()),
        "the target makes tokens Active at once, so there is no step to complete");
    String id = token.path("id").asText();
    Exchange done = c.v2().put(Paths.v2("completePaymentToken", id), f.passingTokenAnswer(token));
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
    Exchange read = c.v2().get(Paths.v2("getPaymentToken", token.path("id").asText()));
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
    c.done(c.v2().put(Paths.v2("revokePaymentToken", token.path("id").asText()), null));
  }
}
