package com.merchantpay.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Pact's provider-state endpoint as a verifier of any Pact implementation uses it: the values it
 * answers make the interaction's request one the sandbox takes, credentials and signature included.
 */
class PactProviderStatesTest {
  private static final String STATES = "/_sandbox/pact/provider-states";

  private Sandbox sandbox;
  private final HttpClient http = HttpClient.newHttpClient();

  @BeforeEach
  void start() {
    sandbox = Sandbox.builder().start();
  }

  @AfterEach
  void stop() {
    sandbox.close();
  }

  private HttpResponse<String> post(Map<String, Object> change) throws Exception {
    return http.send(
        HttpRequest.newBuilder(URI.create(sandbox.baseUrl() + STATES))
            .header("Content-Type", "application/json")
            .POST(
                HttpRequest.BodyPublishers.ofString(
                    new com.fasterxml.jackson.databind.ObjectMapper().writeValueAsString(change)))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private JsonNode setUp(String state, Map<String, Object> params) throws Exception {
    HttpResponse<String> answer = post(Map.of("state", state, "params", params, "action", "setup"));
    assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
    return new com.fasterxml.jackson.databind.ObjectMapper().readTree(answer.body());
  }

  private HttpResponse<String> get(String path, String token) throws Exception {
    return http.send(
        HttpRequest.newBuilder(URI.create(sandbox.baseUrl() + path))
            .header("Authorization", "Bearer " + token)
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void statesMadeSideBySideWhileAFaultRuleIsInForceAreAllMade() throws Exception {
    sandbox.faults().add(Fault.parse("v2:getRefund,failBefore=503"));
    int states = 24;
    java.util.concurrent.ExecutorService callers =
        java.util.concurrent.Executors.newFixedThreadPool(states);
    try {
      List<java.util.concurrent.Future<HttpResponse<String>>> answers = new java.util.ArrayList<>();
      for (int i = 0; i < states; i++) {
        answers.add(
            callers.submit(
                () ->
                    post(
                        Map.of(
                            "state", "a settled payment", "params", Map.of(), "action", "setup"))));
      }
      for (java.util.concurrent.Future<HttpResponse<String>> answer : answers) {
        HttpResponse<String> made = answer.get(20, java.util.concurrent.TimeUnit.SECONDS);
        assertThat(made.statusCode()).as(made.body()).isEqualTo(200);
      }
    } finally {
      callers.shutdownNow();
    }
  }

  @Test
  void aStateGivesWhatItMadeWithTheCredentialsToReadIt() throws Exception {
    JsonNode values = setUp("a held payment", Map.of("amount", "75.00"));

    HttpResponse<String> read =
        get(
            "/api/v2/payments/" + values.path("paymentId").asText(),
            values.path("accessToken").asText());

    assertThat(read.statusCode()).isEqualTo(200);
    assertThat(read.body()).contains("\"status\":\"Authorized\"", "75.00");
    assertThat(values.path("merchantId").asText()).isEqualTo(Sandbox.DEFAULT_MERCHANT);
    assertThat(values.path("idempotencyKey").asText())
        .isNotEqualTo(setUp("a merchant", Map.of()).path("idempotencyKey").asText());
  }

  @Test
  void aSignedV1CallOverAnEarlierStatesValuesIsTakenAndTeardownForgetsThem() throws Exception {
    setUp("a settled payment", Map.of());
    JsonNode values =
        setUp("a signed v1 call", Map.of("operation", "getPayment", "paymentID", "${paymentId}"));

    Map<String, String> query = new LinkedHashMap<>();
    query.put("login", values.path("v1Login").asText());
    query.put("nonce", values.path("v1Nonce").asText());
    query.put("paymentID", values.path("paymentId").asText());
    query.put("hash", values.path("v1Hash").asText());
    StringBuilder path = new StringBuilder("/api/v1/getPayment?");
    query.forEach(
        (k, v) ->
            path.append(k)
                .append('=')
                .append(URLEncoder.encode(v, StandardCharsets.UTF_8))
                .append('&'));
    HttpResponse<String> read = get(path.toString(), "unused");

    assertThat(read.body()).contains("\"ErrorCode\":0", values.path("paymentId").asText());

    post(Map.of("state", "a settled payment", "action", "teardown"));
    HttpResponse<String> forgotten =
        post(
            Map.of(
                "state",
                "a signed v1 call",
                "params",
                Map.of("operation", "getPayment", "paymentID", "${paymentId}")));
    assertThat(forgotten.statusCode()).isEqualTo(400);
    assertThat(forgotten.body()).contains("no earlier state of the interaction gave paymentId");
  }

  @Test
  void twoPagesOfPaymentsGiveACursorToTheSecond() throws Exception {
    try (Sandbox small = Sandbox.builder().pageSize(2).start()) {
      Sandbox big = sandbox;
      sandbox = small;
      try {
        JsonNode values = setUp("two pages of payments", Map.of());

        HttpResponse<String> second =
            get(
                "/api/v2/payments?merchantId="
                    + values.path("merchantId").asText()
                    + "&start="
                    + URLEncoder.encode(values.path("start").asText(), StandardCharsets.UTF_8)
                    + "&end="
                    + URLEncoder.encode(values.path("end").asText(), StandardCharsets.UTF_8)
                    + "&cursor="
                    + URLEncoder.encode(values.path("cursor").asText(), StandardCharsets.UTF_8),
                values.path("accessToken").asText());

        assertThat(second.statusCode()).as(second.body()).isEqualTo(200);
        assertThat(second.body()).contains("\"items\":[{");
      } finally {
        sandbox = big;
      }
    }
  }

  @Test
  void anUnknownStateIsRefusedNamingTheKnownOnes() throws Exception {
    HttpResponse<String> refused = post(Map.of("state", "a payment in Narnia", "params", Map.of()));

    assertThat(refused.statusCode()).isEqualTo(400);
    assertThat(refused.body())
        .contains("a payment in Narnia")
        .contains("a settled payment")
        .contains("a signed v1 call");
    for (String state : List.of("a document", "a transfer register", "a sticker", "a receipt")) {
      assertThat(setUp(state, Map.of()).size()).as(state).isGreaterThan(5);
    }
  }
}
