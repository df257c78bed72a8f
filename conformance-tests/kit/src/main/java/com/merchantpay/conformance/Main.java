package com.merchantpay.conformance;

import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The kit's command line: {@code java -jar merchantpay-conformance.jar [--base-url URL ...]}. Exits 0 when
 * every check passed (or was skipped or accepted), 1 when any failed, 2 on bad usage. Secrets may come from
 * environment variables so they stay out of shell history.
 */
@Command(name = "merchantpay-conformance", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
    sortOptions = false, usageHelpAutoWidth = true,
    description = {"Checks an implementation of the Merchant Payment Service (v2 and v1) against the service "
        + "documents and the OpenAPI specs. Without --base-url it starts the embedded sandbox and checks that."},
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:every check passed, was skipped or is an accepted deviation", "1:a check failed",
        "2:bad usage (an unknown option, an unreadable profile, no target)"})
public final class Main implements Callable<Integer> {
  @Option(names = "--base-url", paramLabel = "URL", defaultValue = "${env:MERCHANTPAY_BASE_URL}",
      description = "The implementation to check (env MERCHANTPAY_BASE_URL); none: the embedded sandbox.")
  URI baseUrl;

  @Option(names = "--token", paramLabel = "TOKEN", defaultValue = "${env:MERCHANTPAY_TOKEN}",
      description = "v2 bearer token (env MERCHANTPAY_TOKEN).")
  String token;

  @Option(names = "--merchant", paramLabel = "ID", defaultValue = "${env:MERCHANTPAY_MERCHANT}",
      description = "The merchant the token acts for (env MERCHANTPAY_MERCHANT).")
  String merchant;

  @Option(names = "--other-token", paramLabel = "TOKEN", defaultValue = "${env:MERCHANTPAY_OTHER_TOKEN}",
      description = "A second merchant's token, for the checks that merchants stay apart (env MERCHANTPAY_OTHER_TOKEN).")
  String otherToken;

  @Option(names = "--other-merchant", paramLabel = "ID", defaultValue = "${env:MERCHANTPAY_OTHER_MERCHANT}",
      description = "The second merchant (env MERCHANTPAY_OTHER_MERCHANT).")
  String otherMerchant;

  @Option(names = "--v1-login", paramLabel = "LOGIN", defaultValue = "${env:MERCHANTPAY_V1_LOGIN}",
      description = "v1 user with the Accountant role (env MERCHANTPAY_V1_LOGIN).")
  String v1Login;

  @Option(names = "--v1-password", paramLabel = "PASSWORD", defaultValue = "${env:MERCHANTPAY_V1_PASSWORD}",
      description = "Its password, used only to sign (env MERCHANTPAY_V1_PASSWORD).")
  String v1Password;

  @Option(names = "--v1-cashier-login", paramLabel = "LOGIN", defaultValue = "${env:MERCHANTPAY_V1_CASHIER_LOGIN}",
      description = "v1 user with only the Cashier role, for the role checks (env MERCHANTPAY_V1_CASHIER_LOGIN).")
  String v1CashierLogin;

  @Option(names = "--v1-cashier-password", paramLabel = "PASSWORD",
      defaultValue = "${env:MERCHANTPAY_V1_CASHIER_PASSWORD}",
      description = "Its password (env MERCHANTPAY_V1_CASHIER_PASSWORD).")
  String v1CashierPassword;

  @Option(names = "--profile", paramLabel = "FILE",
      description = "Test data of the target (JSON, see the README); default: the sandbox's, built in.")
  Path profile;

  @Option(names = "--include-tags", paramLabel = "TAG", split = ",",
      description = "Run only checks with one of these tags, ids or id prefixes (v2, v1, idempotency, callbacks, "
          + "negative, pagination, decision, ...).")
  List<String> includeTags = new ArrayList<>();

  @Option(names = "--exclude-tags", paramLabel = "TAG", split = ",",
      description = "Leave out checks with any of these tags, ids or id prefixes.")
  List<String> excludeTags = new ArrayList<>();

  @Option(names = "--baseline", paramLabel = "FILE",
      description = "Accepted deviations: one check id per line; they are listed, not failed.")
  Path baseline;

  @Option(names = "--report-dir", paramLabel = "DIR", defaultValue = "merchantpay-conformance-report",
      description = "Where the JSON, JUnit XML and HTML reports go (default: ${DEFAULT-VALUE}).")
  Path reportDir;

  @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "30",
      description = "How long one call may take (default: ${DEFAULT-VALUE}).")
  int timeoutSeconds;

  @Option(names = "--list", description = "List the checks the options select, and exit.")
  boolean list;

  private final PrintStream out;

  Main(PrintStream out) {
    this.out = out;
  }

  public static void main(String[] args) {
    System.exit(execute(System.out, System.err, args));
  }

  /** Runs the command line and returns its exit code, printing to the given streams. */
  public static int execute(PrintStream out, PrintStream err, String... args) {
    CommandLine line = new CommandLine(new Main(out));
    line.setOut(new java.io.PrintWriter(out, true));
    line.setErr(new java.io.PrintWriter(err, true));
    line.setExecutionExceptionHandler((e, cmd, parsed) -> {
      if (e instanceof IllegalArgumentException || e instanceof IllegalStateException) {
        err.println("merchantpay-conformance: " + e.getMessage());
        return 2;
      }
      throw e;
    });
    return line.execute(args);
  }

  @Override
  public Integer call() {
    if (timeoutSeconds < 1) {
      throw new IllegalArgumentException("--timeout must be at least 1 second");
    }
    ConformanceKit.Builder builder = ConformanceKit.builder()
        .includeTags(includeTags)
        .excludeTags(excludeTags)
        .timeout(Duration.ofSeconds(timeoutSeconds));
    if (baseUrl != null) {
      builder.target(Target.builder(baseUrl)
          .bearerToken(token, merchant)
          .otherMerchant(otherToken, otherMerchant)
          .v1Accountant(v1Login, v1Password)
          .v1Cashier(v1CashierLogin, v1CashierPassword)
          .build());
    }
    if (profile != null) {
      builder.profile(Profile.load(profile));
    }
    if (baseline != null) {
      builder.baseline(baseline);
    }
    ConformanceKit kit = builder.build();
    List<String> ids = kit.checkIds();
    if (ids.isEmpty()) {
      throw new IllegalArgumentException("the tags select no check; tags include v2, v1, operations, lifecycle, auth, "
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
      return new String[] {"merchantpay-conformance " + (version == null ? "(development build)" : version)};
    }
  }
}
