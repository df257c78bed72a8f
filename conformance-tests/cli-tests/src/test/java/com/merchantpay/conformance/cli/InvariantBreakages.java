package com.merchantpay.conformance.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.merchantpay.sandbox.Sandbox;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Breakages no single check's own answers show: each departs from what the documents state over a
 * whole run (which merchant is shown what, whether views of one resource agree, where members
 * stand, what a refusal leaves behind, how numbers are written), for the invariants to catch.
 */
final class InvariantBreakages {
  private InvariantBreakages() {}

  private static final String MINE = "Bearer " + Sandbox.DEFAULT_TOKEN;
  private static final String THEIRS = "Bearer sandbox-other-token";

  /**
   * One Idempotency-Key for every merchant: a second merchant's key gets the first one's answer.
   */
  static MutatingProxy.Fault keysSharedAcrossMerchants() {
    Map<String, MutatingProxy.Answer> answers = new ConcurrentHashMap<>();
    Map<String, String> callers = new ConcurrentHashMap<>();
    return new MutatingProxy.Fault() {
      @Override
      public void request(MutatingProxy.Call call) {
        String key = call.header("Idempotency-Key");
        String caller = call.header("Authorization");
        if (creation(call)
            && key != null
            && caller != null
            && answers.containsKey(key)
            && !caller.equals(callers.get(key))) {
          call.reply = copy(answers.get(key));
        }
      }

      @Override
      public void answer(MutatingProxy.Call call, MutatingProxy.Answer answer) {
        String key = call.header("Idempotency-Key");
        if (creation(call) && key != null && call.reply == null && answer.status / 100 == 2) {
          answers.putIfAbsent(key, copy(answer));
          callers.putIfAbsent(key, String.valueOf(call.header("Authorization")));
        }
      }
    };
  }

  /** The answer as it is now: faults that come later change their own answer, not this one. */
  private static MutatingProxy.Answer copy(MutatingProxy.Answer answer) {
    MutatingProxy.Answer copy = new MutatingProxy.Answer();
    copy.status = answer.status;
    copy.headers.putAll(answer.headers);
    copy.body = answer.body.clone();
    return copy;
  }

  private static boolean creation(MutatingProxy.Call call) {
    return call.method.equals("POST") && call.path().equals("/api/v2/payments");
  }

  /** The second merchant's lists show the first merchant's latest payment, refund and sticker. */
  static MutatingProxy.Fault listsShowAnotherMerchantsResources() {
    Map<String, JsonNode> latest = new ConcurrentHashMap<>();
    return new MutatingProxy.Fault() {
      @Override
      public void answer(MutatingProxy.Call call, MutatingProxy.Answer answer) {
        JsonNode json = Faults.isV2Json(call, answer) ? answer.json() : null;
        if (json == null || answer.status / 100 != 2) {
          return;
        }
        String list = call.path();
        if (call.method.equals("POST") && MINE.equals(call.header("Authorization"))) {
          latest.put(list, json);
        } else if (call.method.equals("GET")
            && THEIRS.equals(call.header("Authorization"))
            && latest.containsKey(list)
            && json.path("items") instanceof ArrayNode items) {
          items.add(latest.get(list).deepCopy());
          answer.json(json);
        }
      }
    };
  }

  /** v1 shows every payment as a live one, whatever v2 shows. */
  static MutatingProxy.Fault v1TestFlagOff() {
    return v1Payments(payment -> payment.put("IsTestPayment", false));
  }

  /** v1 writes a completed payment's LastUpdateTime seven seconds before it was completed. */
  static MutatingProxy.Fault v1LastUpdateBeforeCompletion() {
    return v1Payments(
        payment -> {
          if ("COMPLETE".equals(payment.path("State").asText())) {
            try {
              LocalDateTime written = LocalDateTime.parse(payment.path("LastUpdateTime").asText());
              payment.put("LastUpdateTime", written.minusSeconds(7).toString());
            } catch (RuntimeException e) {
              // not a time: left as it is
            }
          }
        });
  }

  /** v1 shows a declined or cancelled payment as completed. */
  static MutatingProxy.Fault v1UnsuccessfulShownComplete() {
    return v1Payments(
        payment -> {
          if ("CANCELLED".equals(payment.path("State").asText())) {
            payment.put("State", "COMPLETE");
          }
        });
  }

  private static MutatingProxy.Fault v1Payments(java.util.function.Consumer<ObjectNode> edit) {
    return Faults.v1Answers(
        (operation, envelope) -> {
          if (envelope.path("Payment") instanceof ObjectNode payment) {
            edit.accept(payment);
          }
          envelope.path("Response").path("Payments").forEach(p -> edit.accept((ObjectNode) p));
        });
  }

  /** Payment list items say each payment was made three seconds later than its reads say. */
  static MutatingProxy.Fault listItemsMadeLater() {
    return Faults.v2Json(
        (call, answer, json) -> {
          if (call.method.equals("GET")
              && call.path().equals("/api/v2/payments")
              && json.path("items") instanceof ArrayNode items) {
            items.forEach(item -> later((ObjectNode) item));
            answer.json(json);
          }
        });
  }

