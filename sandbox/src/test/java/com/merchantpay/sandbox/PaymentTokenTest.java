package com.merchantpay.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.merchantpay.testsupport.CallbackReceiver;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PaymentTokenTest extends SandboxTestBase {

  private ObjectNode tokenRequest(String pan, String callbackUrl) {
    ObjectNode body = Api.object();
    body.put("merchantId", "merchant-a");
    body.put("testMode", true);
    body.put("type", "recurring");
    ObjectNode card =
        body.putObject("paymentData").put("paymentMethod", "bankcard").putObject("card");
    card.put("pan", pan);
    card.put("expiry", "12/27");
    if (callbackUrl != null) {
      body.putObject("protocol").put("callbackUrl", callbackUrl);
    }
    return body;
  }

  private ObjectNode tokenPayment(String tokenId) {
    ObjectNode body = Api.object();
    body.put("merchantId", "merchant-a");
    body.set("amount", Api.amount("399", "RUB"));
    body.putObject("paymentData")
        .put("paymentMethod", "bankcard")
        .putObject("token")
        .put("id", tokenId);
    return body;
  }

  private String activeToken(String pan) {
    String id =
        api.post("/api/v2/paymenttokens", tokenRequest(pan, null)).json().path("id").asText();
    api.put("/api/v2/paymenttokens/" + id + "/complete", Map.of("code", "1"));
    return id;
  }

  @Test
  void tokenIsCreatedWithAnExternalConfirmationThenCompletedToActive() {
    JsonNode created =
        api.post("/api/v2/paymenttokens", tokenRequest("4111111111111111", null)).json();
    assertThat(created.path("status").asText()).isEqualTo("Created");
    assertThat(created.path("confirmation").path("type").asText()).isEqualTo("External");
    assertThat(created.path("confirmation").path("paymentUrl").asText())
        .startsWith(sandbox.baseUrl().toString());

    JsonNode completed =
        api.put(
                "/api/v2/paymenttokens/" + created.path("id").asText() + "/complete",
                Map.of("code", "1"))
            .json();

    assertThat(completed.path("status").asText()).isEqualTo("Active");
    assertThat(completed.path("resultCode").asText()).isEqualTo("Success");
    assertThat(completed.path("title").asText()).isEqualTo("Visa *1111");
    assertThat(completed.path("expires").asText()).isEqualTo("2027-12-31T23:59:59Z");
    assertThat(completed.has("confirmation")).isFalse();
  }

  @Test
  void theUserCanApproveOnThePageInstead() {
    JsonNode created =
        api.post("/api/v2/paymenttokens", tokenRequest("4111111111111111", null)).json();

    api.page("POST", created.path("confirmation").path("paymentUrl").asText(), "action=approve");

    assertThat(
            api.get("/api/v2/paymenttokens/" + created.path("id").asText())
                .json()
                .path("status")
                .asText())
        .isEqualTo("Active");
  }

  @Test
  void aDecliningCardGivesADeclinedToken() {
    String id =
        api.post("/api/v2/paymenttokens", tokenRequest("4000000000001067", null))
            .json()
            .path("id")
            .asText();

    JsonNode token =
        api.put("/api/v2/paymenttokens/" + id + "/complete", Map.of("code", "1")).json();

    assertThat(token.path("status").asText()).isEqualTo("Declined");
    assertThat(token.path("resultCode").asText()).isEqualTo("BlockedAccount");
    assertThat(api.post("/api/v2/payments", tokenPayment(id)).status()).isEqualTo(409);
  }

  @Test
  void anActiveTokenIsCharged() {
    String id = activeToken("4111111111111111");

    JsonNode payment = api.post("/api/v2/payments", tokenPayment(id)).json();

    assertThat(payment.path("status").asText()).isEqualTo("Settled");
    assertThat(payment.path("paymentData").path("paymentInstrumentTitle").asText())
        .isEqualTo("411111******1111");
  }

  @Test
  void aRevokedTokenCannotBeCharged() {
    String id = activeToken("4111111111111111");

    assertThat(api.put("/api/v2/paymenttokens/" + id + "/revoke", null).status()).isEqualTo(200);

    assertThat(api.get("/api/v2/paymenttokens/" + id).json().path("status").asText())
        .isEqualTo("Revoked");
    Api.Res charge = api.post("/api/v2/payments", tokenPayment(id));
    assertThat(charge.status()).isEqualTo(422);
    assertThat(charge.code()).isEqualTo("payment_token_revoked");
    Api.Res again = api.put("/api/v2/paymenttokens/" + id + "/revoke", null);
    assertThat(again.code()).isEqualTo("payment_token_revoked");
    assertThat(paymentCount()).isZero();
  }

  @Test
  void aBlockedTokenCannotBeCharged() {
    String id = activeToken("4000000000004012");

    Api.Res charge = api.post("/api/v2/payments", tokenPayment(id));

    assertThat(charge.status()).isEqualTo(422);
    assertThat(charge.code()).isEqualTo("payment_token_blocked");
    assertThat(paymentCount()).isZero();
  }

  @Test
  void anUnknownTokenIsNotFound() {
    Api.Res charge = api.post("/api/v2/payments", tokenPayment("tok_unknown"));

    assertThat(charge.status()).isEqualTo(404);
    assertThat(charge.code()).isEqualTo("invalid_operation");
  }

  @Test
  void hostedTokenizationStoresTheCardEnteredOnThePage() {
    ObjectNode start = Api.object();
    start.put("merchantId", "merchant-a");
    start.put("type", "recurring");
    JsonNode started = api.post("/api/v2/tokenization", start).json();
    String id = started.path("tokenId").asText();
    assertThat(api.put("/api/v2/paymenttokens/" + id + "/complete", Api.object()).status())
        .isEqualTo(409);

    assertThat(api.page("GET", started.path("url").asText(), null).text()).contains("name=\"pan\"");
    api.page(
        "POST", started.path("url").asText(), "pan=5555+5555+5555+4444&expiry=01%2F30&action=pay");

    JsonNode token = api.get("/api/v2/paymenttokens/" + id).json();
    assertThat(token.path("status").asText()).isEqualTo("Active");
    assertThat(token.path("title").asText()).isEqualTo("Mastercard *4444");
  }

  @Test
  void aPaymentWithTokenizationReturnsTheNewToken() {
    ObjectNode body = api.cardPayment("4111111111111111", "10", false);
    body.putObject("tokenization").put("type", "cof");

    JsonNode payment = api.post("/api/v2/payments", body).json();

    String tokenId = payment.path("paymentToken").path("id").asText();
    assertThat(tokenId).startsWith("tok_");
    assertThat(payment.path("paymentToken").path("title").asText()).isEqualTo("Visa *1111");
    assertThat(api.get("/api/v2/paymenttokens/" + tokenId).json().path("status").asText())
        .isEqualTo("Active");
  }

  @Test
  void tokenNotificationsReportActiveAndRevoked() {
    try (CallbackReceiver receiver = new CallbackReceiver(0)) {
      String id =
          api.post("/api/v2/paymenttokens", tokenRequest("4111111111111111", receiver.url()))
              .json()
              .path("id")
              .asText();
      api.put("/api/v2/paymenttokens/" + id + "/complete", Map.of("code", "1"));
      api.put("/api/v2/paymenttokens/" + id + "/revoke", null);

      List<JsonNode> deliveries = api.deliveries(id);

      assertThat(deliveries)
          .extracting(d -> d.path("body").path("status").asText())
          .containsExactly("Active", "Revoked");
      assertThat(receiver.bodies())
          .extracting(b -> b.path("status").asText())
          .containsExactly("Active", "Revoked");
      receiver.bodies().forEach(b -> Api.conformsToSchema("PaymentTokenNotification", b));
    }
  }

  private int paymentCount() {
    return api.get(
            "/api/v2/payments?merchantId=merchant-a&start=2024-01-01T00:00:00Z&end=2025-01-01T00:00:00Z")
        .json()
        .path("items")
        .size();
  }

  @Test
  void completingATokenWithoutAnAnswerIsAValidationErrorAndLeavesItCreated() {
    String id =
        api.post("/api/v2/paymenttokens", tokenRequest("4111111111111111", null))
            .json()
            .path("id")
            .asText();

    Api.Res empty = api.put("/api/v2/paymenttokens/" + id + "/complete", Api.object());

    assertThat(empty.status()).isEqualTo(400);
    assertThat(empty.errors()).singleElement().asString().startsWith("code: a value is required");
    assertThat(api.get("/api/v2/paymenttokens/" + id).json().path("status").asText())
        .isEqualTo("Created");
  }

  @Test
  void aFailingAnswerDeclinesTheTokenInsteadOfActivatingIt() {
    String id =
        api.post("/api/v2/paymenttokens", tokenRequest("4111111111111111", null))
            .json()
            .path("id")
            .asText();

    JsonNode token =
        api.put("/api/v2/paymenttokens/" + id + "/complete", Map.of("code", "000000")).json();

    assertThat(token.path("status").asText()).isEqualTo("Declined");
    assertThat(token.path("resultCode").asText()).isEqualTo("ThreeDSecureFailed");
    assertThat(api.post("/api/v2/payments", tokenPayment(id)).status()).isEqualTo(409);
  }
}
