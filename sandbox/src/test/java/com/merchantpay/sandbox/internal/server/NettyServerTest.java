package com.merchantpay.sandbox.internal.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.merchantpay.sandbox.internal.http.HttpSupport;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The HTTP server on its own, spoken to over a plain socket: answers keep their requests' order
 * even when one is answered off the I/O thread, HTTP/1.0 keeps a connection only when asked, a body
 * too large and a target that is no URI are answered and end the connection, nothing is answered
 * before the server opens, and a stop closes everything.
 */
class NettyServerTest {
  private final ExecutorService workers = Executors.newFixedThreadPool(2);
  private final List<String> received = Collections.synchronizedList(new ArrayList<>());
  private NettyServer server;

  /**
   * Answers {@code /slow...} off the I/O thread, {@code /big...} with 4 MiB, anything else at once.
   */
  private final NettyServer.Handler handler =
      new NettyServer.Handler() {
        @Override
        public Executor answeredBy(NettyServer.Received request) {
          return request.rawPath().startsWith("/slow") ? workers : null;
        }

        @Override
        public NettyServer.Reply answer(NettyServer.Received request) {
          received.add(
              request.method()
                  + " "
                  + request.rawPath()
                  + (request.body() == null ? " (too large)" : ""));
          if (request.rawPath().startsWith("/slow")) {
            sleep(Duration.ofMillis(150));
          }
          if (request.rawPath().startsWith("/big")) {
            return NettyServer.Reply.whole(
                new HttpSupport.Out(200, "application/octet-stream", BIG, Map.of()));
          }
          return NettyServer.Reply.whole(
              HttpSupport.Out.text(
                  request.body() == null ? 413 : 200,
                  "text/plain",
                  "answer to " + request.rawPath()));
        }
      };

  private static final byte[] BIG = new byte[4 << 20];

  @BeforeEach
  void start() {
    server = new NettyServer(0, handler);
    server.open();
  }

  @AfterEach
  void stop() {
    server.stop();
    workers.shutdownNow();
  }

  @Test
  void pipelinedRequestsAreAnsweredInTheirOrderWhenOneWaits() throws IOException {
    try (Socket socket = connect()) {
      write(
          socket,
          "GET /slow HTTP/1.1\r\nHost: x\r\n\r\n"
              + "GET /fast HTTP/1.1\r\nHost: x\r\n\r\n"
              + "GET /slow/again HTTP/1.1\r\nHost: x\r\n\r\n");

      String answers = readUntil(socket, "answer to /slow/again");

      assertThat(answers.indexOf("answer to /slow")).isNotNegative();
      assertThat(answers.indexOf("answer to /slow")).isLessThan(answers.indexOf("answer to /fast"));
      assertThat(answers.indexOf("answer to /fast"))
          .isLessThan(answers.indexOf("answer to /slow/again"));
      assertThat(answers.split("HTTP/1.1 200 OK", -1)).hasSize(4);
    }
  }

  @Test
  void http10KeepsTheConnectionOnlyWhenAskedTo() throws IOException {
    try (Socket socket = connect()) {
      write(socket, "GET /fast HTTP/1.0\r\nConnection: keep-alive\r\n\r\n");
      String first = readUntil(socket, "answer to /fast");
      write(socket, "GET /fast/two HTTP/1.0\r\n\r\n");
      String second = readToEnd(socket);

      assertThat(first).containsIgnoringCase("connection: keep-alive");
      assertThat(second).contains("answer to /fast/two").containsIgnoringCase("connection: close");
    }
  }

  @Test
  void aBodyTooLargeIsAnsweredAndTheConnectionEnds() throws IOException {
    try (Socket socket = connect()) {
      write(
          socket,
          "POST /fast HTTP/1.1\r\nHost: x\r\nContent-Length: "
              + (HttpSupport.MAX_BODY + 1)
              + "\r\n\r\n");
      String answer = readToEnd(socket);

      assertThat(answer).startsWith("HTTP/1.1 413").containsIgnoringCase("connection: close");
      assertThat(received).containsExactly("POST /fast (too large)");
    }
  }

  @Test
  void aTargetThatIsNoUriIsRefusedWithoutReachingTheSandbox() throws IOException {
    try (Socket socket = connect()) {
      write(socket, "GET /bad%zz HTTP/1.1\r\nHost: x\r\n\r\n");
      String answer = readToEnd(socket);

      assertThat(answer).startsWith("HTTP/1.1 400").contains("not a URI");
      assertThat(received).isEmpty();
    }
  }

  @Test
  void aCallMadeBeforeTheServerOpensWaitsForIt() throws IOException {
    server.stop();
    server = new NettyServer(0, new RefusingHandler());
    try (Socket socket = connect()) {
      socket.setSoTimeout(300);
      write(socket, "GET /early HTTP/1.1\r\nHost: x\r\n\r\n");

      assertThatThrownBy(() -> socket.getInputStream().read())
          .isInstanceOf(SocketTimeoutException.class);

      server.open();
      socket.setSoTimeout(5_000);
      assertThat(readUntil(socket, "\r\n\r\n")).startsWith("HTTP/1.1 503");
    }
  }

