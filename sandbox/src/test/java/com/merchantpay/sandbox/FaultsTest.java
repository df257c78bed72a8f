package com.merchantpay.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.HttpURLConnection;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Each effect of a fault rule, and that no fault ever makes a call act twice or half. */
class FaultsTest extends SandboxTestBase {
  private static final String PAYS = "4111111111111111";

  private List<JsonNode> payments() {
    List<JsonNode> items = new ArrayList<>();
    api.get("/api/v2/payments?merchantId=" + sandbox.merchantId())
        .json()
        .path("items")
        .forEach(items::add);
    return items;
  }

  @Test
  void faultRulesBeyondTheCapAreRefusedSayingHowToMakeRoom() {
    for (int i = 0; i < 1_000; i++) {
      sandbox.faults().add(Fault.parse("v2:getRefund,failBefore=503"));
    }

    Api.Res refused =
        api.send(
            "POST",
            "/_sandbox/faults",
            Map.of(
                "operation", "v2:getRefund", "effect", Map.of("kind", "failBefore", "status", 503)),
            Map.of());

    assertThat(refused.status()).isEqualTo(409);
    assertThat(refused.text()).contains("at most 1000 fault rules", "remove some");
    assertThatThrownBy(() -> sandbox.faults().add(Fault.parse("v2:getRefund,failBefore=503")))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("at most 1000 fault rules");
    sandbox.faults().clear();
    assertThat(sandbox.faults().add(Fault.parse("v2:getRefund,failBefore=503"))).isNotNull();
  }

  @Test
  void aFaultBeforeActingAnswersItsStatusWithRetryAfterAndMakesNothing() {
    sandbox.faults().add(Fault.on("createPayment").once().failBefore(503, Duration.ofMillis(1500)));

    Api.Res refused =
        api.unchecked().post("/api/v2/payments", api.cardPayment(PAYS, "10.00", false));

    assertThat(refused.status()).isEqualTo(503);
    assertThat(refused.header("Retry-After")).isEqualTo("2");
    assertThat(refused.text()).contains("Fault injected by the sandbox", "createPayment");
    assertThat(payments()).isEmpty();
    assertThat(api.post("/api/v2/payments", api.cardPayment(PAYS, "10.00", false)).status())
        .as("a spent rule is gone")
        .isEqualTo(200);
  }

  @Test
  void aFailureAfterActingLeavesExactlyOnePaymentWhichTheSameKeyReturns() {
    sandbox.faults().add(Fault.on("createPayment").once().failAfter(502));
    ObjectNode body = api.cardPayment(PAYS, "10.00", false);

    Api.Res lost = api.unchecked().post("/api/v2/payments", body, "order-1");
    Api.Res retried = api.post("/api/v2/payments", body, "order-1");

    assertThat(lost.status()).isEqualTo(502);
    assertThat(retried.status()).isEqualTo(200);
    assertThat(payments())
        .singleElement()
        .satisfies(
            p -> assertThat(p.path("id").asText()).isEqualTo(retried.json().path("id").asText()));
  }

  @Test
  void aDroppedConnectionAfterActingLosesTheAnswerNotThePayment() {
    sandbox.faults().add(Fault.on("createPayment").once().dropAfter());
    ObjectNode body = api.cardPayment(PAYS, "10.00", false);

    assertThatThrownBy(() -> api.post("/api/v2/payments", body, "order-2"))
        .isInstanceOf(UncheckedIOException.class);
    JsonNode retried = api.post("/api/v2/payments", body, "order-2").json();

    assertThat(payments())
        .singleElement()
        .satisfies(p -> assertThat(p.path("id").asText()).isEqualTo(retried.path("id").asText()));
    JournalEntry dropped = sandbox.journal().find(RequestPattern.operation("createPayment")).get(0);
    assertThat(dropped.status()).isZero();
    assertThat(dropped.fault()).endsWith("v2:createPayment,dropAfter,times=1");
  }

  @Test
  void aDelayHoldsTheCallThenAnswersAsUsual() {
    sandbox.faults().add(Fault.on(Operation.V2.GET_PAYMENT).once().delay(Duration.ofMillis(400)));
    String id = api.pay(PAYS, "5.00", false).path("id").asText();

    long started = System.nanoTime();
    Api.Res res = api.get("/api/v2/payments/" + id);

    assertThat(res.status()).isEqualTo(200);
    assertThat(Duration.ofNanos(System.nanoTime() - started))
        .isGreaterThanOrEqualTo(Duration.ofMillis(400));
  }

  @Test
  void aStalledBodyOutlastsAShortReadTimeoutButThePaymentIsMade() throws Exception {
    sandbox.faults().add(Fault.on("createPayment").once().stall(Duration.ofSeconds(3)));

    // The status line and half the body arrive; a client without a read timeout would wait.
    HttpURLConnection call = rawCreateConnection(Duration.ofMillis(500));
    assertThat(call.getResponseCode()).isEqualTo(200);
    assertThatThrownBy(() -> call.getInputStream().readAllBytes())
        .isInstanceOf(SocketTimeoutException.class);

    assertThat(payments()).hasSize(1);
  }

