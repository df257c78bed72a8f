package com.merchantpay.sandbox.internal.control;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.merchantpay.sandbox.internal.config.MerchantAccount;
import com.merchantpay.sandbox.internal.config.SandboxConfig;
import com.merchantpay.sandbox.internal.config.V1User;
import com.merchantpay.sandbox.internal.contract.RequestBodies;
import com.merchantpay.sandbox.internal.domain.Amounts;
import com.merchantpay.sandbox.internal.domain.ConfirmationStep;
import com.merchantpay.sandbox.internal.domain.Core;
import com.merchantpay.sandbox.internal.domain.MagicCards;
import com.merchantpay.sandbox.internal.domain.Payment;
import com.merchantpay.sandbox.internal.domain.PaymentStatus;
import com.merchantpay.sandbox.internal.domain.Receipt;
import com.merchantpay.sandbox.internal.domain.ReceiptStatus;
import com.merchantpay.sandbox.internal.domain.RefundStatus;
import com.merchantpay.sandbox.internal.domain.Refused;
import com.merchantpay.sandbox.internal.domain.Seeds;
import com.merchantpay.sandbox.internal.domain.StickerDraft;
import com.merchantpay.sandbox.internal.domain.TokenStatus;
import com.merchantpay.sandbox.internal.http.ApiError;
import com.merchantpay.sandbox.internal.http.HttpSupport;
import com.merchantpay.sandbox.internal.http.Json;
import com.merchantpay.sandbox.internal.v2.Idempotency;
import com.merchantpay.sandbox.internal.v2.RuntimeOptions;
import com.merchantpay.sandbox.internal.v2.V2Api;
import com.merchantpay.sandbox.internal.v2.V2Checks;
import com.merchantpay.sandbox.internal.v2.V2Views;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The control API under {@code /_sandbox}, for tests and the conformance kit: configuration, reset, the
 * clock, the logs of callbacks and requests, state counts, and resources made in a given state (provider
 * states) through the same {@link Core} the interfaces use. It needs no credentials; the sandbox listens on
 * the loopback interface only.
 */
public final class ControlApi {
  private static final Duration IDLE_WAIT = Duration.ofSeconds(15);

  /** What the control API asks of the running sandbox it controls. */
  public interface Host {
    /** Forgets every resource, key, nonce and delivery; the clock and identifiers start over. */
    void reset();

    /** Moves the clock forward and settles what fell due; throws IllegalArgumentException on a bad move. */
    Instant advance(Duration by);

    Instant now();

    boolean clockIsFixed();

    /** Waits until the callbacks due now were attempted, then the delivery log, for one resource or all. */
    ArrayNode callbackLog(String resourceId, Duration wait) throws InterruptedException;

    ArrayNode requestLog();

    /** Counts of what the sandbox keeps besides resources (idempotency keys, deliveries waiting...). */
    Map<String, Long> bookkeeping();
  }

  private final Host host;
  private final SandboxConfig config;
  private final Core core;
  private final RuntimeOptions options;

