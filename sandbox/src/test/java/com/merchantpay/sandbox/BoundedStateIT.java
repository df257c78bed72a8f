package com.merchantpay.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * A sandbox in a small heap (the build runs this class alone with {@code -Xmx96m}) taking unique
 * payment creates, each with its own idempotency key, from four callers. Once every bound is
 * reached (resources, idempotency keys), the live heap, measured after a full collection, must stay
 * flat: without the bounds it grows by about half a kilobyte per create. Runs for {@code
 * bounded.seconds} (30 by default, which on Netty makes more creates than the 60 seconds on the
 * JDK's server made; the test asks for at least 22,000); the benchmarks soak it for ten minutes.
 */
class BoundedStateIT {
  private static final int RETAINED = Integer.getInteger("bounded.retained", 1_000);

  /** Creates before measuring: past the resource bound and the idempotency key capacity. */
  private static final long WARM_UP_CREATES = 12_000;

  @Test
  void theLiveHeapStaysFlatUnderUniqueCreatesOnceTheBoundsAreReached() throws Exception {
    Duration run = Duration.ofSeconds(Long.getLong("bounded.seconds", 30));
    MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
    try (Sandbox sandbox = Sandbox.builder().retention(RETAINED, Duration.ofDays(7)).start()) {
      HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
      AtomicLong created = new AtomicLong();
      AtomicLong failed = new AtomicLong();
      Map<String, Integer> failures = new ConcurrentHashMap<>();
      AtomicBoolean stop = new AtomicBoolean();
      ExecutorService callers = Executors.newFixedThreadPool(4);
      for (int t = 0; t < 4; t++) {
        int caller = t;
        callers.submit(
            () -> {
              long n = 0;
              while (!stop.get()) {
                String body =
                    "{\"merchantId\":\""
                        + sandbox.merchantId()
                        + "\",\"amount\":{\"value\":10.50,\"currency\":"
                        + "\"RUB\"},\"invoice\":{\"orderNo\":\"order-"
                        + caller
                        + "-"
                        + n
                        + "\"},\"paymentData\":{\"card\":"
                        + "{\"pan\":\"4111111111111111\",\"expiry\":\"12/30\",\"cvc\":\"123\"}}}";
                HttpRequest request =
                    HttpRequest.newBuilder(URI.create(sandbox.baseUrl() + "/api/v2/payments"))
                        .header("Authorization", "Bearer " + sandbox.bearerToken())
                        .header("Content-Type", "application/json")
                        .header("Idempotency-Key", "bounded-" + caller + "-" + n++)
                        .POST(HttpRequest.BodyPublishers.ofString(body))
                        .build();
                // A dropped keep-alive connection is retried with the same key, as a client would:
                // the sandbox
                // then answers the first attempt's outcome, so every create is still counted once.
                for (int attempt = 1; attempt <= 3; attempt++) {
                  try {
                    HttpResponse<String> response =
                        http.send(request, HttpResponse.BodyHandlers.ofString());
                    if (response.statusCode() == 200) {
                      created.incrementAndGet();
                    } else {
                      failed.incrementAndGet();
                      failures.merge(
                          response.statusCode() + " " + response.body(), 1, Integer::sum);
                    }
                    break;
                  } catch (IOException e) {
                    failures.merge("retried: " + e, 1, Integer::sum);
                    if (attempt == 3) {
                      failed.incrementAndGet();
                    }
                  } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                  }
                }
              }
            });
      }
      long deadline = System.nanoTime() + run.toNanos();
      while (created.get() < WARM_UP_CREATES && System.nanoTime() < deadline) {
        Thread.sleep(200);
      }
      assertThat(created.get())
          .as("creates before the bounds are all reached")
          .isGreaterThanOrEqualTo(WARM_UP_CREATES);
      long createdAtStart = created.get();
      List<Long> liveHeap = new ArrayList<>();
      while (System.nanoTime() < deadline) {
        liveHeap.add(liveHeap(memory));
        Thread.sleep(2_000);
      }
      stop.set(true);
      callers.shutdown();
      assertThat(callers.awaitTermination(30, TimeUnit.SECONDS)).isTrue();
      long measuredCreates = created.get() - createdAtStart;

      assertThat(failed.get()).as("every create answered 200; failures: %s", failures).isZero();
      assertThat(liveHeap).as("live heap samples").hasSizeGreaterThanOrEqualTo(4);
      long first = Math.min(liveHeap.get(0), liveHeap.get(1));
      long last = Math.min(liveHeap.get(liveHeap.size() - 1), liveHeap.get(liveHeap.size() - 2));
      // Unbounded, the measured creates alone would add about measuredCreates * 0.5 KB.
      long allowedGrowth = 4L << 20;
      assertThat(last - first)
          .as(
              "live heap growth over %d unique creates after the bounds were reached (samples, bytes: %s)",
              measuredCreates, liveHeap)
          .isLessThan(allowedGrowth);
      assertThat(measuredCreates)
          .as("enough creates that unbounded growth would show")
          .isGreaterThan(10_000);
      assertThat(
              new Api(sandbox)
                  .control("GET", "/_sandbox/state", null)
                  .path("resources")
                  .path("payments")
                  .asLong())
          .isEqualTo(RETAINED);
    }
  }

  private static long liveHeap(MemoryMXBean memory) {
    for (int i = 0; i < 3; i++) {
      System.gc();
    }
    return memory.getHeapMemoryUsage().getUsed();
  }
}
