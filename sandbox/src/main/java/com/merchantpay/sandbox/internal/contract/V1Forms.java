package com.merchantpay.sandbox.internal.contract;

import com.atlassian.oai.validator.report.ValidationReport;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.merchantpay.sandbox.internal.domain.Amounts;
import com.merchantpay.sandbox.internal.http.Json;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.ObjectSchema;
import io.swagger.v3.oas.models.media.Schema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Checks the form body of a v1 POST call against its schema. Form values arrive as text, so each is
 * first turned into the JSON type its schema declares (following {@code allOf}, which the request
 * validator's own form reading does not, and the {@code x-pattern-properties} of shopping cart
 * lines); a value that does not convert stays text and then fails the schema check with its field
 * name.
 */
public final class V1Forms {
  public static final String FORM = "application/x-www-form-urlencoded";

  private V1Forms() {}

  public static List<String> check(
      Contracts.Api api,
      Contracts.Operation operation,
      String contentType,
      Map<String, List<String>> form) {
    if (contentType == null || !contentType.startsWith(FORM)) {
      return List.of("Content-Type: must be " + FORM);
    }
    PathItem path = api.model().getPaths().get(operation.template());
    Operation op = path.getPost();
    MediaType media = op.getRequestBody().getContent().get(FORM);
    Schema<?> schema = media.getSchema();
    ObjectNode body = Json.object();
    List<String> errors = new ArrayList<>();
    for (Map.Entry<String, List<String>> entry : form.entrySet()) {
      String name = entry.getKey();
      String value = entry.getValue().get(0);
      String type = declaredType(schema, name);
      if (type == null) {
        body.put(name, value);
        continue;
      }
      boolean converted = put(body, name, value, type);
      if (!converted && isPatternProperty(schema, name)) {
        // Lines of the shopping cart sit outside the schema's properties, so only this check sees
        // them.
        errors.add(name + ": must be of type " + type);
      }
    }
    ValidationReport report =
        api.schemas().validate(() -> body, flattened(schema), "validation.request.body");
    errors.addAll(ValidationMessages.errors(report));
    return errors;
  }

  /**
   * Puts the value with its declared type; false when it does not convert (it is then put as text).
   */
  private static boolean put(ObjectNode body, String name, String value, String type) {
    try {
      switch (type) {
        case "integer" -> {
          // The narrowest node: the schema validator compares enum values by node type as well.
          long number = Long.parseLong(value);
          if (number == (int) number) {
            body.put(name, (int) number);
          } else {
            body.put(name, number);
          }
          return true;
        }
        case "number" -> {
          body.put(name, Amounts.parse(value));
          return true;
        }
        case "boolean" -> {
          if (value.equals("true") || value.equals("false")) {
            body.put(name, Boolean.parseBoolean(value));
            return true;
          }
          body.put(name, value);
          return false;
        }
        default -> {
          body.put(name, value);
          return true;
        }
      }
    } catch (NumberFormatException e) {
      body.put(name, value);
      return false;
    }
  }

  /**
   * The form schema with each single-part {@code allOf} property replaced by that part: the schema
   * validator applies such an {@code allOf} to the whole form object instead of to the property.
   */
  @SuppressWarnings({"rawtypes", "unchecked"})
  private static Schema<?> flattened(Schema<?> form) {
    ObjectSchema flat = new ObjectSchema();
    flat.setRequired(form.getRequired());
    flat.setAdditionalProperties(form.getAdditionalProperties());
    Map<String, Schema> properties = new LinkedHashMap<>();
    if (form.getProperties() != null) {
      for (Map.Entry<String, Schema> entry :
          ((Map<String, Schema>) (Map) form.getProperties()).entrySet()) {
        Schema property = entry.getValue();
        List<Schema> parts = property.getAllOf();
        properties.put(
            entry.getKey(), parts != null && parts.size() == 1 ? parts.get(0) : property);
      }
    }
    flat.setProperties(properties);
    return flat;
  }

  private static String declaredType(Schema<?> form, String name) {
    Schema<?> property = form.getProperties() == null ? null : form.getProperties().get(name);
    if (property != null) {
      return typeOf(property);
    }
    Object patterns =
        form.getExtensions() == null ? null : form.getExtensions().get("x-pattern-properties");
    if (patterns instanceof Map<?, ?> map) {
      for (Map.Entry<?, ?> entry : map.entrySet()) {
        if (name.matches(String.valueOf(entry.getKey()))
            && entry.getValue() instanceof Map<?, ?> definition) {
          Object type = definition.get("type");
          return type == null ? null : type.toString();
        }
      }
    }
    return null;
  }

  /**
   * Whether the name matches one of the form's {@code x-pattern-properties} (the shopping cart
   * lines).
   */
  public static boolean matchesPatternProperty(Schema<?> form, String name) {
    Object patterns =
        form.getExtensions() == null ? null : form.getExtensions().get("x-pattern-properties");
    if (patterns instanceof Map<?, ?> map) {
      for (Object pattern : map.keySet()) {
        if (name.matches(String.valueOf(pattern))) {
          return true;
        }
      }
    }
    return false;
  }

  private static boolean isPatternProperty(Schema<?> form, String name) {
    return form.getProperties() == null || !form.getProperties().containsKey(name);
  }

  private static String typeOf(Schema<?> schema) {
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
}
