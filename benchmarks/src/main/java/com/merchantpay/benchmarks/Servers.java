package com.merchantpay.benchmarks;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.merchantpay.sandbox.Sandbox;
import com.sun.net.httpserver.HttpServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The servers compared: the sandbox; WireMock answering a static stub with the sandbox's own
 * answers (what a team would set up instead, journal off); and a bare JDK server writing the same
 * bytes, the ceiling of what the sandbox's HTTP server can do.
 */
final class Servers implements AutoCloseable {
  static final String CREATE_BODY =
      "{\"merchantId\":\"sandbox-merchant\",\"amount\":{\"value\":1499.00,\"currency\":"
          + "\"RUB\"},\"invoice\":{\"orderNo\":\"4711\",\"description\":\"Order 4711\"},\"paymentData\":{\"paymentMethod\":"
          + "\"bankcard\",\"card\":{\"pan\":\"4111111111111111\",\"expiry\":\"12/29\",\"cvc\":\"123\"}}}";

  final Sandbox sandbox;
  final WireMockServer wireMock;
  final HttpServer bare;

  /**
   * As many workers as the sandbox's server has, so the ceiling is the same server doing no work.
   */
  private final ExecutorService bareWorkers =
      Executors.newFixedThreadPool(
          16,
          task -> {
            Thread thread = new Thread(task, "bare-server");
            thread.setDaemon(true);
            return thread;
          });

  String paymentId;
  final List<String> paymentIds = new ArrayList<>();
  private byte[] getAnswer;
  private byte[] createAnswer;

  Servers(int distinctPayments) throws Exception {
    sandbox = Sandbox.builder().start();
    try {
      wireMock =
          new WireMockServer(
              options().dynamicPort().bindAddress("127.0.0.1").disableRequestJournal());
      bare = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 128);
      wireMock.start();
      bare.setExecutor(bareWorkers);
      bare.start();
      seed(distinctPayments);
    } catch (Exception | Error e) {
      close();
      throw e;
    }
  }

  private void seed(int distinctPayments) throws Exception {
    HttpClient http = HttpClient.newHttpClient();
    com.fasterxml.jackson.databind.ObjectMapper json =
        new com.fasterxml.jackson.databind.ObjectMapper();
    byte[] created = null;
    for (int i = 0; i < Math.max(1, distinctPayments); i++) {
      HttpResponse<byte[]> answer =
          http.send(
              HttpRequest.newBuilder(URI.create(sandbox.baseUrl() + "/api/v2/payments"))
                  .headers(
                      "Authorization",
                      "Bearer " + sandbox.bearerToken(),
                      "Content-Type",
                      "application/json",
                      "Idempotency-Key",
                      "servers-" + i)
                  .POST(HttpRequest.BodyPublishers.ofString(CREATE_BODY))
                  .build(),
              HttpResponse.BodyHandlers.ofByteArray());
      if (answer.statusCode() != 200) {
        throw new IllegalStateException(
            "the sandbox refused the benchmark's payment: " + answer.statusCode());
      }
      created = created == null ? answer.body() : created;
      paymentIds.add(json.readTree(answer.body()).path("id").asText());
    }
    paymentId = paymentIds.get(0);
    createAnswer = created;
    getAnswer =
        http.send(
                HttpRequest.newBuilder(
                        URI.create(sandbox.baseUrl() + "/api/v2/payments/" + paymentId))
                    .header("Authorization", "Bearer " + sandbox.bearerToken())
                    .build(),
                HttpResponse.BodyHandlers.ofByteArray())
            .body();

    wireMock.stubFor(
        get(urlPathEqualTo("/api/v2/payments/" + paymentId))
            .willReturn(
                aResponse()
                    .withStatus(200)
                    .withHeader("Content-Type", "application/json")
                    .withBody(getAnswer)));
    // Any payment by its path, as a team stubbing reads of many payments would; below the exact
    // one.
    wireMock.stubFor(
        get(urlPathMatching("/api/v2/payments/[^/]+"))
            .atPriority(10)
            .willReturn(
                aResponse()
                    .withStatus(200)
                    .withHeader("Content-Type", "application/json")
                    .withBody(getAnswer)));
    wireMock.stubFor(
        post(urlPathEqualTo("/api/v2/payments"))
            .willReturn(
                aResponse()
                    .withStatus(200)
                    .withHeader("Content-Type", "application/json")
                    .withBody(createAnswer)));

    bare.createContext(
        "/",
        exchange -> {
          exchange.getRequestBody().readAllBytes();
          byte[] body = exchange.getRequestMethod().equals("POST") ? createAnswer : getAnswer;
          exchange.getResponseHeaders().set("Content-Type", "application/json");
          exchange.sendResponseHeaders(200, body.length);
          exchange.getResponseBody().write(body);
          exchange.close();
        });
  }

  String sandboxUrl() {
    return sandbox.baseUrl().toString();
  }

  String wireMockUrl() {
    return "http://127.0.0.1:" + wireMock.port();
  }

  String bareUrl() {
    return "http://127.0.0.1:" + bare.getAddress().getPort();
  }

  Map<String, String> auth() {
    return Map.of("Authorization", "Bearer " + sandbox.bearerToken());
  }

  @Override
  public void close() {
    if (bare != null) {
      bare.stop(0);
    }
    bareWorkers.shutdownNow();
    if (wireMock != null) {
      wireMock.stop();
    }
    sandbox.stop();
  }
}
