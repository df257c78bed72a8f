package com.merchantpay.sandbox.internal.contract;

import com.fasterxml.jackson.databind.JsonNode;
import com.merchantpay.sandbox.internal.http.Json;
import com.networknt.schema.AnnotationKeyword;
import com.networknt.schema.ExecutionContext;
import com.networknt.schema.Format;
import com.networknt.schema.JsonMetaSchema;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.PathType;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaValidatorsConfig;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationContext;
import com.networknt.schema.ValidationMessage;
import com.networknt.schema.oas.OpenApi30;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The JSON request body schemas of a document, each compiled once into a validator that keeps its
 * resolved references, so checking a body walks the body and not the document. Findings read as the
 * request validator's do ({@code amount.value: must be of type number}).
 */
public final class BodySchemas {
  private static final String DOCUMENT = "https://merchantpay.invalid/openapi.json";
  private static final String JSON = "application/json";

  private final Map<String, JsonSchema> byOperation;

  private BodySchemas(Map<String, JsonSchema> byOperation) {
    this.byOperation = byOperation;
  }

  /** Compiles schemas of one document, found by JSON pointer, with the document's references. */
  static final class Compiler {
    private final JsonSchemaFactory factory;
    private final SchemaValidatorsConfig config =
        SchemaValidatorsConfig.builder()
            .pathType(PathType.JSON_POINTER)
            .formatAssertionsEnabled(true)
            .nullableKeywordEnabled(true)
            .locale(Locale.ROOT)
            .build();

    Compiler(JsonNode document) {
      // The library's OpenAPI 3.0 dialect leaves out the integer formats, which bound the value.
      JsonMetaSchema dialect =
          JsonMetaSchema.builder(OpenApi30.getInstance())
              .format(new IntegerFormat("int32", Integer.MIN_VALUE, Integer.MAX_VALUE))
              .format(new IntegerFormat("int64", Long.MIN_VALUE, Long.MAX_VALUE))
              // The document's own members (paths, components) and its x- extensions are read as
              // the schemas are resolved: annotations, not a warning on every start.
              .unknownKeywordFactory((keyword, context) -> new AnnotationKeyword(keyword))
              .build();
      this.factory =
          JsonSchemaFactory.getInstance(
              SpecVersion.VersionFlag.V4,
              builder ->
                  builder
                      .metaSchema(dialect)
                      .defaultMetaSchemaIri(dialect.getIri())
                      .schemaLoaders(
                          loaders -> loaders.schemas(Map.of(DOCUMENT, Json.text(document)))));
    }

    JsonSchema schema(String pointer) {
      JsonSchema schema = factory.getSchema(SchemaLocation.of(DOCUMENT + "#" + pointer), config);
      schema.initializeValidators(); // resolves every reference now, not on a first request
      return schema;
    }
  }

  /**
   * An OpenAPI integer format: a number outside its range breaks it. Values of another type, and
   * numbers with a fraction, are left to the {@code type} keyword.
   */
  private static final class IntegerFormat implements Format {
    private final String name;
    private final BigInteger min;
    private final BigInteger max;

    IntegerFormat(String name, long min, long max) {
      this.name = name;
      this.min = BigInteger.valueOf(min);
      this.max = BigInteger.valueOf(max);
    }

    @Override
    public String getName() {
      return name;
    }

    @Override
    public boolean matches(
        ExecutionContext execution, ValidationContext validation, JsonNode value) {
      if (!value.isNumber()) {
        return true;
      }
      BigDecimal number = value.decimalValue();
      if (number.signum() != 0 && number.stripTrailingZeros().scale() > 0) {
        return true;
      }
      if ((long) number.precision() - number.scale() > 19) {
        // Past any int64 in digits: 1e500000000 made whole would take minutes and gigabytes.
        return false;
      }
      BigInteger integer = number.toBigInteger();
      return integer.compareTo(min) >= 0 && integer.compareTo(max) <= 0;
    }
  }

