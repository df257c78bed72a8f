package com.merchantpay.sandbox;

import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Runs the sandbox as a standalone process until it is stopped (Ctrl+C): {@code java -jar
 * merchantpay-sandbox-<version>-standalone.jar --port 8080}.
 */
@Command(
    name = "merchantpay-sandbox",
    mixinStandardHelpOptions = true,
    versionProvider = Main.Version.class,
    description =
        "Runs a stateful Merchant Payment Service sandbox (v2 and v1) on the loopback interface.")
public final class Main implements Callable<Integer> {
  @Option(
      names = "--port",
      description = "Port to listen on; 0 picks a free one (default: ${DEFAULT-VALUE}).")
  int port = 8080;

  @Option(
      names = "--fixed-clock",
      paramLabel = "INSTANT",
      description = "Start the clock at this ISO instant and move it only through the control API.")
  Instant fixedClock;

  @Option(names = "--seed", description = "Seed for generated identifiers, so runs repeat exactly.")
  Long seed;

  @Option(
      names = "--merchant",
      paramLabel = "ID",
      description = "A merchant id (repeatable; the first is the default).")
  List<String> merchants = new ArrayList<>();

  @Option(
      names = "--token",
      paramLabel = "TOKEN=MERCHANT",
      description = "A bearer token and its merchant (repeatable).")
  List<String> tokens = new ArrayList<>();

  @Option(
      names = "--v1-login",
      paramLabel = "LOGIN:PASSWORD:MERCHANT:ROLES",
      description =
          "A v1 user, ROLES being Cashier and/or Accountant joined by commas (repeatable).")
  List<String> logins = new ArrayList<>();

  @Option(
      names = "--receipt-list-as-array",
      description =
          "Answer the receipt list as a bare JSON array (the other reading of an open point).")
  boolean receiptListAsArray;

  @Option(
      names = "--max-resources",
      paramLabel = "N",
      description =
          "Most payments (and as many refunds, tokens, receipts, stickers) kept; the oldest finished "
              + "go first (default: ${DEFAULT-VALUE}).")
  int maxResources = 25_000;

  @Option(
      names = "--max-age",
      paramLabel = "DURATION",
      description =
          "How long a finished resource is kept after its last change, in sandbox time, as ISO 8601 "
              + "(default: ${DEFAULT-VALUE}).")
  Duration maxAge = Duration.ofDays(7);

  @Option(
      names = "--fault",
      paramLabel = "RULE",
      description =
          "A fault rule in force from the start (repeatable): OPERATION[@MERCHANT],EFFECT[,OPTION...] "
              + "with EFFECT one of delay=PT2S, before=503, before=429,retry-after=PT1S, after=502, "
              + "drop-after, stall=PT30S, truncate and OPTION once, times=N, nth=N, rate=0.3, seed=42; "
              + "OPERATION is a v2 operation id, a v1 operation name or *.")
  List<String> faults = new ArrayList<>();

  private final CountDownLatch stopped = new CountDownLatch(1);

  private Main() {}

  /** Starts the sandbox from the command line and blocks until the process is stopped. */
  public static void main(String[] args) {
    int exit = new CommandLine(new Main()).execute(args);
    if (exit != 0) {
      System.exit(exit);
    }
  }

  @Override
  public Integer call() throws InterruptedException {
    long startedAt = System.nanoTime();
    Sandbox.Builder builder = Sandbox.builder().port(port);
    if (fixedClock != null) {
      builder.fixedClock(fixedClock);
    }
    if (seed != null) {
      builder.seed(seed);
    }
    merchants.forEach(builder::merchant);
    builder.receiptListAsArray(receiptListAsArray);
    try {
      builder.retention(maxResources, maxAge);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(new CommandLine(this), e.getMessage());
    }
    for (String fault : faults) {
      try {
        builder.fault(Fault.parse(fault));
      } catch (IllegalArgumentException e) {
        throw new CommandLine.ParameterException(new CommandLine(this), e.getMessage());
      }
    }
    for (String token : tokens) {
      int eq = token.indexOf('=');
      if (eq <= 0 || eq == token.length() - 1) {
        throw new CommandLine.ParameterException(
            new CommandLine(this), "--token needs TOKEN=MERCHANT");
      }
      builder.bearerToken(token.substring(0, eq), token.substring(eq + 1));
    }
    for (String login : logins) {
      String[] parts = login.split(":", 4);
      if (parts.length != 4) {
        throw new CommandLine.ParameterException(
            new CommandLine(this), "--v1-login needs LOGIN:PASSWORD:MERCHANT:ROLES");
      }
      builder.v1Login(parts[0], parts[1], parts[2], roles(parts[3]).toArray(new Sandbox.Role[0]));
    }
    Sandbox sandbox;
    try {
      sandbox = builder.start();
    } catch (UncheckedIOException e) {
      System.err.println(
          "merchantpay-sandbox: cannot listen on port " + port + ": " + e.getCause().getMessage());
      return 1;
    }
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  sandbox.stop();
                  stopped.countDown();
                },
                "merchantpay-sandbox-shutdown"));
    long millis = (System.nanoTime() - startedAt) / 1_000_000;
    PrintWriter out = new PrintWriter(System.out, true);
    out.println(
        "Merchant Payment Service sandbox listening on "
            + sandbox.baseUrl()
            + " (started in "
            + millis
            + " ms)");
    out.println(
        "  v2: "
            + sandbox.baseUrl()
            + "/api/v2   v1: "
            + sandbox.baseUrl()
            + "/api/v1   control: "
            + sandbox.baseUrl()
            + "/_sandbox");
    sandbox
        .merchants()
        .forEach(
            m ->
                out.println(
                    "  merchant "
                        + m.id()
                        + " (v1 SiteID "
                        + m.siteId()
                        + ", accountID "
                        + m.accountId()
                        + ")"));
    sandbox
        .bearerTokens()
        .forEach((token, merchant) -> out.println("  bearer token " + token + " -> " + merchant));
    sandbox
        .v1Logins()
        .forEach(
            l ->
                out.println(
                    "  v1 login "
                        + l.login()
                        + " "
                        + l.roles()
                        + " -> "
                        + l.merchantId()
                        + (l.password().equals(Sandbox.DEFAULT_PASSWORD)
                            ? " (default password, see README)"
                            : "")));
    out.println(
        fixedClock != null
            ? "  clock fixed at " + sandbox.now() + "; move it with POST /_sandbox/clock/advance"
            : "  clock running; pending work settles by itself");
    stopped.await();
    return 0;
  }

  private static Set<Sandbox.Role> roles(String text) {
    Set<Sandbox.Role> roles = EnumSet.noneOf(Sandbox.Role.class);
    for (String role : text.split(",")) {
      if (!role.isBlank()) {
        roles.add(Sandbox.Role.valueOf(role.trim().toUpperCase(Locale.ROOT)));
      }
    }
    return roles;
  }

  /** Reads the version from the jar manifest. */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      String version = Main.class.getPackage().getImplementationVersion();
      return new String[] {
        "merchantpay-sandbox " + (version == null ? "(development build)" : version)
      };
    }
  }
}
