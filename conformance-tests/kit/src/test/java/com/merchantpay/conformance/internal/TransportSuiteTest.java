package com.merchantpay.conformance.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What the "HTTPS only" checks count as the service answering in clear text, and where they ask.
 */
class TransportSuiteTest {
  private static final URI CALL = URI.create("http://pay.example.org:8443/api/v2/payments/x");

  @Test
  void theTwinIsTheSameAddressOverPlainHttpAndPort80BesideTheDefaultPort() {
    assertThat(TransportSuite.plainTwins(URI.create("https://pay.example.org:8443/"), "/api/v2/x"))
        .containsExactly(URI.create("http://pay.example.org:8443/api/v2/x"));
    assertThat(
            TransportSuite.plainTwins(URI.create("https://pay.example.org/mps"), "/api/v1/x?a=1"))
        .containsExactly(
            URI.create("http://pay.example.org:443/mps/api/v1/x?a=1"),
            URI.create("http://pay.example.org/mps/api/v1/x?a=1"));
    assertThat(TransportSuite.plainTwins(URI.create("https://[::1]:9443"), "/api/v2/x"))
        .containsExactly(URI.create("http://[::1]:9443/api/v2/x"));
  }

  @Test
  void noAnswerARedirectOrAWebServersOwnRefusalIsNotTheServiceAnswering() {
    assertThat(TransportSuite.servedInClear(unanswered("IOException: Invalid status line"), "v2"))
        .isNull();
    assertThat(TransportSuite.servedInClear(answer(301, "{\"code\":\"moved\"}"), "v2")).isNull();
    assertThat(
            TransportSuite.servedInClear(
                answer(400, "<html>The plain HTTP request was sent to HTTPS port</html>"), "v2"))
        .isNull();
    assertThat(TransportSuite.servedInClear(answer(426, ""), "v1")).isNull();
    assertThat(TransportSuite.servedInClear(answer(403, "{\"message\":\"use https\"}"), "v2"))
        .isNull();
  }

  @Test
  void aSuccessTheServicesErrorBodyOrAV1EnvelopeIsTheServiceAnsweringInClearText() {
    assertThat(
            TransportSuite.servedInClear(
                answer(401, "{\"code\":\"not_authorized\",\"message\":\"no token\"}"), "v2"))
        .contains("its own refusal (not_authorized)");
    assertThat(TransportSuite.servedInClear(answer(200, "{\"id\":\"p-1\"}"), "v2"))
        .contains("with a success");
    assertThat(TransportSuite.servedInClear(answer(200, "{\"ErrorCode\":4}"), "v1"))
        .contains("a v1 envelope");
    assertThat(TransportSuite.servedInClear(answer(400, "{\"ErrorCode\":4}"), "v1"))
        .contains("a v1 envelope");
  }

  private static Exchange answer(int status, String body) {
    return new Exchange(
        "GET",
        CALL,
        Map.of(),
        new byte[0],
        status,
        Map.of("Content-Type", List.of("application/json")),
        body.getBytes(StandardCharsets.UTF_8),
        3,
        null);
  }

  private static Exchange unanswered(String error) {
    return new Exchange("GET", CALL, Map.of(), new byte[0], 0, Map.of(), new byte[0], 3, error);
  }
}
