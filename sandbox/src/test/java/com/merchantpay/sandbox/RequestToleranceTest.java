package com.merchantpay.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * One rule for what a request carries that its operation does not define, on both interfaces: it is
 * ignored, the call proceeds, and the sandbox says what it ignored.
 */
class RequestToleranceTest extends SandboxTestBase {

  @Test
  void anUnknownQueryParameterIsIgnoredAndNamed() {
    Api.Res res =
        api.get(
            "/api/v2/payments?merchantId=merchant-a&start=2024-05-01T00:00:00Z"
                + "&end=2024-06-01T00:00:00Z&debug=1&verbose");

    assertThat(res.status()).as(res.text()).isEqualTo(200);
    assertThat(res.header("Ignored-Parameters")).isEqualTo("debug, verbose");
    assertThat(res.header("Ignored-Members")).isNull();
  }

  @Test
  void aMisplacedMemberIsIgnoredButNamedInTheAnswerAndTheRequestLog() {
    String payment = api.pay("4111111111111111", "100", false).path("id").asText();
    ObjectNode refund = Api.object();
    refund.put("paymentId", payment);
    refund.set("amount", Api.amount("10", "RUB"));
    refund.putArray("items").addObject().put("name", "Coffee").put("quantity", 1).put("price", 10);
    refund
        .putObject("receipt")
        .putObject("client")
        .put("email", "a@example.org")
        .put("nickname", "x");

    Api.Res res = api.post("/api/v2/refunds", refund);

    assertThat(res.status()).as(res.text()).isEqualTo(200);
    assertThat(res.header("Ignored-Members")).isEqualTo("items, receipt.client.nickname");
    JsonNode logged = lastLogged();
    assertThat(logged.path("path").asText()).isEqualTo("/api/v2/refunds");
    assertThat(logged.path("status").asInt()).isEqualTo(200);
    assertThat(logged.path("ignoredMembers"))
        .containsExactly(
            Api.JSON.getNodeFactory().textNode("items"),
            Api.JSON.getNodeFactory().textNode("receipt.client.nickname"));
  }

  @Test
  void freeFormMembersAreNeverCalledIgnored() {
    ObjectNode body = api.cardPayment("4111111111111111", "10", false);
    body.putObject("invoice").putObject("params").put("anything", "goes");

    Api.Res res = api.post("/api/v2/payments", body);

    assertThat(res.status()).isEqualTo(200);
    assertThat(res.header("Ignored-Members")).isNull();
  }

  @Test
  void callsWithoutABodyAcceptAnEmptyJsonObject() {
    String held = api.pay("4111111111111111", "100", true).path("id").asText();
    assertThat(api.put("/api/v2/payments/" + held + "/cancel", Api.object()).status())
        .isEqualTo(200);
    assertThat(api.payment(held).path("status").asText()).isEqualTo("Cancelled");

    JsonNode token =
        api.control("POST", "/_sandbox/paymenttokens", Map.of("merchantId", "merchant-a"));
    Api.Res revoked =
        api.put(
            "/api/v2/paymenttokens/" + token.path("id").asText() + "/revoke",
            Map.of("reason", "customer asked"));
    assertThat(revoked.status()).isEqualTo(200);
    assertThat(revoked.header("Ignored-Members")).isEqualTo("reason");

    Api.Res notJson = api.send("PUT", "/api/v2/payments/" + held + "/cancel", "[1]", Map.of());
    assertThat(notJson.status()).isEqualTo(400);
    assertThat(notJson.errors())
        .singleElement()
        .asString()
        .startsWith("body: this operation takes no body");
  }

  @Test
  void v1IgnoresUnknownParametersAndXmlWhereThereIsNoXmlAnswer() {
    String id = api.pay("4111111111111111", "100", false).path("id").asText();
    Map<String, String> params = new LinkedHashMap<>();
    params.put("paymentID", id);
    params.put("xml", "1");
    params.put("utm_source", "mail");

    Api.Res res = api.v1("getPayment", cashier(), params);

    assertThat(res.status()).isEqualTo(200);
    assertThat(res.header("Content-Type")).startsWith("application/json");
    assertThat(res.errorCode()).isZero();
    assertThat(res.json().path("Payment").path("PaymentID").asText()).isEqualTo(id);
    assertThat(res.header("Ignored-Parameters")).isEqualTo("xml, utm_source");
  }

  @Test
  void v1FormFieldsTheOperationDoesNotDefineAreIgnoredToo() {
    String id = api.pay("4111111111111111", "100", true).path("id").asText();

    Api.Res res =
        api.v1(
            "confirmPayment",
            accountant(),
            Map.of("paymentID", id, "amount", "100", "comment", "x"));

    assertThat(res.errorCode()).isZero();
    assertThat(res.header("Ignored-Parameters")).isEqualTo("comment");
  }

  @Test
  void aV1NonceThatBreaksItsRulesIsMinus14InTheEnvelope() {
    for (String nonce : List.of("", "x".repeat(256), "a;b")) {
      Api.Res res = api.v1("getPayment", "cashier-a", "Pa55word!", nonce, Map.of("paymentID", "1"));

      assertThat(res.status()).as("nonce %s", nonce).isEqualTo(200);
      assertThat(res.header("Content-Type")).startsWith("application/json");
      assertThat(res.errorCode()).as("nonce %s", nonce).isEqualTo(-14);
    }
    Api.Res longest =
        api.v1("getPayment", "cashier-a", "Pa55word!", "y".repeat(255), Map.of("paymentID", "1"));
    assertThat(longest.errorCode()).as("a nonce of exactly 255 characters is fine").isEqualTo(-13);
  }

  @Test
  void v1PathNamesMatchRegardlessOfLetterCase() {
    String id = api.pay("4111111111111111", "100", false).path("id").asText();

    for (String spelling : List.of("getpayment", "GETPAYMENT", "GetPayment")) {
      Api.Res res = api.v1(spelling, cashier(), Map.of("paymentID", id));
      assertThat(res.status()).as(spelling).isEqualTo(200);
      assertThat(res.errorCode()).as(spelling).isZero();
    }
  }

  private JsonNode lastLogged() {
    JsonNode requests = api.control("GET", "/_sandbox/requests", null).path("requests");
    return requests.get(requests.size() - 1);
  }
}
