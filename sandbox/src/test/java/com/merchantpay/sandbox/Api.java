package com.merchantpay.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.merchantpay.conformance.judge.ExchangeJudge;
import com.merchantpay.spec.ApiSpec;
import com.merchantpay.testsupport.DocumentedV1Signature;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Talks to a sandbox over HTTP with the JDK client and Jackson only (never our generated clients,
 * so the two can catch each other's mistakes), and checks every v2 and v1 answer against the
 * OpenAPI documents with the conformance kit's judge, strictly: a member the documents do not
 * define fails too.
 */
final class Api {
  static final ObjectMapper JSON =
      JsonMapper.builder()
          .enable(com.fasterxml.jackson.databind.DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
          .disable(
              com.fasterxml.jackson.databind.cfg.JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES)
          .build();

  /** Strict judges: a member or element the documents do not define fails an answer too. */
  static final class Judges {
    static final ExchangeJudge V2 = ExchangeJudge.strict(ApiSpec.V2);
    static final ExchangeJudge V1 = ExchangeJudge.strict(ApiSpec.V1);
  }

  private static final AtomicLong NONCES = new AtomicLong();

  final Sandbox sandbox;
  private final HttpClient http =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(5))
          .build();
  private String token;
  private boolean checkAnswers = true;

  Api(Sandbox sandbox) {
    this.sandbox = sandbox;
    this.token = sandbox.bearerToken();
  }

  /** The same client acting with another bearer token (null: no Authorization header). */
  Api as(String bearerToken) {
    Api other = new Api(sandbox);
    other.token = bearerToken;
    return other;
  }

  /**
   * The same client without the check of answers against the documents, for the sandbox's
   * deliberate departures from them (the other readings of open points).
   */
  Api unchecked() {
    Api other = as(token);
    other.checkAnswers = false;
    return other;
  }

  /** An answer: status, headers, raw body. */
  record Res(int status, Map<String, List<String>> headers, byte[] bytes) {
    String text() {
      return new String(bytes, StandardCharsets.UTF_8);
    }

    JsonNode json() {
      try {
        return JSON.readTree(bytes);
      } catch (IOException e) {
        throw new UncheckedIOException("not JSON: " + text(), e);
      }
    }

    String header(String name) {
      for (Map.Entry<String, List<String>> e : headers.entrySet()) {
        if (e.getKey().equalsIgnoreCase(name)) {
          return e.getValue().get(0);
        }
      }
      return null;
    }

    /** The error code of a v2 error answer. */
    String code() {
      return json().path("code").asText();
    }

    List<String> errors() {
      List<String> errors = new ArrayList<>();
      json().path("errors").forEach(e -> errors.add(e.asText()));
      return errors;
    }

    /** The v1 envelope's ErrorCode. */
    int errorCode() {
      return json().path("ErrorCode").asInt(Integer.MIN_VALUE);
    }
  }

  // ---------------------------------------------------------------- v2

  Res get(String pathAndQuery) {
    return send("GET", pathAndQuery, null, Map.of());
  }

  Res post(String path, Object body) {
    return send("POST", path, body, Map.of("Idempotency-Key", UUID.randomUUID().toString()));
  }

  Res post(String path, Object body, String idempotencyKey) {
    return send(
        "POST",
        path,
        body,
        idempotencyKey == null ? Map.of() : Map.of("Idempotency-Key", idempotencyKey));
  }

  Res put(String path, Object body) {
    return send("PUT", path, body, Map.of());
  }

  /** Sends a v2 call; a String body goes out as is, anything else as JSON. */
  Res send(String method, String pathAndQuery, Object body, Map<String, String> headers) {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(sandbox.baseUrl() + pathAndQuery))
            .timeout(Duration.ofSeconds(30))
            .header("Accept", "application/json");
    if (token != null) {
      request.header("Authorization", "Bearer " + token);
    }
    headers.forEach(request::header);
    if (body != null) {
      if (!headers.containsKey("Content-Type")) {
        request.header("Content-Type", "application/json");
      }
      request.method(method, HttpRequest.BodyPublishers.ofByteArray(bytes(body)));
    } else {
      request.method(method, HttpRequest.BodyPublishers.noBody());
    }
    return exchange(request.build(), method, pathAndQuery);
  }

  static byte[] bytes(Object body) {
    try {
      return body instanceof String s
          ? s.getBytes(StandardCharsets.UTF_8)
          : JSON.writeValueAsBytes(body);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  // ---------------------------------------------------------------- v1

  /**
   * A signed v1 call with a fresh nonce, signed the documented way (computed here, independently).
   */
  Res v1(String operation, Sandbox.V1Login login, Map<String, String> params) {
    return v1(
        operation,
        login.login(),
        login.password(),
        "n-" + NONCES.incrementAndGet() + "-" + UUID.randomUUID(),
        params);
  }

  Res v1(
      String operation, String login, String password, String nonce, Map<String, String> params) {
    Map<String, String> all = new LinkedHashMap<>();
    all.put("login", login);
    all.put("nonce", nonce);
    all.putAll(params);
    all.put("hash", hash(signedText(operation, login, password, nonce, params)));
    return v1Raw(operation, all);
  }

  /** Sends exactly these v1 values (GET query or POST form as the operation needs). */
  Res v1Raw(String operation, Map<String, String> values) {
    StringJoiner form = new StringJoiner("&");
    values.forEach((k, v) -> form.add(enc(k) + "=" + enc(v)));
    boolean post = List.of("refundPayment", "confirmPayment", "cancelPayment").contains(operation);
    String path = "/api/v1/" + operation;
    HttpRequest.Builder request;
    if (post) {
      request =
          HttpRequest.newBuilder(URI.create(sandbox.baseUrl() + path))
              .header("Content-Type", "application/x-www-form-urlencoded")
              .POST(HttpRequest.BodyPublishers.ofString(form.toString()));
    } else {
      request = HttpRequest.newBuilder(URI.create(sandbox.baseUrl() + path + "?" + form)).GET();
    }
    return exchange(request.timeout(Duration.ofSeconds(30)).build(), post ? "POST" : "GET", path);
  }

  /**
   * The text the documents' rule signs, from the shared oracle (it shares no code with the
   * sandbox).
   */
  static String signedText(
      String operation, String login, String password, String nonce, Map<String, String> params) {
    Map<String, String> values = new LinkedHashMap<>(params);
    values.put("login", login);
    values.put("nonce", nonce);
    return DocumentedV1Signature.signedText(operation, password, values);
  }

  static String hash(String text) {
    return DocumentedV1Signature.hash(text);
  }

  private static String enc(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8);
  }

  // ---------------------------------------------------------------- control API and pages

  JsonNode control(String method, String path, Object body) {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(sandbox.baseUrl() + path))
            .timeout(Duration.ofSeconds(30));
    request.method(
        method,
        body == null
            ? HttpRequest.BodyPublishers.noBody()
            : HttpRequest.BodyPublishers.ofByteArray(bytes(body)));
    Res res = exchange(request.build(), method, path);
    assertThat(res.status()).as("control %s %s: %s", method, path, res.text()).isEqualTo(200);
    return res.json();
  }

  /** A plain browser-like request to a hosted page. */
  Res page(String method, String pathOrUrl, String form) {
    return page(method, pathOrUrl, form, Map.of());
  }

  /** A page as a browser asks for it, with the headers it sends. */
  Res page(String method, String pathOrUrl, String form, Map<String, String> headers) {
    URI uri =
        pathOrUrl.startsWith("http")
            ? URI.create(pathOrUrl)
            : URI.create(sandbox.baseUrl() + pathOrUrl);
    HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(30));
    headers.forEach(request::header);
    if (form != null) {
      request
          .header("Content-Type", "application/x-www-form-urlencoded")
          .POST(HttpRequest.BodyPublishers.ofString(form));
    } else {
      request.method(method, HttpRequest.BodyPublishers.noBody());
    }
    return exchange(request.build(), method, uri.getPath());
  }

  private Res exchange(HttpRequest request, String method, String pathAndQuery) {
    HttpResponse<byte[]> response;
    try {
      response = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
    Res res = new Res(response.statusCode(), response.headers().map(), response.body());
    String path = URI.create("http://x" + pathAndQuery).getPath();
    if (!checkAnswers) {
      return res;
    }
    if (path.startsWith("/api/v2/")) {
      conforms(Judges.V2, path, method, res);
    } else if (path.startsWith("/api/v1/")) {
      conforms(Judges.V1, path, method, res);
    }
    return res;
  }

  /**
   * Fails when the body does not match the named schema of the v2 document (extra members fail
   * too).
   */
  static void conformsToSchema(String schemaName, JsonNode body) {
    assertThat(Judges.V2.schemaProblems(schemaName, body)).as("%s %s", schemaName, body).isEmpty();
  }

  /** Fails the test when the answer does not match the document. */
  static void conforms(ExchangeJudge judge, String path, String method, Res res) {
    List<String> problems = judge.problems(method, path, res.status(), res.headers(), res.bytes());
    assertThat(problems)
        .as("%s %s answered %s %s", method, path, res.status(), res.text())
        .isEmpty();
  }

  // ---------------------------------------------------------------- request bodies

  static ObjectNode object() {
    return JSON.createObjectNode();
  }

  static ObjectNode amount(String value, String currency) {
    ObjectNode amount = object();
    amount.put("value", new BigDecimal(value));
    amount.put("currency", currency);
    return amount;
  }

  /** A card payment body. */
  ObjectNode cardPayment(String pan, String value, boolean dualMode) {
    ObjectNode body = object();
    body.put("merchantId", sandbox.merchantId());
    body.put("dualMode", dualMode);
    body.put("testMode", true);
    body.set("amount", amount(value, "RUB"));
    ObjectNode card =
        body.putObject("paymentData").put("paymentMethod", "bankcard").putObject("card");
    card.put("pan", pan);
    card.put("expiry", "12/30");
    card.put("cvc", "123");
    return body;
  }

  JsonNode pay(String pan, String value, boolean dualMode) {
    Res res = post("/api/v2/payments", cardPayment(pan, value, dualMode));
    assertThat(res.status()).as(res.text()).isEqualTo(200);
    return res.json();
  }

  JsonNode payment(String id) {
    Res res = get("/api/v2/payments/" + id);
    assertThat(res.status()).as(res.text()).isEqualTo(200);
    return res.json();
  }

  /** Deliveries recorded by the sandbox, after it sent everything that was due. */
  List<JsonNode> deliveries(String resourceId) {
    List<JsonNode> out = new ArrayList<>();
    control(
            "GET",
            "/_sandbox/callbacks" + (resourceId == null ? "" : "?resourceId=" + resourceId),
            null)
        .path("deliveries")
        .forEach(out::add);
    return out;
  }

  void advance(String duration) {
    control("POST", "/_sandbox/clock/advance", Map.of("duration", duration));
  }
}
