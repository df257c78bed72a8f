package com.merchantpay.benchmarks;

import com.merchantpay.conformance.ConformanceKit;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Runs every benchmark in one go on one machine and writes the figures, as ratios taken side by
 * side, to a Markdown file: the sandbox against WireMock and a bare JDK server, the client against
 * the raw JDK client and OpenAPI Generator's stock client, the kit's and the build's wall time, and
 * the resilience runs.
 */
@Command(
    name = "merchantpay-benchmarks",
    mixinStandardHelpOptions = true,
    description =
        "Measures the sandbox, the client, the kit and the build side by side with the alternatives.")
public final class Benchmarks implements Callable<Integer> {
  @Option(names = "--out", description = "Markdown file to write (default: ${DEFAULT-VALUE}).")
  Path out = Path.of("benchmarks/RESULTS.md");

  @Option(
      names = "--repository",
      description =
          "Root of the built repository, for the kit's and the sandbox's "
              + "jars (default: ${DEFAULT-VALUE}).")
  Path repository = Path.of(".");

  @Option(
      names = "--rounds",
      description =
          "Rounds of the server measurements, every row once a round; each row reports its median "
              + "(default: ${DEFAULT-VALUE}).")
  int rounds = 3;

  @Option(
      names = "--warm-up",
      description = "Seconds of load before each server measurement (default: ${DEFAULT-VALUE}).")
  int warmUp = 10;

  @Option(
      names = "--measure",
      description = "Seconds each server measurement lasts (default: ${DEFAULT-VALUE}).")
  int measure = 10;

  @Option(
      names = "--soak",
      description = "How long the small-heap soak runs, ISO 8601 (default: ${DEFAULT-VALUE}).")
  Duration soak = Duration.ofMinutes(10);

  @Option(names = "--fuzz", description = "Malformed requests to send (default: ${DEFAULT-VALUE}).")
  int fuzz = 10_000;

  @Option(
      names = "--fault-creates",
      description = "Creates through the faulty network (default: ${DEFAULT-VALUE}).")
  int faultCreates = 300;

  @Option(
      names = "--build",
      description = "Also time 'mvn verify' on a fresh clone of the repository.")
  boolean build;

  @Option(
      names = "--quick",
      description = "Everything once and briefly: checks the benchmarks work, measures nothing.")
  boolean quick;

  @Option(
      names = "--only",
      split = ",",
      paramLabel = "SECTION",
      description =
          "Run only these sections: sandbox, start-up, "
              + "client, kit, kit-latency, faults, fuzz, soak (default: all).")
  List<String> only = List.of();

  private final PrintStream console;

  Benchmarks(PrintStream console) {
    this.console = console;
  }

  public static void main(String[] args) {
    System.exit(new CommandLine(new Benchmarks(System.out)).execute(args));
  }

  @Override
  public Integer call() throws Exception {
    if (quick) {
      warmUp = 0;
      measure = 1;
      rounds = 1;
      soak = Duration.ofSeconds(2);
      fuzz = Math.min(fuzz, 300);
      faultCreates = Math.min(faultCreates, 30);
      Load.useTheJavaDriver();
    }
    // Without it the JDK's server leaves Nagle on and every exchange waits out a delayed ACK (about
    // 40 ms).
    System.setProperty("sun.net.httpserver.nodelay", "true");
    // The JDK's server reads its settings once per JVM, at its first start (the sandbox section's
    // bare server): what the client benchmark's server needs is set before then. See
    // ClientBenchmark.start.
    System.setProperty("sun.net.httpserver.idleInterval", "3600");
    Report report = new Report(machine(), quick);

    boolean complete =
        section("sandbox", "sandbox throughput", report, () -> serverThroughput(report))
            & section(
                "start-up",
                "time to the first answered request",
                report,
                () ->
                    report.startUp(StartUp.run(standaloneSandbox(), quick ? 1 : 5, quick ? 1 : 20)))
            & section("client", "client overhead", report, () -> clientOverhead(report))
            & section("kit", "kit and build", report, () -> kitAndBuild(report))
            & section("kit-latency", "kit over a slow network", report, () -> kitLatency(report))
            & section(
                "faults",
                "creates under faults",
                report,
                () -> report.faults(Resilience.faults(faultCreates, 42)))
            & section(
                "fuzz", "malformed requests", report, () -> report.fuzz(Resilience.fuzz(fuzz, 42)))
            & section("soak", "soak", report, () -> soak(report));

    Files.createDirectories(out.toAbsolutePath().getParent());
    Files.writeString(out, report.markdown(), StandardCharsets.UTF_8);
    console.println("results written to " + out);
    return complete ? 0 : 1;
  }

