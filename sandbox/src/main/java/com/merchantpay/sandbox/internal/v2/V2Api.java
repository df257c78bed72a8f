package com.merchantpay.sandbox.internal.v2;

import com.atlassian.oai.validator.model.Request;
import com.atlassian.oai.validator.model.SimpleRequest;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.merchantpay.sandbox.internal.config.SandboxConfig;
import com.merchantpay.sandbox.internal.contract.Contracts;
import com.merchantpay.sandbox.internal.contract.Ignored;
import com.merchantpay.sandbox.internal.contract.Memo;
import com.merchantpay.sandbox.internal.contract.RequestBodies;
import com.merchantpay.sandbox.internal.contract.ValidationMessages;
import com.merchantpay.sandbox.internal.domain.Core;
import com.merchantpay.sandbox.internal.domain.Instrument;
import com.merchantpay.sandbox.internal.domain.Payment;
import com.merchantpay.sandbox.internal.domain.PaymentDraft;
import com.merchantpay.sandbox.internal.domain.PaymentMethods;
import com.merchantpay.sandbox.internal.domain.PaymentToken;
import com.merchantpay.sandbox.internal.domain.Receipt;
import com.merchantpay.sandbox.internal.domain.Refund;
import com.merchantpay.sandbox.internal.domain.Refused;
import com.merchantpay.sandbox.internal.domain.Sticker;
import com.merchantpay.sandbox.internal.domain.StickerDraft;
import com.merchantpay.sandbox.internal.http.ApiError;
import com.merchantpay.sandbox.internal.http.HttpSupport;
import com.merchantpay.sandbox.internal.http.Json;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The v2 interface. Each call goes through the same steps, in this order: credentials (401), the
 * contract (400 validation_error naming every failed field), the merchant named in the request (403),
 * the idempotency key of creating calls, and finally the operation itself, which reads the request, asks
 * the {@link Core} and writes the answer.
 */
public final class V2Api {
  /** The operations this class answers; the server checks at start that they are exactly the document's. */
  public static final List<String> OPERATIONS = List.of("createInvoice", "createPayment", "listPayments",
      "getPayment", "completePayment", "capturePayment", "cancelPayment", "createRefund", "listRefunds", "getRefund",
      "startTokenization", "createPaymentToken", "getPaymentToken", "completePaymentToken", "revokePaymentToken",
      "createReceipt", "listReceipts", "getReceipt", "createSticker", "listStickers", "getSticker",
      "setStickerActive");

  private final SandboxConfig config;
  private final Core core;
  private final Idempotency idempotency;
  private final RuntimeOptions options;
  private final Memo<String, List<String>> bodilessChecks = new Memo<>(4096);
  private final Memo<PaymentAt, byte[]> paymentViews = new Memo<>(4096);

  /** A payment as it was at one version (the payment by identity: a reset makes new ones). */
  private record PaymentAt(Payment payment, long version) {}

  public V2Api(SandboxConfig config, Core core, Idempotency idempotency, RuntimeOptions options) {
    this.config = config;
    this.core = core;
    this.idempotency = idempotency;
    this.options = options;
  }

  /** The v2 answer to a refusal of the service's rules. */
  public static ApiError error(Refused refused) {
    return switch (refused.kind()) {
      case NOT_FOUND -> ApiError.notFound(refused.getMessage());
      case CONFLICT -> ApiError.conflict(refused.getMessage());
      case INVALID -> ApiError.validation(refused.getMessage());
      case TOKEN_REVOKED -> ApiError.tokenRevoked();
      case TOKEN_BLOCKED -> ApiError.tokenBlocked();
    };
  }

