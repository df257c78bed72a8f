package com.merchantpay.sandbox;

import java.util.List;

/**
 * A {@link Journal#verify} that failed: the calls asked for were not made as often as expected. The
 * message lists the closest calls, each with why it missed. An {@link AssertionError}, so test
 * frameworks report it as a failed assertion.
 */
public final class VerificationError extends AssertionError {
  private static final long serialVersionUID = 1L;

  private final transient List<JournalEntry> closest;

  VerificationError(String message, List<JournalEntry> closest) {
    super(message);
    this.closest = List.copyOf(closest);
  }

  /** The calls that came closest to the pattern, closest first. */
  public List<JournalEntry> closest() {
    return closest;
  }
}
