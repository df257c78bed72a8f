package com.merchantpay.v1;

import java.time.LocalDate;

/**
 * A list helper ({@link MerchantPayV1Client#listAllPayments}, {@link
 * MerchantPayV1Client#listAllRefunds}) split the period down to a single day and the service still
 * reported {@code Overflow} for that day: the records of that day cannot all be fetched with this
 * filter. Narrow the filter by other criteria (site, state, payment) and ask again.
 */
public final class V1IncompleteListException extends MerchantPayV1Exception {
  private static final long serialVersionUID = 1L;

  private final LocalDate day;

  V1IncompleteListException(String operation, LocalDate day) {
    super(
        operation,
        "the answer for the single day "
            + day
            + " is still cut short (Overflow); narrow the filter by other criteria than the period",
        null);
    this.day = day;
  }

  /** The day whose records did not fit into one answer. */
  public LocalDate getDay() {
    return day;
  }
}
