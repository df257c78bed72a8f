package com.merchantpay.conformance.cli;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import au.com.dius.pact.provider.junit5.PactVerificationContext;
import com.merchantpay.conformance.internal.Redaction;
import com.merchantpay.conformance.target.Profile;
import com.merchantpay.conformance.target.Target;
import com.merchantpay.pacts.PactFiles;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.discovery.ClassSelector;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * Verifies a provider against the pacts of our two clients, or of any consumer, with Pact JVM's own
 * verifier: every interaction is replayed after its provider state (one of the {@link
 * StateVocabulary}) was made, and the answer matched against the contract. Prints one line per
 * interaction and the mismatches of those that fail.
 */
public final class PactVerification {
  static final String PACTS_DIR = "merchantpay.pacts.dir";

  private PactVerification() {}

  /** The result: interactions verified and failed. */
  public record Result(int passed, int failed) {
    public int exitCode() {
      return failed == 0 && passed > 0 ? 0 : 1;
    }
  }

  /**
   * Verifies the provider.
   *
   * @param pactsDir pact files of any consumer to use instead of the ones packaged with the kit, or
   *     null
   * @param stateChangeUrl where the provider makes provider states itself, or null to make them
   *     through its API
   */
  public static Result verify(
      Target target, Profile profile, Path pactsDir, URI stateChangeUrl, PrintStream out)
      throws IOException {
    return verify(target, profile, pactsDir, stateChangeUrl, false, out);
  }

  /**
   * Verifies the provider.
   *
   * @param asRecorded send each request as the pact and its provider states make it, as any Pact
   *     implementation's verifier would, instead of giving it the target's credentials and test
   *     data
   */
  public static synchronized Result verify(
      Target target,
      Profile profile,
      Path pactsDir,
      URI stateChangeUrl,
      boolean asRecorded,
      PrintStream out)
      throws IOException {
    Path extracted = Files.createTempDirectory("merchantpay-pacts");
    Path dir = extracted;
    List<ClassSelector> selectors;
    try {
      if (pactsDir != null) {
        PactsByInterface.sort(pactsDir, extracted, out);
      } else {
        PactFiles.extractTo(extracted);
      }
      selectors = selectors(dir);
      if (stateChangeUrl == null) {
        requireCredentials(target, selectors);
      }
    } catch (IOException | RuntimeException e) {
      deleteTree(extracted);
      throw e;
    }
    String previousDir = System.getProperty(PACTS_DIR);
    System.setProperty(PACTS_DIR, dir.toAbsolutePath().toString());
    System.setProperty("pact_do_not_track", "true");
    Verification.begin(new Verification(target, profile, stateChangeUrl, asRecorded));
    AtomicInteger passed = new AtomicInteger();
    AtomicInteger failed = new AtomicInteger();
    try {
      out.println(
          "merchantpay-conformance pact: verifying "
              + target.baseUrl()
              + " against the pacts in "
              + (pactsDir != null ? pactsDir : "the kit")
              + (stateChangeUrl == null
                  ? " (provider states made through its own API)"
                  : " (provider states made by " + stateChangeUrl + ")")
              + (asRecorded ? ", requests as recorded" : ""));
      LauncherDiscoveryRequest request =
          LauncherDiscoveryRequestBuilder.request()
              .selectors(selectors)
              .configurationParameter("junit.jupiter.extensions.autodetection.enabled", "false")
              // An interaction's provider states and its request must run on one thread, one
              // interaction after another: a build whose junit-platform.properties runs tests in
              // parallel would otherwise hand one interaction's state values to another's request.
              .configurationParameter("junit.jupiter.execution.parallel.enabled", "false")
              .build();
      Launcher launcher = LauncherFactory.create();
      launcher.execute(
          request,
          new TestExecutionListener() {
            @Override
            public void executionFinished(TestIdentifier test, TestExecutionResult result) {
              if (!test.isTest()) {
                if (result.getStatus() != TestExecutionResult.Status.SUCCESSFUL) {
                  failed.incrementAndGet();
                  out.println("  FAIL  " + test.getDisplayName() + ": " + message(result));
                }
                return;
              }
              if (result.getStatus() == TestExecutionResult.Status.SUCCESSFUL) {
                passed.incrementAndGet();
                out.println("  PASS  " + test.getDisplayName());
              } else {
                failed.incrementAndGet();
                out.println("  FAIL  " + test.getDisplayName());
                out.println("        " + message(result).replace("\n", "\n        "));
              }
            }
          });
      out.printf(
          "Pact verification: %d interactions verified, %d failed%n", passed.get(), failed.get());
      return new Result(passed.get(), failed.get());
    } finally {
      Verification.end();
      deleteTree(extracted);
      if (previousDir == null) {
        System.clearProperty(PACTS_DIR);
      } else {
        System.setProperty(PACTS_DIR, previousDir);
      }
    }
  }

