package com.merchantpay.examples.checkout;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.math.BigDecimal;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Optional;

/**
 * A shop's checkout, paying orders through the service's v2 interface with plain JDK HTTP calls.
 *
 * <p>The one rule that keeps a shopper from paying twice: every attempt to send the same payment
 * sends the same {@code Idempotency-Key}, derived from the order and what is paid with, so an
 * answer lost after the service acted is recovered by asking again rather than by paying again.
 * Paying the order with another card after a decline is another payment, so it gets another key.
 */
public final class Checkout {
  static final int ATTEMPTS = 3;
  private static final Duration LONGEST_WAIT = Duration.ofSeconds(5);
  private static final ObjectMapper JSON =
      JsonMapper.builder().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS).build();

  private final URI baseUrl;
  private final String token;
  private final String merchantId;
  private final HttpClient http;

  public Checkout(URI baseUrl, String token, String merchantId) {
    this.baseUrl = baseUrl;
    this.token = token;
    this.merchantId = merchantId;
    this.http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  }

  /**
   * Pays an order by card.
   *
   * @throws PaymentRefusedException when the service refuses the request
   * @throws OutcomeUnknownException when no attempt got an answer
   */
  public Payment pay(String orderNo, BigDecimal amount, Card card) {
    ObjectNode body = JSON.createObjectNode();
    body.put("merchantId", merchantId);
    body.putObject("invoice").put("orderNo", orderNo).put("description", "Order " + orderNo);
    body.putObject("amount").put("value", amount).put("currency", "RUB");
    ObjectNode paid = body.putObject("paymentData").put("paymentMethod", "bankcard");
    paid.putObject("card")
        .put("pan", card.pan())
        .put("expiry", card.expiry())
        .put("cvc", card.cvc());
    return payment(send(post("/api/v2/payments", body, paymentKey(orderNo, amount, card))));
  }

  /** The key of one payment of an order: the same for its retries, another for another card. */
  static String paymentKey(String orderNo, BigDecimal amount, Card card) {
    try {
      byte[] digest =
          MessageDigest.getInstance("SHA-256")
              .digest(
                  (card.pan() + "|" + card.expiry() + "|" + amount.toPlainString())
                      .getBytes(StandardCharsets.UTF_8));
      return "order-" + orderNo + "-" + HexFormat.of().formatHex(digest, 0, 6);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
  }

  /** The payment as it is now, for an order waiting for its payer or its bank. */
  public Payment payment(String paymentId) {
    return payment(
        send(
            request("/api/v2/payments/" + URLEncoder.encode(paymentId, StandardCharsets.UTF_8))
                .GET()
                .build()));
  }

  /** Gives money back, once per refund number however often it is asked. */
  public String refund(String paymentId, String refundNo, BigDecimal amount) {
    ObjectNode body = JSON.createObjectNode();
    body.put("paymentId", paymentId);
    body.putObject("amount").put("value", amount).put("currency", "RUB");
    return send(post("/api/v2/refunds", body, "refund-" + refundNo)).path("id").asText();
  }

  private HttpRequest post(String path, ObjectNode body, String idempotencyKey) {
    try {
      return request(path)
          .header("Content-Type", "application/json")
          .header("Idempotency-Key", idempotencyKey)
          .POST(HttpRequest.BodyPublishers.ofByteArray(JSON.writeValueAsBytes(body)))
          .build();
    } catch (IOException e) {
      throw new IllegalArgumentException("cannot write the request", e);
    }
  }

  private HttpRequest.Builder request(String path) {
    return HttpRequest.newBuilder(baseUrl.resolve(path))
        .timeout(Duration.ofSeconds(10))
        .header("Authorization", "Bearer " + token)
        .header("Accept", "application/json");
  }

  /**
   * Sends the request, again on a lost answer, a 5xx or a 429, up to {@link #ATTEMPTS} times: the
   * same request, so a POST keeps its idempotency key.
   */
  private JsonNode send(HttpRequest request) {
    Exception last = null;
    for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
      Duration wait = Duration.ofMillis(200L * attempt);
      try {
        HttpResponse<byte[]> response = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
        int status = response.statusCode();
        if (status / 100 == 2) {
          return JSON.readTree(response.body());
        }
        if (status == 429 || status >= 500) {
          last = new IOException("HTTP " + status);
          wait = retryAfter(response).orElse(wait);
        } else {
          JsonNode error = JSON.readTree(response.body());
          StringBuilder why = new StringBuilder(error.path("message").asText(""));
          error.path("errors").forEach(e -> why.append("; ").append(e.asText()));
          throw new PaymentRefusedException(status, error.path("code").asText("?"), why.toString());
        }
      } catch (IOException e) {
        last = e;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new OutcomeUnknownException(key(request), attempt, e);
      }
      if (attempt < ATTEMPTS) {
        sleep(wait);
      }
    }
    throw new OutcomeUnknownException(key(request), ATTEMPTS, last);
  }

  private static Optional<Duration> retryAfter(HttpResponse<?> response) {
    return response
        .headers()
        .firstValue("Retry-After")
        .filter(v -> v.matches("[0-9]{1,4}"))
        .map(v -> Duration.ofSeconds(Long.parseLong(v)))
        .map(d -> d.compareTo(LONGEST_WAIT) > 0 ? LONGEST_WAIT : d);
  }

  private static String key(HttpRequest request) {
    return request.headers().firstValue("Idempotency-Key").orElse("none");
  }

  private static void sleep(Duration wait) {
    try {
      Thread.sleep(wait.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static Payment payment(JsonNode json) {
    return new Payment(
        json.path("id").asText(),
        json.path("status").asText(),
        json.hasNonNull("resultCode") ? json.path("resultCode").asText() : null,
        json.path("amount").path("value").decimalValue());
  }
}
