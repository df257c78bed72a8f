package com.merchantpay.conformance.internal;

import com.merchantpay.conformance.report.CheckResult;
import com.merchantpay.conformance.report.CheckResult.Outcome;
import com.merchantpay.conformance.report.Report;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The console during a run and after it. Checks that run side by side end in any order, so each is
 * printed after the run, in the catalogue's order; meanwhile a terminal gets one line that counts
 * the checks done, the time and the failures so far, and a log (CI) a plain line every few seconds.
 * A run with one worker prints each check as it ends, which is the catalogue's order too.
 */
public final class ConsoleProgress {
  private static final long PLAIN_EVERY_NANOS = 5_000_000_000L;

  private final PrintStream out;
  private final boolean terminal;
  private final boolean live;
  private final long started = System.nanoTime();
  private int total;
  private int done;
  private int failed;
  private long lastPlain = System.nanoTime();

  /**
   * @param terminal whether the output is a terminal, where one progress line can be written over
   * @param live whether each check is printed as it ends (one worker)
   */
  public ConsoleProgress(PrintStream out, boolean terminal, boolean live) {
    this.out = out;
    this.terminal = terminal;
    this.live = live;
  }

  public synchronized void started(
      String kit, String target, String profile, int checks, boolean strict, int workers) {
    this.total = checks;
    out.println(
        kit
            + ": "
            + checks
            + " checks against "
            + target
            + " (profile "
            + profile
            + "), "
            + workers
            + (workers == 1 ? " worker" : " workers")
            + (strict ? "; strict: our specs' reading of every open point is required" : ""));
  }

  public synchronized void finished(CheckResult result) {
    done++;
    failed += result.outcome() == Outcome.FAILED ? 1 : 0;
    if (live) {
      print(result);
    } else if (terminal) {
      out.print("\r  " + progress());
    } else if (System.nanoTime() - lastPlain >= PLAIN_EVERY_NANOS || done == total) {
      lastPlain = System.nanoTime();
      out.println("  ... " + progress());
    }
    out.flush();
  }

  private String progress() {
    return String.format(
        Locale.ROOT,
        "%d/%d checks done, %.1f s, %d failed so far",
        done,
        total,
        (System.nanoTime() - started) / 1e9,
        failed);
  }

  /** Every check of the report in the catalogue's order, unless each was printed as it ended. */
  public synchronized void listing(Report report) {
    if (live) {
      return;
    }
    if (terminal) {
      out.println();
    }
    report.results().forEach(this::print);
  }

  private void print(CheckResult result) {
    String mark =
        switch (result.outcome()) {
          case PASSED -> "PASS";
          case DIFFERS -> "DIFF";
          case FAILED -> "FAIL";
          case SKIPPED -> "SKIP";
          case ACCEPTED -> "ACPT";
        };
    out.println(
        "  " + mark + "  " + result.id() + "  " + result.title() + " (" + result.millis() + " ms)");
    if (result.outcome() == Outcome.SKIPPED) {
      out.println("        skipped:   " + indent(result.actual()));
    } else if (result.outcome() == Outcome.FAILED || result.outcome() == Outcome.ACCEPTED) {
      out.println("        rule:      " + result.rule());
      out.println("        expected:  " + indent(result.expected()));
      out.println("        actual:    " + indent(result.actual()));
      if (result.reproduce() != null) {
        out.println("        reproduce: " + indent(result.reproduce()));
      }
    }
    for (CheckResult.Difference difference : result.differences()) {
      out.println(
          "        reads differently: "
              + difference.point()
              + " ("
              + difference.question()
              + "): ours "
              + difference.ours()
              + ", the target's "
              + indent(difference.theirs()));
    }
  }

  public synchronized void summary(Report report) {
    out.println();
    out.println("By suite:");
    for (Map.Entry<String, Map<Outcome, Long>> suite : report.bySuite().entrySet()) {
      Map<Outcome, Long> counts = suite.getValue();
      out.printf(
          "  %-12s %4d passed %4d differ %4d failed %4d skipped %4d accepted%n",
          suite.getKey(),
          counts.getOrDefault(Outcome.PASSED, 0L),
          counts.getOrDefault(Outcome.DIFFERS, 0L),
          counts.getOrDefault(Outcome.FAILED, 0L),
          counts.getOrDefault(Outcome.SKIPPED, 0L),
          counts.getOrDefault(Outcome.ACCEPTED, 0L));
    }
    Report.Coverage coverage = report.coverage();
    out.println("By operation:");
    coverage.calls().forEach((operation, calls) -> out.printf("  %-28s %s%n", operation, calls));
    Map<String, List<String>> differences = report.differencesByPoint();
    if (!differences.isEmpty()) {
      out.println("Open points the target reads otherwise than our specs (reported, not failed):");
      differences.forEach(
          (point, readings) ->
              out.println("  " + point + ": " + indent(String.join("; ", readings))));
    }
    coverage.summary().forEach(out::println);
    if (report.slowdowns() > 0) {
      out.printf(
          Locale.ROOT,
          "The target asked the kit to slow down %d times (429, or 503 with Retry-After); it "
              + "waited %.1f s in all.%n",
          report.slowdowns(),
          report.slowdownMillis() / 1000.0);
    }
    out.printf(
        Locale.ROOT,
        "Result: %d passed, %d read an open point differently, %d failed, %d skipped, %d accepted "
            + "in %.1f s%n",
        report.count(Outcome.PASSED),
        report.count(Outcome.DIFFERS),
        report.count(Outcome.FAILED),
        report.count(Outcome.SKIPPED),
        report.count(Outcome.ACCEPTED),
        report.millis() / 1000.0);
    out.flush();
  }

  /**
   * A field's later lines indented under its label, so that no line a target wrote can start where
   * the kit's own lines start (a fake {@code PASS}).
   */
  private static String indent(String text) {
    return text == null ? "" : text.replace("\n", "\n                   ");
  }
}
