package com.merchantpay.v1;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import com.merchantpay.v1.model.ErrorCode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * getDocumentContent: the body reaches the caller as a live stream; failures still arrive as
 * exceptions.
 */
class DocumentContentTest {
  private HttpServer server;

  @AfterEach
  void stop() {
    if (server != null) {
      server.stop(0);
    }
  }

  @Test
  void contentIsStreamedWhileTheServerIsStillSending() throws Exception {
    byte[] first = bytes(256 * 1024, 1);
    byte[] rest = bytes(256 * 1024, 2);
    CountDownLatch firstPartRead = new CountDownLatch(1);
    start(
        exchange -> {
          exchange.getResponseHeaders().add("Content-Type", "application/pdf");
          exchange.sendResponseHeaders(200, 0);
          try (OutputStream body = exchange.getResponseBody()) {
            body.write(first);
            body.flush();
            // The rest is sent only once the client has read the first part: a client that buffered
            // the
            // whole body before returning would never get there.
            if (!firstPartRead.await(10, TimeUnit.SECONDS)) {
              return;
            }
            body.write(rest);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
        });
    MerchantPayV1Client client = TestClients.client(baseUrl());

    byte[] received =
        assertTimeoutPreemptively(
            Duration.ofSeconds(8),
            () -> {
              try (InputStream content = client.openDocumentContent("88412")) {
                byte[] head = content.readNBytes(first.length);
                firstPartRead.countDown();
                byte[] tail = content.readAllBytes();
                byte[] all = new byte[head.length + tail.length];
                System.arraycopy(head, 0, all, 0, head.length);
                System.arraycopy(tail, 0, all, head.length, tail.length);
                return all;
              }
            });

    assertThat(received).hasSize(first.length + rest.length);
    assertThat(received).startsWith(first).endsWith(rest);
  }

  @Test
  void aJsonFailureEnvelopeInsteadOfContentThrowsItsErrorCode() throws Exception {
    start(
        exchange ->
            send(
                exchange,
                "application/json; charset=utf-8",
                "{\"ErrorCode\":-6}".getBytes(StandardCharsets.UTF_8)));
    MerchantPayV1Client client = TestClients.client(baseUrl());

    assertThatThrownBy(() -> client.openDocumentContent("88412"))
        .isInstanceOfSatisfying(
            V1ErrorCodeException.class,
            failure -> {
              assertThat(failure.getErrorCode()).isEqualTo(ErrorCode.ACCESS_DENIED);
              assertThat(failure.getOperation()).isEqualTo("getDocumentContent");
            });
  }

  @Test
  void jsonContentThatIsNotAFailureIsTheDocumentItself() throws Exception {
    byte[] document = "{\"report\":[1,2,3]}".getBytes(StandardCharsets.UTF_8);
    start(exchange -> send(exchange, "application/json", document));
    MerchantPayV1Client client = TestClients.client(baseUrl());

    try (InputStream content = client.openDocumentContent("88412")) {
      assertThat(content.readAllBytes()).isEqualTo(document);
    }
  }

  @Test
  void aNon200AnswerIsAServerFailure() throws Exception {
    start(
        exchange -> {
          exchange.sendResponseHeaders(500, -1);
          exchange.close();
        });
    MerchantPayV1Client client = TestClients.client(baseUrl());

    assertThatThrownBy(() -> client.openDocumentContent("88412"))
        .isInstanceOfSatisfying(
            V1ServerFailureException.class,
            failure -> assertThat(failure.getStatus()).isEqualTo(500));
  }

  @Test
  void downloadSavesTheExactBytesAndReportsTheSize(@TempDir Path directory) throws Exception {
    byte[] document = bytes(3 * 1024 * 1024 + 17, 3);
    start(exchange -> send(exchange, "application/octet-stream", document));
    MerchantPayV1Client client = TestClients.client(baseUrl());
    Path target = directory.resolve("act.pdf");
    Files.writeString(target, "older content");

    long size = client.downloadDocument("88412", target);

    assertThat(size).isEqualTo(document.length);
    assertThat(Files.readAllBytes(target)).isEqualTo(document);
    try (var files = Files.list(directory)) {
      assertThat(files).containsExactly(target);
    }
  }

  @Test
  void aFailedDownloadLeavesNoFileBehind(@TempDir Path directory) throws Exception {
    start(
        exchange ->
            send(
                exchange,
                "application/json",
                "{\"ErrorCode\":-6}".getBytes(StandardCharsets.UTF_8)));
    MerchantPayV1Client client = TestClients.client(baseUrl());

    assertThatThrownBy(() -> client.downloadDocument("88412", directory.resolve("act.pdf")))
        .isInstanceOf(V1ErrorCodeException.class);
    try (var files = Files.list(directory)) {
      assertThat(files).isEmpty();
    }
  }

  @Test
  void aStreamBrokenMidwayIsATransportFailureAndLeavesNoFile(@TempDir Path directory)
      throws Exception {
    start(
        exchange -> {
          exchange.getResponseHeaders().add("Content-Type", "application/pdf");
          exchange.sendResponseHeaders(200, 1_000_000);
          exchange.getResponseBody().write(bytes(1000, 4));
          exchange.getResponseBody().flush();
          exchange.close();
        });
    MerchantPayV1Client client = TestClients.client(baseUrl());

    assertThatThrownBy(() -> client.downloadDocument("88412", directory.resolve("act.pdf")))
        .isInstanceOf(V1TransportException.class)
        .hasMessageStartingWith("getDocumentContent: ");
    try (var files = Files.list(directory)) {
      assertThat(files).isEmpty();
    }
  }

  private interface Handler {
    void handle(HttpExchange exchange) throws IOException;
  }

  private void start(Handler handler) throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext("/api/v1/getDocumentContent", handler::handle);
    server.setExecutor(Executors.newCachedThreadPool());
    server.start();
  }

  private String baseUrl() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  private static void send(HttpExchange exchange, String contentType, byte[] body)
      throws IOException {
    exchange.getResponseHeaders().add("Content-Type", contentType);
    exchange.sendResponseHeaders(200, body.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(body);
    }
  }

  private static byte[] bytes(int size, long seed) {
    byte[] bytes = new byte[size];
    new Random(seed).nextBytes(bytes);
    return bytes;
  }
}