  public HttpSupport.Out handle(HttpSupport.In in) {
    Contracts.Api api = Contracts.v2();
    Contracts.Operation operation = null;
    Map<String, String> pathParams = null;
    boolean pathKnown = false;
    for (Contracts.Operation candidate : api.operations()) {
      Map<String, String> match = candidate.match(in.rawPath());
      if (match != null) {
        pathKnown = true;
        if (candidate.method().equals(in.method())) {
          operation = candidate;
          pathParams = match;
          break;
        }
      }
    }
    if (operation == null) {
      return pathKnown
          ? new ApiError(405, "invalid_operation", "Method " + in.method() + " is not allowed here.", List.of())
              .response()
          : ApiError.notFound("No operation at " + in.rawPath() + ".").response();
    }
    List<String> ignoredParameters = Ignored.queryParameters(api, operation, in.query().keySet());
    List<String> ignoredMembers = List.of();
    try {
      String merchantId = authenticate(in);
      JsonNode body = null;
      if (operation.hasBody()) {
        validate(in, api, operation, true);
        body = RequestBodies.object(in);
        ignoredMembers = Ignored.bodyMembers(api, operation, body);
      } else {
        // Generic HTTP clients send {} where no body is documented; any JSON object is accepted and ignored.
        if (in.hasBody()) {
          ignoredMembers = Ignored.allMembers(RequestBodies.ofBodilessCall(in));
        }
        validate(in, api, operation, false);
      }
      checkMerchant(merchantId, body, in);
      Contracts.Operation op = operation;
      Map<String, String> params = pathParams;
      JsonNode request = body;
      HttpSupport.Out out = "POST".equals(op.method())
          ? idempotency.execute(merchantId, op.id(), in.header("Idempotency-Key"), Json.canonical(body),
              () -> run(op, merchantId, request, params, in))
          : run(op, merchantId, body, params, in);
      return Ignored.name(out, ignoredMembers, ignoredParameters);
    } catch (ApiError e) {
      return Ignored.name(e.response(), ignoredMembers, ignoredParameters);
    }
  }

  private String authenticate(HttpSupport.In in) {
    String header = in.header("Authorization");
    if (header == null || header.isBlank()) {
      throw ApiError.unauthenticated("The Authorization header is missing.");
    }
    String value = header.strip();
    int space = 0;
    while (space < value.length() && !Character.isWhitespace(value.charAt(space))) {
      space++;
    }
    space = space == value.length() ? -1 : space;
    String token = space < 0 ? "" : value.substring(space + 1).strip();
    if (space < 0 || !value.substring(0, space).equalsIgnoreCase("Bearer") || token.isEmpty()
        || token.chars().anyMatch(Character::isWhitespace)) {
      throw ApiError.unauthenticated("The Authorization header must be 'Bearer <access token>'.");
    }
    String merchantId = config.bearerTokens().get(token);
    if (merchantId == null) {
      throw ApiError.unauthenticated("The access token is not recognised.");
    }
    return merchantId;
  }

  /**
   * Checks the request against the contract. A request without a body is decided by its method, path, query
   * and headers alone, so the findings for the most recent of them are kept and an identical request (a
   * client polling a payment) is answered from them; every other request is checked in full.
   */
  private void validate(HttpSupport.In in, Contracts.Api api, Contracts.Operation operation, boolean withBody) {
    List<String> errors = withBody && in.hasBody() ? check(in, api, operation, true)
        : bodilessChecks.get(bodilessKey(in), key -> check(in, api, operation, false));
    V2Checks.failIfAny(errors);
  }

  private static List<String> check(HttpSupport.In in, Contracts.Api api, Contracts.Operation operation,
      boolean withBody) {
    SimpleRequest.Builder request = new SimpleRequest.Builder(Request.Method.valueOf(in.method()), in.rawPath());
    in.headers().forEach(request::withHeader);
    in.query().forEach(request::withQueryParam);
    if (withBody) {
      request.withBody(new String(in.body(), StandardCharsets.UTF_8));
    }
    return List.copyOf(ValidationMessages.errors(api.validate(request.build(), operation, in.rawPath())));
  }

