package com.merchantpay.v2;

import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.matching;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Building the client, and the settings that can change per call. */
class ClientConfigurationTest extends ClientTestSupport {

  @ParameterizedTest
  @ValueSource(
      strings = {
        "http://payments.example.com",
        "http://10.0.0.5:8080",
        "ftp://payments.example.com",
        "payments.example.com"
      })
  void aBaseUrlThatIsNotHttpsIsRefusedUnlessLoopback(String url) {
    assertThatThrownBy(() -> MerchantPayClient.builder().baseUrl(url))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("https")
        .hasMessageContaining(url);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "https://payments.example.com/",
        "http://localhost:8080",
        "http://127.0.0.1:1",
        "http://[::1]:8080"
      })
  void httpsAndLoopbackBaseUrlsAreAccepted(String url) {
    assertThat(MerchantPayClient.builder().baseUrl(url).accessToken("t").build().toString())
        .doesNotEndWith("/}")
        .contains(url.replaceAll("/$", ""));
  }

  @Test
  void missingSettingsAreNamed() {
    assertThatThrownBy(() -> MerchantPayClient.builder().accessToken("t").build())
        .hasMessageContaining("baseUrl");
    assertThatThrownBy(() -> MerchantPayClient.builder().baseUrl("https://x.example").build())
        .hasMessageContaining("access token");
    assertThatThrownBy(() -> MerchantPayClient.builder().readTimeout(Duration.ZERO))
        .hasMessageContaining("readTimeout must be positive");
    assertThatThrownBy(() -> MerchantPayClient.builder().accessToken("a\r\nX-Evil: 1"))
        .hasMessageContaining("line breaks");
    assertThatThrownBy(() -> MerchantPayClient.builder().accessToken("tok_live\u0000"))
        .hasMessageContaining("visible ASCII")
        .hasMessageNotContaining("tok_live");
    assertThatThrownBy(
            () -> MerchantPayClient.builder().baseUrl("https://user:pw@payments.example.com"))
        .hasMessageContaining("credentials")
        .hasMessageNotContaining("pw@");
    assertThatThrownBy(
            () -> MerchantPayClient.builder().baseUrl("https://payments.example.com/api/v2"))
        .hasMessageContaining("without the /api/v2");
    assertThatThrownBy(() -> RequestOptions.builder().idempotencyKey("x".repeat(256)))
        .hasMessageContaining("at most 255");
    assertThatThrownBy(() -> RequestOptions.builder().idempotencyKey("has space"))
        .hasMessageContaining("printable ASCII");
    assertThatThrownBy(() -> RetryPolicy.builder().maxAttempts(0))
        .hasMessageContaining("at least 1");
  }

  @Test
  void theTokenSupplierIsAskedOnEveryAttemptSoARefreshedTokenIsUsed() {
    server.stubFor(get("/api/v2/payments/p-1").willReturn(okJson(payment("p-1", "Settled"))));
    AtomicInteger refreshes = new AtomicInteger();
    MerchantPayClient client =
        client(b -> b.accessTokenSupplier(() -> "token-" + refreshes.incrementAndGet()));

    client.payments().get("p-1");
    client.payments().get("p-1");

    server.verify(
        getRequestedFor(urlEqualTo("/api/v2/payments/p-1"))
            .withHeader("Authorization", equalTo("Bearer token-1")));
    server.verify(
        getRequestedFor(urlEqualTo("/api/v2/payments/p-1"))
            .withHeader("Authorization", equalTo("Bearer token-2")));
  }

  @Test
  void aTokenIsCheckedWheneverTheSupplierGivesANewOne() {
    server.stubFor(get("/api/v2/payments/p-1").willReturn(okJson(payment("p-1", "Settled"))));
    Iterator<String> tokens = List.of("good", "good", "bad token", "good").iterator();
    MerchantPayClient client = client(b -> b.accessTokenSupplier(tokens::next));

    client.payments().get("p-1");
    client.payments().get("p-1");
    assertThatThrownBy(() -> client.payments().get("p-1"))
        .isInstanceOf(AccessTokenException.class)
        .hasMessageContaining("unusable token");
    client.payments().get("p-1");

    server.verify(
        3,
        getRequestedFor(urlEqualTo("/api/v2/payments/p-1"))
            .withHeader("Authorization", equalTo("Bearer good")));
  }

  @Test
  void aPerCallTokenServesAnotherMerchantWithTheSameClient() {
    server.stubFor(get("/api/v2/payments/p-1").willReturn(okJson(payment("p-1", "Settled"))));

    client()
        .payments()
        .getWithResponse("p-1", RequestOptions.builder().accessToken("merchant-b-token").build());

    server.verify(
        getRequestedFor(urlEqualTo("/api/v2/payments/p-1"))
            .withHeader("Authorization", equalTo("Bearer merchant-b-token")));
  }

  @Test
  void aPerCallReadTimeoutOverridesTheClients() {
    server.stubFor(
        get("/api/v2/payments/p-1")
            .willReturn(okJson(payment("p-1", "Settled")).withFixedDelay(3_000)));

    assertThatThrownBy(
            () ->
                client(b -> b.readTimeout(Duration.ofSeconds(10)))
                    .payments()
                    .getWithResponse(
                        "p-1",
                        RequestOptions.builder()
                            .readTimeout(Duration.ofMillis(200))
                            .retryPolicy(RetryPolicy.none())
                            .build()))
        .isInstanceOf(RequestTimeoutException.class);
  }

  @Test
  void requestValidationCanBeTurnedOffForServicesThatAcceptMore() {
    server.stubFor(
        com.github.tomakehurst.wiremock.client.WireMock.put("/api/v2/payments/p-1/confirm")
            .willReturn(
                com.github.tomakehurst.wiremock.client.WireMock.aResponse().withStatus(200)));
    var fullCapture = new com.merchantpay.v2.model.CaptureRequest();

    assertThatThrownBy(() -> client().payments().capture("p-1", fullCapture))
        .isInstanceOf(RequestValidationException.class);
    client(b -> b.validateRequests(false)).payments().capture("p-1", fullCapture);

    server.verify(
        1,
        com.github.tomakehurst.wiremock.client.WireMock.putRequestedFor(
            urlEqualTo("/api/v2/payments/p-1/confirm")));
  }

  @Test
  void responseHeadersAreLookedUpWithoutRegardToCase() {
    server.stubFor(
        get("/api/v2/payments/p-1")
            .willReturn(okJson(payment("p-1", "Settled")).withHeader("X-Trace", "t-1")));

    Response<?> response = client().payments().getWithResponse("p-1", RequestOptions.none());

    assertThat(response.headers().get("x-trace")).containsExactly("t-1");
    assertThat(response.headers().get("X-TRACE")).containsExactly("t-1");
  }

  @Test
  void theUserAgentNamesTheClientAndTheApplication() {
    server.stubFor(get("/api/v2/payments/p-1").willReturn(okJson(payment("p-1", "Settled"))));

    client(b -> b.userAgent("shop/2.1")).payments().get("p-1");

    server.verify(
        getRequestedFor(urlEqualTo("/api/v2/payments/p-1"))
            .withHeader(
                "User-Agent",
                matching(
                    "merchantpay-java/\\d+\\.\\d+\\.\\d+(-SNAPSHOT)? \\(Java .+\\) shop/2\\.1")));
  }

  @Test
  void oneClientServesManyThreadsAtOnce() throws Exception {
    server.stubFor(
        get(com.github.tomakehurst.wiremock.client.WireMock.urlMatching("/api/v2/payments/p-\\d+"))
            .willReturn(okJson(payment("p-x", "Settled"))));
    MerchantPayClient client = client();
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<Future<String>> results = new ArrayList<>();
      for (int i = 0; i < 64; i++) {
        String id = "p-" + i;
        results.add(
            pool.submit((Callable<String>) () -> client.payments().get(id).getStatus().getValue()));
      }
      for (Future<String> result : results) {
        assertThat(result.get()).isEqualTo("Settled");
      }
    } finally {
      pool.shutdownNow();
    }
    server.verify(
        64,
        getRequestedFor(
            com.github.tomakehurst.wiremock.client.WireMock.urlMatching(
                "/api/v2/payments/p-\\d+")));
  }
}