  private interface Section {
    void run() throws Exception;
  }

  /**
   * Runs one part unless left out; a part that breaks is reported as broken and the others still
   * run.
   */
  private boolean section(String key, String name, Report report, Section section) {
    if (!only.isEmpty() && !only.contains(key)) {
      return true;
    }
    console.println("== " + name);
    try {
      section.run();
      return true;
    } catch (Exception e) {
      e.printStackTrace(console);
      report.broken(name, e);
      return false;
    }
  }

  // ---------------------------------------------------------------- sandbox

  private void serverThroughput(Report report) throws Exception {
    Duration w = Duration.ofSeconds(warmUp);
    // A quick run shows that every row runs and is read; a quarter of a second shows it as well as
    // a second.
    Duration m = quick ? Duration.ofMillis(250) : Duration.ofSeconds(measure);
    // More than twice the sandbox's 4,096 slots of rendered answers: between two reads of a payment
    // another has taken its slot, so every answer is rendered afresh.
    try (Servers servers = new Servers(quick ? 10 : 10_000)) {
      String one = "/api/v2/payments/" + servers.paymentId;
      List<String> many = servers.paymentIds.stream().map(id -> "/api/v2/payments/" + id).toList();
      Map<String, String> auth = servers.auth();
      Load.Shape get = Load.Shape.get(one, auth);
      Load.Shape getMany = Load.Shape.getEach(many, auth);
      Load.Shape create = Load.Shape.createEach("/api/v2/payments", auth, Servers.CREATE_BODY);
      // The reads take their turns before any create: the creates' payments push the ones read
      // out of the sandbox's retention bounds.
      List<Load.Result> reads =
          Load.Rows.medians(
              List.of(
                  new Load.Rows.Row(servers.sandboxUrl(), get),
                  new Load.Rows.Row(servers.wireMockUrl(), get),
                  new Load.Rows.Row(servers.bareNettyUrl(), get),
                  new Load.Rows.Row(servers.bareUrl(), get),
                  new Load.Rows.Row(servers.sandboxUrl(), getMany),
                  new Load.Rows.Row(servers.wireMockUrl(), getMany)),
              rounds,
              w,
              m);
      List<Load.Result> creates =
          Load.Rows.medians(
              List.of(
                  new Load.Rows.Row(servers.sandboxUrl(), create),
                  new Load.Rows.Row(servers.wireMockUrl(), create),
                  new Load.Rows.Row(servers.bareNettyUrl(), create),
                  new Load.Rows.Row(servers.bareUrl(), create)),
              rounds,
              w,
              m);
      Report.Servers results =
          new Report.Servers(
              rounds,
              reads.get(0),
              reads.get(1),
              reads.get(2),
              reads.get(3),
              reads.get(4),
              reads.get(5),
              many.size(),
              creates.get(0),
              creates.get(1),
              creates.get(2),
              creates.get(3));
      report.servers(results);
      openRows(report, w, m);
      // Fewer creates than the journal and the idempotency keys hold, so each is counted whole.
      report.createFootprint(
          CreateFootprint.measure(
              quick ? 200 : 8_000, servers.bareNettyUrl(), servers.wireMockUrl()));
      console.printf(
          "GET: sandbox %.0f/s, WireMock %.0f/s, bare Netty %.0f/s; creates: sandbox %.0f/s,"
              + " WireMock %.0f/s%n",
          results.get().requestsPerSecond(),
          results.wireMockGet().requestsPerSecond(),
          results.nettyGet().requestsPerSecond(),
          results.create().requestsPerSecond(),
          results.wireMockCreate().requestsPerSecond());
    }
  }

