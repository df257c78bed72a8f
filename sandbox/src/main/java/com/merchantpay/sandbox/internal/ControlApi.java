package com.merchantpay.sandbox.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.merchantpay.sandbox.Sandbox;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The control API under {@code /_sandbox}, for tests and the conformance kit: configuration, reset, the
 * clock, the callback delivery log, and resources created directly in a given state (provider states).
 * It needs no credentials; the sandbox listens on the loopback interface only.
 */
final class ControlApi {
  private static final Duration IDLE_WAIT = Duration.ofSeconds(15);
  private static final Set<String> PAYMENT_STATUSES =
      Set.of("Authorized", "Settled", "Cancelled", "Rejected", "Confirmation", "Pending");

  private final SandboxServer server;
  private final SandboxConfig config;
  private final Engine engine;
  private final Store store;
  private final SandboxClock clock;

  ControlApi(SandboxServer server, SandboxConfig config, Engine engine, SandboxClock clock) {
    this.server = server;
    this.config = config;
    this.engine = engine;
    this.store = engine.store;
    this.clock = clock;
  }

  HttpSupport.Out handle(HttpSupport.In in) {
    String path = in.rawPath().replaceAll("/+$", "");
    String route = in.method() + " " + path;
    try {
      return switch (route) {
        case "GET /_sandbox", "GET /_sandbox/config" -> ok(config());
        case "POST /_sandbox/reset" -> {
          server.reset();
          yield ok(clockView());
        }
        case "GET /_sandbox/clock" -> ok(clockView());
        case "POST /_sandbox/clock/advance" -> {
          advance(body(in));
          yield ok(clockView());
        }
        case "GET /_sandbox/callbacks" -> {
          server.awaitCallbacks(IDLE_WAIT);
          ObjectNode log = Json.object();
          log.set("deliveries", server.callbackLog(in.queryParam("resourceId")));
          yield ok(log);
        }
        case "GET /_sandbox/requests" -> {
          ObjectNode log = Json.object();
          log.set("requests", server.requestLog());
          yield ok(log);
        }
        case "GET /_sandbox/options" -> ok(server.options().view());
        case "POST /_sandbox/options" -> {
          server.options().apply(body(in));
          yield ok(server.options().view());
        }
        case "POST /_sandbox/payments" -> create(() -> payment(body(in)));
        case "POST /_sandbox/refunds" -> create(() -> refund(body(in)));
        case "POST /_sandbox/paymenttokens" -> create(() -> token(body(in)));
        case "POST /_sandbox/receipts" -> create(() -> receipt(body(in)));
        case "POST /_sandbox/stickers" -> create(() -> sticker(body(in)));
        default -> ApiError.notFound("No control operation " + route + "; see GET /_sandbox/config.").response();
      };
    } catch (ApiError e) {
      return e.response();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return HttpSupport.Out.text(503, "text/plain", "interrupted\n");
    }
  }

  private interface Creation {
    ObjectNode create();
  }

  private HttpSupport.Out create(Creation creation) {
    ObjectNode view;
    store.lock.lock();
    try {
      view = creation.create();
    } finally {
      store.lock.unlock();
      server.flushNotifications();
    }
    return ok(view);
  }

  private static HttpSupport.Out ok(JsonNode body) {
    return HttpSupport.Out.json(200, body);
  }

  private ObjectNode clockView() {
    ObjectNode node = Json.object();
    node.put("now", Views.time(clock.now()));
    node.put("fixed", clock.isFixed());
    return node;
  }

  private ObjectNode config() {
    ObjectNode node = Json.object();
    node.put("baseUrl", engine.baseUrl());
    ArrayNode merchants = node.putArray("merchants");
    for (Sandbox.Merchant merchant : config.merchants()) {
      merchants.addObject().put("id", merchant.id()).put("siteId", merchant.siteId())
          .put("accountId", merchant.accountId());
    }
    ArrayNode tokens = node.putArray("bearerTokens");
    config.bearerTokens().forEach((token, merchant) -> tokens.addObject().put("token", token).put("merchantId", merchant));
    ArrayNode logins = node.putArray("v1Logins");
    for (Sandbox.V1Login login : config.v1Logins()) {
      ObjectNode entry = logins.addObject();
      entry.put("login", login.login());
      entry.put("password", login.password());
      entry.put("merchantId", login.merchantId());
      ArrayNode roles = entry.putArray("roles");
      login.roles().forEach(role -> roles.add(role == Sandbox.Role.CASHIER ? "Cashier" : "Accountant"));
    }
    node.put("pageSize", SandboxConfig.PAGE_SIZE);
    node.put("v1ListLimit", config.v1ListLimit());
    node.put("idempotencyRetention", Idempotency.RETENTION.toString());
    node.put("callbackMaxAttempts", config.callbackMaxAttempts());
    node.put("callbackFirstRetryDelay", config.callbackFirstRetryDelay().toString());
    ArrayNode cards = node.putArray("testCards");
    for (MagicCards.Row row : MagicCards.table()) {
      cards.addObject().put("pan", row.pan()).put("effect", row.effect());
    }
    return node;
  }

