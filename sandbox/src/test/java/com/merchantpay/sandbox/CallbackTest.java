package com.merchantpay.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.merchantpay.testsupport.CallbackReceiver;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CallbackTest extends SandboxTestBase {

  private String payWithCallback(String pan, boolean dualMode, String url) {
    ObjectNode body = api.cardPayment(pan, "1500.50", dualMode);
    body.putObject("protocol").put("callbackUrl", url);
    body.putObject("invoice").put("orderNo", "10045").putObject("params").put("basketId", "b-1");
    return api.post("/api/v2/payments", body).json().path("id").asText();
  }

  @Test
  void everyStatusChangeIsPostedWithTheDocumentedBody() {
    try (CallbackReceiver receiver = new CallbackReceiver(0)) {
      String id = payWithCallback("4111111111111111", true, receiver.url());
      api.put(
          "/api/v2/payments/" + id + "/confirm", Map.of("amount", Api.amount("1500.50", "RUB")));

      List<JsonNode> deliveries = api.deliveries(id);

      assertThat(deliveries)
          .extracting(d -> d.path("body").path("status").asText())
          .containsExactly("Authorized", "Settled");
      assertThat(receiver.bodies()).hasSize(2);
      assertThat(receiver.contentTypes())
          .allSatisfy(t -> assertThat(t).startsWith("application/json"));
      JsonNode settled = receiver.bodies().get(1);
      assertThat(settled.path("id").asText()).isEqualTo(id);
      assertThat(settled.path("amount").path("value").decimalValue())
          .isEqualByComparingTo("1500.50");
      assertThat(settled.path("invoice").path("params").path("basketId").asText()).isEqualTo("b-1");
      receiver.bodies().forEach(body -> Api.conformsToSchema("PaymentNotification", body));
    }
  }

  @Test
  void failedDeliveriesAreRetriedWithBackoffUntilAcknowledged() {
    try (CallbackReceiver receiver = new CallbackReceiver(2)) {
      String id = payWithCallback("4111111111111111", false, receiver.url());

      List<JsonNode> first = api.deliveries(id);
      assertThat(first)
          .singleElement()
          .satisfies(
              d -> {
                assertThat(d.path("attempt").asInt()).isEqualTo(1);
                assertThat(d.path("status").asInt()).isEqualTo(500);
                assertThat(d.path("acknowledged").asBoolean()).isFalse();
                assertThat(d.path("nextAttempt").asText()).isEqualTo("2024-05-14T09:00:01Z");
              });
      api.advance("PT0.999S");
      assertThat(api.deliveries(id)).hasSize(1);
      api.advance("PT0.001S");
      assertThat(api.deliveries(id))
          .last()
          .satisfies(
              d -> {
                assertThat(d.path("attempt").asInt()).isEqualTo(2);
                assertThat(d.path("nextAttempt").asText()).isEqualTo("2024-05-14T09:00:03Z");
              });
      api.advance("PT2S");

      List<JsonNode> all = api.deliveries(id);
      assertThat(all).extracting(d -> d.path("attempt").asInt()).containsExactly(1, 2, 3);
      assertThat(all).extracting(d -> d.path("status").asInt()).containsExactly(500, 500, 200);
      assertThat(all.get(2).path("acknowledged").asBoolean()).isTrue();
      assertThat(all.get(2).has("nextAttempt")).isFalse();
      assertThat(all)
          .extracting(d -> d.path("deliveryId").asText())
          .containsOnly(all.get(0).path("deliveryId").asText());
      assertThat(receiver.bodies())
          .hasSize(3)
          .allSatisfy(b -> assertThat(b).isEqualTo(receiver.bodies().get(0)));
    }
  }

  @Test
  void deliveryStopsAfterTheAttemptLimit() {
    try (CallbackReceiver receiver = new CallbackReceiver(Integer.MAX_VALUE)) {
      String id = payWithCallback("4111111111111111", false, receiver.url());

      api.advance("PT1S");
      api.advance("PT2S");
      api.advance("PT1H");

      List<JsonNode> all = api.deliveries(id);
      assertThat(all).hasSize(3);
      assertThat(all).noneSatisfy(d -> assertThat(d.path("acknowledged").asBoolean()).isTrue());
      assertThat(all.get(2).has("nextAttempt")).isFalse();
    }
  }

  @Test
  void anUnreachableUrlIsRecordedAsAnError() {
    int closedPort;
    try (CallbackReceiver receiver = new CallbackReceiver(0)) {
      closedPort = Integer.parseInt(receiver.url().replaceAll(".*:(\\d+)/.*", "$1"));
    }
    String id =
        payWithCallback("4111111111111111", false, "http://127.0.0.1:" + closedPort + "/hooks");

    JsonNode attempt = api.deliveries(id).get(0);

    assertThat(attempt.path("status").isNull()).isTrue();
    assertThat(attempt.path("error").asText()).isNotEmpty();
  }

  @Test
  void theDeliveryLogStartsEmptyAfterAReset() {
    try (CallbackReceiver receiver = new CallbackReceiver(0)) {
      payWithCallback("4111111111111111", false, receiver.url());
      assertThat(api.deliveries(null)).isNotEmpty();

      sandbox.reset();

      assertThat(api.deliveries(null)).isEmpty();
    }
  }

  @Test
  void aReceiverThatNeverAnswersDelaysNoOtherReceiver() throws Exception {
    try (RawReceiver silent = new RawReceiver(null);
        CallbackReceiver other = new CallbackReceiver(0)) {
      payWithCallback("4111111111111111", false, silent.url());
      long started = System.nanoTime();
      String id = payWithCallback("4111111111111111", false, other.url());

      while (other.bodies().isEmpty() && System.nanoTime() - started < 4_000_000_000L) {
        Thread.sleep(20);
      }

      assertThat(other.bodies())
          .as("the other receiver's notification, while the first receiver says nothing")
          .singleElement()
          .satisfies(body -> assertThat(body.path("id").asText()).isEqualTo(id));
    }
  }

  @Test
  void aReceiverThatTricklesItsAnswerHoldsNothing() throws Exception {
    String trickle =
        "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 100000\r\n\r\n";
    try (RawReceiver slow = new RawReceiver(trickle)) {
      String first = payWithCallback("4111111111111111", false, slow.url());
      String second = payWithCallback("4111111111111111", false, slow.url());
      long started = System.nanoTime();

      JsonNode firstAttempt = api.deliveries(first).get(0);
      JsonNode secondAttempt = api.deliveries(second).get(0);

      assertThat(firstAttempt.path("status").asInt()).isEqualTo(200);
      assertThat(secondAttempt.path("status").asInt()).isEqualTo(200);
      assertThat((System.nanoTime() - started) / 1_000_000).isLessThan(4_000);
    }
  }

  @Test
  void aCallbackUrlOnAnotherKindOfServiceCannotReadItsBanner() throws Exception {
    try (RawReceiver ssh = new RawReceiver("SSH-2.0-OpenSSH_9.2 host-key-banner-7Q\r\n")) {
      String id = payWithCallback("4111111111111111", false, ssh.url());

      JsonNode attempt = api.deliveries(id).get(0);

      assertThat(attempt.path("status").isNull()).isTrue();
      assertThat(attempt.path("error").asText())
          .isEqualTo("the connection ended without an HTTP answer");
      assertThat(attempt.toString()).doesNotContain("SSH-2.0", "host-key-banner-7Q");
    }
  }

  /**
   * A listener that reads what it is sent and then writes the given bytes, a byte a second after
   * the first line's worth (or nothing at all, when given none), never closing on its own.
   */
  private static final class RawReceiver implements AutoCloseable {
    private final java.net.ServerSocket server;
    private final java.util.List<java.net.Socket> accepted =
        new java.util.concurrent.CopyOnWriteArrayList<>();

    RawReceiver(String answer) throws java.io.IOException {
      server = new java.net.ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress());
      Thread thread =
          new Thread(
              () -> {
                while (!server.isClosed()) {
                  try {
                    java.net.Socket socket = server.accept();
                    accepted.add(socket);
                    Thread writer = new Thread(() -> serve(socket, answer));
                    writer.setDaemon(true);
                    writer.start();
                  } catch (java.io.IOException e) {
                    return;
                  }
                }
              });
      thread.setDaemon(true);
      thread.start();
    }

    private static void serve(java.net.Socket socket, String answer) {
      try {
        socket.getInputStream().read(new byte[8192]);
        if (answer == null) {
          return;
        }
        java.io.OutputStream out = socket.getOutputStream();
        out.write(answer.getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        out.flush();
        while (!socket.isClosed()) {
          out.write('x');
          out.flush();
          Thread.sleep(1_000);
        }
      } catch (java.io.IOException | InterruptedException e) {
        // the sandbox went away
      }
    }

    String url() {
      return "http://127.0.0.1:" + server.getLocalPort() + "/hooks";
    }

    @Override
    public void close() throws java.io.IOException {
      server.close();
      for (java.net.Socket socket : accepted) {
        socket.close();
      }
    }
  }
}
