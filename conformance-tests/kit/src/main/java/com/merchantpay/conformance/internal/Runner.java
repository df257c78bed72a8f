package com.merchantpay.conformance.internal;

import com.merchantpay.conformance.report.CheckResult.Outcome;
import com.merchantpay.conformance.report.CheckResult;
import java.util.Set;

/** Runs one check and says what came of it; secrets never reach the result. */
public final class Runner {
  private final Run run;
  private final Set<String> baseline;

  public Runner(Run run, Set<String> baseline) {
    this.run = run;
    this.baseline = baseline;
  }

  public CheckResult run(Check check) {
    CheckContext context = new CheckContext(run);
    long started = System.nanoTime();
    Outcome outcome = Outcome.PASSED;
    String expected = null;
    String actual = null;
    String reproduce = null;
    try {
      check.body().run(context);
    } catch (CheckFailure failure) {
      outcome = baseline.contains(check.id()) ? Outcome.ACCEPTED : Outcome.FAILED;
      expected = failure.expected();
      actual = failure.actual();
      Exchange shown = failure.exchange() != null ? failure.exchange() : last(context);
      reproduce = shown == null ? null : Curl.of(shown, run.target().secrets());
    } catch (CheckSkipped skipped) {
      outcome = Outcome.SKIPPED;
      actual = skipped.getMessage();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      outcome = Outcome.FAILED;
      expected = "the check to finish";
      actual = "interrupted";
    } catch (Exception | AssertionError e) {
      // An answer the check could not even read (a member of the wrong kind, say) is a departure too.
      outcome = baseline.contains(check.id()) ? Outcome.ACCEPTED : Outcome.FAILED;
      expected = "answers the check can read";
      actual = e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage())
          + (e.getStackTrace().length == 0 ? "" : " (at " + e.getStackTrace()[0] + ")");
      Exchange shown = last(context);
      reproduce = shown == null ? null : Curl.of(shown, run.target().secrets());
    }
    long millis = (System.nanoTime() - started) / 1_000_000;
    return new CheckResult(check.id(), check.suite(), check.title(), check.sortedTags(), check.rule().cite(), outcome,
        clean(expected), clean(actual), reproduce, context.exchanges().size(), millis);
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
    for (String secret : run.target().secrets().keySet()) {
      masked = masked.replace(secret, "***");
    }
    return masked;
  }
}
