package com.merchantpay.benchmarks;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import javax.management.ListenerNotFoundException;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

/**
 * The collector's pauses in this JVM while a run lasts, each as the JVM reports it when it ends:
 * the servers of the throughput section run here, so their tails share these pauses.
 */
final class GcPauses implements AutoCloseable {
  /** What the pauses of one run came to. */
  record Summary(int count, double medianMillis, double longestMillis, double totalMillis) {
    /** The summary of these pauses, in milliseconds, in any order. */
    static Summary of(List<Double> millis) {
      List<Double> sorted = new ArrayList<>(millis);
      Collections.sort(sorted);
      if (sorted.isEmpty()) {
        return new Summary(0, 0, 0, 0);
      }
      return new Summary(
          sorted.size(),
          sorted.get(sorted.size() / 2),
          sorted.get(sorted.size() - 1),
          sorted.stream().mapToDouble(Double::doubleValue).sum());
    }

    String describe() {
      if (count == 0) {
        return "no collection";
      }
      return String.format(
          Locale.ROOT,
          "%d %s, median pause %.0f ms, longest %.0f ms, %.0f ms in all",
          count,
          count == 1 ? "collection" : "collections",
          medianMillis,
          longestMillis,
          totalMillis);
    }
  }

  private final List<Long> pauses = Collections.synchronizedList(new ArrayList<>());
  private final List<NotificationEmitter> emitters = new ArrayList<>();
  private final NotificationListener listener =
      (notification, handback) -> {
        if (GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(
            notification.getType())) {
          GarbageCollectionNotificationInfo info =
              GarbageCollectionNotificationInfo.from((CompositeData) notification.getUserData());
          // Concurrent collectors also report their cycles, during which the application ran on.
          if (!"end of GC cycle".equals(info.getGcAction())) {
            pauses.add(info.getGcInfo().getDuration());
          }
        }
      };

  private GcPauses() {
    for (GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
      if (collector instanceof NotificationEmitter emitter) {
        emitter.addNotificationListener(listener, null, null);
        emitters.add(emitter);
      }
    }
  }

  /** Starts recording; {@link #close()} stops. */
  static GcPauses record() {
    return new GcPauses();
  }

  Summary summary() {
    List<Long> sorted;
    synchronized (pauses) {
      sorted = new ArrayList<>(pauses);
    }
    return Summary.of(sorted.stream().map(Long::doubleValue).toList());
  }

  @Override
  public void close() {
    for (NotificationEmitter emitter : emitters) {
      try {
        emitter.removeNotificationListener(listener);
      } catch (ListenerNotFoundException e) {
        // never added to this one
      }
    }
  }
}