  public ControlApi(Host host, SandboxConfig config, Core core, RuntimeOptions options) {
    this.host = host;
    this.config = config;
    this.core = core;
    this.options = options;
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
        case "POST /_sandbox/payments" -> create(body(in), this::payment);
        case "POST /_sandbox/refunds" -> create(body(in), this::refund);
        case "POST /_sandbox/paymenttokens" -> create(body(in), this::token);
        case "POST /_sandbox/receipts" -> create(body(in), this::receipt);
        case "POST /_sandbox/stickers" -> create(body(in), this::sticker);
        default -> ApiError.notFound("No control operation " + route + "; see GET /_sandbox/config.").response();
      };
    } catch (ApiError e) {
      return e.response();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return HttpSupport.Out.text(503, "text/plain", "interrupted\n");
    }
  }

  /** A request for a resource in a state, read and made in one transaction of the core. */
  private interface Creation {
    ObjectNode create(JsonNode body, Instant now);
  }

  private HttpSupport.Out create(JsonNode body, Creation creation) {
    try {
      return ok(core.transact(now -> creation.create(body, now)));
    } catch (Refused e) {
      // The state asked for is one the service could not reach from here.
      ApiError error = V2Api.error(e);
      throw e.kind() == Refused.Kind.INVALID ? error : ApiError.validation("paymentId: " + e.getMessage());
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
      merchants.addObject().put("id", merchant.id()).put("siteId", merchant.siteId())
          .put("accountId", merchant.accountId());
    }
    ArrayNode tokens = node.putArray("bearerTokens");
    config.bearerTokens().forEach((token, merchant) -> tokens.addObject().put("token", token).put("merchantId", merchant));
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

  // ---------------------------------------------------------------- provider states

  private ObjectNode payment(JsonNode body, Instant now) {
    List<String> errors = new ArrayList<>();
    String merchant = merchant(body, errors);
    PaymentStatus status = named(PaymentStatus.values(), PaymentStatus::wire, "status", Json.str(body, "status"),
        null, errors);
    String id = freeId(Json.str(body, "id"), core::payment, errors);
    BigDecimal value = amountValue(body, new BigDecimal("100.00"), errors);
    Instant created = time(body, "created", errors);
    String resultCode = Json.str(body, "resultCode");
    if (resultCode != null && !resultCode.equals("Success") && !MagicCards.RESULT_CODES.contains(resultCode)) {
      errors.add("resultCode: not a result code of the v2 document");
    }
    ConfirmationStep step = named(ConfirmationStep.values(), ConfirmationStep::name, "confirmationType",
        Json.str(body, "confirmationType"), ConfirmationStep.SmsOtp, errors);
    String pan = Json.str(body, "pan") == null ? MagicCards.SUCCESS_PAN : Json.str(body, "pan");
    if (!pan.matches("[0-9]{12,19}")) {
      errors.add("pan: must be 12 to 19 digits");
    }
    V2Checks.checkUrl("callbackUrl", Json.str(body, "callbackUrl"), errors);
    V2Checks.failIfAny(errors);
    Payment payment = core.seedPayment(new Seeds.PaymentSeed(id, merchant, status, value, amountCurrency(body),
        created, resultCode, step, pan, Json.str(body, "callbackUrl"), Json.bool(body, "testMode", true),
        Json.bool(body, "dualMode", false), V2Views.inUtc(Json.obj(body, "invoice")),
        Json.bool(body, "awaitingPayer", false)), now);
    return V2Views.payment(payment, core.token(payment.createdTokenId()));
  }

  private ObjectNode refund(JsonNode body, Instant now) {
    List<String> errors = new ArrayList<>();
    String paymentId = Json.str(body, "paymentId");
    if (core.payment(paymentId) == null) {
      errors.add("paymentId: no payment with this identifier");
    }
    RefundStatus status = named(RefundStatus.values(), RefundStatus::wire, "status", Json.str(body, "status"),
        RefundStatus.SUCCESS, errors);
    String id = freeId(Json.str(body, "id"), core::refund, errors);
    BigDecimal value = amountValue(body, null, errors);
    Instant created = time(body, "created", errors);
    V2Checks.failIfAny(errors);
    return V2Views.refund(core.seedRefund(new Seeds.RefundSeed(id, paymentId, status, value, created,
        Json.str(body, "externalId")), now), true);
  }

  private ObjectNode token(JsonNode body, Instant now) {
    List<String> errors = new ArrayList<>();
    String merchant = merchant(body, errors);
    TokenStatus status = named(TokenStatus.values(), TokenStatus::wire, "status", Json.str(body, "status"),
        TokenStatus.ACTIVE, errors);
    String id = freeId(Json.str(body, "id"), core::token, errors);
    String pan = Json.str(body, "pan") == null ? MagicCards.SUCCESS_PAN : Json.str(body, "pan");
    if (!pan.matches("[0-9]{12,19}")) {
      errors.add("pan: must be 12 to 19 digits");
    }
    String expiry = Json.str(body, "expiry") == null ? "12/39" : Json.str(body, "expiry");
    if (MagicCards.expiryMonth(expiry) == null) {
      errors.add("expiry: must be MM/YY");
    }
    V2Checks.checkUrl("callbackUrl", Json.str(body, "callbackUrl"), errors);
    V2Checks.failIfAny(errors);
    return V2Views.token(core.seedToken(new Seeds.TokenSeed(id, merchant, status, pan, expiry,
        Json.bool(body, "blocked", false), Json.str(body, "callbackUrl"), Json.str(body, "resultCode")), now));
  }

  private ObjectNode receipt(JsonNode body, Instant now) {
    List<String> errors = new ArrayList<>();
    String paymentId = Json.str(body, "paymentId");
    if (core.payment(paymentId) == null) {
      errors.add("paymentId: no payment with this identifier");
    }
    ReceiptStatus status = named(ReceiptStatus.values(), ReceiptStatus::wire, "status", Json.str(body, "status"),
        ReceiptStatus.SUCCESS, errors);
    Receipt.Type type = named(Receipt.Type.values(), Receipt.Type::wire, "type", Json.str(body, "type"),
        Receipt.Type.PAYMENT, errors);
    BigDecimal value = amountValue(body, null, errors);
    V2Checks.failIfAny(errors);
    return V2Views.receipt(core.seedReceipt(new Seeds.ReceiptSeed(paymentId, status, type, value), now));
  }

  private ObjectNode sticker(JsonNode body, Instant now) {
    List<String> errors = new ArrayList<>();
    String merchant = merchant(body, errors);
    String id = freeId(Json.str(body, "id"), core::sticker, errors);
    BigDecimal value = body.has("amount") ? amountValue(body, null, errors) : null;
    V2Checks.checkUrl("callbackUrl", Json.str(body, "callbackUrl"), errors);
    V2Checks.failIfAny(errors);
    StickerDraft draft = new StickerDraft(Json.str(body, "stickerType") == null ? "Sbp" : Json.str(body, "stickerType"),
        Json.bool(body, "cashlink", false), Json.str(body, "description"), Json.str(body, "productCode"),
        Json.str(body, "paymentPurpose"), value, value == null ? null : amountCurrency(body),
        Json.str(body, "callbackUrl"));
    return V2Views.sticker(core.seedSticker(new Seeds.StickerSeed(id, merchant, draft,
        Json.bool(body, "active", true)), now));
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
      host.advance(by);
    } catch (IllegalArgumentException e) {
      throw ApiError.validation(field + ": " + e.getMessage());
    }
  }

  /** The value whose wire name is given, the default when none is, else an error listing the choices. */
  private static <E> E named(E[] values, Function<E, String> wire, String field, String given, E absent,
      List<String> errors) {
    if (given == null && absent != null) {
      return absent;
    }
    for (E value : values) {
      if (wire.apply(value).equals(given)) {
        return value;
      }
    }
    errors.add(field + ": one of " + Arrays.stream(values).map(wire).toList() + (absent == null ? " is required" : ""));
    return null;
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

  private static String freeId(String id, Function<String, Object> existing, List<String> errors) {
    if (id != null && (id.isEmpty() || id.contains("/") || existing.apply(id) != null)) {
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
      return V2Checks.parseTime(field, text).truncatedTo(ChronoUnit.MILLIS);
    } catch (ApiError e) {
      errors.addAll(e.errors());
      return null;
    }
  }
}
