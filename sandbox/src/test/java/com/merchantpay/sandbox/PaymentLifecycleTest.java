package com.merchantpay.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.merchantpay.testsupport.CallbackReceiver;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PaymentLifecycleTest extends SandboxTestBase {

  @Test
  void singleStagePaymentSettlesAtOnceWithCardDetails() {
    JsonNode payment = api.pay("4111111111111111", "1500.50", false);

    assertThat(payment.path("status").asText()).isEqualTo("Settled");
    assertThat(payment.path("resultCode").asText()).isEqualTo("Success");
    assertThat(payment.path("created").asText()).isEqualTo("2024-05-14T09:00:00Z");
    assertThat(payment.path("completed").asText()).isEqualTo("2024-05-14T09:00:00Z");
    assertThat(payment.path("merchantId").asText()).isEqualTo("merchant-a");
    assertThat(payment.path("paymentData").path("paymentInstrumentTitle").asText())
        .isEqualTo("411111******1111");
    assertThat(payment.path("paymentData").path("cardInfo").path("brand").asText())
        .isEqualTo("Visa");
    assertThat(api.payment(payment.path("id").asText())).isEqualTo(payment);
  }

  @Test
  void amountsKeepTheScaleTheyWereSentWith() {
    JsonNode payment = api.pay("4111111111111111", "10.1000", false);

    assertThat(payment.path("amount").path("value").decimalValue())
        .isEqualByComparingTo("10.1")
        .hasToString("10.1000");
  }

  @Test
  void twoStagePaymentIsHeldThenCapturedForLess() {
    String id = api.pay("4111111111111111", "1000.00", true).path("id").asText();
    assertThat(api.payment(id).path("status").asText()).isEqualTo("Authorized");

    Api.Res capture =
        api.put(
            "/api/v2/payments/" + id + "/confirm", Map.of("amount", Api.amount("990.75", "RUB")));

    assertThat(capture.status()).isEqualTo(200);
    assertThat(capture.bytes()).isEmpty();
    assertThat(api.payment(id).path("status").asText()).isEqualTo("Settled");
    JsonNode v1 =
        api.v1("getPayment", accountant(), Map.of("paymentID", id)).json().path("Payment");
    assertThat(v1.path("State").asText()).isEqualTo("COMPLETE");
    assertThat(v1.path("Amount").decimalValue()).isEqualByComparingTo("1000.00");
    assertThat(v1.path("PaymentAmount").decimalValue()).isEqualByComparingTo("990.75");
  }

  @Test
  void captureOfMoreThanIsHeldIsAValidationErrorAndChangesNothing() {
    String id = api.pay("4111111111111111", "100", true).path("id").asText();

    Api.Res capture =
        api.put(
            "/api/v2/payments/" + id + "/confirm", Map.of("amount", Api.amount("100.01", "RUB")));

    assertThat(capture.status()).isEqualTo(400);
    assertThat(capture.errors()).singleElement().asString().startsWith("amount.value:");
    assertThat(api.payment(id).path("status").asText()).isEqualTo("Authorized");
  }

  @Test
  void captureInAnotherCurrencyNamesTheCurrency() {
    String id = api.pay("4111111111111111", "100", true).path("id").asText();

    Api.Res capture =
        api.put("/api/v2/payments/" + id + "/confirm", Map.of("amount", Api.amount("10", "EUR")));

    assertThat(capture.status()).isEqualTo(400);
    assertThat(capture.errors()).singleElement().asString().startsWith("amount.currency:");
  }

  @Test
  void cancelReleasesTheHold() {
    String id = api.pay("4111111111111111", "100", true).path("id").asText();

    assertThat(api.put("/api/v2/payments/" + id + "/cancel", null).status()).isEqualTo(200);

    assertThat(api.payment(id).path("status").asText()).isEqualTo("Cancelled");
    assertThat(
            api.v1("getPayment", accountant(), Map.of("paymentID", id))
                .json()
                .path("Payment")
                .path("State")
                .asText())
        .isEqualTo("CANCELLED");
  }

  @Test
  void impossibleTransitionsAreInvalidOperations() {
    String settled = api.pay("4111111111111111", "100", false).path("id").asText();
    String cancelled = api.pay("4111111111111111", "100", true).path("id").asText();
    api.put("/api/v2/payments/" + cancelled + "/cancel", null);

    Api.Res captureSettled =
        api.put(
            "/api/v2/payments/" + settled + "/confirm", Map.of("amount", Api.amount("1", "RUB")));
    Api.Res cancelSettled = api.put("/api/v2/payments/" + settled + "/cancel", null);
    Api.Res captureCancelled =
        api.put(
            "/api/v2/payments/" + cancelled + "/confirm", Map.of("amount", Api.amount("1", "RUB")));
    Api.Res completeSettled =
        api.put("/api/v2/payments/" + settled + "/complete", Map.of("code", "1"));

    for (Api.Res res :
        new Api.Res[] {captureSettled, cancelSettled, captureCancelled, completeSettled}) {
      assertThat(res.status()).as(res.text()).isEqualTo(409);
      assertThat(res.code()).isEqualTo("invalid_operation");
    }
    assertThat(api.payment(settled).path("status").asText()).isEqualTo("Settled");
    assertThat(api.payment(cancelled).path("status").asText()).isEqualTo("Cancelled");
  }

  @Test
  void unknownPaymentIsNotFound() {
    Api.Res res = api.get("/api/v2/payments/99999999");

    assertThat(res.status()).isEqualTo(404);
    assertThat(res.code()).isEqualTo("invalid_operation");
  }

  @Test
  void v1SeesAV2PaymentWithItsStateMapped() {
    String held = api.pay("4111111111111111", "250.00", true).path("id").asText();
    String pending = api.pay("4000000000003014", "10", false).path("id").asText();
    String sms = api.pay("4000000000002016", "10", false).path("id").asText();
    String rejected = api.pay("4000000000001083", "10", false).path("id").asText();

    assertThat(v1State(held)).isEqualTo("HOLD");
    assertThat(v1State(pending)).isEqualTo("PROCESSING");
    assertThat(v1State(sms)).isEqualTo("PROCESSING");
    assertThat(v1State(rejected)).isEqualTo("CANCELLED");
    JsonNode v1 = api.v1("getPayment", cashier(), Map.of("paymentID", held)).json().path("Payment");
    assertThat(v1.path("PaymentID").asLong()).isEqualTo(Long.parseLong(held));
    assertThat(v1.path("SiteID").asLong()).isEqualTo(7741);
    assertThat(v1.path("PaymentMethod").asText()).isEqualTo("BankCard");
    assertThat(v1.path("LastUpdateTime").asText()).isEqualTo("2024-05-14T09:00:00");
    assertThat(
            api.v1("getPayment", cashier(), Map.of("paymentID", rejected))
                .json()
                .path("Payment")
                .path("ErrorCode")
                .asInt())
        .isEqualTo(-19);
  }

  @Test
  void v1ConfirmAndCancelActOnAV2Payment() {
    String captured = api.pay("4111111111111111", "500.00", true).path("id").asText();
    String released = api.pay("4111111111111111", "540.00", true).path("id").asText();
    api.advance("PT5S");

    Api.Res confirm =
        api.v1("confirmPayment", accountant(), Map.of("paymentID", captured, "amount", "499.5"));
    Api.Res cancel =
        api.v1("cancelPayment", accountant(), Map.of("paymentID", released, "error", "-17"));

    assertThat(confirm.errorCode()).isZero();
    assertThat(confirm.json().path("Payment").path("State").asText()).isEqualTo("COMPLETE");
    assertThat(confirm.json().path("Payment").path("LastUpdateTime").asText())
        .isEqualTo("2024-05-14T09:00:05");
    assertThat(cancel.json().path("Payment").path("State").asText()).isEqualTo("CANCELLED");
    assertThat(cancel.json().path("Payment").path("ErrorCode").asInt()).isEqualTo(-17);
    assertThat(cancel.json().path("Payment").path("PaymentAmount").decimalValue())
        .isEqualByComparingTo(BigDecimal.ZERO);
    assertThat(api.payment(captured).path("status").asText()).isEqualTo("Settled");
    assertThat(api.payment(released).path("status").asText()).isEqualTo("Cancelled");
  }

  @Test
  void v1RefusesToConfirmWhatIsNotHeld() {
    String settled = api.pay("4111111111111111", "10", false).path("id").asText();
    String held = api.pay("4111111111111111", "10", true).path("id").asText();

    assertThat(
            api.v1("confirmPayment", accountant(), Map.of("paymentID", settled, "amount", "10"))
                .errorCode())
        .isEqualTo(-10);
    assertThat(
            api.v1("confirmPayment", accountant(), Map.of("paymentID", held, "amount", "10.01"))
                .errorCode())
        .isEqualTo(-18);
    assertThat(
            api.v1("confirmPayment", accountant(), Map.of("paymentID", "12345", "amount", "1"))
                .errorCode())
        .isEqualTo(-13);
    assertThat(api.payment(held).path("status").asText()).isEqualTo("Authorized");
  }

  private String v1State(String id) {
    Api.Res res = api.v1("getPayment", cashier(), Map.of("paymentID", id));
    assertThat(res.status()).isEqualTo(200);
    return res.json().path("Payment").path("State").asText();
  }

  @Test
  void aPartialCaptureShowsTheCapturedAmountInEveryV2View() {
    try (CallbackReceiver receiver = new CallbackReceiver(0)) {
      ObjectNode body = api.cardPayment("4111111111111111", "100", true);
      body.putObject("protocol").put("callbackUrl", receiver.url());
      JsonNode held = api.post("/api/v2/payments", body).json();
      String id = held.path("id").asText();
      assertThat(held.has("capturedAmount"))
          .as("nothing is taken while the money is held")
          .isFalse();

      api.put("/api/v2/payments/" + id + "/confirm", Map.of("amount", Api.amount("60.5", "RUB")));

      JsonNode payment = api.payment(id);
      JsonNode listed =
          api.get("/api/v2/payments?merchantId=merchant-a").json().path("items").get(0);
      api.deliveries(id);
      JsonNode notified = receiver.bodies().get(receiver.bodies().size() - 1);
      for (JsonNode view : List.of(payment, listed, notified)) {
        assertThat(view.path("status").asText()).isEqualTo("Settled");
        assertThat(view.path("amount").path("value").decimalValue()).isEqualByComparingTo("100");
        assertThat(view.path("capturedAmount").path("value").decimalValue())
            .isEqualByComparingTo("60.5");
        assertThat(view.path("capturedAmount").path("currency").asText()).isEqualTo("RUB");
      }
    }
  }

  @Test
  void aSingleStagePaymentHasCapturedItsWholeAmount() {
    JsonNode payment = api.pay("4111111111111111", "42.10", false);

    assertThat(payment.path("capturedAmount").path("value").decimalValue())
        .isEqualByComparingTo("42.10");
  }
}
