package com.merchantpay.sandbox.internal.v2;

import static org.assertj.core.api.Assertions.assertThat;

import com.merchantpay.sandbox.internal.domain.SandboxClock;
import com.merchantpay.sandbox.internal.http.HttpSupport;
import java.time.Clock;
import java.time.Instant;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class IdempotencyLimitTest {
  private final Idempotency idempotency =
      new Idempotency(
          new SandboxClock(Instant.parse("2024-05-14T09:00:00Z"), Clock.systemUTC()), 1L << 20);

  private HttpSupport.Out call(String key, Runnable body) {
    return idempotency.execute(
        "merchant-a",
        "createPayment",
        key,
        "{}",
        () -> {
          body.run();
          return HttpSupport.Out.empty(200);
        });
  }

  @Test
  void theKeyOfARequestStillRunningIsNeverDroppedToMakeRoom() throws Exception {
    CountDownLatch running = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    AtomicInteger runs = new AtomicInteger();
    Thread first =
        new Thread(
            () ->
                call(
                    "slow",
                    () -> {
                      runs.incrementAndGet();
                      running.countDown();
                      try {
                        release.await(10, TimeUnit.SECONDS);
                      } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                      }
                    }));
    first.start();
    assertThat(running.await(10, TimeUnit.SECONDS)).isTrue();
    try {
      for (int i = 0; i < Idempotency.CAPACITY; i++) {
        call("k" + i, () -> {});
      }

      HttpSupport.Out repeat = call("slow", runs::incrementAndGet);

      assertThat(repeat.status()).as("still in progress").isEqualTo(409);
      assertThat(runs).hasValue(1);
      assertThat(idempotency.size()).isEqualTo(Idempotency.CAPACITY);
    } finally {
      release.countDown();
      first.join(10_000);
    }
    assertThat(call("k0", () -> {}).headers())
        .as("the oldest finished key made room instead")
        .doesNotContainKey("Idempotent-Replayed");
    assertThat(call("k" + (Idempotency.CAPACITY - 1), () -> {}).headers())
        .containsKey("Idempotent-Replayed");
  }

  @Test
  void answersBeyondTheirBytesAreForgottenOldestFirst() {
    byte[] large = new byte[300 * 1024];
    for (String key : java.util.List.of("a", "b", "c", "d")) {
      idempotency.execute(
          "merchant-a",
          "createPayment",
          key,
          "{}",
          () -> new HttpSupport.Out(200, "application/json", large, java.util.Map.of()));
    }

    assertThat(idempotency.size()).as("four answers of 300 KiB in 1 MiB").isEqualTo(3);
  }
}
