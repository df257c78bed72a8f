package com.merchantpay.spring;

import static org.assertj.core.api.Assertions.assertThat;

import com.merchantpay.observation.CallEnd;
import com.merchantpay.observation.CallStart;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class MerchantPayHealthTest {
  private final AtomicReference<Instant> now =
      new AtomicReference<>(Instant.parse("2026-11-25T10:00:00Z"));
  private final MerchantPayHealth health =
      new MerchantPayHealth(
          new Clock() {
            @Override
            public java.time.ZoneId getZone() {
              return ZoneOffset.UTC;
            }

            @Override
            public Clock withZone(java.time.ZoneId zone) {
              return this;
            }

            @Override
            public Instant instant() {
              return now.get();
            }
          });

  private void call(int status, String failure) {
    health
        .callStarted(new CallStart("v2", "getPayment", null))
        .callEnded(new CallEnd(1, status, failure, false, Duration.ofMillis(5)));
  }

  @Test
  void threeUnansweredCallsInARowAreDownAndTheNextAnswerIsUp() {
    call(0, "TransportException");
    call(503, "ServiceException");
    assertThat(health.down(health.states().get("v2"))).isFalse();

    call(0, "RequestTimeoutException");
    assertThat(health.down(health.states().get("v2"))).isTrue();

    call(404, "NotFoundException");
    assertThat(health.down(health.states().get("v2"))).isFalse();
  }

  @Test
  void aDownVerdictIsForgottenWhenNoCallFollowsIt() {
    call(0, "TransportException");
    call(0, "TransportException");
    call(0, "TransportException");

    now.set(now.get().plus(MerchantPayHealth.FORGET_AFTER).plusSeconds(1));

    assertThat(health.down(health.states().get("v2"))).isFalse();
  }
}
