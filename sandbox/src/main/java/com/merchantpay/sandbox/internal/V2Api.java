package com.merchantpay.sandbox.internal;

import com.atlassian.oai.validator.model.Request;
import com.atlassian.oai.validator.model.SimpleRequest;
import com.atlassian.oai.validator.report.ValidationReport;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * The v2 interface. Each call goes through the same steps, in this order: credentials (401), the
 * contract (400 validation_error naming every failed field), the merchant named in the request (403),
 * the idempotency key of creating calls, and finally the operation itself under the store lock.
 */
final class V2Api {
  private final SandboxConfig config;
  private final Engine engine;
  private final Store store;
  private final SandboxClock clock;
  private final Idempotency idempotency;
  private final Runnable afterChange;
  private final RuntimeOptions options;

  V2Api(SandboxConfig config, Engine engine, SandboxClock clock, Idempotency idempotency, RuntimeOptions options,
      Runnable afterChange) {
    this.config = config;
    this.options = options;
    this.engine = engine;
    this.store = engine.store;
    this.clock = clock;
    this.idempotency = idempotency;
    this.afterChange = afterChange;
  }

  HttpSupport.Out handle(HttpSupport.In in) {
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
        validate(in, api, true);
        body = parseBody(in);
        ignoredMembers = Ignored.bodyMembers(api, operation, body);
      } else {
        // Generic HTTP clients send {} where no body is documented; any JSON object is accepted and ignored.
        if (in.hasBody()) {
          ignoredMembers = Ignored.allMembers(bodyOfBodilessCall(in));
        }
        validate(in, api, false);
      }
      checkMerchant(merchantId, operation, body, in);
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

  private static JsonNode bodyOfBodilessCall(HttpSupport.In in) {
    try {
      JsonNode body = Json.parse(in.body());
      if (body != null && body.isObject()) {
        return body;
      }
    } catch (JsonProcessingException e) {
      // reported below
    }
    throw ApiError.validation("body: this operation takes no body; send none or an empty JSON object {}");
  }

  private String authenticate(HttpSupport.In in) {
    String header = in.header("Authorization");
    if (header == null || header.isBlank()) {
      throw ApiError.unauthenticated("The Authorization header is missing.");
    }
    String[] parts = header.trim().split("\\s+");
    if (parts.length != 2 || !parts[0].equalsIgnoreCase("Bearer")) {
      throw ApiError.unauthenticated("The Authorization header must be 'Bearer <access token>'.");
    }
    String merchantId = config.bearerTokens().get(parts[1]);
    if (merchantId == null) {
      throw ApiError.unauthenticated("The access token is not recognised.");
    }
    return merchantId;
  }

  private static void validate(HttpSupport.In in, Contracts.Api api, boolean withBody) {
    SimpleRequest.Builder request = new SimpleRequest.Builder(Request.Method.valueOf(in.method()), in.rawPath());
    in.headers().forEach(request::withHeader);
    in.query().forEach(request::withQueryParam);
    if (withBody && in.hasBody()) {
      request.withBody(new String(in.body(), StandardCharsets.UTF_8));
    }
    ValidationReport report = api.validator().validateRequest(request.build());
    List<String> errors = ValidationMessages.errors(report);
    if (!errors.isEmpty()) {
      throw ApiError.validation(errors);
    }
  }

