package com.merchantpay.conformance.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.merchantpay.conformance.judge.Schemas;
import com.merchantpay.conformance.judge.SpecModel;
import com.merchantpay.conformance.target.OpenPoint;
import com.merchantpay.spec.ApiSpec;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.responses.ApiResponse;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;

/**
 * The Idempotency-Key of creating calls: a repeat never creates a second resource, a conflicting
 * reuse is refused. What a repeat is answered with (the first answer, the resource as it is now, or
 * a refusal) is an open point; replays are compared on the members the documents define, so a
 * member that differs per answer (a trace id, say) does not count.
 */
final class IdempotencySuite {
  private static final String SUITE = "idempotency";
  private static final int CONCURRENT = 32;

  private IdempotencySuite() {}

  /**
   * A creating operation, how to make a valid body for it, and the member that names what it
   * created.
   */
  private record Creation(
      String operationId, String idMember, Function<CheckContext, ObjectNode> body) {}

  private static final List<Creation> CREATIONS =
      List.of(
          new Creation("createInvoice", "paymentId", IdempotencySuite::invoice),
          new Creation("createPayment", "id", c -> new Fixtures(c).approvedPayment("10", false)),
          new Creation(
              "createRefund",
              "id",
              c -> {
                Fixtures f = new Fixtures(c);
                return f.refund(f.settledPayment("10").path("id").asText(), "3");
              }),
          new Creation("startTokenization", "tokenId", c -> new Fixtures(c).tokenization()),
          new Creation(
              "createPaymentToken",
              "id",
              c -> new Fixtures(c).tokenRequest(new Fixtures(c).approvedCard().pan(), null)),
          new Creation(
              "createReceipt",
              "id",
              c -> {
                Fixtures f = new Fixtures(c);
                return f.receipt(f.settledPayment("10").path("id").asText(), "10");
              }),
          new Creation("createSticker", "id", c -> new Fixtures(c).sticker(false, null, null)));

  /** The rules every check of this suite judges besides its own, by the interface it calls. */
  private static final Map<String, List<String>> EVERY_CHECK_JUDGES =
      Map.of("v2", List.of("v2.errors.body"));

  static List<Check> checks() {
    return Check.judgingEvery(declared(), EVERY_CHECK_JUDGES);
  }

  private static List<Check> declared() {
    List<Check> checks = new ArrayList<>();
    for (Creation creation : CREATIONS) {
      checks.add(
          Check.of(
              SUITE,
              "replay-returns-the-first-answer." + creation.operationId(),
              "Repeating "
                  + creation.operationId()
                  + " with the same key and body creates nothing new",
              "v2.ep.idempotency-once",
              List.of(),
              c -> replayReturnsTheFirstAnswer(c, creation)));
    }
    checks.add(
        Check.of(
            SUITE,
            "replayed-payment-is-made-once",
            "A payment repeated with its key exists once in the list, whatever its retries",
            "v2.ep.idempotency-once",
            List.of(),
            IdempotencySuite::replayedPaymentIsMadeOnce));
    checks.add(
        Check.of(
                SUITE,
                "same-key-with-another-body-is-a-violation",
                "The same key with another payment is idempotency_key_violation and creates nothing",
                "v2.ep.idempotency-conflict",
                List.of(),
                IdempotencySuite::sameKeyWithAnotherBodyIsAViolation)
            .judging("v2.errors.idempotency", "v2.errors.refusal-acts-not"));
    checks.add(
        Check.of(
                SUITE,
                "conflicting-reuse-on-invoices",
                "The same key with another invoice is idempotency_key_violation",
                "v2.ep.idempotency-conflict",
                List.of(),
                IdempotencySuite::conflictingReuseOnInvoices)
            .judging("v2.errors.idempotency", "v2.errors.refusal-acts-not"));
    checks.add(
        Check.of(
            SUITE,
            "concurrent-creates-with-one-key-make-one-payment",
            CONCURRENT
                + " simultaneous creates with one key make one payment; the others get it or an in-flight refusal",
            "v2.ep.idempotency-once",
            List.of(Tag.CONCURRENCY),
            IdempotencySuite::concurrentCreatesWithOneKeyMakeOnePayment));
    checks.add(
        Check.of(
            SUITE,
            "a-missing-key-is-named",
            "A creating call without Idempotency-Key is " + "validation_error naming it",
            OpenPoint.KEY_REQUIRED,
            List.of(Tag.NEGATIVE),
            IdempotencySuite::aMissingKeyIsNamed));
    checks.add(
        Check.of(
            SUITE,
            "a-refused-request-frees-its-key",
            "A key whose first request was refused as invalid can be used for the corrected request",
            OpenPoint.REFUSED_REQUEST_KEY,
            List.of(),
            IdempotencySuite::aRefusedRequestFreesItsKey));
    return checks;
  }

