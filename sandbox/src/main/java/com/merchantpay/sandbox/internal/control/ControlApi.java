package com.merchantpay.sandbox.internal.control;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.merchantpay.sandbox.internal.config.MerchantAccount;
import com.merchantpay.sandbox.internal.config.SandboxConfig;
import com.merchantpay.sandbox.internal.config.V1User;
import com.merchantpay.sandbox.internal.contract.RequestBodies;
import com.merchantpay.sandbox.internal.domain.Core;
import com.merchantpay.sandbox.internal.domain.MagicCards;
import com.merchantpay.sandbox.internal.http.ApiError;
import com.merchantpay.sandbox.internal.http.HttpSupport;
import com.merchantpay.sandbox.internal.http.Json;
import com.merchantpay.sandbox.internal.v2.Idempotency;
import com.merchantpay.sandbox.internal.v2.RuntimeOptions;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Map;

/**
 * The control API under {@code /_sandbox}, for tests and the conformance kit: configuration, reset,
 * the clock, the logs of callbacks and requests, state counts, and resources made in a given state
 * (provider states) through the same {@link Core} the interfaces use. It needs no credentials; the
 * sandbox listens on the loopback interface only.
 */
public final class ControlApi {
  private static final Duration IDLE_WAIT = Duration.ofSeconds(15);

  /** What the control API asks of the running sandbox it controls. */
  public interface Host {
    /** Forgets every resource, key, nonce and delivery; the clock and identifiers start over. */
    void reset();

    /**
     * Moves the clock forward and settles what fell due; throws IllegalArgumentException on a bad
     * move.
     */
    Instant advance(Duration by);

    Instant now();

    boolean clockIsFixed();

    /**
     * Waits until the callbacks due now were attempted, then the delivery log, for one resource or
     * all.
     */
    ArrayNode callbackLog(String resourceId, Duration wait) throws InterruptedException;

    ArrayNode requestLog();

    /**
     * Counts of what the sandbox keeps besides resources (idempotency keys, deliveries waiting...).
     */
    Map<String, Long> bookkeeping();
  }

  private final Host host;
  private final SandboxConfig config;
  private final Core core;
  private final RuntimeOptions options;
  private final ProviderStates states;

  public ControlApi(Host host, SandboxConfig config, Core core, RuntimeOptions options) {
    this.host = host;
    this.config = config;
    this.core = core;
    this.options = options;
    this.states = new ProviderStates(config, core);
  }

  public HttpSupport.Out handle(HttpSupport.In in) {
    String path = in.rawPath().replaceAll("/+$", "");
    String route = in.method() + " " + path;
    try {
      return switch (route) {
        case "GET /_sandbox", "GET /_sandbox/config" -> ok(config());
        case "POST /_sandbox/reset" -> {
          host.reset();
          yield ok(clockView());
        }
        case "GET /_sandbox/clock" -> ok(clockView());
        case "POST /_sandbox/clock/advance" -> {
          advance(body(in));
          yield ok(clockView());
        }
        case "GET /_sandbox/callbacks" -> {
          ObjectNode log = Json.object();
          log.set("deliveries", host.callbackLog(in.queryParam("resourceId"), IDLE_WAIT));
          yield ok(log);
        }
        case "GET /_sandbox/requests" -> {
          ObjectNode log = Json.object();
          log.set("requests", host.requestLog());
          yield ok(log);
        }
        case "GET /_sandbox/state" -> ok(state());
        case "GET /_sandbox/options" -> ok(options.view());
        case "POST /_sandbox/options" -> {
          options.apply(body(in));
          yield ok(options.view());
        }
        case "POST /_sandbox/payments" -> ok(states.create(body(in), states::payment));
        case "POST /_sandbox/refunds" -> ok(states.create(body(in), states::refund));
        case "POST /_sandbox/paymenttokens" -> ok(states.create(body(in), states::token));
        case "POST /_sandbox/receipts" -> ok(states.create(body(in), states::receipt));
        case "POST /_sandbox/stickers" -> ok(states.create(body(in), states::sticker));
        default ->
            ApiError.notFound("No control operation " + route + "; see GET /_sandbox/config.")
                .response();
      };
    } catch (ApiError e) {
      return e.response();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return HttpSupport.Out.text(503, "text/plain", "interrupted\n");
    }
  }

