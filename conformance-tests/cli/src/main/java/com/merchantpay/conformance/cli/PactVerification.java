package com.merchantpay.conformance.cli;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import au.com.dius.pact.provider.junit5.PactVerificationContext;
import com.merchantpay.conformance.Masked;
import com.merchantpay.conformance.judge.PactScreen;
import com.merchantpay.conformance.target.Profile;
import com.merchantpay.conformance.target.Target;
import com.merchantpay.masking.Printable;
import com.merchantpay.pacts.PactFiles;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.discovery.ClassSelector;
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
   * How a verification runs.
   *
   * @param pacts pact files of any consumer to use instead of the ones packaged with the kit, or
   *     null
   * @param stateChangeUrl where the provider makes provider states itself, or null to make them
   *     through its API
   * @param asRecorded send each request as the pact and its provider states make it, as any Pact
   *     implementation's verifier would, instead of giving it the target's credentials and test
   *     data
   * @param pluginsAllowed let Pact start the plugins a consumer's pact names (and download them
   *     first): only for pacts whose author is trusted
   * @param timeout how long one call to the provider may take, its whole answer included
   * @param budget how long the whole verification may take
   */
  public record Options(
      Path pacts,
      URI stateChangeUrl,
      boolean asRecorded,
      boolean pluginsAllowed,
      Duration timeout,
      Duration budget) {
    /** The kit's own pacts, states made through the provider's API, 10 s a call, 600 s in all. */
    public static Options defaults() {
      return new Options(null, null, false, false, Duration.ofSeconds(10), Duration.ofSeconds(600));
    }

    public Options withPacts(Path dir) {
      return new Options(dir, stateChangeUrl, asRecorded, pluginsAllowed, timeout, budget);
    }

    public Options withStateChangeUrl(URI url) {
      return new Options(pacts, url, asRecorded, pluginsAllowed, timeout, budget);
    }

    public Options asRecorded(boolean recorded) {
      return new Options(pacts, stateChangeUrl, recorded, pluginsAllowed, timeout, budget);
    }

    public Options pluginsAllowed(boolean allowed) {
      return new Options(pacts, stateChangeUrl, asRecorded, allowed, timeout, budget);
    }

    public Options withTimeout(Duration perCall) {
      return new Options(pacts, stateChangeUrl, asRecorded, pluginsAllowed, perCall, budget);
    }

    public Options withBudget(Duration whole) {
      return new Options(pacts, stateChangeUrl, asRecorded, pluginsAllowed, timeout, whole);
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
    return verify(
        target,
        profile,
        Options.defaults().withPacts(pactsDir).withStateChangeUrl(stateChangeUrl),
        out);
  }

  /**
   * Verifies the provider. A consumer's pacts are screened first ({@link PactScreen}): one that
   * declares a DTD, needs a plugin not allowed, or asks for a huge generated value or repetition is
   * refused before Pact reads it. While Pact runs, no XML parser of this JVM fetches an external
   * DTD or entity. When the budget is spent, the interaction under way is reported as failed and
   * the verification ends.
   *
   * @throws IllegalArgumentException naming what makes a pact unusable, or a missing credential
   */
  public static synchronized Result verify(
      Target target, Profile profile, Options options, PrintStream out) throws IOException {
    Path extracted = Files.createTempDirectory("merchantpay-pacts");
    Path dir = extracted;
    List<ClassSelector> selectors;
    try {
      if (options.pacts() != null) {
        PactsByInterface.sort(options.pacts(), extracted, options.pluginsAllowed(), out);
      } else {
        PactFiles.extractTo(extracted);
      }
      selectors = selectors(dir);
      // The kit gives each request the target's credentials unless it sends them as recorded,
      // whoever makes the provider states.
      if (!options.asRecorded()) {
        requireCredentials(target, selectors, options.stateChangeUrl() != null);
      }
    } catch (IOException | RuntimeException e) {
      deleteTree(extracted);
      throw e;
    }
    Map<String, String> previous = new LinkedHashMap<>();
    Map<String, String> properties = new LinkedHashMap<>(NO_EXTERNAL_XML);
    properties.put(PACTS_DIR, dir.toAbsolutePath().toString());
    properties.put("pact_do_not_track", "true");
    properties.forEach((name, value) -> previous.put(name, System.setProperty(name, value)));
    Verification.begin(
        new Verification(
            target, profile, options.stateChangeUrl(), options.asRecorded(), options.timeout()));
    try {
      out.println(
          "merchantpay-conformance pact: verifying "
              + target.baseUrl()
              + " against the pacts in "
              + (options.pacts() != null ? options.pacts() : "the kit")
              + (options.stateChangeUrl() == null
                  ? " (provider states made through its own API)"
                  : " (provider states made by " + options.stateChangeUrl() + ")")
              + (options.asRecorded() ? ", requests as recorded" : ""));
      Result result = run(selectors, options.budget(), out);
      out.printf(
          "Pact verification: %d interactions verified, %d failed%n",
          result.passed(), result.failed());
      return result;
    } finally {
      Verification.end();
      deleteTree(extracted);
      previous.forEach(
          (name, value) -> {
            if (value == null) {
              System.clearProperty(name);
            } else {
              System.setProperty(name, value);
            }
          });
    }
  }

  /**
   * The JDK's XML parsers, which Pact's XML matching uses, fetch no external DTD, entity or schema
   * while these are set: a second line behind {@link PactScreen}.
   */
  private static final Map<String, String> NO_EXTERNAL_XML =
      Map.of(
          "javax.xml.accessExternalDTD", "",
          "javax.xml.accessExternalSchema", "",
          "javax.xml.accessExternalStylesheet", "");

  /**
   * Runs the interactions on a thread of their own, so that the budget holds whatever one of them
   * does (a provider that trickles, a regular expression that backtracks without end).
   */
  private static Result run(List<ClassSelector> selectors, Duration budget, PrintStream out) {
    AtomicInteger passed = new AtomicInteger();
    AtomicInteger failed = new AtomicInteger();
    AtomicReference<String> running = new AtomicReference<>();
    AtomicBoolean over = new AtomicBoolean();
    LauncherDiscoveryRequest request =
        LauncherDiscoveryRequestBuilder.request()
            .selectors(selectors)
            .configurationParameter("junit.jupiter.extensions.autodetection.enabled", "false")
            // An interaction's provider states and its request must run on one thread, one
            // interaction after another: a build whose junit-platform.properties runs tests in
            // parallel would otherwise hand one interaction's state values to another's request.
            .configurationParameter("junit.jupiter.execution.parallel.enabled", "false")
            .build();
    TestExecutionListener listener =
        new TestExecutionListener() {
          @Override
          public void executionStarted(TestIdentifier test) {
            if (test.isTest()) {
              running.set(test.getDisplayName());
            }
          }

          @Override
          public void executionFinished(TestIdentifier test, TestExecutionResult result) {
            synchronized (over) {
              if (over.get()) {
                return;
              }
              String name = Printable.text(test.getDisplayName());
              if (!test.isTest()) {
                if (result.getStatus() != TestExecutionResult.Status.SUCCESSFUL) {
                  failed.incrementAndGet();
                  out.println("  FAIL  " + name + ": " + indent(message(result)));
                }
                return;
              }
              if (result.getStatus() == TestExecutionResult.Status.SUCCESSFUL) {
                passed.incrementAndGet();
                out.println("  PASS  " + name);
              } else {
                failed.incrementAndGet();
                out.println("  FAIL  " + name);
                out.println("        " + indent(message(result)));
              }
            }
          }
        };
    Thread verifier =
        new Thread(
            () -> LauncherFactory.create().execute(request, listener), "merchantpay-pact-verifier");
    verifier.setDaemon(true);
    verifier.start();
    try {
      verifier.join(budget.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    if (!verifier.isAlive()) {
      return new Result(passed.get(), failed.get());
    }
    synchronized (over) {
      over.set(true);
      verifier.interrupt();
      failed.incrementAndGet();
      String name = running.get();
      out.println(
          "  FAIL  "
              + (name == null ? "the verification" : Printable.text(name))
              + ": the budget of "
              + budget.toSeconds()
              + " s is spent; the interactions not yet verified are not counted");
      return new Result(passed.get(), failed.get());
    }
  }

  private static String indent(String text) {
    return text.replace("\n", "\n        ");
  }

  /**
   * The requests carry the target's credentials, and provider states the kit makes go through the
   * provider's own interfaces: without them every interaction would fail alike, so the run does not
   * start.
   *
   * @param statesByTheProvider whether --state-change-url was given
   * @throws IllegalArgumentException naming the options an interface with pacts needs
   */
  private static void requireCredentials(
      Target target, List<ClassSelector> selectors, boolean statesByTheProvider) {
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
          "the requests carry the target's credentials"
              + (statesByTheProvider
                  ? ""
                  : ", and the provider states are made through the provider's own interfaces")
              + ": give "
              + String.join(" and ", missing)
              + (statesByTheProvider
                  ? "; or --as-recorded, to send each request as the pact and the provider's"
                      + " states make it"
                  : ""));
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
    return Printable.text(Masked.text(text.toString()));
  }
}
