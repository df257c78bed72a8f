package com.merchantpay.sandbox.internal.v2;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.merchantpay.sandbox.internal.domain.Amounts;
import com.merchantpay.sandbox.internal.domain.MagicCards;
import com.merchantpay.sandbox.internal.http.ApiError;
import com.merchantpay.sandbox.internal.http.HttpSupport;
import com.merchantpay.sandbox.internal.http.Json;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Rules on single values that the v2 document states in words rather than in the schema, shared by
 * the v2 interface and the control API. Each adds one entry naming the member to a list of errors,
 * so one answer reports every broken rule.
 */
public final class V2Checks {
  private static final Pattern PAN = Pattern.compile("[0-9]{12,19}");
  private static final Pattern CVC = Pattern.compile("[0-9]{3,4}");

  private static final String TIME_RULE =
      "must be an ISO 8601 date-time with an offset, e.g. 2024-05-01T00:00:00Z";

  private V2Checks() {}

  /** Parses a date-time with an offset. */
  public static Instant parseTime(String field, String text) {
    try {
      return OffsetDateTime.parse(text).toInstant();
    } catch (DateTimeParseException | NullPointerException e) {
      throw ApiError.validation(field + ": " + TIME_RULE);
    }
  }

  static void checkTime(String field, String text, List<String> errors) {
    if (text != null) {
      try {
        OffsetDateTime.parse(text);
      } catch (DateTimeParseException e) {
        errors.add(field + ": " + TIME_RULE);
      }
    }
  }

  static void checkAmount(String field, ObjectNode amount, List<String> errors) {
    BigDecimal value = Json.decimal(amount, "value");
    if (value != null && value.signum() <= 0) {
      errors.add(field + ".value: must be greater than zero");
    } else if (value != null && !Amounts.inBounds(value)) {
      errors.add(field + ".value: " + Amounts.RULE);
    }
    String currency = Json.str(amount, "currency");
    if (currency != null && !Amounts.isCurrency(currency)) {
      errors.add(field + ".currency: " + Amounts.CURRENCY_RULE);
    }
  }

  static void checkCurrency(ObjectNode amount, String expected, List<String> errors) {
    String currency = Json.str(amount, "currency");
    if (currency != null && !currency.equals(expected)) {
      errors.add("amount.currency: must be " + expected + ", the currency of the payment");
    }
  }

  /**
   * A card number must be 12 to 19 digits; the sandbox decides what it does by {@link MagicCards}.
   */
  public static void checkPan(String field, String pan, List<String> errors) {
    if (pan != null && !PAN.matcher(pan).matches()) {
      errors.add(field + ": must be 12 to 19 digits");
    }
  }

  static void checkCard(String field, ObjectNode card, List<String> errors) {
    checkPan(field + ".pan", Json.str(card, "pan"), errors);
    String expiry = Json.str(card, "expiry");
    if (expiry != null && MagicCards.expiryMonth(expiry) == null) {
      errors.add(field + ".expiry: must be MM/YY");
    }
    String cvc = Json.str(card, "cvc");
    if (cvc != null && !CVC.matcher(cvc).matches()) {
      errors.add(field + ".cvc: must be 3 or 4 digits");
    }
  }

  /**
   * Callback and return addresses must be absolute http(s) URLs: the sandbox calls the one, and
   * sends the payer's browser to the other.
   */
  public static void checkUrl(String field, String value, List<String> errors) {
    if (value != null && !HttpSupport.isWebAddress(value)) {
      errors.add(field + ": must be an absolute http or https URL");
    }
  }

  /** The addresses of a {@code protocol} object: each an absolute http(s) URL when given. */
  static void checkAddresses(String field, ObjectNode protocol, List<String> errors) {
    for (String member : List.of("callbackUrl", "returnUrl", "threeDSCompleteUrl")) {
      checkUrl(field + "." + member, Json.str(protocol, member), errors);
    }
  }

  public static void failIfAny(List<String> errors) {
    if (!errors.isEmpty()) {
      throw ApiError.validation(errors);
    }
  }
}
