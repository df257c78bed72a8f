package com.merchantpay.benchmarks;

import com.merchantpay.conformance.ConformanceKit;
import com.merchantpay.conformance.EmbeddedImplementation;
import com.merchantpay.conformance.cli.EmbeddedSandbox;
import com.merchantpay.conformance.report.CheckResult;
import com.merchantpay.conformance.report.Report;
import com.merchantpay.conformance.target.Target;
import com.merchantpay.testsupport.FaultyProxy;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

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
   * @param chain the run's longest chain of calls that must follow each other, as measured
   */
  record Result(
      Duration delay,
      int workers,
      Duration wall,
      int calls,
      int exit,
      Map<String, CheckResult.Outcome> verdicts,
      Chain chain) {}

  /**
   * The part of a run no number of workers shortens: the checks that must run alone, one after
   * another, each taking what its own chain of calls takes; and before them the longest of the
   * checks that run together, measured again on its own, so that no other check's calls stand in
   * its way. Its length in round trips is its time over the delay.
   *
   * @param millis the chain's time at the run's delay
   * @param links the checks it is made of, each with its time in milliseconds
   */
  record Chain(long millis, Map<String, Long> links) {
    double roundTrips(Duration delay) {
      return delay.isZero() ? 0 : (double) millis / delay.toMillis();
    }
  }

  /** How many of the longest checks that run together are measured again alone. */
  private static final int LONGEST_MEASURED_ALONE = 3;

  private KitLatency() {}

  static Result run(Duration delay, int workers) {
    // Over plain HTTP: the proxy standing for the network reads and holds plain HTTP answers.
    try (EmbeddedImplementation.Started started = EmbeddedSandbox.overPlainHttp().start();
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
      Supplier<ConformanceKit.Builder> kit =
          () -> ConformanceKit.builder().target(slow).profile(started.profile()).workers(workers);
      long begun = System.nanoTime();
      Report report = kit.get().build().run();
      Duration wall = Duration.ofNanos(System.nanoTime() - begun);
      Map<String, CheckResult.Outcome> verdicts = new LinkedHashMap<>();
      report.results().forEach(result -> verdicts.put(result.id(), result.outcome()));
      int calls = report.results().stream().mapToInt(CheckResult::calls).sum();
      Chain chain = workers > 1 && !delay.isZero() ? chain(report, kit) : null;
      return new Result(delay, workers, wall, calls, report.exitCode(), verdicts, chain);
    }
  }

  /** The run's chain, its longest checks that run together measured again by {@code kit}. */
  private static Chain chain(Report report, Supplier<ConformanceKit.Builder> kit) {
    Map<String, Long> links = new LinkedHashMap<>();
    long alone = 0;
    long last = 0;
    String lastId = null;
    List<CheckResult> together = new ArrayList<>();
    for (CheckResult result : report.results()) {
      CheckResult.Order of = result.order();
      if (of == CheckResult.Order.ALONE) {
        alone += result.millis();
        links.put(result.id(), result.millis());
      } else if (of == CheckResult.Order.LAST) {
        if (result.millis() >= last) {
          last = result.millis();
          lastId = result.id();
        }
      } else {
        together.add(result);
      }
    }
    together.sort(Comparator.comparingLong(CheckResult::millis).reversed());
    String longestId = null;
    long longest = 0;
    for (CheckResult candidate :
        together.subList(0, Math.min(LONGEST_MEASURED_ALONE, together.size()))) {
      Report own = kit.get().includeTags(List.of(candidate.id())).build().run();
      long millis =
          own.results().stream()
              .filter(r -> r.id().equals(candidate.id()))
              .mapToLong(CheckResult::millis)
              .sum();
      if (millis > longest) {
        longest = millis;
        longestId = candidate.id();
      }
    }
    Map<String, Long> ordered = new LinkedHashMap<>();
    if (longestId != null) {
      ordered.put(longestId, longest);
    }
    ordered.putAll(links);
    if (lastId != null && last > 0) {
      ordered.put(lastId, last);
    }
    return new Chain(longest + alone + last, ordered);
  }
}
