package com.merchantpay.conformance.internal;

/**
 * A check found a departure: the rule (or, when strict or declared, the open point) it breaks, what
 * that asks for, what came back, and the call that showed it.
 */
class CheckFailure extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final String cite;
  private final String expected;
  private final String actual;
  private final transient Exchange exchange;

  /**
   * @param cite what is broken, cited as reports show it; null for the check's own rule
   * @param exchange the call that showed the departure, or null when it was not one call
   */
  public CheckFailure(String cite, String expected, String actual, Exchange exchange) {
    super("expected " + expected + ", got " + actual, null, false, false);
    this.cite = cite;
    this.expected = expected;
    this.actual = actual;
    this.exchange = exchange;
  }

  public String cite() {
    return cite;
  }

  public String expected() {
    return expected;
  }

  public String actual() {
    return actual;
  }

  public Exchange exchange() {
    return exchange;
  }
}