  /** Notifications say each payment was made three seconds later than its reads say. */
  static MutatingProxy.Fault notificationsMadeLater() {
    return new MutatingProxy.Fault() {
      @Override
      public Integer notification(MutatingProxy.Call call) {
        if (call.json() instanceof ObjectNode payment && payment.has("merchantId")) {
          later(payment);
          call.json(payment);
        }
        return null;
      }
    };
  }

  private static void later(ObjectNode resource) {
    try {
      resource.put(
          "created", Instant.parse(resource.path("created").asText()).plusSeconds(3).toString());
    } catch (RuntimeException e) {
      // no time: left as it is
    }
  }

  /** A sticker's answers echo the callbackUrl its request gave. */
  static MutatingProxy.Fault stickersEchoTheirCallbackUrl() {
    return Faults.v2Json(
        (call, answer, json) -> {
          if (call.path().startsWith("/api/v2/stickers")) {
            Faults.objects(
                json,
                o -> {
                  if (o.has("stickerType")) {
                    o.put("callbackUrl", "https://merchant.example.org/sticker-hook");
                  }
                });
            answer.json(json);
          }
        });
  }

  /** Refund list items carry their resultCode. */
  static MutatingProxy.Fault refundListItemsWithResultCode() {
    return Faults.v2Json(
        (call, answer, json) -> {
          if (call.method.equals("GET")
              && call.path().equals("/api/v2/refunds")
              && json.path("items") instanceof ArrayNode items) {
            items.forEach(item -> ((ObjectNode) item).put("resultCode", "Success"));
            answer.json(json);
          }
        });
  }

  /** A settled payment keeps the External confirmation it no longer needs. */
  static MutatingProxy.Fault settledPaymentsKeepAConfirmation() {
    return Faults.v2Answers(
        json ->
            Faults.objects(
                json,
                o -> {
                  if ("Settled".equals(o.path("status").asText()) && o.has("merchantId")) {
                    o.putObject("confirmation")
                        .put("type", "External")
                        .put("paymentUrl", "https://pay.example.org/done");
                  }
                }));
  }

  /** A payment's paymentToken comes without its title. */
  static MutatingProxy.Fault paymentTokensWithoutTitle() {
    return Faults.v2Answers(
        json ->
            Faults.objects(
                json,
                o -> {
                  if (o.path("paymentToken") instanceof ObjectNode token) {
                    token.remove("title");
                  }
                }));
  }

  /**
   * An invoice whose key was used for another invoice is refused as idempotency_key_violation, and
   * made all the same.
   */
  static MutatingProxy.Fault refusedInvoicesMadeAnyway() {
    Map<String, String> bodies = new ConcurrentHashMap<>();
    return new MutatingProxy.Fault() {
      @Override
      public void request(MutatingProxy.Call call) {
        String key = call.header("Idempotency-Key");
        if (!call.method.equals("POST") || !call.path().equals("/api/v2/invoices") || key == null) {
          return;
        }
        String body = call.text();
        String first = bodies.putIfAbsent(key, body);
        if (first != null && !first.equals(body)) {
          call.header("Idempotency-Key", UUID.randomUUID().toString());
          try {
            call.sendAgain();
          } catch (IOException | InterruptedException e) {
            throw new IllegalStateException(e);
          }
          ObjectNode refusal =
              MutatingProxy.JSON
                  .createObjectNode()
                  .put("code", "idempotency_key_violation")
                  .put("message", "The key was used for another request.");
          call.reply = MutatingProxy.Answer.json(422, refusal);
        }
      }
    };
  }

  /** Amounts written with six fraction digits: the same values, shown with more than four. */
  static MutatingProxy.Fault amountsWithSixFractionDigits() {
    return Faults.v2Answers(
        json ->
            Faults.objects(
                json,
                o -> {
                  if (o.path("value").isNumber() && o.has("currency")) {
                    BigDecimal value = o.path("value").decimalValue();
                    o.put("value", value.setScale(Math.max(6, value.scale())));
                  }
                }));
  }

  // ---------------------------------------------------------------- found by a team that wrote
  // breakages of another implementation without the kit's code; each class kept here

  /** A payment's paymentToken shows an expiry its token's own answers do not. */
  static MutatingProxy.Fault paymentTokensExpireOtherwise() {
    return Faults.v2Answers(
        json ->
            Faults.objects(
                json,
                o -> {
                  if (o.path("paymentToken") instanceof ObjectNode token && token.has("expires")) {
                    token.put("expires", "2030-12-01T00:00:00Z");
                  }
                }));
  }

  /** A token's notifications give it a title its answers do not. */
  static MutatingProxy.Fault tokenNotificationsTitledOtherwise() {
    return new MutatingProxy.Fault() {
      @Override
      public Integer notification(MutatingProxy.Call call) {
        if (call.json() instanceof ObjectNode token
            && !token.has("merchantId")
            && token.has("title")) {
          token.put("title", "411111******1111");
          call.json(token);
        }
        return null;
      }
    };
  }

