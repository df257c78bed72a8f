package com.merchantpay.conformance.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.merchantpay.sandbox.Sandbox;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiPredicate;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * More ways an implementation breaks a rule the documents state, one (at least) for each check the
 * kit gained when it began to judge by the documents. Written from the documents' rules, like
 * {@link Faults}.
 */
final class Breakages {
  private Breakages() {}

  // ---------------------------------------------------------------- helpers

  private static MutatingProxy.Answer validationError(String error) {
    ObjectNode body =
        MutatingProxy.JSON
            .createObjectNode()
            .put("code", "validation_error")
            .put("message", "The request did not pass validation.");
    body.putArray("errors").add(error);
    return MutatingProxy.Answer.json(400, body);
  }

  /**
   * Refuses v2 requests of this method and path whose JSON body matches, as a service that does not
   * take a member.
   */
  private static MutatingProxy.Fault refuses(
      String method, String pathPattern, Predicate<JsonNode> body, String error) {
    return new MutatingProxy.Fault() {
      @Override
      public void request(MutatingProxy.Call call) {
        JsonNode sent = call.json();
        if (call.method.equals(method)
            && call.path().matches(pathPattern)
            && sent != null
            && body.test(sent)) {
          call.reply = validationError(error);
        }
      }
    };
  }

  /** Edits the JSON body of v2 requests of this method and path before the sandbox sees them. */
  private static MutatingProxy.Fault rewrites(
      String method, String pathPattern, Consumer<ObjectNode> edit) {
    return new MutatingProxy.Fault() {
      @Override
      public void request(MutatingProxy.Call call) {
        if (call.method.equals(method)
            && call.path().matches(pathPattern)
            && call.json() instanceof ObjectNode body) {
          edit.accept(body);
          call.json(body);
        }
      }
    };
  }

  private static MutatingProxy.Answer v1Code(int code) {
    return MutatingProxy.Answer.json(
        200, MutatingProxy.JSON.createObjectNode().put("ErrorCode", code));
  }

  /**
   * Answers v1 calls the predicate picks (operation, values) with this ErrorCode, without passing
   * them on.
   */
  private static MutatingProxy.Fault v1Refuses(
      BiPredicate<String, Map<String, String>> which, int code) {
    return new MutatingProxy.Fault() {
      @Override
      public void request(MutatingProxy.Call call) {
        if (!call.path().startsWith("/api/v1/")) {
          return;
        }
        String raw =
            call.method.equals("POST")
                ? call.text()
                : call.pathAndQuery.contains("?")
                    ? call.pathAndQuery.substring(call.pathAndQuery.indexOf('?') + 1)
                    : "";
        if (which.test(call.path().substring("/api/v1/".length()), Faults.parse(raw))) {
          call.reply = v1Code(code);
        }
      }
    };
  }

  // ---------------------------------------------------------------- replacing breakages that are
  // now readings

  static MutatingProxy.Fault notFoundAsHtml() {
    return new MutatingProxy.Fault() {
      @Override
      public void answer(MutatingProxy.Call call, MutatingProxy.Answer answer) {
        if (call.path().startsWith("/api/v2/") && answer.status == 404) {
          answer.headers.put("Content-Type", "text/html");
          answer.body = "<html><body>Not Found</body></html>".getBytes(StandardCharsets.UTF_8);
        }
      }
    };
  }

  static MutatingProxy.Fault refundsBeyondTheMoneyAccepted() {
    return new MutatingProxy.Fault() {
      @Override
      public void answer(MutatingProxy.Call call, MutatingProxy.Answer answer) {
        JsonNode refused = call.path().equals("/api/v2/refunds") ? answer.json() : null;
        if (refused != null
            && answer.status == 400
            && refused.path("errors").toString().contains("refundable")) {
          JsonNode sent = call.json();
          ObjectNode refund =
              MutatingProxy.JSON
                  .createObjectNode()
                  .put("id", "20999999")
                  .put("created", "2030-01-01T00:00:00Z")
                  .put("paymentId", sent.path("paymentId").asText())
                  .put("status", "Pending");
          refund.set("amount", sent.path("amount"));
          answer.status = 200;
          answer.json(refund);
        }
      }
    };
  }

