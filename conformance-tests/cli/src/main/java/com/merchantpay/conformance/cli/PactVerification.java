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
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * Verifies a provider against the pacts of our two clients with Pact JVM's own verifier: every
 * interaction is replayed after its provider state was made, and the answer matched against the
 * contract. Prints one line per interaction and the mismatches of those that fail.
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
   * @param pactsDir pact files to use instead of the ones packaged with the kit, or null
   * @param stateChangeUrl where the provider makes provider states itself, or null to make them
   *     through its API
   */
  public static synchronized Result verify(
      Target target, Profile profile, Path pactsDir, URI stateChangeUrl, PrintStream out)
      throws IOException {
    Path extracted =
        pactsDir != null
            ? null
            : PactFiles.extractTo(Files.createTempDirectory("merchantpay-pacts"));
    Path dir = pactsDir != null ? pactsDir : extracted;
    String previousDir = System.getProperty(PACTS_DIR);
    System.setProperty(PACTS_DIR, dir.toAbsolutePath().toString());
    System.setProperty("pact_do_not_track", "true");
    Verification.begin(new Verification(target, profile, stateChangeUrl));
    AtomicInteger passed = new AtomicInteger();
    AtomicInteger failed = new AtomicInteger();
    try {
      out.println(
          "merchantpay-conformance pact: verifying "
              + target.baseUrl()
              + " against the pacts in "
              + dir
              + (stateChangeUrl == null
                  ? " (provider states made through its own API)"
                  : " (provider states made by " + stateChangeUrl + ")"));
      LauncherDiscoveryRequest request =
          LauncherDiscoveryRequestBuilder.request()
              .selectors(
                  selectClass(V2ProviderContract.class), selectClass(V1ProviderContract.class))
              .configurationParameter("junit.jupiter.extensions.autodetection.enabled", "false")
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
      if (extracted != null) {
        deleteTree(extracted);
      }
      if (previousDir == null) {
        System.clearProperty(PACTS_DIR);
      } else {
        System.setProperty(PACTS_DIR, previousDir);
      }
    }
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
      Verification.stateValues(Map.of());
    }
    return states;
  }

  private static String message(TestExecutionResult result) {
    String text =
        result
            .getThrowable()
            .map(t -> t.getClass().getSimpleName() + ": " + t.getMessage())
            .orElse(result.getStatus().toString());
    return Redaction.text(text);
  }
}