  // ---------------------------------------------------------------- provider states

  private ObjectNode payment(JsonNode body) {
    List<String> errors = new ArrayList<>();
    String merchant = merchant(body, errors);
    String status = Json.str(body, "status");
    if (status == null || !PAYMENT_STATUSES.contains(status)) {
      errors.add("status: one of " + PAYMENT_STATUSES + " is required");
    }
    String id = freeId(Json.str(body, "id"), store.payments.keySet(), errors);
    BigDecimal value = amountValue(body, new BigDecimal("100.00"), errors);
    String currency = amountCurrency(body);
    Instant created = time(body, "created", errors);
    String resultCode = Json.str(body, "resultCode");
    if (resultCode != null && !resultCode.equals("Success") && !MagicCards.RESULT_CODES.contains(resultCode)) {
      errors.add("resultCode: not a result code of the v2 document");
    }
    String confirmationType = Json.str(body, "confirmationType");
    if (confirmationType != null && !Set.of("SmsOtp", "ThreeDSMethod", "ThreeDSChallenge", "ThreeDSv1", "External")
        .contains(confirmationType)) {
      errors.add("confirmationType: one of SmsOtp, ThreeDSMethod, ThreeDSChallenge, ThreeDSv1, External");
    }
    String pan = Json.str(body, "pan") == null ? MagicCards.SUCCESS_PAN : Json.str(body, "pan");
    if (!pan.matches("[0-9]{12,19}")) {
      errors.add("pan: must be 12 to 19 digits");
    }
    V2Api.checkUrl("callbackUrl", Json.str(body, "callbackUrl"), errors);
    fail(errors);
    Instant now = clock.now();
    PaymentRecord payment = new PaymentRecord(id == null ? engine.ids.payment() : id, merchant,
        created == null ? now : created, value, currency, PaymentRecord.Source.CONTROL);
    payment.updated = payment.created;
    store.payments.put(payment.id, payment);
    payment.testMode = Json.bool(body, "testMode", true);
    payment.dualMode = "Authorized".equals(status) || Json.bool(body, "dualMode", false);
    payment.invoice = Json.obj(body, "invoice") == null ? null : Views.inUtc(Json.obj(body, "invoice"));
    payment.callbackUrl = Json.str(body, "callbackUrl");
    engine.useCard(payment, pan, null, now);
    payment.nextSteps.clear();
    payment.status = status;
    switch (status) {
      case "Authorized" -> payment.resultCode = "Success";
      case "Settled" -> {
        payment.resultCode = "Success";
        payment.captured = value;
        payment.completed = payment.created;
      }
      case "Cancelled" -> {
        payment.resultCode = "Success";
        payment.completed = payment.created;
      }
      case "Rejected" -> {
        payment.resultCode = resultCode == null ? "TransactionDeclined" : resultCode;
        payment.completed = payment.created;
      }
      case "Confirmation" -> {
        payment.confirmation = engine.confirmation(MagicCards.Step.valueOf(confirmationType == null ? "SmsOtp"
            : confirmationType), payment);
        payment.confirmationDeadline = now.plus(Engine.CONFIRMATION_TIMEOUT);
      }
      default -> {
        if (Json.bool(body, "awaitingPayer", false)) {
          payment.awaitingPayer = true;
        } else {
          payment.behaviour = new MagicCards.Behaviour(payment.behaviour.declineCode(), List.of(), true,
              payment.behaviour.declineAfterPending(), false, payment.behaviour.refundsRejected());
          payment.pendingDue = now.plus(Engine.PENDING_DELAY);
        }
      }
    }
    payment.message = "Success".equals(payment.resultCode) ? "Approved"
        : payment.resultCode == null ? null : "Declined by the sandbox: " + payment.resultCode;
    return Views.payment(payment, store);
  }

