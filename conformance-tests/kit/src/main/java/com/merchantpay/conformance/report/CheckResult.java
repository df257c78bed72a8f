package com.merchantpay.conformance.report;

import com.merchantpay.masking.Printable;
import java.util.List;

/**
 * What one check found.
 *
 * @param id stable identifier, usable in a baseline file and with {@code --include-tags}
 * @param suite the suite it belongs to
 * @param title the behaviour it checks, as a sentence
 * @param tags its tags ({@code v2}, {@code v1}, {@code idempotency}, {@code decision}, ...)
 * @param rule what it enforces, cited; for a failure, the rule the failing assertion cites
 * @param outcome passed, reads an open point differently, failed, skipped (with the reason) or
 *     accepted by the baseline
 * @param expected what the rule asks for (failures)
 * @param actual what came back instead, or why the check was skipped
 * @param reproduce a {@code curl} command repeating the call that failed, secrets left out
 * @param calls how many HTTP calls the check made
 * @param millis how long it took
 * @param differences the open points the target reads otherwise than our specs, with both readings
 * @param rules the ids of the document rules its assertions judged
 * @param order when it ran: beside other checks, alone, or after every other one
 */
public record CheckResult(
    String id,
    String suite,
    String title,
    List<String> tags,
    String rule,
    Outcome outcome,
    String expected,
    String actual,
    String reproduce,
    int calls,
    long millis,
    List<Difference> differences,
    List<String> rules,
    Order order) {

  /** How a check ended. */
  public enum Outcome {
    PASSED,
    /**
     * Passed every rule of the documents, but reads an open point otherwise than our specs: both
     * readings are in {@code differences}. Not a failure.
     */
    DIFFERS,
    FAILED,
    /** Could not run here: the reason is in {@code actual}. */
    SKIPPED,
    /** Failed, but listed in the baseline of accepted deviations. */
    ACCEPTED
  }

  /** When a check runs. */
  public enum Order {
    /** Beside any other check: it owns everything it makes. */
    TOGETHER,
    /** With no other check running: what it does or reads would be seen by, or see, the others. */
    ALONE,
    /** After every other check: it judges what the whole run collected. */
    LAST
  }

  /**
   * An open point of the documents that the target reads otherwise than our specs.
   *
   * @param point the open point's id ({@code v2.status.create}, ...)
   * @param question what the documents leave open
   * @param ours our specs' reading
   * @param theirs the target's reading, as observed
   * @param seen the answer that showed it, summarised
   */
  public record Difference(String point, String question, String ours, String theirs, String seen) {
    public Difference {
      theirs = Printable.text(theirs);
      seen = Printable.text(seen);
    }
  }

  /**
   * What a target answered reaches the console and the reports through these fields, so they hold
   * no character a terminal acts on or XML cannot carry ({@link Printable}).
   */
  public CheckResult {
    expected = Printable.text(expected);
    actual = Printable.text(actual);
    reproduce = Printable.text(reproduce);
    tags = List.copyOf(tags);
    differences = differences == null ? List.of() : List.copyOf(differences);
    rules = rules == null ? List.of() : List.copyOf(rules);
  }
}