  static MutatingProxy.Fault notificationsNeverSent() {
    return new MutatingProxy.Fault() {
      @Override
      public Integer notification(MutatingProxy.Call call) {
        return 200;
      }
    };
  }

  // ---------------------------------------------------------------- every documented request
  // member

  static MutatingProxy.Fault invoiceDescriptionDropped() {
    return Faults.v2Answers(
        json ->
            Faults.objects(
                json,
                o -> {
                  if (o.path("invoice").isObject()) {
                    ((ObjectNode) o.path("invoice")).remove("description");
                  }
                }));
  }

  static MutatingProxy.Fault paymentReceiptRefused() {
    return refuses(
        "POST",
        "/api/v2/payments",
        body -> body.has("receipt"),
        "receipt: not allowed in a payment");
  }

  static MutatingProxy.Fault captureReceiptRefused() {
    return refuses(
        "PUT",
        "/api/v2/payments/[^/]+/confirm",
        body -> body.has("receipt"),
        "receipt: not allowed in a capture");
  }

  static MutatingProxy.Fault refundReceiptRefused() {
    return refuses(
        "POST", "/api/v2/refunds", body -> body.has("receipt"), "receipt: not allowed in a refund");
  }

  static MutatingProxy.Fault receiptSupplierRefused() {
    return refuses(
        "POST",
        "/api/v2/receipts",
        body -> body.toString().contains("\"supplier\""),
        "items[0].supplier: unknown member");
  }

  static MutatingProxy.Fault tokenDeviceRefused() {
    return refuses(
        "POST", "/api/v2/paymenttokens", body -> body.has("device"), "device: unknown member");
  }

  static MutatingProxy.Fault tokenizationCustomerRefused() {
    return refuses(
        "POST", "/api/v2/tokenization", body -> body.has("customer"), "customer: unknown member");
  }

  static MutatingProxy.Fault stickerDescriptionChanged() {
    return Faults.v2Answers(
        json ->
            Faults.objects(
                json,
                o -> {
                  if (o.has("stickerType") && o.has("description")) {
                    o.put("description", "Sticker");
                  }
                }));
  }

  static MutatingProxy.Fault paymentMethodRefused(String member) {
    return refuses(
        "POST",
        "/api/v2/payments",
        body -> body.path("paymentData").has(member),
        "paymentData." + member + ": this method is not offered");
  }

  static MutatingProxy.Fault fifteenIntegerDigitsRefused() {
    return refuses(
        "POST",
        "/api/v2/payments",
        body ->
            body.path("amount").path("value").isNumber()
                && body.path("amount")
                        .path("value")
                        .decimalValue()
                        .compareTo(new BigDecimal("1000000000"))
                    > 0,
        "amount.value: at most 1000000000");
  }

  // ---------------------------------------------------------------- lifecycles and money

  static MutatingProxy.Fault dualModeDefaultsToHeld() {
    return rewrites(
        "POST",
        "/api/v2/payments",
        body -> {
          if (!body.has("dualMode")) {
            body.put("dualMode", true);
          }
        });
  }

  /** A payment made without testMode is a test payment; one asked as live with false is live. */
  static MutatingProxy.Fault testModeDefaultsToTrue() {
    return rewrites(
        "POST",
        "/api/v2/payments",
        body -> {
          if (!body.has("testMode")) {
            body.put("testMode", true);
          }
        });
  }

  static MutatingProxy.Fault testModeAlwaysFalse() {
    return Faults.testModeShown(false);
  }

  /** A capture is acknowledged and never done: the money stays held. */
  static MutatingProxy.Fault captureAcknowledgedButNotDone() {
    return new MutatingProxy.Fault() {
      @Override
      public void request(MutatingProxy.Call call) {
        if (call.method.equals("PUT") && call.path().matches("/api/v2/payments/[^/]+/confirm")) {
          call.reply = new MutatingProxy.Answer();
          call.reply.status = 200;
        }
      }
    };
  }

