package com.merchantpay.v1;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.time.LocalDate;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The document operations against a server that answers without end or without hurry. They once
 * bypassed the bounds every other operation has: a 700 MB document list ran a 512 MB heap out of
 * memory, a slow one ignored the read timeout, and a document's content could block forever.
 */
class HostileServerTest {
  private static final Duration READ_TIMEOUT = Duration.ofSeconds(1);
  private static final LocalDate FROM = LocalDate.of(2026, 1, 1);
  private static final LocalDate TO = LocalDate.of(2026, 1, 31);

  private HttpServer server;
  private ExecutorService threads;

  @AfterEach
  void stop() {
    server.stop(0);
    threads.shutdownNow();
  }

  @Test
  void aDocumentListWithoutEndIsRefusedAtTheLimitNamingIt() throws IOException {
    start(HostileServerTest::endless);

    assertThatThrownBy(() -> client().listDocuments(FROM, TO))
        .isInstanceOf(MerchantPayV1Exception.class)
        .hasMessageStartingWith("listDocuments: ")
        .hasMessageContaining("larger than 16777216 bytes");
  }

  @Test
  void aDocumentListThatTricklesFailsWithinTheReadTimeout() throws IOException {
    start(HostileServerTest::trickle);

    long started = System.nanoTime();
    assertThatThrownBy(() -> client().listDocuments(FROM, TO))
        .isInstanceOf(MerchantPayV1Exception.class)
        .hasMessageStartingWith("listDocuments: ");
    assertThat(Duration.ofNanos(System.nanoTime() - started))
        .isLessThan(READ_TIMEOUT.multipliedBy(4));
  }

  @Test
  void documentContentThatStallsFailsTheReadWithinTheReadTimeout() throws Exception {
    start(
        exchange -> {
          exchange.getResponseHeaders().add("Content-Type", "application/pdf");
          exchange.sendResponseHeaders(200, 0);
          OutputStream out = exchange.getResponseBody();
          out.write(new byte[1024]);
          out.flush();
          pause(60_000);
        });

    try (InputStream content = client().openDocumentContent("88412")) {
      assertThat(content.readNBytes(1024)).hasSize(1024);
      long started = System.nanoTime();
      assertThatThrownBy(content::read)
          .isInstanceOf(IOException.class)
          .hasMessageContaining("no part of the document came within 1000 ms");
      assertThat(Duration.ofNanos(System.nanoTime() - started))
          .isLessThan(READ_TIMEOUT.multipliedBy(4));
    }
  }

  @Test
  void aFailureEnvelopeOrErrorPageWithoutEndIsRefusedAtTheLimit() throws IOException {
    start(
        exchange -> {
          // A 200 JSON answer is read whole, as it may be a failure envelope; a 500 as a failure.
          if (exchange.getRequestURI().getRawQuery().contains("nonce=test-nonce-1")) {
            endless(exchange);
          } else {
            exchange.getResponseHeaders().add("Content-Type", "text/html");
            exchange.sendResponseHeaders(500, 0);
            writeForever(exchange.getResponseBody());
          }
        });
    MerchantPayV1Client client = client();

    assertThatThrownBy(() -> client.openDocumentContent("88412"))
        .isInstanceOf(MerchantPayV1Exception.class)
        .hasMessageContaining("larger than 16777216 bytes");
    assertThatThrownBy(() -> client.openDocumentContent("88412"))
        .isInstanceOf(V1ServerFailureException.class)
        .hasMessageContaining("HTTP 500");
  }

  @Test
  void documentContentAnsweredWithATrickledFailureFailsWithinTheReadTimeout() throws IOException {
    start(
        exchange -> {
          exchange.getResponseHeaders().add("Content-Type", "text/html");
          exchange.sendResponseHeaders(500, 0);
          OutputStream out = exchange.getResponseBody();
          for (int i = 0; i < 600; i++) {
            out.write(' ');
            out.flush();
            pause(100);
          }
        });

    long started = System.nanoTime();
    // The failure is reported with what came of its page within the read timeout, not after 60 s.
    assertThatThrownBy(() -> client().openDocumentContent("88412"))
        .isInstanceOf(V1ServerFailureException.class)
        .hasMessageContaining("HTTP 500");
    assertThat(Duration.ofNanos(System.nanoTime() - started))
        .isLessThan(READ_TIMEOUT.multipliedBy(4));
  }

  private MerchantPayV1Client client() {
    return TestClients.builder(baseUrl())
        .nonceSupplier(TestClients.counting("test-nonce-"))
        .readTimeout(READ_TIMEOUT)
        .build();
  }

  private static void endless(HttpExchange exchange) throws IOException {
    exchange.getResponseHeaders().add("Content-Type", "application/json");
    exchange.sendResponseHeaders(200, 0);
    OutputStream out = exchange.getResponseBody();
    out.write("{\"ErrorCode\":0,\"Documents\":[".getBytes());
    writeForever(out);
  }

  private static void writeForever(OutputStream out) throws IOException {
    byte[] spaces = " ".repeat(64 * 1024).getBytes();
    while (true) {
      out.write(spaces);
    }
  }

  private static void trickle(HttpExchange exchange) throws IOException {
    exchange.getResponseHeaders().add("Content-Type", "application/json");
    exchange.sendResponseHeaders(200, 0);
    OutputStream out = exchange.getResponseBody();
    out.write('{');
    for (int i = 0; i < 600; i++) {
      out.write(' ');
      out.flush();
      pause(100);
    }
  }

  private static void pause(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private interface Handler {
    void handle(HttpExchange exchange) throws IOException;
  }

  private void start(Handler handler) throws IOException {
    threads = Executors.newCachedThreadPool();
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext(
        "/",
        exchange -> {
          try (exchange) {
            handler.handle(exchange);
          } catch (IOException e) {
            // the client stopped reading, as it should
          }
        });
    server.setExecutor(threads);
    server.start();
  }

  private String baseUrl() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }
}
