package com.merchantpay.sandbox.internal.contract;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import com.merchantpay.sandbox.internal.http.HttpSupport;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.ValidationMessage;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The parameters and media types of each operation of a document whose parameters are all strings
 * (the v2 interface and the control API), compiled once: a request's path, query and header values
 * are checked against schemas that were resolved at start, its {@code Content-Type} and {@code
 * Accept} against the operation's media types. Findings read as the request validator's do. An
 * operation with a parameter of another type is not covered; the request validator checks it.
 */
public final class ParameterChecks {
  private record Parameter(String name, String in, boolean required, JsonSchema schema) {}

  private record Checks(
      List<Parameter> parameters,
      List<String> consumes,
      boolean bodyRequired,
      List<String> produces) {}

  /** Checks nothing: every operation goes to the request validator. */
  static final ParameterChecks NONE = new ParameterChecks(Map.of());

  private final Map<String, Checks> byOperation;

  private ParameterChecks(Map<String, Checks> byOperation) {
    this.byOperation = byOperation;
  }

  static ParameterChecks compile(
      JsonNode document, List<Contracts.Operation> operations, BodySchemas.Compiler compiler) {
    Map<String, Checks> compiled = new HashMap<>();
    for (Contracts.Operation operation : operations) {
      String itemPointer = "/paths/" + BodySchemas.escape(operation.template());
      String operationPointer = itemPointer + "/" + operation.method().toLowerCase(Locale.ROOT);
      Map<String, Parameter> parameters = new LinkedHashMap<>();
      boolean allStrings = true;
      for (String owner : List.of(itemPointer, operationPointer)) {
        JsonNode list = document.at(owner + "/parameters");
        for (int i = 0; i < list.size(); i++) {
          String pointer = owner + "/parameters/" + i;
          if (list.get(i).has("$ref")) {
            pointer = list.get(i).get("$ref").asText().substring(1);
          }
          JsonNode parameter = document.at(pointer);
          JsonNode schema = parameter.path("schema");
          String schemaPointer = pointer + "/schema";
          if (schema.has("$ref")) {
            schemaPointer = schema.get("$ref").asText().substring(1);
            schema = document.at(schemaPointer);
          }
          allStrings &= schema.path("type").asText().equals("string");
          String in = parameter.path("in").asText();
          parameters.put(
              in + " " + parameter.path("name").asText().toLowerCase(Locale.ROOT),
              new Parameter(
                  parameter.path("name").asText(),
                  in,
                  in.equals("path") || parameter.path("required").asBoolean(),
                  compiler.schema(schemaPointer)));
        }
      }
      if (allStrings) {
        List<String> consumes = new ArrayList<>();
        String body = BodySchemas.requestBodyPointer(document, operation);
        if (body != null) {
          document.at(body + "/content").fieldNames().forEachRemaining(consumes::add);
        }
        boolean bodyRequired = body != null && document.at(body + "/required").asBoolean();
        List<String> produces = new ArrayList<>();
        document
            .at(operationPointer + "/responses")
            .forEach(
                response -> {
                  JsonNode answer =
                      response.has("$ref")
                          ? document.at(response.get("$ref").asText().substring(1))
                          : response;
                  answer
                      .path("content")
                      .fieldNames()
                      .forEachRemaining(
                          type -> {
                            if (!produces.contains(type)) {
                              produces.add(type);
                            }
                          });
                });
        // In the order the request validator names them, so both checks word a refusal alike.
        produces.sort(null);
        compiled.put(
            operation.id(),
            new Checks(
                List.copyOf(parameters.values()), List.copyOf(consumes), bodyRequired, produces));
      }
    }
    return new ParameterChecks(Map.copyOf(compiled));
  }

  /** Whether every parameter and media type of the operation is checked here. */
  public boolean covers(String operationId) {
    return byOperation.containsKey(operationId);
  }

  /** Whether the operation's document requires a body. */
  public boolean requiresBody(String operationId) {
    return byOperation.get(operationId).bodyRequired();
  }

  /**
   * What is wrong with the request's parameters and media types, one entry per failed rule.
   *
   * @param pathValues the path parameters' values, as matching the call found them (null: none)
   */
  public List<String> findings(
      HttpSupport.In in,
      Contracts.Operation operation,
      Map<String, String> pathValues,
      boolean withBody) {
    Checks checks = byOperation.get(operation.id());
    List<String> findings = new ArrayList<>();
    for (Parameter parameter : checks.parameters()) {
      String value =
          switch (parameter.in()) {
            case "path" -> pathValues == null ? null : pathValues.get(parameter.name());
            case "query" -> first(in.query().get(parameter.name()));
            case "header" -> in.header(parameter.name());
            default -> null; // cookies: none in these documents
          };
      // An empty value counts as none where one is required, or where the schema refuses it, as
      // the request validator has it.
      if (value == null || value.isEmpty()) {
        if (parameter.required()
            || value != null && !parameter.schema().validate(TextNode.valueOf(value)).isEmpty()) {
          findings.add(parameter.name() + ": a value is required");
        }
        continue;
      }
      Set<ValidationMessage> messages = parameter.schema().validate(TextNode.valueOf(value));
      for (ValidationMessage message : messages) {
        findings.add(parameter.name() + ": " + BodySchemas.rule(message));
      }
    }
    String contentType = in.contentType();
    if (withBody && contentType != null && !checks.consumes().isEmpty()) {
      if (checks.consumes().stream().noneMatch(type -> compatible(type, contentType))) {
        findings.add("Content-Type: must be " + String.join(", ", checks.consumes()));
      }
    }
    String accept = in.header("Accept");
    if (accept != null && !checks.produces().isEmpty()) {
      boolean any = false;
      for (String range : accept.split(",")) {
        for (String produced : checks.produces()) {
          any |= compatible(range, produced);
        }
      }
      if (!any) {
        findings.add("Accept: must allow " + String.join(", ", checks.produces()));
      }
    }
    return findings;
  }

  private static String first(List<String> values) {
    return values == null || values.isEmpty() ? null : values.get(0);
  }

  /** Whether two media types, either of which may be a range like {@code *}{@code /*}, meet. */
  static boolean compatible(String one, String other) {
    String a = base(one);
    String b = base(other);
    int slashA = a.indexOf('/');
    int slashB = b.indexOf('/');
    if (slashA < 0 || slashB < 0) {
      return a.equals("*") || b.equals("*");
    }
    return part(a, 0, slashA, b, 0, slashB)
        && part(a, slashA + 1, a.length(), b, slashB + 1, b.length());
  }

  /** Whether two parts of media types, either of which may be {@code *}, meet. */
  private static boolean part(String a, int fromA, int toA, String b, int fromB, int toB) {
    boolean anyA = toA - fromA == 1 && a.charAt(fromA) == '*';
    boolean anyB = toB - fromB == 1 && b.charAt(fromB) == '*';
    return anyA
        || anyB
        || toA - fromA == toB - fromB && a.regionMatches(fromA, b, fromB, toA - fromA);
  }

  private static String base(String mediaType) {
    int parameters = mediaType.indexOf(';');
    return (parameters < 0 ? mediaType : mediaType.substring(0, parameters))
        .strip()
        .toLowerCase(Locale.ROOT);
  }
}
