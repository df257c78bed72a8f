package com.merchantpay.conformance;

import com.merchantpay.conformance.internal.Catalog;
import com.merchantpay.conformance.internal.Check;
import com.merchantpay.conformance.internal.ConsoleProgress;
import com.merchantpay.conformance.internal.CoverageCount;
import com.merchantpay.conformance.internal.Explorer;
import com.merchantpay.conformance.internal.ReportFiles;
import com.merchantpay.conformance.internal.Run;
import com.merchantpay.conformance.internal.Runner;
import com.merchantpay.conformance.report.CheckResult;
import com.merchantpay.conformance.report.Report;
import com.merchantpay.conformance.target.Profile;
import com.merchantpay.conformance.target.Target;
import com.merchantpay.masking.Printable;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The conformance kit: checks an implementation of the Merchant Payment Service (a base URL)
 * against the v2 and v1 service documents and our OpenAPI specs, and reports what departs from
 * them.
 *
 * <pre>{@code
 * Report report = ConformanceKit.builder()
 *     .target(Target.builder(URI.create("https://payments.test.example")).bearerToken(token, merchant).build())
 *     .profile(Profile.load(Path.of("our-profile.json")))
 *     .excludeTags(List.of("decision"))
 *     .build()
 *     .run();
 * }</pre>
 *
 * <p>Without a target it starts the embedded implementation found on the class path (the sandbox,
 * in the runnable kit). In a JUnit 5 build, {@link ConformanceTests} turns every check into a test.
 */
public final class ConformanceKit {
  /** The prefix of the system properties {@link #fromSystemProperties()} reads. */
  public static final String PROPERTY_PREFIX = "merchantpay.conformance.";

  /** How long one call may take unless told otherwise. */
  public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(10);

  /** How long a run may take unless told otherwise. */
  public static final Duration DEFAULT_BUDGET = Duration.ofMinutes(10);

  /**
   * How many checks run at once unless told otherwise: a target across a network is mostly waited
   * for. With 8, the checks that make one call after another kept the run at 1.75x its longest
   * chain of dependent calls at 120 ms an answer; with 16, within 1.5x.
   */
  public static final int DEFAULT_WORKERS = 16;

  /** Unanswered calls in a suite after which the kit stops calling the target there. */
  public static final int STALLED_AFTER = Run.STALLED_AFTER;

  /**
   * The calls each worker may have in flight at once: a run sends at most {@code workers} times
   * this many calls together.
   */
  public static final int CALLS_PER_WORKER = Run.CALLS_PER_WORKER;

  /** How many cut histories shrinking a departure may run at most. */
  static final int DEFAULT_SHRINK_TRIES = 200;

  private final Target target;
  private final Profile profile;
  private final List<String> include;
  private final List<String> exclude;
  private final Set<String> baseline;
  private final Path reportDir;
  private final PrintStream console;
  private final Duration timeout;
  private final Duration budget;
  private final boolean strict;
  private final int workers;
  private final double rate;
  private final Explorer.Settings exploration;

  private ConformanceKit(Builder builder) {
    this.target = builder.target;
    this.profile = builder.profile;
    this.include = List.copyOf(builder.include);
    this.exclude = List.copyOf(builder.exclude);
    this.baseline = Set.copyOf(builder.baseline);
    this.reportDir = builder.reportDir;
    this.console = builder.console;
    this.timeout = builder.timeout;
    this.budget = builder.budget;
    this.strict = builder.strict;
    this.workers = builder.workers;
    this.rate = builder.rate;
    this.exploration = builder.exploration;
  }

  public static Builder builder() {
    return new Builder();
  }