  private static ObjectNode invoice(CheckContext c) {
    return new Fixtures(c).invoice("10");
  }

  /**
   * A repeat of a creating call: never a second resource. It may be answered with the first answer
   * (our reading), with the resource as it is now, or refused with idempotency_key_violation.
   */
  private static void replayed(CheckContext c, Creation creation, JsonNode first, Exchange again) {
    if (again.answered() && again.status() / 100 == 4) {
      c.refusedWith(again, "idempotency_key_violation", OpenPoint.KEY_CONFLICT_STATUS);
      c.reading(OpenPoint.REPLAY, "refused", again);
      return;
    }
    JsonNode repeated = c.ok(again);
    String id = first.path(creation.idMember()).asText();
    c.expect(
        id.equals(repeated.path(creation.idMember()).asText()),
        "the resource made the first time, " + creation.idMember() + " " + id,
        () -> "another one: " + again.summary(),
        again);
    Schema<?> schema = successSchema(creation.operationId());
    boolean same = Json.sameValue(documented(first, schema), documented(repeated, schema));
    c.reading(OpenPoint.REPLAY, same ? "first-answer" : "current-state", again);
  }

  /** The schema of the operation's success answer in our spec. */
  private static Schema<?> successSchema(String operationId) {
    for (Map.Entry<String, ApiResponse> response :
        SpecModel.of(ApiSpec.V2).byId(operationId).definition().getResponses().entrySet()) {
      if (response.getKey().startsWith("2") && response.getValue().getContent() != null) {
        MediaType media = response.getValue().getContent().get("application/json");
        if (media != null) {
          return media.getSchema();
        }
      }
    }
    return null;
  }

  /** Only the members the schema defines, recursively: what a replay is compared on. */
  @SuppressWarnings("rawtypes")
  static JsonNode documented(JsonNode node, Schema<?> schema) {
    if (schema == null || node == null) {
      return node;
    }
    Schema<?> effective = Schemas.effective(schema);
    if (node.isArray() && effective.getItems() != null) {
      var out = Json.array();
      node.forEach(item -> out.add(documented(item, effective.getItems())));
      return out;
    }
    Map<String, Schema> properties = Schemas.properties(effective);
    if (!node.isObject() || properties == null) {
      return node;
    }
    ObjectNode out = Json.object();
    properties.forEach(
        (name, property) -> {
          if (node.has(name)) {
            out.set(name, documented(node.get(name), property));
          }
        });
    return out;
  }

  /** Exactly one payment of the list carries this order number. */
  private static void expectOnePayment(CheckContext c, String created, String orderNo) {
    List<JsonNode> items =
        Pages.all(
            c,
            Paths.v2("listPayments")
                + "?merchantId="
                + Fixtures.encode(c.target().merchantId())
                + "&"
                + Fixtures.period(created));
    long count =
        items.stream()
            .filter(i -> orderNo.equals(i.path("invoice").path("orderNo").asText()))
            .map(i -> i.path("id").asText())
            .distinct()
            .count();
    c.expect(
        count == 1,
        "one payment with order number " + orderNo,
        () -> count + " payments with it",
        null);
  }

  /** Runs {@code idempotency.replayed-payment-is-made-once}. */
  private static void replayedPaymentIsMadeOnce(CheckContext c) throws Exception {
    ObjectNode body = new Fixtures(c).approvedPayment("10", false);
    String key = UUID.randomUUID().toString();
    Creation creation = CREATIONS.get(1);
    JsonNode payment = c.ok(c.v2().post(Paths.v2("createPayment"), body, key));
    replayed(c, creation, payment, c.v2().post(Paths.v2("createPayment"), body, key));
    replayed(c, creation, payment, c.v2().post(Paths.v2("createPayment"), body, key));
    expectOnePayment(
        c, payment.path("created").asText(), body.path("invoice").path("orderNo").asText());
  }

  /** Runs {@code idempotency.same-key-with-another-body-is-a-violation}. */
  private static void sameKeyWithAnotherBodyIsAViolation(CheckContext c) throws Exception {
    Fixtures f = new Fixtures(c);
    ObjectNode body = f.approvedPayment("10", false);
    String key = UUID.randomUUID().toString();
    JsonNode payment = c.ok(c.v2().post(Paths.v2("createPayment"), body, key));
    ObjectNode other = body.deepCopy();
    other.set("amount", c.amount("11"));
    c.refusedWith(
        c.v2().post(Paths.v2("createPayment"), other, key),
        "idempotency_key_violation",
        OpenPoint.KEY_CONFLICT_STATUS);
    c.rule("v2.errors.refusal-acts-not");
    expectOnePayment(
        c, payment.path("created").asText(), body.path("invoice").path("orderNo").asText());
  }

