package com.merchantpay.sandbox.internal.v1;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.merchantpay.sandbox.internal.domain.Amounts;
import com.merchantpay.sandbox.internal.http.HttpSupport;
import com.merchantpay.sandbox.internal.http.Json;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reading the values of a v1 call that passed the contract check: numbers, days, periods, cart
 * lines.
 */
final class V1Params {
  private V1Params() {}

  /**
   * A value the contract check let through but the operation cannot read (the request validator,
   * for one, reads {@code " 1"} in a query as an integer); answered like any other contract
   * failure.
   */
  static final class ContractFailure extends RuntimeException {
    static final long serialVersionUID = 1L;

    ContractFailure(String field, String problem) {
      super(field + ": " + problem, null, false, false);
    }
  }

  static long integer(Map<String, List<String>> params, String name) {
    try {
      return Long.parseLong(HttpSupport.first(params, name));
    } catch (NumberFormatException e) {
      throw new ContractFailure(name, "must be of type integer");
    }
  }

  static BigDecimal amount(Map<String, List<String>> params) {
    try {
      return Amounts.parse(HttpSupport.first(params, "amount"));
    } catch (NumberFormatException | NullPointerException e) {
      throw new ContractFailure("amount", "must be of type number");
    }
  }

  static Instant day(Map<String, List<String>> params, String name, int plusDays, Instant absent) {
    String text = HttpSupport.first(params, name);
    if (text == null) {
      return absent;
    }
    try {
      return LocalDate.parse(text).plusDays(plusDays).atStartOfDay().toInstant(ZoneOffset.UTC);
    } catch (DateTimeParseException e) {
      throw new ContractFailure(name, "must be a valid date value");
    }
  }

  static String normalisedId(Map<String, List<String>> params) {
    return Long.toString(integer(params, "paymentID"));
  }

  /** Period bounds are UTC days and both days are included. */
  static Predicate<Instant> period(Map<String, List<String>> params) {
    Instant start = day(params, "periodFrom", 0, Instant.MIN);
    Instant end = day(params, "periodTo", 1, Instant.MAX);
    return t -> !t.isBefore(start) && t.isBefore(end);
  }

  private static final Pattern CART_LINE =
      Pattern.compile("^shoppingcart\\.items\\[([0-9]+)]\\.(name|qty|price|tax)$");

  /**
   * The receipt of a refund whose cart lines were sent, in the v2 receipt's form, so the refund
   * gets its receipt whichever interface made it; null without lines.
   */
  static ObjectNode cartReceipt(Map<String, List<String>> params) {
    Map<Integer, ObjectNode> lines = new TreeMap<>();
    params.forEach(
        (name, values) -> {
          Matcher matcher = CART_LINE.matcher(name);
          if (matcher.matches()) {
            ObjectNode line =
                lines.computeIfAbsent(Integer.parseInt(matcher.group(1)), n -> Json.object());
            String value = values.get(0);
            switch (matcher.group(2)) {
              case "name" -> line.put("name", value);
              case "qty" -> line.put("quantity", Amounts.parse(value));
              case "price" -> line.put("price", Amounts.parse(value));
              default -> line.put("tax", value);
            }
          }
        });
    if (lines.isEmpty()) {
      return null;
    }
    ObjectNode receipt = Json.object();
    ArrayNode items = receipt.putArray("items");
    lines.values().forEach(items::add);
    return receipt;
  }
}
