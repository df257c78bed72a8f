package com.merchantpay.conformance.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The kit against a target that does not play fair: bodies that trickle, never end, or claim a size
 * no answer needs; and what a target echoes, never shown whole when it is a secret.
 */
class HostilePeersTest {
  private static final String TOKEN = "tok3n-of-the-merchant-27ch";

  private HttpServer server;

  @AfterEach
  void stop() {
    if (server != null) {
      server.stop(0);
    }
  }

  /** A target whose every answer is written by this. */
  private URI target(Answer answer) throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.setExecutor(java.util.concurrent.Executors.newCachedThreadPool());
    server.createContext(
        "/",
        exchange -> {
          try {
            answer.write(exchange);
          } catch (IOException e) {
            // the kit went away, as it should
          } finally {
            exchange.close();
          }
        });
    server.start();
    return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
  }

  interface Answer {
    void write(com.sun.net.httpserver.HttpExchange exchange) throws IOException;
  }

  @Test
  void aBodyThatTricklesIsCutOffAtTheCallsTimeout() throws Exception {
    URI base =
        target(
            exchange -> {
              exchange.sendResponseHeaders(200, 0);
              OutputStream out = exchange.getResponseBody();
              for (int i = 0; i < 600; i++) {
                out.write('{');
                out.flush();
                sleep(100);
              }
            });
    Wire wire = new Wire(base, Duration.ofSeconds(2), 0);

    long started = System.nanoTime();
    Exchange exchange = wire.send("GET", "/api/v2/payments/p-1", Map.of(), null);

    assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(6));
    assertThat(exchange.answered()).isFalse();
    assertThat(exchange.transportError()).startsWith(Wire.TIMED_OUT).contains("body included");
  }

  @Test
  void anAnswerWhoseContentLengthIsNoNumberIsACallWithoutAnAnswer() throws Exception {
    try (java.net.ServerSocket listening =
        new java.net.ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      Thread answering =
          new Thread(
              () -> {
                try (java.net.Socket socket = listening.accept()) {
                  java.io.BufferedReader request =
                      new java.io.BufferedReader(
                          new java.io.InputStreamReader(
                              socket.getInputStream(), StandardCharsets.US_ASCII));
                  for (String line = request.readLine();
                      line != null && !line.isEmpty();
                      line = request.readLine()) {
                    // the request's head, read and let be
                  }
                  socket
                      .getOutputStream()
                      .write(
                          "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: abc\r\n\r\n{}"
                              .getBytes(StandardCharsets.US_ASCII));
                  socket.getOutputStream().flush();
                  sleep(2_000);
                } catch (IOException e) {
                  // the kit went away
                }
              });
      answering.setDaemon(true);
      answering.start();
      Wire wire =
          new Wire(
              URI.create("http://127.0.0.1:" + listening.getLocalPort()), Duration.ofSeconds(5), 0);

      Exchange exchange = wire.send("GET", "/api/v2/payments/p-1", Map.of(), null);

      assertThat(exchange.answered()).isFalse();
      assertThat(exchange.transportError()).isNotBlank().doesNotStartWith(Wire.TIMED_OUT);
    }
  }

  @Test
  void aBodyThatNeverEndsIsReadUpToTheLimitAndNoFurther() throws Exception {
    byte[] chunk = new byte[64 * 1024];
    URI base =
        target(
            exchange -> {
              exchange.sendResponseHeaders(200, 0);
              OutputStream out = exchange.getResponseBody();
              while (true) {
                out.write(chunk);
              }
            });
    Wire wire = new Wire(base, Duration.ofSeconds(30), 0);

    Exchange exchange = wire.send("GET", "/api/v2/payments/p-1", Map.of(), null);

    assertThat(exchange.answered()).isFalse();
    assertThat(exchange.transportError())
        .isEqualTo("the answer's body is over 8 MiB; the kit read no more of it");
  }

  @Test
  void aDeclaredLengthNoAnswerNeedsIsRefusedBeforeReading() throws Exception {
    URI base =
        target(
            exchange -> {
              exchange.sendResponseHeaders(200, 1L << 30);
              exchange.getResponseBody().write('{');
              // Sent now, as a target sends its headers: the JDK's test server (25) holds them
              // back until it is flushed, which would make any client wait.
              exchange.getResponseBody().flush();
              sleep(10_000);
            });
    Wire wire = new Wire(base, Duration.ofSeconds(30), 0);

    long started = System.nanoTime();
    Exchange exchange = wire.send("GET", "/api/v2/payments/p-1", Map.of(), null);

    assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(5));
    assertThat(exchange.transportError()).contains("over 8 MiB");
  }

  @Test
  void aSecretCutAtAnyOffsetOfASummaryLeavesNoMoreThanTwoOfItsCharacters() {
    for (int offset = 0; offset <= TOKEN.length(); offset++) {
      String text = "x".repeat(600 - offset) + TOKEN + "y".repeat(100);
      Exchange echoed =
          new Exchange(
              "GET",
              URI.create("http://127.0.0.1/api/v2/payments/p-1"),
              Map.of(),
              new byte[0],
              400,
              Map.of("Content-Type", List.of("text/plain")),
              text.getBytes(StandardCharsets.UTF_8),
              1,
              null);

      String shown = Redaction.cutSecrets(echoed.summary().replace(TOKEN, "***"), List.of(TOKEN));

      for (int length = 3; length <= TOKEN.length(); length++) {
        for (int from = 0; from + length <= TOKEN.length(); from++) {
          String piece = TOKEN.substring(from, from + length);
          if (!piece.matches("[xy]+")) {
            assertThat(shown).as("offset %d, piece %s", offset, piece).doesNotContain(piece);
          }
        }
      }
    }
  }

  @Test
  void aV1HashOrNonceTheTargetEchoesIsMaskedInEveryForm() {
    assertThat(Redaction.text("login=shop&nonce=n-123&hash=Ab+/9xYz0123456789abcdefghi="))
        .doesNotContain("n-123")
        .doesNotContain("Ab+/9xYz");
    assertThat(Redaction.body("{\"Login\":\"shop\",\"Nonce\":\"n-123\",\"Hash\":\"Ab+/9xYz\"}"))
        .doesNotContain("n-123")
        .doesNotContain("Ab+/9xYz")
        .contains("shop");
    assertThat(Redaction.text("<Response><hash>Ab+/9xYz</hash><nonce>n-123</nonce></Response>"))
        .doesNotContain("n-123")
        .doesNotContain("Ab+/9xYz");
  }

  @Test
  void theCallbackReceiverTakesNoNotificationLargerThanANotificationIs() throws Exception {
    try (CallbackReceiver receiver = new CallbackReceiver("127.0.0.1")) {
      CallbackReceiver.Inbox inbox = receiver.inbox("hostile", 0);
      HttpResponse<Void> answer =
          HttpClient.newHttpClient()
              .send(
                  HttpRequest.newBuilder(URI.create(inbox.url()))
                      .POST(HttpRequest.BodyPublishers.ofByteArray(new byte[2 * 1024 * 1024]))
                      .build(),
                  HttpResponse.BodyHandlers.discarding());

      assertThat(answer.statusCode()).isEqualTo(413);
      assertThat(inbox.arrivals()).isEmpty();
    }
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