  private static HttpSupport.Out ok(JsonNode body) {
    return HttpSupport.Out.json(200, body);
  }

  private ObjectNode clockView() {
    ObjectNode node = Json.object();
    node.put("now", Json.time(host.now()));
    node.put("fixed", host.clockIsFixed());
    return node;
  }

  private ObjectNode config() {
    ObjectNode node = Json.object();
    node.put("baseUrl", core.baseUrl());
    ArrayNode merchants = node.putArray("merchants");
    for (MerchantAccount merchant : config.merchants()) {
      merchants
          .addObject()
          .put("id", merchant.id())
          .put("siteId", merchant.siteId())
          .put("accountId", merchant.accountId());
    }
    ArrayNode tokens = node.putArray("bearerTokens");
    config
        .bearerTokens()
        .forEach(
            (token, merchant) ->
                tokens.addObject().put("token", token).put("merchantId", merchant));
    ArrayNode logins = node.putArray("v1Logins");
    for (V1User login : config.v1Users()) {
      ObjectNode entry = logins.addObject();
      entry.put("login", login.login());
      entry.put("password", login.password());
      entry.put("merchantId", login.merchantId());
      ArrayNode roles = entry.putArray("roles");
      login.roles().forEach(role -> roles.add(role.documentName()));
    }
    node.put("pageSize", SandboxConfig.PAGE_SIZE);
    node.put("v1ListLimit", config.v1ListLimit());
    node.put("idempotencyRetention", Idempotency.RETENTION.toString());
    node.put("callbackMaxAttempts", config.callbackMaxAttempts());
    node.put("callbackFirstRetryDelay", config.callbackFirstRetryDelay().toString());
    ObjectNode retention = node.putObject("retention");
    retention.put("maxResourcesPerKind", config.retention().maxPerKind());
    retention.put("maxAge", config.retention().maxAge().toString());
    ArrayNode cards = node.putArray("testCards");
    for (MagicCards.Row row : MagicCards.table()) {
      cards.addObject().put("pan", row.pan()).put("effect", row.effect());
    }
    return node;
  }

  private ObjectNode state() {
    ObjectNode node = Json.object();
    Map<String, Map<String, Long>> counts = core.counts();
    ObjectNode kept = node.putObject("resources");
    counts.get("kept").forEach(kept::put);
    ObjectNode forgotten = node.putObject("forgotten");
    counts.get("forgotten").forEach(forgotten::put);
    ObjectNode other = node.putObject("bookkeeping");
    host.bookkeeping().forEach(other::put);
    return node;
  }

  // ---------------------------------------------------------------- reading

  private static JsonNode body(HttpSupport.In in) {
    return in.hasBody() ? RequestBodies.object(in) : Json.object();
  }

  private void advance(JsonNode body) {
    String field;
    Duration by;
    if (body.has("seconds")) {
      field = "seconds";
      if (!body.get("seconds").isNumber()) {
        throw ApiError.validation("seconds: must be a number");
      }
      try {
        by =
            Duration.ofMillis(
                body.get("seconds").decimalValue().movePointRight(3).longValueExact());
      } catch (ArithmeticException e) {
        throw ApiError.validation(
            "seconds: must be a number of seconds with at most three fraction digits");
      }
    } else if (body.has("duration")) {
      field = "duration";
      try {
        by = Duration.parse(String.valueOf(Json.str(body, "duration")));
      } catch (DateTimeParseException e) {
        throw ApiError.validation("duration: must be an ISO 8601 duration such as PT1M");
      }
    } else {
      throw ApiError.validation("body: give seconds (a number) or duration (ISO 8601, e.g. PT1M)");
    }
    try {
      host.advance(by);
    } catch (IllegalArgumentException e) {
      throw ApiError.validation(field + ": " + e.getMessage());
    }
  }
}
