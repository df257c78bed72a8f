package com.merchantpay.sandbox.internal.v2;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class RenderedViewsTest {
  private final AtomicInteger renders = new AtomicInteger();
  private final Function<StringBuilder, byte[]> render =
      resource -> {
        renders.incrementAndGet();
        return resource.toString().getBytes(StandardCharsets.UTF_8);
      };

  @Test
  void aResourceIsRenderedOncePerVersion() {
    RenderedViews<StringBuilder> views = new RenderedViews<>(8);
    StringBuilder payment = new StringBuilder("v1");

    views.get(payment, "10000001", 1, render);
    views.get(payment, "10000001", 1, render);
    payment.replace(0, 2, "v2");
    byte[] changed = views.get(payment, "10000001", 2, render);

    assertThat(renders).hasValue(2);
    assertThat(new String(changed, StandardCharsets.UTF_8)).isEqualTo("v2");
  }

  @Test
  void anotherResourceInTheSameSlotIsNeverAnsweredWithTheKeptOne() {
    RenderedViews<StringBuilder> views = new RenderedViews<>(1);
    StringBuilder first = new StringBuilder("first");
    StringBuilder second = new StringBuilder("second");

    views.get(first, "1", 1, render);
    byte[] answer = views.get(second, "2", 1, render);
    views.get(first, "1", 1, render);

    assertThat(new String(answer, StandardCharsets.UTF_8)).isEqualTo("second");
    assertThat(renders).hasValue(3);
  }

  @Test
  void resourcesInTheirOwnSlotsAreAllKept() {
    RenderedViews<StringBuilder> views = new RenderedViews<>(4096);
    StringBuilder[] payments = new StringBuilder[100];
    for (int i = 0; i < payments.length; i++) {
      payments[i] = new StringBuilder("p" + i);
      views.get(payments[i], Integer.toString(10_000_000 + i), 1, render);
    }
    for (int i = 0; i < payments.length; i++) {
      views.get(payments[i], Integer.toString(10_000_000 + i), 1, render);
    }

    assertThat(renders).hasValue(100);
  }

  @Test
  void theSlotsAreAPowerOfTwo() {
    assertThatThrownBy(() -> new RenderedViews<>(1000))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("1000");
  }
}
