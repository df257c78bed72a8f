package com.merchantpay.sandbox.internal.domain;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The payment method aliases the sandbox offers, the two the v2 document names. Requests may spell
 * them in any letter case (the document's own examples write {@code BankCard}); answers always
 * carry the canonical lowercase alias in v2 and the v1 document's spelling in v1.
 */
public final class PaymentMethods {
  public static final String BANKCARD = "bankcard";
  public static final String SBP = "sbp";
  private static final Map<String, String> V1_NAMES = Map.of(BANKCARD, "BankCard", SBP, "Sbp");
  private static final List<String> OFFERED = List.of(BANKCARD, SBP);

  private PaymentMethods() {}

  /** Adds an entry to {@code errors} when the given alias is not offered; null (absent) is fine. */
  public static void check(String field, String alias, List<String> errors) {
    if (alias != null && canonical(alias) == null) {
      errors.add(
          field
              + ": must be a payment method alias this service offers, one of "
              + String.join(", ", OFFERED)
              + " (letter case does not matter)");
    }
  }

  /** The canonical alias for an offered one in any letter case, else null. */
  public static String canonical(String alias) {
    if (alias == null) {
      return null;
    }
    String lower = alias.toLowerCase(Locale.ROOT);
    return OFFERED.contains(lower) ? lower : null;
  }

  /** How v1 names the method of a payment. */
  public static String v1Name(String alias) {
    return V1_NAMES.getOrDefault(alias, alias);
  }
}
