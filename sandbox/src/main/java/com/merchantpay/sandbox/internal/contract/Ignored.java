package com.merchantpay.sandbox.internal.contract;

import com.fasterxml.jackson.databind.JsonNode;
import com.merchantpay.sandbox.internal.http.HttpSupport;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * What a request carried that its operation does not define. Such members and parameters are
 * accepted and ignored (the documents never forbid them), but a misplaced member then does nothing,
 * so the sandbox names them in the {@value #MEMBERS_HEADER} and {@value #PARAMETERS_HEADER}
 * response headers and in the control API's request log.
 */
public final class Ignored {
  public static final String MEMBERS_HEADER = "Ignored-Members";
  public static final String PARAMETERS_HEADER = "Ignored-Parameters";

  /** The models never change once loaded, so what is read from them is read once. */
  private static final ByIdentity<Schema<?>, Map<String, Schema>> PROPERTIES = new ByIdentity<>();

  private static final ByIdentity<Contracts.Operation, Optional<Schema<?>>> JSON_BODIES =
      new ByIdentity<>();

  private Ignored() {}

  /** The query parameters the operation does not declare, in the order they came. */
  public static List<String> queryParameters(
      Contracts.Api api, Contracts.Operation operation, Collection<String> given) {
    if (given.isEmpty()) {
      return List.of();
    }
    Set<String> declared = new LinkedHashSet<>();
    for (Parameter parameter : parameters(api, operation)) {
      if ("query".equals(parameter.getIn())) {
        declared.add(parameter.getName());
      }
    }
    List<String> unknown = new ArrayList<>();
    for (String name : given) {
      if (!declared.contains(name)) {
        unknown.add(name);
      }
    }
    return unknown;
  }

  /** The form fields of a v1 POST that its form schema neither names nor matches with a pattern. */
  public static List<String> formFields(
      Contracts.Api api, Contracts.Operation operation, Collection<String> given) {
    Schema<?> form = requestSchema(api, operation, V1Forms.FORM);
    List<String> unknown = new ArrayList<>();
    for (String name : given) {
      if (form == null || !(declares(form, name) || V1Forms.matchesPatternProperty(form, name))) {
        unknown.add(name);
      }
    }
    return unknown;
  }

  /**
   * The members of a JSON body that its schema does not define, as dotted paths ({@code
   * receipt.colour}, {@code items[0].size}); members under a schema that allows any member are
   * never listed.
   */
  public static List<String> bodyMembers(
      Contracts.Api api, Contracts.Operation operation, JsonNode body) {
    List<String> unknown = new ArrayList<>();
    Schema<?> schema =
        JSON_BODIES
            .get(
                operation,
                () -> Optional.ofNullable(requestSchema(api, operation, "application/json")))
            .orElse(null);
    if (body != null && body.isObject()) {
      if (schema == null) {
        body.fieldNames().forEachRemaining(unknown::add);
      } else {
        walk(schema, body, "", unknown);
      }
    }
    return unknown;
  }

  /** The members of a JSON object that an operation without a body would have ignored entirely. */
  public static List<String> allMembers(JsonNode body) {
    List<String> names = new ArrayList<>();
    body.fieldNames().forEachRemaining(names::add);
    return names;
  }

  public static HttpSupport.Out name(
      HttpSupport.Out out, List<String> members, List<String> parameters) {
    HttpSupport.Out named = out;
    if (!members.isEmpty()) {
      named = named.withHeader(MEMBERS_HEADER, String.join(", ", members));
    }
    if (!parameters.isEmpty()) {
      named = named.withHeader(PARAMETERS_HEADER, String.join(", ", parameters));
    }
    return named;
  }

  @SuppressWarnings({"rawtypes", "unchecked"})
  private static void walk(Schema<?> schema, JsonNode node, String path, List<String> unknown) {
    if (node.isArray()) {
      Schema<?> items = schema.getItems();
      if (items != null) {
        for (int i = 0; i < node.size(); i++) {
          walk(items, node.get(i), path + "[" + i + "]", unknown);
        }
      }
      return;
    }
    if (!node.isObject()) {
      return;
    }
    Map<String, Schema> properties = PROPERTIES.get(schema, () -> properties(schema));
    Object additional = schema.getAdditionalProperties();
    for (Map.Entry<String, JsonNode> member : node.properties()) {
      Schema<?> property = properties.get(member.getKey());
      Schema<?> next = property != null ? property : additional instanceof Schema<?> s ? s : null;
      JsonNode value = member.getValue();
      if (next != null && !value.isContainerNode()) {
        continue; // a known member with a plain value: nothing under it to name
      }
      String where = path.isEmpty() ? member.getKey() : path + "." + member.getKey();
      if (next != null) {
        walk(next, value, where, unknown);
      } else if (!Boolean.TRUE.equals(additional)) {
        unknown.add(where);
      }
    }
  }

  /** Properties of a schema, including those of its {@code allOf} parts. */
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

  private static boolean declares(Schema<?> schema, String name) {
    return PROPERTIES.get(schema, () -> properties(schema)).containsKey(name);
  }

  /**
   * Values computed once per object, told apart by identity: the models' own {@code equals} walks
   * them whole.
   */
  private static final class ByIdentity<K, V> {
    private final Map<Key, V> values = new ConcurrentHashMap<>();

    V get(K key, Supplier<V> compute) {
      return values.computeIfAbsent(new Key(key), k -> compute.get());
    }

    private static final class Key {
      private final Object of;

      Key(Object of) {
        this.of = of;
      }

      @Override
      public boolean equals(Object other) {
        return other instanceof Key key && key.of == of;
      }

      @Override
      public int hashCode() {
        return System.identityHashCode(of);
      }
    }
  }

  private static Schema<?> requestSchema(
      Contracts.Api api, Contracts.Operation operation, String mediaType) {
    Operation op = openApiOperation(api, operation);
    if (op == null || op.getRequestBody() == null || op.getRequestBody().getContent() == null) {
      return null;
    }
    MediaType media = op.getRequestBody().getContent().get(mediaType);
    return media == null ? null : media.getSchema();
  }

  private static List<Parameter> parameters(Contracts.Api api, Contracts.Operation operation) {
    List<Parameter> all = new ArrayList<>();
    PathItem item = api.model().getPaths().get(operation.template());
    if (item != null && item.getParameters() != null) {
      all.addAll(item.getParameters());
    }
    Operation op = openApiOperation(api, operation);
    if (op != null && op.getParameters() != null) {
      all.addAll(op.getParameters());
    }
    return all;
  }

  private static Operation openApiOperation(Contracts.Api api, Contracts.Operation operation) {
    PathItem item = api.model().getPaths().get(operation.template());
    return item == null
        ? null
        : item.readOperationsMap().get(PathItem.HttpMethod.valueOf(operation.method()));
  }
}
