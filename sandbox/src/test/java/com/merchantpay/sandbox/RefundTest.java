package com.merchantpay.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RefundTest extends SandboxTestBase {

  private ObjectNode refund(String paymentId, String value) {
    ObjectNode body = Api.object();
    body.put("paymentId", paymentId);
    body.set("amount", Api.amount(value, "RUB"));
    return body;
  }

  @Test
  void refundIsPendingThenSucceedsWhenTheClockMovesOn() {
    String paymentId = api.pay("4111111111111111", "1500.50", false).path("id").asText();

    Api.Res created = api.post("/api/v2/refunds", refund(paymentId, "500.25"));

    assertThat(created.status()).isEqualTo(200);
    JsonNode refund = created.json();
    assertThat(refund.path("status").asText()).isEqualTo("Pending");
    assertThat(refund.path("resultCode").asText())
        .as("the creation answer carries resultCode: the refund was accepted")
        .isEqualTo("Success");
    assertThat(refund.path("amount").path("value").decimalValue()).isEqualByComparingTo("500.25");
    String id = refund.path("id").asText();
    api.advance("PT9S");
    assertThat(api.get("/api/v2/refunds/" + id).json().path("status").asText())
        .isEqualTo("Pending");
    api.advance("PT1S");
    JsonNode settled = api.get("/api/v2/refunds/" + id).json();
    assertThat(settled.path("status").asText()).isEqualTo("Success");
    assertThat(settled.path("resultCode").asText()).isEqualTo("Success");
  }

  @Test
  void refundsNeverExceedWhatWasCaptured() {
    String id = api.pay("4111111111111111", "100.00", true).path("id").asText();
    api.put("/api/v2/payments/" + id + "/confirm", Map.of("amount", Api.amount("80.00", "RUB")));

    assertThat(api.post("/api/v2/refunds", refund(id, "50.00")).status()).isEqualTo(200);
    Api.Res tooMuch = api.post("/api/v2/refunds", refund(id, "30.01"));
    Api.Res rest = api.post("/api/v2/refunds", refund(id, "30.00"));
    Api.Res nothingLeft = api.post("/api/v2/refunds", refund(id, "0.01"));

    assertThat(tooMuch.status()).isEqualTo(400);
    assertThat(tooMuch.errors())
        .singleElement()
        .asString()
        .startsWith("amount.value:")
        .contains("30.00");
    assertThat(rest.status()).isEqualTo(200);
    assertThat(nothingLeft.status()).isEqualTo(400);
    assertThat(refundCount()).isEqualTo(2);
  }

  @Test
  void onlyASettledPaymentCanBeRefunded() {
    String held = api.pay("4111111111111111", "100", true).path("id").asText();

    Api.Res res = api.post("/api/v2/refunds", refund(held, "1"));

    assertThat(res.status()).isEqualTo(409);
    assertThat(res.code()).isEqualTo("invalid_operation");
  }

  @Test
  void refundOfAnUnknownPaymentIsNotFound() {
    assertThat(api.post("/api/v2/refunds", refund("55555555", "1")).status()).isEqualTo(404);
  }

  @Test
  void aRejectedRefundFreesItsAmountAgain() {
    String id = api.pay("4000000000004020", "100", false).path("id").asText();
    String refundId = api.post("/api/v2/refunds", refund(id, "100")).json().path("id").asText();

    api.advance("PT10S");

    JsonNode refund = api.get("/api/v2/refunds/" + refundId).json();
    assertThat(refund.path("status").asText()).isEqualTo("Rejected");
    assertThat(refund.path("resultCode").asText()).isEqualTo("TransactionDeclined");
    assertThat(api.post("/api/v2/refunds", refund(id, "100")).status()).isEqualTo(200);
  }

  @Test
  void v1RefundActsOnTheSameMoneyAndIsListed() {
    String id = api.pay("4111111111111111", "1000.00", false).path("id").asText();
    api.post("/api/v2/refunds", refund(id, "600"));

    Api.Res tooMuch =
        api.v1("refundPayment", accountant(), Map.of("paymentID", id, "amount", "400.01"));
    Api.Res ok =
        api.v1(
            "refundPayment",
            accountant(),
            Map.of(
                "paymentID",
                id,
                "amount",
                "250.5",
                "externalID",
                "RF-2024-0042",
                "shoppingcart.items[0].name",
                "Phone case",
                "shoppingcart.items[0].qty",
                "1",
                "shoppingcart.items[0].price",
                "250.5",
                "shoppingcart.items[0].tax",
                "vat20"));

    assertThat(tooMuch.errorCode()).isEqualTo(-18);
    assertThat(ok.errorCode()).isZero();
    JsonNode v1Refund = ok.json().path("Refund");
    assertThat(v1Refund.path("State").asText()).isEqualTo("PENDING");
    assertThat(v1Refund.path("ExternalID").asText()).isEqualTo("RF-2024-0042");
    assertThat(v1Refund.path("Amount").decimalValue()).isEqualByComparingTo("250.5");
    api.advance("PT10S");
    JsonNode listed =
        api.v1("listRefunds", accountant(), Map.of("externalID", "RF-2024-0042")).json();
    assertThat(listed.path("Response").path("Overflow").asBoolean()).isFalse();
    assertThat(listed.path("Response").path("Refunds"))
        .singleElement()
        .satisfies(r -> assertThat(r.path("State").asText()).isEqualTo("SUCCESS"));
    assertThat(
            api.v1("listRefunds", accountant(), Map.of("paymentID", id))
                .json()
                .path("Response")
                .path("Refunds"))
        .hasSize(2);
    assertThat(refundCount()).isEqualTo(2);
  }

  @Test
  void v1RefundOfACancelledPaymentIsRefusedWithMinus15() {
    String id = api.pay("4111111111111111", "10", true).path("id").asText();
    api.put("/api/v2/payments/" + id + "/cancel", null);

    assertThat(
            api.v1("refundPayment", accountant(), Map.of("paymentID", id, "amount", "1"))
                .errorCode())
        .isEqualTo(-15);
  }

  @Test
  void listItemsCarryNoResultCode() {
    String id = api.pay("4111111111111111", "10", false).path("id").asText();
    api.post("/api/v2/refunds", refund(id, "5"));

    JsonNode list =
        api.get(
                "/api/v2/refunds?merchantId=merchant-a&start=2024-05-14T00:00:00Z"
                    + "&end=2024-05-15T00:00:00Z")
            .json();

    assertThat(list.path("items"))
        .singleElement()
        .satisfies(
            item -> {
              assertThat(item.has("resultCode")).isFalse();
              assertThat(item.path("paymentId").asText()).isEqualTo(id);
            });
  }

  private int refundCount() {
    return api.get(
            "/api/v2/refunds?merchantId=merchant-a&start=2024-01-01T00:00:00Z&end=2025-01-01T00:00:00Z")
        .json()
        .path("items")
        .size();
  }

  @Test
  void aPendingRefundIsAcceptedThenCarriesTheReasonItWasRejected() {
    String paymentId = api.pay("4000000000004020", "100", false).path("id").asText();

    JsonNode created = api.post("/api/v2/refunds", refund(paymentId, "10")).json();

    assertThat(created.path("status").asText()).isEqualTo("Pending");
    assertThat(created.path("resultCode").asText()).isEqualTo("Success");
    assertThat(
            api.get("/api/v2/refunds/" + created.path("id").asText())
                .json()
                .path("resultCode")
                .asText())
        .as("a read while Pending shows the same")
        .isEqualTo("Success");
    api.advance("PT10S");
    JsonNode ended = api.get("/api/v2/refunds/" + created.path("id").asText()).json();
    assertThat(ended.path("status").asText()).isEqualTo("Rejected");
    assertThat(ended.path("resultCode").asText()).isEqualTo("TransactionDeclined");
  }

  @Test
  void aV1RefundWithCartLinesGetsARefundReceiptLikeAV2RefundWithAReceipt() {
    String paymentId = api.pay("4111111111111111", "100", false).path("id").asText();
    Map<String, String> form = new LinkedHashMap<>();
    form.put("paymentID", paymentId);
    form.put("amount", "30");
    form.put("shoppingcart.items[0].name", "Espresso beans");
    form.put("shoppingcart.items[0].qty", "1");
    form.put("shoppingcart.items[0].price", "30");
    form.put("shoppingcart.items[0].tax", "vat22");
    assertThat(api.v1("refundPayment", accountant(), form).errorCode()).isZero();
    ObjectNode v2 = refund(paymentId, "20");
    v2.putObject("receipt")
        .putArray("items")
        .addObject()
        .put("name", "Cups")
        .put("quantity", 1)
        .put("price", 20);
    assertThat(api.post("/api/v2/refunds", v2).status()).isEqualTo(200);

    JsonNode receipts = api.get("/api/v2/receipts?paymentId=" + paymentId).json().path("items");

    assertThat(receipts)
        .extracting(r -> r.path("type").asText() + " " + r.path("amount").path("value").asText())
        .containsExactly("Refund 30", "Refund 20");
  }
}
