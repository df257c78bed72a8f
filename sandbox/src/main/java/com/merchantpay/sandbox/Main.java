package com.merchantpay.sandbox;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
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
 * merchantpay-sandbox-<version>-standalone.jar --port 8080}. Launched with no option about the heap
 * or the collector, it runs in a JVM started again with the settings it runs best with ({@link
 * CollectorSettings}).
 */
@Command(
    name = "merchantpay-sandbox",
    mixinStandardHelpOptions = true,
    versionProvider = Main.Version.class,
    description =
        "Runs a stateful Merchant Payment Service sandbox (v2 and v1), on the loopback interface "
            + "unless --host says otherwise, over HTTP and, with --https-port, HTTPS.")
public final class Main implements Callable<Integer> {
  @Option(
      names = "--port",
      description = "Port to listen on; 0 picks a free one (default: ${DEFAULT-VALUE}).")
  int port = 8080;

  @Option(
      names = "--host",
      paramLabel = "ADDRESS",
      description =
          "Address to listen on (default: ${DEFAULT-VALUE}, loopback only); 0.0.0.0 listens on every "
              + "address, for an application in another container or on another host.")
  String host = "127.0.0.1";

  @Option(
      names = "--https-port",
      paramLabel = "PORT",
      description =
          "Serve HTTPS too, on this port (0 picks a free one), with a certificate made at start for "
              + "the names the sandbox is reached by (TLS 1.2 and 1.3 only).")
  Integer httpsPort;

  @Option(
      names = "--tls-name",
      paramLabel = "NAME",
      description =
          "A further name the sandbox is reached by over HTTPS, such as a compose service's "
              + "(repeatable); its certificate holds it.")
  List<String> tlsNames = new ArrayList<>();

  @Option(
      names = "--keystore",
      paramLabel = "FILE",
      description =
          "Serve HTTPS with the key and certificate chain of this key store (PKCS #12, or JKS "
              + "ending in .jks) instead of a certificate made at start.")
  Path keyStore;

  @Option(
      names = "--keystore-password",
      paramLabel = "PASSWORD",
      defaultValue = "${env:MERCHANTPAY_SANDBOX_KEYSTORE_PASSWORD}",
      description = "The key store's password (or MERCHANTPAY_SANDBOX_KEYSTORE_PASSWORD).")
  char[] keyStorePassword;

  @Option(
      names = "--require-client-certificate",
      description =
          "Require every HTTPS caller to present a client certificate: one the sandbox's Java "
              + "API issued, or one of the authorities of --client-ca.")
  boolean requireClientCertificate;

  @Option(
      names = "--client-ca",
      paramLabel = "FILE",
      description =
          "Require a client certificate, and accept those issued by the authorities in this PEM "
              + "file (your own PKI's) beside the sandbox's.")
  Path clientCa;