  /** Runs {@code idempotency.conflicting-reuse-on-invoices}. */
  private static void conflictingReuseOnInvoices(CheckContext c) throws Exception {
    ObjectNode body = invoice(c);
    String key = UUID.randomUUID().toString();
    JsonNode invoice = c.ok(c.v2().post(Paths.v2("createInvoice"), body, key));
    ObjectNode other = body.deepCopy();
    other.set("amount", c.amount("11"));
    c.refusedWith(
        c.v2().post(Paths.v2("createInvoice"), other, key),
        "idempotency_key_violation",
        OpenPoint.KEY_CONFLICT_STATUS);
    // The refused invoice must not exist anyway: its order number lists one payment, the first.
    Exchange first = c.v2().get(Paths.v2("getPayment", invoice.path("paymentId").asText()));
    if (!first.answered() || first.status() != 200) {
      return; // a target that makes an invoice's payment only once it is paid: nothing to list
    }
    c.rule("v2.errors.refusal-acts-not");
    expectOnePayment(
        c, c.ok(first).path("created").asText(), body.path("invoice").path("orderNo").asText());
  }

  /** Runs {@code idempotency.concurrent-creates-with-one-key-make-one-payment}. */
  private static void concurrentCreatesWithOneKeyMakeOnePayment(CheckContext c) throws Exception {
    ObjectNode body = new Fixtures(c).approvedPayment("10", false);
    String key = UUID.randomUUID().toString();
    ExecutorService pool = Executors.newFixedThreadPool(CONCURRENT);
    List<Exchange> answers = new ArrayList<>();
    try {
      List<Callable<Exchange>> calls = new ArrayList<>();
      for (int i = 0; i < CONCURRENT; i++) {
        calls.add(() -> c.v2().post(Paths.v2("createPayment"), body, key));
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
      if (answer.answered() && answer.status() / 100 == 2) {
        JsonNode payment = c.ok(answer);
        ids.add(payment.path("id").asText());
        created = payment.path("created").asText();
      } else {
        c.refusedWith(answer, "idempotency_key_violation", OpenPoint.KEY_IN_FLIGHT_STATUS);
      }
    }
    Exchange any = answers.get(0);
    c.expect(
        ids.size() == 1,
        "every successful answer naming the same single payment",
        () -> "payments " + ids,
        any);
    expectOnePayment(c, created, body.path("invoice").path("orderNo").asText());
  }

  /** Runs {@code idempotency.a-missing-key-is-named}. */
  private static void aMissingKeyIsNamed(CheckContext c) throws Exception {
    Exchange answer =
        c.v2().post(Paths.v2("createPayment"), new Fixtures(c).approvedPayment("10", false), null);
    boolean refused = answer.answered() && answer.status() / 100 == 4;
    c.reading(OpenPoint.KEY_REQUIRED, refused ? "refused" : "accepted", answer);
    if (refused) {
      c.reading(OpenPoint.REFUSAL_CODE, c.refused(answer), answer);
    }
    if (refused && "validation_error".equals(answer.errorCode())) {
      c.reading(
          OpenPoint.NAMES_MEMBER,
          CheckContext.names(answer.json().path("errors"), "Idempotency-Key") ? "named" : "unnamed",
          "Idempotency-Key",
          answer);
    }
  }

  /** Runs {@code idempotency.a-refused-request-frees-its-key}. */
  private static void aRefusedRequestFreesItsKey(CheckContext c) throws Exception {
    ObjectNode body = new Fixtures(c).approvedPayment("10", false);
    ObjectNode broken = body.deepCopy();
    broken.remove("merchantId");
    String key = UUID.randomUUID().toString();
    Exchange refused = c.v2().post(Paths.v2("createPayment"), broken, key);
    c.require(
        refused.answered() && refused.status() / 100 == 4,
        "the target accepted a payment without "
            + "merchantId, so there is no refused request to free a key");
    Exchange corrected = c.v2().post(Paths.v2("createPayment"), body, key);
    c.reading(
        OpenPoint.REFUSED_REQUEST_KEY,
        corrected.answered() && corrected.status() / 100 == 2 ? "freed" : "kept",
        corrected);
  }

  /** Runs {@code idempotency.replay-returns-the-first-answer.*}. */
  private static void replayReturnsTheFirstAnswer(CheckContext c, Creation creation)
      throws Exception {
    ObjectNode body = creation.body().apply(c);
    String key = UUID.randomUUID().toString();
    Exchange first = c.v2().post(Paths.v2(creation.operationId()), body, key);
    JsonNode created = c.ok(first);
    Exchange again = c.v2().post(Paths.v2(creation.operationId()), body, key);
    replayed(c, creation, created, again);
  }
}
