package com.merchantpay.sandbox;

import com.merchantpay.sandbox.internal.server.CallJournal;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The calls a running sandbox received on its two interfaces (the newest 10,000), for a test to
 * assert on what its application sent: find calls by a {@link RequestPattern}, or verify how many
 * were made; a failed verification shows the closest calls and why each missed. A reset empties it,
 * and {@link SandboxExtension} empties it before each test.
 */
public final class Journal {
  private static final int NEAR_MISSES = 3;

  /** A call that does not match a pattern, and every matcher of the pattern it missed. */
  public record NearMiss(JournalEntry entry, List<String> misses) {
    public NearMiss {
      misses = List.copyOf(misses);
    }
  }

  private final CallJournal journal;

  Journal(CallJournal journal) {
    this.journal = journal;
  }

  /** Every call kept, oldest first. */
  public List<JournalEntry> entries() {
    return since(0);
  }

  /** The calls after the one with this sequence number, oldest first. */
  public List<JournalEntry> since(long sequence) {
    return journal.entries(sequence).stream().map(JournalEntry::new).toList();
  }

  /**
   * The sequence number of the newest call so far (0 before the first), to read only later calls.
   */
  public long mark() {
    return journal.last();
  }

  /** Forgets every call so far: what a test verifies is then what it made happen. */
  public void clear() {
    journal.clear();
  }

  /** The calls that match, oldest first. */
  public List<JournalEntry> find(RequestPattern pattern) {
    return entries().stream().filter(pattern::matches).toList();
  }

  /**
   * Asserts that at least one call matches.
   *
   * @throws VerificationError naming the closest calls and why each missed
   */
  public void verify(RequestPattern pattern) {
    List<JournalEntry> found = find(pattern);
    if (found.isEmpty()) {
      throw failure("at least one call " + pattern + ", found none", pattern);
    }
  }

  /**
   * Asserts that exactly {@code times} calls match.
   *
   * @throws VerificationError naming the matches, or the closest calls and why each missed
   */
  public void verify(int times, RequestPattern pattern) {
    List<JournalEntry> found = find(pattern);
    if (found.size() != times) {
      String expectation =
          "exactly "
              + times
              + " call"
              + (times == 1 ? "" : "s")
              + " "
              + pattern
              + ", found "
              + found.size();
      if (found.size() > times) {
        throw new VerificationError(
            "Expected "
                + expectation
                + ":\n"
                + found.stream().map(entry -> "  " + entry).collect(Collectors.joining("\n")),
            found);
      }
      throw failure(expectation, pattern);
    }
  }

  /**
   * The calls closest to matching the pattern, those that miss fewest of its matchers first (the
   * newest among equals), each with what it missed: what a failed verification shows.
   */
  public List<NearMiss> nearMisses(RequestPattern pattern) {
    return entries().stream()
        .map(entry -> new NearMiss(entry, pattern.misses(entry)))
        .filter(miss -> !miss.misses().isEmpty())
        .sorted(
            Comparator.comparingInt((NearMiss miss) -> miss.misses().size())
                .thenComparing(miss -> miss.entry().sequence(), Comparator.reverseOrder()))
        .limit(NEAR_MISSES)
        .toList();
  }

  private VerificationError failure(String expectation, RequestPattern pattern) {
    List<JournalEntry> closest = nearMisses(pattern).stream().map(NearMiss::entry).toList();
    StringBuilder message = new StringBuilder("Expected ").append(expectation).append('.');
    if (closest.isEmpty()) {
      message.append(" The journal holds no call to compare with.");
    } else {
      message.append(" Closest calls:");
      for (JournalEntry entry : closest) {
        message.append("\n  ").append(entry).append(": ");
        message.append(String.join("; ", pattern.misses(entry)));
      }
    }
    if (journal.forgotten() > 0) {
      message.append("\n(").append(journal.forgotten()).append(" older calls were forgotten.)");
    }
    return new VerificationError(message.toString(), closest);
  }
}