  /** Everything a bodiless request's check depends on: method, path, query and every header, in order. */
  private static String bodilessKey(HttpSupport.In in) {
    StringBuilder key = new StringBuilder(256).append(in.method()).append(' ').append(in.rawPath()).append('?');
    in.query().forEach((name, values) -> append(key.append(name), values).append('&'));
    in.headers().forEach((name, values) -> append(key.append('\n').append(name), values));
    return key.toString();
  }

  private static StringBuilder append(StringBuilder key, List<String> values) {
    for (String value : values) {
      key.append('\u0000').append(value);
    }
    return key;
  }

  private static void checkMerchant(String merchantId, JsonNode body, HttpSupport.In in) {
    String named = body != null && body.has("merchantId") ? Json.str(body, "merchantId") : in.queryParam("merchantId");
    if (named != null && !named.equals(merchantId)) {
      throw ApiError.forbidden("The access token has no rights for merchant " + named + ".");
    }
  }

  private HttpSupport.Out run(Contracts.Operation op, String merchant, JsonNode body, Map<String, String> path,
      HttpSupport.In in) {
    try {
      return core.transact(now -> {
        String id = path.get("id");
        return switch (op.id()) {
          case "createInvoice" -> createInvoice(merchant, body, now);
          case "createPayment" -> createPayment(merchant, body, now);
          case "listPayments" -> listPayments(merchant, in);
          case "getPayment" -> renderedPayment(core.ownedPayment(merchant, id));
          case "completePayment" -> completePayment(core.ownedPayment(merchant, id), body, now);
          case "capturePayment" -> capture(core.ownedPayment(merchant, id), body, now);
          case "cancelPayment" -> cancel(core.ownedPayment(merchant, id), now);
          case "createRefund" -> createRefund(merchant, body, now);
          case "listRefunds" -> listRefunds(merchant, in);
          case "getRefund" -> ok(V2Views.refund(core.ownedRefund(merchant, id), true));
          case "startTokenization" -> startTokenization(merchant, body, now);
          case "createPaymentToken" -> createPaymentToken(merchant, body, now);
          case "getPaymentToken" -> ok(V2Views.token(core.ownedToken(merchant, id)));
          case "completePaymentToken" -> completeToken(core.ownedToken(merchant, id), body, now);
          case "revokePaymentToken" -> revoke(core.ownedToken(merchant, id), now);
          case "createReceipt" -> createReceipt(merchant, body, now);
          case "listReceipts" -> listReceipts(merchant, in);
          case "getReceipt" -> ok(V2Views.receipt(core.ownedReceipt(merchant, id)));
          case "createSticker" -> createSticker(merchant, body, now);
          case "listStickers" -> listStickers(merchant, in);
          case "getSticker" -> ok(V2Views.sticker(core.ownedSticker(merchant, id)));
          case "setStickerActive" -> setStickerActive(core.ownedSticker(merchant, id), body, now);
          default -> throw new IllegalStateException("operation without a handler: " + op.id());
        };
      });
    } catch (ApiError e) {
      return e.response();
    } catch (Refused e) {
      return error(e).response();
    }
  }

  private static HttpSupport.Out ok(JsonNode body) {
    return HttpSupport.Out.json(200, body);
  }

  /** The answer to reading a payment, rendered again only when the payment changed since it was last read. */
  private HttpSupport.Out renderedPayment(Payment payment) {
    byte[] json = paymentViews.get(new PaymentAt(payment, payment.version()), at -> Json.bytes(paymentView(payment)));
    return new HttpSupport.Out(200, "application/json", json, new java.util.LinkedHashMap<>());
  }

  private ObjectNode paymentView(Payment payment) {
    return V2Views.payment(payment, core.token(payment.createdTokenId()));
  }

  // ---------------------------------------------------------------- payments

