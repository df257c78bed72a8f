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
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * A sandbox in a small heap (the build runs this class alone with {@code -Xmx96m}) taking unique
 * payment creates, each with its own idempotency key, from four callers. Once every bound is
 * reached (resources, idempotency keys), the live heap, measured after a full collection, must stay
 * flat: without the bounds it grows by about half a kilobyte per create. The amount of work is
 * fixed, not the time it takes: a slow or loaded machine makes the same creates, only later (the
 * benchmarks soak it for ten minutes).
 */
class BoundedStateIT {
  private static final int RETAINED = Integer.getInteger("bounded.retained", 1_000);

  /** Creates before measuring: past the resource bound and the idempotency key capacity. */
  private static final long WARM_UP_CREATES = 12_000;

  /** Creates measured: unbounded, they alone would add about 8 MB, twice the growth allowed. */
  private static final long MEASURED_CREATES = 16_000;

  /** The live heap is sampled each time this many more creates have been answered. */
  private static final long SAMPLE_EVERY = 2_000;

  private static final int CALLERS = 4;

  /**
   * Creates of a megabyte each: eight times as many as fill this heap when the sandbox keeps them
   * all: a part of the sandbox that kept even one in eight of them would fill it.
   */
  private static final int LONG_CREATES = 160;

  @Test
  void theLiveHeapStaysFlatUnderUniqueCreatesOnceTheBoundsAreReached() throws Exception {
    MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
    try (Sandbox sandbox = Sandbox.builder().retention(RETAINED, Duration.ofDays(7)).start()) {
      HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
      long total = WARM_UP_CREATES + MEASURED_CREATES;
      AtomicLong issued = new AtomicLong();
      AtomicLong created = new AtomicLong();
      AtomicLong failed = new AtomicLong();
      Map<String, Integer> failures = new ConcurrentHashMap<>();
      ExecutorService callers = Executors.newFixedThreadPool(CALLERS);
      for (int t = 0; t < CALLERS; t++) {
        callers.submit(
            () -> {
              for (long n = issued.getAndIncrement(); n < total; n = issued.getAndIncrement()) {
                if (!create(sandbox, http, n, created, failed, failures)) {
                  return;
                }
              }
            });
      }
      callers.shutdown();

      awaitAnswered(created, failed, WARM_UP_CREATES, callers);
      List<Long> liveHeap = new ArrayList<>();
      for (long answered = WARM_UP_CREATES; answered < total; answered += SAMPLE_EVERY) {
        awaitAnswered(created, failed, answered, callers);
        liveHeap.add(liveHeap(memory));
      }
      assertThat(callers.awaitTermination(1, TimeUnit.HOURS)).isTrue();
      liveHeap.add(liveHeap(memory));

      assertThat(failed.get()).as("every create answered 200; failures: %s", failures).isZero();
      assertThat(created.get()).isEqualTo(total);
      long first = Math.min(liveHeap.get(0), liveHeap.get(1));
      long last = Math.min(liveHeap.get(liveHeap.size() - 1), liveHeap.get(liveHeap.size() - 2));
      long allowedGrowth = 4L << 20;
      assertThat(last - first)
          .as(
              "live heap growth over %d unique creates after the bounds were reached (samples, bytes: %s)",
              MEASURED_CREATES, liveHeap)
          .isLessThan(allowedGrowth);
      assertThat(
              new Api(sandbox)
                  .control("GET", "/_sandbox/state", null)
                  .path("resources")
                  .path("payments")
                  .asLong())
          .isEqualTo(RETAINED);
    }
  }

