package com.merchantpay.conformance.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.merchantpay.conformance.report.CheckResult;
import com.merchantpay.conformance.report.Report;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Exploration against the sandbox: a correct target gets no failure in the default budget, and a
 * breakage that shows only after a given history, one the suites' own sequences never make, is
 * found and shrunk to the steps that matter.
 */
class ExploreTest {
  @RegisterExtension static final SandboxForTheKit sandbox = new SandboxForTheKit();

  private static final long SEED = 20261128L;

  @Test
  void theDefaultExplorationFindsNothingOnTheSandbox() {
    Report report =
        sandbox
            .kit(sandbox.target().baseUrl(), List.of())
            .explore(SEED, 200, 12)
            .budget(Duration.ofSeconds(60))
            .workers(8)
            .build()
            .run();

    assertThat(report.results())
        .filteredOn(r -> r.id().equals("explore.histories"))
        .singleElement()
        .satisfies(
            r -> assertThat(r.outcome()).as(r.actual()).isEqualTo(CheckResult.Outcome.PASSED));
    assertThat(report.results())
        .filteredOn(r -> r.outcome() == CheckResult.Outcome.FAILED)
        .extracting(CheckResult::id, CheckResult::actual)
        .isEmpty();
    assertThat(report.results()).extracting(CheckResult::suite).contains("invariants");
    assertThat(report.exitCode()).isZero();
  }

  @Test
  void aThirdRefundThatIgnoresTheFirstTwoIsFoundAndShrunkToTheStepsThatMatter() {
    try (MutatingProxy proxy =
        new MutatingProxy(
            sandbox.target().baseUrl(),
            thirdRefundOfAPaymentIgnoresTheLimit(sandbox.target().bearerToken()))) {
      Report report = explore(proxy);
      CheckResult explored = historiesOf(report);
      assertThat(explored.outcome()).isEqualTo(CheckResult.Outcome.FAILED);
      assertThat(explored.rule()).contains("[v2.ep.refund-limit]");
      // The creation and the three refunds the breakage needs, and nothing else.
      Matcher steps = Pattern.compile("\\n    ([0-9]+)\\. ").matcher(explored.actual());
      int count = 0;
      while (steps.find()) {
        count++;
      }
      assertThat(count).as(explored.actual()).isEqualTo(4);
      assertThat(explored.actual()).contains("create a").contains("<- here");
      // The script runs the same calls again, ids taken from the answers, no secret in it.
      assertThat(explored.reproduce())
          .startsWith("#!/usr/bin/env bash")
          .contains("P1=$(jq -r '.id'")
          .contains("\"Authorization: Bearer ${MERCHANTPAY_TOKEN}\"")
          .contains("${MERCHANTPAY_CARD_PAN}")
          .doesNotContain(sandbox.target().bearerToken())
          .doesNotContain(sandbox.profile().approvedCard().pan());
      assertThat(
              Pattern.compile("send POST \"/api/v2/refunds\"")
                  .matcher(explored.reproduce())
                  .results()
                  .count())
          .isEqualTo(3);
      assertThat(report.exitCode()).isEqualTo(1);
    }
  }

  @Test
  void aCancelCarriedOutAfterACaptureIsFoundAndShrunk() {
    try (MutatingProxy proxy =
        new MutatingProxy(sandbox.target().baseUrl(), cancelAfterCaptureCarriedOut())) {
      Report report = explore(proxy);
      CheckResult explored = historiesOf(report);
      assertThat(explored.outcome()).isEqualTo(CheckResult.Outcome.FAILED);
      assertThat(explored.rule()).contains("[v2.ep.no-money-twice]");
      assertThat(explored.actual())
          .contains("1. create a two-stage payment of 10.00")
          .contains("2. capture the whole of payment 1")
          .contains("3. cancel payment 1   <- here");
    }
  }

