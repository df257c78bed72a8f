package com.merchantpay.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.Set;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

class EmbeddingTest {
  private static Sandbox seen;

  @Test
  void startsOnAFreeLoopbackPortWithTheDefaultCredentials() throws Exception {
    try (Sandbox sandbox = Sandbox.builder().start()) {
      assertThat(sandbox.baseUrl().getHost()).isEqualTo("127.0.0.1");
      assertThat(sandbox.port()).isPositive();
      assertThat(sandbox.merchantId()).isEqualTo(Sandbox.DEFAULT_MERCHANT);
      assertThat(sandbox.bearerToken()).isEqualTo(Sandbox.DEFAULT_TOKEN);
      assertThat(sandbox.v1Login(Sandbox.Role.CASHIER).login()).isEqualTo(Sandbox.DEFAULT_CASHIER);
      assertThat(sandbox.v1Login(Sandbox.Role.ACCOUNTANT).password())
          .isEqualTo(Sandbox.DEFAULT_PASSWORD);

      Api.Res res = new Api(sandbox).get("/api/v2/payments/1");
      assertThat(res.status()).isEqualTo(404);
      assertThat(res.header("Request-Id")).startsWith("req_");
    }
  }

  @Test
  void twoSandboxesRunSideBySideWithSeparateState() {
    try (Sandbox a = Sandbox.builder().start();
        Sandbox b = Sandbox.builder().start()) {
      String id = new Api(a).pay("4111111111111111", "1", false).path("id").asText();

      assertThat(a.port()).isNotEqualTo(b.port());
      assertThat(new Api(b).get("/api/v2/payments/" + id).status()).isEqualTo(404);
    }
  }

  @Test
  void stoppingReleasesThePort() throws IOException {
    Sandbox sandbox = Sandbox.builder().start();
    int port = sandbox.port();
    sandbox.close();
    sandbox.close();

    try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
      assertThat(socket.getLocalPort()).isEqualTo(port);
    }
    assertThat(sandbox.isRunning()).isFalse();
    assertThatThrownBy(sandbox::baseUrl).isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(sandbox::start).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void aRunningClockSettlesPendingWorkByItself() throws Exception {
    try (Sandbox sandbox = Sandbox.builder().start()) {
      Api api = new Api(sandbox);
      String id = api.pay("4000000000003014", "1", false).path("id").asText();

      sandbox.advanceClock(Duration.ofSeconds(61));

      assertThat(api.payment(id).path("status").asText()).isEqualTo("Settled");
      assertThat(sandbox.now()).isAfter(Instant.now().plusSeconds(59));
    }
  }

  @Test
  void theBuilderRefusesInconsistentCredentials() {
    assertThatThrownBy(() -> Sandbox.builder().merchant("m").bearerToken("t", "other").build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("other");
    assertThatThrownBy(() -> Sandbox.builder().merchant("m").v1Login("l", "p", "x").build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("x");
    assertThatThrownBy(() -> Sandbox.builder().port(70000))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void aV1LoginNeverShowsItsPassword() {
    Sandbox.V1Login login =
        new Sandbox.V1Login("shop", "s3cret-value", "m", Set.of(Sandbox.Role.CASHIER));

    assertThat(login.toString()).contains("shop").doesNotContain("s3cret-value");
  }

  @Test
  void theHomePagePointsToTheControlApi() throws Exception {
    try (Sandbox sandbox = Sandbox.builder().start()) {
      HttpResponse<String> home =
          HttpClient.newHttpClient()
              .send(
                  HttpRequest.newBuilder(sandbox.baseUrl()).build(),
                  HttpResponse.BodyHandlers.ofString());
      assertThat(home.body()).contains("/_sandbox/config");
    }
  }

  /** The extension starts one sandbox for the class and hands it to test methods. */
  @Nested
  @ExtendWith(SandboxExtension.class)
  class WithTheExtension {
    @Test
    void injectsARunningSandbox(Sandbox sandbox) {
      assertThat(sandbox.isRunning()).isTrue();
      assertThat(
              new Api(sandbox)
                  .as(sandbox.bearerToken())
                  .get("/api/v2/stickers?merchantId=" + sandbox.merchantId())
                  .status())
          .isEqualTo(200);
    }

    @Test
    void injectsTheSameSandboxIntoEveryTest(Sandbox sandbox) {
      sameAsInTheOtherTest(sandbox);
    }

    @Test
    void injectsTheSameSandboxIntoEveryTestToo(Sandbox sandbox) {
      sameAsInTheOtherTest(sandbox);
    }

    private void sameAsInTheOtherTest(Sandbox sandbox) {
      synchronized (EmbeddingTest.class) {
        if (seen == null) {
          seen = sandbox;
        } else {
          assertThat(sandbox).isSameAs(seen);
        }
      }
    }
  }

  /** With one test instance per class, the constructor can take the sandbox too. */
  @Nested
  @ExtendWith(SandboxExtension.class)
  @org.junit.jupiter.api.TestInstance(org.junit.jupiter.api.TestInstance.Lifecycle.PER_CLASS)
  class PerClassInstance {
    private final Sandbox injected;

    PerClassInstance(Sandbox sandbox) {
      this.injected = sandbox;
    }

    @Test
    void constructorAndMethodSeeTheSameRunningSandbox(Sandbox sandbox) {
      assertThat(sandbox).isSameAs(injected);
      assertThat(sandbox.isRunning()).isTrue();
    }
  }
}
