package com.merchantpay.sandbox.internal.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.merchantpay.sandbox.internal.http.CallNotes;
import com.merchantpay.sandbox.internal.http.HttpSupport;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

class CallJournalTest {

  @Test
  void largeBodiesAreCutAndTheirTotalStaysWithinItsBoundOldestFirst() {
    CallJournal journal = new CallJournal();
    int calls = (int) (CallJournal.MAX_BODY_BYTES / CallJournal.MAX_BODY) * 2;
    for (int i = 0; i < calls; i++) {
      journal.record(Instant.EPOCH, "r" + i, call(64 * 1024), new CallNotes(), null, null);
    }

    List<CallJournal.Entry> kept = journal.entries(0);
    assertThat(kept).allSatisfy(e -> assertThat(e.body()).hasSize(CallJournal.MAX_BODY));
    assertThat((long) kept.size() * CallJournal.MAX_BODY)
        .isLessThanOrEqualTo(CallJournal.MAX_BODY_BYTES);
    assertThat(kept.get(kept.size() - 1).sequence()).isEqualTo(calls);
    assertThat(journal.forgotten()).isEqualTo(calls - kept.size());
  }

  @Test
  void aClearedJournalTakesAsManyBodiesAgain() {
    CallJournal journal = new CallJournal();
    int fit = (int) (CallJournal.MAX_BODY_BYTES / CallJournal.MAX_BODY);
    for (int i = 0; i < fit * 2; i++) {
      journal.record(
          Instant.EPOCH, "r" + i, call(CallJournal.MAX_BODY), new CallNotes(), null, null);
    }
    journal.clear();
    for (int i = 0; i < fit; i++) {
      journal.record(
          Instant.EPOCH, "s" + i, call(CallJournal.MAX_BODY), new CallNotes(), null, null);
    }

    assertThat(journal.entries(0)).hasSize(fit);
  }

  @Test
  void callsRecordedAtOnceAreAllCountedAndReadBackInSequence() throws Exception {
    CallJournal journal = new CallJournal();
    int threads = 4;
    int each = CallJournal.CAPACITY / 2;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<?>> done = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        done.add(
            pool.submit(
                () -> {
                  for (int i = 0; i < each; i++) {
                    journal.record(Instant.EPOCH, "r", call(10), new CallNotes(), null, null);
                  }
                }));
      }
      for (Future<?> future : done) {
        future.get();
      }
    } finally {
      pool.shutdownNow();
    }

    List<CallJournal.Entry> kept = journal.entries(0);
    assertThat(journal.last()).isEqualTo((long) threads * each);
    assertThat(kept).hasSize(CallJournal.CAPACITY);
    assertThat(kept.size() + journal.forgotten()).isEqualTo((long) threads * each);
    assertThat(kept).extracting(CallJournal.Entry::sequence).isSorted().doesNotHaveDuplicates();
    assertThat(kept.get(kept.size() - 1).sequence()).isEqualTo((long) threads * each);
  }

  @Test
  void bodiesOfEverySizeAreForgottenOldestFirstByCountAndByBytesAlike() {
    CallJournal journal = new CallJournal();
    Random sizes = new Random(7);
    // What the journal must keep, worked out the plain way: sequence and body size, oldest first.
    ArrayDeque<long[]> expected = new ArrayDeque<>();
    long bytes = 0;
    for (int i = 1; i <= CallJournal.CAPACITY * 3; i++) {
      // Mostly small bodies, so the count bounds the journal; now and then a run of large ones, so
      // the bytes do.
      int size =
          (i / 1_000) % 3 == 2 ? CallJournal.MAX_BODY : sizes.nextInt(CallJournal.MAX_BODY / 64);
      journal.record(Instant.EPOCH, "r" + i, call(size), new CallNotes(), null, null);
      expected.addLast(new long[] {i, size});
      bytes += size;
      while (expected.size() > CallJournal.CAPACITY || bytes > CallJournal.MAX_BODY_BYTES) {
        bytes -= expected.removeFirst()[1];
      }
    }

    assertThat(journal.entries(0))
        .extracting(CallJournal.Entry::sequence)
        .containsExactlyElementsOf(expected.stream().map(call -> call[0]).toList());
  }

  private static HttpSupport.In call(int bodySize) {
    return new HttpSupport.In("POST", "/api/v2/payments", Map.of(), Map.of(), new byte[bodySize]);
  }
}
