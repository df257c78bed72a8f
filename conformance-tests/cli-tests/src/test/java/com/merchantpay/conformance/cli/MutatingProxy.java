package com.merchantpay.conformance.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A deliberately broken implementation: an HTTP proxy in front of the sandbox that changes
 * requests, answers and notifications the way a faulty implementation would. Callback URLs in
 * request bodies are pointed at the proxy, so notifications pass through it too.
 */
final class MutatingProxy implements AutoCloseable {
  /** Numbers pass through as written: 100.00 stays 100.00, never 1E+2. */
  static final ObjectMapper JSON =
      JsonMapper.builder()
          .enable(com.fasterxml.jackson.databind.DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
          .disable(
              com.fasterxml.jackson.databind.cfg.JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES)
          .enable(com.fasterxml.jackson.core.JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN)
          .build();

  private static final Set<String> HOP =
      Set.of("host", "content-length", "connection", "transfer-encoding", "upgrade", "expect");

  /** A call as the proxy sees it. */
  static final class Call {
    String method;
    String pathAndQuery;
    final Map<String, String> headers = new LinkedHashMap<>();
    byte[] body;

    /** Set by a fault to answer the call itself, without passing it on. */
    Answer reply;

    /** Passes the call on as it now stands: for a fault that tries it again, changed. */
    private Sender sender;

    Answer sendAgain() throws IOException, InterruptedException {
      return sender.send(this);
    }

    String path() {
      int q = pathAndQuery.indexOf('?');
      return q < 0 ? pathAndQuery : pathAndQuery.substring(0, q);
    }

    String header(String name) {
      for (Map.Entry<String, String> entry : headers.entrySet()) {
        if (entry.getKey().equalsIgnoreCase(name)) {
          return entry.getValue();
        }
      }
      return null;
    }

    void header(String name, String value) {
      headers.keySet().removeIf(key -> key.equalsIgnoreCase(name));
      if (value != null) {
        headers.put(name, value);
      }
    }

    String text() {
      return body == null ? "" : new String(body, StandardCharsets.UTF_8);
    }

    /** The body as JSON; null when there is none or it is not JSON. */
    JsonNode json() {
      return readJson(body);
    }

    /** Replaces the body with this JSON. */
    void json(JsonNode node) {
      body = writeJson(node);
    }
  }

  private static JsonNode readJson(byte[] body) {
    try {
      return body == null || body.length == 0 ? null : JSON.readTree(body);
    } catch (IOException e) {
      return null;
    }
  }

  private static byte[] writeJson(JsonNode node) {
    try {
      return JSON.writeValueAsBytes(node);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** An answer as the proxy passes it on. */
  static final class Answer {
    int status;
    final Map<String, String> headers = new LinkedHashMap<>();
    byte[] body = new byte[0];

    /** A JSON answer made by a fault. */
    static Answer json(int status, JsonNode body) {
      Answer answer = new Answer();
      answer.status = status;
      answer.headers.put("Content-Type", "application/json");
      answer.json(body);
      return answer;
    }

    String contentType() {
      for (Map.Entry<String, String> entry : headers.entrySet()) {
        if (entry.getKey().equalsIgnoreCase("Content-Type")) {
          return entry.getValue();
        }
      }
      return "";
    }

    JsonNode json() {
      return readJson(body);
    }

    void json(JsonNode node) {
      body = writeJson(node);
    }

    /** Passes on another answer instead: its status, headers and body. */
    void replaceWith(Answer other) {
      status = other.status;
      headers.clear();
      headers.putAll(other.headers);
      body = other.body;
    }
  }

  private interface Sender {
    Answer send(Call call) throws IOException, InterruptedException;
  }

  /**
   * How a broken implementation departs; every method leaves things as they are unless overridden.
   */
  interface Fault {
    default void request(Call call) {}

    default void answer(Call call, Answer answer) {}

    /**
     * A notification on its way to the merchant; change the body or return a status to answer it
     * instead.
     */
    default Integer notification(Call call) {
      return null;
    }

    /**
     * The status the implementation sees for a notification the merchant answered with this status.
     */
    default int notificationAnswer(int merchantStatus) {
      return merchantStatus;
    }
  }

  private final URI upstream;
  private final Fault fault;
  private final HttpServer server;
  private final HttpClient http =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .followRedirects(HttpClient.Redirect.NEVER)
          .connectTimeout(Duration.ofSeconds(5))
          .build();
  private final String base;

  MutatingProxy(URI upstream, Fault fault) {
    this.upstream = upstream;
    this.fault = fault;
    try {
      server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 128);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    base = "http://127.0.0.1:" + server.getAddress().getPort();
    server.setExecutor(
        Executors.newFixedThreadPool(
            40,
            r -> {
              Thread thread = new Thread(r, "mutating-proxy");
              thread.setDaemon(true);
              return thread;
            }));
    server.createContext("/", this::handle);
    server.start();
  }

  URI baseUrl() {
    return URI.create(base);
  }

  private void handle(HttpExchange exchange) throws IOException {
    try {
      Call call = new Call();
      call.method = exchange.getRequestMethod();
      call.pathAndQuery =
          exchange.getRequestURI().getRawPath()
              + (exchange.getRequestURI().getRawQuery() == null
                  ? ""
                  : "?" + exchange.getRequestURI().getRawQuery());
      exchange.getRequestHeaders().forEach((name, values) -> call.headers.put(name, values.get(0)));
      call.body = exchange.getRequestBody().readAllBytes();
      if (call.path().equals("/relay")) {
        relay(exchange, call);
        return;
      }
      routeCallbacksThroughProxy(call);
      call.sender = again -> forward(upstream.toString() + again.pathAndQuery, again);
      fault.request(call);
      Answer answer =
          call.reply != null ? call.reply : forward(upstream.toString() + call.pathAndQuery, call);
      fault.answer(call, answer);
      reply(exchange, answer.status, answer.headers, answer.body);
    } catch (RuntimeException | InterruptedException e) {
      // A fault that throws is the test's own bug: shown, and answered as a broken gateway would.
      e.printStackTrace();
      reply(exchange, 502, Map.of(), new byte[0]);
    }
  }

  private void relay(HttpExchange exchange, Call call) throws IOException {
    String query = exchange.getRequestURI().getRawQuery();
    String to = URLDecoder.decode(query.substring(query.indexOf('=') + 1), StandardCharsets.UTF_8);
    Integer answered = fault.notification(call);
    if (answered != null) {
      reply(exchange, answered, Map.of(), new byte[0]);
      return;
    }
    try {
      Answer answer = forward(to, call);
      reply(exchange, fault.notificationAnswer(answer.status), Map.of(), new byte[0]);
    } catch (InterruptedException | RuntimeException e) {
      reply(exchange, 502, Map.of(), new byte[0]);
    }
  }

  /**
   * Points callback URLs of JSON request bodies at the proxy's relay, so notifications pass through
   * it.
   */
  private void routeCallbacksThroughProxy(Call call) {
    String type = call.header("Content-Type");
    if (call.body.length == 0 || type == null || !type.startsWith("application/json")) {
      return;
    }
    try {
      JsonNode body = JSON.readTree(call.body);
      if (relayed(body)) {
        call.body = JSON.writeValueAsBytes(body);
      }
    } catch (IOException e) {
      // not JSON: passed on as it is
    }
  }

  private boolean relayed(JsonNode node) {
    boolean changed = false;
    if (node instanceof com.fasterxml.jackson.databind.node.ObjectNode object) {
      for (Map.Entry<String, JsonNode> member : object.properties()) {
        if (member.getKey().equals("callbackUrl")
            && member.getValue().isTextual()
            && member.getValue().asText().matches("https?://.+")) {
          object.put(
              "callbackUrl",
              base
                  + "/relay?to="
                  + URLEncoder.encode(member.getValue().asText(), StandardCharsets.UTF_8));
          changed = true;
        } else {
          changed |= relayed(member.getValue());
        }
      }
    }
    return changed;
  }

  private Answer forward(String url, Call call) throws IOException, InterruptedException {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(url))
            .timeout(Duration.ofSeconds(30))
            .method(
                call.method,
                call.body.length == 0
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofByteArray(call.body));
    call.headers.forEach(
        (name, value) -> {
          if (!HOP.contains(name.toLowerCase(Locale.ROOT))) {
            request.header(name, value);
          }
        });
    HttpResponse<byte[]> response =
        http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
    Answer answer = new Answer();
    answer.status = response.statusCode();
    response
        .headers()
        .map()
        .forEach(
            (name, values) -> {
              if (!name.startsWith(":") && !HOP.contains(name.toLowerCase(Locale.ROOT))) {
                answer.headers.put(name, values.get(0));
              }
            });
    answer.body = response.body();
    return answer;
  }

  private static void reply(
      HttpExchange exchange, int status, Map<String, String> headers, byte[] body)
      throws IOException {
    headers.forEach((name, value) -> exchange.getResponseHeaders().set(name, value));
    exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
    if (body.length > 0) {
      exchange.getResponseBody().write(body);
    }
    exchange.close();
  }

  @Override
  public void close() {
    server.stop(0);
    ((ExecutorService) server.getExecutor()).shutdownNow();
  }

  static List<String> list(String... items) {
    return List.of(items);
  }
}
