package com.merchantpay.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A row measured in rounds reports its median round, failures and latency included. */
class LoadRowsTest {

  @Test
  void theMedianRoundIsReportedWhole() {
    Load.Result slow = new Load.Result(30_000, 9.0, 0, "wrk");
    Load.Result middle = new Load.Result(35_000, 7.0, 2, "wrk");
    Load.Result fast = new Load.Result(39_000, 5.0, 0, "wrk");

    assertThat(Load.Rows.median(List.of(fast, slow, middle))).isSameAs(middle);
    assertThat(Load.Rows.median(List.of(slow))).isSameAs(slow);
    assertThat(Load.Rows.median(List.of(middle, slow))).isSameAs(middle);
  }
}
