package com.merchantpay.conformance.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The pacts of our clients verified with the kit's {@code pact} command: the sandbox passes, as
 * often as it is verified; a provider that breaks the contract fails with a message that says
 * where; a provider that only adds members passes.
 */
class PactVerificationTest {
  @RegisterExtension static final SandboxForTheKit sandbox = new SandboxForTheKit();

  record Ran(int exit, String out) {}

  private static Ran pact(MutatingProxy proxy) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    PrintStream stream = new PrintStream(out, true, StandardCharsets.UTF_8);
    List<String> args =
        new ArrayList<>(
            List.of(
                "pact",
                "--base-url",
                (proxy == null ? sandbox.target().baseUrl() : proxy.baseUrl()).toString(),
                "--token",
                sandbox.target().bearerToken(),
                "--merchant",
                sandbox.target().merchantId(),
                "--v1-login",
                sandbox.target().v1Login(),
                "--v1-password",
                sandbox.target().v1Password()));
    int exit = ConformanceCli.execute(stream, stream, args.toArray(new String[0]));
    return new Ran(exit, out.toString(StandardCharsets.UTF_8));
  }

  /**
   * The interactions of the pacts our clients committed, each of which the verification replays.
   */
  private static final int COMMITTED = committedInteractions();

  /** The verification's summary line for exactly those, not for 143 or 430 of them. */
  private static final java.util.regex.Pattern VERIFIED =
      java.util.regex.Pattern.compile("(?<!\\d)" + COMMITTED + " interactions verified, 0 failed");

  private static int committedInteractions() {
    int count = 0;
    for (String pact : com.merchantpay.pacts.PactFiles.names()) {
      try (java.io.InputStream in = com.merchantpay.pacts.PactFiles.open(pact)) {
        count +=
            new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(in)
                .path("interactions")
                .size();
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    }
    if (count == 0) {
      throw new IllegalStateException("the committed pacts hold no interaction");
    }
    return count;
  }

  @Test
  void theSandboxKeepsTheContractEveryTimeItIsVerified() {
    for (int run = 1; run <= 2; run++) {
      Ran ran = pact(null);

      assertThat(ran.exit()).as("run %d: %s", run, ran.out()).isZero();
      assertThat(ran.out()).containsPattern(VERIFIED);
      assertThat(ran.out())
          .contains(
              "PASS  merchantpay-client-v1 - a wrong signature is ErrorCode -7",
              "PASS  merchantpay-client-v2 - the same idempotency key with another body is idempotency_key_violation");
      assertThat(ran.out())
          .doesNotContain(sandbox.target().v1Password(), sandbox.target().bearerToken());
    }
  }

  @Test
  void theCommittedPactsNeedNoRequestFilterWithTheSandboxsOwnProviderStates() {
    for (boolean sandboxStates : List.of(true, false)) {
      List<String> args =
          new ArrayList<>(
              List.of(
                  "pact",
                  "--base-url",
                  sandbox.target().baseUrl().toString(),
                  "--token",
                  sandbox.target().bearerToken(),
                  "--merchant",
                  sandbox.target().merchantId(),
                  "--v1-login",
                  sandbox.target().v1Login(),
                  "--v1-password",
                  sandbox.target().v1Password(),
                  "--as-recorded"));
      if (sandboxStates) {
        args.addAll(
            List.of(
                "--state-change-url",
                sandbox.target().baseUrl() + "/_sandbox/pact/provider-states"));
      }
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      PrintStream stream = new PrintStream(out, true, StandardCharsets.UTF_8);

      int exit = ConformanceCli.execute(stream, stream, args.toArray(new String[0]));

      String printed = out.toString(StandardCharsets.UTF_8);
      assertThat(exit).as(printed).isZero();
      assertThat(printed).contains("requests as recorded").containsPattern(VERIFIED);
    }
  }

  @Test
  void aProviderGivenWithoutCredentialsIsABadUsageNamingTheOptions() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit =
        ConformanceCli.execute(
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8),
            "pact",
            "--base-url",
            sandbox.target().baseUrl().toString());

    assertThat(exit).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8))
        .contains("--token and --merchant (v2 pacts)")
        .contains("--v1-login and --v1-password (v1 pacts)")
        .doesNotContain("--state-change-url")
        .doesNotContain("Exception");
    assertThat(out.toString(StandardCharsets.UTF_8)).doesNotContain("FAIL");
  }

  /**
   * A provider that makes its own states still gets requests with the target's credentials, unless
   * they are sent as recorded: without credentials the run does not start, saying which way on.
   */
  @Test
  void aProviderMakingItsOwnStatesWithoutCredentialsIsStillABadUsageNamingBothWays() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit =
        ConformanceCli.execute(
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8),
            "pact",
            "--base-url",
            sandbox.target().baseUrl().toString(),
            "--state-change-url",
            sandbox.target().baseUrl() + "/_sandbox/pact/provider-states");

    assertThat(exit).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8))
        .contains("--token and --merchant (v2 pacts)")
        .contains("--as-recorded")
        .doesNotContain("Exception");
    assertThat(out.toString(StandardCharsets.UTF_8)).doesNotContain("FAIL", "401");
  }

  @Test
  void aPactsDirectoryWithoutAPactIsRefusedAndLeavesNoTemporaryDirectory(@TempDir Path empty)
      throws Exception {
    Set<Path> before;
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit;
    // Verifications in this JVM take this lock: none makes a directory while this one is watched.
    synchronized (PactVerification.class) {
      before = verifierDirectories();
      exit =
          ConformanceCli.execute(
              new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
              new PrintStream(err, true, StandardCharsets.UTF_8),
              "pact",
              "--pacts",
              empty.toString(),
              "--base-url",
              sandbox.target().baseUrl().toString());
    }

    assertThat(exit).as(err.toString(StandardCharsets.UTF_8)).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains(empty.toString());
    // Another module's tests may be verifying in another JVM: its directory goes when its run ends,
    // a leaked one stays.
    Set<Path> left = new HashSet<>(verifierDirectories());
    left.removeAll(before);
    for (int waited = 0; !left.isEmpty() && waited < 300; waited++) {
      Thread.sleep(100);
      left.retainAll(verifierDirectories());
    }
    assertThat(left).as("temporary directories left by the refused run").isEmpty();
  }

  private static Set<Path> verifierDirectories() throws IOException {
    try (Stream<Path> entries = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
      return entries
          .filter(p -> p.getFileName().toString().startsWith("merchantpay-pacts"))
          .collect(Collectors.toSet());
    }
  }

  @Test
  void theEmbeddedSandboxOverHttpsIsTheDefaultProvider() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int exit =
        ConformanceCli.execute(
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(out, true, StandardCharsets.UTF_8),
            "pact");

    String printed = out.toString(StandardCharsets.UTF_8);
    assertThat(exit).as(printed).isZero();
    assertThat(printed)
        .contains("verifying https://127.0.0.1:")
        .containsPattern("Pact verification: [1-9]\\d* interactions verified, 0 failed");
  }

  @Test
  void aRenamedMemberFailsWithTheMemberNamed() {
    MutatingProxy.Fault renamed =
        Faults.v2Answers(
            json ->
                Faults.objects(
                    json,
                    o -> {
                      if (o.has("amount") && o.has("status")) {
                        o.set("amounts", o.remove("amount"));
                      }
                    }));
    try (MutatingProxy proxy = new MutatingProxy(sandbox.target().baseUrl(), renamed)) {
      Ran ran = pact(proxy);

      assertThat(ran.exit()).isEqualTo(1);
      assertThat(ran.out())
          .contains(
              "FAIL  merchantpay-client-v2 - a payment is read",
              "Actual map is missing the following keys: amount");
    }
  }

  @Test
  void aWrongStatusFailsWithTheStatusNamed() {
    MutatingProxy.Fault created =
        new MutatingProxy.Fault() {
          @Override
          public void answer(MutatingProxy.Call call, MutatingProxy.Answer answer) {
            if (call.method.equals("POST")
                && call.path().equals("/api/v2/stickers")
                && answer.status == 200) {
              answer.status = 201;
            }
          }
        };
    try (MutatingProxy proxy = new MutatingProxy(sandbox.target().baseUrl(), created)) {
      Ran ran = pact(proxy);

      assertThat(ran.exit()).isEqualTo(1);
      assertThat(ran.out())
          .contains(
              "FAIL  merchantpay-client-v2 - a sticker is registered",
              "expected status of 200 but was 201");
    }
  }

  @Test
  void anUncheckedV1SignatureFailsTheRefusalInteraction() {
    try (MutatingProxy proxy =
        new MutatingProxy(sandbox.target().baseUrl(), Faults.v1HashUnchecked())) {
      Ran ran = pact(proxy);

      assertThat(ran.exit()).isEqualTo(1);
      assertThat(ran.out())
          .contains(
              "FAIL  merchantpay-client-v1 - a wrong signature is ErrorCode -7",
              "PASS  merchantpay-client-v1 - a payment is read by its id");
    }
  }

  @Test
  void membersAProviderAddsDoNotBreakTheContract() {
    try (MutatingProxy proxy =
        new MutatingProxy(sandbox.target().baseUrl(), Faults.harmlessVariations())) {
      Ran ran = pact(proxy);

      assertThat(ran.exit()).as(ran.out()).isZero();
    }
  }
}
