package com.merchantpay.conformance.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.math.BigDecimal;

/** JSON as the kit reads and writes it: decimals exact, trailing zeros kept. */
final class Json {
  public static final ObjectMapper MAPPER =
      JsonMapper.builder()
          .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
          .disable(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES)
          .build();

  private Json() {}

  public static ObjectNode object() {
    return MAPPER.createObjectNode();
  }

  public static ArrayNode array() {
    return MAPPER.createArrayNode();
  }

  public static JsonNode parseOrNull(byte[] bytes) {
    if (bytes == null || bytes.length == 0) {
      return null;
    }
    try {
      return MAPPER.readTree(bytes);
    } catch (IOException e) {
      return null;
    }
  }

  public static byte[] bytes(JsonNode node) {
    try {
      return MAPPER.writeValueAsBytes(node);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  public static String text(JsonNode node) {
    try {
      return MAPPER.writeValueAsString(node);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  public static ObjectNode amount(String value, String currency) {
    ObjectNode amount = object();
    amount.put("value", new BigDecimal(value));
    amount.put("currency", currency);
    return amount;
  }

  /**
   * Whether two JSON values mean the same: members in any order, numbers equal by value (10.5
   * equals 10.50), everything else equal exactly.
   */
  public static boolean sameValue(JsonNode a, JsonNode b) {
    if (a == null || b == null) {
      return a == b;
    }
    return a.equals(
        (x, y) -> {
          if (x == null || y == null) {
            return x == y ? 0 : 1;
          }
          if (x.isNumber() && y.isNumber()) {
            return x.decimalValue().compareTo(y.decimalValue());
          }
          return x.equals(y) ? 0 : 1;
        },
        b);
  }

  /** The node at a dotted path ({@code amount.value}, {@code items[0].name}), or a missing node. */
  public static JsonNode at(JsonNode node, String dottedPath) {
    JsonNode current = node;
    for (String part : dottedPath.split("\\.")) {
      if (current == null) {
        return com.fasterxml.jackson.databind.node.MissingNode.getInstance();
      }
      int bracket = part.indexOf('[');
      String name = bracket < 0 ? part : part.substring(0, bracket);
      if (!name.isEmpty()) {
        current = current.path(name);
      }
      while (bracket >= 0) {
        int end = part.indexOf(']', bracket);
        current = current.path(Integer.parseInt(part.substring(bracket + 1, end)));
        bracket = part.indexOf('[', end);
      }
    }
    return current;
  }

  /**
   * An ISO 8601 timestamp a target wrote, read leniently: with or without fractional seconds, the
   * offset as {@code Z}, {@code +00:00}, {@code +0000} or {@code +00}. Whether the form is the one
   * the documents ask for is the timestamp checks' business, not every reader's.
   *
   * @throws java.time.DateTimeException when the text is no timestamp at all
   */
  public static java.time.OffsetDateTime timestamp(String text) {
    String normal =
        text == null
            ? ""
            : text.trim()
                .replaceFirst("([+-]\\d{2})(\\d{2})$", "$1:$2")
                .replaceFirst("([+-]\\d{2})$", "$1:00");
    return java.time.OffsetDateTime.parse(normal);
  }

  /** The instant of a timestamp a target wrote ({@link #timestamp}). */
  public static java.time.Instant instant(String text) {
    return timestamp(text).toInstant();
  }
}
