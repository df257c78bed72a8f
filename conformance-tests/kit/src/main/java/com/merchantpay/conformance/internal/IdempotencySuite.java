package com.merchantpay.conformance.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;

/** The Idempotency-Key of creating calls: a retry never creates a second resource, a conflicting reuse is refused. */
final class IdempotencySuite {
  private static final String SUITE = "idempotency";
  private static final Rule REPLAY = Rule.v2Decision("Idempotency",
      "a repeat with the same key and an identical body returns the response of the first call");
  private static final int CONCURRENT = 32;

  private IdempotencySuite() {}

  /** A creating operation and how to make a valid body for it. */
  private record Creation(String operationId, String path, Function<CheckContext, ObjectNode> body) {}

  private static final List<Creation> CREATIONS = List.of(
      new Creation("createInvoice", "/api/v2/invoices", c -> {
        ObjectNode body = Json.object();
        body.put("merchantId", c.target().merchantId());
        body.set("amount", c.amount("10"));
        body.putObject("invoice").put("orderNo", c.run().unique("kit-order"));
        return body;
      }),
      new Creation("createPayment", "/api/v2/payments", c -> new Fixtures(c).approvedPayment("10", false)),
      new Creation("createRefund", "/api/v2/refunds", c -> {
        Fixtures f = new Fixtures(c);
        return f.refund(f.settledPayment("10").path("id").asText(), "3");
      }),
      new Creation("startTokenization", "/api/v2/tokenization", c -> {
        ObjectNode body = Json.object();
        body.put("merchantId", c.target().merchantId());
        body.put("type", "cof");
        body.put("purpose", c.run().unique("kit-purpose"));
        return body;
      }),
      new Creation("createPaymentToken", "/api/v2/paymenttokens",
          c -> new Fixtures(c).tokenRequest(new Fixtures(c).approvedCard().pan(), null)),
      new Creation("createReceipt", "/api/v2/receipts", c -> {
        Fixtures f = new Fixtures(c);
        return f.receipt(f.settledPayment("10").path("id").asText(), "10");
      }),
      new Creation("createSticker", "/api/v2/stickers", c -> new Fixtures(c).sticker(false, null, null)));