  private HttpSupport.Out createInvoice(String merchant, JsonNode body, Instant now) {
    List<String> errors = new ArrayList<>();
    checkPaymentBasics(body, errors);
    PaymentMethods.check("paymentMethod", Json.str(body, "paymentMethod"), errors);
    V2Checks.failIfAny(errors);
    Payment payment = core.openInvoice(draft(merchant, body, Json.str(body, "paymentMethod"), null), now);
    ObjectNode created = Json.object();
    created.put("paymentId", payment.id());
    created.put("url", core.baseUrl() + "/pay/" + payment.id());
    return ok(created);
  }

  private static void checkPaymentBasics(JsonNode body, List<String> errors) {
    V2Checks.checkAmount("amount", Json.obj(body, "amount"), errors);
    V2Checks.checkUrl("protocol.callbackUrl", Json.str(Json.obj(body, "protocol"), "callbackUrl"), errors);
    V2Checks.checkUrl("tokenization.callbackUrl", Json.str(Json.obj(body, "tokenization"), "callbackUrl"), errors);
    V2Checks.checkTime("invoice.expires", Json.str(Json.obj(body, "invoice"), "expires"), errors);
  }

  /** The members of a payment or invoice request the core keeps, read from a body that passed the contract. */
  private static PaymentDraft draft(String merchant, JsonNode body, String paymentMethod, String fallbackPhone) {
    ObjectNode amount = Json.obj(body, "amount");
    ObjectNode invoice = Json.obj(body, "invoice");
    String expires = Json.str(invoice, "expires");
    ObjectNode customer = Json.obj(body, "customer");
    ObjectNode protocol = Json.obj(body, "protocol");
    ObjectNode tokenization = Json.obj(body, "tokenization");
    String phone = Json.str(customer, "phone");
    return new PaymentDraft(merchant, Json.decimal(amount, "value"), Json.str(amount, "currency"),
        Json.bool(body, "dualMode", false), Json.bool(body, "testMode", false), V2Views.inUtc(invoice),
        expires == null ? null : V2Checks.parseTime("invoice.expires", expires), Json.str(customer, "ip"),
        phone == null ? fallbackPhone : phone, Json.str(protocol, "callbackUrl"), Json.str(protocol, "returnUrl"),
        tokenization, Json.str(tokenization, "callbackUrl"), Json.obj(body, "receipt"),
        PaymentMethods.canonical(paymentMethod));
  }

  private HttpSupport.Out createPayment(String merchant, JsonNode body, Instant now) {
    List<String> errors = new ArrayList<>();
    checkPaymentBasics(body, errors);
    ObjectNode data = Json.obj(body, "paymentData");
    ObjectNode card = Json.obj(data, "card");
    List<String> instruments = new ArrayList<>();
    for (String member : List.of("card", "dsrp", "token", "stickerId")) {
      if (data.hasNonNull(member)) {
        instruments.add(member);
      }
    }
    if (instruments.size() > 1) {
      errors.add("paymentData: give only one of card, dsrp, token and stickerId, not " + String.join(" and ", instruments));
    } else if (instruments.isEmpty() && Json.str(data, "phone") == null && Json.str(data, "account") == null
        && Json.str(data, "authorizationCode") == null) {
      errors.add("paymentData: needs one of card, dsrp, token, stickerId, phone, account or authorizationCode");
    }
    if (card != null) {
      V2Checks.checkCard("paymentData.card", card, errors);
    }
    PaymentMethods.check("paymentData.paymentMethod", Json.str(data, "paymentMethod"), errors);
    V2Checks.failIfAny(errors);
    PaymentDraft draft = draft(merchant, body, Json.str(data, "paymentMethod"), Json.str(data, "phone"));
    Payment payment = core.pay(draft, instrument(data), now);
    return ok(paymentView(payment));
  }

