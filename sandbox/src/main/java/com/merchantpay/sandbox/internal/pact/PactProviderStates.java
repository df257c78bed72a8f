package com.merchantpay.sandbox.internal.pact;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.merchantpay.sandbox.internal.config.MerchantAccount;
import com.merchantpay.sandbox.internal.config.SandboxConfig;
import com.merchantpay.sandbox.internal.config.V1Role;
import com.merchantpay.sandbox.internal.config.V1User;
import com.merchantpay.sandbox.internal.contract.Contracts;
import com.merchantpay.sandbox.internal.http.Json;
import com.merchantpay.sandbox.internal.v1.V1Signature;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import java.util.UUID;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Pact's provider-state contract, on the sandbox: before each interaction a verifier of any Pact
 * implementation posts {@code {"state", "params", "action"}}, and the values answered fill the
 * pact's provider-state expressions ({@code ${paymentId}} in a path, {@code Bearer ${accessToken}}
 * in a header). Every answer carries the default merchant's credentials and a fresh idempotency key
 * besides what the state made. States are made through the sandbox's own interfaces, as a provider
 * would make them, so they are what a client would see. The values of an interaction's states
 * accumulate until its teardown: a last state can sign a v1 call over them.
 */
public final class PactProviderStates {
  /** The state names, the same vocabulary as the conformance kit's. */
  public static final List<String> STATES =
      List.of(
          "a merchant",
          "a settled payment",
          "a settled payment with an invoice number",
          "a held payment",
          "a cancelled payment",
          "a declined payment",
          "a payment waits for a confirmation step",
          "a payment waits for an SmsOtp step",
          "a refund",
          "an active payment token",
          "a payment token waits for its confirmation",
          "a revoked payment token",
          "a receipt",
          "a sticker",
          "two pages of payments",
          "an idempotency key was used for another payment",
          "the access token is unknown",
          "a document",
          "a transfer register",
          "the nonce was used before",
          "the signature is wrong",
          "the login is unknown",
          "a signed v1 call");

  private static final String APPROVED = "4111111111111111";
  private static final String DECLINED = "4000000000001083";
  private static final Map<String, String> CONFIRMATION_CARDS =
      Map.of(
          "SmsOtp", "4000000000002016",
          "ThreeDSMethod", "4000000000002024",
          "ThreeDSChallenge", "4000000000002032",
          "ThreeDSv1", "4000000000002040",
          "External", "4000000000002057");
  private static final Pattern EXPRESSION = Pattern.compile("\\$\\{([A-Za-z0-9_]+)}");
  private static final Duration CALL_TIMEOUT = Duration.ofSeconds(30);

  private final SandboxConfig config;
  private final Supplier<String> baseUrl;
  private final Supplier<Instant> clock;

  /**
   * Made at the first state, not with the sandbox: a JDK client's start (its TLS defaults, its
   * selector thread) added about 150 ms to every sandbox start, most of which never set up a state.
   */
  private HttpClient http;

  /** The values the states of the interaction being set up made so far. */
  private final Map<String, String> context = new LinkedHashMap<>();

  private int nonces;

  /**
   * @param baseUrl where the sandbox serves plain HTTP (its interfaces are called there)
   * @param clock the sandbox's time, which lists are asked about
   */
  public PactProviderStates(
      SandboxConfig config, Supplier<String> baseUrl, Supplier<Instant> clock) {
    this.config = config;
    this.baseUrl = baseUrl;
    this.clock = clock;
  }

