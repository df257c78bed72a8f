package com.merchantpay.conformance.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.merchantpay.conformance.V1Signature;
import com.merchantpay.sandbox.Sandbox;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * The contrarian target's readings: for every open point the kit lists that {@link Readings} and
 * {@link AnotherImplementation} leave as the sandbox reads it, a fault that makes the sandbox read
 * it the other way, as a correct implementation may, and the reading its profile declares. With
 * {@link Readings}, every open point has a contrarian reading ({@link #DECLARED}); a test walks the
 * kit's list of points against it.
 */
final class ContrarianReadings {
  private ContrarianReadings() {}

  /** The reading of every open point, as the contrarian target's profile declares it. */
  static final Map<String, String> DECLARED = declared();

  private static Map<String, String> declared() {
    Map<String, String> d = new LinkedHashMap<>();
    // Read otherwise by Readings.all() and Readings.apart().
    d.put("v2.code.wrong-state", "validation_error");
    d.put("v2.status.success", "201");
    d.put("v2.status.validation-error", "422");
    d.put("v2.status.unauthenticated", "403");
    d.put("v2.status.no-body", "204");
    d.put("v1.media-type.xml", "text/xml");
    d.put("v2.idempotency.replay", "refused");
    d.put("v2.list.order", "unordered");
    d.put("v2.refund.pending-result-code", "none");
    d.put("v2.events.retry", "not-retried");
    d.put("v2.list.cursor", "nextPageToken");
    d.put("v2.request.boundaries", "refused");
    d.put("v2.sticker.off-status", "Disabled");
    d.put("v2.confirmation.failing-answer", "Confirmation");
    d.put("v1.media-type.json", "text/html");
    d.put("v2.capture.partial", "refused");
    d.put("v1.request.unreadable", "500");
    d.put("v2.result-codes", "other");
    d.put("v2.code.not-found", "validation_error");
    d.put("v2.auth.foreign-resource", "403 not_authorized");
    // Read otherwise by AnotherImplementation only.
    d.put("v2.status.wrong-state", "409");
    d.put("v2.request.zoned-timestamps", "refused");
    d.put("v2.request.unlisted-members", "ignored");
    d.put("v1.answer.types", "other");
    // Read otherwise here.
    d.put("v2.status.read", "203");
    d.put("v2.status.forbidden", "404");
    d.put("v2.status.not-found", "410");
    d.put("v2.status.key-in-flight", "423");
    d.put("v2.status.key-conflict", "409");
    d.put("v2.status.token-unusable", "423");
    d.put("v2.code.amount", "invalid_operation");
    d.put("v2.code.refusal", "invalid_operation");
    d.put("v2.code.unknown-merchant", "invalid_operation");
    d.put("v2.validation.names-member", "unnamed");
    d.put("v2.request.constraints", "accepted");
    d.put("v2.idempotency.refused-request", "kept");
    d.put("v2.idempotency.key-required", "accepted");
    d.put("v2.list.start", "exclusive");
    d.put("v2.list.end", "inclusive");
    d.put("v2.list.receipts", "array");
    d.put("v2.payment.captured-amount", "not shown");
    d.put("v2.token.failing-answer", "Created");
    d.put("v2.token.empty-answer", "accepted");
    d.put("v2.token.revoke-again", "success");
    d.put("v2.token.created-status", "Active");
    d.put("v2.payment.cancel-again", "success");
    d.put("v2.refund.held-payment", "accepted");
    d.put("v2.invoice.expired", "Cancelled");
    d.put("v2.events.triggers", "some");
    d.put("v2.events.token-statuses", "some");
    d.put("v2.answer.form", "other");
    d.put("v1.path-case", "exact");
    d.put("v1.unknown-values", "refused");
    d.put("v1.nonce.malformed", "400");
    d.put("v1.payment.unknown-id", "-6");
    d.put("v1.credentials.missing", "400/400");
    d.put("v1.period.bounds", "excluded");
    d.put("v1.state-of-v2", "PROCESSING/COMPLETE");
    d.put("v1.payment-method", "Card");
    d.put("v1.confirm.less", "refused");
    d.put("v1.confirm.too-much", "-1");
    d.put("v1.refund.cart-lines", "from 1 without tax");
    d.put("v1.decline-code", "other");
    d.put("v1.expired-invoice.refund", "-15");
    d.put("v1.request.unused-filters", "empty");
    d.put("v2.sticker.cashlink-amount", "free");
    d.put("v1.refund.nothing", "400");
    d.put("v1.nonce.empty", "accepted");
    // A confirmation without an amount takes what is held; a call without its payment's id is
    // still refused: the target reads the point both ways, value by value.
    d.put("v1.request.missing-values", "accepted|refused");
    d.put("v2.payment.test-only", "test-only");
    return Map.copyOf(d);
  }

  /** The points of {@link #DECLARED} no fault of Readings or this class reads otherwise. */
  static final Set<String> BY_ANOTHER_IMPLEMENTATION =
      Set.of(
          "v2.request.zoned-timestamps",
          "v2.request.unlisted-members",
          "v1.answer.types",
          "v2.status.key-conflict",
          "v2.status.wrong-state");

  /** The readings that run side by side in one target. */
  static List<Readings.Reading> together() {
    return List.of(
        new Readings.Reading(
            "reads and completions answered 203",
            status(
                c ->
                    c.path().startsWith("/api/v2/")
                        && (c.method.equals("GET") || c.path().endsWith("/complete")),
                200,
                203),
            "v2.status.read"),
        new Readings.Reading(
            "statuses of refusals by what they say", refusalStatuses(), "v2.status.forbidden"),
        new Readings.Reading(
            "a missing resource answered 410", missingAs410(), "v2.status.not-found"),
        new Readings.Reading(
            "the token codes answered 423", tokenCodesAs423(), "v2.status.token-unusable"),
        new Readings.Reading(
            "amounts that cannot be paid refused as invalid_operation",
            amountsAsInvalidOperation(),
            "v2.code.amount"),
        new Readings.Reading(
            "lengths and patterns only our spec sets refused as invalid_operation",
            ourConstraintsAsInvalidOperation(),
            "v2.code.refusal"),
        new Readings.Reading(
            "an unknown merchant answered as a missing resource",
            unknownMerchantAsMissing(),
            "v2.code.unknown-merchant"),
        new Readings.Reading(
            "validation errors that name no member but merchantId",
            errorsNamingNothing(),
            "v2.validation.names-member"),
        new Readings.Reading(
            "a key whose request was refused stays taken",
            refusedKeysKept(),
            "v2.idempotency.refused-request"),
        new Readings.Reading(
            "a creating call without a key gets one", keysAdded(), "v2.idempotency.key-required"),
        new Readings.Reading("lists with the end inclusive", endInclusive(), "v2.list.end"),
        new Readings.Reading("lists with the start exclusive", startExclusive(), "v2.list.start"),
        new Readings.Reading(
            "the receipt list a bare array", receiptsAsArray(), "v2.list.receipts"),
        new Readings.Reading(
            "the captured sum not shown", capturedNotShown(), "v2.payment.captured-amount"),
        new Readings.Reading(
            "completing a token with no answer answers the token",
            emptyTokenAnswerAccepted(),
            "v2.token.empty-answer"),
        new Readings.Reading(
            "a failing token answer lets the cardholder try again",
            failingTokenAnswerIgnored(),
            "v2.token.failing-answer"),
        new Readings.Reading(
            "revoking a revoked token succeeds", revokeAgainSucceeds(), "v2.token.revoke-again"),
        new Readings.Reading(
            "cancelling a cancelled payment succeeds",
            cancelAgainSucceeds(),
            "v2.payment.cancel-again"),
        new Readings.Reading(
            "a refund of a held payment cancels it", heldRefundCancels(), "v2.refund.held-payment"),
        new Readings.Reading(
            "an expired invoice ends Cancelled", expiredAsCancelled(), "v2.invoice.expired"),
        new Readings.Reading(
            "a captured payment's Settled not notified",
            settledAfterHoldNotNotified(),
            "v2.events.triggers"),
        new Readings.Reading(
            "a revoked token not notified", revokedNotNotified(), "v2.events.token-statuses"),
        new Readings.Reading(
            "a customer's phone written with +", phoneWithPlus(), "v2.answer.form"),
        new Readings.Reading(
            "every payment a test payment", everyPaymentATest(), "v2.payment.test-only"),
        new Readings.Reading(
            "a cashlink sticker takes no amount",
            cashlinkWithoutAmount(),
            "v2.sticker.cashlink-amount"),
        new Readings.Reading("v1 paths in their exact case", v1ExactCase(), "v1.path-case"),
        new Readings.Reading(
            "v1 parameters an operation does not list refused",
            v1UnlistedRefused(),
            "v1.unknown-values"),
        new Readings.Reading(
            "a malformed v1 nonce answered 400", v1MalformedNonceAs400(), "v1.nonce.malformed"),
        new Readings.Reading(
            "an unknown v1 PaymentID answered -6",
            v1UnknownPaymentAsMinus6(),
            "v1.payment.unknown-id"),
        new Readings.Reading(
            "a v1 call without login or hash answered 400",
            v1MissingCredentialsAs400(),
            "v1.credentials.missing"),
        new Readings.Reading("v1 period days excluded", v1PeriodDaysExcluded(), "v1.period.bounds"),
        new Readings.Reading(
            "a held v2 payment PROCESSING in v1", v1HeldAsProcessing(), "v1.state-of-v2"),
        new Readings.Reading(
            "the card method Card in v1", v1MethodLowerCase(), "v1.payment-method"),
        new Readings.Reading(
            "confirming less than held refused", v1ConfirmLessRefused(), "v1.confirm.less"),
        new Readings.Reading(
            "confirming more than held -1", v1TooMuchAsMinus1(), "v1.confirm.too-much"),
        new Readings.Reading(
            "cart lines from 1 without tax", v1CartFromOne(), "v1.refund.cart-lines"),
        new Readings.Reading(
            "a decline's v1 ErrorCode always -10", v1DeclinesAsMinus10(), "v1.decline-code"),
        new Readings.Reading(
            "refunding an expired invoice -15", v1ExpiredAsMinus15(), "v1.expired-invoice.refund"),
        new Readings.Reading(
            "v1 list filters required, empty for none",
            v1FiltersRequired(),
            "v1.request.unused-filters"),
        new Readings.Reading(
            "a v1 refund of nothing answered 400", v1NothingAs400(), "v1.refund.nothing"),
        new Readings.Reading("an empty v1 nonce taken", v1EmptyNonceTaken(), "v1.nonce.empty"),
        new Readings.Reading(
            "a v1 confirm without amount takes what is held",
            v1ConfirmWithoutAmountTakesAll(),
            "v1.request.missing-values"));
  }

  /** Readings that each run alone: each takes away what checks of other readings need. */
  static List<Readings.Reading> apart() {
    return List.of(
        new Readings.Reading(
            "v2 requests breaking only our spec's constraints taken",
            ourConstraintsTaken(),
            "v2.request.constraints"),
        new Readings.Reading(
            "a payment token Active at once", tokensActiveAtOnce(), "v2.token.created-status"),
        new Readings.Reading(
            "a key in flight 423 and a conflicting one 409",
            keyStatusesSwapped(),
            "v2.status.key-in-flight"));
  }

  // ---------------------------------------------------------------- v2 statuses and codes

  private static MutatingProxy.Fault status(
      java.util.function.Predicate<MutatingProxy.Call> which, int from, int to) {
    return new MutatingProxy.Fault() {
      @Override
      public void answer(MutatingProxy.Call call, MutatingProxy.Answer answer) {
        if (answer.status == from && which.test(call)) {
          answer.status = to;
        }
      }
    };
  }

  private static final Pattern MISSING = Pattern.compile("^No [\\w ]+ with this identifier");

  /**
   * The sandbox's answer about a resource that does not exist, whatever status an earlier reading
   * gave it, answered 410.
   */
  private static MutatingProxy.Fault missingAs410() {
    return Faults.v2Json(
        (call, answer, json) -> {
          if (answer.status / 100 == 4
              && "invalid_operation".equals(json.path("code").asText())
              && MISSING.matcher(json.path("message").asText()).find()) {
            answer.status = 410;
          }
        });
  }

  private static final Set<String> TOKENS =
      Set.of("Bearer " + Sandbox.DEFAULT_TOKEN, "Bearer sandbox-other-token");

  /**
   * not_authorized for a caller whose token is good (a merchant it does not act for) answered 404;
   * Readings' 403 stays for a missing or unknown token.
   */
  private static MutatingProxy.Fault refusalStatuses() {
    return Faults.v2Json(
        (call, answer, json) -> {
          if (answer.status / 100 == 4
              && "not_authorized".equals(json.path("code").asText())
              && call.header("Authorization") != null
              && TOKENS.contains(call.header("Authorization"))) {
            answer.status = 404;
          }
        });
  }

  private static MutatingProxy.Fault tokenCodesAs423() {
    return Faults.v2Json(
        (call, answer, json) -> {
          if (answer.status / 100 == 4 && json.path("code").asText().startsWith("payment_token_")) {
            answer.status = 423;
          }
        });
  }

  /** The error body with another code, its errors kept. */
  private static void recode(MutatingProxy.Answer answer, String code) {
    JsonNode json = answer.json();
    if (json instanceof ObjectNode body) {
      body.put("code", code);
      answer.json(body);
    }
  }

  private static boolean refusedFor(MutatingProxy.Answer answer, Pattern entry, boolean every) {
    JsonNode errors = answer.json() == null ? null : answer.json().path("errors");
    if (errors == null || !errors.isArray() || errors.isEmpty()) {
      return false;
    }
    boolean any = false;
    boolean all = true;
    for (JsonNode error : errors) {
      boolean matches = entry.matcher(error.asText()).find();
      any |= matches;
      all &= matches;
    }
    return every ? all : any;
  }

  /** The sandbox's refusals of an amount: zero or below, beyond the limit, another currency. */
  private static final Pattern AMOUNT_REFUSED =
      Pattern.compile(
          "amount\\.(value: .*(greater than|must not exceed)|currency: must be .* of the payment)");

  private static MutatingProxy.Fault amountsAsInvalidOperation() {
    return new MutatingProxy.Fault() {
      @Override
      public void answer(MutatingProxy.Call call, MutatingProxy.Answer answer) {
        if (Faults.isV2Json(call, answer)
            && answer.status / 100 == 4
            && Set.of("validation_error", "invalid_operation")
                .contains(answer.json().path("code").asText())
            && refusedFor(answer, AMOUNT_REFUSED, true)) {
          recode(answer, "invalid_operation");
        }
      }
    };
  }

  /** Messages of constraints only our spec sets: a length, a pattern, a bound of our own. */
  private static final Pattern OURS_ONLY =
      Pattern.compile("(length|characters|must match|at most|at least|^Content-Type:)");

  private static MutatingProxy.Fault ourConstraintsAsInvalidOperation() {
    return new MutatingProxy.Fault() {
      @Override
      public void answer(MutatingProxy.Call call, MutatingProxy.Answer answer) {
        if (Faults.isV2Json(call, answer)
            && answer.status / 100 == 4
            && "validation_error".equals(answer.json().path("code").asText())
            && refusedFor(answer, OURS_ONLY, true)
            && !refusedFor(answer, Pattern.compile("merchantId|Idempotency-Key"), false)
            // An invoice's customer phone is E.164 without its plus by the documents' own word.
            && !(call.path().equals("/api/v2/invoices")
                && refusedFor(answer, Pattern.compile("customer\\.phone"), false))) {
          recode(answer, "invalid_operation");
        }
      }
    };
  }

  private static final Set<String> MERCHANTS =
      Set.of(Sandbox.DEFAULT_MERCHANT, "sandbox-other-merchant");

  private static MutatingProxy.Fault unknownMerchantAsMissing() {
    return Faults.v2Json(
        (call, answer, json) -> {
          if (!"not_authorized".equals(json.path("code").asText())) {
            return;
          }
          String merchant = merchantOf(call);
          if (merchant != null && !MERCHANTS.contains(merchant)) {
            answer.status = 404;
            recode(answer, "invalid_operation");
          }
        });
  }

  private static String merchantOf(MutatingProxy.Call call) {
    String query = call.pathAndQuery.contains("?") ? call.pathAndQuery.split("\\?", 2)[1] : "";
    String inQuery = Faults.parse(query).get("merchantId");
    if (inQuery != null) {
      return inQuery;
    }
    try {
      JsonNode body = call.body.length == 0 ? null : MutatingProxy.JSON.readTree(call.body);
      return body != null && body.path("merchantId").isTextual()
          ? body.path("merchantId").asText()
          : null;
    } catch (IOException e) {
      return null;
    }
  }

  private static MutatingProxy.Fault errorsNamingNothing() {
    return Faults.v2Answers(
        json -> {
          if ("validation_error".equals(json.path("code").asText())
              && json.path("errors") instanceof ArrayNode errors) {
            List<String> kept = new ArrayList<>();
            // merchantId stays named: the documents ask for it.
            errors.forEach(
                e -> kept.add(e.asText().contains("merchantId") ? e.asText() : "not valid"));
            errors.removeAll();
            kept.forEach(errors::add);
          }
        });
  }

  // ---------------------------------------------------------------- idempotency

  private static MutatingProxy.Fault refusedKeysKept() {
    Set<String> refused = ConcurrentHashMap.newKeySet();
    return new MutatingProxy.Fault() {
      @Override
      public void request(MutatingProxy.Call call) {
        String key = Faults.scopedKey(call);
        if (key != null && refused.contains(key)) {
          ObjectNode body =
              MutatingProxy.JSON
                  .createObjectNode()
                  .put("code", "idempotency_key_violation")
                  .put("message", "This key was used for a request that was refused.");
          call.reply = MutatingProxy.Answer.json(422, body);
        }
      }

      @Override
      public void answer(MutatingProxy.Call call, MutatingProxy.Answer answer) {
        String key = Faults.scopedKey(call);
        JsonNode json = Faults.isV2Json(call, answer) ? answer.json() : null;
        if (key != null
            && call.reply == null
            && json != null
            && answer.status / 100 == 4
            && Set.of("validation_error", "invalid_operation")
                .contains(json.path("code").asText())) {
          refused.add(key);
        }
      }
    };
  }

  private static MutatingProxy.Fault keysAdded() {
    return new MutatingProxy.Fault() {
      @Override
      public void request(MutatingProxy.Call call) {
        if (call.method.equals("POST")
            && call.path().startsWith("/api/v2/")
            && call.header("Idempotency-Key") == null) {
          call.header("Idempotency-Key", UUID.randomUUID().toString());
        }
      }
    };
  }

  /**
   * A repeat that arrives while the first call with its key runs is answered 423 (each first call
   * held a little, so that repeats sent at once find it running); a key reused with another request
   * 409.
   */
  private static MutatingProxy.Fault keyStatusesSwapped() {
    Set<String> running = ConcurrentHashMap.newKeySet();
    return new MutatingProxy.Fault() {
      @Override
      public void request(MutatingProxy.Call call) {
        String key = Faults.scopedKey(call);
        if (key == null || !call.method.equals("POST") || !call.path().startsWith("/api/v2/")) {
          return;
        }
        if (!running.add(key)) {
          ObjectNode refusal =
              MutatingProxy.JSON
                  .createObjectNode()
                  .put("code", "idempotency_key_violation")
                  .put("message", "A call with this key is still running.");
          call.reply = MutatingProxy.Answer.json(423, refusal);
          return;
        }
        try {
          Thread.sleep(100);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }

      @Override
      public void answer(MutatingProxy.Call call, MutatingProxy.Answer answer) {
        String key = Faults.scopedKey(call);
        if (key != null && call.reply == null) {
          running.remove(key);
        }
        JsonNode json = Faults.isV2Json(call, answer) ? answer.json() : null;
        if (json != null
            && call.reply == null
            && "idempotency_key_violation".equals(json.path("code").asText())
            && answer.status == 422) {
          answer.status = 409;
        }
      }
    };
  }

  // ---------------------------------------------------------------- lists

  /** A list's end moved a millisecond on, so that what was made at the end itself is listed. */
  private static MutatingProxy.Fault endInclusive() {
    return new MutatingProxy.Fault() {
      @Override
      public void request(MutatingProxy.Call call) {
        Map<String, String> query = listQuery(call);
        if (query != null && query.containsKey("end")) {
          try {
            query.put("end", Instant.parse(query.get("end")).plusMillis(1).toString());
            call.pathAndQuery = call.path() + "?" + Faults.encode(query);
          } catch (RuntimeException e) {
            // not a time the sandbox reads either: passed on as it is
          }
        }
      }
    };
  }

  /** What was made at the start itself is left out of a list. */
  private static MutatingProxy.Fault startExclusive() {
    return new MutatingProxy.Fault() {
      @Override
      public void answer(MutatingProxy.Call call, MutatingProxy.Answer answer) {
        Map<String, String> query = listQuery(call);
        JsonNode json = query == null ? null : answer.json();
        if (json == null || !query.containsKey("start") || !json.path("items").isArray()) {
          return;
        }
        Instant start;
        try {
          start = Instant.parse(query.get("start"));
        } catch (RuntimeException e) {
          return;
        }
        ArrayNode items = (ArrayNode) json.path("items");
        for (int i = items.size() - 1; i >= 0; i--) {
          try {
            if (Instant.parse(items.get(i).path("created").asText()).equals(start)) {
              items.remove(i);
            }
          } catch (RuntimeException e) {
            // an item without a time: kept
          }
        }
        answer.json(json);
      }
    };
  }

  private static Map<String, String> listQuery(MutatingProxy.Call call) {
    if (!call.method.equals("GET")
        || !(call.path().equals("/api/v2/payments") || call.path().equals("/api/v2/refunds"))
        || !call.pathAndQuery.contains("?")) {
      return null;
    }
    return Faults.parse(call.pathAndQuery.split("\\?", 2)[1]);
  }

  private static MutatingProxy.Fault receiptsAsArray() {
    return new MutatingProxy.Fault() {
      @Override
      public void answer(MutatingProxy.Call call, MutatingProxy.Answer answer) {
        JsonNode json =
            call.method.equals("GET") && call.path().equals("/api/v2/receipts")
                ? answer.json()
                : null;
        if (json != null && json.path("items").isArray()) {
          answer.json(json.path("items"));
        }
      }
    };
  }

  // ---------------------------------------------------------------- payments, tokens, stickers

  private static MutatingProxy.Fault capturedNotShown() {
    MutatingProxy.Fault answers =
        Faults.v2Answers(json -> Faults.objects(json, o -> o.remove("capturedAmount")));
    return new MutatingProxy.Fault() {
      @Override
      public void answer(MutatingProxy.Call call, MutatingProxy.Answer answer) {
        answers.answer(call, answer);
      }

      @Override
      public Integer notification(MutatingProxy.Call call) {
        JsonNode json = call.json();
        if (json instanceof ObjectNode object && object.remove("capturedAmount") != null) {
          call.json(object);
        }
        return null;
      }
    };
  }

  private static final Pattern TOKEN_COMPLETE =
      Pattern.compile("/api/v2/paymenttokens/([^/]+)/complete");

  private static MutatingProxy.Fault emptyTokenAnswerAccepted() {
    return new MutatingProxy.Fault() {
      @Override
      public void request(MutatingProxy.Call call) {
        var matcher = TOKEN_COMPLETE.matcher(call.path());
        JsonNode body = call.json();
        if (call.method.equals("PUT") && matcher.matches() && body != null && body.isEmpty()) {
          // Nothing to complete with: the token as it stands.
          call.method = "GET";
          call.pathAndQuery = "/api/v2/paymenttokens/" + matcher.group(1);
          call.body = new byte[0];
          call.header("Content-Type", null);
        }
      }
    };
  }

  private static MutatingProxy.Fault failingTokenAnswerIgnored() {
    return new MutatingProxy.Fault() {
      @Override
      public void request(MutatingProxy.Call call) {
        var matcher = TOKEN_COMPLETE.matcher(call.path());
        JsonNode body = call.json();
        if (call.method.equals("PUT")
            && matcher.matches()
            && body != null
            && "000000".equals(body.path("code").asText())) {
          // A wrong code: the cardholder may try again, the token stays as it is.
          call.method = "GET";
          call.pathAndQuery = "/api/v2/paymenttokens/" + matcher.group(1);
          call.body = new byte[0];
          call.header("Content-Type", null);
        }
      }
    };
  }

  private static MutatingProxy.Fault revokeAgainSucceeds() {
    return wrongStateSucceeds(
        call ->
            call.method.equals("PUT") && call.path().matches("/api/v2/paymenttokens/[^/]+/revoke"),
        "payment_token_revoked");
  }

  private static MutatingProxy.Fault cancelAgainSucceeds() {
    Set<String> cancelled = ConcurrentHashMap.newKeySet();
    return new MutatingProxy.Fault() {
      @Override
      public void answer(MutatingProxy.Call call, MutatingProxy.Answer answer) {
        if (!call.method.equals("PUT") || !call.path().matches("/api/v2/payments/[^/]+/cancel")) {
          return;
        }
        if (answer.status / 100 == 2) {
          cancelled.add(call.path());
        } else if (cancelled.contains(call.path())) {
          answer.status = 204;
          answer.body = new byte[0];
          answer.headers.keySet().removeIf(name -> name.equalsIgnoreCase("Content-Type"));
        }
      }
    };
  }

  private static MutatingProxy.Fault wrongStateSucceeds(
      java.util.function.Predicate<MutatingProxy.Call> which, String code) {
    return Faults.v2Json(
        (call, answer, json) -> {
          if (which.test(call) && code.equals(json.path("code").asText())) {
            answer.status = 204;
            answer.body = new byte[0];
            answer.headers.keySet().removeIf(name -> name.equalsIgnoreCase("Content-Type"));
          }
        });
  }

  /**
   * A refund of money that is only held is taken as its cancellation: the payment is cancelled and
   * the refund answered as done.
   */
  private static MutatingProxy.Fault heldRefundCancels() {
    return new MutatingProxy.Fault() {
      private final java.net.http.HttpClient http = java.net.http.HttpClient.newHttpClient();
      private volatile String upstream;

      @Override
      public void answer(MutatingProxy.Call call, MutatingProxy.Answer answer) {
        if (!call.method.equals("POST")
            || !call.path().equals("/api/v2/refunds")
            || answer.status / 100 != 4) {
          return;
        }
        JsonNode refund = call.json();
        if (refund == null || upstream == null || call.header("Authorization") == null) {
          return;
        }
        String paymentId = refund.path("paymentId").asText();
        try {
          java.net.http.HttpResponse<String> payment =
              http.send(
                  java.net.http.HttpRequest.newBuilder(
                          java.net.URI.create(upstream + "/api/v2/payments/" + paymentId))
                      .header("Authorization", call.header("Authorization"))
                      .build(),
                  java.net.http.HttpResponse.BodyHandlers.ofString());
          if (payment.statusCode() != 200
              || !"Authorized"
                  .equals(MutatingProxy.JSON.readTree(payment.body()).path("status").asText())) {
            return; // refused for another reason than the money being only held
          }
          java.net.http.HttpResponse<String> cancelled =
              http.send(
                  java.net.http.HttpRequest.newBuilder(
                          java.net.URI.create(
                              upstream + "/api/v2/payments/" + paymentId + "/cancel"))
                      .header("Authorization", call.header("Authorization"))
                      .PUT(java.net.http.HttpRequest.BodyPublishers.noBody())
                      .build(),
                  java.net.http.HttpResponse.BodyHandlers.ofString());
          if (cancelled.statusCode() / 100 != 2) {
            return;
          }
        } catch (IOException | InterruptedException e) {
          return;
        }
        ObjectNode done = MutatingProxy.JSON.createObjectNode();
        done.put("id", "rf-" + UUID.randomUUID());
        done.put("created", Instant.now().toString());
        done.put("paymentId", paymentId);
        done.set("amount", refund.path("amount"));
        done.put("status", "Success");
        done.put("resultCode", "Success");
        answer.status = 201;
        answer.headers.put("Content-Type", "application/json");
        answer.json(done);
      }

      @Override
      public void request(MutatingProxy.Call call) {
        if (upstream == null) {
          upstream = SANDBOX.get();
        }
      }
    };
  }

  /** Where the sandbox behind the contrarian proxy is, for faults that call it themselves. */
  static final java.util.concurrent.atomic.AtomicReference<String> SANDBOX =
      new java.util.concurrent.atomic.AtomicReference<>();

  /** A payment of an invoice that expired unpaid is Cancelled; other declines stay Rejected. */
  private static MutatingProxy.Fault expiredAsCancelled() {
    Set<String> invoiced = ConcurrentHashMap.newKeySet();
    MutatingProxy.Fault expired =
        Faults.v2Answers(
            json ->
                Faults.objects(
                    json,
                    o -> {
                      if (invoiced.contains(o.path("id").asText())
                          && "Rejected".equals(o.path("status").asText())
                          && "PaymentExpired".equals(o.path("resultCode").asText())) {
                        o.put("status", "Cancelled");
                      }
                    }));
    return Faults.v2Json(
        (call, answer, json) -> {
          if (call.method.equals("POST")
              && call.path().equals("/api/v2/invoices")
              && json.path("paymentId").isTextual()) {
            invoiced.add(json.path("paymentId").asText());
          }
          expired.answer(call, answer);
        });
  }

  private static MutatingProxy.Fault settledAfterHoldNotNotified() {
    Set<String> held = ConcurrentHashMap.newKeySet();
    return new MutatingProxy.Fault() {
      @Override
      public Integer notification(MutatingProxy.Call call) {
        JsonNode json = call.json();
        if (json == null || !json.has("merchantId")) {
          return null;
        }
        String id = json.path("id").asText();
        String status = json.path("status").asText();
        if (status.equals("Authorized")) {
          held.add(id);
        } else if (status.equals("Settled") && held.contains(id)) {
          return 200; // the capture is not notified: the merchant made it
        }
        return null;
      }
    };
  }

  private static MutatingProxy.Fault revokedNotNotified() {
    return new MutatingProxy.Fault() {
      @Override
      public Integer notification(MutatingProxy.Call call) {
        JsonNode json = call.json();
        return json != null
                && !json.has("merchantId")
                && "Revoked".equals(json.path("status").asText())
            ? Integer.valueOf(200)
            : null;
      }
    };
  }

  private static MutatingProxy.Fault phoneWithPlus() {
    return Faults.v2Answers(
        json ->
            Faults.objects(
                json,
                o -> {
                  // The payer's phone as the target keeps it, written with its plus.
                  if (o.path("customer") instanceof ObjectNode customer) {
                    String phone = customer.path("phone").asText("79990000000");
                    customer.put("phone", phone.startsWith("+") ? phone : "+" + phone);
                  }
                }));
  }

  /** A target of test payments only: whatever testMode asks, the payment is a test one. */
  private static MutatingProxy.Fault everyPaymentATest() {
    return Faults.testModeShown(true);
  }

  private static MutatingProxy.Fault cashlinkWithoutAmount() {
    return new MutatingProxy.Fault() {
      @Override
      public void request(MutatingProxy.Call call) {
        JsonNode body = call.json();
        if (call.method.equals("POST")
            && call.path().equals("/api/v2/stickers")
            && body != null
            && body.path("cashlink").asBoolean(false)
            && body.has("amount")) {
          ObjectNode refusal =
              MutatingProxy.JSON
                  .createObjectNode()
                  .put("code", "validation_error")
                  .put("message", "A cashlink sticker's payments give their own amounts.");
          refusal.putArray("errors").add("amount: not taken for a cashlink sticker");
          call.reply = MutatingProxy.Answer.json(400, refusal);
        }
      }
    };
  }

  private static final Pattern NAMED_ERROR = Pattern.compile("^([A-Za-z0-9_.\\[\\]]+): ");

  /**
   * A lenient service: a request refused only for constraints our spec sets is taken with each
   * value it names cut to fit (a text) or left out (anything else), as such a service stores what
   * it can.
   */
  private static MutatingProxy.Fault ourConstraintsTaken() {
    return Faults.v2Json(
        (call, answer, json) -> {
          if (answer.status / 100 != 4
              || !"validation_error".equals(json.path("code").asText())
              || !refusedFor(answer, OURS_ONLY, true)
              || refusedFor(
                  answer, Pattern.compile("merchantId|Idempotency-Key|Content-Type"), false)
              || call.path().equals("/api/v2/invoices")
                  && refusedFor(answer, Pattern.compile("customer\\.phone"), false)
              || !(call.json() instanceof ObjectNode body)) {
            return;
          }
          for (JsonNode error : json.path("errors")) {
            java.util.regex.Matcher named = NAMED_ERROR.matcher(error.asText());
            if (!named.find() || !relax(body, named.group(1))) {
              return;
            }
          }
          call.json(body);
          try {
            MutatingProxy.Answer taken = call.sendAgain();
            if (taken.status / 100 == 2) {
              answer.replaceWith(taken);
            }
          } catch (IOException | InterruptedException e) {
            // left refused
          }
        });
  }

  /** Cuts the text at the path to eight characters, or leaves out whatever else is there. */
  private static boolean relax(ObjectNode root, String path) {
    JsonNode at = root;
    String[] steps = path.replace("[", ".").replace("]", "").split("\\.");
    for (int i = 0; i < steps.length - 1; i++) {
      at = steps[i].matches("\\d+") ? at.path(Integer.parseInt(steps[i])) : at.path(steps[i]);
    }
    String last = steps[steps.length - 1];
    if (!(at instanceof ObjectNode parent) || !parent.has(last)) {
      return false;
    }
    JsonNode value = parent.get(last);
    if (value.isTextual() && value.asText().length() > 8) {
      parent.put(last, value.asText().substring(0, 8));
    } else {
      parent.remove(last);
    }
    return true;
  }

  private static MutatingProxy.Fault tokensActiveAtOnce() {
    return new MutatingProxy.Fault() {
      private final java.net.http.HttpClient http = java.net.http.HttpClient.newHttpClient();

      @Override
      public void answer(MutatingProxy.Call call, MutatingProxy.Answer answer) {
        JsonNode json =
            call.method.equals("POST") && call.path().equals("/api/v2/paymenttokens")
                ? answer.json()
                : null;
        if (!(json instanceof ObjectNode token)
            || !"Created".equals(token.path("status").asText())) {
          return;
        }
        String page = token.path("confirmation").path("paymentUrl").asText(null);
        if (page == null) {
          return;
        }
        try {
          http.send(
              java.net.http.HttpRequest.newBuilder(java.net.URI.create(page))
                  .header("Content-Type", "application/x-www-form-urlencoded")
                  .POST(java.net.http.HttpRequest.BodyPublishers.ofString("action=approve"))
                  .build(),
              java.net.http.HttpResponse.BodyHandlers.discarding());
        } catch (IOException | InterruptedException e) {
          return;
        }
        token.put("status", "Active");
        token.remove("confirmation");
        answer.json(token);
      }
    };
  }

  // ---------------------------------------------------------------- v1

  private static String v1Operation(MutatingProxy.Call call) {
    return call.path().startsWith("/api/v1/") ? call.path().substring("/api/v1/".length()) : null;
  }

  private static Map<String, String> v1Values(MutatingProxy.Call call) {
    String raw =
        call.method.equals("POST")
            ? call.text()
            : call.pathAndQuery.contains("?") ? call.pathAndQuery.split("\\?", 2)[1] : "";
    return Faults.parse(raw);
  }

  private static MutatingProxy.Answer v1Envelope(int code) {
    MutatingProxy.Answer answer =
        MutatingProxy.Answer.json(
            200, MutatingProxy.JSON.createObjectNode().put("ErrorCode", code));
    return answer;
  }

  private static MutatingProxy.Answer unreadable(String why) {
    MutatingProxy.Answer answer = new MutatingProxy.Answer();
    answer.status = 400;
    answer.headers.put("Content-Type", "text/plain");
    answer.body = why.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    return answer;
  }

  private static MutatingProxy.Fault v1ExactCase() {
    return new MutatingProxy.Fault() {
      @Override
      public void request(MutatingProxy.Call call) {
        String operation = v1Operation(call);
        if (operation != null && !Faults.OPERATIONS.contains(operation)) {
          MutatingProxy.Answer missing = new MutatingProxy.Answer();
          missing.status = 404;
          call.reply = missing;
        }
      }
    };
  }

  private static MutatingProxy.Fault v1UnlistedRefused() {
    return new MutatingProxy.Fault() {
      @Override
      public void request(MutatingProxy.Call call) {
        String operation = v1Operation(call);
        if (operation == null || !Faults.OPERATIONS.contains(operation)) {
          return;
        }
        List<String> listed = new ArrayList<>(V1Signature.signedOrder(operation));
        listed.addAll(List.of("hash", "xml"));
        for (String name : v1Values(call).keySet()) {
          boolean cart = name.startsWith("shoppingcart.");
          boolean xml = name.equals("xml") && operation.equals("getPayment");
          if (!cart && !listed.contains(name) || xml) {
            call.reply = unreadable("unknown parameter " + name);
            return;
          }
        }
      }
    };
  }

  private static MutatingProxy.Fault v1MalformedNonceAs400() {
    return new MutatingProxy.Fault() {
      @Override
      public void request(MutatingProxy.Call call) {
        String nonce = v1Operation(call) == null ? null : v1Values(call).get("nonce");
        if (nonce != null && (nonce.length() > 255 || nonce.contains(";"))) {
          call.reply = unreadable("nonce: at most 255 characters, without ';'");
        }
      }
    };
  }

  private static MutatingProxy.Fault v1UnknownPaymentAsMinus6() {
    return Faults.v1Answers(
        (operation, envelope) -> {
          if (operation.equals("getPayment") && envelope.path("ErrorCode").asInt() == -13) {
            envelope.put("ErrorCode", -6);
          }
        });
  }

  private static MutatingProxy.Fault v1MissingCredentialsAs400() {
    return new MutatingProxy.Fault() {
      @Override
      public void request(MutatingProxy.Call call) {
        if (v1Operation(call) == null) {
          return;
        }
        Map<String, String> values = v1Values(call);
        if (!values.containsKey("login") || !values.containsKey("hash")) {
          call.reply = unreadable("login and hash are required");
        }
      }
    };
  }

  /** A v1 list leaves out what falls on the first or the last day of its period. */
  private static MutatingProxy.Fault v1PeriodDaysExcluded() {
    return new MutatingProxy.Fault() {
      @Override
      public void answer(MutatingProxy.Call call, MutatingProxy.Answer answer) {
        String operation = v1Operation(call);
        JsonNode json = operation == null ? null : answer.json();
        if (json == null || !operation.startsWith("list")) {
          return;
        }
        Map<String, String> values = v1Values(call);
        Set<String> bounds = new java.util.HashSet<>();
        // listRefunds' periodTo is inclusive by the document's own word: not a bound to read.
        List<String> open =
            operation.equals("listRefunds")
                ? List.of("periodFrom")
                : List.of("periodFrom", "periodTo");
        for (String name : open) {
          if (values.get(name) != null && !values.get(name).isEmpty()) {
            bounds.add(values.get(name));
          }
        }
        if (bounds.isEmpty()) {
          return;
        }
        for (String list : List.of("Payments", "Refunds")) {
          JsonNode items = json.path("Response").path(list);
          if (items instanceof ArrayNode array) {
            for (int i = array.size() - 1; i >= 0; i--) {
              String day = dayOf(array.get(i));
              if (day != null && bounds.contains(day)) {
                array.remove(i);
              }
            }
          }
        }
        answer.json(json);
      }
    };
  }

  private static String dayOf(JsonNode item) {
    for (String member : List.of("LastUpdateTime", "LastUpdate", "Created")) {
      if (item.path(member).isTextual()) {
        try {
          return LocalDateTime.parse(item.path(member).asText()).toLocalDate().toString();
        } catch (RuntimeException e) {
          try {
            return Instant.parse(item.path(member).asText())
                .atZone(ZoneOffset.UTC)
                .toLocalDate()
                .toString();
          } catch (RuntimeException again) {
            return null;
          }
        }
      }
    }
    return null;
  }

  private static MutatingProxy.Fault v1HeldAsProcessing() {
    MutatingProxy.Fault answers =
        Faults.v1Answers(
            (operation, envelope) ->
                Faults.objects(
                    envelope,
                    o -> {
                      if ("HOLD".equals(o.path("State").asText())) {
                        o.put("State", "PROCESSING");
                      }
                    }));
    return new MutatingProxy.Fault() {
      @Override
      public void request(MutatingProxy.Call call) {
        // A list filtered by the state this target shows lists what the sandbox calls HOLD.
        if ("listPaymentsFilter".equals(v1Operation(call))) {
          Map<String, String> values = v1Values(call);
          if ("PROCESSING".equals(values.get("state"))) {
            Faults.v1Resigned(
                    (operation, vs) -> {
                      vs.put("state", "HOLD");
                      return true;
                    })
                .request(call);
          }
        }
      }

      @Override
      public void answer(MutatingProxy.Call call, MutatingProxy.Answer answer) {
        answers.answer(call, answer);
      }
    };
  }

  private static MutatingProxy.Fault v1MethodLowerCase() {
    return Faults.v1Answers(
        (operation, envelope) ->
            Faults.objects(
                envelope,
                o -> {
                  if ("BankCard".equals(o.path("PaymentMethod").asText())) {
                    o.put("PaymentMethod", "Card");
                  }
                }));
  }

  private static final Map<String, BigDecimal> HELD = new ConcurrentHashMap<>();

  /** Remembers what v1 shows held, by PaymentID. */
  private static void noteHeld(JsonNode envelope) {
    JsonNode payment = envelope.path("Payment");
    if (payment.isObject()
        && Set.of("HOLD", "PROCESSING").contains(payment.path("State").asText())) {
      HELD.put(payment.path("PaymentID").asText(), payment.path("Amount").decimalValue());
    }
  }

  private static MutatingProxy.Fault v1ConfirmLessRefused() {
    return new MutatingProxy.Fault() {
      @Override
      public void request(MutatingProxy.Call call) {
        if (!"confirmPayment".equals(v1Operation(call))) {
          return;
        }
        Map<String, String> values = v1Values(call);
        BigDecimal held =
            values.get("paymentID") == null ? null : HELD.get(values.get("paymentID"));
        try {
          if (held != null
              && values.get("amount") != null
              && new BigDecimal(values.get("amount")).compareTo(held) < 0) {
            call.reply = v1Envelope(-18);
          }
        } catch (NumberFormatException e) {
          // not an amount: the sandbox refuses it
        }
      }

      @Override
      public void answer(MutatingProxy.Call call, MutatingProxy.Answer answer) {
        if (v1Operation(call) != null && answer.json() != null) {
          noteHeld(answer.json());
        }
      }
    };
  }

  private static MutatingProxy.Fault v1TooMuchAsMinus1() {
    return Faults.v1Answers(
        (operation, envelope) -> {
          if (operation.equals("confirmPayment") && envelope.path("ErrorCode").asInt() == -18) {
            envelope.put("ErrorCode", -1);
          }
        });
  }

  /** Cart lines numbered from 1 without tax, read as the sandbox reads them; any other refused. */
  private static MutatingProxy.Fault v1CartFromOne() {
    Pattern line = Pattern.compile("shoppingcart\\.items\\[(\\d+)]\\.(.*)");
    return new MutatingProxy.Fault() {
      @Override
      public void request(MutatingProxy.Call call) {
        if (!"refundPayment".equals(v1Operation(call))) {
          return;
        }
        Map<String, String> values = v1Values(call);
        if (values.keySet().stream().noneMatch(name -> name.startsWith("shoppingcart."))) {
          return;
        }
        boolean ours =
            values.containsKey("shoppingcart.items[1].name")
                && !values.containsKey("shoppingcart.items[0].name")
                && values.keySet().stream().noneMatch(name -> name.endsWith(".tax"));
        if (!ours) {
          call.reply = unreadable("cart lines are numbered from 1 and carry no tax");
          return;
        }
        Faults.v1Resigned(
                (operation, vs) -> {
                  Map<String, String> renumbered = new LinkedHashMap<>();
                  vs.forEach(
                      (name, value) -> {
                        var at = line.matcher(name);
                        if (at.matches()) {
                          int n = Integer.parseInt(at.group(1)) - 1;
                          renumbered.put("shoppingcart.items[" + n + "]." + at.group(2), value);
                          if (at.group(2).equals("name")) {
                            renumbered.put("shoppingcart.items[" + n + "].tax", "vat22");
                          }
                        } else {
                          renumbered.put(name, value);
                        }
                      });
                  vs.clear();
                  vs.putAll(renumbered);
                  return true;
                })
            .request(call);
      }
    };
  }

  private static MutatingProxy.Fault v1DeclinesAsMinus10() {
    return Faults.v1Answers(
        (operation, envelope) -> {
          JsonNode payment = envelope.path("Payment");
          if (payment instanceof ObjectNode p
              && "CANCELLED".equals(p.path("State").asText())
              && p.path("ErrorCode").asInt(0) != 0
              && p.path("ErrorCode").asInt() != -15
              && p.path("ErrorCode").asInt() != -9) {
            p.put("ErrorCode", -10);
          }
        });
  }

  private static MutatingProxy.Fault v1ExpiredAsMinus15() {
    return Faults.v1Answers(
        (operation, envelope) -> {
          if (operation.equals("refundPayment") && envelope.path("ErrorCode").asInt() == -9) {
            envelope.put("ErrorCode", -15);
          }
        });
  }

  private static final Map<String, List<String>> FILTERS =
      Map.of(
          "listPaymentsFilter", List.of("invoiceID", "state"),
          "listRefunds", List.of("paymentID", "externalID", "periodFrom", "periodTo"));

  /**
   * Every filter a list names must be there, empty when unused; empty ones reach the sandbox as
   * absent.
   */
  private static MutatingProxy.Fault v1FiltersRequired() {
    return new MutatingProxy.Fault() {
      @Override
      public void request(MutatingProxy.Call call) {
        String operation = v1Operation(call);
        List<String> filters = operation == null ? null : FILTERS.get(operation);
        if (filters == null) {
          return;
        }
        Map<String, String> values = v1Values(call);
        for (String filter : filters) {
          if (!values.containsKey(filter)) {
            call.reply = unreadable("parameter " + filter + " is required (empty for none)");
            return;
          }
        }
        Faults.v1Resigned(
                (op, vs) -> {
                  boolean any = vs.values().removeIf(String::isEmpty);
                  return any;
                })
            .request(call);
      }
    };
  }

  private static MutatingProxy.Fault v1NothingAs400() {
    return new MutatingProxy.Fault() {
      @Override
      public void request(MutatingProxy.Call call) {
        if (!"refundPayment".equals(v1Operation(call))) {
          return;
        }
        try {
          String amount = v1Values(call).get("amount");
          if (amount != null && new BigDecimal(amount).signum() <= 0) {
            call.reply = unreadable("amount: above zero");
          }
        } catch (NumberFormatException e) {
          // not an amount: the sandbox says so
        }
      }
    };
  }

  private static MutatingProxy.Fault v1EmptyNonceTaken() {
    return Faults.v1Resigned(
        (operation, values) -> {
          if ("".equals(values.get("nonce"))) {
            values.put("nonce", "made-up-" + UUID.randomUUID());
            return true;
          }
          return false;
        });
  }

  /** A confirmation without an amount takes all that is held, as read from the payment. */
  private static MutatingProxy.Fault v1ConfirmWithoutAmountTakesAll() {
    return new MutatingProxy.Fault() {
      @Override
      public void request(MutatingProxy.Call call) {
        if (!"confirmPayment".equals(v1Operation(call))
            || v1Values(call).containsKey("amount")
            || !v1Values(call).containsKey("paymentID")) {
          return;
        }
        String held = heldAmount(v1Values(call).get("paymentID"));
        if (held != null) {
          Faults.v1Resigned(
                  (operation, values) -> {
                    values.put("amount", held);
                    return true;
                  })
              .request(call);
        }
      }
    };
  }

  /** The amount v1 shows for a payment, read from the sandbox as its Accountant. */
  private static String heldAmount(String paymentId) {
    String upstream = SANDBOX.get();
    if (upstream == null) {
      return null;
    }
    Map<String, String> values = new LinkedHashMap<>();
    values.put("login", Sandbox.DEFAULT_ACCOUNTANT);
    values.put("nonce", "contrarian-" + UUID.randomUUID());
    values.put("paymentID", paymentId);
    values.put(
        "hash",
        V1Signature.hash(
            "getPayment",
            Sandbox.DEFAULT_ACCOUNTANT,
            Sandbox.DEFAULT_PASSWORD,
            values.get("nonce"),
            values));
    try {
      String body =
          java.net.http.HttpClient.newHttpClient()
              .send(
                  java.net.http.HttpRequest.newBuilder(
                          java.net.URI.create(
                              upstream + "/api/v1/getPayment?" + Faults.encode(values)))
                      .build(),
                  java.net.http.HttpResponse.BodyHandlers.ofString())
              .body();
      JsonNode amount = MutatingProxy.JSON.readTree(body).path("Payment").path("Amount");
      return amount.isNumber() ? amount.decimalValue().toPlainString() : null;
    } catch (IOException | InterruptedException e) {
      return null;
    }
  }
}