  @Test
  void aPaidPaymentThatHoldsAgainWhenItsStepIsSentAgainIsFoundAndShrunk() {
    try (MutatingProxy proxy =
        new MutatingProxy(sandbox.target().baseUrl(), aSecondCompletionHoldsAgain())) {
      Report report = explore(proxy);
      CheckResult explored = historiesOf(report);
      assertThat(explored.outcome()).isEqualTo(CheckResult.Outcome.FAILED);
      assertThat(explored.rule()).contains("[v2.ep.no-money-twice]");
      // The payment that asks for a step, the step passed, and passed again: nothing else.
      assertThat(explored.actual())
          .containsPattern(
              "1\\. create a one-stage payment of 10\\.00 that asks for a [A-Za-z0-9]+ step")
          .contains("2. pass the confirmation step of payment 1")
          .contains(
              "3. pass the confirmation step of payment 1 (once passed: send its answer again)   <- here");
      assertThat(explored.reproduce())
          .containsPattern("send PUT \"/api/v2/payments/\\$\\{P1}/complete\"")
          .doesNotContain(sandbox.target().bearerToken());
    }
  }

  @Test
  void aTokenSentAgainAfterItsRevocationThatComesBackNewIsFoundAndShrunk() {
    try (MutatingProxy proxy =
        new MutatingProxy(sandbox.target().baseUrl(), aRevokedTokensKeyMakesANewOne())) {
      CheckResult explored = historiesOf(explore(proxy));
      assertThat(explored.outcome()).isEqualTo(CheckResult.Outcome.FAILED);
      assertThat(explored.rule()).contains("[v2.ep.idempotency-once]");
      assertThat(explored.actual())
          .contains("1. create a payment token from the approved card")
          .contains("revoke token 1")
          .contains("send the creation of token 1 again, same key and body   <- here")
          .doesNotContain("4. ");
    }
  }

  @Test
  void badExplorationOptionsAreRefusedNamingTheOption() {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();

    int exit =
        com.merchantpay.conformance.Main.execute(
            new java.io.PrintStream(out), new java.io.PrintStream(err), "explore", "--steps", "1");

    assertThat(exit).isEqualTo(2);
    assertThat(err.toString()).contains("--steps must be at least 2");
  }

  @Test
  void theSuitesOwnSequencesMissThatBreakage() {
    try (MutatingProxy proxy =
        new MutatingProxy(
            sandbox.target().baseUrl(),
            thirdRefundOfAPaymentIgnoresTheLimit(sandbox.target().bearerToken()))) {
      Report report = sandbox.kit(proxy, List.of("lifecycle", "v1")).build().run();

      assertThat(report.results())
          .filteredOn(r -> r.outcome() == CheckResult.Outcome.FAILED)
          .extracting(CheckResult::id)
          .isEmpty();
    }
  }

  /** A cancel of a captured payment is answered as done, though the sandbox refused it. */
  private static MutatingProxy.Fault cancelAfterCaptureCarriedOut() {
    java.util.Set<String> captured = ConcurrentHashMap.newKeySet();
    return new MutatingProxy.Fault() {
      @Override
      public void answer(MutatingProxy.Call call, MutatingProxy.Answer answer) {
        Matcher change =
            Pattern.compile("^/api/v2/payments/([^/]+)/(confirm|cancel)$").matcher(call.path());
        if (!call.method.equals("PUT") || !change.find()) {
          return;
        }
        if (change.group(2).equals("confirm") && answer.status / 100 == 2) {
          captured.add(change.group(1));
        } else if (change.group(2).equals("cancel")
            && captured.contains(change.group(1))
            && answer.status / 100 == 4) {
          answer.status = 200;
          answer.headers.clear();
          answer.body = new byte[0];
        }
      }
    };
  }

