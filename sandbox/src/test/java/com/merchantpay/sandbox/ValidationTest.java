package com.merchantpay.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A request that breaks the contract gets validation_error naming every failed field, and creates
 * nothing.
 */
class ValidationTest extends SandboxTestBase {

  @Test
  void everyFailedFieldIsNamed() {
    ObjectNode body = Api.object();
    body.put("merchantId", 42);
    body.putObject("amount").put("value", "ten");
    body.putObject("paymentData").putObject("card").put("pan", "4111111111111111");
    body.putObject("invoice").put("expires", "tomorrow");

    Api.Res res = api.post("/api/v2/payments", body);

    assertThat(res.status()).isEqualTo(400);
    assertThat(res.code()).isEqualTo("validation_error");
    assertThat(res.json().path("message").asText()).isNotEmpty();
    assertThat(res.errors())
        .containsExactlyInAnyOrder(
            "merchantId: must be of type string",
            "amount.value: must be of type number",
            "amount.currency: a value is required",
            "paymentData.card.expiry: a value is required",
            "invoice.expires: must be a valid date-time value");
    assertNothingCreated();
  }

  @Test
  void aMissingRequiredMemberIsNamed() {
    ObjectNode body = Api.object();
    body.set("amount", Api.amount("10", "RUB"));

    Api.Res res = api.post("/api/v2/invoices", body);

    assertThat(res.errors()).containsExactly("merchantId: a value is required");
  }

  @Test
  void nestedArrayMembersAreNamedWithTheirIndex() {
    ObjectNode body = api.cardPayment("4111111111111111", "10", false);
    body.putObject("receipt")
        .putArray("items")
        .addObject()
        .put("name", "x")
        .put("quantity", 1)
        .put("price", 1)
        .put("vatType", "Vat20");

    Api.Res res = api.post("/api/v2/payments", body);

    assertThat(res.errors())
        .singleElement()
        .asString()
        .startsWith("receipt.items[0].vatType: must be one of");
    assertNothingCreated();
  }

  @Test
  void checksBeyondTheSchemaAreNamedToo() {
    ObjectNode body = api.cardPayment("41111", "0", false);
    ((ObjectNode) body.path("paymentData").path("card")).put("expiry", "2030-12");
    body.putObject("protocol").put("callbackUrl", "not a url");

    Api.Res res = api.post("/api/v2/payments", body);

    assertThat(res.status()).isEqualTo(400);
    assertThat(res.errors())
        .containsExactlyInAnyOrder(
            "amount.value: must be greater than zero",
            "paymentData.card.pan: must be 12 to 19 digits",
            "paymentData.card.expiry: must be MM/YY",
            "protocol.callbackUrl: must be an absolute http or https URL");
    assertNothingCreated();
  }

  @Test
  void paymentDataNeedsAnInstrument() {
    ObjectNode body = api.cardPayment("4111111111111111", "10", false);
    body.putObject("paymentData").put("paymentMethod", "bankcard");

    Api.Res res = api.post("/api/v2/payments", body);

    assertThat(res.errors()).singleElement().asString().startsWith("paymentData:");
    assertNothingCreated();
  }

  @Test
  void aBodyThatIsNotJsonIsAValidationError() {
    Api.Res res = api.post("/api/v2/payments", "{\"merchantId\": ");

    assertThat(res.status()).isEqualTo(400);
    assertThat(res.errors()).singleElement().asString().startsWith("body:");
    assertNothingCreated();
  }

  @Test
  void aWrongContentTypeIsNamed() {
    Api.Res res =
        api.send(
            "POST",
            "/api/v2/payments",
            api.cardPayment("4111111111111111", "10", false),
            Map.of("Content-Type", "text/plain", "Idempotency-Key", "k-1"));

    assertThat(res.status()).isEqualTo(400);
    assertThat(res.errors()).anySatisfy(e -> assertThat(e).startsWith("Content-Type:"));
  }

  @Test
  void aMissingIdempotencyKeyIsNamed() {
    Api.Res res =
        api.post("/api/v2/payments", api.cardPayment("4111111111111111", "10", false), null);

    assertThat(res.status()).isEqualTo(400);
    assertThat(res.errors()).containsExactly("Idempotency-Key: a value is required");
    assertNothingCreated();
  }