  /**
   * The open-loop rows: the sandbox's standalone jar and WireMock's standalone server, each in a
   * JVM of its own started as its users start it, so each row's collector pauses are its server's.
   */
  private void openRows(Report report, Duration warmUp, Duration measure) throws Exception {
    Path jar = standaloneSandbox();
    if (jar == null) {
      throw new IllegalStateException(
          "not built: sandbox/target/merchantpay-sandbox-*-standalone.jar");
    }
    try (StandaloneServer sandbox = StandaloneServer.sandbox(jar);
        StandaloneServer wireMock = StandaloneServer.wireMock(sandbox)) {
      Load.Shape get = Load.Shape.get(sandbox.paymentPath, sandbox.auth());
      Load.Shape create =
          Load.Shape.createEach("/api/v2/payments", sandbox.auth(), Servers.CREATE_BODY);
      // Half of what the slower of the two answers in a closed loop in this same arrangement (three
      // JVMs on the machine's cores), offered to both alike: a rate both can keep. The reads come
      // first: the creates' payments push the one read out of the sandbox's retention bounds.
      double readRate = halfTheSlower(sandbox, wireMock, get, warmUp, measure);
      Report.OpenRow sandboxGet =
          openRow("sandbox", "GET one payment", sandbox, get, readRate, warmUp, measure);
      Report.OpenRow wireMockGet =
          openRow("WireMock", "GET one payment (stub)", wireMock, get, readRate, warmUp, measure);
      double createRate = halfTheSlower(sandbox, wireMock, create, warmUp, measure);
      report.openLoop(
          List.of(
              sandboxGet,
              wireMockGet,
              openRow(
                  "sandbox",
                  "POST create, new key each",
                  sandbox,
                  create,
                  createRate,
                  warmUp,
                  measure),
              openRow(
                  "WireMock", "POST create (stub)", wireMock, create, createRate, warmUp, measure)),
          sandbox.collector());
    }
  }

  private static double halfTheSlower(
      StandaloneServer one,
      StandaloneServer other,
      Load.Shape shape,
      Duration warmUp,
      Duration measure)
      throws Exception {
    return Math.min(
            Load.run(one.baseUrl, shape, warmUp, measure).requestsPerSecond(),
            Load.run(other.baseUrl, shape, warmUp, measure).requestsPerSecond())
        / 2;
  }

  /** One open-loop run, with the collector's pauses in the server's JVM while it lasted. */
  private static Report.OpenRow openRow(
      String server,
      String request,
      StandaloneServer target,
      Load.Shape shape,
      double rate,
      Duration warmUp,
      Duration measure)
      throws Exception {
    long mark = target.gcMark();
    OpenLoad.Result result = OpenLoad.run(target.baseUrl, shape, rate, warmUp, measure);
    return new Report.OpenRow(server, request, result, target.pauses(mark));
  }

  // ---------------------------------------------------------------- client

  /** The client benchmarks, each the name of a method of {@link ClientBenchmark}. */
  private static final List<String> CLIENT_BENCHMARKS =
      List.of("getOurs", "getRaw", "getStock", "createOurs", "createRaw", "createStock");

