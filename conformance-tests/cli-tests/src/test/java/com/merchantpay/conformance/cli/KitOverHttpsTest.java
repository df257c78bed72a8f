package com.merchantpay.conformance.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import com.merchantpay.conformance.ConformanceKit;
import com.merchantpay.conformance.cli.CommandLineTest.Ran;
import com.merchantpay.conformance.report.CheckResult;
import com.merchantpay.conformance.report.Report;
import com.merchantpay.conformance.target.Profile;
import com.merchantpay.conformance.target.Target;
import com.merchantpay.sandbox.SandboxTls;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;

/**
 * The kit against targets over HTTPS, given as a staging environment is: an internal CA to trust, a
 * client certificate to present, and the "HTTPS only" rule judged on the target's plain HTTP twin.
 */
class KitOverHttpsTest {
  @TempDir Path dir;

  @Test
  void aTargetRequiringAClientCertificatePassesWhenTheKitPresentsOneFromPemFiles()
      throws IOException {
    try (EmbeddedSandbox.Running sandbox = EmbeddedSandbox.requiringAClientCertificate().start()) {
      SandboxTls tls = sandbox.sandbox().tls();
      SandboxTls.ClientCertificate certificate = tls.clientCertificate("staging-kit");

      Ran ran =
          CommandLineTest.run(
              arguments(
                  sandbox.target(),
                  "--ca-cert",
                  tls.trustedCertificateFile().toString(),
                  "--client-cert",
                  certificate.certificateFile().toString(),
                  "--client-key",
                  certificate.privateKeyFile().toString()));

      assertThat(ran.exit()).as(ran.out()).isZero();
      assertThat(ran.out())
          .contains("against https://127.0.0.1:")
          .contains("PASS  transport.plain-http-is-not-served")
          .contains("PASS  transport.v1-plain-http-is-not-served")
          .containsPattern("Rules of the documents checked: (\\d+)/\\1 checkable \\(100\\.0%\\)")
          .containsPattern(
              "Result: \\d+ passed, 0 read an open point differently, 0 failed, 0 skipped");
      String key = keyBody(certificate.privateKeyPem());
      assertThat(ran.out() + ran.err()).doesNotContain(key.substring(0, 24));
      try (Stream<Path> files = Files.list(dir.resolve("report"))) {
        for (Path file : files.toList()) {
          assertThat(file).content().doesNotContain(key.substring(0, 24));
        }
      }
    }
  }

  @Test
  void pactVerificationPresentsTheClientCertificateToo() {
    try (EmbeddedSandbox.Running sandbox = EmbeddedSandbox.requiringAClientCertificate().start()) {
      SandboxTls tls = sandbox.sandbox().tls();
      SandboxTls.ClientCertificate certificate = tls.clientCertificate("staging-pact");
      Target target = sandbox.target();
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      PrintStream stream = new PrintStream(out, true, StandardCharsets.UTF_8);

      int exit =
          ConformanceCli.execute(
              stream,
              stream,
              "pact",
              "--base-url",
              target.baseUrl().toString(),
              "--token",
              target.bearerToken(),
              "--merchant",
              target.merchantId(),
              "--v1-login",
              target.v1Login(),
              "--v1-password",
              target.v1Password(),
              "--ca-cert",
              tls.trustedCertificateFile().toString(),
              "--client-cert",
              certificate.certificateFile().toString(),
              "--client-key",
              certificate.privateKeyFile().toString());

      String printed = out.toString(StandardCharsets.UTF_8);
      assertThat(exit).as(printed).isZero();
      assertThat(printed).containsPattern("[1-9]\\d* interactions verified, 0 failed");
    }
  }

  @Test
  @ResourceLock(Resources.SYSTEM_PROPERTIES)
  void aProvidersJunitBuildGivesTheTlsFilesAsSystemProperties() {
    try (EmbeddedSandbox.Running sandbox = EmbeddedSandbox.requiringAClientCertificate().start()) {
      SandboxTls tls = sandbox.sandbox().tls();
      SandboxTls.ClientCertificate certificate = tls.clientCertificate("provider-build");
      Map<String, String> properties =
          Map.of(
              "baseUrl", sandbox.target().baseUrl().toString(),
              "token", sandbox.target().bearerToken(),
              "merchant", sandbox.target().merchantId(),
              "caCert", tls.trustedCertificateFile().toString(),
              "clientCert", certificate.certificateFile().toString(),
              "clientKey", certificate.privateKeyFile().toString(),
              "includeTags",
                  "operations.createPayment,operations.getPayment,transport.plain-http-is-not-served");
      properties.forEach(
          (name, value) -> System.setProperty(ConformanceKit.PROPERTY_PREFIX + name, value));
      try {
        Report report = ConformanceKit.fromSystemProperties().run();

        assertThat(report.results())
            .extracting(CheckResult::id, CheckResult::outcome)
            .containsExactlyInAnyOrder(
                tuple("operations.createPayment", CheckResult.Outcome.PASSED),
                tuple("operations.getPayment", CheckResult.Outcome.PASSED),
                tuple("transport.plain-http-is-not-served", CheckResult.Outcome.PASSED));
      } finally {
        properties
            .keySet()
            .forEach(name -> System.clearProperty(ConformanceKit.PROPERTY_PREFIX + name));
      }
    }
  }

