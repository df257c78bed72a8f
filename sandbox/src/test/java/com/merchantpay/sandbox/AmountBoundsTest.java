package com.merchantpay.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Amounts have at most 15 digits before the decimal point and at most four after it. Anything else
 * is refused before the sandbox changes anything, so an answer it could not write never leaves a
 * change behind.
 */
class AmountBoundsTest extends SandboxTestBase {
  private static final String EVERYTHING = "start=2000-01-01T00:00:00Z&end=2100-01-01T00:00:00Z";

  private static String payment(String value) {
    return "{\"merchantId\":\"merchant-a\",\"amount\":{\"value\":"
        + value
        + ",\"currency\":\"RUB\"},"
        + "\"paymentData\":{\"card\":{\"pan\":\"4111111111111111\",\"expiry\":\"12/30\"}}}";
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "1e999999999",
        "1e2147483647",
        "-1e2147483647",
        "1E-10000",
        "10.12345",
        "1234567890123456",
        "1234567890123456.5"
      })
  void aV2AmountOutsideTheBoundsIsRefusedAndCreatesNothing(String value) {
    Api.Res res = api.post("/api/v2/payments", payment(value), "bounds-key");

    assertThat(res.status()).isEqualTo(400);
    assertThat(res.code()).isEqualTo("validation_error");
    assertThat(res.errors()).singleElement().asString().startsWith("amount.value:");
    assertThat(paymentIds()).isEmpty();
    Api.Res corrected = api.post("/api/v2/payments", payment("10"), "bounds-key");
    assertThat(corrected.status()).isEqualTo(200);
    assertThat(paymentIds()).containsExactly(corrected.json().path("id").asText());
  }

  @ParameterizedTest
  @ValueSource(strings = {"1e2147483648", "1e-2147483648", "-1e-2147483649"})
  void aNumberNoDecimalCanHoldIsRefusedAsABadBody(String value) {
    Api.Res res = api.post("/api/v2/payments", payment(value));

    assertThat(res.status()).isEqualTo(400);
    assertThat(res.code()).isEqualTo("validation_error");
    // Java 17's decimals hold no exponent beyond an int, so the body is no JSON a client could
    // mean; Java 25's hold 1e2147483648, which is then an amount out of bounds, named as such.
    assertThat(res.errors())
        .singleElement()
        .asString()
        .satisfiesAnyOf(
            error -> assertThat(error).startsWith("body: not valid JSON ("),
            error -> assertThat(error).startsWith("amount.value: must have at most"));
    assertThat(paymentIds()).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(strings = {"1e2147483647", "1e400", "-1e2147483647"})
  void anIntegerMemberNoInt32HoldsIsRefusedNamingIt(String numerator) {
    String settled = api.pay("4111111111111111", "10", false).path("id").asText();
    String receipt =
        "{\"paymentId\":\""
            + settled
            + "\",\"amount\":{\"value\":10,\"currency\":\"RUB\"},\"type\":\"Payment\","
            + "\"items\":[{\"name\":\"Beans\",\"quantity\":1,\"price\":10,\"vatType\":\"Vat22\","
            + "\"marking\":{\"code\":\"0104604\",\"quantity\":{\"numerator\":"
            + numerator
            + ",\"denominator\":2}}}]}";

    Api.Res res = api.unchecked().post("/api/v2/receipts", receipt);

    assertThat(res.status()).isEqualTo(400);
    assertThat(res.code()).isEqualTo("validation_error");
    assertThat(res.errors()).anySatisfy(e -> assertThat(e).contains("numerator"));
  }

  @Test
  void theLargestAndFinestAmountsPassUnchanged() {
    Api.Res res = api.post("/api/v2/payments", payment("999999999999999.9999"));

    assertThat(res.status()).isEqualTo(200);
    assertThat(res.text()).contains("\"value\":999999999999999.9999");
  }

  @Test
  void aNumberTooLongToWriteAnywhereInTheBodyIsRefused() {
    String body =
        payment("10")
            .replace(
                "\"merchantId\"",
                "\"invoice\":{\"orderNo\":\"1\",\"weight\":1e999999999}," + "\"merchantId\"");

    Api.Res res = api.post("/api/v2/payments", body);

    assertThat(res.status()).isEqualTo(400);
    assertThat(res.errors()).singleElement().asString().startsWith("invoice.weight:");
    assertThat(paymentIds()).isEmpty();
  }

  @Test
  void captureRefundReceiptAndStickerAmountsAreBoundedToo() {
    String held = api.pay("4111111111111111", "10", true).path("id").asText();
    String settled = api.pay("4111111111111111", "10", false).path("id").asText();

    Api.Res capture =
        api.put(
            "/api/v2/payments/" + held + "/confirm",
            "{\"amount\":{\"value\":1E-10000,\"currency\":\"RUB\"}}");
    Api.Res refund =
        api.post(
            "/api/v2/refunds",
            "{\"paymentId\":\""
                + settled
                + "\",\"amount\":{\"value\":1.00001,\"currency\":\"RUB\"}}");
    Api.Res receipt =
        api.post(
            "/api/v2/receipts",
            "{\"paymentId\":\""
                + settled
                + "\",\"type\":\"Payment\","
                + "\"amount\":{\"value\":1e999999999,\"currency\":\"RUB\"},\"items\":[{\"name\":\"x\",\"quantity\":1,"
                + "\"price\":1}]}");
    Api.Res sticker =
        api.post(
            "/api/v2/stickers",
            "{\"merchantId\":\"merchant-a\",\"stickerType\":\"Sbp\","
                + "\"amount\":{\"value\":1e20,\"currency\":\"RUB\"}}");

    assertThat(List.of(capture, refund, receipt, sticker))
        .allSatisfy(
            res -> {
              assertThat(res.status()).as(res.text()).isEqualTo(400);
              assertThat(res.errors()).anySatisfy(e -> assertThat(e).startsWith("amount.value:"));
            });
    assertThat(api.payment(held).path("status").asText()).isEqualTo("Authorized");
    assertThat(api.get("/api/v2/refunds?merchantId=merchant-a&" + EVERYTHING).json().path("items"))
        .isEmpty();
    assertThat(
            api.get("/api/v2/receipts?merchantId=merchant-a&paymentId=" + settled)
                .json()
                .path("items"))
        .isEmpty();
    assertThat(api.get("/api/v2/stickers?merchantId=merchant-a").json().path("items")).isEmpty();
  }

  @Test
  void aV1ConfirmOutsideTheBoundsIsMinus18AndLeavesThePaymentOnHold() {
    String held = api.pay("4111111111111111", "10", true).path("id").asText();

    Api.Res res =
        api.v1("confirmPayment", accountant(), Map.of("paymentID", held, "amount", "1E-10000"));

    assertThat(res.status()).isEqualTo(200);
    assertThat(res.errorCode()).isEqualTo(-18);
    assertThat(api.payment(held).path("status").asText()).isEqualTo("Authorized");
    assertThat(api.v1("getPayment", accountant(), Map.of("paymentID", held)).errorCode()).isZero();
    assertThat(api.v1("listPaymentsFilter", accountant(), Map.of()).errorCode()).isZero();
  }

  @ParameterizedTest
  @ValueSource(strings = {"1e999999999", "1e2147483647", "0.00001", "1234567890123456"})
  void aV1RefundOutsideTheBoundsIsMinus18AndCreatesNoRefund(String amount) {
    String settled = api.pay("4111111111111111", "10", false).path("id").asText();

    Api.Res res =
        api.v1("refundPayment", accountant(), Map.of("paymentID", settled, "amount", amount));

    assertThat(res.errorCode()).isEqualTo(-18);
    assertThat(api.get("/api/v2/refunds?merchantId=merchant-a&" + EVERYTHING).json().path("items"))
        .isEmpty();
    assertThat(api.v1("listRefunds", accountant(), Map.of()).errorCode()).isZero();
  }

  @Test
  void aV1AmountNoDecimalCanHoldIsAContractFailureNamingIt() {
    String settled = api.pay("4111111111111111", "10", false).path("id").asText();

    Api.Res res =
        api.v1(
            "refundPayment", accountant(), Map.of("paymentID", settled, "amount", "1e2147483648"));

    assertThat(res.status()).isEqualTo(400);
    assertThat(res.text()).startsWith("amount:");
    assertThat(api.get("/api/v2/refunds?merchantId=merchant-a&" + EVERYTHING).json().path("items"))
        .isEmpty();
  }

  @Test
  void aProviderStateOutsideTheBoundsIsRefusedAndCreatesNothing() {
    Api.Res res =
        api.send(
            "POST",
            "/_sandbox/payments",
            "{\"status\":\"Settled\",\"amount\":{\"value\":1e999999999,\"currency\":\"RUB\"}}",
            Map.of());
    Api.Res invoice =
        api.send(
            "POST",
            "/_sandbox/payments",
            "{\"status\":\"Settled\",\"invoice\":{\"n\":1E-10000}}",
            Map.of());

    assertThat(res.status()).isEqualTo(400);
    assertThat(res.errors()).singleElement().asString().startsWith("amount.value:");
    assertThat(invoice.status()).isEqualTo(400);
    assertThat(invoice.errors()).singleElement().asString().startsWith("invoice.n:");
    assertThat(paymentIds()).isEmpty();
  }

  @Test
  void anAmountTypedOnAStickerPageIsBoundedToo() {
    JsonNode sticker =
        api.post("/api/v2/stickers", "{\"merchantId\":\"merchant-a\",\"stickerType\":\"Sbp\"}")
            .json();

    Api.Res posted =
        api.page(
            "POST",
            sticker.path("payload").asText(),
            "amount=1e999999999&pan=4111111111111111&expiry=12%2F30&action=pay");

    assertThat(posted.status()).isEqualTo(400);
    assertThat(posted.text()).contains("at most 15 digits before the decimal point");
    assertThat(paymentIds()).isEmpty();
  }

  private List<String> paymentIds() {
    Api.Res list = api.get("/api/v2/payments?merchantId=merchant-a&" + EVERYTHING);
    assertThat(list.status()).as(list.text()).isEqualTo(200);
    List<String> ids = new ArrayList<>();
    for (JsonNode item : list.json().path("items")) {
      ids.add(item.path("id").asText());
    }
    return ids;
  }
}