  private void clientOverhead(Report report) throws Exception {
    // The three clients take turns in rounds, all in this JVM, and each row is the median of the
    // rounds: on a shared 2-core machine the pace moves by more than the differences measured,
    // and one fork per client (JMH's way) put each client in a moment of its own; JMH's error over
    // one fork was often a third of the score. The first rounds only warm up: sixteen callers on
    // two cores leave the compiler threads little time, and rates still climbed after 40 s.
    int warmRounds = quick ? 0 : 2;
    int rounds = quick ? 1 : 5;
    for (int threads : new int[] {1, 16}) {
      Options options =
          new OptionsBuilder()
              .threads(threads)
              .shouldFailOnError(true)
              .addProfiler(GCProfiler.class)
              .forks(0)
              .warmupIterations(1)
              .warmupTime(quick ? TimeValue.milliseconds(100) : TimeValue.seconds(2))
              .measurementIterations(quick ? 1 : 3)
              .measurementTime(quick ? TimeValue.milliseconds(100) : TimeValue.seconds(1))
              .timeUnit(TimeUnit.SECONDS)
              .build();
      Map<String, List<double[]>> byRound = new LinkedHashMap<>();
      for (int round = 0; round < warmRounds + rounds; round++) {
        // One benchmark at a time, the order turning by one each round, so no client always runs
        // first, or right after another.
        List<RunResult> results = new ArrayList<>();
        for (int turn = 0; turn < CLIENT_BENCHMARKS.size(); turn++) {
          String benchmark = CLIENT_BENCHMARKS.get((turn + round) % CLIENT_BENCHMARKS.size());
          results.addAll(
              new Runner(
                      new OptionsBuilder()
                          .parent(options)
                          .include(ClientBenchmark.class.getName() + "\\." + benchmark + "$")
                          .build())
                  .run());
        }
        if (round < warmRounds) {
          continue;
        }
        for (RunResult result : results) {
          String name = result.getParams().getBenchmark();
          name = name.substring(name.lastIndexOf('.') + 1);
          double allocation =
              result.getSecondaryResults().containsKey("gc.alloc.rate.norm")
                  ? result.getSecondaryResults().get("gc.alloc.rate.norm").getScore()
                  : Double.NaN;
          byRound
              .computeIfAbsent(name, n -> new ArrayList<>())
              .add(new double[] {result.getPrimaryResult().getScore(), allocation});
        }
      }
      report.client(threads, warmRounds, ClientRounds.of(byRound));
    }
    report.clientCost(ClientCost.run(quick ? 500 : 100_000));
    report.clientThreads(ClientThreads.run(quick ? 20 : 5_000));
  }

  // ---------------------------------------------------------------- kit over a slow network

  private void kitLatency(Report report) {
    List<KitLatency.Result> runs = new ArrayList<>();
    List<Long> delays = quick ? List.of(0L) : List.of(0L, 50L, 120L);
    for (long delay : delays) {
      for (int workers :
          quick
              ? new int[] {ConformanceKit.DEFAULT_WORKERS}
              : new int[] {1, ConformanceKit.DEFAULT_WORKERS}) {
        KitLatency.Result run = KitLatency.run(Duration.ofMillis(delay), workers);
        console.printf(
            "kit at %d ms per answer, %d workers: %.1f s, %d calls, exit %d%n",
            delay, workers, run.wall().toMillis() / 1000.0, run.calls(), run.exit());
        runs.add(run);
      }
    }
    report.kitLatency(runs);
  }

  // ---------------------------------------------------------------- kit and build

  private void kitAndBuild(Report report) throws Exception {
    Path kit = repository.resolve("conformance-tests/target/merchantpay-conformance.jar");
    if (quick) {
      report.kit(null, -1, "not run in a quick run");
    } else if (Files.exists(kit)) {
      Path reports = Files.createTempDirectory("merchantpay-bench-kit");
      try {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Path log = reports.resolve("output.txt");
        long started = System.nanoTime();
        int exit =
            run(
                Path.of("."),
                log,
                Duration.ofMinutes(5),
                java.toString(),
                "-jar",
                kit.toString(),
                "--report-dir",
                reports.resolve("report").toString());
        report.kit(
            Duration.ofNanos(System.nanoTime() - started), exit, lastLine(Files.readString(log)));
      } finally {
        deleteTree(reports);
      }
    } else {
      report.kit(null, -1, "not built: " + kit);
    }
    if (build) {
      Path clone = Files.createTempDirectory("merchantpay-bench-build");
      Path log = Files.createTempFile("merchantpay-bench-build", ".log");
      try {
        int cloned =
            run(
                repository,
                log,
                Duration.ofMinutes(2),
                "git",
                "clone",
                "-q",
                repository.toAbsolutePath().toString(),
                clone.toString());
        if (cloned != 0) {
          throw new IOException("git clone failed: " + Files.readString(log));
        }
        long started = System.nanoTime();
        Duration cpuBefore = ChildrenCpu.used();
        int exit = run(clone, log, Duration.ofMinutes(20), "mvn", "-B", "-ntp", "-q", "verify");
        Duration cpuAfter = ChildrenCpu.used();
        report.build(
            Duration.ofNanos(System.nanoTime() - started),
            exit,
            cpuBefore == null || cpuAfter == null ? null : cpuAfter.minus(cpuBefore),
            Runtime.getRuntime().availableProcessors());
        if (exit != 0) {
          console.println("the build failed; its output: " + log);
        } else {
          Files.delete(log);
        }
      } finally {
        deleteTree(clone);
      }
    }
  }

