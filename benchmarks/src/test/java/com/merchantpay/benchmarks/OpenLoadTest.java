package com.merchantpay.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The open-loop driver charges a stall to every request that was due during it, as a user waiting
 * behind it would see, where a closed loop would have stopped sending.
 */
class OpenLoadTest {
  @Test
  void aStallIsChargedToEveryRequestDueWhileItLasted() throws Exception {
    AtomicInteger answered = new AtomicInteger();
    HttpServer server =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    // One thread answers, so a stall holds every request behind it.
    ExecutorService oneThread = Executors.newSingleThreadExecutor();
    server.setExecutor(oneThread);
    server.createContext(
        "/",
        exchange -> {
          if (answered.incrementAndGet() == 200) {
            sleep(300);
          }
          exchange.getRequestBody().readAllBytes();
          exchange.sendResponseHeaders(200, 2);
          exchange.getResponseBody().write("{}".getBytes());
          exchange.close();
        });
    server.start();
    try {
      OpenLoad.Result result =
          OpenLoad.run(
              "http://127.0.0.1:" + server.getAddress().getPort(),
              new Load.Shape("GET", List.of("/one"), Map.of(), null),
              1_000,
              Duration.ZERO,
              Duration.ofSeconds(2));

      assertThat(result.answered()).isEqualTo(2_000);
      assertThat(result.failures()).isZero();
      // About 300 requests fell due during the 300 ms stall, one every millisecond, more than the
      // driver's connections: those left waiting for a connection are charged from when they were
      // due too, so more than one in ten waited over 50 ms and the slowest the whole stall.
      assertThat(result.maxMillis()).isGreaterThan(280);
      assertThat(result.p90Millis()).isGreaterThan(50);
      assertThat(result.p99Millis()).isGreaterThan(100);
    } finally {
      server.stop(0);
      oneThread.shutdownNow();
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
