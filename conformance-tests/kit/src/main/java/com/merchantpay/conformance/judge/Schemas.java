package com.merchantpay.conformance.judge;

import io.swagger.v3.oas.models.media.Schema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reading resolved schemas of the documents, which use single-part {@code allOf} for described
 * references.
 */
public final class Schemas {
  private Schemas() {}

  /** The declared type, looking through {@code allOf}; null when none is declared. */
  public static String typeOf(Schema<?> schema) {
    if (schema.getType() != null) {
      return schema.getType();
    }
    if (schema.getAllOf() != null) {
      for (Schema<?> part : schema.getAllOf()) {
        String type = typeOf(part);
        if (type != null) {
          return type;
        }
      }
    }
    return null;
  }

  /** The properties, including those of {@code allOf} parts; null when the schema declares none. */
  @SuppressWarnings("rawtypes")
  public static Map<String, Schema> properties(Schema<?> schema) {
    Map<String, Schema> all = null;
    if (schema.getProperties() != null) {
      all = new LinkedHashMap<>(schema.getProperties());
    }
    if (schema.getAllOf() != null) {
      for (Schema<?> part : schema.getAllOf()) {
        Map<String, Schema> partProperties = properties(part);
        if (partProperties != null) {
          if (all == null) {
            all = new LinkedHashMap<>();
          }
          all.putAll(partProperties);
        }
      }
    }
    return all;
  }

  /** The required member names, including those of {@code allOf} parts. */
  public static List<String> required(Schema<?> schema) {
    List<String> required = new ArrayList<>();
    if (schema.getRequired() != null) {
      required.addAll(schema.getRequired());
    }
    if (schema.getAllOf() != null) {
      for (Schema<?> part : schema.getAllOf()) {
        required.addAll(required(part));
      }
    }
    return required;
  }

  /**
   * The schema itself, or its single {@code allOf} part, where the constraints of a described
   * reference live.
   */
  public static Schema<?> effective(Schema<?> schema) {
    if (schema.getType() == null && schema.getAllOf() != null && schema.getAllOf().size() == 1) {
      return effective(schema.getAllOf().get(0));
    }
    return schema;
  }
}