  private ObjectNode refund(JsonNode body) {
    List<String> errors = new ArrayList<>();
    PaymentRecord payment = store.payments.get(String.valueOf(Json.str(body, "paymentId")));
    if (payment == null) {
      errors.add("paymentId: no payment with this identifier");
    }
    String status = Json.str(body, "status") == null ? "Success" : Json.str(body, "status");
    if (!Set.of("Pending", "Success", "Rejected").contains(status)) {
      errors.add("status: one of Pending, Success, Rejected");
    }
    String id = freeId(Json.str(body, "id"), store.refunds.keySet(), errors);
    BigDecimal value = amountValue(body, payment == null ? BigDecimal.ONE
        : payment.captured != null ? payment.captured : payment.amount, errors);
    Instant created = time(body, "created", errors);
    fail(errors);
    Instant now = clock.now();
    RefundRecord refund = new RefundRecord(id == null ? engine.ids.refund() : id, payment.id, payment.merchantId,
        created == null ? now : created, value, payment.currency, Json.str(body, "externalId"));
    refund.status = status;
    refund.resultCode = switch (status) {
      case "Rejected" -> "TransactionDeclined";
      case "Success" -> "Success";
      default -> null; // a Pending refund has no outcome yet
    };
    refund.v1ErrorCode = "Rejected".equals(status) ? -10 : null;
    refund.due = "Pending".equals(status) ? now.plus(Engine.REFUND_DELAY) : null;
    store.refunds.put(refund.id, refund);
    return Views.refund(refund, true);
  }

  private ObjectNode token(JsonNode body) {
    List<String> errors = new ArrayList<>();
    String merchant = merchant(body, errors);
    String status = Json.str(body, "status") == null ? "Active" : Json.str(body, "status");
    if (!Set.of("Created", "Active", "Revoked", "Declined").contains(status)) {
      errors.add("status: one of Created, Active, Revoked, Declined");
    }
    String id = freeId(Json.str(body, "id"), store.tokens.keySet(), errors);
    String pan = Json.str(body, "pan") == null ? MagicCards.SUCCESS_PAN : Json.str(body, "pan");
    if (!pan.matches("[0-9]{12,19}")) {
      errors.add("pan: must be 12 to 19 digits");
    }
    String expiry = Json.str(body, "expiry") == null ? "12/39" : Json.str(body, "expiry");
    if (MagicCards.expiryMonth(expiry) == null) {
      errors.add("expiry: must be MM/YY");
    }
    V2Api.checkUrl("callbackUrl", Json.str(body, "callbackUrl"), errors);
    fail(errors);
    Instant now = clock.now();
    TokenRecord token = new TokenRecord(id == null ? engine.ids.token() : id, merchant, now);
    store.tokens.put(token.id, token);
    engine.useCard(token, pan, expiry, now);
    token.blocked = token.blocked || Json.bool(body, "blocked", false);
    token.callbackUrl = Json.str(body, "callbackUrl");
    token.testMode = true;
    token.status = status;
    token.resultCode = switch (status) {
      case "Active", "Revoked" -> "Success";
      case "Declined" -> Json.str(body, "resultCode") == null ? "TransactionDeclined" : Json.str(body, "resultCode");
      default -> null;
    };
    return Views.token(token);
  }

  private ObjectNode receipt(JsonNode body) {
    List<String> errors = new ArrayList<>();
    PaymentRecord payment = store.payments.get(String.valueOf(Json.str(body, "paymentId")));
    if (payment == null) {
      errors.add("paymentId: no payment with this identifier");
    }
    String status = Json.str(body, "status") == null ? "Success" : Json.str(body, "status");
    if (!Set.of("Pending", "Success", "Rejected", "Cancelled").contains(status)) {
      errors.add("status: one of Pending, Success, Rejected, Cancelled");
    }
    String type = Json.str(body, "type") == null ? "Payment" : Json.str(body, "type");
    if (!Set.of("Payment", "Refund").contains(type)) {
      errors.add("type: Payment or Refund");
    }
    BigDecimal value = amountValue(body, payment == null ? BigDecimal.ONE : payment.amount, errors);
    fail(errors);
    Instant now = clock.now();
    ReceiptRecord receipt = engine.createReceipt(payment, type, value, now);
    if ("Success".equals(status)) {
      engine.register(receipt, now);
    } else if (!"Pending".equals(status)) {
      receipt.due = null;
      receipt.status = status;
    }
    return Views.receipt(receipt);
  }

