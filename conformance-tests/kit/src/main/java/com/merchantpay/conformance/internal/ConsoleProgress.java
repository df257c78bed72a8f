package com.merchantpay.conformance.internal;

import com.merchantpay.conformance.report.CheckResult.Outcome;
import com.merchantpay.conformance.report.CheckResult;
import com.merchantpay.conformance.report.Report;
import java.io.PrintStream;
import java.util.Map;

/** The live progress and the closing summary on the console. */
public final class ConsoleProgress {
  private final PrintStream out;

  public ConsoleProgress(PrintStream out) {
    this.out = out;
  }

  public void started(String kit, String target, String profile, int checks) {
    out.println(kit + ": " + checks + " checks against " + target + " (profile " + profile + ")");
  }

  public void finished(CheckResult result) {
    String mark = switch (result.outcome()) {
      case PASSED -> "PASS";
      case FAILED -> "FAIL";
      case SKIPPED -> "SKIP";
      case ACCEPTED -> "ACPT";
    };
    out.println("  " + mark + "  " + result.id() + "  " + result.title() + " (" + result.millis() + " ms)");
    if (result.outcome() == Outcome.SKIPPED) {
      out.println("        skipped:   " + result.actual());
    } else if (result.outcome() != Outcome.PASSED) {
      out.println("        rule:      " + result.rule());
      out.println("        expected:  " + result.expected());
      out.println("        actual:    " + indent(result.actual()));
      if (result.reproduce() != null) {
        out.println("        reproduce: " + result.reproduce());
      }
    }
    out.flush();
  }

  public void summary(Report report) {
    out.println();
    out.println("By suite:");
    for (Map.Entry<String, Map<Outcome, Long>> suite : report.bySuite().entrySet()) {
      Map<Outcome, Long> counts = suite.getValue();
      out.printf("  %-12s %4d passed %4d failed %4d skipped %4d accepted%n", suite.getKey(),
          counts.getOrDefault(Outcome.PASSED, 0L), counts.getOrDefault(Outcome.FAILED, 0L),
          counts.getOrDefault(Outcome.SKIPPED, 0L), counts.getOrDefault(Outcome.ACCEPTED, 0L));
    }
    Report.Coverage coverage = report.coverage();
    out.println("By operation:");
    coverage.calls().forEach((operation, calls) -> out.printf("  %-28s %s%n", operation, calls));
    out.println("Coverage: operations v2 " + coverage.exercised().getOrDefault("v2", 0) + "/"
        + coverage.operations().getOrDefault("v2", 0) + ", v1 " + coverage.exercised().getOrDefault("v1", 0) + "/"
        + coverage.operations().getOrDefault("v1", 0) + "; documented responses seen " + coverage.responsesSeen()
        + "/" + coverage.documentedResponses() + "; negative cases " + coverage.negativeCases() + " for "
        + coverage.negativeConstraints() + " request constraints in the spec"
        + (coverage.notExercised().isEmpty() ? "" : "; never called: " + coverage.notExercised()));
    out.printf("Result: %d passed, %d failed, %d skipped, %d accepted in %.1f s%n", report.count(Outcome.PASSED),
        report.count(Outcome.FAILED), report.count(Outcome.SKIPPED), report.count(Outcome.ACCEPTED),
        report.millis() / 1000.0);
    out.flush();
  }

  private static String indent(String text) {
    return text == null ? "" : text.replace("\n", "\n                   ");
  }
}
