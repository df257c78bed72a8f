package com.merchantpay.sandbox.internal.contract;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class MemoTest {

  @Test
  void anAnswerIsWorkedOutOncePerKeyAndOnlyTheMostRecentKeysAreKept() {
    Memo<String, String> memo = new Memo<>(2);
    AtomicInteger work = new AtomicInteger();

    memo.get("a", k -> k + work.incrementAndGet());
    memo.get("a", k -> k + work.incrementAndGet());
    memo.get("b", k -> k + work.incrementAndGet());
    memo.get("a", k -> k + work.incrementAndGet()); // a is now the most recent
    memo.get("c", k -> k + work.incrementAndGet()); // b goes

    assertThat(work).hasValue(3);
    assertThat(memo.get("a", k -> "again")).isEqualTo("a1");
    assertThat(memo.get("b", k -> "again")).isEqualTo("again");
  }
}
