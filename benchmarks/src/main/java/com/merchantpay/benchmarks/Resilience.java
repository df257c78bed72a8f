package com.merchantpay.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.merchantpay.conformance.judge.ExchangeJudge;
import com.merchantpay.sandbox.Sandbox;
import com.merchantpay.spec.ApiSpec;
import com.merchantpay.v2.MerchantPayClient;
import com.merchantpay.v2.MerchantPayException;
import com.merchantpay.v2.model.Amount;
import com.merchantpay.v2.model.Card;
import com.merchantpay.v2.model.CreatePaymentRequest;
import com.merchantpay.v2.model.Invoice;
import com.merchantpay.v2.model.PaymentData;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.math.BigDecimal;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.Executors;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/** How the client and the sandbox hold up when things go wrong: faults on the wire, and malformed requests. */
final class Resilience {
  private Resilience() {}

  /** What the faulty-network run found. */
  record FaultRun(int creates, int faultsInjected, int succeeded, int failed, int failedReportedUnknownWithKey,
      int duplicates, int lost, int createdThoughReportedFailed) {}

  /**
   * Creates payments through a network that, for 30% of requests, drops the connection before or after the
   * sandbox acted, answers 502 or 503 after it acted, or holds the answer past the client's timeout. Then
   * counts, from the sandbox's own list, duplicates (two payments for one order) and lost creates (a success
   * reported without a payment), and checks every failure says "outcome unknown" with its key.
   */
  static FaultRun faults(int creates, long seed) throws Exception {
    Random random = new Random(seed);
    try (Sandbox sandbox = Sandbox.builder().start();
        FaultProxy proxy = new FaultProxy(URI.create(sandbox.baseUrl().toString()), random)) {
      MerchantPayClient client = MerchantPayClient.builder().baseUrl(proxy.baseUrl()).accessToken(sandbox.bearerToken())
          .readTimeout(Duration.ofMillis(500)).callTimeout(Duration.ofSeconds(10)).build();
      int succeeded = 0;
      int failed = 0;
      int reportedUnknown = 0;
      List<String> failedOrders = new ArrayList<>();
      List<String> succeededOrders = new ArrayList<>();
      for (int i = 0; i < creates; i++) {
        String order = "order-" + i;
        try {
          client.payments().create(new CreatePaymentRequest().merchantId(sandbox.merchantId())
              .amount(new Amount().value(new BigDecimal("10.00")).currency("RUB"))
              .invoice(new Invoice().orderNo(order))
              .paymentData(new PaymentData().card(new Card().pan("4111111111111111").expiry("12/29").cvc("123"))));
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
      proxy.healthy = true;
      Map<String, Integer> paymentsPerOrder = paymentsPerOrder(sandbox);
      int duplicates = (int) paymentsPerOrder.values().stream().filter(n -> n > 1).count();
      int lost = (int) succeededOrders.stream().filter(order -> !paymentsPerOrder.containsKey(order)).count();
      int createdAnyway = (int) failedOrders.stream().filter(paymentsPerOrder::containsKey).count();
      return new FaultRun(creates, proxy.faults, succeeded, failed, reportedUnknown, duplicates, lost, createdAnyway);
    }
  }

  private static Map<String, Integer> paymentsPerOrder(Sandbox sandbox) throws Exception {
    HttpClient http = HttpClient.newHttpClient();
    ObjectMapper json = new ObjectMapper();
    Map<String, Integer> counts = new HashMap<>();
    String cursor = null;
    do {
      HttpResponse<String> page = http.send(HttpRequest.newBuilder(URI.create(sandbox.baseUrl()
              + "/api/v2/payments?merchantId=" + sandbox.merchantId() + (cursor == null ? "" : "&cursor=" + cursor)))
          .header("Authorization", "Bearer " + sandbox.bearerToken()).build(), HttpResponse.BodyHandlers.ofString());
      JsonNode body = json.readTree(page.body());
      for (JsonNode item : body.path("items")) {
        counts.merge(item.path("invoice").path("orderNo").asText(), 1, Integer::sum);
      }
      cursor = body.path("cursor").isTextual() && !body.path("cursor").asText().isEmpty() ? body.path("cursor").asText()
          : null;
    } while (cursor != null);
    return counts;
  }

  /** A network between the client and the sandbox that loses things. */
  static final class FaultProxy implements AutoCloseable {
    private static final Set<String> HOP = Set.of("host", "content-length", "connection", "transfer-encoding",
        "expect", "upgrade");

    private final HttpServer server;
    private final HttpClient upstream = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private final URI target;
    private final Random random;
    volatile boolean healthy;
    int faults;

    FaultProxy(URI target, Random random) throws IOException {
      this.target = target;
      this.random = random;
      server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
      server.setExecutor(Executors.newFixedThreadPool(8));
      server.createContext("/", this::handle);
      server.start();
    }

    String baseUrl() {
      return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    private synchronized int fault() {
      if (healthy || random.nextDouble() >= 0.3) {
        return 0;
      }
      faults++;
      return 1 + random.nextInt(5);
    }

    private void handle(HttpExchange exchange) throws IOException {
      byte[] body = exchange.getRequestBody().readAllBytes();
      int fault = fault();
      if (fault == 1) { // dropped before the sandbox saw it
        exchange.close();
        return;
      }
      HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(target + exchange.getRequestURI().toString()))
          .method(exchange.getRequestMethod(), body.length == 0 ? HttpRequest.BodyPublishers.noBody()
              : HttpRequest.BodyPublishers.ofByteArray(body));
      exchange.getRequestHeaders().forEach((name, values) -> {
        if (!HOP.contains(name.toLowerCase(Locale.ROOT))) {
          values.forEach(value -> request.header(name, value));
        }
      });
      HttpResponse<byte[]> answer;
      try {
        answer = upstream.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        exchange.close();
        return;
      }
      switch (fault) {
        case 2 -> exchange.close(); // dropped after the sandbox acted
        case 3, 4 -> {
          byte[] text = "upstream trouble".getBytes(StandardCharsets.UTF_8);
          exchange.sendResponseHeaders(fault == 3 ? 502 : 503, text.length);
          exchange.getResponseBody().write(text);
          exchange.close();
        }
        default -> {
          if (fault == 5) { // held past the client's timeout
            try {
              Thread.sleep(1_200);
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
            }
          }
          answer.headers().map().forEach((name, values) -> {
            if (!HOP.contains(name.toLowerCase(Locale.ROOT))) {
              exchange.getResponseHeaders().put(name, values);
            }
          });
          try {
            exchange.sendResponseHeaders(answer.statusCode(), answer.body().length == 0 ? -1 : answer.body().length);
            exchange.getResponseBody().write(answer.body());
          } catch (IOException e) {
            // the client gave up waiting
          }
          exchange.close();
        }
      }
    }

    @Override
    public void close() {
      server.stop(0);
    }
  }

  /** What the fuzz run found. */
  record FuzzRun(int requests, int serverErrors, int undocumentedAnswers, List<String> examples) {}

  /**
   * Malformed requests from property-based generators (jqwik): bodies cut, mutated or replaced, wrong types,
   * junk headers, wrong methods, odd paths. Every answer must be below 500, and every v2 answer must be one
   * the document declares, with a documented error body.
   */
  static FuzzRun fuzz(int requests, long seed) throws Exception {
    ExchangeJudge judge = ExchangeJudge.of(ApiSpec.V2);
    try (Sandbox sandbox = Sandbox.builder().start()) {
      HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
      int serverErrors = 0;
      int undocumented = 0;
      List<String> examples = new ArrayList<>();
      // Some generated paths are not URIs a client could send at all; draw more than needed and stop at the count.
      List<Malformed> cases = malformed(sandbox.bearerToken()).sampleStream().limit(requests * 2L).toList();
      int sent = 0;
      for (Malformed bad : cases) {
        if (sent == requests) {
          break;
        }
        URI uri;
        try {
          uri = URI.create(sandbox.baseUrl() + bad.path());
        } catch (IllegalArgumentException e) {
          continue; // not a URI any HTTP client could send
        }
        sent++;
        HttpRequest.Builder request = HttpRequest.newBuilder(uri)
            .method(bad.method(), bad.body() == null ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofString(bad.body()));
        bad.headers().forEach(request::header);
        HttpResponse<byte[]> answer = http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
        String path = uri.getPath();
        if (answer.statusCode() >= 500) {
          serverErrors++;
          if (examples.size() < 5) {
            examples.add(bad.method() + " " + bad.path() + " -> " + answer.statusCode());
          }
        } else if (path.startsWith("/api/v2/") && answer.statusCode() >= 400) {
          List<String> problems = judge.problems(bad.method(), path, answer.statusCode(), answer.headers().map(),
              answer.body());
          if (!problems.isEmpty()) {
            undocumented++;
            if (examples.size() < 5) {
              examples.add(bad.method() + " " + path + " -> " + answer.statusCode() + ": " + problems.get(0));
            }
          }
        }
      }
      return new FuzzRun(sent, serverErrors, undocumented, examples);
    }
  }

  record Malformed(String method, String path, Map<String, String> headers, String body) {}

  private static final String VALID = Servers.CREATE_BODY;
  private static final String NO_BODY = "<no body>";

  static Arbitrary<Malformed> malformed(String token) {
    Arbitrary<String> method = Arbitraries.of("GET", "POST", "PUT", "DELETE", "PATCH");
    Arbitrary<String> id = Arbitraries.oneOf(Arbitraries.strings().alpha().numeric().ofMinLength(0).ofMaxLength(40),
        Arbitraries.of("10000001", "%00", "..", "%2F", "a%20b", "x".repeat(300), "-1", "1e9", "null"));
    Arbitrary<String> path = Combinators.combine(Arbitraries.of("/api/v2/payments", "/api/v2/payments/{id}",
        "/api/v2/payments/{id}/complete", "/api/v2/payments/{id}/confirm", "/api/v2/payments/{id}/cancel",
        "/api/v2/refunds", "/api/v2/refunds/{id}", "/api/v2/invoices", "/api/v2/paymenttokens", "/api/v2/receipts",
        "/api/v2/stickers", "/api/v2/stickers/{id}", "/api/v2/tokenization", "/api/v2/{id}"), id,
        Arbitraries.of("", "?merchantId=sandbox-merchant", "?start=yesterday", "?cursor=%%%", "?merchantId=",
            "?start=2024-01-01T00:00:00Z&end=2023-01-01T00:00:00Z", "?limit=-1&x=y"))
        .as((template, value, query) -> template.replace("{id}", value) + query);
    Arbitrary<Map<String, String>> headers = Combinators.combine(
        Arbitraries.of("Bearer " + token, "Bearer wrong", "Basic abc", "", "Bearer"),
        Arbitraries.of("application/json", "text/plain", "application/json; charset=latin1", "application/xml", ""),
        Arbitraries.strings().alpha().numeric().ofMaxLength(300))
        .as((auth, type, key) -> {
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
    Arbitrary<String> body = Arbitraries.oneOf(
        Arbitraries.just(NO_BODY),
        Arbitraries.strings().ofMaxLength(200),
        Arbitraries.integers().between(0, VALID.length()).map(cut -> VALID.substring(0, cut)),
        Combinators.combine(Arbitraries.of("\"10.00\"", "-5", "1e400", "null", "[]", "{}", "\"\"", "12345678901234567.1",
            "0.00001", "true"), Arbitraries.of("1499.00", "\"RUB\"", "\"4111111111111111\"", "\"12/29\"",
            "\"sandbox-merchant\""))
            .as((replacement, original) -> VALID.replace(original, replacement)),
        Arbitraries.of("{", "[1,2", "{\"a\":", "\u0000", "{\"merchantId\":\"sandbox-merchant\",\"amount\":{}}",
            "{\"amount\":{\"value\":1,\"currency\":\"XXX\"},\"merchantId\":\"sandbox-merchant\",\"paymentData\":{}}"),
        Arbitraries.integers().between(1, 20).map(depth -> "[".repeat(depth * 50) + "]".repeat(depth * 50)));
    return Combinators.combine(method, path, headers, body).as(Malformed::new)
        .map(bad -> NO_BODY.equals(bad.body()) ? new Malformed(bad.method(), bad.path(), bad.headers(), null) : bad)
        .filter(bad -> !(bad.body() != null && bad.method().equals("GET")));
  }
}
