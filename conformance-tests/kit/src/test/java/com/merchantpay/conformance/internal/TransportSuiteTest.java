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

  private static final Exchange NOT_AUTHORIZED =
      answer(401, "{\"code\":\"not_authorized\",\"message\":\"no token\"}");

  @Test
  void noAnswerARedirectOrARefusalUnlikeTheHttpsAnswerIsNotTheServiceServingInClear() {
    assertThat(
            TransportSuite.servedInClear(
                unanswered("IOException: Invalid status line"), NOT_AUTHORIZED))
        .isNull();
    assertThat(TransportSuite.servedInClear(answer(301, "{\"code\":\"moved\"}"), NOT_AUTHORIZED))
        .isNull();
    assertThat(
            TransportSuite.servedInClear(
                answer(400, "<html>The plain HTTP request was sent to HTTPS port</html>"),
                NOT_AUTHORIZED))
        .isNull();
    assertThat(TransportSuite.servedInClear(answer(426, ""), NOT_AUTHORIZED)).isNull();
    assertThat(
            TransportSuite.servedInClear(
                answer(403, "{\"code\":\"https_required\",\"message\":\"use https\"}"),
                NOT_AUTHORIZED))
        .as("the service's own refusal of plain HTTP")
        .isNull();
    assertThat(
            TransportSuite.servedInClear(
                answer(200, "{\"ErrorCode\":-30}"), answer(200, "{\"ErrorCode\":-6}")))
        .as("a v1 envelope refusing plain HTTP with a code of its own")
        .isNull();
  }

  @Test
  void aSuccessOrTheAnswerHttpsGaveIsTheServiceServingInClear() {
    assertThat(
            TransportSuite.servedInClear(
                answer(401, "{\"code\":\"not_authorized\",\"message\":\"other words\"}"),
                NOT_AUTHORIZED))
        .contains("as over HTTPS (HTTP 401, code not_authorized)");
    assertThat(TransportSuite.servedInClear(answer(200, "{\"id\":\"p-1\"}"), NOT_AUTHORIZED))
        .contains("with a success");
    assertThat(
            TransportSuite.servedInClear(
                answer(200, "{\"ErrorCode\":-6}"), answer(200, "{\"ErrorCode\":-6}")))
        .contains("ErrorCode -6");
    assertThat(TransportSuite.servedInClear(answer(401, ""), answer(401, "")))
        .as("an empty refusal, the same as over HTTPS")
        .contains("no body");
    assertThat(
            TransportSuite.servedInClear(
                answer(400, "<p>bad request 2026-11-27</p>"),
                answer(400, "<p>bad request 2026-11-28</p>")))
        .as("the same page but for its numbers")
        .isNotNull();
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
