package com.merchantpay.conformance;

import com.merchantpay.conformance.target.Profile;
import java.io.PrintStream;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code explore}: random histories of operations against the target, each answer judged by the
 * model of the documents; a departure is shrunk to its shortest history and printed as a script
 * that runs it again. Exits as the main command does.
 */
@Command(
    name = "explore",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    usageHelpAutoWidth = true,
    description = {
      "Runs random histories of payments, captures, cancels, refunds, reads, lists, replays and "
          + "changes sent at once (v2 and v1, and a second merchant where given) against the target, "
          + "judging every answer by a model of the documents. A departure is shrunk to the fewest "
          + "steps that still show it and printed as a bash script that runs them again. The same "
          + "--seed runs the same histories. Without --base-url it explores the embedded sandbox."
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:every answer was one the documents allow",
      "1:a history or an invariant failed",
      "2:bad usage"
    })
final class ExploreCommand implements Callable<Integer> {
  @Mixin TargetOptions target = new TargetOptions();

  @Option(
      names = "--seed",
      paramLabel = "N",
      description =
          "The seed of the histories (default: a new one, printed); history i is made from seed + i.")
  Long seed;

  @Option(
      names = "--histories",
      paramLabel = "N",
      defaultValue = "1000",
      description =
          "How many histories to run at most (default: ${DEFAULT-VALUE}); exploring also stops when "
              + "its share of --budget is spent.")
  int histories;

  @Option(
      names = "--steps",
      paramLabel = "N",
      defaultValue = "12",
      description = "How many steps a history has at most (default: ${DEFAULT-VALUE}).")
  int steps;

  @Option(
      names = "--budget",
      paramLabel = "SECONDS",
      defaultValue = "60",
      description =
          "How long exploring and shrinking may take in all (default: ${DEFAULT-VALUE}); exploring "
              + "stops at three fifths of it to leave the rest to shrinking.")
  int budgetSeconds;

  @Option(
      names = "--timeout",
      paramLabel = "SECONDS",
      defaultValue = "10",
      description = "How long one call may take (default: ${DEFAULT-VALUE}).")
  int timeoutSeconds;

  @Option(
      names = "--workers",
      paramLabel = "N",
      defaultValue = "8",
      description = "How many histories run at once (default: ${DEFAULT-VALUE}).")
  int workers;

  @Option(
      names = "--report-dir",
      paramLabel = "DIR",
      defaultValue = "merchantpay-exploration-report",
      description = "Where the JSON, JUnit XML and HTML reports go (default: ${DEFAULT-VALUE}).")
  Path reportDir;

  private final PrintStream out;

  ExploreCommand(PrintStream out) {
    this.out = out;
  }

  @Override
  public Integer call() {
    if (histories < 1) {
      throw new IllegalArgumentException("--histories must be at least 1");
    }
    if (steps < 2) {
      throw new IllegalArgumentException("--steps must be at least 2");
    }
    if (budgetSeconds < 1 || timeoutSeconds < 1 || workers < 1) {
      throw new IllegalArgumentException("--budget, --timeout and --workers must be at least 1");
    }
    long chosen = seed != null ? seed : new SecureRandom().nextInt(Integer.MAX_VALUE);
    out.println("Exploring with seed " + chosen + " (repeat with --seed " + chosen + ")");
    ConformanceKit.Builder builder =
        ConformanceKit.builder()
            .explore(chosen, histories, steps)
            .timeout(Duration.ofSeconds(timeoutSeconds))
            .budget(Duration.ofSeconds(budgetSeconds))
            .workers(workers)
            .target(target.target())
            .console(out)
            .reportDir(reportDir);
    Profile profile = target.profile();
    if (profile != null) {
      builder.profile(profile);
    }
    return builder.build().run().exitCode();
  }
}