  /**
   * A kit configured from system properties, for a provider's JUnit build: {@code
   * merchantpay.conformance.baseUrl}, {@code .token}, {@code .merchant}, {@code .otherToken},
   * {@code .otherMerchant}, {@code .v1Login}, {@code .v1Password}, {@code .v1CashierLogin}, {@code
   * .v1CashierPassword}, {@code .caCert}, {@code .clientCert}, {@code .clientKey} (PEM files),
   * {@code .profile} (a file), {@code .includeTags}, {@code .excludeTags} (comma-separated), {@code
   * .baseline} (a file), {@code .reportDir}, {@code .strict} ({@code true}), {@code .timeout} and
   * {@code .budget} (seconds), {@code .workers} and {@code .rate} (calls per second). Without
   * {@code baseUrl} the embedded implementation is used.
   */
  public static ConformanceKit fromSystemProperties() {
    Builder builder = builder();
    String baseUrl = property("baseUrl");
    if (baseUrl != null) {
      builder.target(
          Target.builder(URI.create(baseUrl))
              .bearerToken(property("token"), property("merchant"))
              .otherMerchant(property("otherToken"), property("otherMerchant"))
              .v1Accountant(property("v1Login"), property("v1Password"))
              .v1Cashier(property("v1CashierLogin"), property("v1CashierPassword"))
              .tls(path("caCert"), path("clientCert"), path("clientKey"))
              .build());
    }
    if (property("profile") != null) {
      builder.profile(Profile.load(Path.of(property("profile"))));
    }
    builder.includeTags(split(property("includeTags")));
    builder.excludeTags(split(property("excludeTags")));
    if (property("baseline") != null) {
      builder.baseline(Path.of(property("baseline")));
    }
    if (property("reportDir") != null) {
      builder.reportDir(Path.of(property("reportDir")));
    }
    builder.strict(Boolean.parseBoolean(property("strict")));
    if (property("timeout") != null) {
      builder.timeout(Duration.ofSeconds(Long.parseLong(property("timeout"))));
    }
    if (property("budget") != null) {
      builder.budget(Duration.ofSeconds(Long.parseLong(property("budget"))));
    }
    if (property("workers") != null) {
      builder.workers(Integer.parseInt(property("workers")));
    }
    if (property("rate") != null) {
      builder.rate(Double.parseDouble(property("rate")));
    }
    return builder.build();
  }

  /** The checks this kit would run, without running them. */
  public List<String> checkIds() {
    return selected().stream().map(Check::id).toList();
  }

  /**
   * Runs the selected checks, printing progress to the console when one was given and writing the
   * report files when a directory was given.
   *
   * @throws IllegalStateException when there is no target and no embedded implementation on the
   *     class path
   */
  public Report run() {
    try (Session session = new Session()) {
      List<Check> checks = selected();
      if (session.progress != null) {
        session.progress.started(
            "merchantpay-conformance",
            session.shownTarget,
            session.profileName(),
            checks.size(),
            strict,
            workers);
      }
      if (workers == 1) {
        checks.forEach(
            session::run); // the catalogue's order, one after another: for reading a run as it goes
      } else {
        runTogether(session, checks);
      }
      return session.finish();
    }
  }

  /**
   * The checks that may run beside each other on the pool of workers, then those that run alone one
   * after another, then those that read what the run collected. Results do not depend on the order
   * they end in.
   */
  private void runTogether(Session session, List<Check> checks) {
    ExecutorService pool =
        Executors.newFixedThreadPool(
            workers,
            task -> {
              Thread thread = new Thread(task, "merchantpay-conformance-worker");
              thread.setDaemon(true);
              return thread;
            });
    try {
      await(
          checks.stream()
              .filter(c -> c.order() == CheckResult.Order.TOGETHER)
              .map(c -> pool.submit(() -> session.run(c)))
              .toList());
      checks.stream().filter(c -> c.order() == CheckResult.Order.ALONE).forEach(session::run);
      await(
          checks.stream()
              .filter(c -> c.order() == CheckResult.Order.LAST)
              .map(c -> pool.submit(() -> session.run(c)))
              .toList());
    } finally {
      pool.shutdownNow();
    }
  }

  private static void await(List<? extends Future<?>> futures) {
    for (Future<?> future : futures) {
      try {
        future.get();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("the run was interrupted", e);
      } catch (ExecutionException e) {
        throw new IllegalStateException("a check could not be run: " + e.getCause(), e.getCause());
      }
    }
  }

  /**
   * The selected checks, in the order they run: when exploring, the exploration and the invariants
   * that judge every exchange it made.
   */
  List<Check> selected() {
    if (exploration == null) {
      return Catalog.select(include, exclude);
    }
    List<Check> checks = new ArrayList<>();
    checks.add(
        Explorer.check(
            exploration, console == null ? null : line -> console.println(Printable.text(line))));
    checks.addAll(Catalog.select(List.of("invariants"), exclude));
    return checks;
  }