  /**
   * A cancel releases the hold, yet a capture after it is acknowledged: the service takes money it
   * said it let go.
   */
  static MutatingProxy.Fault captureAfterCancelAcknowledged() {
    Set<String> cancelled = ConcurrentHashMap.newKeySet();
    return new MutatingProxy.Fault() {
      @Override
      public void request(MutatingProxy.Call call) {
        String path = call.path();
        if (call.method.equals("PUT") && path.matches("/api/v2/payments/[^/]+/confirm")) {
          String id = path.split("/")[4];
          if (cancelled.contains(id)) {
            call.reply = new MutatingProxy.Answer();
            call.reply.status = 200;
          }
        }
      }

      @Override
      public void answer(MutatingProxy.Call call, MutatingProxy.Answer answer) {
        String path = call.path();
        if (call.method.equals("PUT")
            && path.matches("/api/v2/payments/[^/]+/cancel")
            && answer.status == 200) {
          cancelled.add(path.split("/")[4]);
        }
      }
    };
  }

  static MutatingProxy.Fault tokenizationForgotten() {
    return Faults.v2Answers(json -> Faults.objects(json, o -> o.remove("paymentToken")));
  }

  static MutatingProxy.Fault fullCardNumberInTitle() {
    return new MutatingProxy.Fault() {
      @Override
      public void answer(MutatingProxy.Call call, MutatingProxy.Answer answer) {
        if (answer.body.length > 0) {
          answer.body =
              new String(answer.body, StandardCharsets.UTF_8)
                  .replace("411111******1111", "4111111111111111")
                  .getBytes(StandardCharsets.UTF_8);
        }
      }
    };
  }

  static MutatingProxy.Fault cardNumberInNotifications() {
    return new MutatingProxy.Fault() {
      @Override
      public Integer notification(MutatingProxy.Call call) {
        call.body =
            new String(call.body, StandardCharsets.UTF_8)
                .replace("411111******1111", "4111111111111111")
                .getBytes(StandardCharsets.UTF_8);
        return null;
      }
    };
  }

  static MutatingProxy.Fault zeroAmountsTaken() {
    Consumer<ObjectNode> lift =
        body -> {
          JsonNode value = body.path("amount").path("value");
          if (value.isNumber() && value.decimalValue().signum() <= 0) {
            ((ObjectNode) body.path("amount")).put("value", 1);
          }
        };
    MutatingProxy.Fault payments = rewrites("POST", "/api/v2/payments", lift);
    MutatingProxy.Fault captures = rewrites("PUT", "/api/v2/payments/[^/]+/confirm", lift);
    MutatingProxy.Fault refunds = rewrites("POST", "/api/v2/refunds", lift);
    return new MutatingProxy.Fault() {
      @Override
      public void request(MutatingProxy.Call call) {
        payments.request(call);
        captures.request(call);
        refunds.request(call);
      }
    };
  }

  static MutatingProxy.Fault currencyIgnored() {
    Consumer<ObjectNode> rub =
        body -> {
          if (body.path("amount").isObject()) {
            ((ObjectNode) body.path("amount")).put("currency", "RUB");
          }
        };
    MutatingProxy.Fault captures = rewrites("PUT", "/api/v2/payments/[^/]+/confirm", rub);
    MutatingProxy.Fault refunds = rewrites("POST", "/api/v2/refunds", rub);
    return new MutatingProxy.Fault() {
      @Override
      public void request(MutatingProxy.Call call) {
        captures.request(call);
        refunds.request(call);
      }
    };
  }

  static MutatingProxy.Fault expiredInvoicesCancelled() {
    return Faults.v2Answers(
        json ->
            Faults.objects(
                json,
                o -> {
                  if ("PaymentExpired".equals(o.path("resultCode").asText())) {
                    o.put("status", "Cancelled");
                  }
                }));
  }

  /** A request naming another merchant is served as the token's own merchant. */
  static MutatingProxy.Fault foreignMerchantServed() {
    return new MutatingProxy.Fault() {
      @Override
      public void request(MutatingProxy.Call call) {
        if (call.pathAndQuery.contains("merchantId=sandbox-other-merchant")) {
          call.pathAndQuery =
              call.pathAndQuery.replace(
                  "merchantId=sandbox-other-merchant", "merchantId=" + Sandbox.DEFAULT_MERCHANT);
        }
        if (call.method.equals("POST")
            && call.json() instanceof ObjectNode body
            && "sandbox-other-merchant".equals(body.path("merchantId").asText())
            && ("Bearer " + Sandbox.DEFAULT_TOKEN).equals(call.header("Authorization"))) {
          body.put("merchantId", Sandbox.DEFAULT_MERCHANT);
          call.json(body);
        }
      }
    };
  }

