package com.merchantpay.sandbox.internal.domain;

import java.math.BigDecimal;
import java.util.Currency;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The range of amounts the sandbox accepts, the decision both specs record: at most 15 digits
 * before the decimal point and at most four after it, counted as written (10.10000 has five).
 * Checked before anything is stored, so every stored amount can be written back in plain notation.
 */
public final class Amounts {
  public static final int MAX_INTEGER_DIGITS = 15;
  public static final int MAX_FRACTION_DIGITS = 4;
  public static final String RULE =
      "must have at most "
          + MAX_INTEGER_DIGITS
          + " digits before the decimal point and "
          + MAX_FRACTION_DIGITS
          + " after it";

  /**
   * The ISO 4217 alphabetic codes, as the JDK knows them (its table follows the standard's
   * updates).
   */
  private static final Set<String> CURRENCIES =
      Currency.getAvailableCurrencies().stream()
          .map(Currency::getCurrencyCode)
          .collect(Collectors.toUnmodifiableSet());

  public static final String CURRENCY_RULE =
      "must be an ISO 4217 alphabetic currency code such as RUB or EUR";

  private Amounts() {}

  public static boolean isCurrency(String code) {
    return code != null && CURRENCIES.contains(code);
  }

  /**
   * A decimal written as text, as every JDK reads it: a number whose exponent lies beyond what a
   * decimal's scale holds is no number (Java 17 refuses {@code 1e2147483648}, Java 25 reads it).
   *
   * @throws NumberFormatException when the text is no decimal
   */
  public static BigDecimal parse(String text) {
    BigDecimal value = new BigDecimal(text);
    if (Math.abs((long) value.scale()) > MOST_SCALE) {
      throw new NumberFormatException("exponent out of range: " + text);
    }
    return value;
  }

  /** The largest scale a decimal read from a request may have, either way. */
  private static final long MOST_SCALE = Integer.MAX_VALUE;

  public static boolean inBounds(BigDecimal value) {
    return value.scale() <= MAX_FRACTION_DIGITS
        // In long: a scale near Integer.MIN_VALUE (1e2147483647) overflows the int difference.
        && (long) value.precision() - value.scale() <= MAX_INTEGER_DIGITS;
  }
}
