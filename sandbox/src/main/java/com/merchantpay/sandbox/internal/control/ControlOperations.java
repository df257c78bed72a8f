package com.merchantpay.sandbox.internal.control;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.merchantpay.sandbox.internal.config.MerchantAccount;
import com.merchantpay.sandbox.internal.config.SandboxConfig;
import com.merchantpay.sandbox.internal.config.V1User;
import com.merchantpay.sandbox.internal.contract.Contracts;
import com.merchantpay.sandbox.internal.contract.RequestBodies;
import com.merchantpay.sandbox.internal.contract.Routes;
import com.merchantpay.sandbox.internal.domain.Core;
import com.merchantpay.sandbox.internal.domain.MagicCards;
import com.merchantpay.sandbox.internal.faults.FaultRule;
import com.merchantpay.sandbox.internal.faults.FaultRules;
import com.merchantpay.sandbox.internal.faults.OperationNames;
import com.merchantpay.sandbox.internal.http.ApiError;
import com.merchantpay.sandbox.internal.http.HttpSupport;
import com.merchantpay.sandbox.internal.http.Json;
import com.merchantpay.sandbox.internal.v2.Idempotency;
import com.merchantpay.sandbox.internal.v2.RuntimeOptions;
import com.merchantpay.spec.ApiSpec;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Map;

/**
 * What each control operation does once {@link ControlApi} let its request through: one handler per
 * operation id of the control document, in {@link #routes()}.
 */
final class ControlOperations {
  private static final Duration IDLE_WAIT = Duration.ofSeconds(15);

  /** One operation's work. */
  interface Handler {
    HttpSupport.Out handle(Call call) throws InterruptedException;
  }

  /** A request that passed the control document, with its path parameters. */
  record Call(HttpSupport.In in, Map<String, String> path) {
    JsonNode body() {
      return in.hasBody() ? RequestBodies.object(in) : Json.object();
    }

    String param(String name) {
      return path.get(name);
    }
  }

  private final ControlApi.Host host;
  private final SandboxConfig config;
  private final Core core;
  private final RuntimeOptions options;
  private final FaultRules faults;
  private final ResourcesInAState states;
  private final Actions actions;
  private final List<String> operations;

  /**
   * The operations of both documents, for the fault rules a test posts; read when the first rule
   * comes, not at start, where the documents load in the background.
   */
  private static final class OperationNamesHolder {
    static final OperationNames NAMES =
        new OperationNames(Contracts.operationIds(ApiSpec.V2), Contracts.operationIds(ApiSpec.V1));
  }

  ControlOperations(
      ControlApi.Host host,
      SandboxConfig config,
      Core core,
      RuntimeOptions options,
      FaultRules faults,
      List<String> operations) {
    this.host = host;
    this.config = config;
    this.core = core;
    this.options = options;
    this.faults = faults;
    this.states = new ResourcesInAState(config, core);
    this.actions = new Actions(core);
    this.operations = operations;
  }

  Routes<Handler> routes() {
    return new Routes<Handler>("control")
        .on("getOverview", c -> ok(config()))
        .on("getConfig", c -> ok(config()))
        .on("getTrustedCertificate", c -> trustedCertificate())
        .on(
            "reset",
            c -> {
              host.reset();
              return ok(clockView());
            })
        .on("getState", c -> ok(state()))
        .on("getOptions", c -> ok(options.view()))
        .on(
            "setOptions",
            c -> {
              options.apply(c.body());
              return ok(options.view());
            })
        .on("getClock", c -> ok(clockView()))
        .on(
            "advanceClock",
            c -> {
              advance(c.body());
              return ok(clockView());
            })
        .on("listRequests", c -> ok(Json.object().set("requests", host.journalView())))
        .on("findRequests", c -> ok(host.findRequests(c.body())))
        .on(
            "listCallbacks",
            c ->
                ok(
                    Json.object()
                        .set(
                            "deliveries",
                            host.callbackLog(c.in().queryParam("resourceId"), IDLE_WAIT))))
        .on("redeliverCallback", c -> ok(host.redeliver(c.param("deliveryId"))))
        .on("listFaults", c -> ok(faultList()))
        .on("addFault", c -> ok(addFault(c.body())))
        .on(
            "clearFaults",
            c -> {
              faults.clear();
              return ok(faultList());
            })
        .on("removeFault", c -> ok(removeFault(c.param("faultId"))))
        .on("makePayment", c -> ok(states.create(c.body(), states::payment)))
        .on("makeRefund", c -> ok(states.create(c.body(), states::refund)))
        .on("makePaymentToken", c -> ok(states.create(c.body(), states::token)))
        .on("makeReceipt", c -> ok(states.create(c.body(), states::receipt)))
        .on("makeSticker", c -> ok(states.create(c.body(), states::sticker)))
        .on("setUpProviderState", c -> ok(providerState(c.body())))
        .on(
            "payerConfirms",
            c -> ok(actions.payerConfirms(c.param("paymentId"), approve(c.body()))))
        .on(
            "payerPaysInvoice",
            c ->
                ok(
                    actions.payerPaysInvoice(
                        c.param("paymentId"),
                        Json.str(c.body(), "pan"),
                        Json.str(c.body(), "expiry"))))
        .on("payerAbandonsInvoice", c -> ok(actions.payerAbandonsInvoice(c.param("paymentId"))))
        .on("expirePayment", c -> ok(actions.expire(c.param("paymentId"))))
        .on(
            "bankAnswersPayment",
            c -> ok(actions.bankAnswersPayment(c.param("paymentId"), approve(c.body()))))
        .on(
            "bankAnswersRefund",
            c -> ok(actions.bankAnswersRefund(c.param("refundId"), approve(c.body()))))
        .on(
            "setTokenBlocked",
            c ->
                ok(
                    actions.setTokenBlocked(
                        c.param("tokenId"), c.body().path("blocked").booleanValue())));
  }

