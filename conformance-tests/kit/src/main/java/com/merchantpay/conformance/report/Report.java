package com.merchantpay.conformance.report;

import com.merchantpay.conformance.report.CheckResult.Outcome;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The outcome of a run: every check's result, what the run covered of the two documents, and the exit code
 * the CLI ends with.
 *
 * @param target the target as shown (no secrets)
 * @param profile the profile's name
 * @param started when the run started
 * @param millis how long it took
 * @param results every check's result, in the order they ran
 * @param coverage what of the documents the run exercised
 */
public record Report(String target, String profile, Instant started, long millis, List<CheckResult> results,
    Coverage coverage) {

  /**
   * What of the documents a run exercised.
   *
   * @param operations by interface ({@code v2}, {@code v1}): the operations the document has
   * @param exercised by interface: the operations called at least once
   * @param notExercised the operations never called, as {@code v2 createInvoice}
   * @param documentedResponses the (operation, status) pairs the documents declare with an exact status
   * @param responsesSeen how many of those pairs came back at least once
   * @param negativeCases how many spec-derived negative cases ran
   * @param negativeConstraints how many constraints the requests of those operations have in the spec
   * @param calls by operation ({@code v2 createPayment}): how many calls were made and which statuses came back
   */
  public record Coverage(Map<String, Integer> operations, Map<String, Integer> exercised, List<String> notExercised,
      int documentedResponses, int responsesSeen, int negativeCases, int negativeConstraints,
      Map<String, String> calls) {
    public Coverage {
      operations = Map.copyOf(operations);
      exercised = Map.copyOf(exercised);
      notExercised = List.copyOf(notExercised);
      calls = Map.copyOf(calls);
    }
  }

  public Report {
    results = List.copyOf(results);
  }

  public long count(Outcome outcome) {
    return results.stream().filter(r -> r.outcome() == outcome).count();
  }

  /** Whether no check failed (accepted deviations and skips do not count as failures). */
  public boolean passed() {
    return count(Outcome.FAILED) == 0;
  }

  /** 0 when every check passed or was skipped or accepted, 1 when any failed. */
  public int exitCode() {
    return passed() ? 0 : 1;
  }

  /** Outcome counts per suite, suites in the order they ran. */
  public Map<String, Map<Outcome, Long>> bySuite() {
    Map<String, Map<Outcome, Long>> suites = new java.util.LinkedHashMap<>();
    for (CheckResult result : results) {
      suites.computeIfAbsent(result.suite(), s -> new TreeMap<>()).merge(result.outcome(), 1L, Long::sum);
    }
    return suites;
  }
}