  /** Invoices: a key reused with another body gets a fresh key, so the second invoice is made. */
  static MutatingProxy.Fault invoiceKeysNotKept() {
    Map<String, String> bodies = new ConcurrentHashMap<>();
    return new MutatingProxy.Fault() {
      @Override
      public void request(MutatingProxy.Call call) {
        String key = call.header("Idempotency-Key");
        if (key != null && call.path().equals("/api/v2/invoices")) {
          String before = bodies.putIfAbsent(key, call.text());
          if (before != null && !before.equals(call.text())) {
            call.header("Idempotency-Key", UUID.randomUUID().toString());
          }
        }
      }
    };
  }

  static MutatingProxy.Fault periodIgnored() {
    return new MutatingProxy.Fault() {
      @Override
      public void request(MutatingProxy.Call call) {
        if (call.method.equals("GET") && call.path().equals("/api/v2/payments")) {
          call.pathAndQuery =
              call.pathAndQuery
                  .replaceAll("[&?](start|end)=[^&]*", "")
                  .replaceFirst("/api/v2/payments&", "/api/v2/payments?");
        }
      }
    };
  }

  static MutatingProxy.Fault tokenizationNotificationsLost() {
    return new MutatingProxy.Fault() {
      @Override
      public Integer notification(MutatingProxy.Call call) {
        return call.pathAndQuery.contains("tokenization") ? 200 : null;
      }
    };
  }

  static MutatingProxy.Fault unknownIdentifiersServed() {
    return new MutatingProxy.Fault() {
      @Override
      public void answer(MutatingProxy.Call call, MutatingProxy.Answer answer) {
        if (call.path().startsWith("/api/v2/") && answer.status == 404) {
          answer.status = 200;
          answer.json(
              MutatingProxy.JSON.createObjectNode().put("id", "anything").put("status", "Settled"));
        }
      }
    };
  }

  // ---------------------------------------------------------------- v1

  /** A server that signs periodFrom and periodTo in the other order than the document lists. */
  static MutatingProxy.Fault v1PeriodsHashedSwapped() {
    return Faults.v1Resigned(
        (operation, values) -> {
          String from = values.getOrDefault("periodFrom", "");
          String to = values.getOrDefault("periodTo", "");
          if (!from.equals(to) && values.containsKey("hash")) {
            values.put("hash", "bm90LXRoZS1zYW1lLW9yZGVy");
          }
          return false;
        });
  }

  /**
   * A server that hashes the joined text in a single-byte charset: every value outside ASCII fails.
   */
  static MutatingProxy.Fault v1NotHashedAsUtf8() {
    return Faults.v1Resigned(
        (operation, values) -> {
          if (values.values().stream().anyMatch(v -> v.chars().anyMatch(ch -> ch > 127))) {
            values.put("hash", "bm90LXV0Zi04");
          }
          return false;
        });
  }

  /** A server that reads the query without decoding it, so a hash with '+' or '/' never matches. */
  static MutatingProxy.Fault v1HashNotDecoded() {
    return new MutatingProxy.Fault() {
      @Override
      public void request(MutatingProxy.Call call) {
        if (call.path().startsWith("/api/v1/")
            && call.method.equals("GET")
            && call.pathAndQuery.matches(".*[?&]hash=[^&]*(%2B|%2F)[^&]*(%2B|%2F).*")) {
          call.reply = v1Code(-7);
        }
      }
    };
  }

  static MutatingProxy.Fault v1LoginOptional() {
    return Faults.v1Resigned(
        (operation, values) -> {
          if (!values.containsKey("login")) {
            values.put("login", Sandbox.DEFAULT_ACCOUNTANT);
            return true;
          }
          return false;
        });
  }

  /** A server that takes a call without a nonce, making one up for it. */
  static MutatingProxy.Fault v1NonceOptional() {
    return Faults.v1Resigned(
        (operation, values) -> {
          if (!values.containsKey("nonce")) {
            values.put("nonce", "made-up-" + java.util.UUID.randomUUID());
            return true;
          }
          return false;
        });
  }

  static MutatingProxy.Fault v1LongNoncesRefused() {
    return v1Refuses((operation, values) -> values.getOrDefault("nonce", "").length() > 64, -14);
  }

