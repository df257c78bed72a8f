package com.merchantpay.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** What the report gives as the measured bounds of its missed targets. */
class MeasuredBoundsTest {
  @Test
  void theChildrensTimesAreTheSixteenthAndSeventeenthFieldsWhateverTheCommandIsCalled() {
    String stat =
        "4242 (java (main) x) S 1 4242 4242 0 -1 4194304 100 200 0 0 350 40 1234 566 20 0 30 0"
            + " 999 0 0";

    assertThat(ChildrenCpu.fromStat(stat)).isEqualTo(Duration.ofMillis((1234 + 566) * 10));
  }

  @Test
  void aChildWaitedForIsCounted() throws Exception {
    Duration before = ChildrenCpu.used();
    assumeTrue(before != null, "no /proc/self/stat here");
    Process child =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-version")
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .start();
    assertThat(child.waitFor()).isZero();

    // A JVM's start alone takes more than the 10 ms a tick counts.
    assertThat(ChildrenCpu.used()).isGreaterThan(before);
  }

  @Test
  void aCollectionWhileRecordingIsAPause() throws Exception {
    GcPauses.Summary summary;
    try (GcPauses pauses = GcPauses.record()) {
      System.gc();
      // The JVM tells of a collection on a thread of its own, after it ends.
      for (int waited = 0; pauses.summary().count() == 0 && waited < 100; waited++) {
        Thread.sleep(50);
      }
      summary = pauses.summary();
    }

    assertThat(summary.count()).isPositive();
    assertThat(summary.longestMillis()).isGreaterThanOrEqualTo(summary.medianMillis());
    assertThat(summary.totalMillis()).isGreaterThanOrEqualTo(summary.longestMillis());
    assertThat(summary.describe()).contains(", median pause ");
  }
}
