package com.merchantpay.conformance.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.merchantpay.conformance.internal.CheckContext;
import com.merchantpay.conformance.internal.Exchange;
import com.merchantpay.conformance.internal.Fixtures;
import com.merchantpay.conformance.internal.Json;
import com.merchantpay.conformance.internal.Redaction;
import com.merchantpay.conformance.internal.Run;
import com.merchantpay.conformance.internal.V1Calls;
import com.merchantpay.conformance.internal.V1Signer;
import com.merchantpay.conformance.internal.V1Support;
import com.merchantpay.conformance.target.OpenPoint;
import com.merchantpay.conformance.target.Profile;
import com.merchantpay.conformance.target.Target;
import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

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
            ? remote(verification, state, params)
            : local(verification, state, params);
    Verification.stateValues(values);
    return values;
  }

  private static Map<String, Object> local(
      Verification verification, String name, Map<String, Object> given) {
    StateVocabulary.State state = StateVocabulary.named(name);
    Map<String, String> p = StateVocabulary.parameters(state, given);
    try (Run run = new Run(verification.target(), verification.profile(), Duration.ofSeconds(30))) {
      CheckContext c = new CheckContext(run);
      Fixtures f = new Fixtures(c);
      Map<String, Object> values = common(verification);
      switch (name) {
        case StateVocabulary.MERCHANT -> {
          // the values every state gives are all it gives
        }
        case StateVocabulary.TWO_PAGES -> twoPages(c, f, values);
        case StateVocabulary.SIGNED_V1_CALL -> values.putAll(signed(verification, p));
        case StateVocabulary.SETTLED_PAYMENT, StateVocabulary.SETTLED_PAYMENT_WITH_ORDER -> {
          ObjectNode body = f.approvedPayment(p.get("amount"), false);
          String orderNo =
              name.equals(StateVocabulary.SETTLED_PAYMENT_WITH_ORDER)
                  ? "pact-order-1"
                  : p.getOrDefault("orderNo", "");
          if (!orderNo.isEmpty()) {
            ((ObjectNode) body.path("invoice")).put("orderNo", orderNo);
          }
          values.put("paymentId", v1OrV2Id(c, f.pay(body)));
        }
        case StateVocabulary.HELD_PAYMENT ->
            values.put("paymentId", v1OrV2Id(c, f.heldPayment(p.get("amount"))));
        case StateVocabulary.CANCELLED_PAYMENT -> {
          JsonNode held = f.heldPayment(p.get("amount"));
          c.done(c.v2().put("/api/v2/payments/" + encode(held) + "/cancel", null));
          values.put("paymentId", v1OrV2Id(c, held));
        }
        case StateVocabulary.DECLINED_PAYMENT -> {
          Profile.Decline decline =
              c.need(
                  c.profile().declines().stream()
                      .filter(d -> d.resultCode().equals("InsufficientFunds"))
                      .findFirst()
                      .or(() -> c.profile().declines().stream().findFirst())
                      .orElse(null),
                  "the profile defines no declined card (declines)");
          Profile.Card card = f.approvedCard();
          values.put(
              "paymentId",
              v1OrV2Id(
                  c,
                  f.pay(
                      f.cardPayment(
                          decline.pan(), card.expiry(), card.cvc(), p.get("amount"), false))));
        }
        case StateVocabulary.CONFIRMATION_STEP, StateVocabulary.SMS_OTP_STEP ->
            values.put(
                "paymentId",
                f.pay(f.confirmationPayment(p.getOrDefault("type", "SmsOtp"), p.get("amount")))
                    .path("id")
                    .asText());
        case StateVocabulary.USED_KEY ->
            c.v2().post("/api/v2/payments", f.approvedPayment("101.00", false), p.get("key"));
        case StateVocabulary.REFUND -> {
          JsonNode payment = f.settledPayment(p.get("amount"));
          JsonNode refund =
              c.ok(
                  c.v2()
                      .post(
                          "/api/v2/refunds",
                          f.refund(payment.path("id").asText(), p.get("refundAmount"))));
          values.put("paymentId", v1OrV2Id(c, payment));
          values.put("refundId", refund.path("id").asText());
        }
        case StateVocabulary.TOKEN_WAITING ->
            values.put(
                "tokenId",
                c.ok(
                        c.v2()
                            .post(
                                "/api/v2/paymenttokens",
                                f.tokenRequest(f.approvedCard().pan(), null)))
                    .path("id")
                    .asText());
        case StateVocabulary.ACTIVE_TOKEN, StateVocabulary.REVOKED_TOKEN -> {
          JsonNode token = f.activeToken(f.approvedCard().pan(), null);
          if (name.equals(StateVocabulary.REVOKED_TOKEN)) {
            c.done(c.v2().put("/api/v2/paymenttokens/" + encode(token) + "/revoke", null));
          }
          values.put("tokenId", token.path("id").asText());
        }
        case StateVocabulary.RECEIPT -> {
          String paymentId = f.settledPayment(p.get("amount")).path("id").asText();
          values.put("paymentId", paymentId);
          values.put(
              "receiptId",
              c.ok(c.v2().post("/api/v2/receipts", f.receipt(paymentId, p.get("amount"))))
                  .path("id")
                  .asText());
        }
        case StateVocabulary.STICKER -> {
          boolean cashlink = Boolean.parseBoolean(p.get("cashlink"));
          values.put(
              "stickerId",
              c.ok(
                      c.v2()
                          .post(
                              "/api/v2/stickers",
                              f.sticker(cashlink, cashlink ? p.get("amount") : null, null)))
                  .path("id")
                  .asText());
        }
        case StateVocabulary.DOCUMENT ->
            values.put("documentId", firstOfV1List(c, "listDocuments", "Documents", "DocumentID"));
        case StateVocabulary.TRANSFER_REGISTER ->
            values.put("registerId", firstOfV1List(c, "listTransfers", "Transfers", "RegisterID"));
        case StateVocabulary.USED_NONCE ->
            c.v1().call("getPayment", Fixtures.values("paymentID", "1"), p.get("nonce"));
        case StateVocabulary.UNKNOWN_TOKEN,
            StateVocabulary.WRONG_SIGNATURE,
            StateVocabulary.UNKNOWN_LOGIN -> {
          // nothing to make: the request itself carries the fault
        }
        default -> throw new IllegalStateException("the vocabulary has no maker for " + name);
      }
      return values;
    }
  }

  /**
   * What every state gives: the target's credentials, merchant, v1 site and account, and a fresh
   * idempotency key, for the provider-state expressions of the request.
   */
  private static Map<String, Object> common(Verification verification) {
    Target target = verification.target();
    Profile profile = verification.profile();
    Map<String, Object> values = new LinkedHashMap<>();
    putIfGiven(values, "accessToken", target.bearerToken());
    putIfGiven(values, "merchantId", target.merchantId());
    putIfGiven(
        values,
        "siteAlias",
        profile.v1() != null && profile.v1().siteAlias() != null
            ? profile.v1().siteAlias()
            : target.merchantId());
    putIfGiven(values, "accountId", profile.v1() == null ? null : profile.v1().accountId());
    values.put("idempotencyKey", UUID.randomUUID().toString());
    putIfGiven(values, "v1Login", target.v1Login());
    return values;
  }

  private static void putIfGiven(Map<String, Object> values, String name, String value) {
    if (value != null) {
      values.put(name, value);
    }
  }

  /**
   * Payments enough that the merchant's list of the day has a second page, and the cursor to it
   * with the period listed: the provider's page size is its own, so payments are made until a page
   * names a cursor.
   */
  private static void twoPages(CheckContext c, Fixtures f, Map<String, Object> values) {
    java.time.Instant now = java.time.Instant.now();
    String start =
        now.minus(java.time.Duration.ofDays(1))
            .truncatedTo(java.time.temporal.ChronoUnit.SECONDS)
            .toString();
    String end =
        now.plus(java.time.Duration.ofDays(1))
            .truncatedTo(java.time.temporal.ChronoUnit.SECONDS)
            .toString();
    String list =
        "/api/v2/payments?merchantId="
            + Fixtures.encode(c.target().merchantId())
            + "&start="
            + Fixtures.encode(start)
            + "&end="
            + Fixtures.encode(end);
    String pointer = c.profile().reading(OpenPoint.CURSOR).orElse("cursor");
    for (int made = 0; made <= MOST_FOR_A_SECOND_PAGE; made++) {
      JsonNode page = c.ok(c.v2().get(list));
      JsonNode cursor = page.at(pointer.startsWith("/") ? pointer : "/" + pointer);
      if (cursor.isTextual() && !cursor.asText().isEmpty()) {
        values.put("cursor", cursor.asText());
        values.put("start", start);
        values.put("end", end);
        return;
      }
      f.pay(f.approvedPayment("10.00", false));
    }
    throw new IllegalStateException(
        "the payment list named no cursor after " + MOST_FOR_A_SECOND_PAGE + " more payments");
  }

  /** More payments than a page of any provider holds. */
  private static final int MOST_FOR_A_SECOND_PAGE = 300;

  /**
   * The login, a fresh nonce (or the one given) and the hash of the v1 call the params describe,
   * its values filled from the interaction's earlier states where they name one as ${name}.
   */
  private static Map<String, Object> signed(Verification verification, Map<String, String> params) {
    Target target = verification.target();
    Map<String, Object> earlier = Verification.stateValues();
    String operation = params.get("operation");
    Map<String, String> values = new LinkedHashMap<>();
    String nonce = "pact-" + UUID.randomUUID();
    for (Map.Entry<String, String> param : params.entrySet()) {
      if (param.getKey().equals("operation")) {
        continue;
      }
      String value = param.getValue();
      java.util.regex.Matcher expression =
          java.util.regex.Pattern.compile("\\$\\{([A-Za-z0-9_]+)}").matcher(value);
      StringBuilder filled = new StringBuilder();
      while (expression.find()) {
        Object made = earlier.get(expression.group(1));
        if (made == null) {
          throw new IllegalArgumentException(
              value + ": no earlier state of the interaction gave " + expression.group(1));
        }
        expression.appendReplacement(
            filled, java.util.regex.Matcher.quoteReplacement(String.valueOf(made)));
      }
      value = expression.appendTail(filled).toString();
      if (param.getKey().equals("nonce")) {
        nonce = value;
      } else {
        values.put(param.getKey(), value);
      }
    }
    Map<String, String> all = new LinkedHashMap<>();
    all.put("login", target.v1Login());
    all.put("nonce", nonce);
    all.putAll(values);
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("v1Login", target.v1Login());
    out.put("v1Nonce", nonce);
    out.put(
        "v1Hash",
        V1Signer.hash(
            V1Signer.signedText(
                V1Calls.signedOrder(operation),
                target.v1Login(),
                target.v1Password(),
                nonce,
                all)));
    return out;
  }

  private static String encode(JsonNode resource) {
    return Fixtures.encode(resource.path("id").asText());
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

  /** The most of a state change answer read: its values are a few ids. */
  private static final int MOST_READ = 64 * 1024;

  private static Map<String, Object> remote(
      Verification verification, String state, Map<String, Object> params) {
    ObjectNode body = Json.object();
    body.put("state", state);
    body.set("params", Json.MAPPER.valueToTree(params));
    body.put("action", "setup");
    HttpClient.Builder client =
        HttpClient.newBuilder()
            .followRedirects(HttpClient.Redirect.NEVER)
            .connectTimeout(Duration.ofSeconds(30));
    if (verification.target().tls() != null) {
      client.sslContext(verification.target().tls());
    }
    try {
      HttpResponse<InputStream> streamed =
          client
              .build()
              .send(
                  HttpRequest.newBuilder(verification.stateChangeUrl())
                      .timeout(Duration.ofSeconds(30))
                      .header("Content-Type", "application/json")
                      .POST(HttpRequest.BodyPublishers.ofByteArray(Json.bytes(body)))
                      .build(),
                  HttpResponse.BodyHandlers.ofInputStream());
      byte[] read;
      try (InputStream in = streamed.body()) {
        read = in.readNBytes(MOST_READ + 1);
      }
      if (read.length > MOST_READ) {
        throw new IllegalStateException(
            "the state change URL answered '" + state + "' with more than " + MOST_READ + " bytes");
      }
      if (streamed.statusCode() / 100 != 2) {
        throw new IllegalStateException(
            "the state change URL answered HTTP "
                + streamed.statusCode()
                + " to '"
                + state
                + "': "
                + Redaction.body(new String(read, StandardCharsets.UTF_8)));
      }
      JsonNode values = Json.parseOrNull(read);
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
          "the state change URL "
              + verification.stateChangeUrl()
              + " cannot be reached: "
              + e.getMessage(),
          e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
  }
}
