package com.merchantpay.conformance.report;

import com.merchantpay.conformance.report.CheckResult.Outcome;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The outcome of a run: every check's result, what the run covered of the two documents, and the
 * exit code the CLI ends with.
 *
 * @param target the target as shown (no secrets)
 * @param profile the profile's name
 * @param started when the run started
 * @param millis how long it took
 * @param results every check's result, in catalogue order
 * @param coverage what of the documents the run exercised
 * @param strict whether the run required our specs' reading of every open point
 * @param workers how many checks ran at once
 * @param slowdowns how often the target asked the kit to slow down (429, or 503 with Retry-After)
 * @param slowdownMillis how long the kit waited for it, in all
 */
public record Report(
    String target,
    String profile,
    Instant started,
    long millis,
    List<CheckResult> results,
    Coverage coverage,
    boolean strict,
    int workers,
    int slowdowns,
    long slowdownMillis) {

  /**
   * What of the documents a run exercised.
   *
   * @param operations by interface ({@code v2}, {@code v1}): the operations the document has
   * @param exercised by interface: the operations called at least once
   * @param notExercised the operations never called, as {@code v2 createInvoice}
   * @param documentedResponses the (operation, status) pairs our specs declare with an exact status
   * @param responsesSeen how many of those pairs came back at least once
   * @param rulesCheckable the rules of the documents' catalogue a check can observe over the wire
   * @param rulesChecked how many of those some assertion of this run judged
   * @param rulesNotChecked the ids of the checkable rules no assertion judged
   * @param negative by kind of request constraint ({@code required}, {@code type}, ...): how many
   *     of the constraints our specs state a negative case was sent for, of how many ({@code
   *     12/14})
   * @param negativeNotCovered the constraints no negative case was sent for, by key
   * @param negativeCases how many negative cases were sent
   * @param calls by operation ({@code v2 createPayment}): how many calls were made and which
   *     statuses came back
   * @param uncatalogued assertions that cited a rule whose catalogue entry does not list their
   *     check, as {@code check cites rule}: a slip of the kit itself, empty when the kit is right
   */
  public record Coverage(
      Map<String, Integer> operations,
      Map<String, Integer> exercised,
      List<String> notExercised,
      int documentedResponses,
      int responsesSeen,
      int rulesCheckable,
      int rulesChecked,
      List<String> rulesNotChecked,
      Map<String, String> negative,
      List<String> negativeNotCovered,
      int negativeCases,
      Map<String, String> calls,
      List<String> uncatalogued) {
    public Coverage {
      negativeNotCovered = List.copyOf(negativeNotCovered);
      uncatalogued = List.copyOf(uncatalogued);
      operations = Map.copyOf(operations);
      exercised = Map.copyOf(exercised);
      notExercised = List.copyOf(notExercised);
      rulesNotChecked = List.copyOf(rulesNotChecked);
      negative = Collections.unmodifiableMap(new LinkedHashMap<>(negative));
      calls = Collections.unmodifiableMap(new LinkedHashMap<>(calls));
    }

    /** The document rules judged, as a share of the checkable ones, in percent. */
    public double ruleShare() {
      return rulesCheckable == 0 ? 0 : 100.0 * rulesChecked / rulesCheckable;
    }

    /** The coverage in a few lines, as the console and the HTML report show it. */
    public List<String> summary() {
      StringBuilder negativeLine = new StringBuilder();
      negative.forEach(
          (kind, share) ->
              negativeLine
                  .append(negativeLine.length() == 0 ? "" : ", ")
                  .append(kind)
                  .append(' ')
                  .append(share));
      return List.of(
          String.format(
                  Locale.ROOT,
                  "Rules of the documents checked: %d/%d checkable (%.1f%%)",
                  rulesChecked,
                  rulesCheckable,
                  ruleShare())
              + (rulesNotChecked.isEmpty() ? "" : "; not judged in this run: " + rulesNotChecked),
          "Operations exercised: v2 "
              + exercised.getOrDefault("v2", 0)
              + "/"
              + operations.getOrDefault("v2", 0)
              + ", v1 "
              + exercised.getOrDefault("v1", 0)
              + "/"
              + operations.getOrDefault("v1", 0)
              + "; documented responses seen "
              + responsesSeen
              + "/"
              + documentedResponses
              + (notExercised.isEmpty() ? "" : "; never called: " + notExercised),
          "Negative cases: "
              + negativeCases
              + " sent; constraints of the specs covered by kind: "
              + (negativeLine.length() == 0 ? "none" : negativeLine));
    }
  }

  public Report {
    results = List.copyOf(results);
  }

  public long count(Outcome outcome) {
    return results.stream().filter(r -> r.outcome() == outcome).count();
  }

  /**
   * Whether no check failed (differences, accepted deviations and skips do not count as failures).
   */
  public boolean passed() {
    return count(Outcome.FAILED) == 0;
  }

  /** 0 when no check failed, 1 when any did. */
  public int exitCode() {
    return passed() ? 0 : 1;
  }

  /** Outcome counts per suite, suites in the order of the catalogue. */
  public Map<String, Map<Outcome, Long>> bySuite() {
    Map<String, Map<Outcome, Long>> suites = new LinkedHashMap<>();
    for (CheckResult result : results) {
      suites
          .computeIfAbsent(result.suite(), s -> new TreeMap<>())
          .merge(result.outcome(), 1L, Long::sum);
    }
    return suites;
  }

  /**
   * Every difference of the run, by open point: the target's readings and the checks that saw them.
   */
  public Map<String, List<String>> differencesByPoint() {
    Map<String, List<String>> points = new TreeMap<>();
    for (CheckResult result : results) {
      for (CheckResult.Difference difference : result.differences()) {
        List<String> seen =
            points.computeIfAbsent(
                difference.point() + " (ours: " + difference.ours() + ")", p -> new ArrayList<>());
        String line = difference.theirs() + " in " + result.id();
        if (!seen.contains(line)) {
          seen.add(line);
        }
      }
    }
    return points;
  }
}
