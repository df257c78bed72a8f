package com.merchantpay.sandbox.internal.v1;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class NonceMemoryTest {
  private static final Instant T = Instant.parse("2024-05-14T09:00:00Z");

  @Test
  void aNonceIsAcceptedOncePerLogin() {
    NonceMemory memory = new NonceMemory();

    assertThat(memory.firstUse("a", "n", T)).isTrue();
    assertThat(memory.firstUse("a", "n", T)).isFalse();
    assertThat(memory.firstUse("b", "n", T)).isTrue();
  }

  @Test
  void memoryIsBoundedPerLogin() {
    NonceMemory memory = new NonceMemory();
    for (int i = 0; i <= NonceMemory.PER_LOGIN; i++) {
      memory.firstUse("a", "n" + i, T);
    }

    assertThat(memory.firstUse("a", "n" + NonceMemory.PER_LOGIN, T))
        .as("the newest is remembered")
        .isFalse();
    assertThat(memory.firstUse("a", "n0", T)).as("the oldest was forgotten").isTrue();
  }

  @Test
  void noncesAreForgottenAfterTheRetention() {
    NonceMemory memory = new NonceMemory();
    memory.firstUse("a", "n", T);

    assertThat(memory.firstUse("a", "n", T.plus(NonceMemory.RETENTION).minusSeconds(1))).isFalse();
    assertThat(memory.firstUse("a", "n", T.plus(NonceMemory.RETENTION))).isTrue();
  }
}
