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
import java.util.LinkedHashMap;
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
  private final Map<String, Handler> routes;

  public ControlApi(Host host, SandboxConfig config, Core core, RuntimeOptions options) {
    this.host = host;
    this.config = config;
    this.core = core;
    this.options = options;
    this.states = new ProviderStates(config, core);
    this.routes = routes();
  }

  /** One control operation. */
  private interface Handler {
    HttpSupport.Out handle(HttpSupport.In in) throws InterruptedException;
  }

  /** The control operations by method and path; {@code GET /_sandbox/config} lists them. */
  private Map<String, Handler> routes() {
    Map<String, Handler> routes = new LinkedHashMap<>();
    routes.put("GET /_sandbox", in -> ok(config()));
    routes.put("GET /_sandbox/config", in -> ok(config()));
    routes.put(
        "POST /_sandbox/reset",
        in -> {
          host.reset();
          return ok(clockView());
        });
    routes.put("GET /_sandbox/clock", in -> ok(clockView()));
    routes.put(
        "POST /_sandbox/clock/advance",
        in -> {
          advance(body(in));
          return ok(clockView());
        });
    routes.put(
        "GET /_sandbox/callbacks",
        in ->
            ok(
                Json.object()
                    .set("deliveries", host.callbackLog(in.queryParam("resourceId"), IDLE_WAIT))));
    routes.put(
        "GET /_sandbox/requests", in -> ok(Json.object().set("requests", host.requestLog())));
    routes.put("GET /_sandbox/state", in -> ok(state()));
    routes.put("GET /_sandbox/options", in -> ok(options.view()));
    routes.put(
        "POST /_sandbox/options",
        in -> {
          options.apply(body(in));
          return ok(options.view());
        });
    routes.put("POST /_sandbox/payments", in -> ok(states.create(body(in), states::payment)));
    routes.put("POST /_sandbox/refunds", in -> ok(states.create(body(in), states::refund)));
    routes.put("POST /_sandbox/paymenttokens", in -> ok(states.create(body(in), states::token)));
    routes.put("POST /_sandbox/receipts", in -> ok(states.create(body(in), states::receipt)));
    routes.put("POST /_sandbox/stickers", in -> ok(states.create(body(in), states::sticker)));
    return routes;
  }

  public HttpSupport.Out handle(HttpSupport.In in) {
    String route = in.method() + " " + in.rawPath().replaceAll("/+$", "");
    Handler handler = routes.get(route);
    if (handler == null) {
      return ApiError.notFound("No control operation " + route + "; see GET /_sandbox/config.")
          .response();
    }
    try {
      return handler.handle(in);
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
    ArrayNode operations = node.putArray("controlOperations");
    routes.keySet().forEach(operations::add);
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