  /** Runs a command with its output in a file, ending it if it outlives its time. */
  private static int run(Path directory, Path output, Duration limit, String... command)
      throws IOException, InterruptedException {
    Process process =
        new ProcessBuilder(command)
            .directory(directory.toFile())
            .redirectErrorStream(true)
            .redirectOutput(output.toFile())
            .start();
    if (!process.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
      process.descendants().forEach(ProcessHandle::destroyForcibly);
      process.destroyForcibly();
      throw new IOException(String.join(" ", command) + " did not end within " + limit);
    }
    return process.exitValue();
  }

  static void deleteTree(Path root) throws IOException {
    if (!Files.exists(root)) {
      return;
    }
    try (var paths = Files.walk(root)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(path);
      }
    }
  }

  private static String lastLine(String text) {
    List<String> lines = text.lines().filter(line -> !line.isBlank()).toList();
    return lines.isEmpty() ? "" : lines.get(lines.size() - 1).strip();
  }

  // ---------------------------------------------------------------- resilience

  private void soak(Report report) throws Exception {
    Path jar = standaloneSandbox();
    if (jar == null) {
      report.soak(null, "not built: sandbox/target/merchantpay-sandbox-*-standalone.jar");
    } else {
      Duration every = quick ? Duration.ofSeconds(1) : Duration.ofSeconds(30);
      report.soak(Soak.run(jar, soak, every), null);
    }
  }

  private Path standaloneSandbox() throws IOException {
    Path target = repository.resolve("sandbox/target");
    if (!Files.isDirectory(target)) {
      return null;
    }
    try (var files = Files.list(target)) {
      return files
          .filter(f -> f.getFileName().toString().endsWith("-standalone.jar"))
          .findFirst()
          .orElse(null);
    }
  }

  // ---------------------------------------------------------------- machine

  static String machine() {
    String cpu = "unknown CPU";
    String memory = "";
    try {
      for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
        if (line.startsWith("model name")) {
          cpu = line.substring(line.indexOf(':') + 1).strip();
          break;
        }
      }
      for (String line : Files.readAllLines(Path.of("/proc/meminfo"))) {
        if (line.startsWith("MemTotal")) {
          long kb = Long.parseLong(line.replaceAll("[^0-9]", ""));
          memory = String.format(Locale.ROOT, ", %.1f GB memory", kb / 1024.0 / 1024.0);
          break;
        }
      }
    } catch (IOException | RuntimeException e) {
      // not Linux: the JVM's view below still says the essentials
    }
    return cpu
        + ", "
        + Runtime.getRuntime().availableProcessors()
        + " cores"
        + memory
        + ", "
        + System.getProperty("os.name")
        + " "
        + System.getProperty("os.version")
        + ", Java "
        + System.getProperty("java.version")
        + " ("
        + System.getProperty("java.vm.name")
        + "), "
        + ZonedDateTime.now(ZoneOffset.UTC).format(DateTimeFormatter.ISO_LOCAL_DATE);
  }
}
