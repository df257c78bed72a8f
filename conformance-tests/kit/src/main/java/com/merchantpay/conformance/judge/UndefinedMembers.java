package com.merchantpay.conformance.judge;

import com.fasterxml.jackson.databind.JsonNode;
import io.swagger.v3.oas.models.media.Schema;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The members of a JSON body its schema does not define. A service may send more than its document
 * shows, so a live answer is never judged by them; but a consumer's pact that relies on such a
 * member ({@code resultcode} for {@code resultCode}) expects what no implementation need send.
 * Reads the schema model only: what the body's values must be is the validator's business.
 */
final class UndefinedMembers {
  private UndefinedMembers() {}

  /** The paths of the members the schema does not define, as {@code items[0].resultcode}. */
  static List<String> of(Schema<?> schema, JsonNode body) {
    List<String> undefined = new ArrayList<>();
    walk(schema, body, "", undefined);
    return undefined;
  }

  @SuppressWarnings("rawtypes")
  private static void walk(Schema<?> schema, JsonNode value, String path, List<String> undefined) {
    if (schema == null || value == null) {
      return;
    }
    if (value.isArray()) {
      Schema<?> items = items(schema);
      for (int i = 0; i < value.size(); i++) {
        walk(items, value.get(i), path + "[" + i + "]", undefined);
      }
      return;
    }
    if (!value.isObject()) {
      return;
    }
    Map<String, Schema> properties = properties(schema);
    if (properties == null) {
      return; // a free-form object: any member is its own
    }
    Schema<?> extra = additional(schema);
    value
        .properties()
        .forEach(
            member -> {
              String at = path.isEmpty() ? member.getKey() : path + "." + member.getKey();
              Schema<?> defined = properties.get(member.getKey());
              if (defined != null) {
                walk(defined, member.getValue(), at, undefined);
              } else if (extra != null) {
                walk(extra, member.getValue(), at, undefined);
              } else if (!openToMore(schema)) {
                undefined.add(at);
              }
            });
  }

  /**
   * The properties of the schema and of every branch it may take ({@code allOf}, {@code oneOf},
   * {@code anyOf}); null when any part leaves the object free-form.
   */
  @SuppressWarnings("rawtypes")
  private static Map<String, Schema> properties(Schema<?> schema) {
    Map<String, Schema> all = Schemas.properties(schema);
    for (List<Schema> branches : branches(schema)) {
      for (Schema<?> branch : branches) {
        Map<String, Schema> of = properties(branch);
        if (of == null) {
          return null;
        }
        if (all == null) {
          all = new java.util.LinkedHashMap<>();
        }
        all.putAll(of);
      }
    }
    return all;
  }

  @SuppressWarnings("rawtypes")
  private static List<List<Schema>> branches(Schema<?> schema) {
    List<List<Schema>> branches = new ArrayList<>();
    if (schema.getOneOf() != null) {
      branches.add(schema.getOneOf());
    }
    if (schema.getAnyOf() != null) {
      branches.add(schema.getAnyOf());
    }
    return branches;
  }

  /** The schema of members beyond the named ones, when it is one. */
  private static Schema<?> additional(Schema<?> schema) {
    Schema<?> effective = Schemas.effective(schema);
    return effective.getAdditionalProperties() instanceof Schema<?> extra ? extra : null;
  }

  /** Whether the schema takes any further member ({@code additionalProperties: true}). */
  private static boolean openToMore(Schema<?> schema) {
    return Boolean.TRUE.equals(Schemas.effective(schema).getAdditionalProperties());
  }

  private static Schema<?> items(Schema<?> schema) {
    Schema<?> effective = Schemas.effective(schema);
    return effective.getItems();
  }
}
