package com.merchantpay.conformance.internal;

import com.merchantpay.conformance.report.CheckResult;
import com.merchantpay.conformance.report.CheckResult.Outcome;
import java.util.Set;

/** Runs one check and says what came of it; secrets never reach the result. */
public final class Runner {
  /**
   * Secrets shorter than this are not searched for in free text: a token "t" would mask every word.
   */
  private static final int SHORTEST_MASKED_SECRET = 6;

  private final Run run;
  private final Set<String> baseline;

  public Runner(Run run, Set<String> baseline) {
    this.run = run;
    this.baseline = baseline;
  }

  public CheckResult run(Check check) {
    CheckContext context = new CheckContext(run, check);
    long started = System.nanoTime();
    Outcome outcome = Outcome.PASSED;
    String cite = check.cite();
    String expected = null;
    String actual = null;
    String reproduce = null;
    try {
      check.body().run(context);
      if (!context.differences().isEmpty()) {
        outcome = Outcome.DIFFERS;
      }
    } catch (CheckFailure failure) {
      boolean accepted = baseline.contains(check.id()) && !(failure instanceof TargetUnavailable);
      outcome = accepted ? Outcome.ACCEPTED : Outcome.FAILED;
      cite = failure.cite() != null ? failure.cite() : cite;
      expected = failure.expected();
      actual = failure.actual();
      Exchange shown = failure.exchange() != null ? failure.exchange() : last(context);
      reproduce =
          failure instanceof Explorer.HistoryFailure history
              ? history.script()
              : shown == null ? null : Curl.of(shown, run.target().secrets());
    } catch (CheckSkipped skipped) {
      outcome = Outcome.SKIPPED;
      actual = skipped.getMessage();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      outcome = Outcome.FAILED;
      expected = "the check to finish";
      actual = "interrupted";
    } catch (Exception | AssertionError e) {
      // An answer the check could not even read (a member of the wrong kind, say) is a departure
      // too.
      outcome = baseline.contains(check.id()) ? Outcome.ACCEPTED : Outcome.FAILED;
      Rule rule = context.currentRule();
      cite = rule != null ? rule.cite() : cite;
      expected = "answers the check can read";
      actual =
          e.getClass().getSimpleName()
              + (e.getMessage() == null ? "" : ": " + e.getMessage())
              + (e.getStackTrace().length == 0 ? "" : " (at " + e.getStackTrace()[0] + ")");
      Exchange shown = last(context);
      reproduce = shown == null ? null : Curl.of(shown, run.target().secrets());
    }
    long millis = (System.nanoTime() - started) / 1_000_000;
    return new CheckResult(
        check.id(),
        check.suite(),
        check.title(),
        check.sortedTags(),
        cite,
        outcome,
        clean(expected),
        clean(actual),
        reproduce,
        context.exchanges().size(),
        millis,
        context.differences().stream()
            .map(
                d ->
                    new CheckResult.Difference(
                        d.point(), d.question(), d.ours(), clean(d.theirs()), clean(d.seen())))
            .toList(),
        context.judgedRules(),
        check.order());
  }

  private static Exchange last(CheckContext context) {
    var exchanges = context.exchanges();
    return exchanges.isEmpty() ? null : exchanges.get(exchanges.size() - 1);
  }

  private String clean(String text) {
    if (text == null) {
      return null;
    }
    String masked = Redaction.text(text);
    java.util.List<String> secrets = new java.util.ArrayList<>();
    for (String secret : run.target().secrets().keySet()) {
      if (secret.length() >= SHORTEST_MASKED_SECRET) {
        masked = masked.replace(secret, "***");
        secrets.add(secret);
      }
    }
    return Redaction.cutSecrets(masked, secrets);
  }
}
