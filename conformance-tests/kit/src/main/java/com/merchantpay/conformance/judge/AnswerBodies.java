package com.merchantpay.conformance.judge;

import com.atlassian.oai.validator.report.ValidationReport;
import com.atlassian.oai.validator.schema.SchemaValidator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.swagger.v3.oas.models.media.Schema;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Reading an answer's body and headers, and wording a validator's findings, for the judges. */
final class AnswerBodies {
  private AnswerBodies() {}

  static final ObjectMapper JSON =
      JsonMapper.builder()
          .enable(com.fasterxml.jackson.databind.DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
          .build();

  static boolean isJson(String contentType) {
    String media = contentType.toLowerCase(Locale.ROOT).split(";")[0].trim();
    return media.equals("application/json") || media.equals("text/json") || media.endsWith("+json");
  }

  static boolean isXml(String media) {
    return media.equals("application/xml") || media.equals("text/xml") || media.endsWith("+xml");
  }

  /**
   * The body with every member whose value is null left out: a serializer that writes an absent
   * member as null says the same as one that leaves it out, and a member the documents require is
   * still missing then.
   */
  static String withoutNulls(JsonNode json) {
    JsonNode copy = json.deepCopy();
    stripNulls(copy);
    return copy.toString();
  }

  static void stripNulls(JsonNode node) {
    if (node instanceof com.fasterxml.jackson.databind.node.ObjectNode object) {
      List<String> nulls = new ArrayList<>();
      object
          .properties()
          .forEach(
              member -> {
                if (member.getValue().isNull()) {
                  nulls.add(member.getKey());
                } else {
                  stripNulls(member.getValue());
                }
              });
      object.remove(nulls);
    } else if (node.isArray()) {
      node.forEach(AnswerBodies::stripNulls);
    }
  }

  static JsonNode parse(byte[] body) {
    if (body == null || body.length == 0) {
      return null;
    }
    try {
      return JSON.readTree(body);
    } catch (IOException e) {
      return null;
    }
  }

  static String pointer(ValidationReport.Message message) {
    return message.getContext().flatMap(c -> c.getPointers()).map(p -> p.getInstance()).orElse("");
  }

  static String describe(ValidationReport.Message message) {
    String pointer = pointer(message);
    String where = pointer.isEmpty() || pointer.equals("/") ? "" : " at " + pointer;
    return message.getKey()
        + where
        + ": "
        + message.getMessage().replaceFirst("^\\[Path '[^']*'\\]\\s*", "");
  }

  static String header(Map<String, List<String>> headers, String name) {
    for (Map.Entry<String, List<String>> entry : headers.entrySet()) {
      if (entry.getKey().equalsIgnoreCase(name) && !entry.getValue().isEmpty()) {
        return entry.getValue().get(0);
      }
    }
    return null;
  }

  /** Every way a body breaks a schema of the document; empty when it conforms. */
  static List<String> schemaProblems(SchemaValidator schemas, Schema<?> schema, JsonNode body) {
    ValidationReport report = schemas.validate(() -> body, schema, "body");
    List<String> problems = new ArrayList<>();
    for (ValidationReport.Message message : report.getMessages()) {
      if (message.getLevel() == ValidationReport.Level.ERROR) {
        problems.add(describe(message));
      }
    }
    return problems;
  }
}
