package com.merchantpay.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.merchantpay.conformance.judge.ExchangeJudge;
import com.merchantpay.sandbox.Sandbox;
import com.merchantpay.spec.ApiSpec;
import com.merchantpay.testsupport.FaultyProxy;
import com.merchantpay.v2.MerchantPayClient;
import com.merchantpay.v2.MerchantPayException;
import com.merchantpay.v2.model.Amount;
import com.merchantpay.v2.model.Card;
import com.merchantpay.v2.model.CreatePaymentRequest;
import com.merchantpay.v2.model.Invoice;
import com.merchantpay.v2.model.PaymentData;
import java.io.IOException;
import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/**
 * How the client and the sandbox hold up when things go wrong: faults on the wire, and malformed
 * requests.
 */
final class Resilience {
  private static final ObjectMapper JSON = new ObjectMapper();

  private Resilience() {}

  /** What the faulty-network run found. */
  record FaultRun(
      int creates,
      int faultsInjected,
      int succeeded,
      int failed,
      int failedReportedUnknownWithKey,
      int duplicates,
      int lost,
      int createdThoughReportedFailed) {}

  /**
   * Creates payments through a network that, for 30% of requests, drops the connection before or
   * after the sandbox acted, answers 502 or 503 after it acted, or holds the answer past the
   * client's timeout. Then counts, from the sandbox's own list, duplicates (two payments for one
   * order) and lost creates (a success reported without a payment), and checks every failure says
   * "outcome unknown" with its key.
   */
  static FaultRun faults(int creates, long seed) throws Exception {
    Random random = new Random(seed);
    AtomicBoolean healthy = new AtomicBoolean();
    AtomicInteger injected = new AtomicInteger();
    FaultyProxy.Fault[] kinds = FaultyProxy.Fault.values();
    try (Sandbox sandbox = Sandbox.builder().start();
        FaultyProxy proxy =
            new FaultyProxy(
                URI.create(sandbox.baseUrl().toString()),
                (method, path) -> {
                  if (healthy.get() || random.nextDouble() >= 0.3) {
                    return FaultyProxy.Fault.NONE;
                  }
                  injected.incrementAndGet();
                  return kinds[1 + random.nextInt(kinds.length - 1)];
                },
                Duration.ofMillis(1_200))) {
      MerchantPayClient client =
          MerchantPayClient.builder()
              .baseUrl(proxy.baseUrl())
              .accessToken(sandbox.bearerToken())
              .readTimeout(Duration.ofMillis(500))
              .callTimeout(Duration.ofSeconds(10))
              .build();
      int succeeded = 0;
      int failed = 0;
      int reportedUnknown = 0;
      List<String> failedOrders = new ArrayList<>();
      List<String> succeededOrders = new ArrayList<>();
      for (int i = 0; i < creates; i++) {
        String order = "order-" + i;
        try {
          client
              .payments()
              .create(
                  new CreatePaymentRequest()
                      .merchantId(sandbox.merchantId())
                      .amount(new Amount().value(new BigDecimal("10.00")).currency("RUB"))
                      .invoice(new Invoice().orderNo(order))
                      .paymentData(
                          new PaymentData()
                              .card(
                                  new Card().pan("4111111111111111").expiry("12/29").cvc("123"))));
          succeeded++;
          succeededOrders.add(order);
        } catch (MerchantPayException e) {
          failed++;
          failedOrders.add(order);
          if (e.isOutcomeUnknown() && e.getIdempotencyKey().isPresent()) {
            reportedUnknown++;
          }
        }
      }
      healthy.set(true);
      Map<String, Integer> paymentsPerOrder = paymentsPerOrder(sandbox);
      int duplicates = (int) paymentsPerOrder.values().stream().filter(n -> n > 1).count();
      int lost =
          (int)
              succeededOrders.stream()
                  .filter(order -> !paymentsPerOrder.containsKey(order))
                  .count();
      int createdAnyway = (int) failedOrders.stream().filter(paymentsPerOrder::containsKey).count();
      return new FaultRun(
          creates,
          injected.get(),
          succeeded,
          failed,
          reportedUnknown,
          duplicates,
          lost,
          createdAnyway);
    }
  }

