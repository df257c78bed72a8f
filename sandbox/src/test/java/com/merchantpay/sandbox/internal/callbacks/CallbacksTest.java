package com.merchantpay.sandbox.internal.callbacks;

import static org.assertj.core.api.Assertions.assertThat;

import com.merchantpay.sandbox.internal.domain.IdSource;
import com.merchantpay.sandbox.internal.domain.SandboxClock;
import com.merchantpay.sandbox.internal.http.Json;
import com.sun.net.httpserver.HttpServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class CallbacksTest {

  @Test
  void anAttemptStillRunningWhenTheLogIsClearedLeavesNoTrace() throws Exception {
    CountDownLatch arrived = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    HttpServer receiver =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 4);
    receiver.createContext(
        "/",
        exchange -> {
          exchange.getRequestBody().readAllBytes();
          arrived.countDown();
          try {
            release.await(10, TimeUnit.SECONDS);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
          exchange.sendResponseHeaders(500, -1);
          exchange.close();
        });
    receiver.start();
    SandboxClock clock = new SandboxClock(Instant.parse("2024-05-14T09:00:00Z"), Clock.systemUTC());
    try (Callbacks callbacks =
        new Callbacks(clock, new IdSource(1L), 3, Duration.ofSeconds(1), 1L << 20)) {
      String url = "http://127.0.0.1:" + receiver.getAddress().getPort() + "/hooks";
      callbacks.enqueue(
          List.of(new Notification("payment", url, "10000001", Json.object().put("id", "1"))));
      assertThat(arrived.await(10, TimeUnit.SECONDS)).isTrue();

      callbacks.clear(); // what a reset does when the attempt outlives its wait
      release.countDown();
      callbacks.awaitIdle(Duration.ofSeconds(10));

      assertThat(callbacks.log(null))
          .as("the attempt belongs to the state before the reset")
          .isEmpty();
      assertThat(callbacks.pending()).as("and is not retried after it").isZero();
    } finally {
      receiver.stop(0);
    }
  }
}
