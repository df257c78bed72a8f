package com.merchantpay.sandbox.internal.http;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.io.JsonStringEncoder;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.merchantpay.masking.CardNumbers;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

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
    } catch (NumberFormatException e) {
      // An exponent past what a decimal holds: the body is JSON, but of no number anyone can use.
      throw new JsonParseException(null, "a number in it is beyond any decimal's range");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * What the parser found wrong with a body, for an answer and the journal: its message can quote
   * the text it choked on, so card numbers in it are masked and long quotes cut.
   */
  public static String problem(JsonProcessingException e) {
    String message = String.valueOf(e.getOriginalMessage());
    message = CardNumbers.mask(message);
    return message.length() > 200 ? message.substring(0, 200) + "..." : message;
  }

  /** Writes JSON straight to bytes, for views sent often enough that a tree first would cost. */
  public interface Writer {
    void write(JsonGenerator generator) throws IOException;
  }

  public static byte[] write(Writer writer) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(1024);
    try (JsonGenerator generator = MAPPER.createGenerator(out)) {
      writer.write(generator);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write JSON", e);
    }
    return out.toByteArray();
  }

  /**
   * Writes a tree of plain JSON values as {@link #bytes} would, without the data-binding layer that
   * a generator's own {@code writeTree} goes through.
   */
  public static void write(JsonGenerator generator, JsonNode node) throws IOException {
    switch (node.getNodeType()) {
      case OBJECT -> {
        generator.writeStartObject();
        for (Map.Entry<String, JsonNode> member : node.properties()) {
          generator.writeFieldName(member.getKey());
          write(generator, member.getValue());
        }
        generator.writeEndObject();
      }
      case ARRAY -> {
        generator.writeStartArray();
        for (JsonNode element : node) {
          write(generator, element);
        }
        generator.writeEndArray();
      }
      case STRING -> generator.writeString(node.textValue());
      case BOOLEAN -> generator.writeBoolean(node.booleanValue());
      case NULL -> generator.writeNull();
      case NUMBER -> {
        if (!node.isIntegralNumber()) {
          generator.writeNumber(node.decimalValue());
        } else if (node.canConvertToLong()) {
          generator.writeNumber(node.longValue());
        } else {
          generator.writeNumber(node.bigIntegerValue());
        }
      }
      default -> generator.writeTree(node); // binary, POJO, missing: never in the sandbox's views
    }
  }

  /** Reads JSON the sandbox wrote itself, which is always well-formed. */
  public static JsonNode parseOwn(byte[] json) {
    try {
      return MAPPER.readTree(json);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the sandbox's own JSON", e);
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
    StringBuilder out = new StringBuilder(512);
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
        quote(name, out).append(':');
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
      // Not toPlainString: 1e2147483647 written out plain is longer than any string.
      out.append(value.signum() == 0 ? "0" : value.stripTrailingZeros().toString());
    } else if (node.isTextual()) {
      quote(node.textValue(), out);
    } else {
      out.append(node.toString());
    }
  }

  private static StringBuilder quote(String text, StringBuilder out) {
    out.append('"');
    JsonStringEncoder.getInstance().quoteAsString(text, out);
    return out.append('"');
  }

  /**
   * v2 timestamps: ISO 8601 in UTC with {@code Z}, milliseconds only when there are any, as {@link
   * Instant#toString} writes an instant truncated to milliseconds; written by hand because every
   * view writes several, and the general formatter is a large part of a view's cost.
   */
  public static String time(Instant instant) {
    long second = instant.getEpochSecond();
    if (second < YEAR_1000 || second >= YEAR_10000) {
      return instant.truncatedTo(ChronoUnit.MILLIS).toString(); // not four digits of year
    }
    LocalDateTime t = LocalDateTime.ofEpochSecond(second, 0, ZoneOffset.UTC);
    int millis = instant.getNano() / 1_000_000;
    char[] text = new char[millis == 0 ? 20 : 24];
    digits(text, 0, t.getYear(), 4);
    text[4] = '-';
    digits(text, 5, t.getMonthValue(), 2);
    text[7] = '-';
    digits(text, 8, t.getDayOfMonth(), 2);
    text[10] = 'T';
    digits(text, 11, t.getHour(), 2);
    text[13] = ':';
    digits(text, 14, t.getMinute(), 2);
    text[16] = ':';
    digits(text, 17, t.getSecond(), 2);
    if (millis != 0) {
      text[19] = '.';
      digits(text, 20, millis, 3);
    }
    text[text.length - 1] = 'Z';
    return new String(text);
  }

  private static final long YEAR_1000 = -30_610_224_000L;
  private static final long YEAR_10000 = 253_402_300_800L;

  private static void digits(char[] text, int at, int value, int width) {
    for (int i = at + width - 1; i >= at; i--) {
      text[i] = (char) ('0' + value % 10);
      value /= 10;
    }
  }
}
