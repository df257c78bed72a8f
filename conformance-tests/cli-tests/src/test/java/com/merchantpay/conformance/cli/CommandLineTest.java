package com.merchantpay.conformance.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.merchantpay.conformance.Main;
import com.merchantpay.conformance.judge.SpecModel;
import com.merchantpay.spec.ApiSpec;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command line as a user runs it: the main job, a failing target, the baseline, test data and
 * bad usage.
 */
class CommandLineTest {
  @RegisterExtension static final SandboxForTheKit sandbox = new SandboxForTheKit();

  private static final int V2_OPERATIONS = SpecModel.of(ApiSpec.V2).operations().size();
  private static final int V1_OPERATIONS = SpecModel.of(ApiSpec.V1).operations().size();
  private static final List<String> SECRETS =
      List.of(
          "sandbox-password",
          "sandbox-token",
          "sandbox-other-token",
          "4111111111111111",
          "4000000000002016");

  @TempDir Path dir;

  /** What a run printed and how it ended. */
  record Ran(int exit, String out, String err) {}

  static Ran run(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit =
        Main.execute(
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8),
            args);
    return new Ran(
        exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  @Test
  void theMainJobRunsEveryCheckAgainstTheEmbeddedSandboxWithoutAFailure() throws IOException {
    Ran ran = run("--report-dir", dir.toString());

    assertThat(ran.exit()).as(ran.out()).isZero();
    assertThat(ran.out())
        .contains(
            "against https://127.0.0.1:",
            "(embedded sandbox)",
            "PASS  transport.plain-http-is-not-served",
            "PASS  transport.v1-plain-http-is-not-served",
            "By suite:",
            "By operation:",
            "Operations exercised: v2 "
                + V2_OPERATIONS
                + "/"
                + V2_OPERATIONS
                + ", v1 "
                + V1_OPERATIONS
                + "/"
                + V1_OPERATIONS)
        .containsPattern("Rules of the documents checked: (\\d+)/\\1 checkable \\(100\\.0%\\)")
        .containsPattern(
            "Negative cases: \\d+ sent; constraints of the specs covered by kind: required (\\d+)/\\1, "
                + "type (\\d+)/\\2")
        .containsPattern(
            "Result: \\d+ passed, 0 read an open point differently, 0 failed, 0 skipped, 0 accepted");
    JsonNode json = MutatingProxy.JSON.readTree(dir.resolve("conformance-report.json").toFile());
    assertThat(json.path("counts").path("failed").asInt()).isZero();
    assertThat(json.path("counts").path("passed").asInt()).isGreaterThan(150);
    assertThat(json.path("results").get(0).path("rule").asText())
        .startsWith("v2 document, Endpoints");
    assertThat(json.path("coverage").path("uncatalogued"))
        .as("citations the catalogue does not list")
        .isEmpty();
    assertThat(json.path("rules"))
        .allSatisfy(
            rule ->
                assertThat(rule.has("unchecked") || rule.path("judgedBy").size() > 0)
                    .as(rule.path("id").asText())
                    .isTrue());
    assertThat(dir.resolve("conformance-report.html"))
        .content()
        .contains("<html", "Conformance report");
    try (Stream<Path> files = Files.list(dir)) {
      List<Path> junit = files.filter(f -> f.getFileName().toString().startsWith("TEST-")).toList();
      assertThat(junit).hasSizeGreaterThanOrEqualTo(9);
      for (Path file : junit) {
        assertThat(file).content().startsWith("<?xml").contains("<testsuite", "failures=\"0\"");
      }
    }
    assertNoSecrets(ran);
  }

  @Test
  void theSandboxReadsEveryOpenPointAsOurSpecsDo() {
    Ran ran = run("--strict", "--report-dir", dir.toString());

    assertThat(ran.exit()).as(ran.out()).isZero();
    assertThat(ran.out())
        .contains("strict: our specs' reading of every open point is required")
        .containsPattern(
            "Result: \\d+ passed, 0 read an open point differently, 0 failed, 0 skipped, 0 accepted");
  }

  @Test
  void aFailingTargetExitsOneAndShowsRuleExpectationAndACurlWithoutSecrets() {
    try (MutatingProxy proxy =
        new MutatingProxy(sandbox.target().baseUrl(), Faults.idempotencyKeyIgnored())) {
      Ran ran = run(target(proxy, "--include-tags", "idempotency", "--report-dir", dir.toString()));

      assertThat(ran.exit()).isEqualTo(1);
      assertThat(ran.out())
          .contains(
              "FAIL  idempotency.replayed-payment-is-made-once",
              "rule:      v2 document",
              "expected:",
              "actual:",
              "reproduce: curl -sS -i -X POST",
              "\"Authorization: Bearer $MERCHANTPAY_TOKEN\"");
      assertNoSecrets(ran);
    }
  }

  @Test
  void aBaselineListsAcceptedDeviationsWithoutFailingTheRun() throws IOException {
    try (MutatingProxy proxy =
        new MutatingProxy(sandbox.target().baseUrl(), Faults.timestampsWithAnOffset())) {
      Path baseline = dir.resolve("baseline.txt");
      Files.writeString(
          baseline,
          "# our timestamps carry the local offset; fixed in release 4.2\n"
              + "lifecycle.timestamps-are-utc\n");

      Ran ran =
          run(
              target(
                  proxy,
                  "--include-tags",
                  "lifecycle.timestamps-are-utc",
                  "--baseline",
                  baseline.toString(),
                  "--report-dir",
                  dir.toString()));

      assertThat(ran.exit()).as(ran.out()).isZero();
      assertThat(ran.out()).contains("ACPT  lifecycle.timestamps-are-utc", "1 accepted");
    }
  }

  @Test
  void checksThatNeedTestDataTheProfileLacksAreSkippedWithTheReasonNeverPassed()
      throws IOException {
    Path profile = dir.resolve("profile.json");
    Files.writeString(
        profile,
        "{\"name\": \"bare\", \"approvedCard\": {\"pan\": \"4111111111111111\", "
            + "\"expiry\": \"12/30\", \"cvc\": \"123\"}}");

    Ran ran =
        run(
            target(
                null,
                "--profile",
                profile.toString(),
                "--include-tags",
                "lifecycle,callbacks",
                "--report-dir",
                dir.toString()));

    assertThat(ran.exit()).as(ran.out()).isZero();
    assertThat(ran.out())
        .contains(
            "SKIP  lifecycle.declines-are-data-with-their-result-code",
            "skipped:   the profile defines no declining cards (declines)",
            "SKIP  lifecycle.refund-starts-pending-and-settles",
            "skipped:   the profile does not say when refunds settle (settles.refund)",
            "SKIP  lifecycle.confirmation-SmsOtp");
    assertThat(ran.out()).doesNotContain("PASS  lifecycle.declines-are-data");
  }

  @Test
  void checksRunSideBySideArePrintedInCatalogueOrderWithPlainProgressLinesInALog() {
    Ran ran =
        run(
            target(
                null,
                "--include-tags",
                "operations,lifecycle",
                "--workers",
                "6",
                "--report-dir",
                dir.toString()));
    List<String> catalogue =
        run("--list", "--include-tags", "operations,lifecycle").out().lines().toList();

    assertThat(ran.exit()).as(ran.out()).isZero();
    assertThat(ran.out())
        .contains("6 workers")
        .containsPattern(
            "\\.\\.\\. \\d+/" + catalogue.size() + " checks done, [0-9.]+ s, 0 failed so far")
        .doesNotContain("\r");
    List<String> printed =
        ran.out()
            .lines()
            .filter(line -> line.matches("  (PASS|DIFF|FAIL|SKIP|ACPT)  .*"))
            .map(line -> line.substring(8, line.indexOf(' ', 8)))
            .toList();
    assertThat(printed).containsExactlyElementsOf(catalogue);
  }

  @Test
  void listShowsTheSelectedChecks() {
    Ran ran = run("--list", "--include-tags", "idempotency", "--exclude-tags", "concurrency");

    assertThat(ran.exit()).isZero();
    assertThat(ran.out().lines())
        .contains("idempotency.replayed-payment-is-made-once")
        .doesNotContain("idempotency.concurrent-creates-with-one-key-make-one-payment")
        .allSatisfy(line -> assertThat(line).startsWith("idempotency."));
  }

  @Test
  void aProfileSkeletonIsWrittenForANewTargetAndReadBackAsItIs() throws IOException {
    java.nio.file.Path file = dir.resolve("new-target.json");

    Ran written = run("profile-skeleton", file.toString());
    Ran again = run("profile-skeleton", file.toString());
    Ran listed = run("--profile", file.toString(), "--list", "--include-tags", "operations");

    assertThat(written.exit()).isZero();
    assertThat(java.nio.file.Files.readString(file)).contains("//", "\"payerSteps\"");
    assertThat(again.exit()).as("an existing file is kept").isEqualTo(2);
    assertThat(again.err()).contains("exists already");
    assertThat(listed.exit()).as("the kit reads the skeleton as it is").isZero();
    assertThat(run("profile-skeleton").out()).contains("\"approvedCard\"");
  }

  @Test
  void badUsageExitsTwoAndSaysWhatIsWrong() throws IOException {
    Ran unknownOption = run("--base-uri", "http://x");
    assertThat(unknownOption.exit()).isEqualTo(2);
    assertThat(unknownOption.err()).contains("--base-uri");

    Ran noProfile = run("--profile", dir.resolve("missing.json").toString());
    assertThat(noProfile.exit()).isEqualTo(2);
    assertThat(noProfile.err()).contains("missing.json");

    Path typo = dir.resolve("typo.json");
    Files.writeString(typo, "{\"aprovedCard\": {}}");
    Ran badProfile = run("--profile", typo.toString());
    assertThat(badProfile.exit()).isEqualTo(2);
    assertThat(badProfile.err()).contains("unknown member aprovedCard");

    Ran noChecks = run("--include-tags", "no-such-tag");
    assertThat(noChecks.exit()).isEqualTo(2);
    assertThat(noChecks.err()).contains("select no check");

    Ran badUrl = run("--base-url", "ftp://example.org");
    assertThat(badUrl.exit()).isEqualTo(2);
    assertThat(badUrl.err()).contains("http or https");

    Ran noWorkers = run("--workers", "0");
    assertThat(noWorkers.exit()).isEqualTo(2);
    assertThat(noWorkers.err()).contains("--workers");

    Path unknownPoint = dir.resolve("reading.json");
    Files.writeString(unknownPoint, "{\"readings\": {\"v2.status.created\": \"201\"}}");
    Ran badReading = run("--profile", unknownPoint.toString());
    assertThat(badReading.exit()).isEqualTo(2);
    assertThat(badReading.err()).contains("v2.status.created", "--list-points");
  }

  private static String[] target(MutatingProxy proxy, String... more) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "--base-url",
                (proxy == null ? sandbox.target().baseUrl() : proxy.baseUrl()).toString(),
                "--token",
                sandbox.target().bearerToken(),
                "--merchant",
                sandbox.target().merchantId(),
                "--other-token",
                sandbox.target().otherBearerToken(),
                "--other-merchant",
                sandbox.target().otherMerchantId(),
                "--v1-login",
                sandbox.target().v1Login(),
                "--v1-password",
                sandbox.target().v1Password(),
                "--v1-cashier-login",
                sandbox.target().v1CashierLogin(),
                "--v1-cashier-password",
                sandbox.target().v1CashierPassword()));
    args.addAll(List.of(more));
    return args.toArray(new String[0]);
  }

  private void assertNoSecrets(Ran ran) {
    for (String secret : SECRETS) {
      assertThat(ran.out()).as("console").doesNotContain(secret);
      assertThat(ran.err()).as("errors").doesNotContain(secret);
    }
    try (Stream<Path> files = Files.list(dir)) {
      for (Path file : files.toList()) {
        String text = Files.readString(file);
        for (String secret : SECRETS) {
          assertThat(text).as("%s", file.getFileName()).doesNotContain(secret);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
