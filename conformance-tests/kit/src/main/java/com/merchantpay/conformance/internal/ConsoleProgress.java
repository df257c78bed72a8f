package com.merchantpay.conformance.internal;

import com.merchantpay.conformance.report.CheckResult;
import com.merchantpay.conformance.report.CheckResult.Outcome;
import com.merchantpay.conformance.report.Report;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;

/** The live progress and the closing summary on the console. */
public final class ConsoleProgress {
  private final PrintStream out;

  public ConsoleProgress(PrintStream out) {
    this.out = out;
  }

  public void started(String kit, String target, String profile, int checks, boolean strict) {
    out.println(kit + ": " + checks + " checks against " + target + " (profile " + profile + ")"
        + (strict ? ", strict: our specs' reading of every open point is required" : ""));
  }

  public synchronized void finished(CheckResult result) {
    String mark = switch (result.outcome()) {
      case PASSED -> "PASS";
      case DIFFERS -> "DIFF";
      case FAILED -> "FAIL";
      case SKIPPED -> "SKIP";
      case ACCEPTED -> "ACPT";
    };
    out.println("  " + mark + "  " + result.id() + "  " + result.title() + " (" + result.millis() + " ms)");
    if (result.outcome() == Outcome.SKIPPED) {
      out.println("        skipped:   " + result.actual());
    } else if (result.outcome() == Outcome.FAILED || result.outcome() == Outcome.ACCEPTED) {
      out.println("        rule:      " + result.rule());
      out.println("        expected:  " + result.expected());
      out.println("        actual:    " + indent(result.actual()));
      if (result.reproduce() != null) {
        out.println("        reproduce: " + result.reproduce());
      }
    }
    for (CheckResult.Difference difference : result.differences()) {
      out.println("        reads differently: " + difference.point() + " (" + difference.question() + "): ours "
          + difference.ours() + ", the target's " + difference.theirs());
    }
    out.flush();
  }

  public void summary(Report report) {
    out.println();
    out.println("By suite:");
    for (Map.Entry<String, Map<Outcome, Long>> suite : report.bySuite().entrySet()) {
      Map<Outcome, Long> counts = suite.getValue();
      out.printf("  %-12s %4d passed %4d differ %4d failed %4d skipped %4d accepted%n", suite.getKey(),
          counts.getOrDefault(Outcome.PASSED, 0L), counts.getOrDefault(Outcome.DIFFERS, 0L),
          counts.getOrDefault(Outcome.FAILED, 0L), counts.getOrDefault(Outcome.SKIPPED, 0L),
          counts.getOrDefault(Outcome.ACCEPTED, 0L));
    }
    Report.Coverage coverage = report.coverage();
    out.println("By operation:");
    coverage.calls().forEach((operation, calls) -> out.printf("  %-28s %s%n", operation, calls));
    Map<String, List<String>> differences = report.differencesByPoint();
    if (!differences.isEmpty()) {
      out.println("Open points the target reads otherwise than our specs (reported, not failed):");
      differences.forEach((point, readings) -> out.println("  " + point + ": " + String.join("; ", readings)));
    }
    coverage.summary().forEach(out::println);
    out.printf("Result: %d passed, %d read an open point differently, %d failed, %d skipped, %d accepted in %.1f s%n",
        report.count(Outcome.PASSED), report.count(Outcome.DIFFERS), report.count(Outcome.FAILED),
        report.count(Outcome.SKIPPED), report.count(Outcome.ACCEPTED), report.millis() / 1000.0);
    out.flush();
  }

  private static String indent(String text) {
    return text == null ? "" : text.replace("\n", "\n                   ");
  }
}