  /**
   * Compiles the JSON body schema of every operation of a document (its tree as read from YAML).
   */
  static BodySchemas compile(
      JsonNode document, List<Contracts.Operation> operations, Compiler compiler) {
    Map<String, JsonSchema> compiled = new HashMap<>();
    for (Contracts.Operation operation : operations) {
      String body = requestBodyPointer(document, operation);
      if (body != null && document.at(body + "/content/" + escape(JSON)).has("schema")) {
        compiled.put(
            operation.id(), compiler.schema(body + "/content/" + escape(JSON) + "/schema"));
      }
    }
    return new BodySchemas(Map.copyOf(compiled));
  }

  /** Whether the operation takes a JSON body this holds a schema for. */
  public boolean covers(String operationId) {
    return byOperation.containsKey(operationId);
  }

  /** What the operation's schema finds wrong with a parsed body, one entry per failed rule. */
  public List<String> findings(String operationId, JsonNode body) {
    Set<ValidationMessage> messages = byOperation.get(operationId).validate(body);
    if (messages.isEmpty()) {
      return List.of();
    }
    List<ValidationMessage> ordered = new ArrayList<>(messages);
    ordered.sort(Comparator.comparing(m -> m.getInstanceLocation().toString()));
    Set<String> findings = new LinkedHashSet<>();
    for (ValidationMessage message : ordered) {
      findings.add(describe(message));
    }
    return List.copyOf(findings);
  }

  static String describe(ValidationMessage message) {
    String field = ValidationMessages.fromPointer(message.getInstanceLocation().toString());
    if ("required".equals(message.getType())) {
      String member = message.getProperty();
      return (field.isEmpty() ? member : field + "." + member) + ": a value is required";
    }
    String where = field.isEmpty() ? "body" : field;
    return where + ": " + rule(message);
  }

  /** The rule a message says was broken, in the words of a finding after its field. */
  static String rule(ValidationMessage message) {
    // The library hands the failed keyword's own value (the pattern, the limit), not its schema.
    JsonNode keyword = message.getSchemaNode();
    return switch (message.getType()) {
      case "type" -> "must be of type " + text(keyword);
      case "enum" -> "must be one of " + Json.text(keyword);
      case "pattern" -> "must match " + text(keyword);
      case "format" -> "must be a valid " + text(keyword) + " value";
      case "maxLength" ->
          "is too long (length: " + length(message) + ", maximum allowed: " + text(keyword) + ")";
      case "minLength" ->
          "is too short (length: " + length(message) + ", required minimum: " + text(keyword) + ")";
      case "minimum" -> "must be at least " + text(keyword);
      case "maximum" -> "must be at most " + text(keyword);
      case "minItems" -> "must have at least " + text(keyword) + " items";
      case "maxItems" -> "must have at most " + text(keyword) + " items";
      default -> withoutLocation(message.getMessage());
    };
  }

  private static String text(JsonNode value) {
    return value == null ? "" : value.isValueNode() ? value.asText() : Json.text(value);
  }

  private static int length(ValidationMessage message) {
    JsonNode value = message.getInstanceNode();
    return value == null ? 0 : value.asText().codePointCount(0, value.asText().length());
  }

  /** The library's own wording starts with the instance's location, which the entry names first. */
  private static String withoutLocation(String text) {
    int colon = text.indexOf(": ");
    return colon < 0 ? text : text.substring(colon + 2);
  }

  /**
   * Where the request body of an operation sits in the document, as a JSON pointer, following a
   * reference to a shared request body; null when the operation takes none.
   */
  static String requestBodyPointer(JsonNode document, Contracts.Operation operation) {
    String pointer =
        "/paths/"
            + escape(operation.template())
            + "/"
            + operation.method().toLowerCase(Locale.ROOT)
            + "/requestBody";
    JsonNode body = document.at(pointer);
    if (body.has("$ref")) {
      pointer = body.get("$ref").asText().substring(1);
      body = document.at(pointer);
    }
    return body.isMissingNode() ? null : pointer;
  }

  static String escape(String token) {
    return token.replace("~", "~0").replace("/", "~1");
  }
}
