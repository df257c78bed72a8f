package com.merchantpay.conformance.internal;

/** A check found a departure: what the rule expects, what came back, and the call that showed it. */
public final class CheckFailure extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final String expected;
  private final String actual;
  private final transient Exchange exchange;

  public CheckFailure(String expected, String actual, Exchange exchange) {
    super("expected " + expected + ", got " + actual, null, false, false);
    this.expected = expected;
    this.actual = actual;
    this.exchange = exchange;
  }

  public String expected() {
    return expected;
  }

  public String actual() {
    return actual;
  }

  /** The call that showed the departure, or null when it was not one call. */
  public Exchange exchange() {
    return exchange;
  }
}
