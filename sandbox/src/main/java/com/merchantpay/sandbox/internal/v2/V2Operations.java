package com.merchantpay.sandbox.internal.v2;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.merchantpay.sandbox.internal.contract.Routes;
import com.merchantpay.sandbox.internal.domain.Core;
import com.merchantpay.sandbox.internal.domain.Payment;
import com.merchantpay.sandbox.internal.domain.PaymentDraft;
import com.merchantpay.sandbox.internal.domain.PaymentMethods;
import com.merchantpay.sandbox.internal.domain.PaymentToken;
import com.merchantpay.sandbox.internal.domain.Receipt;
import com.merchantpay.sandbox.internal.domain.Refund;
import com.merchantpay.sandbox.internal.domain.Sticker;
import com.merchantpay.sandbox.internal.domain.StickerDraft;
import com.merchantpay.sandbox.internal.http.ApiError;
import com.merchantpay.sandbox.internal.http.HttpSupport;
import com.merchantpay.sandbox.internal.http.Json;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What each v2 operation does once {@link V2Api} has let its request through: read the request, ask
 * the {@link Core}, write the answer. One handler per operation id of the document, in {@link
 * #routes()}.
 */
final class V2Operations {
  /** One operation's work, inside the core's transaction. */
  interface Handler {
    HttpSupport.Out handle(Call call);
  }

  /**
   * A request that passed every check, with its merchant, body, path parameters and the
   * transaction's time.
   */
  record Call(
      String merchant, JsonNode body, Map<String, String> path, HttpSupport.In in, Instant now) {
    String id() {
      return path.get("id");
    }
  }

  private final Core core;
  private final RuntimeOptions options;

  /** Payments by identity and version: a reset makes new payments with the same ids. */
  private final RenderedViews<Payment> paymentViews = new RenderedViews<>(4096);

  V2Operations(Core core, RuntimeOptions options) {
    this.core = core;
    this.options = options;
  }

  Routes<Handler> routes() {
    return new Routes<Handler>("v2")
        .on("createInvoice", c -> createInvoice(c.merchant(), c.body(), c.now()))
        .on("createPayment", c -> createPayment(c.merchant(), c.body(), c.now()))
        .on("listPayments", c -> listPayments(c.merchant(), c.in()))
        .on("getPayment", c -> renderedPayment(core.ownedPayment(c.merchant(), c.id())))
        .on(
            "completePayment",
            c -> completePayment(core.ownedPayment(c.merchant(), c.id()), c.body(), c.now()))
        .on(
            "capturePayment",
            c -> capture(core.ownedPayment(c.merchant(), c.id()), c.body(), c.now()))
        .on("cancelPayment", c -> cancel(core.ownedPayment(c.merchant(), c.id()), c.now()))
        .on("createRefund", c -> createRefund(c.merchant(), c.body(), c.now()))
        .on("listRefunds", c -> listRefunds(c.merchant(), c.in()))
        .on("getRefund", c -> ok(V2Views.refund(core.ownedRefund(c.merchant(), c.id()), true)))
        .on("startTokenization", c -> startTokenization(c.merchant(), c.body(), c.now()))
        .on("createPaymentToken", c -> createPaymentToken(c.merchant(), c.body(), c.now()))
        .on("getPaymentToken", c -> ok(V2Views.token(core.ownedToken(c.merchant(), c.id()))))
        .on(
            "completePaymentToken",
            c -> completeToken(core.ownedToken(c.merchant(), c.id()), c.body(), c.now()))
        .on("revokePaymentToken", c -> revoke(core.ownedToken(c.merchant(), c.id()), c.now()))
        .on("createReceipt", c -> createReceipt(c.merchant(), c.body(), c.now()))
        .on("listReceipts", c -> listReceipts(c.merchant(), c.in()))
        .on("getReceipt", c -> ok(V2Views.receipt(core.ownedReceipt(c.merchant(), c.id()))))
        .on("createSticker", c -> createSticker(c.merchant(), c.body(), c.now()))
        .on("listStickers", c -> listStickers(c.merchant(), c.in()))
        .on("getSticker", c -> ok(V2Views.sticker(core.ownedSticker(c.merchant(), c.id()))))
        .on(
            "setStickerActive",
            c -> setStickerActive(core.ownedSticker(c.merchant(), c.id()), c.body(), c.now()));
  }

  private static HttpSupport.Out ok(JsonNode body) {
    return HttpSupport.Out.json(200, body);
  }

  /**
   * The answer to reading a payment, rendered again only when the payment changed since it was last
   * read.
   */
  private HttpSupport.Out renderedPayment(Payment payment) {
    byte[] json = paymentViews.get(payment, payment.id(), payment.version(), this::paymentJson);
    return new HttpSupport.Out(200, "application/json", json, Map.of());
  }

  private byte[] paymentJson(Payment payment) {
    return V2Views.paymentJson(payment, core.token(payment.createdTokenId()));
  }

  private HttpSupport.Out paymentView(Payment payment) {
    return new HttpSupport.Out(200, "application/json", paymentJson(payment), Map.of());
  }

  // ---------------------------------------------------------------- payments

  private HttpSupport.Out createInvoice(String merchant, JsonNode body, Instant now) {
    List<String> errors = new ArrayList<>();
    PaymentRequests.checkBasics(body, errors);
    PaymentMethods.check("paymentMethod", Json.str(body, "paymentMethod"), errors);
    V2Checks.failIfAny(errors);
    Payment payment =
        core.openInvoice(
            PaymentRequests.draft(merchant, body, Json.str(body, "paymentMethod"), null), now);
    ObjectNode created = Json.object();
    created.put("paymentId", payment.id());
    created.put("url", core.baseUrl() + "/pay/" + payment.id());
    return ok(created);
  }

  private HttpSupport.Out createPayment(String merchant, JsonNode body, Instant now) {
    List<String> errors = new ArrayList<>();
    PaymentRequests.checkBasics(body, errors);
    ObjectNode data = Json.obj(body, "paymentData");
    PaymentRequests.checkPaymentData(data, errors);
    V2Checks.failIfAny(errors);
    PaymentDraft draft =
        PaymentRequests.draft(
            merchant, body, Json.str(data, "paymentMethod"), Json.str(data, "phone"));
    return paymentView(core.pay(draft, PaymentRequests.instrument(data), now));
  }

  private HttpSupport.Out completePayment(Payment payment, JsonNode body, Instant now) {
    core.completeStep(payment, member -> Json.str(body, member), now);
    return paymentView(payment);
  }

  private HttpSupport.Out capture(Payment payment, JsonNode body, Instant now) {
    ObjectNode amount = Json.obj(body, "amount");
    List<String> errors = new ArrayList<>();
    V2Checks.checkAmount("amount", amount, errors);
    V2Checks.checkCurrency(amount, payment.currency(), errors);
    V2Checks.failIfAny(errors);
    core.capture(payment, Json.decimal(amount, "value"), Json.obj(body, "receipt"), now);
    return HttpSupport.Out.empty(200);
  }

  private HttpSupport.Out cancel(Payment payment, Instant now) {
    core.cancel(payment, null, now);
    return HttpSupport.Out.empty(200);
  }

  private HttpSupport.Out listPayments(String merchant, HttpSupport.In in) {
    Instant start = periodBound(in, "start", Instant.MIN);
    Instant end = periodBound(in, "end", Instant.MAX);
    requireOrdered(start, end);
    List<Payment> all =
        core.payments(
            p ->
                p.merchantId().equals(merchant)
                    && !p.created().isBefore(start)
                    && p.created().isBefore(end));
    return ok(
        Pages.page(
            options.pageSize(),
            all,
            in.queryParam("cursor"),
            Payment::created,
            Payment::id,
            V2Views::paymentListItem));
  }

  // ---------------------------------------------------------------- refunds

  private HttpSupport.Out createRefund(String merchant, JsonNode body, Instant now) {
    Payment payment = paymentForAmount(merchant, body);
    BigDecimal value = Json.decimal(Json.obj(body, "amount"), "value");
    Refund refund = core.refund(payment, value, null, Json.obj(body, "receipt"), now);
    return ok(V2Views.refund(refund, true));
  }

  private HttpSupport.Out listRefunds(String merchant, HttpSupport.In in) {
    Instant start = periodBound(in, "start", Instant.MIN);
    Instant end = periodBound(in, "end", Instant.MAX);
    requireOrdered(start, end);
    List<Refund> all =
        core.refunds(
            r ->
                r.merchantId().equals(merchant)
                    && !r.created().isBefore(start)
                    && r.created().isBefore(end));
    return ok(
        Pages.page(
            options.pageSize(),
            all,
            in.queryParam("cursor"),
            Refund::created,
            Refund::id,
            r -> V2Views.refund(r, false)));
  }

  // ---------------------------------------------------------------- tokens

  private HttpSupport.Out startTokenization(String merchant, JsonNode body, Instant now) {
    List<String> errors = new ArrayList<>();
    V2Checks.checkUrl("callbackUrl", Json.str(body, "callbackUrl"), errors);
    V2Checks.checkUrl("returnUrl", Json.str(body, "returnUrl"), errors);
    PaymentMethods.check("paymentMethod", Json.str(body, "paymentMethod"), errors);
    V2Checks.failIfAny(errors);
    PaymentToken token =
        core.startTokenization(
            merchant, Json.bool(body, "testMode", false), Json.str(body, "callbackUrl"), now);
    ObjectNode started = Json.object();
    started.put("tokenId", token.id());
    started.put("url", core.baseUrl() + "/tokenize/" + token.id());
    return ok(started);
  }

  private HttpSupport.Out createPaymentToken(String merchant, JsonNode body, Instant now) {
    List<String> errors = new ArrayList<>();
    V2Checks.checkAddresses("protocol", Json.obj(body, "protocol"), errors);
    ObjectNode card = Json.obj(Json.obj(body, "paymentData"), "card");
    if (card == null) {
      errors.add("paymentData.card: a value is required; payment tokens are made from cards");
    } else {
      V2Checks.checkCard("paymentData.card", card, errors);
    }
    PaymentMethods.check(
        "paymentData.paymentMethod",
        Json.str(Json.obj(body, "paymentData"), "paymentMethod"),
        errors);
    V2Checks.failIfAny(errors);
    PaymentToken token =
        core.createToken(
            merchant,
            Json.bool(body, "testMode", false),
            Json.str(Json.obj(body, "protocol"), "callbackUrl"),
            Json.str(card, "pan"),
            Json.str(card, "expiry"),
            now);
    return ok(V2Views.token(token));
  }

  private HttpSupport.Out completeToken(PaymentToken token, JsonNode answer, Instant now) {
    core.completeToken(token, member -> Json.str(answer, member), now);
    return ok(V2Views.token(token));
  }

  private HttpSupport.Out revoke(PaymentToken token, Instant now) {
    core.revoke(token, now);
    return HttpSupport.Out.empty(200);
  }

  // ---------------------------------------------------------------- receipts

  private HttpSupport.Out createReceipt(String merchant, JsonNode body, Instant now) {
    Payment payment = paymentForAmount(merchant, body);
    Receipt receipt =
        core.createReceipt(
            payment,
            Receipt.Type.named(Json.str(body, "type")),
            Json.decimal(Json.obj(body, "amount"), "value"),
            now);
    return ok(V2Views.receipt(receipt));
  }

  private HttpSupport.Out listReceipts(String merchant, HttpSupport.In in) {
    List<Receipt> all =
        core.receiptsOf(in.queryParam("paymentId"), r -> r.merchantId().equals(merchant));
    if (options.receiptListAsArray()) {
      // The other reading of an open point: all receipts of the payment as one bare array, no
      // pages.
      ArrayNode receipts = Json.array();
      all.forEach(r -> receipts.add(V2Views.receipt(r)));
      return ok(receipts);
    }
    return ok(
        Pages.page(
            options.pageSize(),
            all,
            in.queryParam("cursor"),
            Receipt::created,
            Receipt::id,
            V2Views::receipt));
  }

  // ---------------------------------------------------------------- stickers

  private HttpSupport.Out createSticker(String merchant, JsonNode body, Instant now) {
    List<String> errors = new ArrayList<>();
    ObjectNode amount = Json.obj(body, "amount");
    if (amount != null) {
      V2Checks.checkAmount("amount", amount, errors);
    }
    V2Checks.checkUrl("callbackUrl", Json.str(body, "callbackUrl"), errors);
    V2Checks.failIfAny(errors);
    StickerDraft draft =
        new StickerDraft(
            Json.str(body, "stickerType"),
            body.hasNonNull("cashlink") ? body.get("cashlink").booleanValue() : null,
            Json.str(body, "description"),
            Json.str(body, "productCode"),
            Json.str(body, "paymentPurpose"),
            Json.decimal(amount, "value"),
            Json.str(amount, "currency"),
            Json.str(body, "callbackUrl"));
    Sticker sticker = core.createSticker(merchant, draft, now);
    return ok(V2Views.sticker(sticker));
  }

  private HttpSupport.Out setStickerActive(Sticker sticker, JsonNode body, Instant now) {
    core.setStickerActive(sticker, body.get("active").booleanValue(), now);
    return HttpSupport.Out.empty(200);
  }

  private HttpSupport.Out listStickers(String merchant, HttpSupport.In in) {
    List<Sticker> all = core.stickers(s -> s.merchantId().equals(merchant));
    return ok(
        Pages.page(
            options.pageSize(),
            all,
            in.queryParam("cursor"),
            Sticker::created,
            Sticker::id,
            V2Views::sticker));
  }

  // ---------------------------------------------------------------- shared reading

  /** A period whose start comes after its end names no time at all: the spec refuses it. */
  private static void requireOrdered(Instant start, Instant end) {
    if (start.isAfter(end)) {
      throw ApiError.validation("start: must not be after end");
    }
  }

  /** A bound of a listing period; an absent bound leaves that side open. */
  private static Instant periodBound(HttpSupport.In in, String name, Instant absent) {
    String text = in.queryParam(name);
    return text == null ? absent : V2Checks.parseTime(name, text);
  }

  /**
   * The payment a refund or receipt names, once the body's amount is valid and in the payment's
   * currency (the amount is checked first, so a malformed one is reported even for an unknown
   * payment).
   */
  private Payment paymentForAmount(String merchant, JsonNode body) {
    ObjectNode amount = Json.obj(body, "amount");
    List<String> errors = new ArrayList<>();
    V2Checks.checkAmount("amount", amount, errors);
    V2Checks.failIfAny(errors);
    Payment payment = core.ownedPayment(merchant, Json.str(body, "paymentId"));
    V2Checks.checkCurrency(amount, payment.currency(), errors);
    V2Checks.failIfAny(errors);
    return payment;
  }
}
