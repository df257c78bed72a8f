package com.merchantpay.sandbox.internal.contract;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import com.merchantpay.sandbox.internal.http.Json;
import com.merchantpay.spec.ApiSpec;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The ignored members and parameters read from the document's tree are those the request
 * validator's resolved model names, over every example body of the document with an unknown member
 * added at every depth, and every operation's query parameters.
 */
class IgnoredTest {

  @ParameterizedTest
  @EnumSource(
      value = ApiSpec.class,
      names = {"V2", "CONTROL"})
  void bodyMembersAreThoseTheResolvedModelDoesNotDefine(ApiSpec spec) {
    Contracts.Api api = spec == ApiSpec.V2 ? Contracts.v2() : Contracts.control();
    int compared = 0;
    List<String> disagreements = new ArrayList<>();
    for (Contracts.Operation operation : api.operations()) {
      Schema<?> schema = modelSchema(api, operation);
      for (JsonNode example : RequestExamples.of(api.document(), operation)) {
        List<JsonNode> bodies = new ArrayList<>(List.of(example));
        bodies.addAll(withUnknownMembers(example));
        for (JsonNode body : bodies) {
          List<String> expected = new ArrayList<>();
          if (schema == null) {
            body.fieldNames().forEachRemaining(expected::add);
          } else {
            walk(schema, body, "", expected);
          }
          List<String> ours = Ignored.bodyMembers(api, operation, body);
          compared++;
          if (!ours.equals(expected)) {
            disagreements.add(
                operation.id() + " " + body + "\n  ours: " + ours + "\n  model: " + expected);
          }
        }
      }
    }
    assertThat(disagreements).isEmpty();
    assertThat(compared).isGreaterThan(spec == ApiSpec.V2 ? 100 : 10);
  }

  @ParameterizedTest
  @EnumSource(
      value = ApiSpec.class,
      names = {"V2", "V1", "CONTROL"})
  void queryParametersAreThoseTheModelDoesNotDeclare(ApiSpec spec) {
    Contracts.Api api =
        switch (spec) {
          case V2 -> Contracts.v2();
          case V1 -> Contracts.v1();
          default -> Contracts.control();
        };
    for (Contracts.Operation operation : api.operations()) {
      List<String> given = new ArrayList<>(List.of("unknownOne", "merchantId", "cursor", "limit"));
      List<String> declared = new ArrayList<>();
      PathItem item = api.model().getPaths().get(operation.template());
      List<Parameter> parameters = new ArrayList<>();
      if (item.getParameters() != null) {
        parameters.addAll(item.getParameters());
      }
      var op = item.readOperationsMap().get(PathItem.HttpMethod.valueOf(operation.method()));
      if (op.getParameters() != null) {
        parameters.addAll(op.getParameters());
      }
      for (Parameter parameter : parameters) {
        if ("query".equals(parameter.getIn())) {
          declared.add(parameter.getName());
          given.add(parameter.getName());
        }
      }
      List<String> expected = given.stream().filter(name -> !declared.contains(name)).toList();
      assertThat(Ignored.queryParameters(api, operation, given))
          .as(operation.id())
          .isEqualTo(expected);
    }
  }

  /** The walk the sandbox made over the request validator's resolved model. */
  @SuppressWarnings("rawtypes")
  private static void walk(Schema<?> schema, JsonNode node, String path, List<String> unknown) {
    if (node.isArray()) {
      if (schema.getItems() != null) {
        for (int i = 0; i < node.size(); i++) {
          walk(schema.getItems(), node.get(i), path + "[" + i + "]", unknown);
        }
      }
      return;
    }
    if (!node.isObject()) {
      return;
    }
    Map<String, Schema> properties = properties(schema);
    Object additional = schema.getAdditionalProperties();
    for (Map.Entry<String, JsonNode> member : node.properties()) {
      String where = path.isEmpty() ? member.getKey() : path + "." + member.getKey();
      Schema<?> property = properties.get(member.getKey());
      if (property != null) {
        walk(property, member.getValue(), where, unknown);
      } else if (additional instanceof Schema<?> valueSchema) {
        walk(valueSchema, member.getValue(), where, unknown);
      } else if (!Boolean.TRUE.equals(additional)) {
        unknown.add(where);
      }
    }
  }

  @SuppressWarnings("rawtypes")
  private static Map<String, Schema> properties(Schema<?> schema) {
    Map<String, Schema> all = new LinkedHashMap<>();
    if (schema.getProperties() != null) {
      all.putAll(schema.getProperties());
    }
    if (schema.getAllOf() != null) {
      for (Schema<?> part : schema.getAllOf()) {
        all.putAll(properties(part));
      }
    }
    return all;
  }

  private static Schema<?> modelSchema(Contracts.Api api, Contracts.Operation operation) {
    var op =
        api.model()
            .getPaths()
            .get(operation.template())
            .readOperationsMap()
            .get(PathItem.HttpMethod.valueOf(operation.method()));
    if (op.getRequestBody() == null || op.getRequestBody().getContent() == null) {
      return null;
    }
    var media = op.getRequestBody().getContent().get("application/json");
    return media == null ? null : media.getSchema();
  }

  /** The example with one unknown member added to each object in it, one object at a time. */
  private static List<JsonNode> withUnknownMembers(JsonNode example) {
    List<String> objects = new ArrayList<>();
    collectObjects(example, "", objects);
    List<JsonNode> out = new ArrayList<>();
    for (String pointer : objects) {
      JsonNode copy = example.deepCopy();
      ((ObjectNode) copy.at(pointer)).set("colour" + pointer.length(), TextNode.valueOf("x"));
      ((ObjectNode) copy.at(pointer))
          .set("nested" + pointer.length(), Json.object().put("deeper", 1));
      out.add(copy);
    }
    ObjectNode withList = example.deepCopy();
    ArrayNode list = withList.putArray("unknownList");
    list.add(Json.object().put("a", 1));
    out.add(withList);
    return out;
  }

  private static void collectObjects(JsonNode node, String pointer, List<String> objects) {
    if (node.isObject()) {
      objects.add(pointer);
      node.properties()
          .forEach(
              member ->
                  collectObjects(
                      member.getValue(),
                      pointer + "/" + member.getKey().replace("~", "~0").replace("/", "~1"),
                      objects));
    } else if (node.isArray()) {
      for (int i = 0; i < node.size(); i++) {
        collectObjects(node.get(i), pointer + "/" + i, objects);
      }
    }
  }
}
