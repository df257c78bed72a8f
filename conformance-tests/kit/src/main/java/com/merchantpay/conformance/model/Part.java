package com.merchantpay.conformance.model;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * How much of a payment a capture or a refund asks for, relative to what the history made of it so
 * far. Histories name parts, not sums, so that a shorter history (after shrinking) still asks for
 * the sum that matters there: what is left, a cent beyond it, half of it. Declared simplest first.
 */
public enum Part {
  /** The whole: the sum held, for a capture; the money taken, for a refund. */
  WHOLE,
  /** Half of the whole, in cents, rounded down. */
  HALF,
  /** One cent. */
  CENT,
  /** A third of the whole, in cents, rounded down. */
  THIRD,
  /** What is left: held and not captured, taken and not refunded (a cent when nothing is). */
  REST,
  /** A cent more than what is left. */
  BEYOND;

  private static final BigDecimal ONE_CENT = new BigDecimal("0.01");

  /**
   * The sum this part names.
   *
   * @param whole the sum held (capture) or taken (refund)
   * @param rest what is left of it
   */
  public BigDecimal of(BigDecimal whole, BigDecimal rest) {
    BigDecimal sum =
        switch (this) {
          case WHOLE -> whole;
          case HALF -> whole.divide(BigDecimal.valueOf(2), 2, RoundingMode.DOWN);
          case CENT -> ONE_CENT;
          case THIRD -> whole.divide(BigDecimal.valueOf(3), 2, RoundingMode.DOWN);
          case REST -> rest.signum() > 0 ? rest : ONE_CENT;
          case BEYOND -> rest.add(ONE_CENT);
        };
    return (sum.signum() > 0 ? sum : ONE_CENT).setScale(2, RoundingMode.DOWN);
  }
}