  @Test
  void aTruncatedBodyEndsBeforeTheAnnouncedLength() {
    sandbox.faults().add(Fault.on("createPayment").once().truncate());

    assertThatThrownBy(() -> rawCreate(Duration.ofSeconds(10))).isInstanceOf(IOException.class);

    assertThat(payments()).hasSize(1);
  }

  private HttpURLConnection rawCreateConnection(Duration readTimeout) throws IOException {
    HttpURLConnection call =
        (HttpURLConnection)
            URI.create(sandbox.baseUrl() + "/api/v2/payments").toURL().openConnection();
    call.setReadTimeout((int) readTimeout.toMillis());
    call.setRequestMethod("POST");
    call.setDoOutput(true);
    call.setRequestProperty("Authorization", "Bearer " + sandbox.bearerToken());
    call.setRequestProperty("Content-Type", "application/json");
    call.setRequestProperty("Idempotency-Key", "raw-" + System.nanoTime());
    try (OutputStream body = call.getOutputStream()) {
      body.write(Api.bytes(api.cardPayment(PAYS, "1.00", false)));
    }
    return call;
  }

  private HttpResponse<String> rawCreate(Duration timeout) throws Exception {
    return HttpClient.newBuilder()
        .version(HttpClient.Version.HTTP_1_1)
        .build()
        .send(
            HttpRequest.newBuilder(URI.create(sandbox.baseUrl() + "/api/v2/payments"))
                .timeout(timeout)
                .header("Authorization", "Bearer " + sandbox.bearerToken())
                .header("Content-Type", "application/json")
                .header("Idempotency-Key", "raw-" + System.nanoTime())
                .POST(
                    HttpRequest.BodyPublishers.ofByteArray(
                        Api.bytes(api.cardPayment(PAYS, "1.00", false))))
                .build(),
            HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void theNthCallAndTheMerchantNarrowWhichCallsAreHit() {
    sandbox.faults().add(Fault.on("v2:getPayment").nthCall(2).failBefore(500));
    sandbox.faults().add(Fault.on("createPayment").merchant("merchant-b").failBefore(503));
    String id = api.pay(PAYS, "5.00", false).path("id").asText();

    List<Integer> statuses = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      statuses.add(api.unchecked().get("/api/v2/payments/" + id).status());
    }

    assertThat(statuses).containsExactly(200, 500, 200);
    assertThat(sandbox.faults().list())
        .singleElement()
        .asString()
        .contains("createPayment@merchant-b");
    assertThat(
            api.as("token-b")
                .unchecked()
                .post("/api/v2/payments", api.cardPayment(PAYS, "1.00", false))
                .status())
        .isEqualTo(503);
  }

  @Test
  void aFaultForAMerchantMeetsOnlyCallsTheInterfaceWouldTakeAsThatMerchants() {
    sandbox.faults().add(Fault.on("createPayment").merchant("merchant-b").failBefore(503));

    Api.Res basic =
        api.as(null)
            .unchecked()
            .send(
                "POST",
                "/api/v2/payments",
                api.cardPayment(PAYS, "1.00", false),
                Map.of("Authorization", "Basic token-b", "Idempotency-Key", "basic-1"));
    Api.Res bearer =
        api.as(null)
            .unchecked()
            .send(
                "POST",
                "/api/v2/payments",
                api.cardPayment(PAYS, "1.00", false),
                Map.of("Authorization", "bearer token-b", "Idempotency-Key", "bearer-1"));

    // "Basic token-b" is no caller at all: refused as such, not taken as merchant-b's call.
    assertThat(basic.status()).isEqualTo(401);
    assertThat(bearer.status()).isEqualTo(503);
  }

  @Test
  void aRateWithASeedHitsTheSameCallsEveryRun() {
    List<Integer> first = rateRun();
    sandbox.reset();
    List<Integer> second = rateRun();

    assertThat(first).isEqualTo(second).contains(200, 429);
  }

  private List<Integer> rateRun() {
    sandbox.faults().add(Fault.onEveryCall().rate(0.5, 42).failBefore(429, Duration.ofSeconds(1)));
    List<Integer> statuses = new ArrayList<>();
    for (int i = 0; i < 12; i++) {
      statuses.add(
          api.unchecked().get("/api/v2/payments?merchantId=" + sandbox.merchantId()).status());
    }
    return statuses;
  }

  @Test
  void aV1RefundThatFailsAfterActingIsMadeOnce() {
    String id = api.pay(PAYS, "30.00", false).path("id").asText();
    sandbox.faults().add(Fault.on("refundPayment").once().failAfter(500));

    Api.Res lost =
        api.unchecked()
            .v1("refundPayment", accountant(), Map.of("paymentID", id, "amount", "10.00"));

    assertThat(lost.status()).isEqualTo(500);
    assertThat(api.get("/api/v2/refunds?merchantId=" + sandbox.merchantId()).json().path("items"))
        .hasSize(1);
  }

  @Test
  void theControlApiAddsListsAndRemovesRulesAndRefusesAMalformedOne() {
    JsonNode added =
        api.control(
            "POST",
            "/_sandbox/faults",
            Map.of(
                "operation",
                "v2:getPayment",
                "times",
                2,
                "effect",
                Map.of("kind", "failBefore", "status", 503)));
    assertThat(added.path("text").asText()).isEqualTo("v2:getPayment,failBefore=503,times=2");
    assertThat(api.control("GET", "/_sandbox/faults", null).path("faults")).hasSize(1);

    api.control("DELETE", "/_sandbox/faults/" + added.path("id").asText(), null);
    assertThat(sandbox.faults().list()).isEmpty();

    Api.Res malformed =
        api.send(
            "POST",
            "/_sandbox/faults",
            Map.of("operation", "v2:getPayment", "effect", Map.of("kind", "explode")),
            Map.of());
    assertThat(malformed.status()).isEqualTo(400);
    assertThat(malformed.json().path("errors").toString()).contains("effect.kind");
  }

  @Test
  void aResetRemovesEveryRuleAndTheTextFormReadsBackAsWritten() {
    Fault fault =
        Fault.parse(
            "createPayment@merchant-a,failBefore=429,retryAfter=PT1S,rate=0.3,seed=42,times=5");
    sandbox.faults().add(fault);

    sandbox.reset();

    assertThat(sandbox.faults().list()).isEmpty();
    assertThat(Fault.parse(fault.toString())).isEqualTo(fault);
    assertThatThrownBy(() -> Fault.parse("createPayment,explode")).hasMessageContaining("explode");
    assertThatThrownBy(() -> Fault.on("createPayment").failAfter(409))
        .hasMessageContaining("only a 5xx");
  }

  @Test
  void aMistypedOperationFailsWhenTheRuleIsWrittenNamingTheKnownOnes() {
    assertThatThrownBy(() -> Fault.on("createPaymnet"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("no operation 'createPaymnet'")
        .hasMessageContaining("did you mean createPayment?")
        .hasMessageContaining("capturePayment")
        .hasMessageContaining("refundPayment");
    assertThatThrownBy(() -> RequestPattern.operation("capturePaymnet"))
        .hasMessageContaining("did you mean capturePayment?");
    assertThatThrownBy(() -> Fault.parse("createPaymnet,dropAfter"))
        .hasMessageContaining("fault 'createPaymnet,dropAfter'")
        .hasMessageContaining("did you mean createPayment?");
    assertThatThrownBy(() -> Fault.on("v1:createPayment"))
        .as("v1 has no createPayment")
        .hasMessageContaining("the v1 operations are getPayment");
    Api.Res posted =
        api.send(
            "POST",
            "/_sandbox/faults",
            Map.of("operation", "createPaymnet", "effect", Map.of("kind", "dropAfter")),
            Map.of());
    assertThat(posted.status()).isEqualTo(400);
    assertThat(posted.json().toString()).contains("did you mean createPayment?");
    assertThat(sandbox.faults().list()).isEmpty();
  }

  @Test
  void aNameOfBothInterfacesNeedsItsInterfaceAndARuleMeetsOnlyThatInterface() {
    assertThatThrownBy(() -> Fault.on("getPayment"))
        .hasMessageContaining("'getPayment' is an operation of both interfaces")
        .hasMessageContaining("v2:getPayment or v1:getPayment");
    assertThatThrownBy(() -> RequestPattern.operation("cancelPayment"))
        .hasMessageContaining("v2:cancelPayment or v1:cancelPayment");
    assertThat(Operation.named("V1:GETPAYMENT")).isEqualTo(Operation.V1.GET_PAYMENT);
    assertThat(Operation.named("refundPayment")).isEqualTo(Operation.V1.REFUND_PAYMENT);

    sandbox.faults().add(Fault.on(Operation.V2.GET_PAYMENT).failBefore(503));
    String id = api.pay(PAYS, "5.00", false).path("id").asText();

    assertThat(api.unchecked().get("/api/v2/payments/" + id).status()).isEqualTo(503);
    assertThat(api.v1("getPayment", accountant(), Map.of("paymentID", id)).errorCode())
        .as("v1's getPayment is another operation")
        .isZero();
    assertThat(sandbox.journal().find(RequestPattern.operation(Operation.V1.GET_PAYMENT)))
        .hasSize(1)
        .allSatisfy(entry -> assertThat(entry.fault()).isNull());
    assertThat(sandbox.journal().find(RequestPattern.operation("v2:getPayment"))).hasSize(1);
  }

  @Test
  void theConstantsAreExactlyTheOperationsOfTheTwoDocuments() {
    assertThat(java.util.Arrays.stream(Operation.V2.values()).map(Operation::id).toList())
        .containsExactlyInAnyOrderElementsOf(
            com.merchantpay.sandbox.internal.contract.Contracts.operationIds(
                com.merchantpay.spec.ApiSpec.V2));
    assertThat(java.util.Arrays.stream(Operation.V1.values()).map(Operation::id).toList())
        .containsExactlyInAnyOrderElementsOf(
            com.merchantpay.sandbox.internal.contract.Contracts.operationIds(
                com.merchantpay.spec.ApiSpec.V1));
  }
}