  private static boolean approve(JsonNode body) {
    return body.path("approve").booleanValue();
  }

  // ---------------------------------------------------------------- faults

  private ObjectNode faultList() {
    ObjectNode node = Json.object();
    ArrayNode list = node.putArray("faults");
    for (FaultRules.Listed listed : faults.list()) {
      ObjectNode item = list.addObject();
      item.put("id", listed.id());
      item.put("text", listed.rule().describe());
      item.set("rule", listed.rule().toJson());
      item.put("matched", listed.matched());
      item.put("hit", listed.hit());
      if (listed.left() == null) {
        item.putNull("left");
      } else {
        item.put("left", listed.left());
      }
    }
    return node;
  }

  private ObjectNode addFault(JsonNode body) {
    FaultRule rule;
    try {
      rule = FaultRule.fromJson(body, OperationNamesHolder.NAMES);
    } catch (IllegalArgumentException e) {
      throw ApiError.validation(e.getMessage());
    }
    String id;
    try {
      id = faults.add(rule);
    } catch (IllegalStateException e) {
      throw ApiError.conflict(e.getMessage());
    }
    for (JsonNode listed : faultList().path("faults")) {
      if (id.equals(listed.path("id").asText())) {
        return (ObjectNode) listed;
      }
    }
    // A rule is listed until it is spent, and nothing has met this one yet.
    throw new IllegalStateException("fault rule " + id + " vanished");
  }

  private ObjectNode providerState(JsonNode change) throws InterruptedException {
    try {
      return host.providerState(change);
    } catch (IllegalArgumentException e) {
      throw ApiError.validation(e.getMessage());
    } catch (IllegalStateException e) {
      throw ApiError.conflict("The state could not be made: " + e.getMessage());
    }
  }

  private ObjectNode removeFault(String id) {
    if (!faults.remove(id)) {
      throw ApiError.notFound("No fault rule " + id + "; it may have been spent.");
    }
    return faultList();
  }

  // ---------------------------------------------------------------- views

  private static HttpSupport.Out ok(JsonNode body) {
    return HttpSupport.Out.json(200, body);
  }

  private ObjectNode clockView() {
    ObjectNode node = Json.object();
    node.put("now", Json.time(host.now()));
    node.put("fixed", host.clockIsFixed());
    return node;
  }

  private HttpSupport.Out trustedCertificate() {
    String pem = host.trustedCertificatePem();
    if (pem == null) {
      throw ApiError.notFound(
          "The sandbox serves HTTP only; start it with HTTPS to get a certificate.");
    }
    return HttpSupport.Out.text(200, "application/x-pem-file", pem);
  }

  private ObjectNode config() {
    ObjectNode node = Json.object();
    node.put("baseUrl", host.baseUrl());
    if (host.httpsBaseUrl() != null) {
      node.put("httpsBaseUrl", host.httpsBaseUrl());
      node.put("clientCertificateRequired", host.clientCertificateRequired());
    }
    ArrayNode operations = node.putArray("controlOperations");
    this.operations.forEach(operations::add);
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
    node.put("pageSize", config.pageSize());
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
