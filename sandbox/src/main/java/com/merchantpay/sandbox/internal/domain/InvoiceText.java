package com.merchantpay.sandbox.internal.domain;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * A payment's invoice kept as its JSON text: every payment holds one for as long as it is kept, and
 * one string is a tenth of the objects of a tree, which the collector copies with every payment
 * made since its last pause. Decimals keep their digits and their exponent as they were read, so
 * the text is no longer than the request's and reads back as the same tree; views write that tree
 * as they always did.
 */
final class InvoiceText {
  private static final ObjectMapper EXACT =
      JsonMapper.builder()
          .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
          .disable(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES)
          .build();

  private InvoiceText() {}

  static String of(ObjectNode invoice) {
    if (invoice == null) {
      return null;
    }
    try {
      return EXACT.writeValueAsString(invoice);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write an invoice", e);
    }
  }

  static ObjectNode tree(String json) {
    try {
      return (ObjectNode) EXACT.readTree(json);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read a kept invoice", e);
    }
  }

  /**
   * Whether a top-level text member is {@code value}. A search through every kept payment asks this
   * of each: a value that JSON writes as it is must appear in the text, and most payments are ruled
   * out by that alone, without reading their invoice.
   */
  static boolean memberIs(String json, String name, String value) {
    if (writtenAsItIs(value) && !json.contains(value)) {
      return false;
    }
    return value.equals(member(json, name));
  }

  private static boolean writtenAsItIs(String value) {
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (c < 0x20 || c == '"' || c == '\\') {
        return false;
      }
    }
    return true;
  }

  /** A top-level text member, read without building the tree; null when absent or not text. */
  static String member(String json, String name) {
    try (JsonParser parser = EXACT.getFactory().createParser(json)) {
      parser.nextToken();
      while (parser.nextToken() == JsonToken.FIELD_NAME) {
        String field = parser.currentName();
        JsonToken value = parser.nextToken();
        if (field.equals(name)) {
          return value == JsonToken.VALUE_STRING ? parser.getText() : null;
        }
        parser.skipChildren();
      }
      return null;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read a kept invoice", e);
    }
  }
}