  static MutatingProxy.Fault v1CashierCannotRead() {
    return v1Refuses(
        (operation, values) ->
            Sandbox.DEFAULT_CASHIER.equals(values.get("login"))
                && operation.equals("getPaymentByInvoiceID"),
        -6);
  }

  static MutatingProxy.Fault v1CashierActsAsAccountant() {
    return Faults.v1Resigned(
        (operation, values) -> {
          if (Sandbox.DEFAULT_CASHIER.equals(values.get("login"))
              && Set.of("listRefunds", "confirmPayment", "cancelPayment").contains(operation)) {
            values.put("login", Sandbox.DEFAULT_ACCOUNTANT);
            return true;
          }
          return false;
        });
  }

  static MutatingProxy.Fault v1TimestampsInUtcWithZ() {
    return Faults.v1Answers(
        (operation, envelope) ->
            Faults.objects(
                envelope,
                o -> {
                  if (o.path("LastUpdateTime").isTextual()) {
                    o.put("LastUpdateTime", o.path("LastUpdateTime").asText() + "Z");
                  }
                }));
  }

  static MutatingProxy.Fault v1OverflowAlwaysSet() {
    return Faults.v1Answers(
        (operation, envelope) -> {
          if (envelope.path("Response").has("Overflow")) {
            ((ObjectNode) envelope.path("Response")).put("Overflow", true);
          }
        });
  }

  static MutatingProxy.Fault v1RefundFiltersIgnored() {
    return Faults.v1Resigned(
        (operation, values) ->
            operation.equals("listRefunds") && values.remove("externalID") != null);
  }

  static MutatingProxy.Fault v1PeriodsIgnored() {
    return Faults.v1Resigned(
        (operation, values) ->
            Set.of("listPaymentsFilter", "listRefunds").contains(operation)
                && (values.remove("periodFrom") != null | values.remove("periodTo") != null));
  }

  static MutatingProxy.Fault v1CancelReasonRefused() {
    return v1Refuses(
        (operation, values) -> operation.equals("cancelPayment") && values.containsKey("error"),
        -1);
  }

  static MutatingProxy.Fault v1PaidAmountIsTheInvoiceAmount() {
    return Faults.v1Answers(
        (operation, envelope) -> {
          if (envelope.path("Payment").isObject()) {
            ((ObjectNode) envelope.path("Payment"))
                .set("PaymentAmount", envelope.path("Payment").path("Amount"));
          }
        });
  }

  static MutatingProxy.Fault v1UnknownInvoiceIsMinus1() {
    return Faults.v1Answers(
        (operation, envelope) -> {
          if (operation.equals("getPaymentByInvoiceID")
              && envelope.path("ErrorCode").asInt() == -13) {
            envelope.put("ErrorCode", -1);
          }
        });
  }

  static MutatingProxy.Fault v1RefundsOfNothingTaken() {
    return Faults.v1Resigned(
        (operation, values) -> {
          String amount = values.get("amount");
          if (operation.equals("refundPayment")
              && amount != null
              && new BigDecimal(amount).signum() <= 0) {
            values.put("amount", "1");
            return true;
          }
          return false;
        });
  }

  static MutatingProxy.Fault v1ShoppingCartRefused() {
    return v1Refuses(
        (operation, values) -> values.keySet().stream().anyMatch(k -> k.startsWith("shoppingcart")),
        -1);
  }

  static MutatingProxy.Fault v1DeclinesWithoutReason() {
    return Faults.v1Answers(
        (operation, envelope) -> {
          if ("CANCELLED".equals(envelope.path("Payment").path("State").asText())) {
            ((ObjectNode) envelope.path("Payment")).put("ErrorCode", 0);
          }
        });
  }

  // ---------------------------------------------------------------- members the documents list

  /** Edits the JSON answers of v2 calls of this method and path. */
  private static MutatingProxy.Fault answers(
      String method, String pathPattern, Consumer<ObjectNode> edit) {
    return new MutatingProxy.Fault() {
      @Override
      public void answer(MutatingProxy.Call call, MutatingProxy.Answer answer) {
        if (call.method.equals(method)
            && call.path().matches(pathPattern)
            && answer.json() instanceof ObjectNode body) {
          edit.accept(body);
          answer.json(body);
        }
      }
    };
  }

