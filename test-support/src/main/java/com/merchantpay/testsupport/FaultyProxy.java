package com.merchantpay.testsupport;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.BiFunction;

/**
 * A network between a client and a server that loses things: per request it may drop the connection
 * before or after the server acted, answer 502 or 503 after it acted, or hold the answer past the
 * client's timeout (or, for every request, by a round trip's worth: a slow network). The fault of
 * each request is chosen by the caller (a test, or the benchmarks).
 */
public final class FaultyProxy implements AutoCloseable {
  /** What happens to one request. */
  public enum Fault {
    NONE,
    DROP_BEFORE,
    DROP_AFTER,
    BAD_GATEWAY_AFTER,
    UNAVAILABLE_AFTER,
    SLOW_AFTER
  }

  private static final Set<String> HOP =
      Set.of("host", "content-length", "connection", "transfer-encoding", "expect");

  private final HttpServer server;
  private final HttpClient http =
      HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

  /**
   * @param faults the fault for a request, given its method and path
   */
  public FaultyProxy(URI upstream, BiFunction<String, String, Fault> faults, Duration slowness) {
    try {
      server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 128);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    // As many threads as calls come at once: a slow network delays each call, it does not queue
    // them.
    server.setExecutor(
        Executors.newCachedThreadPool(
            r -> {
              Thread thread = new Thread(r, "faulty-proxy");
              thread.setDaemon(true);
              return thread;
            }));
    server.createContext("/", exchange -> handle(exchange, upstream, faults, slowness));
    server.start();
  }

  public String baseUrl() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  private void handle(
      HttpExchange exchange,
      URI upstream,
      BiFunction<String, String, Fault> faults,
      Duration slowness)
      throws IOException {
    byte[] body = exchange.getRequestBody().readAllBytes();
    Fault fault = faults.apply(exchange.getRequestMethod(), exchange.getRequestURI().getPath());
    if (fault == Fault.DROP_BEFORE) {
      exchange.close();
      return;
    }
    HttpResponse<byte[]> answer;
    try {
      HttpRequest.Builder request =
          HttpRequest.newBuilder(URI.create(upstream + exchange.getRequestURI().toString()))
              .method(
                  exchange.getRequestMethod(),
                  body.length == 0
                      ? HttpRequest.BodyPublishers.noBody()
                      : HttpRequest.BodyPublishers.ofByteArray(body));
      exchange
          .getRequestHeaders()
          .forEach(
              (name, values) -> {
                if (!HOP.contains(name.toLowerCase(Locale.ROOT))) {
                  values.forEach(value -> request.header(name, value));
                }
              });
      answer = http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      exchange.close();
      return;
    }
    switch (fault) {
      case DROP_AFTER -> {
        exchange.close();
        return;
      }
      case BAD_GATEWAY_AFTER, UNAVAILABLE_AFTER -> {
        exchange.sendResponseHeaders(fault == Fault.BAD_GATEWAY_AFTER ? 502 : 503, -1);
        exchange.close();
        return;
      }
      case SLOW_AFTER -> {
        try {
          Thread.sleep(slowness.toMillis());
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
      default -> {}
    }
    answer
        .headers()
        .map()
        .forEach(
            (name, values) -> {
              if (!name.startsWith(":") && !HOP.contains(name.toLowerCase(Locale.ROOT))) {
                exchange.getResponseHeaders().put(name, values);
              }
            });
    byte[] bytes = answer.body();
    exchange.sendResponseHeaders(answer.statusCode(), bytes.length == 0 ? -1 : bytes.length);
    if (bytes.length > 0) {
      exchange.getResponseBody().write(bytes);
    }
    exchange.close();
  }

  @Override
  public void close() {
    server.stop(0);
    ((ExecutorService) server.getExecutor()).shutdownNow();
  }
}
