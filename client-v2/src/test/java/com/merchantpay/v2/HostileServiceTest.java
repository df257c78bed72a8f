package com.merchantpay.v2;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A service, or something posing as one, that tries to take what a call carries elsewhere or to
 * smuggle it into the merchant's logs.
 */
class HostileServiceTest extends ClientTestSupport {

  @Test
  void anHttpClientThatFollowsRedirectsIsRefusedNamingWhy() {
    for (HttpClient.Redirect policy :
        new HttpClient.Redirect[] {HttpClient.Redirect.NORMAL, HttpClient.Redirect.ALWAYS}) {
      HttpClient following = HttpClient.newBuilder().followRedirects(policy).build();

      assertThatThrownBy(() -> client(builder -> builder.httpClient(following)))
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("httpClient must not follow redirects")
          .hasMessageContaining(policy.name());
    }
  }

  @Test
  void aRedirectTakesNeitherTheTokenNorTheCardAnywhere() throws IOException {
    AtomicInteger elsewhere = new AtomicInteger();
    HttpServer thief =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    thief.createContext(
        "/",
        exchange -> {
          elsewhere.incrementAndGet();
          exchange.sendResponseHeaders(200, -1);
          exchange.close();
        });
    thief.start();
    try {
      server.stubFor(
          post("/api/v2/payments")
              .willReturn(
                  aResponse()
                      .withStatus(307)
                      .withHeader(
                          "Location",
                          "http://127.0.0.1:"
                              + thief.getAddress().getPort()
                              + "/api/v2/payments")));
      MerchantPayClient withItsOwnClient =
          client(
              builder ->
                  builder.httpClient(
                      HttpClient.newBuilder()
                          .followRedirects(HttpClient.Redirect.NEVER)
                          .connectTimeout(Duration.ofSeconds(2))
                          .build()));

      for (MerchantPayClient client : new MerchantPayClient[] {client(), withItsOwnClient}) {
        assertThatThrownBy(() -> client.payments().create(cardPayment()))
            .isInstanceOf(MerchantPayException.class)
            .hasMessageContaining("307");
      }
      assertThat(elsewhere).hasValue(0);
    } finally {
      thief.stop(0);
    }
  }

  @Test
  void anErrorCodeCarryingTheTokenAndALineBreakIsCleanedInTheMessageAndTheLog() {
    server.stubFor(
        post("/api/v2/payments")
            .willReturn(
                aResponse()
                    .withStatus(400)
                    .withHeader("Content-Type", "application/json")
                    .withHeader("Request-Id", "req-" + TOKEN)
                    .withBody(
                        "{\"code\":\"bad_"
                            + TOKEN
                            + "\\nINFO payment approved for "
                            + TEST_PAN
                            + "\\u2028WARN \\u0085ERROR\",\"message\":\"no\"}")));

    assertThatThrownBy(() -> client().payments().create(cardPayment()))
        .isInstanceOfSatisfying(
            UnknownServiceErrorException.class,
            e -> {
              assertThat(e.getRawCode())
                  .doesNotContain(TOKEN, "\n", TEST_PAN, "\u2028", "\u0085")
                  .startsWith("bad_")
                  .contains("?INFO payment approved");
              assertThat(e.getMessage()).doesNotContain(TOKEN, "\n", TEST_PAN);
              assertThat(e.getRequestId())
                  .hasValueSatisfying(id -> assertThat(id).doesNotContain(TOKEN));
            });
    assertThat(log.text()).contains("bad_").doesNotContain(TOKEN, TEST_PAN);
    assertThat(log.lines).noneMatch(line -> line.contains("\nINFO"));
  }

  @Test
  void anErrorCodeAsLongAsABodyIsCutShort() {
    server.stubFor(
        post("/api/v2/payments")
            .willReturn(
                aResponse()
                    .withStatus(400)
                    .withHeader("Content-Type", "application/json")
                    .withBody("{\"code\":\"" + "x".repeat(10_000) + "\",\"message\":\"no\"}")));

    assertThatThrownBy(() -> client().payments().create(cardPayment()))
        .isInstanceOfSatisfying(
            UnknownServiceErrorException.class,
            e -> assertThat(e.getRawCode()).hasSizeLessThan(200).endsWith("..."));
  }
}
