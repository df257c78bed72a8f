package com.merchantpay.benchmarks;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
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

/**
 * The servers compared: the sandbox; WireMock answering a static stub with the sandbox's own answers (what a
 * team would set up instead, journal off); and a bare JDK server writing the same bytes, the ceiling of
 * what the sandbox's HTTP server can do.
 */
final class Servers implements AutoCloseable {
  static final String CREATE_BODY = "{\"merchantId\":\"sandbox-merchant\",\"amount\":{\"value\":1499.00,\"currency\":"
      + "\"RUB\"},\"invoice\":{\"orderNo\":\"4711\",\"description\":\"Order 4711\"},\"paymentData\":{\"paymentMethod\":"
      + "\"bankcard\",\"card\":{\"pan\":\"4111111111111111\",\"expiry\":\"12/29\",\"cvc\":\"123\"}}}";

  final Sandbox sandbox;
  final WireMockServer wireMock;
  final HttpServer bare;
  final String paymentId;
  final List<String> paymentIds = new ArrayList<>();
  final byte[] getAnswer;
  final byte[] createAnswer;

  Servers(int distinctPayments) throws Exception {
    sandbox = Sandbox.builder().start();
    HttpClient http = HttpClient.newHttpClient();
    byte[] created = null;
    for (int i = 0; i < Math.max(1, distinctPayments); i++) {
      HttpResponse<byte[]> answer = http.send(HttpRequest.newBuilder(URI.create(sandbox.baseUrl() + "/api/v2/payments"))
          .headers("Authorization", "Bearer " + sandbox.bearerToken(), "Content-Type", "application/json",
              "Idempotency-Key", "servers-" + i)
          .POST(HttpRequest.BodyPublishers.ofString(CREATE_BODY)).build(), HttpResponse.BodyHandlers.ofByteArray());
      if (answer.statusCode() != 200) {
        throw new IllegalStateException("the sandbox refused the benchmark's payment: " + answer.statusCode());
      }
      created = created == null ? answer.body() : created;
      paymentIds.add(new com.fasterxml.jackson.databind.ObjectMapper().readTree(answer.body()).path("id").asText());
    }
    paymentId = paymentIds.get(0);
    createAnswer = created;
    getAnswer = http.send(HttpRequest.newBuilder(URI.create(sandbox.baseUrl() + "/api/v2/payments/" + paymentId))
        .header("Authorization", "Bearer " + sandbox.bearerToken()).build(), HttpResponse.BodyHandlers.ofByteArray())
        .body();

    wireMock = new WireMockServer(options().dynamicPort().bindAddress("127.0.0.1").disableRequestJournal());
    wireMock.start();
    wireMock.stubFor(get(urlPathEqualTo("/api/v2/payments/" + paymentId)).willReturn(aResponse().withStatus(200)
        .withHeader("Content-Type", "application/json").withBody(getAnswer)));
    wireMock.stubFor(post(urlPathEqualTo("/api/v2/payments")).willReturn(aResponse().withStatus(200)
        .withHeader("Content-Type", "application/json").withBody(createAnswer)));

    bare = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 128);
    bare.createContext("/", exchange -> {
      exchange.getRequestBody().readAllBytes();
      byte[] body = exchange.getRequestMethod().equals("POST") ? createAnswer : getAnswer;
      exchange.getResponseHeaders().set("Content-Type", "application/json");
      exchange.sendResponseHeaders(200, body.length);
      exchange.getResponseBody().write(body);
      exchange.close();
    });
    bare.start();
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
    bare.stop(0);
    wireMock.stop();
    sandbox.stop();
  }
}
