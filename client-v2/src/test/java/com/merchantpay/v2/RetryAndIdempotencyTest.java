package com.merchantpay.v2;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.put;
import static com.github.tomakehurst.wiremock.client.WireMock.putRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.stubbing.Scenario.STARTED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import com.github.tomakehurst.wiremock.http.Fault;
import com.merchantpay.v2.model.Amount;
import com.merchantpay.v2.model.CaptureRequest;
import com.merchantpay.v2.model.Payment;
import java.io.IOException;
import java.math.BigDecimal;
import java.net.ServerSocket;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Idempotency keys and retries: what is retried, how often, with which key, and within which
 * deadline.
 */
class RetryAndIdempotencyTest extends ClientTestSupport {
  private static final String UUID_PATTERN =
      "[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}";

  private void stubSequence(String url, boolean isPost, ResponseDefinitionBuilder... answers) {
    for (int i = 0; i < answers.length; i++) {
      String state = i == 0 ? STARTED : "after-" + i;
      var mapping =
          (isPost ? post(url) : get(url))
              .inScenario(url)
              .whenScenarioStateIs(state)
              .willReturn(answers[i]);
      if (i < answers.length - 1) {
        mapping = mapping.willSetStateTo("after-" + (i + 1));
      }
      server.stubFor(mapping);
    }
  }

  private List<String> keysSent() {
    return server.findAll(postRequestedFor(urlEqualTo("/api/v2/payments"))).stream()
        .map(request -> request.getHeader("Idempotency-Key"))
        .toList();
  }

  @Test
  void aCreateWithoutKeyGetsOneUuidThatEveryRetryReuses() {
    stubSequence(
        "/api/v2/payments",
        true,
        aResponse().withStatus(503),
        aResponse().withFault(Fault.CONNECTION_RESET_BY_PEER),
        okJson(payment("p-1", "Authorized")));

    Response<Payment> response =
        client().payments().createWithResponse(cardPayment(), RequestOptions.none());

    assertThat(keysSent())
        .hasSize(3)
        .allMatch(key -> key.matches(UUID_PATTERN))
        .containsOnly(keysSent().get(0));
    assertThat(response.idempotencyKey()).contains(keysSent().get(0));
    assertThat(response.attempts()).isEqualTo(3);
    assertThat(response.value().getId()).isEqualTo("p-1");
  }

  @Test
  void eachLogicalCreateGetsItsOwnKey() {
    server.stubFor(post("/api/v2/payments").willReturn(okJson(payment("p-1", "Authorized"))));
    MerchantPayClient client = client();

    client.payments().create(cardPayment());
    client.payments().create(cardPayment());

    assertThat(keysSent()).hasSize(2).doesNotHaveDuplicates();
  }

  @Test
  void anExplicitKeyIsSentAsGivenOnEveryAttempt() {
    stubSequence(
        "/api/v2/payments",
        true,
        aResponse().withStatus(502),
        okJson(payment("p-1", "Authorized")));

    Response<Payment> response =
        client()
            .payments()
            .createWithResponse(
                cardPayment(),
                RequestOptions.builder().idempotencyKey("order-4711-payment").build());

    assertThat(keysSent()).containsExactly("order-4711-payment", "order-4711-payment");
    assertThat(response.idempotencyKey()).contains("order-4711-payment");
  }

  @Test
  void whenRetriesRunOutTheExceptionCarriesTheKeyEveryAttemptUsed() {
    server.stubFor(
        post("/api/v2/payments")
            .willReturn(
                aResponse()
                    .withStatus(503)
                    .withHeader("Request-Id", "req-9")
                    .withBody(error("invalid_operation", "maintenance"))));

    assertThatThrownBy(() -> client().payments().create(cardPayment()))
        .isInstanceOf(InvalidOperationException.class)
        .satisfies(
            thrown -> {
              ServiceException e = (ServiceException) thrown;
              assertThat(e.getStatusCode()).isEqualTo(503);
              assertThat(e.getIdempotencyKey()).isPresent();
              assertThat(keysSent()).hasSize(3).containsOnly(e.getIdempotencyKey().get());
              assertThat(e.getMessage()).contains("req-9", e.getIdempotencyKey().get());
            });
  }