  private static Map<String, Integer> paymentsPerOrder(Sandbox sandbox) throws Exception {
    HttpClient http = HttpClient.newHttpClient();
    Map<String, Integer> counts = new HashMap<>();
    String cursor = null;
    do {
      HttpResponse<String> page =
          http.send(
              HttpRequest.newBuilder(
                      URI.create(
                          sandbox.baseUrl()
                              + "/api/v2/payments?merchantId="
                              + sandbox.merchantId()
                              + (cursor == null ? "" : "&cursor=" + cursor)))
                  .header("Authorization", "Bearer " + sandbox.bearerToken())
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      JsonNode body = JSON.readTree(page.body());
      for (JsonNode item : body.path("items")) {
        counts.merge(item.path("invoice").path("orderNo").asText(), 1, Integer::sum);
      }
      cursor =
          body.path("cursor").isTextual() && !body.path("cursor").asText().isEmpty()
              ? body.path("cursor").asText()
              : null;
    } while (cursor != null);
    return counts;
  }

  /**
   * What the fuzz run found: of the requests sent, how many got a 5xx, an error answer the document
   * does not allow, or no answer at all; and how many went to a path or method the document lacks
   * (their error bodies are still held to its error schema).
   */
  record FuzzRun(
      int requests,
      int serverErrors,
      int undocumentedAnswers,
      int noAnswer,
      int outsideTheDocument,
      List<String> examples) {}

  /**
   * Malformed requests from property-based generators (jqwik): bodies cut, mutated or replaced,
   * wrong types, junk headers, wrong methods, odd paths, drawn reproducibly from the seed. Every
   * answer must be below 500, and every v2 error answer one the document declares, with its error
   * body.
   */
  static FuzzRun fuzz(int requests, long seed) throws Exception {
    ExchangeJudge judge = ExchangeJudge.of(ApiSpec.V2);
    try (Sandbox sandbox = Sandbox.builder().start()) {
      HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
      int serverErrors = 0;
      int undocumented = 0;
      int noAnswer = 0;
      int outside = 0;
      List<String> examples = new ArrayList<>();
      // Outside a property, sampleStream draws from the thread's source of randomness; seeding it
      // makes the
      // run repeatable (jqwik's own generators refuse to run off its threads).
      net.jqwik.engine.SourceOfRandomness.create(Long.toString(seed));
      Iterator<Malformed> cases = malformed(sandbox.bearerToken()).sampleStream().iterator();
      int sent = 0;
      // Some generated paths are not URIs a client could send at all; those are drawn again.
      for (int drawn = 0; sent < requests && drawn < requests * 4; drawn++) {
        Malformed bad = cases.next();
        URI uri;
        try {
          uri = URI.create(sandbox.baseUrl() + bad.path());
        } catch (IllegalArgumentException e) {
          continue; // not a URI any HTTP client could send
        }
        sent++;
        HttpRequest.Builder request =
            HttpRequest.newBuilder(uri)
                .method(
                    bad.method(),
                    bad.body() == null
                        ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(bad.body()));
        bad.headers().forEach(request::header);
        HttpResponse<byte[]> answer;
        try {
          answer = http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException e) {
          noAnswer++;
          if (examples.size() < 5) {
            examples.add(bad.method() + " " + bad.path() + " -> no answer: " + e);
          }
          continue;
        }
        // Judged as sent: decoding would turn %2F into a separator and judge another path.
        String path = uri.getRawPath();
        if (answer.statusCode() >= 500) {
          serverErrors++;
          if (examples.size() < 5) {
            examples.add(bad.method() + " " + bad.path() + " -> " + answer.statusCode());
          }
        } else if (path.startsWith("/api/v2/") && answer.statusCode() >= 400) {
          List<String> problems;
          if (judge.knows(bad.method(), path)) {
            problems =
                judge.problems(
                    bad.method(), path, answer.statusCode(), answer.headers().map(), answer.body());
          } else {
            outside++;
            problems = errorBodyProblems(judge, answer.body());
          }
          if (!problems.isEmpty()) {
            undocumented++;
            if (examples.size() < 5) {
              examples.add(
                  bad.method()
                      + " "
                      + path
                      + " -> "
                      + answer.statusCode()
                      + ": "
                      + problems.get(0));
            }
          }
        }
      }
      return new FuzzRun(sent, serverErrors, undocumented, noAnswer, outside, examples);
    }
  }

  /**
   * A body, if there is one, must be the document's error body even where the document has no
   * operation.
   */
  private static List<String> errorBodyProblems(ExchangeJudge judge, byte[] body) {
    if (body.length == 0) {
      return List.of();
    }
    try {
      return judge.schemaProblems("ErrorBody", JSON.readTree(body));
    } catch (IOException e) {
      return List.of("the error body is not JSON");
    }
  }

  record Malformed(String method, String path, Map<String, String> headers, String body) {}

  private static final String VALID = Servers.CREATE_BODY;
  private static final String NO_BODY = "<no body>";

  /** The document's operations as method and path template, read from the spec itself. */
  static List<String[]> operations() {
    try {
      JsonNode paths =
          new ObjectMapper(new com.fasterxml.jackson.dataformat.yaml.YAMLFactory())
              .readTree(ApiSpec.V2.yaml())
              .path("paths");
      List<String[]> operations = new ArrayList<>();
      paths
          .fields()
          .forEachRemaining(
              path ->
                  path.getValue()
                      .fieldNames()
                      .forEachRemaining(
                          method -> {
                            if (Set.of("get", "post", "put", "delete", "patch").contains(method)) {
                              operations.add(
                                  new String[] {method.toUpperCase(Locale.ROOT), path.getKey()});
                            }
                          }));
      return operations;
    } catch (IOException e) {
      throw new IllegalStateException("cannot read the v2 document", e);
    }
  }

  static Arbitrary<Malformed> malformed(String token) {
    // Mostly the document's own operations, so most requests reach a real handler's checks;
    // sometimes any
    // method on any path, for the router.
    List<String[]> documented = operations();
    Arbitrary<String[]> operation =
        Arbitraries.frequencyOf(
            net.jqwik.api.Tuple.of(4, Arbitraries.of(documented)),
            net.jqwik.api.Tuple.of(
                1,
                Combinators.combine(
                        Arbitraries.of("GET", "POST", "PUT", "DELETE", "PATCH"),
                        Arbitraries.of(
                            Stream.concat(
                                    documented.stream().map(known -> known[1]),
                                    Stream.of("/api/v2/{id}"))
                                .distinct()
                                .toList()))
                    .as((method, template) -> new String[] {method, template})));
    Arbitrary<String> id =
        Arbitraries.oneOf(
            Arbitraries.strings().alpha().numeric().ofMinLength(0).ofMaxLength(40),
            Arbitraries.of(
                "10000001", "%00", "..", "%2F", "a%20b", "x".repeat(300), "-1", "1e9", "null"));
    Arbitrary<String> query =
        Arbitraries.of(
            "",
            "?merchantId=sandbox-merchant",
            "?start=yesterday",
            "?cursor=%%%",
            "?merchantId=",
            "?start=2024-01-01T00:00:00Z&end=2023-01-01T00:00:00Z",
            "?limit=-1&x=y");
    Arbitrary<Map<String, String>> headers =
        Combinators.combine(
                Arbitraries.of("Bearer " + token, "Bearer wrong", "Basic abc", "", "Bearer"),
                Arbitraries.of(
                    "application/json",
                    "text/plain",
                    "application/json; charset=latin1",
                    "application/xml",
                    ""),
                Arbitraries.strings().alpha().numeric().ofMaxLength(300))
            .as(
                (auth, type, key) -> {
                  Map<String, String> map = new HashMap<>();
                  if (!auth.isEmpty()) {
                    map.put("Authorization", auth);
                  }
                  if (!type.isEmpty()) {
                    map.put("Content-Type", type);
                  }
                  if (!key.isEmpty()) {
                    map.put("Idempotency-Key", key);
                  }
                  return map;
                });
    Arbitrary<String> body =
        Arbitraries.oneOf(
            Arbitraries.just(NO_BODY),
            Arbitraries.strings().ofMaxLength(200),
            Arbitraries.integers().between(0, VALID.length()).map(cut -> VALID.substring(0, cut)),
            Combinators.combine(
                    Arbitraries.of(
                        "\"10.00\"",
                        "-5",
                        "1e400",
                        "null",
                        "[]",
                        "{}",
                        "\"\"",
                        "12345678901234567.1",
                        "0.00001",
                        "true"),
                    Arbitraries.of(
                        "1499.00",
                        "\"RUB\"",
                        "\"4111111111111111\"",
                        "\"12/29\"",
                        "\"sandbox-merchant\""))
                .as((replacement, original) -> VALID.replace(original, replacement)),
            Arbitraries.of(
                "{",
                "[1,2",
                "{\"a\":",
                "\u0000",
                "{\"merchantId\":\"sandbox-merchant\",\"amount\":{}}",
                "{\"amount\":{\"value\":1,\"currency\":\"XXX\"},\"merchantId\":\"sandbox-merchant\",\"paymentData\":{}}"),
            Arbitraries.integers()
                .between(1, 20)
                .map(depth -> "[".repeat(depth * 50) + "]".repeat(depth * 50)));
    return Combinators.combine(operation, id, query, headers, body)
        .as(
            (chosen, value, parameters, sent, content) ->
                new Malformed(
                    chosen[0], chosen[1].replace("{id}", value) + parameters, sent, content))
        .map(
            bad ->
                NO_BODY.equals(bad.body())
                    ? new Malformed(bad.method(), bad.path(), bad.headers(), null)
                    : bad)
        .filter(bad -> !(bad.body() != null && bad.method().equals("GET")));
  }
}