  @Test
  void missingAndMalformedQueryParametersAreNamed() {
    Api.Res res = api.get("/api/v2/payments?start=yesterday");

    assertThat(res.status()).isEqualTo(400);
    assertThat(res.errors())
        .containsExactlyInAnyOrder(
            "start: must be a valid date-time value", "merchantId: a value is required");
  }

  @Test
  void membersTheDocumentDoesNotKnowAreAccepted() {
    ObjectNode body = api.cardPayment("4111111111111111", "10", false);
    body.put("somethingNew", true);
    ((ObjectNode) body.get("amount")).put("precision", 2);

    assertThat(api.post("/api/v2/payments", body).status()).isEqualTo(200);
  }

  @Test
  void aBodyOnAnOperationWithoutOneMustAtLeastBeAJsonObject() {
    String id = api.pay("4111111111111111", "10", true).path("id").asText();

    Api.Res res =
        api.send(
            "PUT",
            "/api/v2/payments/" + id + "/cancel",
            "reason=x",
            Map.of("Content-Type", "application/x-www-form-urlencoded"));

    assertThat(res.status()).isEqualTo(400);
    assertThat(api.payment(id).path("status").asText()).isEqualTo("Authorized");
  }

  @Test
  void unknownPathsAndMethodsAreRefusedWithoutAServerError() {
    assertThat(api.get("/api/v2/nothing-here").status()).isEqualTo(404);
    assertThat(api.send("DELETE", "/api/v2/payments/1", null, Map.of()).status()).isEqualTo(405);
  }

  private void assertNothingCreated() {
    assertThat(
            api.get(
                    "/api/v2/payments?merchantId=merchant-a&start=2000-01-01T00:00:00Z&end=2100-01-01T00:00:00Z")
                .json()
                .path("items"))
        .isEmpty();
  }

  @Test
  void aCurrencyOutsideIso4217IsNamed() {
    ObjectNode body = api.cardPayment("4111111111111111", "10", false);
    body.set("amount", Api.amount("10", "XXQ"));

    Api.Res res = api.post("/api/v2/payments", body);

    assertThat(res.status()).isEqualTo(400);
    assertThat(res.errors())
        .containsExactly(
            "amount.currency: must be an ISO 4217 alphabetic currency code such as RUB or EUR");
    assertNothingCreated();
  }

  @Test
  void aPhoneThatIsNotE164DigitsIsNamed() {
    ObjectNode body = Api.object();
    body.put("merchantId", "merchant-a");
    body.set("amount", Api.amount("10", "RUB"));
    body.putObject("customer").put("phone", "+7 (916) abc");

    Api.Res res = api.post("/api/v2/invoices", body);

    assertThat(res.status()).isEqualTo(400);
    assertThat(res.errors()).singleElement().asString().startsWith("customer.phone: must match");
  }

  @Test
  void anOverlongAmountCitesTheAmountRule() {
    ObjectNode body = api.cardPayment("4111111111111111", "10", false);
    ((ObjectNode) body.path("amount")).put("value", new BigDecimal("1" + "0".repeat(45)));

    Api.Res res = api.post("/api/v2/payments", body);

    assertThat(res.errors())
        .containsExactly(
            "amount.value: must have at most 15 digits before the decimal point and 4 after it");
  }

  @Test
  void aPaymentMethodOutsideTheDictionaryIsRefusedAndTheDocumentedSpellingsAreCanonical() {
    ObjectNode settlementMethod = api.cardPayment("4111111111111111", "10", false);
    ((ObjectNode) settlementMethod.path("paymentData")).put("paymentMethod", "FullPayment");

    Api.Res refused = api.post("/api/v2/payments", settlementMethod);

    assertThat(refused.status()).isEqualTo(400);
    assertThat(refused.errors())
        .singleElement()
        .asString()
        .startsWith("paymentData.paymentMethod: must be a payment method alias");
    assertNothingCreated();

    ObjectNode pascalCase = api.cardPayment("4111111111111111", "10", false);
    ((ObjectNode) pascalCase.path("paymentData")).put("paymentMethod", "BankCard");
    JsonNode payment = api.post("/api/v2/payments", pascalCase).json();
    assertThat(payment.path("paymentData").path("paymentMethod").asText()).isEqualTo("bankcard");
  }
}
