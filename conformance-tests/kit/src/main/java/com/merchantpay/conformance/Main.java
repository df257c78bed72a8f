package com.merchantpay.conformance;

import com.merchantpay.conformance.internal.Listings;
import com.merchantpay.conformance.target.Profile;
import com.merchantpay.masking.Printable;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The kit's command line: {@code java -jar merchantpay-conformance.jar [--base-url URL ...]}. Exits
 * 0 when every check passed (or was skipped or accepted), 1 when any failed, 2 on bad usage.
 * Secrets may come from environment variables so they stay out of shell history.
 */
@Command(
    name = "merchantpay-conformance",
    mixinStandardHelpOptions = true,
    versionProvider = Main.Version.class,
    sortOptions = false,
    usageHelpAutoWidth = true,
    description = {
      "Checks an implementation of the Merchant Payment Service (v2 and v1) against the service "
          + "documents and the OpenAPI specs. Without --base-url it starts the embedded sandbox and checks that."
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:no check failed (each passed, read an open point differently, was skipped or is an "
          + "accepted deviation)",
      "1:a check failed",
      "2:bad usage (an unknown option, an unreadable profile, no target)"
    })
public final class Main implements Callable<Integer> {
  @Mixin TargetOptions target = new TargetOptions();

  @Option(
      names = "--include-tags",
      paramLabel = "TAG",
      split = ",",
      description =
          "Run only checks with one of these tags, ids or id prefixes (v2, v1, idempotency, callbacks, "
              + "negative, pagination, decision, ...).")
  List<String> includeTags = new ArrayList<>();

  @Option(
      names = "--exclude-tags",
      paramLabel = "TAG",
      split = ",",
      description = "Leave out checks with any of these tags, ids or id prefixes.")
  List<String> excludeTags = new ArrayList<>();

  @Option(
      names = "--baseline",
      paramLabel = "FILE",
      description = "Accepted deviations: one check id per line; they are listed, not failed.")
  Path baseline;

  @Option(
      names = "--report-dir",
      paramLabel = "DIR",
      defaultValue = "merchantpay-conformance-report",
      description = "Where the JSON, JUnit XML and HTML reports go (default: ${DEFAULT-VALUE}).")
  Path reportDir;

  @Option(
      names = "--strict",
      description =
          "Require our specs' reading of every open point the profile does not declare: a target that "
              + "reads one otherwise fails instead of being reported.")
  boolean strict;

  @Option(
      names = "--timeout",
      paramLabel = "SECONDS",
      defaultValue = "10",
      description =
          "How long one call may take (default: ${DEFAULT-VALUE}); a suite stops calling a target that "
              + "leaves "
              + ConformanceKit.STALLED_AFTER
              + " calls unanswered.")
  int timeoutSeconds;

  @Option(
      names = "--budget",
      paramLabel = "SECONDS",
      defaultValue = "600",
      description = "How long the whole run may take (default: ${DEFAULT-VALUE}).")
  int budgetSeconds;

  @Option(
      names = "--workers",
      paramLabel = "N",
      defaultValue = "" + ConformanceKit.DEFAULT_WORKERS,
      description =
          "How many checks run at once (default: ${DEFAULT-VALUE}), each with up to four independent "
              + "calls in flight; 1 runs them one after another in the catalogue's order, one call at a "
              + "time, printing each as it ends.")
  int workers;

  @Option(
      names = "--rate",
      paramLabel = "CALLS",
      defaultValue = "0",
      description =
          "At most this many calls per second across all workers, for a shared environment "
              + "(default: no limit).")
  double rate;

  @Option(names = "--list", description = "List the checks the options select, and exit.")
  boolean list;

  @Option(
      names = "--list-rules",
      description =
          "List the rules of the documents' catalogue with the checks that cover each, and exit.")
  boolean listRules;

  @Option(
      names = "--list-points",
      description =
          "List the open points of the documents with our specs' reading of each, and exit.")
  boolean listPoints;

  private final PrintStream out;

  Main(PrintStream out) {
    this.out = out;
  }

  public static void main(String[] args) {
    System.exit(execute(System.out, System.err, args));
  }

  /** Runs the command line and returns its exit code, printing to the given streams. */
  public static int execute(PrintStream out, PrintStream err, String... args) {
    return commandLine(out, err).execute(args);
  }

  /**
   * The command line with its {@code check-pacts} and {@code profile-skeleton} subcommands, ready
   * to execute, for a launcher that adds more (the runnable kit adds {@code pact}). Usage errors
   * exit 2, with the reason on {@code err}.
   */
  public static CommandLine commandLine(PrintStream out, PrintStream err) {
    CommandLine line =
        new CommandLine(new Main(out))
            .addSubcommand("check-pacts", new CheckPactsCommand(out))
            .addSubcommand("profile-skeleton", new ProfileSkeletonCommand(out))
            .addSubcommand("explore", new ExploreCommand(out))
            .addSubcommand(
                "profile",
                new CommandLine(new ProfileCommand())
                    .addSubcommand("check", new ProfileCheckCommand(out)));
    line.setOut(new PrintWriter(out, true));
    line.setErr(new PrintWriter(err, true));
    line.setExecutionExceptionHandler(
        (e, cmd, parsed) -> {
          if (e instanceof IllegalArgumentException || e instanceof IllegalStateException) {
            // A refusal may quote a file of someone else's (a profile, a pact).
            err.println("merchantpay-conformance: " + Printable.text(e.getMessage()));
            return 2;
          }
          throw e;
        });
    return line;
  }

  @Override
  public Integer call() {
    if (timeoutSeconds < 1) {
      throw new IllegalArgumentException("--timeout must be at least 1 second");
    }
    if (budgetSeconds < 1) {
      throw new IllegalArgumentException("--budget must be at least 1 second");
    }
    if (workers < 1) {
      throw new IllegalArgumentException("--workers must be at least 1");
    }
    if (rate < 0) {
      throw new IllegalArgumentException("--rate must not be negative");
    }
    if (listRules) {
      Listings.rules(out);
      return 0;
    }
    if (listPoints) {
      Listings.points(out);
      return 0;
    }
    ConformanceKit.Builder builder =
        ConformanceKit.builder()
            .includeTags(includeTags)
            .excludeTags(excludeTags)
            .strict(strict)
            .timeout(Duration.ofSeconds(timeoutSeconds))
            .budget(Duration.ofSeconds(budgetSeconds))
            .workers(workers)
            .rate(rate);
    builder.target(target.target());
    Profile profile = target.profile();
    if (profile != null) {
      builder.profile(profile);
    }
    if (baseline != null) {
      builder.baseline(baseline);
    }
    ConformanceKit kit = builder.build();
    List<String> ids = kit.checkIds();
    if (ids.isEmpty()) {
      throw new IllegalArgumentException(
          "the tags select no check; tags include v2, v1, operations, lifecycle, auth, "
              + "idempotency, pagination, callbacks, negative, wire, decision");
    }
    if (list) {
      ids.forEach(out::println);
      return 0;
    }
    return builder.console(out).reportDir(reportDir).build().run().exitCode();
  }

  /** Reads the version from the jar manifest. */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      String version = Main.class.getPackage().getImplementationVersion();
      return new String[] {
        "merchantpay-conformance " + (version == null ? "(development build)" : version)
      };
    }
  }
}