  /**
   * Provider states are made through the provider's own interfaces: without credentials every one
   * would fail alike, so the run does not start.
   *
   * @throws IllegalArgumentException naming the options an interface with pacts needs
   */
  private static void requireCredentials(Target target, List<ClassSelector> selectors) {
    List<String> missing = new ArrayList<>();
    boolean v2 = selectors.stream().anyMatch(s -> s.getJavaClass() == V2ProviderContract.class);
    boolean v1 = selectors.stream().anyMatch(s -> s.getJavaClass() == V1ProviderContract.class);
    if (v2 && (target.bearerToken() == null || target.merchantId() == null)) {
      missing.add("--token and --merchant (v2 pacts)");
    }
    if (v1 && (target.v1Login() == null || target.v1Password() == null)) {
      missing.add("--v1-login and --v1-password (v1 pacts)");
    }
    if (!missing.isEmpty()) {
      throw new IllegalArgumentException(
          "the provider states are made through the provider's own interfaces: give "
              + String.join(" and ", missing)
              + ", or --state-change-url where the provider makes them itself");
    }
  }

  /**
   * The verification of each interface that has a pact in the directory: a consumer may use one.
   */
  private static List<ClassSelector> selectors(Path dir) throws IOException {
    List<ClassSelector> selectors = new ArrayList<>();
    try (Stream<Path> files = Files.list(dir)) {
      List<String> names = files.map(f -> f.getFileName().toString()).toList();
      if (names.stream().anyMatch(n -> n.endsWith("-merchantpay-v2.json"))) {
        selectors.add(selectClass(V2ProviderContract.class));
      }
      if (names.stream().anyMatch(n -> n.endsWith("-merchantpay-v1.json"))) {
        selectors.add(selectClass(V1ProviderContract.class));
      }
    }
    return selectors;
  }

  /**
   * Removes the pact files extracted for one run; what cannot be removed is left for the system to
   * clean.
   */
  private static void deleteTree(Path root) {
    try (Stream<Path> paths = Files.walk(root)) {
      paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
    } catch (IOException e) {
      // a temporary directory; nothing depends on its removal
    }
  }

  /**
   * The provider states an interaction names; with none, the values of the last state are
   * forgotten.
   */
  static List<String> states(PactVerificationContext context) {
    List<String> states =
        context.getInteraction().getProviderStates().stream().map(s -> s.getName()).toList();
    if (states.isEmpty()) {
      Verification.forgetStateValues();
    }
    return states;
  }

  /** The failure and what caused it: a failed state change says why only in its causes. */
  private static String message(TestExecutionResult result) {
    StringBuilder text = new StringBuilder();
    Throwable failure = result.getThrowable().orElse(null);
    if (failure == null) {
      return result.getStatus().toString();
    }
    text.append(failure.getClass().getSimpleName()).append(": ").append(failure.getMessage());
    for (Throwable cause = failure.getCause();
        cause != null && cause != cause.getCause();
        cause = cause.getCause()) {
      if (cause.getMessage() != null && !text.toString().contains(cause.getMessage())) {
        text.append("\n  caused by ").append(cause.getMessage());
      }
    }
    return Redaction.text(text.toString());
  }
}
