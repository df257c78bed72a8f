package com.merchantpay.observation;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class ObservationValuesTest {
  @Test
  void aKeyShowsOnlyItsEndsAndAShortOneNothing() {
    assertThat(Masking.idempotencyKey("order-1001-payment")).isEqualTo("orde…ment");
    assertThat(Masking.idempotencyKey("order-1001")).isEqualTo("**********");
    assertThat(Masking.idempotencyKey(null)).isNull();
  }

  @Test
  void aCallEndsInOneOfThreeOutcomes() {
    Duration d = Duration.ofMillis(5);

    assertThat(new CallEnd(1, 200, null, false, d).outcome()).isEqualTo(CallEnd.Outcome.SUCCESS);
    assertThat(new CallEnd(1, 409, "InvalidOperationException", false, d).outcome())
        .isEqualTo(CallEnd.Outcome.FAILURE);
    assertThat(new CallEnd(3, 0, "TransportException", true, d).outcome())
        .isEqualTo(CallEnd.Outcome.UNKNOWN);
  }

  @Test
  void aListenerThatThrowsOrGivesNoObserverKeepsNoneOfTheOthersFromHearing() {
    java.util.List<String> heard = new java.util.ArrayList<>();
    CallListener throwing =
        start -> {
          throw new IllegalStateException("down");
        };
    CallListener silent = start -> null;
    CallListener failingLater =
        start ->
            end -> {
              throw new IllegalStateException("down");
            };
    CallListener recording = start -> end -> heard.add(start.operation() + " " + end.outcome());

    CallObserver all =
        CallListeners.of(java.util.List.of(throwing, silent, failingLater, recording))
            .callStarted(new CallStart("v2", "getPayment", null));
    all.callEnded(new CallEnd(1, 200, null, false, Duration.ofMillis(3)));

    assertThat(heard).containsExactly("getPayment SUCCESS");
  }
}