  /**
   * Creates whose invoice holds a description of a million characters, far more of them than the
   * heap could keep, each with its own key: every one is answered, and the live heap stays within
   * the weight the sandbox keeps. Without the weighing, the heap is full after about twenty of them
   * (the next is answered with a server error).
   */
  @Test
  void longMembersAreKeptWithinTheirBytesHoweverManyArrive() throws Exception {
    MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
    long kept = 8L << 20;
    String description = "d".repeat(1_000_000);
    try (Sandbox sandbox =
        Sandbox.builder().retention(RETAINED, Duration.ofDays(7), kept).start()) {
      HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
      for (int n = 0; n < LONG_CREATES; n++) {
        String body =
            "{\"merchantId\":\""
                + sandbox.merchantId()
                + "\",\"amount\":{\"value\":10.50,\"currency\":\"RUB\"},"
                + "\"invoice\":{\"orderNo\":\"long-"
                + n
                + "\",\"description\":\""
                + description
                + "\"},\"paymentData\":{\"card\":"
                + "{\"pan\":\"4111111111111111\",\"expiry\":\"12/30\",\"cvc\":\"123\"}}}";
        HttpResponse<String> answer =
            http.send(
                HttpRequest.newBuilder(URI.create(sandbox.baseUrl() + "/api/v2/payments"))
                    .header("Authorization", "Bearer " + sandbox.bearerToken())
                    .header("Content-Type", "application/json")
                    .header("Idempotency-Key", "long-" + n)
                    .POST(HttpRequest.BodyPublishers.ofString(body))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(answer.statusCode()).as("create %d", n).isEqualTo(200);
      }

      long live = liveHeap(memory);
      long payments =
          new Api(sandbox)
              .control("GET", "/_sandbox/state", null)
              .path("resources")
              .path("payments")
              .asLong();
      assertThat(payments).as("payments of a megabyte kept in 8 MiB").isBetween(1L, 8L);
      assertThat(live)
          .as("live heap after %d creates of a megabyte each", LONG_CREATES)
          .isLessThan(64L << 20);
    }
  }

  /** Makes create number {@code n}; false when the caller was interrupted. */
  private static boolean create(
      Sandbox sandbox,
      HttpClient http,
      long n,
      AtomicLong created,
      AtomicLong failed,
      Map<String, Integer> failures) {
    String body =
        "{\"merchantId\":\""
            + sandbox.merchantId()
            + "\",\"amount\":{\"value\":10.50,\"currency\":\"RUB\"},"
            + "\"invoice\":{\"orderNo\":\"order-"
            + n
            + "\"},\"paymentData\":{\"card\":"
            + "{\"pan\":\"4111111111111111\",\"expiry\":\"12/30\",\"cvc\":\"123\"}}}";
    HttpRequest request =
        HttpRequest.newBuilder(URI.create(sandbox.baseUrl() + "/api/v2/payments"))
            .header("Authorization", "Bearer " + sandbox.bearerToken())
            .header("Content-Type", "application/json")
            .header("Idempotency-Key", "bounded-" + n)
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build();
    // A dropped keep-alive connection is retried with the same key, as a client would: the sandbox
    // then answers the first attempt's outcome, so every create is still counted once.
    for (int attempt = 1; attempt <= 3; attempt++) {
      try {
        HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() == 200) {
          created.incrementAndGet();
        } else {
          failed.incrementAndGet();
          failures.merge(response.statusCode() + " " + response.body(), 1, Integer::sum);
        }
        return true;
      } catch (IOException e) {
        failures.merge("retried: " + e, 1, Integer::sum);
        if (attempt == 3) {
          failed.incrementAndGet();
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return false;
      }
    }
    return true;
  }

  /** Waits, however long it takes, until {@code count} creates are answered or the callers end. */
  private static void awaitAnswered(
      AtomicLong created, AtomicLong failed, long count, ExecutorService callers)
      throws InterruptedException {
    while (created.get() + failed.get() < count && !callers.isTerminated()) {
      Thread.sleep(50);
    }
  }

  private static long liveHeap(MemoryMXBean memory) {
    for (int i = 0; i < 3; i++) {
      System.gc();
    }
    return memory.getHeapMemoryUsage().getUsed();
  }
}