  @Test
  void stoppingClosesOpenConnectionsAndReleasesThePort() throws IOException {
    int port = server.port();
    try (Socket socket = connect()) {
      write(socket, "GET /fast HTTP/1.1\r\nHost: x\r\n\r\n");
      readUntil(socket, "answer to /fast");

      server.stop();

      assertThat(socket.getInputStream().read()).isEqualTo(-1);
    }
    try (ServerSocket again = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
      assertThat(again.getLocalPort()).isEqualTo(port);
    }
    server = new NettyServer(0, new RefusingHandler()); // for stop() after the test
  }

  @Test
  void answersNobodyReadsAreNotMadeUntilTheCallerReadsAgain() throws IOException {
    try (Socket socket = new Socket()) {
      // A small window, so what the caller leaves unread backs up into the server at once.
      socket.setReceiveBufferSize(16 * 1024);
      socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), server.port()));
      socket.setSoTimeout(10_000);
      write(socket, "GET /big HTTP/1.1\r\nHost: x\r\n\r\n".repeat(30));
      write(socket, "GET /last HTTP/1.1\r\nHost: x\r\n\r\n");

      sleep(Duration.ofSeconds(1));
      int madeWhileUnread = received.size();
      skipUntil(socket, "answer to /last");

      assertThat(madeWhileUnread).isBetween(1, 9);
      assertThat(received).hasSize(31).endsWith("GET /last");
    }
  }

  @Test
  void aConnectionWithNothingSentOrReceivedIsClosedOnceIdle() throws IOException {
    server.stop();
    server =
        new NettyServer(InetAddress.getLoopbackAddress(), 0, null, handler, Duration.ofMillis(300));
    server.open();
    try (Socket silent = connect();
        Socket used = connect()) {
      write(used, "GET /fast HTTP/1.1\r\nHost: x\r\n\r\n");
      readUntil(used, "answer to /fast");

      assertThat(silent.getInputStream().read()).isEqualTo(-1);
      assertThat(used.getInputStream().read()).isEqualTo(-1);
    }
  }

  @Test
  void aRequestLineOrHeadersTooLongAreAnsweredWithTheErrorBody() throws IOException {
    String longLine;
    String longHeaders;
    try (Socket socket = connect()) {
      write(socket, "GET /" + "a".repeat(9_000) + " HTTP/1.1\r\nHost: x\r\n\r\n");
      longLine = readToEnd(socket);
    }
    try (Socket socket = connect()) {
      write(socket, "GET / HTTP/1.1\r\nHost: x\r\nX-Long: " + "b".repeat(40_000) + "\r\n\r\n");
      longHeaders = readToEnd(socket);
    }

    assertThat(longLine)
        .startsWith("HTTP/1.1 400")
        .containsIgnoringCase("content-type: application/json")
        .contains("\"code\":\"validation_error\"", "the request line is longer than 8192 bytes");
    assertThat(longHeaders)
        .startsWith("HTTP/1.1 400")
        .contains(
            "\"code\":\"validation_error\"", "the request's headers are longer than 32768 bytes");
    assertThat(received).isEmpty();
  }

  private Socket connect() throws IOException {
    Socket socket = new Socket(InetAddress.getLoopbackAddress(), server.port());
    socket.setSoTimeout(5_000);
    return socket;
  }

  private static void write(Socket socket, String text) throws IOException {
    socket.getOutputStream().write(text.getBytes(StandardCharsets.US_ASCII));
    socket.getOutputStream().flush();
  }

  private static String readUntil(Socket socket, String end) throws IOException {
    InputStream in = socket.getInputStream();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    byte[] buffer = new byte[4096];
    while (!out.toString(StandardCharsets.US_ASCII).contains(end)) {
      int n = in.read(buffer);
      if (n < 0) {
        break;
      }
      out.write(buffer, 0, n);
    }
    return out.toString(StandardCharsets.US_ASCII);
  }

  /** Reads until the text arrives, keeping only a window of what came: answers may be large. */
  private static void skipUntil(Socket socket, String end) throws IOException {
    InputStream in = socket.getInputStream();
    byte[] buffer = new byte[64 * 1024];
    String tail = "";
    while (!tail.contains(end)) {
      int n = in.read(buffer);
      if (n < 0) {
        throw new AssertionError("the connection ended before " + end);
      }
      String read = new String(buffer, 0, n, StandardCharsets.ISO_8859_1);
      tail = (tail + read).substring(Math.max(0, tail.length() + n - 2 * end.length()));
    }
  }

  private static String readToEnd(Socket socket) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      socket.getInputStream().transferTo(out);
    } catch (SocketTimeoutException e) {
      throw new AssertionError("the connection stayed open: " + out, e);
    }
    return out.toString(StandardCharsets.US_ASCII);
  }

  private static void sleep(Duration duration) {
    try {
      Thread.sleep(duration.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static final class RefusingHandler implements NettyServer.Handler {
    @Override
    public Executor answeredBy(NettyServer.Received request) {
      return null;
    }

    @Override
    public NettyServer.Reply answer(NettyServer.Received request) {
      return NettyServer.Reply.whole(HttpSupport.Out.empty(503));
    }
  }
}
