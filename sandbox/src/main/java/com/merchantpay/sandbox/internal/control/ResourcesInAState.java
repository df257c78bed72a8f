package com.merchantpay.sandbox.internal.control;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.merchantpay.sandbox.internal.config.SandboxConfig;
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
import com.merchantpay.sandbox.internal.http.Json;
import com.merchantpay.sandbox.internal.v2.V2Api;
import com.merchantpay.sandbox.internal.v2.V2Checks;
import com.merchantpay.sandbox.internal.v2.V2Views;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

/**
 * Resources made in a given state (provider states) from the control API's requests: each request
 * is read and checked here, and the resource made through the {@link Core} in one transaction, by
 * the same rules the interfaces use.
 */
final class ResourcesInAState {
  private final SandboxConfig config;
  private final Core core;

  ResourcesInAState(SandboxConfig config, Core core) {
    this.config = config;
    this.core = core;
  }

  /** A request for a resource in a state, read and made in one transaction of the core. */
  interface Creation {
    ObjectNode create(JsonNode body, Instant now);
  }

  ObjectNode create(JsonNode body, Creation creation) {
    try {
      return core.transact(now -> creation.create(body, now));
    } catch (Refused e) {
      // The state asked for is one the service could not reach from here.
      ApiError error = V2Api.error(e);
      boolean aboutAValue = e.kind() == Refused.Kind.INVALID || e.kind() == Refused.Kind.EXCEEDS;
      throw aboutAValue ? error : ApiError.validation("paymentId: " + e.getMessage());
    }
  }

  ObjectNode payment(JsonNode body, Instant now) {
    List<String> errors = new ArrayList<>();
    String merchant = merchant(body, errors);
    PaymentStatus status =
        named(
            PaymentStatus.values(),
            PaymentStatus::wire,
            "status",
            Json.str(body, "status"),
            null,
            errors);
    String id = freeId(Json.str(body, "id"), core::payment, errors);
    BigDecimal value = amountValue(body, new BigDecimal("100.00"), errors);
    Instant created = time(body, "created", errors);
    String resultCode = Json.str(body, "resultCode");
    if (resultCode != null
        && !resultCode.equals("Success")
        && !MagicCards.RESULT_CODES.contains(resultCode)) {
      errors.add("resultCode: not a result code of the v2 document");
    }
    ConfirmationStep step =
        named(
            ConfirmationStep.values(),
            ConfirmationStep::name,
            "confirmationType",
            Json.str(body, "confirmationType"),
            ConfirmationStep.SmsOtp,
            errors);
    String pan = Json.str(body, "pan") == null ? MagicCards.SUCCESS_PAN : Json.str(body, "pan");
    if (!pan.matches("[0-9]{12,19}")) {
      errors.add("pan: must be 12 to 19 digits");
    }
    V2Checks.checkUrl("callbackUrl", Json.str(body, "callbackUrl"), errors);
    V2Checks.failIfAny(errors);
    Payment payment =
        core.simulation()
            .seedPayment(
                new Seeds.PaymentSeed(
                    id,
                    merchant,
                    status,
                    value,
                    amountCurrency(body),
                    created,
                    resultCode,
                    step,
                    pan,
                    Json.str(body, "callbackUrl"),
                    Json.bool(body, "testMode", true),
                    Json.bool(body, "dualMode", false),
                    V2Views.inUtc(Json.obj(body, "invoice")),
                    Json.bool(body, "awaitingPayer", false)),
                now);
    return V2Views.payment(payment, core.token(payment.createdTokenId()));
  }

  ObjectNode refund(JsonNode body, Instant now) {
    List<String> errors = new ArrayList<>();
    String paymentId = Json.str(body, "paymentId");
    if (core.payment(paymentId) == null) {
      errors.add("paymentId: no payment with this identifier");
    }
    RefundStatus status =
        named(
            RefundStatus.values(),
            RefundStatus::wire,
            "status",
            Json.str(body, "status"),
            RefundStatus.SUCCESS,
            errors);
    String id = freeId(Json.str(body, "id"), core::refund, errors);
    BigDecimal value = amountValue(body, null, errors);
    Instant created = time(body, "created", errors);
    V2Checks.failIfAny(errors);
    return V2Views.refund(
        core.simulation()
            .seedRefund(
                new Seeds.RefundSeed(
                    id, paymentId, status, value, created, Json.str(body, "externalId")),
                now),
        true);
  }

  ObjectNode token(JsonNode body, Instant now) {
    List<String> errors = new ArrayList<>();
    String merchant = merchant(body, errors);
    TokenStatus status =
        named(
            TokenStatus.values(),
            TokenStatus::wire,
            "status",
            Json.str(body, "status"),
            TokenStatus.ACTIVE,
            errors);
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
    return V2Views.token(
        core.simulation()
            .seedToken(
                new Seeds.TokenSeed(
                    id,
                    merchant,
                    status,
                    pan,
                    expiry,
                    Json.bool(body, "blocked", false),
                    Json.str(body, "callbackUrl"),
                    Json.str(body, "resultCode")),
                now));
  }

  ObjectNode receipt(JsonNode body, Instant now) {
    List<String> errors = new ArrayList<>();
    String paymentId = Json.str(body, "paymentId");
    if (core.payment(paymentId) == null) {
      errors.add("paymentId: no payment with this identifier");
    }
    ReceiptStatus status =
        named(
            ReceiptStatus.values(),
            ReceiptStatus::wire,
            "status",
            Json.str(body, "status"),
            ReceiptStatus.SUCCESS,
            errors);
    Receipt.Type type =
        named(
            Receipt.Type.values(),
            Receipt.Type::wire,
            "type",
            Json.str(body, "type"),
            Receipt.Type.PAYMENT,
            errors);
    BigDecimal value = amountValue(body, null, errors);
    V2Checks.failIfAny(errors);
    return V2Views.receipt(
        core.simulation().seedReceipt(new Seeds.ReceiptSeed(paymentId, status, type, value), now));
  }

  ObjectNode sticker(JsonNode body, Instant now) {
    List<String> errors = new ArrayList<>();
    String merchant = merchant(body, errors);
    String id = freeId(Json.str(body, "id"), core::sticker, errors);
    BigDecimal value = body.has("amount") ? amountValue(body, null, errors) : null;
    V2Checks.checkUrl("callbackUrl", Json.str(body, "callbackUrl"), errors);
    V2Checks.failIfAny(errors);
    StickerDraft draft =
        new StickerDraft(
            Json.str(body, "stickerType") == null ? "Sbp" : Json.str(body, "stickerType"),
            Json.bool(body, "cashlink", false),
            Json.str(body, "description"),
            Json.str(body, "productCode"),
            Json.str(body, "paymentPurpose"),
            value,
            value == null ? null : amountCurrency(body),
            Json.str(body, "callbackUrl"));
    return V2Views.sticker(
        core.simulation()
            .seedSticker(
                new Seeds.StickerSeed(id, merchant, draft, Json.bool(body, "active", true)), now));
  }

  /**
   * The value whose wire name is given, the default when none is, else an error listing the
   * choices.
   */
  private static <E> E named(
      E[] values,
      Function<E, String> wire,
      String field,
      String given,
      E absent,
      List<String> errors) {
    if (given == null && absent != null) {
      return absent;
    }
    for (E value : values) {
      if (wire.apply(value).equals(given)) {
        return value;
      }
    }
    errors.add(
        field
            + ": one of "
            + Arrays.stream(values).map(wire).toList()
            + (absent == null ? " is required" : ""));
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