  @Test
  void withoutTheClientCertificateEveryCallFailsSayingWhatToGive() {
    try (EmbeddedSandbox.Running sandbox = EmbeddedSandbox.requiringAClientCertificate().start()) {
      Ran ran =
          CommandLineTest.run(
              arguments(
                  sandbox.target(),
                  "--ca-cert",
                  sandbox.sandbox().tls().trustedCertificateFile().toString(),
                  "--include-tags",
                  "operations"));

      assertThat(ran.exit()).as(ran.out()).isEqualTo(1);
      assertThat(ran.out())
          .contains("TLS handshake failed")
          .contains("--client-cert")
          .doesNotContainPattern("Result: \\d+ passed, 0 read an open point differently, 0 failed");
    }
  }

  @Test
  void anUntrustedCertificateFailsEveryCallSayingWhichOptionTrustsIt() {
    try (EmbeddedSandbox.Running sandbox = new EmbeddedSandbox().start()) {
      Ran ran = CommandLineTest.run(arguments(sandbox.target(), "--include-tags", "operations"));

      assertThat(ran.exit()).as(ran.out()).isEqualTo(1);
      assertThat(ran.out())
          .contains("TLS handshake failed, the target's certificate is not trusted")
          .contains("--ca-cert")
          .doesNotContainPattern("Result: \\d+ passed, 0 read an open point differently, 0 failed");
    }
  }

  @Test
  void aTargetAnsweringPlainHttpOnItsHttpsPortFailsOnlyTheHttpsOnlyChecksNamingTheCall()
      throws IOException {
    try (EmbeddedSandbox.Running sandbox = new EmbeddedSandbox().start();
        OnePortForBoth both =
            new OnePortForBoth(
                sandbox.sandbox().httpsBaseUrl().orElseThrow(), sandbox.sandbox().baseUrl())) {
      Target target = sandbox.target();
      List<String> args = new ArrayList<>(List.of(arguments(target)));
      args.set(args.indexOf("--base-url") + 1, both.baseUrl().toString());
      args.addAll(
          List.of("--ca-cert", sandbox.sandbox().tls().trustedCertificateFile().toString()));

      Ran ran = CommandLineTest.run(args.toArray(new String[0]));

      assertThat(ran.exit()).as(ran.out()).isEqualTo(1);
      String plain = "http://127.0.0.1:" + both.baseUrl().getPort();
      assertThat(ran.out())
          .contains("FAIL  transport.plain-http-is-not-served")
          .contains("FAIL  transport.v1-plain-http-is-not-served")
          .contains(plain + "/api/v2/payments/")
          .contains(plain + "/api/v1/getPayment?")
          .contains("the service answered over plain HTTP")
          .containsPattern("Result: \\d+ passed, 0 read an open point differently, 2 failed");
    }
  }

  /** The arguments that give the kit this target and its credentials, and the report folder. */
  private String[] arguments(Target target, String... more) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "--base-url",
                target.baseUrl().toString(),
                "--token",
                target.bearerToken(),
                "--merchant",
                target.merchantId(),
                "--other-token",
                target.otherBearerToken(),
                "--other-merchant",
                target.otherMerchantId(),
                "--v1-login",
                target.v1Login(),
                "--v1-password",
                target.v1Password(),
                "--v1-cashier-login",
                target.v1CashierLogin(),
                "--v1-cashier-password",
                target.v1CashierPassword(),
                "--profile",
                profile().toString(),
                "--report-dir",
                dir.resolve("report").toString()));
    args.addAll(List.of(more));
    return args.toArray(new String[0]);
  }

  /** The kit's own sandbox profile, with the v1 list limit the embedded sandbox is started with. */
  private Path profile() {
    try (InputStream in = Profile.class.getResourceAsStream("sandbox-profile.json")) {
      Path profile = dir.resolve("profile.json");
      Files.writeString(
          profile,
          new String(in.readAllBytes(), StandardCharsets.UTF_8)
              .replace("\"listLimit\": 1000", "\"listLimit\": " + EmbeddedSandbox.V1_LIST_LIMIT));
      assertThat(Profile.load(profile).v1().listLimit()).isEqualTo(EmbeddedSandbox.V1_LIST_LIMIT);
      return profile;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String keyBody(String pem) {
    return pem.replaceAll("-----[A-Z ]+-----", "").replaceAll("\\s", "");
  }
}