  /**
   * A completion of a payment whose step was already passed, which the sandbox refuses, is answered
   * as done with the payment held again: right for a hold nobody captured, wrong for money taken.
   */
  private static MutatingProxy.Fault aSecondCompletionHoldsAgain() {
    java.util.Set<String> passed = ConcurrentHashMap.newKeySet();
    return new MutatingProxy.Fault() {
      @Override
      public void answer(MutatingProxy.Call call, MutatingProxy.Answer answer) {
        Matcher complete =
            Pattern.compile("^/api/v2/payments/([^/]+)/complete$").matcher(call.path());
        if (!call.method.equals("PUT") || !complete.find()) {
          return;
        }
        String id = complete.group(1);
        if (answer.status / 100 == 2) {
          passed.add(id);
        } else if (passed.contains(id)) {
          ObjectNode payment = MutatingProxy.JSON.createObjectNode();
          payment.put("id", id);
          payment.put("status", "Authorized");
          MutatingProxy.Answer lie = MutatingProxy.Answer.json(200, payment);
          answer.replaceWith(lie);
        }
      }
    };
  }

  /**
   * A token's creation sent again with its key after the token was revoked is answered with a new
   * token: the sandbox answers with the first one, the proxy renames it.
   */
  private static MutatingProxy.Fault aRevokedTokensKeyMakesANewOne() {
    java.util.Set<String> revoked = ConcurrentHashMap.newKeySet();
    return new MutatingProxy.Fault() {
      @Override
      public void answer(MutatingProxy.Call call, MutatingProxy.Answer answer) {
        Matcher revoke =
            Pattern.compile("^/api/v2/paymenttokens/([^/]+)/revoke$").matcher(call.path());
        if (call.method.equals("PUT") && revoke.find() && answer.status / 100 == 2) {
          revoked.add(revoke.group(1));
          return;
        }
        if (!call.method.equals("POST") || !call.path().equals("/api/v2/paymenttokens")) {
          return;
        }
        if (answer.json() instanceof ObjectNode token
            && revoked.contains(token.path("id").asText())) {
          token.put("id", token.path("id").asText() + "-again");
          answer.json(token);
        }
      }
    };
  }

  /**
   * The default exploration (1,000 histories of up to 12 steps) of the sandbox behind the proxy,
   * from the test's seed; it stops at the first history that departs and shrinks that one.
   */
  private static Report explore(MutatingProxy proxy) {
    return sandbox
        .kit(proxy, List.of())
        .explore(SEED, 1000, 12)
        .budget(Duration.ofSeconds(90))
        .workers(8)
        .build()
        .run();
  }

  private static CheckResult historiesOf(Report report) {
    return report.results().stream()
        .filter(r -> r.id().equals("explore.histories"))
        .findFirst()
        .orElseThrow();
  }

  /**
   * The third refund its merchant asks of a payment is carried out whatever the first two took:
   * where the sandbox refuses it, the proxy answers as if it had made it.
   */
  private static MutatingProxy.Fault thirdRefundOfAPaymentIgnoresTheLimit(String merchantsToken) {
    Map<String, AtomicInteger> refundsAsked = new ConcurrentHashMap<>();
    AtomicInteger made = new AtomicInteger();
    return new MutatingProxy.Fault() {
      @Override
      public void answer(MutatingProxy.Call call, MutatingProxy.Answer answer) {
        if (!call.method.equals("POST") || !call.path().equals("/api/v2/refunds")) {
          return;
        }
        var asked = call.json();
        if (asked == null || !("Bearer " + merchantsToken).equals(call.header("Authorization"))) {
          return; // the payment's own merchant's refunds: another's are refused as they should be
        }
        String paymentId = asked.path("paymentId").asText();
        int nth =
            refundsAsked.computeIfAbsent(paymentId, id -> new AtomicInteger()).incrementAndGet();
        if (nth == 3 && answer.status / 100 == 4) {
          ObjectNode refund = MutatingProxy.JSON.createObjectNode();
          refund.put("id", "refund-made-anyway-" + made.incrementAndGet());
          refund.put("created", java.time.Instant.now().toString());
          refund.put("paymentId", paymentId);
          refund.set("amount", asked.path("amount"));
          refund.put("status", "Pending");
          MutatingProxy.Answer lie = MutatingProxy.Answer.json(200, refund);
          answer.replaceWith(lie);
        }
      }
    };
  }
}
