package com.merchantpay.conformance.judge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.swagger.v3.oas.models.media.Schema;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

/**
 * Answer members whose type the service documents do not give, marked {@code x-undocumented-type}
 * in our specs (the v1 document lists {@code DocumentID}, {@code RegisterID} and the rest of the
 * document, transfer and register fields with no type). Our spec types each, but a target that
 * writes one as another scalar (a number where ours is a string) reads the documents as well: its
 * answer is judged as if it used our type, and the difference is reported as a reading. A member
 * that is no scalar at all (an object where an identifier belongs) is still judged as it came.
 */
final class UndocumentedTypes {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private UndocumentedTypes() {}

  /**
   * A copy of the answer with every scalar of another type than our spec's, at a member our spec
   * marks as undocumented, turned into our type; each such member is added to {@code found}.
   */
  static JsonNode relaxed(JsonNode answer, Schema<?> schema, String where, List<String> found) {
    if (answer == null || schema == null) {
      return answer;
    }
    return relax(answer.deepCopy(), schema, where, found);
  }

  @SuppressWarnings("rawtypes")
  private static JsonNode relax(JsonNode node, Schema<?> schema, String where, List<String> found) {
    Schema<?> effective = Schemas.effective(schema);
    if (Boolean.TRUE.equals(extension(schema)) || Boolean.TRUE.equals(extension(effective))) {
      return ours(node, Schemas.typeOf(effective), where, found);
    }
    if (node instanceof ObjectNode object) {
      Map<String, Schema> properties = Schemas.properties(effective);
      if (properties != null) {
        properties.forEach(
            (name, property) -> {
              JsonNode value = object.get(name);
              if (value != null) {
                object.set(name, relax(value, property, join(where, name), found));
              }
            });
      }
    } else if (node instanceof ArrayNode array && effective.getItems() != null) {
      for (int i = 0; i < array.size(); i++) {
        array.set(i, relax(array.get(i), effective.getItems(), where + "[]", found));
      }
    }
    return node;
  }

  private static Object extension(Schema<?> schema) {
    return schema.getExtensions() == null
        ? null
        : schema.getExtensions().get("x-undocumented-type");
  }

  private static JsonNode ours(JsonNode node, String type, String where, List<String> found) {
    if (!node.isValueNode() || node.isNull() || type == null) {
      return node;
    }
    boolean number = "number".equals(type) || "integer".equals(type);
    if ("string".equals(type) && !node.isTextual()) {
      note(found, where, node);
      return NODES.textNode(node.asText());
    }
    if (number && !node.isNumber()) {
      note(found, where, node);
      try {
        BigDecimal value = new BigDecimal(node.asText().trim());
        return "integer".equals(type)
            ? NODES.numberNode(value.toBigInteger())
            : NODES.numberNode(value);
      } catch (NumberFormatException e) {
        return NODES.numberNode(0);
      }
    }
    if ("boolean".equals(type) && !node.isBoolean()) {
      note(found, where, node);
      return NODES.booleanNode(Boolean.parseBoolean(node.asText()));
    }
    return node;
  }

  private static void note(List<String> found, String where, JsonNode node) {
    String kind =
        node.isNumber()
            ? "number"
            : node.isTextual()
                ? "string"
                : node.getNodeType().toString().toLowerCase(java.util.Locale.ROOT);
    String entry = where + " " + kind;
    if (!found.contains(entry)) {
      found.add(entry);
    }
  }

  private static String join(String where, String name) {
    return where.isEmpty() ? name : where + "." + name;
  }
}
