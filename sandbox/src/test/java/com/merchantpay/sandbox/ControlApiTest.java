package com.merchantpay.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ControlApiTest extends SandboxTestBase {

  @ParameterizedTest
  @ValueSource(
      strings = {"Authorized", "Settled", "Cancelled", "Rejected", "Confirmation", "Pending"})
  void aPaymentCanBeCreatedInEachState(String status) {
    JsonNode created =
        api.control(
            "POST",
            "/_sandbox/payments",
            Map.of(
                "status",
                status,
                "id",
                "90000001",
                "amount",
                Map.of("value", 12.5, "currency", "EUR")));

    JsonNode payment = api.payment("90000001");
    assertThat(payment).isEqualTo(created);
    assertThat(payment.path("status").asText()).isEqualTo(status);
    assertThat(payment.path("amount").path("currency").asText()).isEqualTo("EUR");
  }

  @Test
  void aPaymentCreatedInAStateBehavesLikeOne() {
    api.control("POST", "/_sandbox/payments", Map.of("status", "Authorized", "id", "90000002"));
    api.control(
        "POST",
        "/_sandbox/payments",
        Map.of("status", "Confirmation", "id", "90000003", "confirmationType", "ThreeDSv1"));

    assertThat(api.put("/api/v2/payments/90000002/cancel", null).status()).isEqualTo(200);
    assertThat(
            api.put("/api/v2/payments/90000003/complete", Map.of("PARes", "ok"))
                .json()
                .path("status")
                .asText())
        .isEqualTo("Settled");
    assertThat(
            api.v1("getPayment", cashier(), Map.of("paymentID", "90000002"))
                .json()
                .path("Payment")
                .path("State")
                .asText())
        .isEqualTo("CANCELLED");
  }

  @Test
  void otherResourcesCanBeCreatedInAState() {
    api.control("POST", "/_sandbox/payments", Map.of("status", "Settled", "id", "90000004"));
    JsonNode refund =
        api.control(
            "POST", "/_sandbox/refunds", Map.of("paymentId", "90000004", "status", "Pending"));
    JsonNode token =
        api.control(
            "POST", "/_sandbox/paymenttokens", Map.of("id", "tok_provider_state", "blocked", true));
    JsonNode sticker =
        api.control("POST", "/_sandbox/stickers", Map.of("id", "stk-state", "active", false));
    JsonNode receipt = api.control("POST", "/_sandbox/receipts", Map.of("paymentId", "90000004"));

    assertThat(
            api.get("/api/v2/refunds/" + refund.path("id").asText()).json().path("status").asText())
        .isEqualTo("Pending");
    assertThat(api.get("/api/v2/paymenttokens/tok_provider_state").json().path("status").asText())
        .isEqualTo("Active");
    assertThat(api.get("/api/v2/stickers/stk-state").json().path("status").asText())
        .isEqualTo("Inactive");
    assertThat(
            api.get("/api/v2/receipts/" + receipt.path("id").asText())
                .json()
                .path("fiscalData")
                .isObject())
        .isTrue();
    assertThat(token.path("id").asText()).isEqualTo("tok_provider_state");
    assertThat(sticker.path("payload").asText()).endsWith("/sticker/stk-state");
  }

  @Test
  void onlyStatesTheServiceCouldReachCanBeMade() {
    api.control("POST", "/_sandbox/payments", Map.of("status", "Authorized", "id", "90000005"));
    api.control(
        "POST",
        "/_sandbox/payments",
        Map.of(
            "status",
            "Settled",
            "id",
            "90000006",
            "amount",
            Map.of("value", 10, "currency", "RUB")));

    Api.Res refundOfAHold =
        api.send("POST", "/_sandbox/refunds", Map.of("paymentId", "90000005"), Map.of());
    Api.Res tooMuch =
        api.send(
            "POST",
            "/_sandbox/refunds",
            Map.of("paymentId", "90000006", "amount", Map.of("value", 11, "currency", "RUB")),
            Map.of());
    api.control("POST", "/_sandbox/payments", Map.of("status", "Rejected", "id", "90000007"));
    Api.Res receiptOfADecline =
        api.send("POST", "/_sandbox/receipts", Map.of("paymentId", "90000007"), Map.of());

    assertThat(refundOfAHold.status()).isEqualTo(400);
    assertThat(refundOfAHold.errors())
        .singleElement()
        .asString()
        .startsWith("paymentId:")
        .contains("Authorized");
    assertThat(tooMuch.status()).isEqualTo(400);
    assertThat(tooMuch.errors())
        .singleElement()
        .asString()
        .startsWith("amount.value:")
        .contains("10");
    assertThat(receiptOfADecline.status()).isEqualTo(400);
    assertThat(receiptOfADecline.errors()).singleElement().asString().startsWith("paymentId:");
  }

  @Test
  void aMadePaymentHasTheHistoryItsStatusImplies() {
    JsonNode cancelled =
        api.control(
            "POST",
            "/_sandbox/payments",
            Map.of("status", "Cancelled", "id", "90000008", "created", "2024-05-14T08:00:00Z"));
    JsonNode declined =
        api.control(
            "POST",
            "/_sandbox/payments",
            Map.of("status", "Rejected", "id", "90000009", "resultCode", "InsufficientFunds"));

    assertThat(cancelled.path("resultCode").asText())
        .as("it was authorized before")
        .isEqualTo("Success");
    assertThat(cancelled.path("completed").asText()).isEqualTo("2024-05-14T08:00:00Z");
    assertThat(declined.path("resultCode").asText()).isEqualTo("InsufficientFunds");
    assertThat(
            api.put(
                    "/api/v2/payments/90000008/confirm",
                    Map.of("amount", Map.of("value", 1, "currency", "RUB")))
                .status())
        .isEqualTo(409);
  }

  @Test
  void badProviderStatesAreRefusedWithTheFieldsNamed() {
    Api.Res unknownStatus =
        api.send("POST", "/_sandbox/payments", "{\"status\":\"Lost\",\"amount\":5}", Map.of());
    Api.Res unknownMerchant =
        api.send(
            "POST",
            "/_sandbox/payments",
            "{\"status\":\"Settled\",\"merchantId\":\"nobody\",\"id\":\"p-1\",\"pan\":\"12\"}",
            Map.of());

    // The control document's own rules come first, every broken one at once; then the sandbox's.
    assertThat(unknownStatus.status()).isEqualTo(400);
    assertThat(unknownStatus.errors())
        .anySatisfy(e -> assertThat(e).startsWith("status:"))
        .anySatisfy(e -> assertThat(e).startsWith("amount:"));
    assertThat(unknownMerchant.status()).isEqualTo(400);
    assertThat(unknownMerchant.errors())
        .anySatisfy(e -> assertThat(e).startsWith("merchantId:"))
        .anySatisfy(e -> assertThat(e).startsWith("pan:"));
  }

  @Test
  void theClockMovesOnlyForwardAndOnlyWhenTold() {
    assertThat(api.control("GET", "/_sandbox/clock", null).path("now").asText())
        .isEqualTo("2024-05-14T09:00:00Z");
    assertThat(
            api.control("POST", "/_sandbox/clock/advance", Map.of("seconds", 90))
                .path("now")
                .asText())
        .isEqualTo("2024-05-14T09:01:30Z");
    assertThat(sandbox.now()).isEqualTo(Instant.parse("2024-05-14T09:01:30Z"));
    assertThat(postControlStatus("/_sandbox/clock/advance", "{\"seconds\":-1}")).isEqualTo(400);
  }

  @Test
  void aBackwardOrMalformedClockMoveIsAValidationErrorNamingTheField() {
    Api.Res seconds = api.send("POST", "/_sandbox/clock/advance", "{\"seconds\":-5}", Map.of());
    Api.Res duration =
        api.send("POST", "/_sandbox/clock/advance", "{\"duration\":\"PT-5S\"}", Map.of());
    Api.Res text = api.send("POST", "/_sandbox/clock/advance", "{\"duration\":\"soon\"}", Map.of());

    assertThat(List.of(seconds, duration, text))
        .allSatisfy(
            res -> {
              assertThat(res.status()).isEqualTo(400);
              assertThat(res.code()).isEqualTo("validation_error");
            });
    assertThat(seconds.errors()).singleElement().asString().startsWith("seconds:").contains("0");
    assertThat(duration.errors())
        .singleElement()
        .asString()
        .startsWith("duration: must not be negative");
    assertThat(text.errors()).singleElement().asString().startsWith("duration:");
    assertThat(sandbox.now()).isEqualTo(T0);
  }

  @Test
  void theClockMovesAtMostOneHundredYearsPastItsStart() {
    Api.Res huge =
        api.send("POST", "/_sandbox/clock/advance", "{\"duration\":\"PT99999999999H\"}", Map.of());

    assertThat(huge.status()).isEqualTo(400);
    assertThat(huge.errors())
        .singleElement()
        .asString()
        .startsWith("duration:")
        .contains("100 years");
    assertThat(sandbox.now()).isEqualTo(T0);
    api.advance("P36500D");
    Api.Res beyond =
        api.send(
            "POST", "/_sandbox/clock/advance", "{\"seconds\":" + 366L * 24 * 3600 + "}", Map.of());
    assertThat(beyond.status()).isEqualTo(400);
    assertThat(beyond.errors())
        .singleElement()
        .asString()
        .startsWith("seconds:")
        .contains("100 years");
    assertThat(sandbox.now()).isEqualTo(T0.plus(Duration.ofDays(36500)));
    assertThatThrownBy(() -> sandbox.advanceClock(Duration.ofDays(366)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("100 years");
  }

  @Test
  void resetForgetsEverythingAndRestartsTheClockButNeverAnId() {
    String first = api.pay("4111111111111111", "1", false).path("id").asText();
    api.advance("PT1H");

    api.control("POST", "/_sandbox/reset", null);

    assertThat(api.get("/api/v2/payments/" + first).status()).isEqualTo(404);
    assertThat(api.pay("4111111111111111", "1", false).path("id").asText())
        .as("an id given before the reset is never given again")
        .isNotEqualTo(first);
    assertThat(sandbox.now()).isEqualTo(T0);
  }

  @Test
  void aSeededSandboxRepeatsItsIdentifiersInAnotherRun() {
    List<String> runs = new ArrayList<>();
    for (int run = 0; run < 2; run++) {
      try (Sandbox seeded = Sandbox.builder().seed(42).start()) {
        Api other = new Api(seeded);
        runs.add(
            other.pay("4111111111111111", "1", false).path("id").asText()
                + " "
                + other
                    .post(
                        "/api/v2/tokenization",
                        Map.of("merchantId", seeded.merchantId(), "type", "recurring"))
                    .json()
                    .path("tokenId")
                    .asText());
      }
    }

    assertThat(runs.get(1)).isEqualTo(runs.get(0)).matches("\\d+ tok_[0-9a-f]{32}");
  }

  @Test
  void configurationNamesTheCredentials() {
    JsonNode config = api.control("GET", "/_sandbox/config", null);

    assertThat(config.path("baseUrl").asText()).isEqualTo(sandbox.baseUrl().toString());
    assertThat(config.path("bearerTokens").toString()).contains("token-a", "merchant-a");
    assertThat(config.path("v1Logins").get(0).path("roles").get(0).asText())
        .isEqualTo("Accountant");
    assertThat(config.path("pageSize").asInt()).isEqualTo(50);
  }

  @Test
  void anUnknownControlOperationPointsToTheListOfThemInTheConfiguration() {
    JsonNode config = api.control("GET", "/_sandbox/config", null);

    assertThat(config.path("controlOperations"))
        .extracting(JsonNode::asText)
        .contains("POST /_sandbox/clock/advance", "POST /_sandbox/payments", "GET /_sandbox/state");
    assertThat(api.send("DELETE", "/_sandbox/payments", null, Map.of()).status()).isEqualTo(404);
  }

  private int postControlStatus(String path, String body) {
    return api.send("POST", path, body, Map.of()).status();
  }

  // ------------------------------------------------------------ requests a web page could make

  @Test
  void aNameTheSandboxIsNotReachedByIsRefusedAsARebindingWouldBe() throws IOException {
    int port = sandbox.baseUrl().getPort();

    String rebound = raw("GET", "/_sandbox/config", "attacker.example:" + port, Map.of(), null);
    String loopbackName = raw("GET", "/_sandbox/config", "localhost:" + port, Map.of(), null);
    String loopbackAddress = raw("GET", "/_sandbox/config", "127.0.0.1:" + port, Map.of(), null);

    assertThat(rebound)
        .startsWith("HTTP/1.1 403")
        .contains("\"code\":\"not_authorized\"", "not for attacker.example:" + port)
        .contains("sends Host: localhost")
        .doesNotContain(sandbox.bearerToken());
    assertThat(loopbackName).startsWith("HTTP/1.1 200");
    assertThat(loopbackAddress).startsWith("HTTP/1.1 200");
  }

  @Test
  void aPageOfAnotherSiteCannotResetTheSandbox() throws IOException {
    String id = api.pay("4111111111111111", "10", false).path("id").asText();
    String host = sandbox.baseUrl().getAuthority();

    String foreign =
        raw("POST", "/_sandbox/reset", host, Map.of("Origin", "https://shop.example"), null);
    String asText =
        raw("POST", "/_sandbox/reset", host, Map.of("Content-Type", "text/plain"), "{}");
    int left = api.get("/api/v2/payments/" + id).status();
    String sameSite =
        raw("POST", "/_sandbox/reset", host, Map.of("Origin", "http://" + host), null);

    assertThat(foreign)
        .startsWith("HTTP/1.1 403")
        .contains("a page of another site (https://shop.example)");
    assertThat(asText)
        .startsWith("HTTP/1.1 400")
        .contains("\"code\":\"validation_error\"", "JSON bodies only, not text/plain");
    assertThat(left).isEqualTo(200);
    assertThat(sameSite).startsWith("HTTP/1.1 200");
    assertThat(api.get("/api/v2/payments/" + id).status()).isEqualTo(404);
  }

  @Test
  void thePortalGivesItsCredentialsOnlyToItsOwnPagesUnderTheSandboxsNames() throws IOException {
    String host = sandbox.baseUrl().getAuthority();

    String ownPage =
        raw("GET", "/docs/sandbox.js", host, Map.of("Sec-Fetch-Site", "same-origin"), null);
    String includedElsewhere =
        raw("GET", "/docs/sandbox.js", host, Map.of("Sec-Fetch-Site", "cross-site"), null);
    String rebound = raw("GET", "/docs/sandbox.js", "attacker.example", Map.of(), null);
    String unsaid = raw("GET", "/docs/sandbox.js", host, Map.of(), null);
    String dotted = raw("GET", "/docs/./index.html", host, Map.of(), null);

    assertThat(ownPage).startsWith("HTTP/1.1 200").contains(sandbox.bearerToken());
    assertThat(includedElsewhere)
        .startsWith("HTTP/1.1 403")
        .contains("not to a cross-site page")
        .doesNotContain(sandbox.bearerToken());
    assertThat(rebound)
        .startsWith("HTTP/1.1 403")
        .contains("not to attacker.example")
        .doesNotContain(sandbox.bearerToken());
    assertThat(unsaid)
        .startsWith("HTTP/1.1 403")
        .contains("does not say which page asks")
        .doesNotContain(sandbox.bearerToken());
    assertThat(dotted).startsWith("HTTP/1.1 404");
  }

  /** A request written byte for byte: the JDK's client will not send a Host of our choosing. */
  private String raw(
      String method, String path, String host, Map<String, String> headers, String body)
      throws IOException {
    try (Socket socket =
        new Socket(InetAddress.getLoopbackAddress(), sandbox.baseUrl().getPort())) {
      socket.setSoTimeout(10_000);
      StringBuilder request =
          new StringBuilder(method + " " + path + " HTTP/1.1\r\nHost: " + host + "\r\n");
      headers.forEach(
          (name, value) -> request.append(name).append(": ").append(value).append("\r\n"));
      byte[] content = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
      request.append("Content-Length: ").append(content.length).append("\r\n");
      request.append("Connection: close\r\n\r\n");
      socket.getOutputStream().write(request.toString().getBytes(StandardCharsets.UTF_8));
      socket.getOutputStream().write(content);
      socket.getOutputStream().flush();
      return new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