  @Option(
      names = "--ca-file",
      paramLabel = "FILE",
      description =
          "Write the certificate a client trusts to this file (PEM) once HTTPS is served; it is "
              + "also at GET /_sandbox/tls/certificate.")
  Path caFile;

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
              + "with EFFECT one of delay=PT2S, failBefore=503, failBefore=429,retryAfter=PT1S, "
              + "failAfter=502, dropAfter, stall=PT30S, truncate (as Fault's builder and the control "
              + "API name them) and OPTION once, times=N, nth=N, rate=0.3, seed=42; "
              + "OPERATION is a v2 operation id, a v1 operation name, either with its interface "
              + "(v1:getPayment, needed for getPayment, cancelPayment and listRefunds) or *.")
  List<String> faults = new ArrayList<>();

  private final CountDownLatch stopped = new CountDownLatch(1);

  private Main() {}

  /** Starts the sandbox from the command line and blocks until the process is stopped. */
  public static void main(String[] args) {
    List<String> jvmOptions = ManagementFactory.getRuntimeMXBean().getInputArguments();
    if (launchedFromItsJar() && CollectorSettings.relaunch(jvmOptions, args)) {
      try {
        System.exit(
            CollectorSettings.run(
                CollectorSettings.command(
                    System.getProperty("java.home"),
                    jvmOptions,
                    System.getProperty("java.class.path"),
                    Main.class.getName(),
                    args)));
      } catch (IOException | IllegalArgumentException e) {
        // No JVM to start (a runtime without bin/java, an argument the platform cannot pass on):
        // the sandbox runs in this one, with the settings it has.
        System.err.println(
            "merchantpay-sandbox: runs without "
                + String.join(" ", CollectorSettings.OPTIONS)
                + ", as no JVM could be started with them: "
                + e.getMessage());
      } catch (InterruptedException e) {
        System.exit(1);
      }
    }
    String launcher = System.getProperty(CollectorSettings.LAUNCHER);
    if (launcher != null) {
      CollectorSettings.endWithLauncher(launcher);
    }
    int exit = new CommandLine(new Main()).execute(args);
    if (exit != 0) {
      System.exit(exit);
    }
  }

  @Override
  public Integer call() throws InterruptedException {
    long startedAt = System.nanoTime();
    Sandbox.Builder builder = Sandbox.builder().port(port).host(host);
    if (httpsPort != null) {
      builder.https(httpsPort);
      tlsNames.forEach(builder::tlsNames);
      if (keyStore != null) {
        builder.tlsKeyStore(keyStore, keyStorePassword);
      }
      if (requireClientCertificate) {
        builder.requireClientCertificate();
      }
      if (clientCa != null) {
        builder.acceptClientCertificatesOf(clientCa);
      }
    } else if (!tlsNames.isEmpty()
        || keyStore != null
        || requireClientCertificate
        || clientCa != null
        || caFile != null) {
      throw new CommandLine.ParameterException(
          new CommandLine(this),
          "--tls-name, --keystore, --require-client-certificate, --client-ca and --ca-file need "
              + "--https-port");
    }
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
    } catch (IllegalArgumentException e) {
      System.err.println("merchantpay-sandbox: " + e.getMessage());
      return 2;
    } catch (UncheckedIOException e) {
      // The message names the address and port that could not be bound, HTTP's or HTTPS's.
      System.err.println(
          "merchantpay-sandbox: " + e.getMessage() + ": " + e.getCause().getMessage());
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
    if (sandbox.httpsBaseUrl().isPresent()) {
      String https = sandbox.httpsBaseUrl().get().toString();
      out.println(
          "  HTTPS: "
              + https
              + " (v2 "
              + https
              + "/api/v2, v1 "
              + https
              + "/api/v1)"
              + (sandbox.tls().clientCertificateRequired()
                  ? ", a client certificate required"
                  : ""));
      if (caFile != null) {
        try {
          writeWhole(caFile, sandbox.tls().trustedCertificatePem());
        } catch (IOException e) {
          System.err.println("merchantpay-sandbox: cannot write " + caFile + ": " + e.getMessage());
          sandbox.stop();
          return 1;
        }
        out.println("  trust the certificate in " + caFile.toAbsolutePath());
      } else {
        out.println(
            "  trust the certificate at "
                + sandbox.baseUrl()
                + "/_sandbox/tls/certificate (or write it to a file with --ca-file)");
      }
    }
    if (System.getProperty(CollectorSettings.LAUNCHER) != null) {
      out.println(
          "  collector: "
              + String.join(" ", CollectorSettings.OPTIONS)
              + " (the sandbox's own; any heap or collector option of yours replaces them)");
    }
    out.println(
        fixedClock != null
            ? "  clock fixed at " + sandbox.now() + "; move it with POST /_sandbox/clock/advance"
            : "  clock running; pending work settles by itself");
    stopped.await();
    return 0;
  }

  /**
   * Whether this JVM runs the standalone jar itself ({@code java -jar}, or the jar alone on the
   * class path), so a JVM started with the same class path runs the sandbox too; not when the class
   * runs inside another program's JVM (a build tool's, say).
   */
  private static boolean launchedFromItsJar() {
    try {
      Path jar = Path.of(Main.class.getProtectionDomain().getCodeSource().getLocation().toURI());
      return Files.isRegularFile(jar)
          && Files.isSameFile(jar, Path.of(System.getProperty("java.class.path")));
    } catch (IOException | RuntimeException | java.net.URISyntaxException e) {
      return false;
    }
  }

  /**
   * Writes a file so that a reader polling for it (a compose service waiting for the CA) sees it
   * whole or not at all.
   */
  private static void writeWhole(Path file, String text) throws IOException {
    Path absolute = file.toAbsolutePath();
    Path partial = Files.createTempFile(absolute.getParent(), ".merchantpay-ca", ".partial");
    try {
      Files.writeString(partial, text);
      Files.move(
          partial, absolute, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } finally {
      Files.deleteIfExists(partial);
    }
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