  /** A sticker's list item gives its payment link without the link's query. */
  static MutatingProxy.Fault stickerListItemsCutTheirPayload() {
    return Faults.v2Json(
        (call, answer, json) -> {
          if (call.method.equals("GET")
              && call.path().equals("/api/v2/stickers")
              && json.path("items") instanceof ArrayNode items) {
            items.forEach(
                item -> {
                  String payload = item.path("payload").asText("");
                  ((ObjectNode) item).put("payload", payload.replaceFirst("[?#].*", "") + "#cut");
                });
            answer.json(json);
          }
        });
  }

  /** v1's refund list shows each refund's amount negated. */
  static MutatingProxy.Fault v1RefundListsNegateAmounts() {
    return Faults.v1Answers(
        (operation, envelope) ->
            envelope
                .path("Response")
                .path("Refunds")
                .forEach(
                    refund -> {
                      if (refund.path("Amount").isNumber()) {
                        ((ObjectNode) refund)
                            .put("Amount", refund.path("Amount").decimalValue().negate());
                      }
                    }));
  }

  /** A v1 refund over the payment is answered -18 and made all the same, of the whole payment. */
  static MutatingProxy.Fault v1RefusedRefundsMadeAnyway() {
    return new MutatingProxy.Fault() {
      @Override
      public void request(MutatingProxy.Call call) {
        if (!call.path().equals("/api/v1/refundPayment")) {
          return;
        }
        java.util.Map<String, String> values = Faults.parse(call.text());
        if (!"10.01".equals(values.get("amount"))) {
          return;
        }
        Faults.v1Resigned(v -> v.put("amount", "10.00")).request(call);
        try {
          call.sendAgain();
        } catch (IOException | InterruptedException e) {
          throw new IllegalStateException(e);
        }
        call.reply =
            MutatingProxy.Answer.json(
                200, MutatingProxy.JSON.createObjectNode().put("ErrorCode", -18));
      }
    };
  }

  /** A second merchant pays through the first one's sticker, as the first. */
  static MutatingProxy.Fault stickersPaidByAnyMerchant() {
    return new MutatingProxy.Fault() {
      @Override
      public void request(MutatingProxy.Call call) {
        if (call.method.equals("POST")
            && call.path().equals("/api/v2/payments")
            && THEIRS.equals(call.header("Authorization"))
            && call.json() instanceof ObjectNode body
            && body.path("paymentData").has("stickerId")) {
          body.put("merchantId", Sandbox.DEFAULT_MERCHANT);
          call.json(body);
          call.header("Authorization", MINE);
        }
      }
    };
  }

  /** v1's payment list by order number finds the other merchant's payments too. */
  static MutatingProxy.Fault v1ListsShowEveryMerchantsPayments() {
    Map<String, String> theirs = new ConcurrentHashMap<>();
    return new MutatingProxy.Fault() {
      @Override
      public void request(MutatingProxy.Call call) {
        if (call.method.equals("POST")
            && call.path().equals("/api/v2/payments")
            && THEIRS.equals(call.header("Authorization"))
            && call.json() instanceof ObjectNode body) {
          theirs.put(body.path("invoice").path("orderNo").asText(), body.toString());
        }
      }

      @Override
      public void answer(MutatingProxy.Call call, MutatingProxy.Answer answer) {
        if (!call.path().equals("/api/v1/listPaymentsFilter")) {
          return;
        }
        String orderNo =
            Faults.parse(call.pathAndQuery.replaceFirst("^[^?]*\\??", "")).get("invoiceID");
        if (orderNo != null
            && theirs.containsKey(orderNo)
            && answer.json() instanceof ObjectNode envelope
            && envelope.path("Response").path("Payments") instanceof ArrayNode payments) {
          payments
              .addObject()
              .put("PaymentID", 987654)
              .put("SiteInvoiceID", orderNo)
              .put("SiteID", 7742)
              .put("CurrencyCode", "RUB")
              .put("Amount", 10)
              .put("State", "COMPLETE")
              .put("IsTestPayment", true);
          answer.json(envelope);
        }
      }
    };
  }

  /** Payment notifications leave out the invoice's params. */
  static MutatingProxy.Fault notificationsWithoutInvoiceParams() {
    return new MutatingProxy.Fault() {
      @Override
      public Integer notification(MutatingProxy.Call call) {
        if (call.json() instanceof ObjectNode payment
            && payment.path("invoice") instanceof ObjectNode invoice
            && invoice.remove("params") != null) {
          call.json(payment);
        }
        return null;
      }
    };
  }

  /** v1's refund list leaves out refunds of the periodTo day itself. */
  static MutatingProxy.Fault v1RefundPeriodsEndExclusive() {
    return Faults.v1Resigned(
        (operation, values) -> {
          if (!operation.equals("listRefunds")
              || values.get("periodTo") == null
              || values.get("periodTo").isEmpty()) {
            return false;
          }
          values.put(
              "periodTo",
              java.time.LocalDate.parse(values.get("periodTo")).minusDays(1).toString());
          return true;
        });
  }
}