  @Test
  void retryAfterIsWaitedAtLeast() {
    stubSequence(
        "/api/v2/payments/p-1",
        false,
        aResponse().withStatus(429).withHeader("Retry-After", "2"),
        okJson(payment("p-1", "Settled")));

    client().payments().get("p-1");

    assertThat(waits).containsExactly(Duration.ofSeconds(2));
  }

  @Test
  void waitsGrowExponentiallyWithJitterUpToTheMaximum() {
    server.stubFor(get("/api/v2/payments/p-1").willReturn(aResponse().withStatus(504)));
    RetryPolicy policy =
        RetryPolicy.builder()
            .maxAttempts(5)
            .initialBackoff(Duration.ofMillis(100))
            .maxBackoff(Duration.ofMillis(300))
            .build();

    assertThatThrownBy(
            () -> client(b -> b.retryPolicy(policy).random(() -> 0.0)).payments().get("p-1"))
        .isInstanceOf(UnexpectedResponseException.class);
    assertThat(waits)
        .containsExactly(
            Duration.ofMillis(50),
            Duration.ofMillis(100),
            Duration.ofMillis(150),
            Duration.ofMillis(150));

    waits.clear();
    server.resetRequests();
    assertThatThrownBy(
            () -> client(b -> b.retryPolicy(policy).random(() -> 1.0)).payments().get("p-1"))
        .isInstanceOf(UnexpectedResponseException.class);
    assertThat(waits)
        .containsExactly(
            Duration.ofMillis(100),
            Duration.ofMillis(200),
            Duration.ofMillis(300),
            Duration.ofMillis(300));
  }

  @ParameterizedTest
  @EnumSource(value = Fault.class)
  void everyTransportFaultOnAReadIsRetriedThenReportedAsTransportFailure(Fault fault) {
    server.stubFor(get("/api/v2/payments/p-1").willReturn(aResponse().withFault(fault)));

    assertThatThrownBy(() -> client().payments().get("p-1"))
        .isInstanceOf(TransportException.class)
        .satisfies(thrown -> assertThat(((TransportException) thrown).getAttempts()).isEqualTo(3));
    // The JDK client itself re-sends a GET once when the connection closes before any byte of the
    // answer
    // (its rule for stale pooled connections), so the server may see up to two requests per
    // attempt.
    assertThat(server.findAll(getRequestedFor(urlEqualTo("/api/v2/payments/p-1"))))
        .hasSizeBetween(3, 6);
  }

  @ParameterizedTest
  @EnumSource(value = Fault.class)
  void aKeyedCreateRecoversFromEveryTransportFaultWithTheSameKey(Fault fault) {
    stubSequence(
        "/api/v2/payments",
        true,
        aResponse().withFault(fault),
        okJson(payment("p-1", "Authorized")));

    assertThat(client().payments().create(cardPayment()).getId()).isEqualTo("p-1");
    assertThat(keysSent()).hasSize(2).containsOnly(keysSent().get(0));
  }