  /**
   * Sets up or tears down a state, answering the values it gives.
   *
   * @throws IllegalArgumentException for a state of no name the sandbox knows, naming those it does
   * @throws IllegalStateException when the sandbox refused to make it (a fault rule, say)
   */
  public synchronized ObjectNode handle(JsonNode body) throws InterruptedException {
    String action = body.path("action").asText("setup");
    if (action.equals("teardown")) {
      context.clear();
      return Json.object();
    }
    String state = body.path("state").asText("");
    Map<String, String> params = new LinkedHashMap<>();
    body.path("params")
        .properties()
        .forEach(
            e ->
                params.put(
                    e.getKey(),
                    e.getValue().isValueNode() ? e.getValue().asText() : e.getValue().toString()));
    common();
    switch (state) {
      case "",
          "a merchant",
          "the access token is unknown",
          "the signature is wrong",
          "the login is unknown" -> {
        // the credentials and key every answer carries are all these need
      }
      case "a settled payment" ->
          put("paymentId", pay(APPROVED, amount(params), false, params.get("orderNo")));
      case "a settled payment with an invoice number" ->
          put("paymentId", pay(APPROVED, amount(params), false, "pact-order-1"));
      case "a held payment" -> put("paymentId", pay(APPROVED, amount(params), true, null));
      case "a cancelled payment" -> {
        String id = pay(APPROVED, amount(params), true, null);
        v2("PUT", "/api/v2/payments/" + id + "/cancel", null);
        put("paymentId", id);
      }
      case "a declined payment" -> put("paymentId", pay(DECLINED, amount(params), false, null));
      case "a payment waits for a confirmation step", "a payment waits for an SmsOtp step" -> {
        String type =
            state.endsWith("SmsOtp step") ? "SmsOtp" : params.getOrDefault("type", "SmsOtp");
        String card = CONFIRMATION_CARDS.get(type);
        if (card == null) {
          throw new IllegalArgumentException(
              "type: one of " + CONFIRMATION_CARDS.keySet() + ", not " + type);
        }
        put("paymentId", pay(card, amount(params), false, null));
      }
      case "a refund" -> {
        String paymentId = pay(APPROVED, amount(params), false, null);
        ObjectNode refund = Json.object().put("paymentId", paymentId);
        refund.set("amount", money(params.getOrDefault("refundAmount", "40.00")));
        put("paymentId", paymentId);
        put("refundId", v2("POST", "/api/v2/refunds", refund).path("id").asText());
      }
      case "an active payment token", "a revoked payment token" -> {
        String id = token();
        v2("PUT", "/api/v2/paymenttokens/" + id + "/complete", Json.object().put("code", "1"));
        if (state.startsWith("a revoked")) {
          v2("PUT", "/api/v2/paymenttokens/" + id + "/revoke", null);
        }
        put("tokenId", id);
      }
      case "a payment token waits for its confirmation" -> put("tokenId", token());
      case "a receipt" -> {
        String value = amount(params);
        String paymentId = pay(APPROVED, value, false, null);
        put("paymentId", paymentId);
        put(
            "receiptId",
            v2("POST", "/api/v2/receipts", receipt(paymentId, value)).path("id").asText());
      }
      case "a sticker" ->
          put("stickerId", v2("POST", "/api/v2/stickers", sticker(params)).path("id").asText());
      case "two pages of payments" -> pages();
      case "an idempotency key was used for another payment" -> useKey(params.get("key"));
      case "a document" -> put("documentId", firstOf("listDocuments", "Documents", "DocumentID"));
      case "a transfer register" ->
          put("registerId", firstOf("listTransfers", "Transfers", "RegisterID"));
      case "the nonce was used before" -> {
        Map<String, String> values = new LinkedHashMap<>();
        values.put("paymentID", "1");
        // The payment need not exist: the nonce is spent whatever the answer.
        v1("getPayment", values, params.getOrDefault("nonce", "pact-used-nonce"), true);
      }
      case "a signed v1 call" -> sign(params);
      default ->
          throw new IllegalArgumentException(
              "state: no provider state '" + state + "'; the sandbox makes " + STATES);
    }
    ObjectNode answer = Json.object();
    context.forEach(answer::put);
    return answer;
  }

  // ---------------------------------------------------------------- what every state gives

  private void common() {
    MerchantAccount merchant = config.merchants().get(0);
    String token =
        config.bearerTokens().entrySet().stream()
            .filter(e -> e.getValue().equals(merchant.id()))
            .map(Map.Entry::getKey)
            .findFirst()
            .orElseThrow(() -> new IllegalStateException("the default merchant has no token"));
    context.put("accessToken", token);
    context.put("merchantId", merchant.id());
    context.put("siteAlias", merchant.id());
    context.put("accountId", merchant.accountId());
    context.put("idempotencyKey", UUID.randomUUID().toString());
    context.put("v1Login", accountant().login());
  }

  private void put(String name, String value) {
    context.put(name, value);
  }

  private V1User accountant() {
    String merchant = config.merchants().get(0).id();
    return config.v1Users().stream()
        .filter(u -> u.merchantId().equals(merchant) && u.roles().contains(V1Role.ACCOUNTANT))
        .findFirst()
        .orElseThrow(
            () -> new IllegalStateException("the default merchant has no v1 Accountant login"));
  }

  // ---------------------------------------------------------------- v2

  private static String amount(Map<String, String> params) {
    return params.getOrDefault("amount", "100.00");
  }

  private static ObjectNode money(String value) {
    return Json.object().put("value", new java.math.BigDecimal(value)).put("currency", "RUB");
  }

  private ObjectNode payment(String pan, String value, boolean dualMode, String orderNo) {
    ObjectNode body = Json.object();
    body.put("merchantId", context.get("merchantId"));
    body.put("dualMode", dualMode);
    body.put("testMode", true);
    body.set("amount", money(value));
    if (orderNo != null && !orderNo.isEmpty()) {
      body.putObject("invoice").put("orderNo", orderNo);
    }
    body.putObject("paymentData")
        .put("paymentMethod", "bankcard")
        .putObject("card")
        .put("pan", pan)
        .put("expiry", "12/30")
        .put("cvc", "123");
    return body;
  }

