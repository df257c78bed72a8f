package com.merchantpay.conformance.cli;

import com.merchantpay.conformance.EmbeddedImplementation;
import com.merchantpay.conformance.TargetOptions;
import com.merchantpay.conformance.target.Profile;
import com.merchantpay.conformance.target.Target;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code pact}: verifies a provider against the pacts of our clients. */
@Command(
    name = "pact",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Verifies an implementation against the Pact contracts of the v2 and v1 clients "
          + "(every operation and the main errors), or against any consumer's pacts (--pacts). "
          + "Without --base-url it verifies the embedded sandbox."
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:every interaction verified", "1:an interaction failed", "2:bad usage"})
final class PactCommand implements Callable<Integer> {
  @Mixin TargetOptions target = new TargetOptions();

  @Option(
      names = "--state-change-url",
      paramLabel = "URL",
      description =
          "Where the provider makes provider states itself (POST {\"state\", \"params\", \"action\"}); "
              + "default: the kit makes them through the provider's own v2 and v1 interfaces with the profile's data.")
  URI stateChangeUrl;

  @Option(
      names = "--pacts",
      paramLabel = "DIR",
      description =
          "Pact files (V3 or V4, any consumer, any provider name) to verify instead of the packaged "
              + "ones; their provider states must be of the kit's vocabulary (--list-states).")
  Path pacts;

  @Option(
      names = "--as-recorded",
      description =
          "Send each request as the pact and its provider states make it, as the verifier of any "
              + "Pact implementation would, instead of giving it the target's credentials, merchant, "
              + "cards, keys and v1 signatures: checks that the pacts need no request filter.")
  boolean asRecorded;

  @Option(
      names = "--allow-plugins",
      description =
          "Let Pact start the plugins a consumer's pact names, downloading them first when they are "
              + "not installed: code of the pact's choosing runs here. Without it such a pact is "
              + "refused. Only for pacts whose author you trust.")
  boolean allowPlugins;

  @Option(
      names = "--timeout",
      paramLabel = "SECONDS",
      description = "How long one call to the provider may take, its whole answer included (10).")
  int timeoutSeconds = 10;

  @Option(
      names = "--budget",
      paramLabel = "SECONDS",
      description =
          "How long the whole verification may take (600); when it is spent, the interaction under "
              + "way fails and the verification ends.")
  int budgetSeconds = 600;

  @Option(
      names = "--list-states",
      description = "Print every provider state the kit can make, with its parameters, and exit.")
  boolean listStates;

  private final PrintStream out;

  PactCommand(PrintStream out) {
    this.out = out;
  }

  @Override
  public Integer call() throws Exception {
    if (listStates) {
      out.print(StateVocabulary.describe());
      return 0;
    }
    if (pacts != null && !Files.isDirectory(pacts)) {
      throw new IllegalArgumentException("--pacts: no such directory: " + pacts);
    }
    if (timeoutSeconds < 1 || budgetSeconds < 1) {
      throw new IllegalArgumentException("--timeout and --budget take a number of seconds above 0");
    }
    PactVerification.Options options =
        PactVerification.Options.defaults()
            .withPacts(pacts)
            .withStateChangeUrl(stateChangeUrl)
            .asRecorded(asRecorded)
            .pluginsAllowed(allowPlugins)
            .withTimeout(Duration.ofSeconds(timeoutSeconds))
            .withBudget(Duration.ofSeconds(budgetSeconds));
    Target chosen = target.target();
    Profile profile = target.profile();
    if (chosen != null) {
      return PactVerification.verify(
              chosen, profile == null ? Profile.sandbox() : profile, options, out)
          .exitCode();
    }
    try (EmbeddedImplementation.Started embedded = new EmbeddedSandbox().start()) {
      return PactVerification.verify(
              embedded.target(), profile == null ? embedded.profile() : profile, options, out)
          .exitCode();
    }
  }
}