  /** Starts a run on the target (the embedded implementation when there is none). */
  Session openSession() {
    return new Session();
  }

  /** One run: the target (started if embedded), its ledger and the results so far. */
  final class Session implements AutoCloseable {
    private final EmbeddedImplementation.Started embedded;
    private final Profile profile;
    private final String shownTarget;
    private final Run run;
    private final Runner runner;
    private final List<CheckResult> results = new ArrayList<>();
    private final Instant started = Instant.now();
    private final ConsoleProgress progress =
        console == null
            ? null
            : new ConsoleProgress(
                console, console == System.out && System.console() != null, workers == 1);

    Session() {
      Target chosen = target;
      Profile chosenProfile = ConformanceKit.this.profile;
      String shown;
      if (chosen == null) {
        EmbeddedImplementation implementation =
            ServiceLoader.load(EmbeddedImplementation.class)
                .findFirst()
                .orElseThrow(
                    () ->
                        new IllegalStateException(
                            "no base URL given and no embedded implementation on the "
                                + "class path; give --base-url (or "
                                + PROPERTY_PREFIX
                                + "baseUrl)"));
        embedded = implementation.start();
        chosen = embedded.target();
        chosenProfile = chosenProfile == null ? embedded.profile() : chosenProfile;
        shown = chosen.baseUrl() + " (" + implementation.name() + ")";
      } else {
        embedded = null;
        chosenProfile = chosenProfile == null ? Profile.sandbox() : chosenProfile;
        shown = chosen.baseUrl().toString();
      }
      this.profile = chosenProfile;
      this.shownTarget = shown;
      this.run =
          new Run(chosen, chosenProfile, new Run.Settings(timeout, budget, strict, workers, rate));
      this.runner = new Runner(run, baseline);
    }

    String profileName() {
      return profile.name();
    }

    CheckResult run(Check check) {
      CheckResult result = runner.run(check);
      synchronized (this) {
        results.add(result);
        if (progress != null) {
          progress.finished(result);
        }
      }
      return result;
    }

    Report finish() {
      List<CheckResult> ordered = new ArrayList<>(results);
      List<String> order = selected().stream().map(Check::id).toList();
      ordered.sort(Comparator.comparingInt(r -> order.indexOf(r.id())));
      Report report =
          new Report(
              shownTarget,
              profile.name(),
              started,
              Duration.between(started, Instant.now()).toMillis(),
              ordered,
              CoverageCount.of(run, ordered),
              strict,
              workers,
              run.slowdowns(),
              run.slowdownMillis());
      if (progress != null) {
        progress.listing(report);
        progress.summary(report);
      }
      if (reportDir != null) {
        List<Path> files = ReportFiles.write(report, reportDir);
        if (console != null) {
          console.println(
              "Reports in "
                  + reportDir
                  + ": "
                  + ReportFiles.JSON
                  + ", "
                  + ReportFiles.HTML
                  + " and "
                  + (files.size() - 2)
                  + " JUnit XML files");
        }
      }
      return report;
    }

    @Override
    public void close() {
      run.close();
      if (embedded != null) {
        embedded.close();
      }
    }
  }

  private static Path path(String name) {
    String value = property(name);
    return value == null ? null : Path.of(value);
  }

  static String property(String name) {
    String value = System.getProperty(PROPERTY_PREFIX + name);
    return value == null || value.isBlank() ? null : value;
  }