  static List<Check> checks() {
    List<Check> checks = new ArrayList<>();
    for (Creation creation : CREATIONS) {
      checks.add(Check.of(SUITE, "replay-returns-the-first-answer." + creation.operationId(),
          "Repeating " + creation.operationId() + " with the same key and body answers as the first time", REPLAY,
          List.of(), c -> {
            ObjectNode body = creation.body().apply(c);
            String key = UUID.randomUUID().toString();
            Exchange first = c.v2().post(creation.path(), body, key);
            JsonNode created = c.ok(first);
            Exchange again = c.v2().post(creation.path(), body, key);
            c.status(again, first.status());
            c.expect(Json.sameValue(created, again.json()), "the body of the first answer: " + first.summary(),
                again::summary, again);
          }));
    }
    checks.add(Check.of(SUITE, "replayed-payment-is-made-once",
        "A payment repeated with its key exists once in the list, whatever its retries",
        Rule.v2("Endpoints, rule 2", "creating POST requests carry an Idempotency-Key"), List.of(), c -> {
          ObjectNode body = new Fixtures(c).approvedPayment("10", false);
          String key = UUID.randomUUID().toString();
          JsonNode payment = c.ok(c.v2().post("/api/v2/payments", body, key));
          c.ok(c.v2().post("/api/v2/payments", body, key));
          c.ok(c.v2().post("/api/v2/payments", body, key));
          expectOnePayment(c, payment.path("created").asText(), body.path("invoice").path("orderNo").asText());
        }));
    checks.add(Check.of(SUITE, "same-key-with-another-body-is-a-violation",
        "The same key with another body is idempotency_key_violation and creates nothing",
        Rule.v2("Endpoints, rule 2", "a conflicting reuse of the key yields idempotency_key_violation"), List.of(),
        c -> {
          Fixtures f = new Fixtures(c);
          ObjectNode body = f.approvedPayment("10", false);
          String key = UUID.randomUUID().toString();
          JsonNode payment = c.ok(c.v2().post("/api/v2/payments", body, key));
          ObjectNode other = body.deepCopy();
          other.set("amount", c.amount("11"));
          c.errorCode(c.v2().post("/api/v2/payments", other, key), "idempotency_key_violation");
          expectOnePayment(c, payment.path("created").asText(), body.path("invoice").path("orderNo").asText());
        }));
    checks.add(Check.of(SUITE, "conflicting-reuse-is-422", "A key reused with another body is HTTP 422",
        Rule.v2Decision("Idempotency", "the same key with a different body fails with idempotency_key_violation, 422"),
        List.of(), c -> {
          ObjectNode body = new Fixtures(c).approvedPayment("10", false);
          String key = UUID.randomUUID().toString();
          c.ok(c.v2().post("/api/v2/payments", body, key));
          ObjectNode other = body.deepCopy();
          other.put("testMode", false);
          c.error(c.v2().post("/api/v2/payments", other, key), 422, "idempotency_key_violation");
        }));
    checks.add(Check.of(SUITE, "concurrent-creates-with-one-key-make-one-payment",
        CONCURRENT + " simultaneous creates with one key make one payment; the others get it or an in-flight refusal",
        Rule.v2Decision("Idempotency", "a repeat while the first call runs fails with idempotency_key_violation (409)"),
        List.of("concurrency"), c -> {
          ObjectNode body = new Fixtures(c).approvedPayment("10", false);
          String key = UUID.randomUUID().toString();
          ExecutorService pool = Executors.newFixedThreadPool(CONCURRENT);
          List<Exchange> answers = new ArrayList<>();
          try {
            List<Callable<Exchange>> calls = new ArrayList<>();
            for (int i = 0; i < CONCURRENT; i++) {
              calls.add(() -> c.v2().post("/api/v2/payments", body, key));
            }
            for (Future<Exchange> answer : pool.invokeAll(calls)) {
              answers.add(answer.get());
            }
          } finally {
            pool.shutdownNow();
          }
          Set<String> ids = new HashSet<>();
          String created = null;
          for (Exchange answer : answers) {
            if (answer.status() == 200) {
              ids.add(answer.json().path("id").asText());
              created = answer.json().path("created").asText();
            } else {
              c.error(answer, 409, "idempotency_key_violation");
            }
          }
          Exchange any = answers.get(0);
          c.expect(ids.size() == 1, "every 200 answer naming the same single payment", () -> "payments " + ids, any);
          expectOnePayment(c, created, body.path("invoice").path("orderNo").asText());
        }));
    checks.add(Check.of(SUITE, "a-missing-key-is-named", "A creating call without Idempotency-Key is "
        + "validation_error naming it", Rule.v2Decision("IdempotencyKey", "the header is required on creating calls"),
        List.of("negative"), c -> c.validationErrorNaming(c.v2().post("/api/v2/payments",
            new Fixtures(c).approvedPayment("10", false), null), "Idempotency-Key")));
    checks.add(Check.of(SUITE, "a-refused-request-frees-its-key",
        "A key whose first request was refused as invalid can be used for the corrected request",
        Rule.v2Decision("Idempotency", "answers kept for replay are those of calls that were processed"), List.of(),
        c -> {
          ObjectNode body = new Fixtures(c).approvedPayment("10", false);
          ObjectNode broken = body.deepCopy();
          broken.remove("amount");
          String key = UUID.randomUUID().toString();
          c.status(c.v2().post("/api/v2/payments", broken, key), 400);
          c.ok(c.v2().post("/api/v2/payments", body, key));
        }));
    return checks;
  }

  /** Exactly one payment of the list carries this order number. */
  private static void expectOnePayment(CheckContext c, String created, String orderNo) {
    List<JsonNode> items = Pages.all(c, "/api/v2/payments?merchantId=" + Fixtures.encode(c.target().merchantId())
        + "&" + Fixtures.period(created));
    long count = items.stream().filter(i -> orderNo.equals(i.path("invoice").path("orderNo").asText())).count();
    c.expect(count == 1, "one payment with order number " + orderNo, () -> count + " payments with it", null);
  }
}
