package com.merchantpay.conformance.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The bytes of the answers being read at once are counted while they are read and given back
 * however the read ends: whole, over a limit, or given up by the caller. A count that kept what an
 * abandoned read held would refuse sound answers later in a long run.
 */
class BoundedBodyTest {
  private static final int CHUNK = 64 * 1024;

  private HttpServer server;
  private final HttpClient http = HttpClient.newHttpClient();

  @BeforeEach
  void start() throws Exception {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.setExecutor(java.util.concurrent.Executors.newCachedThreadPool());
    server.createContext(
        "/whole",
        exchange -> {
          exchange.sendResponseHeaders(200, 3 * CHUNK);
          try (OutputStream body = exchange.getResponseBody()) {
            body.write(new byte[3 * CHUNK]);
          }
        });
    server.createContext(
        "/endless",
        exchange -> {
          exchange.sendResponseHeaders(200, 0);
          try (OutputStream body = exchange.getResponseBody()) {
            while (true) {
              body.write(new byte[CHUNK]);
              body.flush();
              Thread.sleep(20);
            }
          } catch (Exception gone) {
            // the caller gave up
          }
        });
    server.start();
  }

  @AfterEach
  void stop() {
    server.stop(0);
  }

  @Test
  void aWholeAnswerIsReadAndItsBytesGivenBack() throws Exception {
    BoundedBody.InFlight together = new BoundedBody.InFlight(16L * CHUNK);

    byte[] body = send("/whole", 8L * CHUNK, together).get(10, TimeUnit.SECONDS).body();

    assertThat(body).hasSize(3 * CHUNK);
    assertThat(together.held()).isZero();
  }

  @Test
  void answersTogetherOverTheirBoundFailNamingItAndHoldNothingAfter() {
    BoundedBody.InFlight together = new BoundedBody.InFlight(2L * CHUNK);

    assertThatThrownBy(() -> send("/whole", 8L * CHUNK, together).get(10, TimeUnit.SECONDS))
        .isInstanceOf(ExecutionException.class)
        .hasMessageContaining(
            "the answers being read at once are together over " + (2 * CHUNK) + " bytes");
    assertThat(together.held()).isZero();
  }

  @Test
  void anAnswerOverItsOwnLimitHoldsNothingAfter() {
    BoundedBody.InFlight together = new BoundedBody.InFlight(64L * CHUNK);

    assertThatThrownBy(() -> send("/endless", 4L * CHUNK, together).get(10, TimeUnit.SECONDS))
        .isInstanceOf(ExecutionException.class)
        .hasMessageContaining("the answer's body is over");
    assertThat(together.held()).isZero();
  }

  @Test
  void aReadTheCallerGivesUpOnHoldsNothingAfter() throws Exception {
    BoundedBody.InFlight together = new BoundedBody.InFlight(1024L * CHUNK);
    BoundedBody.Reading reading = BoundedBody.handler(512L * CHUNK, together);
    CompletableFuture<HttpResponse<byte[]>> pending = send("/endless", reading);
    assertThatThrownBy(() -> pending.get(300, TimeUnit.MILLISECONDS))
        .isInstanceOf(TimeoutException.class);
    assertThat(together.held()).isPositive();

    // As Wire does when a call's time is up: the exchange cancelled, and the body let go, which
    // the HTTP client does not always report (it may stop the body with no error and no end).
    pending.cancel(true);
    reading.abandon();

    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (together.held() != 0 && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    assertThat(together.held()).isZero();
  }

  private CompletableFuture<HttpResponse<byte[]>> send(
      String path, long limit, BoundedBody.InFlight together) {
    return send(path, BoundedBody.handler(limit, together));
  }

  private CompletableFuture<HttpResponse<byte[]>> send(String path, BoundedBody.Reading reading) {
    return http.sendAsync(
        HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + server.getAddress().getPort() + path))
            .build(),
        reading);
  }
}