  private String pay(String pan, String value, boolean dualMode, String orderNo)
      throws InterruptedException {
    return v2("POST", "/api/v2/payments", payment(pan, value, dualMode, orderNo))
        .path("id")
        .asText();
  }

  private String token() throws InterruptedException {
    ObjectNode body = Json.object();
    body.put("merchantId", context.get("merchantId"));
    body.put("testMode", true);
    body.put("type", "recurring");
    body.put("purpose", "Pact provider state");
    body.putObject("paymentData")
        .put("paymentMethod", "bankcard")
        .putObject("card")
        .put("pan", APPROVED)
        .put("expiry", "12/30")
        .put("cvc", "123");
    return v2("POST", "/api/v2/paymenttokens", body).path("id").asText();
  }

  private static ObjectNode receipt(String paymentId, String value) {
    ObjectNode body = Json.object().put("paymentId", paymentId).put("type", "Payment");
    body.set("amount", money(value));
    body.putObject("client").put("email", "buyer@example.org");
    body.putArray("items")
        .addObject()
        .put("name", "Pact item")
        .put("quantity", 1)
        .put("price", new java.math.BigDecimal(value))
        .put("measure", "Piece")
        .put("vatType", "Vat22")
        .put("paymentSubject", "Commodity")
        .put("paymentMethod", "FullPayment");
    body.putObject("settlements").put("cashless", new java.math.BigDecimal(value));
    return body;
  }

  private ObjectNode sticker(Map<String, String> params) {
    boolean cashlink = Boolean.parseBoolean(params.getOrDefault("cashlink", "false"));
    ObjectNode body = Json.object();
    body.put("merchantId", context.get("merchantId"));
    body.put("stickerType", "Sbp");
    body.put("cashlink", cashlink);
    body.put("description", "Pact sticker");
    body.put("productCode", "pact-" + UUID.randomUUID());
    body.put("paymentPurpose", "Pact provider state");
    if (cashlink) {
      body.set("amount", money(amount(params)));
    }
    return body;
  }

  /**
   * Payments enough for a second page of today's list, and the cursor to it with the period it was
   * listed for: the pact's request names all three.
   */
  private void pages() throws InterruptedException {
    Instant now = clock.get();
    String start = now.minus(1, ChronoUnit.DAYS).truncatedTo(ChronoUnit.SECONDS).toString();
    String end = now.plus(1, ChronoUnit.DAYS).truncatedTo(ChronoUnit.SECONDS).toString();
    String list =
        "/api/v2/payments?merchantId="
            + encode(context.get("merchantId"))
            + "&start="
            + encode(start)
            + "&end="
            + encode(end);
    for (int made = 0; ; made++) {
      String cursor = v2("GET", list, null).path("cursor").asText(null);
      if (cursor != null && !cursor.isEmpty()) {
        put("cursor", cursor);
        put("start", start);
        put("end", end);
        return;
      }
      if (made > config.pageSize()) {
        throw new IllegalStateException("the payment list gave no cursor to a second page");
      }
      pay(APPROVED, "10.00", false, null);
    }
  }

  /** A payment made with the key; a key already used for another request holds the state too. */
  private void useKey(String key) throws InterruptedException {
    if (key == null || key.isEmpty()) {
      throw new IllegalArgumentException("key: the idempotency key the interaction sends");
    }
    try {
      call("POST", "/api/v2/payments", payment(APPROVED, "101.00", false, null), key);
    } catch (IllegalStateException e) {
      if (!e.getMessage().contains("idempotency_key_violation")) {
        throw e;
      }
    }
  }

  private JsonNode v2(String method, String path, JsonNode body) throws InterruptedException {
    return call(method, path, body, method.equals("POST") ? UUID.randomUUID().toString() : null);
  }

