package com.merchantpay.conformance.internal;

/**
 * The run cannot go on against the target: it stopped answering, or the run's time budget is spent.
 * Fails the check it happens in, whatever the baseline says, since it is no departure of that
 * check.
 */
final class TargetUnavailable extends CheckFailure {
  private static final long serialVersionUID = 1L;

  TargetUnavailable(String expected, String actual, Exchange exchange) {
    super(
        "the run's limits: every call is answered within the call timeout, and the run ends within its budget",
        expected,
        actual,
        exchange);
  }
}
