package com.merchantpay.benchmarks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Processor time used so far by the processes this JVM started and waited for, with theirs: what
 * Linux counts in {@code /proc/self/stat}. The JDK tells a process's own time only, and a build's
 * work is mostly in the processes it starts.
 */
final class ChildrenCpu {
  /** Linux reports these times in ticks of 1/100 s on every architecture it runs the JDK on. */
  private static final int TICKS_PER_SECOND = 100;

  private ChildrenCpu() {}

  /** The time so far, or null where there is no {@code /proc/self/stat} to read it from. */
  static Duration used() {
    try {
      return fromStat(Files.readString(Path.of("/proc/self/stat")));
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /** Reads {@code cutime} and {@code cstime}, the 16th and 17th fields. */
  static Duration fromStat(String stat) {
    // The second field, the command's name in parentheses, may itself hold spaces and parentheses.
    String[] after = stat.substring(stat.lastIndexOf(')') + 2).trim().split(" ");
    long ticks = Long.parseLong(after[13]) + Long.parseLong(after[14]);
    return Duration.ofMillis(ticks * 1000 / TICKS_PER_SECOND);
  }
}