  private static Instrument instrument(ObjectNode data) {
    if (data.hasNonNull("token")) {
      return new Instrument.StoredToken(Json.str(Json.obj(data, "token"), "id"));
    } else if (data.hasNonNull("stickerId")) {
      return new Instrument.StickerLink(Json.str(data, "stickerId"));
    } else if (data.hasNonNull("card")) {
      ObjectNode card = Json.obj(data, "card");
      return new Instrument.Card(Json.str(card, "pan"), Json.str(card, "expiry"));
    } else if (data.hasNonNull("dsrp")) {
      return new Instrument.Dsrp(Json.str(Json.obj(data, "dsrp"), "type"));
    } else if (Json.str(data, "phone") != null || Json.str(data, "account") != null) {
      return new Instrument.PayerAccount(Json.str(data, "phone") != null ? Json.str(data, "phone")
          : Json.str(data, "account"));
    }
    return new Instrument.AuthorizationCode();
  }

  private HttpSupport.Out completePayment(Payment payment, JsonNode body, Instant now) {
    core.completeStep(payment, member -> Json.str(body, member), now);
    return ok(paymentView(payment));
  }

  private HttpSupport.Out capture(Payment payment, JsonNode body, Instant now) {
    ObjectNode amount = Json.obj(body, "amount");
    List<String> errors = new ArrayList<>();
    V2Checks.checkAmount("amount", amount, errors);
    V2Checks.checkCurrency(amount, payment.currency(), errors);
    V2Checks.failIfAny(errors);
    switch (core.capture(payment, Json.decimal(amount, "value"), Json.obj(body, "receipt"), now)) {
      case NONE -> {
        return HttpSupport.Out.empty(200);
      }
      case EXCEEDS -> throw ApiError.validation("amount.value: must not exceed the held amount "
          + payment.amount().toPlainString());
      default -> throw ApiError.conflict("Only an Authorized payment can be captured; this one is "
          + payment.status().wire() + ".");
    }
  }

  private HttpSupport.Out cancel(Payment payment, Instant now) {
    switch (core.cancel(payment, null, now)) {
      case NONE -> {
        return HttpSupport.Out.empty(200);
      }
      default -> throw ApiError.conflict("Only an Authorized payment can be cancelled; this one is "
          + payment.status().wire() + ".");
    }
  }

  private HttpSupport.Out listPayments(String merchant, HttpSupport.In in) {
    Instant start = periodBound(in, "start", Instant.MIN);
    Instant end = periodBound(in, "end", Instant.MAX);
    requireOrdered(start, end);
    List<Payment> all = core.payments(
        p -> p.merchantId().equals(merchant) && !p.created().isBefore(start) && p.created().isBefore(end));
    return ok(Pages.page(all, in.queryParam("cursor"), Payment::created, Payment::id, V2Views::paymentListItem));
  }

  // ---------------------------------------------------------------- refunds

  private HttpSupport.Out createRefund(String merchant, JsonNode body, Instant now) {
    Payment payment = paymentForAmount(merchant, body);
    BigDecimal value = Json.decimal(Json.obj(body, "amount"), "value");
    switch (core.checkRefund(payment, value)) {
      case NONE -> {
        Refund refund = core.refund(payment, value, null, Json.obj(body, "receipt"), now);
        return ok(V2Views.refund(refund, true));
      }
      case EXCEEDS -> throw ApiError.validation("amount.value: must not exceed the refundable amount "
          + core.refundable(payment).toPlainString());
      default -> throw ApiError.conflict("Only a Settled payment can be refunded; this one is "
          + payment.status().wire() + ".");
    }
  }

  private HttpSupport.Out listRefunds(String merchant, HttpSupport.In in) {
    Instant start = periodBound(in, "start", Instant.MIN);
    Instant end = periodBound(in, "end", Instant.MAX);
    requireOrdered(start, end);
    List<Refund> all = core.refunds(
        r -> r.merchantId().equals(merchant) && !r.created().isBefore(start) && r.created().isBefore(end));
    return ok(Pages.page(all, in.queryParam("cursor"), Refund::created, Refund::id, r -> V2Views.refund(r, false)));
  }

