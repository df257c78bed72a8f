package com.merchantpay.benchmarks;

import com.merchantpay.conformance.ConformanceKit;
import com.merchantpay.conformance.EmbeddedImplementation;
import com.merchantpay.conformance.report.CheckResult;
import com.merchantpay.conformance.report.Report;
import com.merchantpay.conformance.target.Target;
import com.merchantpay.testsupport.FaultyProxy;
import java.net.URI;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.ServiceLoader;

/**
 * The kit's main job against the embedded sandbox behind a network that delays every answer by a
 * round trip, as a provider's staging environment across a network does: the run's wall time, its
 * calls, and each check's verdict, to compare one worker with many.
 */
final class KitLatency {
  /**
   * One run.
   *
   * @param delay how long every answer was held
   * @param workers how many checks ran at once
   * @param wall how long the run took (the sandbox already started)
   * @param calls how many calls the checks made
   * @param exit the run's exit code
   * @param verdicts each check's outcome, by id
   */
  record Result(
      Duration delay,
      int workers,
      Duration wall,
      int calls,
      int exit,
      Map<String, CheckResult.Outcome> verdicts) {}

  private KitLatency() {}

  static Result run(Duration delay, int workers) {
    EmbeddedImplementation sandbox =
        ServiceLoader.load(EmbeddedImplementation.class)
            .findFirst()
            .orElseThrow(
                () -> new IllegalStateException("the embedded sandbox is not on the class path"));
    try (EmbeddedImplementation.Started started = sandbox.start();
        FaultyProxy network =
            new FaultyProxy(
                started.target().baseUrl(),
                (method, path) ->
                    delay.isZero() ? FaultyProxy.Fault.NONE : FaultyProxy.Fault.SLOW_AFTER,
                delay)) {
      Target direct = started.target();
      Target slow =
          Target.builder(URI.create(network.baseUrl()))
              .bearerToken(direct.bearerToken(), direct.merchantId())
              .otherMerchant(direct.otherBearerToken(), direct.otherMerchantId())
              .v1Accountant(direct.v1Login(), direct.v1Password())
              .v1Cashier(direct.v1CashierLogin(), direct.v1CashierPassword())
              .build();
      long begun = System.nanoTime();
      Report report =
          ConformanceKit.builder()
              .target(slow)
              .profile(started.profile())
              .workers(workers)
              .build()
              .run();
      Duration wall = Duration.ofNanos(System.nanoTime() - begun);
      Map<String, CheckResult.Outcome> verdicts = new LinkedHashMap<>();
      report.results().forEach(result -> verdicts.put(result.id(), result.outcome()));
      int calls = report.results().stream().mapToInt(CheckResult::calls).sum();
      return new Result(delay, workers, wall, calls, report.exitCode(), verdicts);
    }
  }
}
