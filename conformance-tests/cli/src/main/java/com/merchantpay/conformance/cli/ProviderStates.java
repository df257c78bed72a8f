package com.merchantpay.conformance.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.merchantpay.conformance.internal.CheckContext;
import com.merchantpay.conformance.internal.Exchange;
import com.merchantpay.conformance.internal.Fixtures;
import com.merchantpay.conformance.internal.Json;
import com.merchantpay.conformance.internal.Run;
import com.merchantpay.conformance.internal.V1Support;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The provider states the pacts name, made on the provider before an interaction is replayed. By
 * default through the provider's own v2 and v1 interfaces with the profile's test data, which works
 * on the sandbox and on any implementation alike. With a state change URL the provider makes them
 * itself: the kit POSTs {@code {"state": ..., "params": {...}, "action": "setup"}} there (Pact's
 * state change contract) and takes the values for the request from the JSON object it answers.
 */
final class ProviderStates {
  private ProviderStates() {}

  static Map<String, Object> setUp(String state, Map<String, Object> params) {
    Verification verification = Verification.current();
    Map<String, Object> values =
        verification.stateChangeUrl() != null
            ? remote(verification.stateChangeUrl(), state, params)
            : local(verification, state, params);
    Verification.stateValues(values);
    return values;
  }

  private static Map<String, Object> local(
      Verification verification, String state, Map<String, Object> params) {
    try (Run run = new Run(verification.target(), verification.profile(), Duration.ofSeconds(30))) {
      CheckContext c = new CheckContext(run);
      Fixtures f = new Fixtures(c);
      Map<String, Object> values = new LinkedHashMap<>();
      switch (state) {
        case "a settled payment", "a settled payment with an invoice number" -> {
          ObjectNode body = f.approvedPayment("100.00", false);
          if (state.endsWith("invoice number")) {
            ((ObjectNode) body.path("invoice")).put("orderNo", "pact-order-1");
          }
          values.put("paymentId", v1OrV2Id(c, f.pay(body)));
        }
        case "a held payment" -> values.put("paymentId", v1OrV2Id(c, f.heldPayment("100.00")));
        case "a payment waits for an SmsOtp step" ->
            values.put(
                "paymentId", f.pay(f.confirmationPayment("SmsOtp", "100.00")).path("id").asText());
        case "an idempotency key was used for another payment" ->
            c.v2()
                .post(
                    "/api/v2/payments",
                    f.approvedPayment("101.00", false),
                    String.valueOf(params.get("key")));
        case "a refund" -> {
          JsonNode payment = f.settledPayment("100.00");
          JsonNode refund =
              c.ok(c.v2().post("/api/v2/refunds", f.refund(payment.path("id").asText(), "40.00")));
          values.put("paymentId", v1OrV2Id(c, payment));
          values.put("refundId", refund.path("id").asText());
        }
        case "a payment token waits for its confirmation" ->
            values.put(
                "tokenId",
                c.ok(
                        c.v2()
                            .post(
                                "/api/v2/paymenttokens",
                                f.tokenRequest(f.approvedCard().pan(), null)))
                    .path("id")
                    .asText());
        case "an active payment token" ->
            values.put("tokenId", f.activeToken(f.approvedCard().pan(), null).path("id").asText());
        case "a receipt" -> {
          String paymentId = f.settledPayment("100.00").path("id").asText();
          values.put("paymentId", paymentId);
          values.put(
              "receiptId",
              c.ok(c.v2().post("/api/v2/receipts", f.receipt(paymentId, "100.00")))
                  .path("id")
                  .asText());
        }
        case "a sticker" ->
            values.put(
                "stickerId",
                c.ok(c.v2().post("/api/v2/stickers", f.sticker(false, null, null)))
                    .path("id")
                    .asText());
        case "a document" ->
            values.put("documentId", firstOfV1List(c, "listDocuments", "Documents", "DocumentID"));
        case "a transfer register" ->
            values.put("registerId", firstOfV1List(c, "listTransfers", "Transfers", "RegisterID"));
        case "the nonce was used before" ->
            c.v1()
                .call(
                    "getPayment",
                    Fixtures.values("paymentID", "1"),
                    String.valueOf(params.get("nonce")));
        case "the access token is unknown", "the signature is wrong", "the login is unknown" -> {
          // nothing to make: the request itself carries the fault
        }
        default ->
            throw new IllegalArgumentException(
                "no provider state '" + state + "' is known to the kit");
      }
      return values;
    }
  }

  /**
   * A payment's id as the interface of the interaction names it (v1 ids are numbers, see
   * V1Support).
   */
  private static String v1OrV2Id(CheckContext c, JsonNode payment) {
    String id = payment.path("id").asText();
    return id.matches("[0-9]{1,18}") ? id : V1Support.paymentId(c, payment);
  }

  private static String firstOfV1List(
      CheckContext c, String operation, String list, String idMember) {
    Exchange listed = c.v1().call(operation, Map.of());
    JsonNode items = V1Support.success(c, listed, "Response").path("Response").path(list);
    if (items.isEmpty()) {
      throw new IllegalStateException(
          "the provider lists no " + list.toLowerCase() + " for the state");
    }
    return items.get(0).path(idMember).asText();
  }

  private static Map<String, Object> remote(URI url, String state, Map<String, Object> params) {
    ObjectNode body = Json.object();
    body.put("state", state);
    body.set("params", Json.MAPPER.valueToTree(params));
    body.put("action", "setup");
    try {
      HttpResponse<byte[]> answer =
          HttpClient.newHttpClient()
              .send(
                  HttpRequest.newBuilder(url)
                      .timeout(Duration.ofSeconds(30))
                      .header("Content-Type", "application/json")
                      .POST(HttpRequest.BodyPublishers.ofByteArray(Json.bytes(body)))
                      .build(),
                  HttpResponse.BodyHandlers.ofByteArray());
      if (answer.statusCode() / 100 != 2) {
        throw new IllegalStateException(
            "the state change URL answered HTTP "
                + answer.statusCode()
                + " to '"
                + state
                + "': "
                + new String(answer.body(), StandardCharsets.UTF_8));
      }
      JsonNode values = Json.parseOrNull(answer.body());
      Map<String, Object> out = new LinkedHashMap<>();
      if (values != null && values.isObject()) {
        values
            .properties()
            .forEach(
                e ->
                    out.put(
                        e.getKey(),
                        e.getValue().isValueNode() ? e.getValue().asText() : e.getValue()));
      }
      return out;
    } catch (IOException e) {
      throw new IllegalStateException(
          "the state change URL " + url + " cannot be reached: " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
  }
}
