package com.merchantpay.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.merchantpay.sandbox.internal.tls.CertificateAuthority;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs {@code java -jar merchantpay-sandbox-<version>-standalone.jar} as a separate process (after
 * the package phase built it) and talks to it: the relocated libraries must still validate, answer
 * JSON and XML.
 */
class StandaloneJarIT {
  private static final Pattern LISTENING = Pattern.compile("listening on (http://\\S+)");

  private Process process;

  @AfterEach
  void stop() throws InterruptedException {
    if (process != null) {
      process.destroy();
      if (!process.waitFor(10, TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
    }
  }

  @Test
  void theStandaloneJarServesBothInterfaces() throws Exception {
    Path jar = Path.of(System.getProperty("standalone.jar"));
    assertThat(jar).exists();
    String javaCommand = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    process =
        new ProcessBuilder(
                javaCommand,
                "-jar",
                jar.toString(),
                "--port",
                "0",
                "--fixed-clock",
                "2024-05-14T09:00:00Z",
                "--fault",
                "v2:getPayment,failBefore=503,retryAfter=PT2S,once")
            .redirectErrorStream(true)
            .start();
    BufferedReader out =
        new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    List<String> printed = new ArrayList<>();
    String base = null;
    for (String line; base == null && (line = out.readLine()) != null; ) {
      printed.add(line);
      Matcher matcher = LISTENING.matcher(line);
      if (matcher.find()) {
        base = matcher.group(1);
      }
    }
    assertThat(base).as("printed: %s", printed).isNotNull();
    // Everything it prints at start, up to its last line, the clock's.
    for (String line = ""; !line.contains("clock fixed"); ) {
      line = out.readLine();
      assertThat(line).as("printed: %s", printed).isNotNull();
      printed.add(line);
    }
    assertThat(String.join("\n", printed))
        .contains(
            "bearer token " + Sandbox.DEFAULT_TOKEN,
            "v1 login " + Sandbox.DEFAULT_ACCOUNTANT,
            "collector: -Xmn8m -XX:MaxTenuringThreshold=0")
        .doesNotContain(Sandbox.DEFAULT_PASSWORD);
    // Launched with no heap or collector option, the sandbox serves from a JVM of its own settings.
    List<ProcessHandle> serving = process.descendants().toList();
    assertThat(serving).hasSize(1);
    assertThat(serving.get(0).info().arguments().map(List::of).orElseThrow())
        .contains("-Xmn8m", "-XX:MaxTenuringThreshold=0");

    HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    HttpResponse<byte[]> created =
        http.send(
            HttpRequest.newBuilder(URI.create(base + "/api/v2/payments"))
                .timeout(Duration.ofSeconds(60))
                .header("Authorization", "Bearer " + Sandbox.DEFAULT_TOKEN)
                .header("Content-Type", "application/json")
                .header("Idempotency-Key", "standalone-1")
                .POST(
                    HttpRequest.BodyPublishers.ofString(
                        "{\"merchantId\":\""
                            + Sandbox.DEFAULT_MERCHANT
                            + "\","
                            + "\"amount\":{\"value\":10.10,\"currency\":\"RUB\"},"
                            + "\"paymentData\":{\"card\":{\"pan\":\"4111111111111111\",\"expiry\":\"12/30\"}}}"))
                .build(),
            HttpResponse.BodyHandlers.ofByteArray());
    check("/api/v2/payments", "POST", created, false);
    assertThat(created.statusCode()).isEqualTo(200);
    assertThat(new String(created.body(), StandardCharsets.UTF_8))
        .contains("\"status\":\"Settled\"", "10.10");

    // The --fault rule answers the first read alone, as asked.
    String id = new ObjectMapper().readTree(created.body()).path("id").asText();
    HttpRequest read =
        HttpRequest.newBuilder(URI.create(base + "/api/v2/payments/" + id))
            .header("Authorization", "Bearer " + Sandbox.DEFAULT_TOKEN)
            .build();
    HttpResponse<byte[]> faulted = http.send(read, HttpResponse.BodyHandlers.ofByteArray());
    assertThat(faulted.statusCode()).isEqualTo(503);
    assertThat(faulted.headers().firstValue("Retry-After")).hasValue("2");
    assertThat(http.send(read, HttpResponse.BodyHandlers.ofByteArray()).statusCode())
        .isEqualTo(200);

    HttpResponse<byte[]> invalid =
        http.send(
            HttpRequest.newBuilder(
                    URI.create(
                        base
                            + "/api/v2/payments?merchantId="
                            + Sandbox.DEFAULT_MERCHANT
                            + "&start=yesterday&end=2025-01-01T00:00:00Z"))
                .header("Authorization", "Bearer " + Sandbox.DEFAULT_TOKEN)
                .build(),
            HttpResponse.BodyHandlers.ofByteArray());
    check("/api/v2/payments", "GET", invalid, false);
    assertThat(new String(invalid.body(), StandardCharsets.UTF_8))
        .contains("start: must be a valid date-time");

    String nonce = "standalone-nonce";
    String login = Sandbox.DEFAULT_ACCOUNTANT;
    String hash =
        Api.hash(Api.signedText("listTransfers", login, Sandbox.DEFAULT_PASSWORD, nonce, Map.of()));
    HttpResponse<byte[]> xml =
        http.send(
            HttpRequest.newBuilder(
                    URI.create(
                        base
                            + "/api/v1/listTransfers?login="
                            + login
                            + "&nonce="
                            + nonce
                            + "&xml=1&hash="
                            + URLEncoder.encode(hash, StandardCharsets.UTF_8)))
                .build(),
            HttpResponse.BodyHandlers.ofByteArray());
    check("/api/v1/listTransfers", "GET", xml, true);
    assertThat(new String(xml.body(), StandardCharsets.UTF_8)).contains("<RestTransferInfo>");
    assertThat(Files.size(jar)).isPositive();

    // Killed without a chance to stop it, the launcher still takes the sandbox with it.
    process.destroyForcibly().waitFor();
    assertThat(serving.get(0).onExit().get(30, TimeUnit.SECONDS).isAlive()).isFalse();
  }

  @Test
  void overHttpsItTakesClientCertificatesOfTheAuthorityGivenWithClientCa(@TempDir Path dir)
      throws Exception {
    CertificateAuthority merchantPki = CertificateAuthority.create();
    Path authorities =
        Files.writeString(
            dir.resolve("merchant-ca.pem"), CertificateAuthority.pem(merchantPki.certificate()));
    Path ca = dir.resolve("ca.pem");
    process =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m",
                "-jar",
                System.getProperty("standalone.jar"),
                "--port",
                "0",
                "--https-port",
                "0",
                "--client-ca",
                authorities.toString(),
                "--ca-file",
                ca.toString())
            .redirectErrorStream(true)
            .start();
    BufferedReader out =
        new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    Pattern https = Pattern.compile("HTTPS: (https://\\S+) .*a client certificate required");
    String base = null;
    List<String> printed = new ArrayList<>();
    for (String line; base == null && (line = out.readLine()) != null; ) {
      printed.add(line);
      Matcher matcher = https.matcher(line);
      if (matcher.find()) {
        base = matcher.group(1);
      }
    }
    assertThat(base).as("printed: %s", printed).isNotNull();
    assertThat(printed).noneMatch(line -> line.contains("collector:"));
    assertThat(process.descendants())
        .as("a launcher's own heap option is kept: no JVM of ours")
        .isEmpty();
    URI payment = URI.create(base + "/api/v2/payments/unknown");
    HttpRequest get =
        HttpRequest.newBuilder(payment)
            .timeout(Duration.ofSeconds(60))
            .header("Authorization", "Bearer " + Sandbox.DEFAULT_TOKEN)
            .build();
    String trusted = Files.readString(ca);

    HttpClient shop =
        HttpClient.newBuilder()
            .sslContext(TlsClients.presenting(trusted, merchantPki.client("shop-app")))
            .build();
    assertThat(shop.send(get, HttpResponse.BodyHandlers.ofString()).statusCode()).isEqualTo(404);
    HttpClient stranger =
        HttpClient.newBuilder()
            .sslContext(
                TlsClients.presenting(trusted, CertificateAuthority.create().client("stranger")))
            .build();
    assertThatThrownBy(() -> stranger.send(get, HttpResponse.BodyHandlers.ofString()))
        .isInstanceOf(javax.net.ssl.SSLException.class)
        .hasMessageContaining("certificate");
  }

  @Test
  void everyBundledClassIsRelocatedExceptRhinos() throws Exception {
    Path jar = Path.of(System.getProperty("standalone.jar"));
    Set<String> outside = new TreeSet<>();
    try (JarFile file = new JarFile(jar.toFile())) {
      file.stream()
          .map(JarEntry::getName)
          .filter(name -> name.endsWith(".class") && !name.startsWith("META-INF/"))
          .filter(name -> !name.startsWith("com/merchantpay/sandbox/"))
          .map(name -> name.substring(0, name.lastIndexOf('/')))
          .forEach(outside::add);
    }

    // Rhino generates classes at run time that name its own packages, which relocation cannot
    // rewrite.
    assertThat(outside).allSatisfy(pkg -> assertThat(pkg).startsWith("org/mozilla/"));
  }

  private static void check(String path, String method, HttpResponse<byte[]> response, boolean v1) {
    Api.Res res = new Api.Res(response.statusCode(), response.headers().map(), response.body());
    Api.conforms(v1 ? Api.Judges.V1 : Api.Judges.V2, path, method, res);
  }
}