  private JsonNode call(String method, String path, JsonNode body, String key)
      throws InterruptedException {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(baseUrl.get() + path))
            .timeout(CALL_TIMEOUT)
            .header("Authorization", "Bearer " + context.get("accessToken"))
            .method(
                method,
                body == null
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(body.toString()));
    if (body != null) {
      request.header("Content-Type", "application/json");
    }
    if (key != null) {
      request.header("Idempotency-Key", key);
    }
    return answered(request.build(), method + " " + path, false);
  }

  // ---------------------------------------------------------------- v1

  private String firstOf(String operation, String list, String member) throws InterruptedException {
    Map<String, String> values = new LinkedHashMap<>();
    // Documents are monthly and registers weekly: a window of four months holds some of each.
    values.put("periodFrom", clock.get().minus(120, ChronoUnit.DAYS).toString().substring(0, 10));
    values.put("periodTo", clock.get().plus(1, ChronoUnit.DAYS).toString().substring(0, 10));
    JsonNode items = v1(operation, values, null, false).path("Response").path(list);
    if (!items.isArray() || items.isEmpty()) {
      throw new IllegalStateException(operation + " listed nothing to give the state");
    }
    return items.get(0).path(member).asText();
  }

  private JsonNode v1(
      String operation, Map<String, String> values, String nonce, boolean refusalTaken)
      throws InterruptedException {
    Map<String, String> all = signed(operation, values, nonce);
    StringJoiner form = new StringJoiner("&");
    all.forEach((k, v) -> form.add(encode(k) + "=" + encode(v)));
    Contracts.Operation defined = v1Operation(operation);
    String path = "/api/v1/" + operation;
    HttpRequest request =
        defined.method().equals("POST")
            ? HttpRequest.newBuilder(URI.create(baseUrl.get() + path))
                .timeout(CALL_TIMEOUT)
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form.toString()))
                .build()
            : HttpRequest.newBuilder(URI.create(baseUrl.get() + path + "?" + form))
                .timeout(CALL_TIMEOUT)
                .GET()
                .build();
    return answered(request, operation, refusalTaken);
  }

  /** The values of a v1 call with login, nonce and hash, signed with the accountant's password. */
  private Map<String, String> signed(String operation, Map<String, String> values, String nonce) {
    V1User user = accountant();
    Map<String, String> all = new LinkedHashMap<>();
    all.put("login", user.login());
    all.put("nonce", nonce != null ? nonce : "pact-" + UUID.randomUUID() + "-" + ++nonces);
    all.putAll(values);
    Map<String, List<String>> params = new LinkedHashMap<>();
    all.forEach((k, v) -> params.put(k, List.of(v)));
    all.put(
        "hash",
        V1Signature.hash(
            V1Signature.signedText(
                v1Operation(operation).hashed(), user.login(), user.password(), params)));
    return all;
  }

  /**
   * The login, nonce and hash of a v1 call whose other values the params give: {@code operation}
   * names it, every other param is one of its values, a {@code ${name}} in one filled from what the
   * interaction's earlier states made. A {@code nonce} param is used as given.
   */
  private void sign(Map<String, String> params) {
    String operation = params.get("operation");
    if (operation == null) {
      throw new IllegalArgumentException("operation: the v1 operation the call is to");
    }
    Map<String, String> values = new LinkedHashMap<>();
    String nonce = null;
    for (Map.Entry<String, String> param : params.entrySet()) {
      if (param.getKey().equals("operation")) {
        continue;
      }
      String value = filled(param.getValue());
      if (param.getKey().equals("nonce")) {
        nonce = value;
      } else {
        values.put(param.getKey(), value);
      }
    }
    Map<String, String> all = signed(operation, values, nonce);
    put("v1Login", all.get("login"));
    put("v1Nonce", all.get("nonce"));
    put("v1Hash", all.get("hash"));
  }

  private String filled(String template) {
    Matcher matcher = EXPRESSION.matcher(template);
    StringBuilder out = new StringBuilder();
    while (matcher.find()) {
      String value = context.get(matcher.group(1));
      if (value == null) {
        throw new IllegalArgumentException(
            template + ": no earlier state of the interaction gave " + matcher.group(1));
      }
      matcher.appendReplacement(out, Matcher.quoteReplacement(value));
    }
    return matcher.appendTail(out).toString();
  }

  private static Contracts.Operation v1Operation(String operation) {
    return Contracts.v1().operations().stream()
        .filter(o -> o.id().equalsIgnoreCase(operation))
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("operation: no v1 operation " + operation));
  }

  // ---------------------------------------------------------------- the calls

  private JsonNode answered(HttpRequest request, String what, boolean refusalTaken)
      throws InterruptedException {
    HttpResponse<String> response;
    try {
      if (http == null) {
        http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
      }
      response = http.send(request, HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new IllegalStateException(what + " got no answer: " + e.getMessage(), e);
    }
    JsonNode json;
    try {
      json = Json.parse(response.body().getBytes(StandardCharsets.UTF_8));
    } catch (IOException e) {
      json = null;
    }
    boolean v1Refused = json != null && json.path("ErrorCode").asInt(0) != 0;
    if (response.statusCode() / 100 != 2 || v1Refused && !refusalTaken) {
      throw new IllegalStateException(
          what
              + " was refused (HTTP "
              + response.statusCode()
              + "): "
              + shortened(response.body()));
    }
    return json == null ? Json.object() : json;
  }

  private static String shortened(String text) {
    return text.length() > 300 ? text.substring(0, 300) + "..." : text;
  }

  private static String encode(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8);
  }

  /** The names of the states, for the control API's error and its documentation. */
  public static List<String> states() {
    return new ArrayList<>(STATES);
  }
}