  private ObjectNode sticker(JsonNode body) {
    List<String> errors = new ArrayList<>();
    String merchant = merchant(body, errors);
    String id = freeId(Json.str(body, "id"), store.stickers.keySet(), errors);
    BigDecimal value = body.has("amount") ? amountValue(body, null, errors) : null;
    V2Api.checkUrl("callbackUrl", Json.str(body, "callbackUrl"), errors);
    fail(errors);
    StickerRecord sticker = new StickerRecord(id == null ? engine.ids.sticker() : id, merchant, clock.now());
    sticker.stickerType = Json.str(body, "stickerType") == null ? "Sbp" : Json.str(body, "stickerType");
    sticker.cashlink = Json.bool(body, "cashlink", false);
    sticker.description = Json.str(body, "description");
    sticker.paymentPurpose = Json.str(body, "paymentPurpose");
    sticker.productCode = Json.str(body, "productCode");
    sticker.amount = value;
    sticker.currency = value == null ? null : amountCurrency(body);
    sticker.callbackUrl = Json.str(body, "callbackUrl");
    sticker.active = Json.bool(body, "active", true);
    sticker.payload = engine.baseUrl() + "/sticker/" + sticker.id;
    store.stickers.put(sticker.id, sticker);
    return Views.sticker(sticker);
  }

  // ---------------------------------------------------------------- helpers

  private static JsonNode body(HttpSupport.In in) {
    if (!in.hasBody()) {
      return Json.object();
    }
    try {
      JsonNode body = Json.parse(in.body());
      if (!body.isObject()) {
        throw ApiError.validation("body: must be a JSON object");
      }
      List<String> oversized = Json.oversizedNumbers(body);
      if (!oversized.isEmpty()) {
        throw ApiError.validation(oversized);
      }
      return body;
    } catch (JsonProcessingException e) {
      throw ApiError.validation("body: not valid JSON (" + e.getOriginalMessage() + ")");
    }
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
        by = Duration.ofMillis(body.get("seconds").decimalValue().movePointRight(3).longValueExact());
      } catch (ArithmeticException e) {
        throw ApiError.validation("seconds: must be a number of seconds with at most three fraction digits");
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
      server.advance(by);
    } catch (IllegalArgumentException e) {
      throw ApiError.validation(field + ": " + e.getMessage());
    }
  }

  private String merchant(JsonNode body, List<String> errors) {
    String merchant = Json.str(body, "merchantId");
    if (merchant == null) {
      return config.merchants().get(0).id();
    }
    if (config.merchant(merchant) == null) {
      errors.add("merchantId: not a merchant of this sandbox");
    }
    return merchant;
  }

  private static String freeId(String id, Set<String> taken, List<String> errors) {
    if (id != null && (id.isEmpty() || id.contains("/") || taken.contains(id))) {
      errors.add("id: must be non-empty, without '/', and not used yet");
    }
    return id;
  }

  private static BigDecimal amountValue(JsonNode body, BigDecimal fallback, List<String> errors) {
    ObjectNode amount = Json.obj(body, "amount");
    if (amount == null) {
      return fallback;
    }
    BigDecimal value = Json.decimal(amount, "value");
    if (value == null || value.signum() <= 0) {
      errors.add("amount.value: a number greater than zero is required");
    } else if (!Amounts.inBounds(value)) {
      errors.add("amount.value: " + Amounts.RULE);
    }
    String currency = Json.str(amount, "currency");
    if (currency != null && !Amounts.isCurrency(currency)) {
      errors.add("amount.currency: " + Amounts.CURRENCY_RULE);
    }
    return value;
  }

  private static String amountCurrency(JsonNode body) {
    String currency = Json.str(Json.obj(body, "amount"), "currency");
    return currency == null ? "RUB" : currency;
  }

  private static Instant time(JsonNode body, String field, List<String> errors) {
    String text = Json.str(body, field);
    if (text == null) {
      return null;
    }
    try {
      return V2Api.parseTime(field, text).truncatedTo(java.time.temporal.ChronoUnit.MILLIS);
    } catch (ApiError e) {
      errors.addAll(e.errors);
      return null;
    }
  }

  private static void fail(List<String> errors) {
    if (!errors.isEmpty()) {
      throw ApiError.validation(errors);
    }
  }
}
