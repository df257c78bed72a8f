package com.merchantpay.conformance.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.merchantpay.conformance.report.CheckResult;
import com.merchantpay.conformance.report.Report;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The kit as a provider team runs it against a remote target: many checks at once with the same
 * verdicts as one after another, a target that asks to slow down waited for and reported, and one
 * that never lets up failed for that reason within the run's budget.
 */
class KitAgainstARemoteTargetTest {
  @RegisterExtension static final SandboxForTheKit sandbox = new SandboxForTheKit();

  @Test
  void manyWorkersGiveEveryCheckTheVerdictOneWorkerGivesItEveryTime() {
    Map<String, CheckResult.Outcome> one = verdicts(run(1));
    assertThat(one).hasSizeGreaterThan(200);
    assertThat(one.values()).doesNotContain(CheckResult.Outcome.FAILED);
    for (int round = 0; round < 3; round++) {
      Report many = run(16);
      assertThat(verdicts(many)).as("round %d with 16 workers", round).isEqualTo(one);
      assertThat(many.results())
          .extracting(CheckResult::id)
          .as("reported in catalogue order")
          .containsExactlyElementsOf(one.keySet());
    }
  }

  @Test
  void aTargetThatAsksToSlowDownIsWaitedForAndTheWaitsAreReported() {
    AtomicInteger calls = new AtomicInteger();
    MutatingProxy.Fault everyTenthSlowed =
        new MutatingProxy.Fault() {
          @Override
          public void request(MutatingProxy.Call call) {
            if (calls.incrementAndGet() % 10 == 0) {
              call.reply = new MutatingProxy.Answer();
              call.reply.status = call.path().startsWith("/api/v1/") ? 503 : 429;
              call.reply.headers.put("Retry-After", "1");
            }
          }
        };
    try (MutatingProxy proxy = new MutatingProxy(sandbox.target().baseUrl(), everyTenthSlowed)) {
      Report report = sandbox.kit(proxy, List.of("operations", "wire")).build().run();

      assertThat(report.results())
          .filteredOn(r -> r.outcome() == CheckResult.Outcome.FAILED)
          .isEmpty();
      assertThat(report.slowdowns()).isGreaterThan(3);
      assertThat(report.slowdownMillis()).isGreaterThanOrEqualTo(report.slowdowns() * 1000L);
    }
  }

  @Test
  void everyV1CallIsWaitedOutToo() {
    // A third of the nonces are turned away the first time they arrive, before the service reads
    // them: the calls whose nonce or hash is the point of their check (a wrong hash, a replayed
    // nonce) are sent again as they were, the others signed again.
    java.util.Set<String> seen = java.util.concurrent.ConcurrentHashMap.newKeySet();
    MutatingProxy.Fault firstNoncesTurnedAway =
        new MutatingProxy.Fault() {
          @Override
          public void request(MutatingProxy.Call call) {
            String text = call.pathAndQuery + "&" + call.text();
            java.util.regex.Matcher nonce =
                java.util.regex.Pattern.compile("[?&]nonce=([^&]*)").matcher(text);
            if (call.path().startsWith("/api/v1/")
                && nonce.find()
                && Math.floorMod(nonce.group(1).hashCode(), 3) == 0
                && seen.add(nonce.group(1))) {
              call.reply = new MutatingProxy.Answer();
              call.reply.status = 429;
              call.reply.headers.put("Retry-After", "0");
            }
          }
        };
    try (MutatingProxy proxy =
        new MutatingProxy(sandbox.target().baseUrl(), firstNoncesTurnedAway)) {
      Report report = sandbox.kit(proxy, List.of("v1")).build().run();

      assertThat(report.results())
          .filteredOn(r -> r.outcome() == CheckResult.Outcome.FAILED)
          .isEmpty();
      assertThat(report.slowdowns()).isGreaterThan(10);
    }
  }

  @Test
  void aTargetThatNeverLetsUpFailsTheRunSayingSo() {
    MutatingProxy.Fault alwaysBusy =
        new MutatingProxy.Fault() {
          @Override
          public void request(MutatingProxy.Call call) {
            call.reply = new MutatingProxy.Answer();
            call.reply.status = 429;
            call.reply.headers.put("Retry-After", "3600");
          }
        };
    try (MutatingProxy proxy = new MutatingProxy(sandbox.target().baseUrl(), alwaysBusy)) {
      Report report =
          sandbox
              .kit(proxy, List.of("operations.createPayment"))
              .budget(Duration.ofSeconds(30))
              .build()
              .run();

      assertThat(report.exitCode()).isEqualTo(1);
      assertThat(report.results())
          .singleElement()
          .satisfies(
              r -> {
                assertThat(r.outcome()).isEqualTo(CheckResult.Outcome.FAILED);
                assertThat(r.actual()).contains("asked the kit to wait 3600 s", "Retry-After 3600");
              });
    }
  }

  private static Report run(int workers) {
    return sandbox.kit(sandbox.target().baseUrl(), List.of()).workers(workers).build().run();
  }

  private static Map<String, CheckResult.Outcome> verdicts(Report report) {
    Map<String, CheckResult.Outcome> verdicts = new LinkedHashMap<>();
    report.results().forEach(result -> verdicts.put(result.id(), result.outcome()));
    return verdicts;
  }
}
