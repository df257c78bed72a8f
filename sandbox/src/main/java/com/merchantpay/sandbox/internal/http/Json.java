package com.merchantpay.sandbox.internal.http;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/** JSON reading and writing with exact decimals: an amount sent as 10.10 comes back as 10.10. */
public final class Json {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  public static final ObjectMapper MAPPER =
      JsonMapper.builder()
          .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
          .disable(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES)
          .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
          .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
          .enable(JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN)
          .build();

  private Json() {}

  public static ObjectNode object() {
    return NODES.objectNode();
  }

  public static ArrayNode array() {
    return NODES.arrayNode();
  }

  /**
   * Parses a request body; the message of the exception says what is wrong, never the body itself.
   */
  public static JsonNode parse(byte[] body) throws JsonProcessingException {
    try {
      return MAPPER.readTree(body);
    } catch (JsonProcessingException e) {
      throw e;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static byte[] bytes(JsonNode node) {
    try {
      return MAPPER.writeValueAsBytes(node);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write JSON", e);
    }
  }

  public static String text(JsonNode node) {
    return new String(bytes(node), StandardCharsets.UTF_8);
  }

  /** Text member or null when absent, null or not a string. */
  public static String str(JsonNode node, String field) {
    if (node == null) {
      return null;
    }
    JsonNode value = node.get(field);
    return value == null || !value.isTextual() ? null : value.asText();
  }

  public static boolean bool(JsonNode node, String field, boolean fallback) {
    if (node == null) {
      return fallback;
    }
    JsonNode value = node.get(field);
    return value == null || !value.isBoolean() ? fallback : value.booleanValue();
  }

  public static BigDecimal decimal(JsonNode node, String field) {
    if (node == null) {
      return null;
    }
    JsonNode value = node.get(field);
    return value == null || !value.isNumber() ? null : value.decimalValue();
  }

  /** The object member, or null when absent or not an object. */
  public static ObjectNode obj(JsonNode node, String field) {
    if (node == null) {
      return null;
    }
    JsonNode value = node.get(field);
    return value instanceof ObjectNode ? (ObjectNode) value : null;
  }

  public static void putIfNotNull(ObjectNode node, String field, String value) {
    if (value != null) {
      node.put(field, value);
    }
  }

  public static ObjectNode amount(BigDecimal value, String currency) {
    ObjectNode amount = object();
    amount.put("value", value);
    amount.put("currency", currency);
    return amount;
  }

  /**
   * A text that is equal for two bodies exactly when they mean the same: members sorted by name and
   * numbers compared by value (10.1 equals 10.10), so a client that re-serialises a retried body
   * still matches its idempotency key.
   */
  public static String canonical(JsonNode node) {
    StringBuilder out = new StringBuilder();
    canonical(node, out);
    return out.toString();
  }

  private static void canonical(JsonNode node, StringBuilder out) {
    if (node == null || node.isMissingNode()) {
      out.append("missing");
    } else if (node.isObject()) {
      List<String> names = new ArrayList<>();
      node.fieldNames().forEachRemaining(names::add);
      names.sort(null);
      out.append('{');
      for (String name : names) {
        out.append(quote(name)).append(':');
        canonical(node.get(name), out);
        out.append(',');
      }
      out.append('}');
    } else if (node.isArray()) {
      out.append('[');
      for (Iterator<JsonNode> it = node.elements(); it.hasNext(); ) {
        canonical(it.next(), out);
        out.append(',');
      }
      out.append(']');
    } else if (node.isNumber()) {
      BigDecimal value = node.decimalValue();
      out.append(value.signum() == 0 ? "0" : value.stripTrailingZeros().toPlainString());
    } else if (node.isTextual()) {
      out.append(quote(node.textValue()));
    } else {
      out.append(node.toString());
    }
  }

  private static String quote(String text) {
    try {
      return MAPPER.writeValueAsString(text);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  /** v2 timestamps: ISO 8601 in UTC with {@code Z}, milliseconds only when there are any. */
  public static String time(Instant instant) {
    return instant.truncatedTo(ChronoUnit.MILLIS).toString();
  }
}
