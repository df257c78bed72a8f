package com.merchantpay.sandbox;

import java.util.List;

/**
 * One test's time with a shared sandbox, as {@link Sandbox#beginTest()} starts it: the journal is
 * emptied, so what the test verifies is what it made happen, and when it ends the fault rules the
 * test added are removed (rules the sandbox was built with stay). {@link SandboxExtension} and the
 * Spring Boot test support begin and end one around every test.
 */
public final class TestScope {
  private final Sandbox sandbox;
  private final List<String> rulesBefore;
  private final long mark;

  TestScope(Sandbox sandbox) {
    this.sandbox = sandbox;
    sandbox.journal().clear();
    this.rulesBefore = sandbox.faults().ids();
    this.mark = sandbox.journal().mark();
  }

  /** The requests of the test the contract did not allow, with what it found in each. */
  public List<JournalEntry> invalidRequests() {
    return sandbox.journal().since(mark).stream().filter(entry -> !entry.valid()).toList();
  }

  /** Removes the fault rules the test added. */
  public void end() {
    for (String id : sandbox.faults().ids()) {
      if (!rulesBefore.contains(id)) {
        sandbox.faults().remove(id);
      }
    }
  }

  /**
   * The failure strict mode reports for the requests the contract did not allow, or null when there
   * were none.
   */
  public AssertionError contractFailure() {
    List<JournalEntry> invalid = invalidRequests();
    if (invalid.isEmpty()) {
      return null;
    }
    StringBuilder message =
        new StringBuilder("The application sent ")
            .append(invalid.size())
            .append(invalid.size() == 1 ? " request" : " requests")
            .append(" the contract does not allow:");
    for (JournalEntry entry : invalid) {
      message.append("\n  ").append(entry).append(": ").append(String.join("; ", entry.findings()));
    }
    return new AssertionError(message.toString());
  }
}