  // ---------------------------------------------------------------- tokens

  private HttpSupport.Out startTokenization(String merchant, JsonNode body, Instant now) {
    List<String> errors = new ArrayList<>();
    V2Checks.checkUrl("callbackUrl", Json.str(body, "callbackUrl"), errors);
    PaymentMethods.check("paymentMethod", Json.str(body, "paymentMethod"), errors);
    V2Checks.failIfAny(errors);
    PaymentToken token = core.startTokenization(merchant, Json.bool(body, "testMode", false),
        Json.str(body, "callbackUrl"), now);
    ObjectNode started = Json.object();
    started.put("tokenId", token.id());
    started.put("url", core.baseUrl() + "/tokenize/" + token.id());
    return ok(started);
  }

  private HttpSupport.Out createPaymentToken(String merchant, JsonNode body, Instant now) {
    List<String> errors = new ArrayList<>();
    V2Checks.checkUrl("protocol.callbackUrl", Json.str(Json.obj(body, "protocol"), "callbackUrl"), errors);
    ObjectNode card = Json.obj(Json.obj(body, "paymentData"), "card");
    if (card == null) {
      errors.add("paymentData.card: a value is required; payment tokens are made from cards");
    } else {
      V2Checks.checkCard("paymentData.card", card, errors);
    }
    PaymentMethods.check("paymentData.paymentMethod", Json.str(Json.obj(body, "paymentData"), "paymentMethod"), errors);
    V2Checks.failIfAny(errors);
    PaymentToken token = core.createToken(merchant, Json.bool(body, "testMode", false),
        Json.str(Json.obj(body, "protocol"), "callbackUrl"), Json.str(card, "pan"), Json.str(card, "expiry"), now);
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
    Receipt receipt = core.createReceipt(payment, Receipt.Type.named(Json.str(body, "type")),
        Json.decimal(Json.obj(body, "amount"), "value"), now);
    return ok(V2Views.receipt(receipt));
  }

  private HttpSupport.Out listReceipts(String merchant, HttpSupport.In in) {
    List<Receipt> all = core.receiptsOf(in.queryParam("paymentId"), r -> r.merchantId().equals(merchant));
    if (options.receiptListAsArray()) {
      // The other reading of an open point: all receipts of the payment as one bare array, no pages.
      ArrayNode receipts = Json.array();
      all.forEach(r -> receipts.add(V2Views.receipt(r)));
      return ok(receipts);
    }
    return ok(Pages.page(all, in.queryParam("cursor"), Receipt::created, Receipt::id, V2Views::receipt));
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
    StickerDraft draft = new StickerDraft(Json.str(body, "stickerType"),
        body.hasNonNull("cashlink") ? body.get("cashlink").booleanValue() : null, Json.str(body, "description"),
        Json.str(body, "productCode"), Json.str(body, "paymentPurpose"), Json.decimal(amount, "value"),
        Json.str(amount, "currency"), Json.str(body, "callbackUrl"));
    Sticker sticker = core.createSticker(merchant, draft, now);
    return ok(V2Views.sticker(sticker));
  }

  private HttpSupport.Out setStickerActive(Sticker sticker, JsonNode body, Instant now) {
    core.setStickerActive(sticker, body.get("active").booleanValue(), now);
    return HttpSupport.Out.empty(200);
  }

  private HttpSupport.Out listStickers(String merchant, HttpSupport.In in) {
    List<Sticker> all = core.stickers(s -> s.merchantId().equals(merchant));
    return ok(Pages.page(all, in.queryParam("cursor"), Sticker::created, Sticker::id, V2Views::sticker));
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
   * The payment a refund or receipt names, once the body's amount is valid and in the payment's currency
   * (the amount is checked first, so a malformed one is reported even for an unknown payment).
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
