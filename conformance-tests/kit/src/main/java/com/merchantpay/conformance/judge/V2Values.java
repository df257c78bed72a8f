package com.merchantpay.conformance.judge;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Rules of the v2 document's conventions that a schema does not state, applied to every value of
 * every v2 answer: timestamps are written in UTC, and an amount shows at most four fraction digits.
 */
final class V2Values {
  private static final Pattern TIMESTAMP = Pattern.compile("^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}.*");
  private static final int MAX_FRACTION_DIGITS = 4;

  private V2Values() {}

  static List<String> problems(JsonNode body) {
    List<String> problems = new ArrayList<>();
    if (body != null) {
      walk(body, "", problems);
    }
    return problems;
  }

  private static void walk(JsonNode node, String path, List<String> problems) {
    if (node.isObject()) {
      JsonNode value = node.get("value");
      if (value != null
          && value.isNumber()
          && node.path("currency").isTextual()
          && value.decimalValue().stripTrailingZeros().scale() > MAX_FRACTION_DIGITS) {
        problems.add(
            "Conventions: " + path + "/value " + value + " shows more than four fraction digits");
      }
      for (Map.Entry<String, JsonNode> member : node.properties()) {
        // invoice.params holds the merchant's own free-form text, echoed as it was sent.
        if (!member.getKey().equals("params")) {
          walk(member.getValue(), path + "/" + member.getKey(), problems);
        }
      }
    } else if (node.isArray()) {
      for (int i = 0; i < node.size(); i++) {
        walk(node.get(i), path + "/" + i, problems);
      }
    } else if (node.isTextual() && TIMESTAMP.matcher(node.asText()).matches()) {
      try {
        if (OffsetDateTime.parse(node.asText()).getOffset().getTotalSeconds() != 0) {
          problems.add("Conventions: " + path + " " + node.asText() + " is not in UTC");
        }
      } catch (DateTimeParseException e) {
        // a text that merely starts like a timestamp; its schema judges it
      }
    }
  }
}