  /** The answer to a refund's creation without the resultCode the documents say it carries. */
  static MutatingProxy.Fault refundCreationWithoutResultCode() {
    return answers("POST", "/api/v2/refunds", refund -> refund.remove("resultCode"));
  }

  /** Refund list items without the paymentId the documents list for them. */
  static MutatingProxy.Fault refundListItemsWithoutPaymentId() {
    return answers(
        "GET",
        "/api/v2/refunds",
        page -> page.path("items").forEach(item -> ((ObjectNode) item).remove("paymentId")));
  }

  /** Finished payments without the finish date the documents list, in every view of them. */
  static MutatingProxy.Fault finishedPaymentsWithoutCompleted() {
    return Faults.v2Answers(json -> Faults.objects(json, o -> o.remove("completed")));
  }

  /**
   * A request the payment's state does not allow refused with not_authorized, as if the caller
   * lacked the rights, instead of a code whose meaning fits.
   */
  static MutatingProxy.Fault wrongStateAsNotAuthorized() {
    return new MutatingProxy.Fault() {
      @Override
      public void answer(MutatingProxy.Call call, MutatingProxy.Answer answer) {
        JsonNode json = Faults.isV2Json(call, answer) ? answer.json() : null;
        if (json != null
            && answer.status == 409
            && "invalid_operation".equals(json.path("code").asText())) {
          answer.status = 403;
          answer.json(
              MutatingProxy.JSON
                  .createObjectNode()
                  .put("code", "not_authorized")
                  .put("message", "Not allowed now."));
        }
      }
    };
  }

  /** listPaymentsFilter that ignores siteAlias and lists the merchant's payments for any site. */
  static MutatingProxy.Fault v1SiteAliasIgnored() {
    return Faults.v1Resigned(
        (operation, values) -> {
          String site = values.get("siteAlias");
          if (operation.equalsIgnoreCase("listPaymentsFilter")
              && site != null
              && site.startsWith("kit-other-site")) {
            values.remove("siteAlias");
            return true;
          }
          return false;
        });
  }

  /** v1 payments whose CurrencyCode is no ISO 4217 code. */
  static MutatingProxy.Fault v1CurrencyNotIso() {
    return Faults.v1Answers(
        (operation, envelope) -> {
          if (envelope.path("Payment").isObject()) {
            ((ObjectNode) envelope.path("Payment")).put("CurrencyCode", "rubles");
          }
        });
  }

  /** An invoice whose customer phone is no E.164 number at all accepted. */
  static MutatingProxy.Fault invoicePhoneOfLettersAccepted() {
    return rewrites(
        "POST",
        "/api/v2/invoices",
        body -> {
          JsonNode phone = body.path("customer").path("phone");
          if (phone.isTextual() && !phone.asText().matches("[0-9]+")) {
            ((ObjectNode) body.path("customer")).put("phone", "79161234567");
          }
        });
  }

  /** The refund list's period ignored: every refund of the merchant, whatever its creation. */
  static MutatingProxy.Fault refundPeriodIgnored() {
    return new MutatingProxy.Fault() {
      @Override
      public void request(MutatingProxy.Call call) {
        if (call.method.equals("GET") && call.path().equals("/api/v2/refunds")) {
          call.pathAndQuery =
              call.pathAndQuery
                  .replaceAll("[&?](start|end)=[^&]*", "")
                  .replaceFirst("/api/v2/refunds&", "/api/v2/refunds?");
        }
      }
    };
  }

  /** Payment notifications naming another merchant than the payment's. */
  static MutatingProxy.Fault notificationsOfAnotherMerchant() {
    return new MutatingProxy.Fault() {
      @Override
      public Integer notification(MutatingProxy.Call call) {
        try {
          JsonNode body = MutatingProxy.JSON.readTree(call.body);
          if (body instanceof ObjectNode payment && payment.has("merchantId")) {
            payment.put("merchantId", "someone-else");
            call.body = MutatingProxy.JSON.writeValueAsBytes(payment);
          }
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
        return null;
      }
    };
  }

  /** A registered receipt whose fiscal data is an empty object. */
  static MutatingProxy.Fault emptyFiscalData() {
    return Faults.v2Answers(
        json ->
            Faults.objects(
                json,
                o -> {
                  if (o.has("fiscalData")) {
                    o.putObject("fiscalData");
                  }
                }));
  }
}