  private static List<String> split(String text) {
    return text == null
        ? List.of()
        : Arrays.stream(text.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
  }

  /** Configures a {@link ConformanceKit}; everything is optional. */
  public static final class Builder {
    private Target target;
    private Profile profile;
    private final Set<String> include = new LinkedHashSet<>();
    private final Set<String> exclude = new LinkedHashSet<>();
    private final Set<String> baseline = new LinkedHashSet<>();
    private Path reportDir;
    private PrintStream console;
    private Duration timeout = DEFAULT_TIMEOUT;
    private Duration budget = DEFAULT_BUDGET;
    private boolean strict;
    private int workers = DEFAULT_WORKERS;
    private double rate;
    private Explorer.Settings exploration;

    private Builder() {}

    /**
     * Explores instead of running the checks: random histories of operations made from the seed,
     * each of up to {@code mostSteps} steps, every answer judged by the model of the documents; a
     * departure is shrunk to its shortest history and given as a script that runs it again. The
     * run's invariants judge every exchange the histories made.
     *
     * @throws IllegalArgumentException when histories is below 1 or mostSteps below 2
     */
    public Builder explore(long seed, int histories, int mostSteps) {
      this.exploration = new Explorer.Settings(seed, histories, mostSteps, DEFAULT_SHRINK_TRIES);
      return this;
    }

    /**
     * How many checks run at once, and how many calls one check may have out at once ({@value
     * com.merchantpay.conformance.ConformanceKit#DEFAULT_WORKERS} by default). With 1, the checks
     * run one after another in the catalogue's order and each is printed as it ends.
     *
     * @throws IllegalArgumentException when below 1
     */
    public Builder workers(int workers) {
      if (workers < 1) {
        throw new IllegalArgumentException("workers must be at least 1, not " + workers);
      }
      this.workers = workers;
      return this;
    }

    /**
     * At most this many calls per second, across every worker (0, the default, for no limit): for a
     * shared staging environment.
     *
     * @throws IllegalArgumentException when negative
     */
    public Builder rate(double callsPerSecond) {
      if (callsPerSecond < 0) {
        throw new IllegalArgumentException("the rate must not be negative, not " + callsPerSecond);
      }
      this.rate = callsPerSecond;
      return this;
    }

    /**
     * Requires our specs' reading of every open point the profile does not declare a reading of: a
     * target that reads one otherwise fails instead of being reported. For an implementation that
     * means to follow our specs to the letter, such as the sandbox.
     */
    public Builder strict(boolean strict) {
      this.strict = strict;
      return this;
    }

    /**
     * How long the whole run may take (10 minutes by default): once it is spent, the checks still
     * running fail and no further call is made.
     */
    public Builder budget(Duration budget) {
      this.budget = budget;
      return this;
    }

    /** The implementation to check; without one the embedded implementation is started. */
    public Builder target(Target target) {
      this.target = target;
      return this;
    }

    /** Test data of the target; without one the embedded implementation's, or the sandbox's. */
    public Builder profile(Profile profile) {
      this.profile = profile;
      return this;
    }

    /** Runs only checks with one of these tags (or ids, or id prefixes). */
    public Builder includeTags(Collection<String> tags) {
      include.addAll(tags);
      return this;
    }

    /** Leaves out checks with any of these tags (or ids, or id prefixes). */
    public Builder excludeTags(Collection<String> tags) {
      exclude.addAll(tags);
      return this;
    }

    /** Check ids whose failures are accepted deviations: listed, not failed. */
    public Builder baseline(Collection<String> checkIds) {
      baseline.addAll(checkIds);
      return this;
    }

    /**
     * Reads a baseline file: one check id per line; blank lines and text after {@code #} are
     * ignored.
     *
     * @throws IllegalArgumentException when the file cannot be read
     */
    public Builder baseline(Path file) {
      try {
        for (String line : Files.readAllLines(file)) {
          String id = line.replaceFirst("#.*", "").trim();
          if (!id.isEmpty()) {
            baseline.add(id);
          }
        }
      } catch (IOException e) {
        throw new IllegalArgumentException(
            "cannot read the baseline file " + file + ": " + e.getMessage(), e);
      }
      return this;
    }

    /** Where the JSON, JUnit XML and HTML reports go; none are written without it. */
    public Builder reportDir(Path dir) {
      this.reportDir = dir;
      return this;
    }

    /** Where live progress and the summary are printed; nothing is printed without it. */
    public Builder console(PrintStream out) {
      this.console = out;
      return this;
    }

    /**
     * How long one call may take before it counts as unanswered; 10 seconds by default. A suite
     * stops calling a target that leaves {@value
     * com.merchantpay.conformance.ConformanceKit#STALLED_AFTER} calls unanswered.
     */
    public Builder timeout(Duration timeout) {
      this.timeout = timeout;
      return this;
    }

    public ConformanceKit build() {
      return new ConformanceKit(this);
    }
  }
}