  @Test
  void aSlowAnswerEndsInATimeoutPerAttemptLongBeforeTheServerReplies() {
    server.stubFor(
        get("/api/v2/payments/p-1")
            .willReturn(okJson(payment("p-1", "Settled")).withFixedDelay(5_000)));
    long started = System.nanoTime();

    assertThatThrownBy(
            () ->
                client(
                        b ->
                            b.readTimeout(Duration.ofMillis(300))
                                .retryPolicy(
                                    RetryPolicy.builder()
                                        .maxAttempts(2)
                                        .initialBackoff(Duration.ofMillis(10))
                                        .build()))
                    .payments()
                    .get("p-1"))
        .isInstanceOf(RequestTimeoutException.class)
        .hasMessageContaining("attempts: 2");

    assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(3));
    server.verify(2, getRequestedFor(urlEqualTo("/api/v2/payments/p-1")));
  }

  @Test
  void aBodyThatTricklesInIsCutOffByTheReadTimeout() {
    server.stubFor(
        get("/api/v2/payments/p-1")
            .willReturn(okJson(payment("p-1", "Settled")).withChunkedDribbleDelay(20, 5_000)));
    long started = System.nanoTime();

    assertThatThrownBy(
            () ->
                client(b -> b.readTimeout(Duration.ofMillis(400)).retryPolicy(RetryPolicy.none()))
                    .payments()
                    .get("p-1"))
        .isInstanceOf(RequestTimeoutException.class);

    assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(3));
  }

  @Test
  void theCallDeadlineBoundsAllAttemptsTogether() {
    server.stubFor(
        get("/api/v2/payments/p-1")
            .willReturn(okJson(payment("p-1", "Settled")).withFixedDelay(5_000)));
    long started = System.nanoTime();

    assertThatThrownBy(
            () ->
                client(
                        b ->
                            b.readTimeout(Duration.ofSeconds(2))
                                .callTimeout(Duration.ofMillis(500))
                                .retryPolicy(
                                    RetryPolicy.builder()
                                        .maxAttempts(5)
                                        .initialBackoff(Duration.ofMillis(10))
                                        .build()))
                    .payments()
                    .get("p-1"))
        .isInstanceOf(RequestTimeoutException.class);

    assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofMillis(1_900));
    server.verify(1, getRequestedFor(urlEqualTo("/api/v2/payments/p-1")));
  }

  @Test
  void aWaitThatWouldPassTheDeadlineIsNotStarted() {
    server.stubFor(
        get("/api/v2/payments/p-1")
            .willReturn(aResponse().withStatus(503).withHeader("Retry-After", "120")));

    assertThatThrownBy(
            () -> client(b -> b.callTimeout(Duration.ofSeconds(10))).payments().get("p-1"))
        .isInstanceOf(UnexpectedResponseException.class)
        .hasMessageContaining("HTTP 503");

    assertThat(waits).isEmpty();
    server.verify(1, getRequestedFor(urlEqualTo("/api/v2/payments/p-1")));
  }

  @ParameterizedTest
  @ValueSource(ints = {400, 401, 403, 404, 409, 422})
  void otherClientErrorsAreNeverRetried(int status) {
    server.stubFor(
        get("/api/v2/payments/p-1")
            .willReturn(aResponse().withStatus(status).withBody(error("invalid_operation", "no"))));

    assertThatThrownBy(() -> client().payments().get("p-1")).isInstanceOf(ServiceException.class);

    server.verify(1, getRequestedFor(urlEqualTo("/api/v2/payments/p-1")));
    assertThat(waits).isEmpty();
  }

  @Test
  void aPutIsNotRetriedAfterAnAnswerOrAFailureThatLeavesItsOutcomeUnknown() {
    server.stubFor(put("/api/v2/payments/p-1/confirm").willReturn(aResponse().withStatus(503)));
    server.stubFor(
        put("/api/v2/payments/p-1/cancel")
            .willReturn(aResponse().withFault(Fault.CONNECTION_RESET_BY_PEER)));
    Payments payments = client().payments();

    assertThatThrownBy(() -> payments.capture("p-1", capture()))
        .isInstanceOf(UnexpectedResponseException.class);
    assertThatThrownBy(() -> payments.cancel("p-1"))
        .isInstanceOf(TransportException.class)
        .satisfies(
            thrown -> assertThat(((TransportException) thrown).isRequestNeverSent()).isFalse());

    server.verify(1, putRequestedFor(urlEqualTo("/api/v2/payments/p-1/confirm")));
    server.verify(1, putRequestedFor(urlEqualTo("/api/v2/payments/p-1/cancel")));
  }

  @Test
  void aPutIsRetriedWhenTheConnectionIsRefusedBecauseNothingWasSent() throws IOException {
    int closedPort;
    try (ServerSocket socket = new ServerSocket(0)) {
      closedPort = socket.getLocalPort();
    }
    MerchantPayClient client = client(b -> b.baseUrl("http://127.0.0.1:" + closedPort));

    assertThatThrownBy(() -> client.payments().cancel("p-1"))
        .isInstanceOf(TransportException.class)
        .hasMessageContaining("connection refused")
        .satisfies(
            thrown -> {
              assertThat(((TransportException) thrown).getAttempts()).isEqualTo(3);
              assertThat(((TransportException) thrown).isRequestNeverSent()).isTrue();
            });
  }

  @Test
  void aPutIsRetriedAfterAnUnknownOutcomeOnlyWhenTheCallerOptsIn() {
    server.stubFor(
        put("/api/v2/payments/p-1/confirm")
            .inScenario("put")
            .whenScenarioStateIs(STARTED)
            .willReturn(aResponse().withStatus(503))
            .willSetStateTo("ok"));
    server.stubFor(
        put("/api/v2/payments/p-1/confirm")
            .inScenario("put")
            .whenScenarioStateIs("ok")
            .willReturn(aResponse().withStatus(200)));
    RetryPolicy optIn =
        RetryPolicy.builder()
            .initialBackoff(Duration.ofMillis(10))
            .retryUpdatesWhenOutcomeUnknown(true)
            .build();

    Response<Void> response =
        client()
            .payments()
            .captureWithResponse(
                "p-1", capture(), RequestOptions.builder().retryPolicy(optIn).build());

    assertThat(response.attempts()).isEqualTo(2);
    assertThat(response.idempotencyKey()).isEmpty();
    server.verify(2, putRequestedFor(urlEqualTo("/api/v2/payments/p-1/confirm")));
  }

  @Test
  void readsAndUpdatesCarryNoIdempotencyKey() {
    server.stubFor(get("/api/v2/payments/p-1").willReturn(okJson(payment("p-1", "Settled"))));

    Response<Payment> response = client().payments().getWithResponse("p-1", RequestOptions.none());

    assertThat(response.idempotencyKey()).isEmpty();
    assertThat(
            server
                .findAll(getRequestedFor(urlEqualTo("/api/v2/payments/p-1")))
                .get(0)
                .containsHeader("Idempotency-Key"))
        .isFalse();
  }

  @Test
  void aCreateWhoseKeyIsStillInFlightIsRetriedWithTheSameKey() {
    stubSequence(
        "/api/v2/payments",
        true,
        okJson(payment("p-1", "Authorized")).withFixedDelay(2_000),
        aResponse().withStatus(409).withBody(error("idempotency_key_violation", "in progress")),
        okJson(payment("p-1", "Authorized")));

    Response<Payment> response =
        client(b -> b.readTimeout(Duration.ofMillis(300)))
            .payments()
            .createWithResponse(cardPayment(), RequestOptions.none());

    assertThat(response.attempts()).isEqualTo(3);
    assertThat(keysSent()).hasSize(3).containsOnly(response.idempotencyKey().orElseThrow());
  }

  @Test
  void aKeyUsedWithAnotherBodyIsNotRetried() {
    server.stubFor(
        post("/api/v2/payments")
            .willReturn(
                aResponse()
                    .withStatus(422)
                    .withBody(error("idempotency_key_violation", "different body"))));

    assertThatThrownBy(() -> client().payments().create(cardPayment()))
        .isInstanceOf(IdempotencyKeyViolationException.class);
    assertThat(keysSent()).hasSize(1);
  }

  @Test
  void retryAfterAsAnHttpDateIsHonoured() {
    String inThreeSeconds =
        DateTimeFormatter.RFC_1123_DATE_TIME.format(
            ZonedDateTime.now(ZoneOffset.UTC).plusSeconds(4));
    stubSequence(
        "/api/v2/payments/p-1",
        false,
        aResponse().withStatus(503).withHeader("Retry-After", inThreeSeconds),
        okJson(payment("p-1", "Settled")));

    client().payments().get("p-1");

    assertThat(waits).hasSize(1);
    assertThat(waits.get(0)).isBetween(Duration.ofSeconds(2), Duration.ofSeconds(4));
  }

  @Test
  void anAbsurdRetryAfterIsCappedAndEndsTheCallWithinItsDeadline() {
    server.stubFor(
        get("/api/v2/payments/p-1")
            .willReturn(
                aResponse().withStatus(503).withHeader("Retry-After", "99999999999999999")));

    assertThatThrownBy(() -> client().payments().get("p-1"))
        .isInstanceOf(UnexpectedResponseException.class);
    assertThat(waits).isEmpty();
  }

  @Test
  void anEmptySuccessBodyWhereTheOperationHasOneIsAnUnexpectedResponseKeepingTheKey() {
    server.stubFor(post("/api/v2/payments").willReturn(aResponse().withStatus(200)));

    assertThatThrownBy(() -> client().payments().create(cardPayment()))
        .isInstanceOf(UnexpectedResponseException.class)
        .hasMessageContaining("the answer has no body")
        .satisfies(
            thrown -> assertThat(((MerchantPayException) thrown).getIdempotencyKey()).isPresent());
  }

  @Test
  void anIdempotencyKeyOnAnOperationThatCreatesNothingIsRefused() {
    assertThatThrownBy(
            () ->
                client()
                    .payments()
                    .getWithResponse("p-1", RequestOptions.builder().idempotencyKey("k-1").build()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("getPayment");
  }

  @Test
  void theTokenSupplierIsAskedAgainForEachAttemptOfOneCall() {
    stubSequence(
        "/api/v2/payments/p-1",
        false,
        aResponse().withStatus(503),
        okJson(payment("p-1", "Settled")));
    AtomicInteger asked = new AtomicInteger();

    client(b -> b.accessTokenSupplier(() -> "token-" + asked.incrementAndGet()))
        .payments()
        .get("p-1");

    assertThat(server.findAll(getRequestedFor(urlEqualTo("/api/v2/payments/p-1"))))
        .extracting(request -> request.getHeader("Authorization"))
        .containsExactly("Bearer token-1", "Bearer token-2");
  }

  @Test
  void a401IsRetriedOnceAtOnceWithAFreshTokenFromTheSupplier() {
    stubSequence(
        "/api/v2/payments/p-1",
        false,
        aResponse().withStatus(401).withBody(error("not_authorized", "expired")),
        okJson(payment("p-1", "Settled")));
    AtomicInteger asked = new AtomicInteger();

    client(b -> b.accessTokenSupplier(() -> "token-" + asked.incrementAndGet()))
        .payments()
        .get("p-1");

    assertThat(waits).containsExactly(Duration.ZERO);
    assertThat(asked).hasValue(2);
  }

  @Test
  void a401WithAFixedTokenIsNotRetried() {
    server.stubFor(
        get("/api/v2/payments/p-1")
            .willReturn(aResponse().withStatus(401).withBody(error("not_authorized", "no"))));

    assertThatThrownBy(() -> client().payments().get("p-1"))
        .isInstanceOf(NotAuthorizedException.class);
    server.verify(1, getRequestedFor(urlEqualTo("/api/v2/payments/p-1")));
  }

  @Test
  void aSupplierThatFailsOnARetryEndsTheCallWithTheKeyOfTheEarlierAttempt() {
    server.stubFor(post("/api/v2/payments").willReturn(aResponse().withStatus(503)));
    AtomicInteger asked = new AtomicInteger();

    assertThatThrownBy(
            () ->
                client(
                        b ->
                            b.accessTokenSupplier(
                                () -> {
                                  if (asked.incrementAndGet() > 1) {
                                    throw new IllegalStateException("token service down");
                                  }
                                  return "token-1";
                                }))
                    .payments()
                    .create(cardPayment()))
        .isInstanceOf(AccessTokenException.class)
        .hasMessageContaining("IllegalStateException")
        .satisfies(
            thrown ->
                assertThat(((MerchantPayException) thrown).getIdempotencyKey())
                    .contains(keysSent().get(0)));
  }

  @Test
  void noAttemptIsStartedWithTooLittleTimeLeft() {
    server.stubFor(get("/api/v2/payments/p-1").willReturn(aResponse().withStatus(503)));
    AtomicLong clock = new AtomicLong();
    MerchantPayClient client =
        client(
            b ->
                b.callTimeout(Duration.ofMillis(200))
                    .nanoTime(clock::get)
                    .sleeper(
                        wait ->
                            clock.addAndGet(wait.toNanos() + Duration.ofMillis(100).toNanos())));

    assertThatThrownBy(() -> client.payments().get("p-1"))
        .isInstanceOf(UnexpectedResponseException.class);
    server.verify(1, getRequestedFor(urlEqualTo("/api/v2/payments/p-1")));
  }

  private static CaptureRequest capture() {
    return new CaptureRequest().amount(new Amount().value(new BigDecimal("5.00")).currency("RUB"));
  }
}
