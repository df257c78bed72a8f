package com.merchantpay.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.merchantpay.testsupport.CallbackReceiver;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StickerTest extends SandboxTestBase {

  private JsonNode register(boolean cashlink, String callbackUrl) {
    ObjectNode body = Api.object();
    body.put("merchantId", "merchant-a");
    body.put("stickerType", "Sbp");
    body.put("cashlink", cashlink);
    body.put("description", "Table 12");
    body.put("paymentPurpose", "Order at table 12");
    body.set("amount", Api.amount("350", "RUB"));
    if (callbackUrl != null) {
      body.put("callbackUrl", callbackUrl);
    }
    Api.Res res = api.post("/api/v2/stickers", body);
    assertThat(res.status()).as(res.text()).isEqualTo(200);
    return res.json();
  }

  private ObjectNode stickerPayment(String stickerId) {
    ObjectNode body = Api.object();
    body.put("merchantId", "merchant-a");
    body.set("amount", Api.amount("350", "RUB"));
    body.putObject("paymentData").put("stickerId", stickerId);
    return body;
  }

  @Test
  void registeredStickerIsActiveWithAPaymentLink() {
    JsonNode sticker = register(false, null);

    assertThat(sticker.path("status").asText()).isEqualTo("Active");
    assertThat(sticker.path("payload").asText()).startsWith(sandbox.baseUrl() + "/sticker/");
    assertThat(sticker.has("callbackUrl")).isFalse();
    assertThat(api.get("/api/v2/stickers/" + sticker.path("id").asText()).json())
        .isEqualTo(sticker);
  }

  @Test
  void deactivationAndActivationSwitchTheStatus() {
    String id = register(false, null).path("id").asText();

    assertThat(api.put("/api/v2/stickers/" + id, Map.of("active", false)).status()).isEqualTo(200);
    assertThat(api.get("/api/v2/stickers/" + id).json().path("status").asText())
        .isEqualTo("Inactive");
    api.put("/api/v2/stickers/" + id, Map.of("active", true));
    assertThat(api.get("/api/v2/stickers/" + id).json().path("status").asText())
        .isEqualTo("Active");
  }

  @Test
  void cashlinkPaymentIsApprovedByThePayerAndNotifiesTheStickerCallback() {
    try (CallbackReceiver receiver = new CallbackReceiver(0)) {
      String stickerId = register(true, receiver.url()).path("id").asText();

      JsonNode payment = api.post("/api/v2/payments", stickerPayment(stickerId)).json();
      assertThat(payment.path("status").asText()).isEqualTo("Confirmation");
      assertThat(payment.path("confirmation").path("type").asText()).isEqualTo("External");
      api.page("POST", payment.path("confirmation").path("paymentUrl").asText(), "action=approve");

      String id = payment.path("id").asText();
      assertThat(api.payment(id).path("status").asText()).isEqualTo("Settled");
      assertThat(api.deliveries(id))
          .extracting(d -> d.path("body").path("status").asText())
          .containsExactly("Confirmation", "Settled");
      assertThat(receiver.bodies()).hasSize(2);
    }
  }

  @Test
  void anInactiveOrNonCashlinkStickerTakesNoPayment() {
    String inactive = register(true, null).path("id").asText();
    api.put("/api/v2/stickers/" + inactive, Map.of("active", false));
    String plain = register(false, null).path("id").asText();

    Api.Res toInactive = api.post("/api/v2/payments", stickerPayment(inactive));
    Api.Res toPlain = api.post("/api/v2/payments", stickerPayment(plain));

    assertThat(toInactive.status()).isEqualTo(409);
    assertThat(toPlain.status()).isEqualTo(409);
    assertThat(api.post("/api/v2/payments", stickerPayment("stk-unknown")).status()).isEqualTo(404);
  }

  @Test
  void aCashlinkPaymentMustMatchTheStickerAmount() {
    String id = register(true, null).path("id").asText();
    ObjectNode body = stickerPayment(id);
    body.set("amount", Api.amount("351", "RUB"));

    Api.Res res = api.post("/api/v2/payments", body);

    assertThat(res.status()).isEqualTo(400);
    assertThat(res.errors()).singleElement().asString().startsWith("amount:");
  }

  @Test
  void aPayerCanPayThroughTheStickerPage() {
    JsonNode sticker = register(false, null);

    Api.Res posted =
        api.page(
            "POST",
            sticker.path("payload").asText(),
            "pan=4111111111111111&expiry=12%2F30&action=pay");

    assertThat(posted.status()).isEqualTo(303);
    String location = posted.header("Location");
    JsonNode payment = api.payment(location.substring(location.lastIndexOf('/') + 1));
    assertThat(payment.path("status").asText()).isEqualTo("Settled");
    assertThat(payment.path("amount").path("value").decimalValue()).isEqualByComparingTo("350");
  }

  @Test
  void stickersAreListedPerMerchant() {
    register(false, null);
    register(true, null);

    assertThat(api.get("/api/v2/stickers?merchantId=merchant-a").json().path("items")).hasSize(2);
    assertThat(api.as("token-b").get("/api/v2/stickers?merchantId=merchant-b").json().path("items"))
        .isEmpty();
  }
}