  private static JsonNode parseBody(HttpSupport.In in) {
    try {
      JsonNode body = Json.parse(in.body());
      if (body == null || !body.isObject()) {
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

  private static void checkMerchant(String merchantId, Contracts.Operation op, JsonNode body, HttpSupport.In in) {
    String named = body != null && body.has("merchantId") ? Json.str(body, "merchantId") : in.queryParam("merchantId");
    if (named != null && !named.equals(merchantId)) {
      throw ApiError.forbidden("The access token has no rights for merchant " + named + ".");
    }
  }

  private HttpSupport.Out run(Contracts.Operation op, String merchant, JsonNode body, Map<String, String> path,
      HttpSupport.In in) {
    store.lock.lock();
    try {
      Instant now = clock.now();
      engine.runDue(now);
      String id = path.get("id");
      return switch (op.id()) {
        case "createInvoice" -> createInvoice(merchant, body, now);
        case "createPayment" -> createPayment(merchant, body, now);
        case "listPayments" -> listPayments(merchant, in);
        case "getPayment" -> ok(Views.payment(payment(merchant, id), store));
        case "completePayment" -> completePayment(payment(merchant, id), body, now);
        case "capturePayment" -> capture(payment(merchant, id), body, now);
        case "cancelPayment" -> cancel(payment(merchant, id), now);
        case "createRefund" -> createRefund(merchant, body, now);
        case "listRefunds" -> listRefunds(merchant, in);
        case "getRefund" -> ok(Views.refund(refund(merchant, id), true));
        case "startTokenization" -> startTokenization(merchant, body, now);
        case "createPaymentToken" -> createPaymentToken(merchant, body, now);
        case "getPaymentToken" -> ok(Views.token(token(merchant, id)));
        case "completePaymentToken" -> completeToken(token(merchant, id), body, now);
        case "revokePaymentToken" -> revoke(token(merchant, id));
        case "createReceipt" -> createReceipt(merchant, body, now);
        case "listReceipts" -> listReceipts(merchant, in);
        case "getReceipt" -> ok(Views.receipt(receipt(merchant, id)));
        case "createSticker" -> createSticker(merchant, body, now);
        case "listStickers" -> listStickers(merchant, in);
        case "getSticker" -> ok(Views.sticker(sticker(merchant, id)));
        case "setStickerActive" -> setStickerActive(sticker(merchant, id), body);
        default -> throw new IllegalStateException("operation without a handler: " + op.id());
      };
    } catch (ApiError e) {
      return e.response();
    } finally {
      store.lock.unlock();
      afterChange.run();
    }
  }

  /** The operations this class answers; the server checks at start that they are exactly the document's. */
  static final List<String> OPERATIONS = List.of("createInvoice", "createPayment", "listPayments", "getPayment",
      "completePayment", "capturePayment", "cancelPayment", "createRefund", "listRefunds", "getRefund",
      "startTokenization", "createPaymentToken", "getPaymentToken", "completePaymentToken", "revokePaymentToken",
      "createReceipt", "listReceipts", "getReceipt", "createSticker", "listStickers", "getSticker",
      "setStickerActive");

  private static HttpSupport.Out ok(JsonNode body) {
    return HttpSupport.Out.json(200, body);
  }

  // ---------------------------------------------------------------- lookups (foreign resources look absent)

  private PaymentRecord payment(String merchant, String id) {
    return owned(store.payments, r -> r.merchantId, merchant, id, "payment");
  }

  private RefundRecord refund(String merchant, String id) {
    return owned(store.refunds, r -> r.merchantId, merchant, id, "refund");
  }

  private TokenRecord token(String merchant, String id) {
    return owned(store.tokens, r -> r.merchantId, merchant, id, "payment token");
  }

  private ReceiptRecord receipt(String merchant, String id) {
    return owned(store.receipts, r -> r.merchantId, merchant, id, "receipt");
  }

  private StickerRecord sticker(String merchant, String id) {
    return owned(store.stickers, r -> r.merchantId, merchant, id, "sticker");
  }

  /** The record with this id if it belongs to the merchant; another merchant's record looks absent. */
  private static <R> R owned(Map<String, R> records, java.util.function.Function<R, String> merchantOf,
      String merchant, String id, String what) {
    R record = records.get(id);
    if (record == null || !merchantOf.apply(record).equals(merchant)) {
      throw ApiError.notFound("No " + what + " with this identifier.");
    }
    return record;
  }

  // ---------------------------------------------------------------- payments

  private HttpSupport.Out createInvoice(String merchant, JsonNode body, Instant now) {
    List<String> errors = new ArrayList<>();
    ObjectNode amount = Json.obj(body, "amount");
    checkAmount("amount", amount, errors);
    checkUrl("protocol.callbackUrl", Json.str(Json.obj(body, "protocol"), "callbackUrl"), errors);
    checkUrl("tokenization.callbackUrl", Json.str(Json.obj(body, "tokenization"), "callbackUrl"), errors);
    checkTime("invoice.expires", Json.str(Json.obj(body, "invoice"), "expires"), errors);
    PaymentMethods.check("paymentMethod", Json.str(body, "paymentMethod"), errors);
    failIfAny(errors);
    PaymentRecord payment = engine.newPayment(merchant, Json.decimal(amount, "value"), Json.str(amount, "currency"),
        PaymentRecord.Source.INVOICE, now);
    common(payment, body);
    payment.paymentMethod = PaymentMethods.canonical(Json.str(body, "paymentMethod"));
    payment.awaitingPayer = true;
    engine.changeStatus(payment, "Pending", now);
    ObjectNode created = Json.object();
    created.put("paymentId", payment.id);
    created.put("url", engine.baseUrl() + "/pay/" + payment.id);
    return ok(created);
  }

  private void common(PaymentRecord payment, JsonNode body) {
    payment.dualMode = Json.bool(body, "dualMode", false);
    payment.testMode = Json.bool(body, "testMode", false);
    ObjectNode invoice = Json.obj(body, "invoice");
    if (invoice != null) {
      payment.invoice = Views.inUtc(invoice);
      String expires = Json.str(invoice, "expires");
      payment.invoiceExpires = expires == null ? null : parseTime("invoice.expires", expires);
    }
    ObjectNode customer = Json.obj(body, "customer");
    payment.customerIp = Json.str(customer, "ip");
    payment.phone = Json.str(customer, "phone");
    ObjectNode protocol = Json.obj(body, "protocol");
    payment.callbackUrl = Json.str(protocol, "callbackUrl");
    payment.returnUrl = Json.str(protocol, "returnUrl");
    ObjectNode tokenization = Json.obj(body, "tokenization");
    payment.tokenization = tokenization == null ? null : tokenization.deepCopy();
    ObjectNode receipt = Json.obj(body, "receipt");
    payment.receipt = receipt == null ? null : receipt.deepCopy();
  }

  private HttpSupport.Out createPayment(String merchant, JsonNode body, Instant now) {
    List<String> errors = new ArrayList<>();
    ObjectNode amount = Json.obj(body, "amount");
    checkAmount("amount", amount, errors);
    checkUrl("protocol.callbackUrl", Json.str(Json.obj(body, "protocol"), "callbackUrl"), errors);
    checkUrl("tokenization.callbackUrl", Json.str(Json.obj(body, "tokenization"), "callbackUrl"), errors);
    checkTime("invoice.expires", Json.str(Json.obj(body, "invoice"), "expires"), errors);
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
      checkCard("paymentData.card", card, errors);
    }
    PaymentMethods.check("paymentData.paymentMethod", Json.str(data, "paymentMethod"), errors);
    failIfAny(errors);
    BigDecimal value = Json.decimal(amount, "value");
    String currency = Json.str(amount, "currency");

    // Everything that can refuse the call is checked before anything is created.
    TokenRecord token = null;
    StickerRecord sticker = null;
    if (data.hasNonNull("token")) {
      token = store.tokens.get(Json.str(Json.obj(data, "token"), "id"));
      if (token == null || !token.merchantId.equals(merchant)) {
        throw ApiError.notFound("No payment token with this identifier.");
      }
      if ("Revoked".equals(token.status)) {
        throw ApiError.tokenRevoked();
      }
      if (token.blocked) {
        throw ApiError.tokenBlocked();
      }
      if (!"Active".equals(token.status)) {
        throw ApiError.conflict("The payment token is " + token.status + "; only an Active token can be charged.");
      }
    }
    if (data.hasNonNull("stickerId")) {
      sticker = store.stickers.get(Json.str(data, "stickerId"));
      if (sticker == null || !sticker.merchantId.equals(merchant)) {
        throw ApiError.notFound("No sticker with this identifier.");
      }
      if (!sticker.active) {
        throw ApiError.conflict("The sticker is inactive.");
      }
      if (!Boolean.TRUE.equals(sticker.cashlink)) {
        throw ApiError.conflict("Only a cashlink sticker takes payments through paymentData.stickerId.");
      }
      if (sticker.amount != null
          && (sticker.amount.compareTo(value) != 0 || !sticker.currency.equals(currency))) {
        throw ApiError.validation("amount: must equal the sticker's amount " + sticker.amount.toPlainString() + " "
            + sticker.currency);
      }
    }

    PaymentRecord payment = engine.newPayment(merchant, value, currency, PaymentRecord.Source.DIRECT, now);
    common(payment, body);
    payment.paymentMethod = PaymentMethods.canonical(Json.str(data, "paymentMethod"));
    if (payment.phone == null) {
      payment.phone = Json.str(data, "phone");
    }
    if (token != null) {
      payment.chargedTokenId = token.id;
      payment.paymentMethod = payment.paymentMethod == null ? PaymentMethods.BANKCARD : payment.paymentMethod;
      payment.instrumentTitle = token.instrumentTitle;
      payment.cardInfo = token.cardInfo == null ? null : token.cardInfo.deepCopy();
      // A stored token is charged without the payer, so it never asks for a confirmation.
      MagicCards.Behaviour b = token.behaviour;
      payment.behaviour = new MagicCards.Behaviour(b.declineCode(), List.of(), b.pending(), b.declineAfterPending(),
          b.tokenBlocked(), b.refundsRejected());
      payment.createdTokenId = null;
      payment.tokenization = null;
    } else if (sticker != null) {
      payment.stickerId = sticker.id;
      payment.paymentMethod = payment.paymentMethod == null ? PaymentMethods.SBP : payment.paymentMethod;
      payment.behaviour = new MagicCards.Behaviour(null, List.of(MagicCards.Step.External), false, null, false, false);
      payment.nextSteps.add(MagicCards.Step.External);
    } else if (card != null) {
      engine.useCard(payment, Json.str(card, "pan"), Json.str(card, "expiry"), now);
    } else if (data.hasNonNull("dsrp")) {
      ObjectNode dsrp = Json.obj(data, "dsrp");
      payment.paymentMethod = payment.paymentMethod == null ? PaymentMethods.BANKCARD : payment.paymentMethod;
      payment.instrumentTitle = Json.str(dsrp, "type");
    } else if (Json.str(data, "phone") != null || Json.str(data, "account") != null) {
      String who = Json.str(data, "phone") != null ? Json.str(data, "phone") : Json.str(data, "account");
      payment.instrumentTitle = who.length() > 6 ? who.substring(0, 4) + "***" + who.substring(who.length() - 2) : who;
      payment.behaviour = new MagicCards.Behaviour(null, List.of(MagicCards.Step.External), false, null, false, false);
      payment.nextSteps.add(MagicCards.Step.External);
    }
    engine.proceed(payment, now);
    return ok(Views.payment(payment, store));
  }

  private HttpSupport.Out completePayment(PaymentRecord payment, JsonNode body, Instant now) {
    if (!"Confirmation".equals(payment.status)) {
      throw ApiError.conflict("Only a payment waiting for a confirmation can be completed; this one is "
          + payment.status + ".");
    }
    String type = payment.confirmation.path("type").asText();
    if ("External".equals(type)) {
      throw ApiError.conflict("An External step is finished by the payer on its paymentUrl, not here.");
    }
    String missing = engine.complete(payment, body, now);
    if (missing != null) {
      throw ApiError.validation(missing + ": a value is required to answer a " + type + " step");
    }
    return ok(Views.payment(payment, store));
  }

  private HttpSupport.Out capture(PaymentRecord payment, JsonNode body, Instant now) {
    ObjectNode amount = Json.obj(body, "amount");
    List<String> errors = new ArrayList<>();
    checkAmount("amount", amount, errors);
    checkCurrency(amount, payment.currency, errors);
    failIfAny(errors);
    BigDecimal value = Json.decimal(amount, "value");
    switch (engine.checkCapture(payment, value)) {
      case NONE -> engine.capture(payment, value, Json.obj(body, "receipt"), now);
      case EXCEEDS -> throw ApiError.validation("amount.value: must not exceed the held amount "
          + payment.amount.toPlainString());
      default -> throw ApiError.conflict("Only an Authorized payment can be captured; this one is "
          + payment.status + ".");
    }
    return HttpSupport.Out.empty(200);
  }

  private HttpSupport.Out cancel(PaymentRecord payment, Instant now) {
    if (!"Authorized".equals(payment.status)) {
      throw ApiError.conflict("Only an Authorized payment can be cancelled; this one is " + payment.status + ".");
    }
    engine.cancel(payment, null, now);
    return HttpSupport.Out.empty(200);
  }

  private HttpSupport.Out listPayments(String merchant, HttpSupport.In in) {
    Instant start = periodBound(in, "start", Instant.MIN);
    Instant end = periodBound(in, "end", Instant.MAX);
    List<PaymentRecord> all = Store.ordered(store.payments.values(),
        p -> p.merchantId.equals(merchant) && !p.created.isBefore(start) && p.created.isBefore(end),
        p -> p.created, p -> p.id);
    return ok(page(all, in.queryParam("cursor"), p -> p.created, p -> p.id, Views::paymentListItem));
  }

  // ---------------------------------------------------------------- refunds

  private HttpSupport.Out createRefund(String merchant, JsonNode body, Instant now) {
    PaymentRecord payment = paymentForAmount(merchant, body);
    BigDecimal value = Json.decimal(Json.obj(body, "amount"), "value");
    switch (engine.checkRefund(payment, value)) {
      case NONE -> {
        RefundRecord refund = engine.refund(payment, value, null, Json.obj(body, "receipt"), now);
        return ok(Views.refund(refund, true));
      }
      case EXCEEDS -> throw ApiError.validation("amount.value: must not exceed the refundable amount "
          + engine.refundable(payment).toPlainString());
      default -> throw ApiError.conflict("Only a Settled payment can be refunded; this one is " + payment.status + ".");
    }
  }

  private HttpSupport.Out listRefunds(String merchant, HttpSupport.In in) {
    Instant start = periodBound(in, "start", Instant.MIN);
    Instant end = periodBound(in, "end", Instant.MAX);
    List<RefundRecord> all = Store.ordered(store.refunds.values(),
        r -> r.merchantId.equals(merchant) && !r.created.isBefore(start) && r.created.isBefore(end),
        r -> r.created, r -> r.id);
    return ok(page(all, in.queryParam("cursor"), r -> r.created, r -> r.id, r -> Views.refund(r, false)));
  }

  // ---------------------------------------------------------------- tokens

  private HttpSupport.Out startTokenization(String merchant, JsonNode body, Instant now) {
    List<String> errors = new ArrayList<>();
    checkUrl("callbackUrl", Json.str(body, "callbackUrl"), errors);
    PaymentMethods.check("paymentMethod", Json.str(body, "paymentMethod"), errors);
    failIfAny(errors);
    TokenRecord token = engine.newToken(merchant, now);
    token.awaitingCard = true;
    token.testMode = Json.bool(body, "testMode", false);
    token.callbackUrl = Json.str(body, "callbackUrl");
    ObjectNode started = Json.object();
    started.put("tokenId", token.id);
    started.put("url", engine.baseUrl() + "/tokenize/" + token.id);
    return ok(started);
  }

  private HttpSupport.Out createPaymentToken(String merchant, JsonNode body, Instant now) {
    List<String> errors = new ArrayList<>();
    checkUrl("protocol.callbackUrl", Json.str(Json.obj(body, "protocol"), "callbackUrl"), errors);
    ObjectNode card = Json.obj(Json.obj(body, "paymentData"), "card");
    if (card == null) {
      errors.add("paymentData.card: a value is required; payment tokens are made from cards");
    } else {
      checkCard("paymentData.card", card, errors);
    }
    PaymentMethods.check("paymentData.paymentMethod", Json.str(Json.obj(body, "paymentData"), "paymentMethod"), errors);
    failIfAny(errors);
    TokenRecord token = engine.newToken(merchant, now);
    token.testMode = Json.bool(body, "testMode", false);
    token.callbackUrl = Json.str(Json.obj(body, "protocol"), "callbackUrl");
    engine.useCard(token, Json.str(card, "pan"), Json.str(card, "expiry"), now);
    ObjectNode confirmation = Json.object();
    confirmation.put("type", "External");
    confirmation.put("paymentUrl", engine.baseUrl() + "/tokenize/" + token.id);
    confirmation.put("universalLink", false);
    confirmation.put("instruction", "Open paymentUrl and approve or decline storing the card.");
    token.confirmation = confirmation;
    return ok(Views.token(token));
  }

  /**
   * Finishes the token's External step with the answer the user obtained there, checked as a payment's
   * step answer is: none at all is a validation error, a failing one declines the token.
   */
  private HttpSupport.Out completeToken(TokenRecord token, JsonNode answer, Instant now) {
    switch (token.status) {
      case "Revoked" -> throw ApiError.tokenRevoked();
      case "Active" -> {
        return ok(Views.token(token));
      }
      case "Created" -> {
        if (token.awaitingCard) {
          throw ApiError.conflict("The customer has not entered a card on the tokenization page yet.");
        }
        List<String> given = new ArrayList<>();
        for (String member : List.of("code", "threeDSCompInd", "cres", "PARes")) {
          String value = Json.str(answer, member);
          if (value != null && !value.isEmpty()) {
            given.add(member);
          }
        }
        if (given.isEmpty()) {
          throw ApiError.validation("code: a value is required to answer the token's External step (the code the "
              + "customer obtained; threeDSCompInd, cres or PARes are accepted too)");
        }
        boolean failing = given.stream().anyMatch(member -> Engine.failing(member, Json.str(answer, member)));
        if (failing) {
          engine.declineToken(token, "ThreeDSecureFailed");
        } else {
          engine.finishToken(token, true, now);
        }
        return ok(Views.token(token));
      }
      default -> throw ApiError.conflict("The payment token is " + token.status + " and cannot be completed.");
    }
  }

  private HttpSupport.Out revoke(TokenRecord token) {
    switch (token.status) {
      case "Revoked" -> throw ApiError.tokenRevoked();
      case "Declined" -> throw ApiError.conflict("A Declined payment token cannot be revoked.");
      default -> engine.revoke(token);
    }
    return HttpSupport.Out.empty(200);
  }

  // ---------------------------------------------------------------- receipts

  private HttpSupport.Out createReceipt(String merchant, JsonNode body, Instant now) {
    PaymentRecord payment = paymentForAmount(merchant, body);
    if (!"Settled".equals(payment.status) && !"Authorized".equals(payment.status)) {
      throw ApiError.conflict("A receipt needs a payment that took or holds money; this one is " + payment.status
          + ".");
    }
    ReceiptRecord receipt = engine.createReceipt(payment, Json.str(body, "type"),
        Json.decimal(Json.obj(body, "amount"), "value"), now);
    return ok(Views.receipt(receipt));
  }

  private HttpSupport.Out listReceipts(String merchant, HttpSupport.In in) {
    String paymentId = in.queryParam("paymentId");
    List<ReceiptRecord> all = Store.ordered(store.receipts.values(),
        r -> r.merchantId.equals(merchant) && r.paymentId.equals(paymentId), r -> r.created, r -> r.id);
    if (options.receiptListAsArray()) {
      // The other reading of an open point: all receipts of the payment as one bare array, no pages.
      ArrayNode receipts = Json.array();
      all.forEach(r -> receipts.add(Views.receipt(r)));
      return ok(receipts);
    }
    return ok(page(all, in.queryParam("cursor"), r -> r.created, r -> r.id, Views::receipt));
  }

  // ---------------------------------------------------------------- stickers

  private HttpSupport.Out createSticker(String merchant, JsonNode body, Instant now) {
    List<String> errors = new ArrayList<>();
    ObjectNode amount = Json.obj(body, "amount");
    if (amount != null) {
      checkAmount("amount", amount, errors);
    }
    checkUrl("callbackUrl", Json.str(body, "callbackUrl"), errors);
    failIfAny(errors);
    StickerRecord sticker = new StickerRecord(engine.ids.sticker(), merchant, now);
    sticker.stickerType = Json.str(body, "stickerType");
    sticker.cashlink = body.hasNonNull("cashlink") ? body.get("cashlink").booleanValue() : null;
    sticker.description = Json.str(body, "description");
    sticker.productCode = Json.str(body, "productCode");
    sticker.paymentPurpose = Json.str(body, "paymentPurpose");
    if (amount != null) {
      sticker.amount = Json.decimal(amount, "value");
      sticker.currency = Json.str(amount, "currency");
    }
    sticker.callbackUrl = Json.str(body, "callbackUrl");
    sticker.payload = engine.baseUrl() + "/sticker/" + sticker.id;
    store.stickers.put(sticker.id, sticker);
    return ok(Views.sticker(sticker));
  }

  private HttpSupport.Out setStickerActive(StickerRecord sticker, JsonNode body) {
    sticker.active = body.get("active").booleanValue();
    return HttpSupport.Out.empty(200);
  }

  private HttpSupport.Out listStickers(String merchant, HttpSupport.In in) {
    List<StickerRecord> all = Store.ordered(store.stickers.values(), s -> s.merchantId.equals(merchant),
        s -> s.created, s -> s.id);
    return ok(page(all, in.queryParam("cursor"), s -> s.created, s -> s.id, Views::sticker));
  }

  // ---------------------------------------------------------------- shared checks

  /**
   * One page of an ordered list. The cursor names the last item of the previous page (its creation time
   * and id), so items created meanwhile never shift a page: no gaps, no duplicates.
   */
  static <T> ObjectNode page(List<T> ordered, String cursor, Function<T, Instant> created, Function<T, String> id,
      Function<T, ObjectNode> view) {
    int from = 0;
    if (cursor != null && !cursor.isEmpty()) {
      String[] position = decodeCursor(cursor);
      Instant afterCreated = Instant.ofEpochMilli(Long.parseLong(position[0]));
      String afterId = position[1];
      while (from < ordered.size()) {
        T item = ordered.get(from);
        int c = created.apply(item).compareTo(afterCreated);
        if (c > 0 || (c == 0 && id.apply(item).compareTo(afterId) > 0)) {
          break;
        }
        from++;
      }
    }
    int to = Math.min(ordered.size(), from + SandboxConfig.PAGE_SIZE);
    ObjectNode page = Json.object();
    ArrayNode items = page.putArray("items");
    for (T item : ordered.subList(from, to)) {
      items.add(view.apply(item));
    }
    if (to < ordered.size()) {
      T last = ordered.get(to - 1);
      String position = created.apply(last).toEpochMilli() + "|" + id.apply(last);
      page.put("cursor", Base64.getUrlEncoder().withoutPadding()
          .encodeToString(position.getBytes(StandardCharsets.UTF_8)));
    }
    return page;
  }

  private static String[] decodeCursor(String cursor) {
    try {
      String text = new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8);
      int bar = text.indexOf('|');
      if (bar > 0) {
        Long.parseLong(text.substring(0, bar));
        return new String[] {text.substring(0, bar), text.substring(bar + 1)};
      }
    } catch (IllegalArgumentException e) {
      // fall through to the validation error
    }
    throw ApiError.validation("cursor: not a cursor this sandbox issued; copy it unchanged from the previous page");
  }

  /** A bound of a listing period; an absent bound leaves that side open. */
  private static Instant periodBound(HttpSupport.In in, String name, Instant absent) {
    String text = in.queryParam(name);
    return text == null ? absent : parseTime(name, text);
  }

  static Instant parseTime(String field, String text) {
    try {
      return OffsetDateTime.parse(text).toInstant();
    } catch (DateTimeParseException | NullPointerException e) {
      throw ApiError.validation(field + ": must be an ISO 8601 date-time with an offset, e.g. 2024-05-01T00:00:00Z");
    }
  }

  private static void checkTime(String field, String text, List<String> errors) {
    if (text != null) {
      try {
        OffsetDateTime.parse(text);
      } catch (DateTimeParseException e) {
        errors.add(field + ": must be an ISO 8601 date-time with an offset, e.g. 2024-05-01T00:00:00Z");
      }
    }
  }

  private static void checkAmount(String field, ObjectNode amount, List<String> errors) {
    BigDecimal value = Json.decimal(amount, "value");
    if (value != null && value.signum() <= 0) {
      errors.add(field + ".value: must be greater than zero");
    } else if (value != null && !Amounts.inBounds(value)) {
      errors.add(field + ".value: " + Amounts.RULE);
    }
    String currency = Json.str(amount, "currency");
    if (currency != null && !Amounts.isCurrency(currency)) {
      errors.add(field + ".currency: " + Amounts.CURRENCY_RULE);
    }
  }

  /**
   * The payment a refund or receipt names, once the body's amount is valid and in the payment's currency
   * (the amount is checked first, so a malformed one is reported even for an unknown payment).
   */
  private PaymentRecord paymentForAmount(String merchant, JsonNode body) {
    ObjectNode amount = Json.obj(body, "amount");
    List<String> errors = new ArrayList<>();
    checkAmount("amount", amount, errors);
    failIfAny(errors);
    PaymentRecord payment = payment(merchant, Json.str(body, "paymentId"));
    checkCurrency(amount, payment.currency, errors);
    failIfAny(errors);
    return payment;
  }

  private static void checkCurrency(ObjectNode amount, String expected, List<String> errors) {
    String currency = Json.str(amount, "currency");
    if (currency != null && !currency.equals(expected)) {
      errors.add("amount.currency: must be " + expected + ", the currency of the payment");
    }
  }

  private static void checkCard(String field, ObjectNode card, List<String> errors) {
    String pan = Json.str(card, "pan");
    if (pan != null && !pan.matches("[0-9]{12,19}")) {
      errors.add(field + ".pan: must be 12 to 19 digits");
    }
    String expiry = Json.str(card, "expiry");
    if (expiry != null && MagicCards.expiryMonth(expiry) == null) {
      errors.add(field + ".expiry: must be MM/YY");
    }
    String cvc = Json.str(card, "cvc");
    if (cvc != null && !cvc.matches("[0-9]{3,4}")) {
      errors.add(field + ".cvc: must be 3 or 4 digits");
    }
  }

  /** Callback and return addresses must be absolute http(s) URLs, since the sandbox really calls them. */
  static void checkUrl(String field, String value, List<String> errors) {
    if (value == null) {
      return;
    }
    try {
      URI uri = new URI(value);
      String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
      if ((scheme.equals("http") || scheme.equals("https")) && uri.getHost() != null) {
        return;
      }
    } catch (URISyntaxException e) {
      // reported below
    }
    errors.add(field + ": must be an absolute http or https URL");
  }

  private static void failIfAny(List<String> errors) {
    if (!errors.isEmpty()) {
      throw ApiError.validation(errors);
    }
  }
}
