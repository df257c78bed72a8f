package com.merchantpay.conformance.report;

import java.util.List;

/**
 * What one check found.
 *
 * @param id stable identifier, usable in a baseline file and with {@code --include-tags}
 * @param suite the suite it belongs to
 * @param title the behaviour it checks, as a sentence
 * @param tags its tags ({@code v2}, {@code v1}, {@code idempotency}, {@code decision}, ...)
 * @param rule the rule of the documents it enforces, cited
 * @param outcome passed, failed, skipped (with the reason) or accepted by the baseline
 * @param expected what the rule asks for (failures and skips)
 * @param actual what came back instead, or why the check was skipped
 * @param reproduce a {@code curl} command repeating the call that failed, secrets left out
 * @param calls how many HTTP calls the check made
 * @param millis how long it took
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
    long millis) {

  /** How a check ended. */
  public enum Outcome {
    PASSED,
    FAILED,
    /** Could not run here: the reason is in {@code actual}. */
    SKIPPED,
    /** Failed, but listed in the baseline of accepted deviations. */
    ACCEPTED
  }

  public CheckResult {
    tags = List.copyOf(tags);
  }
}
