package com.merchantpay.sandbox.internal.contract;

import com.fasterxml.jackson.databind.JsonNode;
import com.merchantpay.sandbox.internal.http.HttpSupport;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * What a request carried that its operation does not define. Such members and parameters are
 * accepted and ignored (the documents never forbid them), but a misplaced member then does nothing,
 * so the sandbox names them in the {@value #MEMBERS_HEADER} and {@value #PARAMETERS_HEADER}
 * response headers and in the control API's request log. Body members and query parameters are read
 * from the document's own tree, so a v2 call need not wait for the request validator's model; v1's
 * form fields, which only v1 has, from that model.
 */
public final class Ignored {
  public static final String MEMBERS_HEADER = "Ignored-Members";
  public static final String PARAMETERS_HEADER = "Ignored-Parameters";

  /** The documents never change once loaded, so what is read from them is read once. */
  private static final ByIdentity<JsonNode, Map<String, JsonNode>> PROPERTIES = new ByIdentity<>();

  private static final ByIdentity<Contracts.Operation, Optional<JsonNode>> JSON_BODIES =
      new ByIdentity<>();
  private static final ByIdentity<Contracts.Operation, Set<String>> QUERY_PARAMETERS =
      new ByIdentity<>();
  private static final ByIdentity<Schema<?>, Map<String, ?>> FORM_PROPERTIES = new ByIdentity<>();

  private Ignored() {}

  /** The query parameters the operation does not declare, in the order they came. */
  public static List<String> queryParameters(
      Contracts.Api api, Contracts.Operation operation, Collection<String> given) {
    if (given.isEmpty()) {
      return List.of();
    }
    Set<String> declared =
        QUERY_PARAMETERS.get(operation, () -> declaredQueryParameters(api.document(), operation));
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
    Schema<?> form = formSchema(api, operation);
    List<String> unknown = new ArrayList<>();
    for (String name : given) {
      if (form == null
          || !(FORM_PROPERTIES.get(form, () -> formProperties(form)).containsKey(name)
              || V1Forms.matchesPatternProperty(form, name))) {
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
    JsonNode document = api.document();
    JsonNode schema =
        JSON_BODIES
            .get(operation, () -> Optional.ofNullable(jsonBodySchema(document, operation)))
            .orElse(null);
    if (body != null && body.isObject()) {
      if (schema == null) {
        body.fieldNames().forEachRemaining(unknown::add);
      } else {
        walk(document, schema, body, "", unknown);
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

  private static void walk(
      JsonNode document, JsonNode schema, JsonNode node, String path, List<String> unknown) {
    JsonNode resolved = resolve(document, schema);
    if (node.isArray()) {
      JsonNode items = resolved.get("items");
      if (items != null) {
        for (int i = 0; i < node.size(); i++) {
          walk(document, items, node.get(i), path + "[" + i + "]", unknown);
        }
      }
      return;
    }
    if (!node.isObject()) {
      return;
    }
    Map<String, JsonNode> properties =
        PROPERTIES.get(resolved, () -> properties(document, resolved));
    JsonNode additional = resolved.get("additionalProperties");
    boolean anyMember = additional != null && additional.isBoolean() && additional.booleanValue();
    JsonNode valueSchema = additional != null && additional.isObject() ? additional : null;
    for (Map.Entry<String, JsonNode> member : node.properties()) {
      JsonNode property = properties.get(member.getKey());
      JsonNode next = property != null ? property : valueSchema;
      JsonNode value = member.getValue();
      if (next != null && !value.isContainerNode()) {
        continue; // a known member with a plain value: nothing under it to name
      }
      String where = path.isEmpty() ? member.getKey() : path + "." + member.getKey();
      if (next != null) {
        walk(document, next, value, where, unknown);
      } else if (!anyMember) {
        unknown.add(where);
      }
    }
  }

  /** The schema a {@code $ref} points to, followed until it is no reference; others as they are. */
  private static JsonNode resolve(JsonNode document, JsonNode schema) {
    JsonNode current = schema;
    for (int hops = 0; current.has("$ref") && hops < 32; hops++) {
      current = document.at(current.get("$ref").asText().substring(1));
    }
    return current;
  }

  /** Properties of a schema, including those of its {@code allOf} parts. */
  private static Map<String, JsonNode> properties(JsonNode document, JsonNode schema) {
    Map<String, JsonNode> all = new LinkedHashMap<>();
    schema.path("properties").properties().forEach(p -> all.put(p.getKey(), p.getValue()));
    for (JsonNode part : schema.path("allOf")) {
      JsonNode resolved = resolve(document, part);
      all.putAll(PROPERTIES.get(resolved, () -> properties(document, resolved)));
    }
    return all;
  }

  private static JsonNode jsonBodySchema(JsonNode document, Contracts.Operation operation) {
    String body = BodySchemas.requestBodyPointer(document, operation);
    if (body == null) {
      return null;
    }
    JsonNode schema = document.at(body).path("content").path("application/json").get("schema");
    return schema == null ? null : resolve(document, schema);
  }

  private static Set<String> declaredQueryParameters(
      JsonNode document, Contracts.Operation operation) {
    JsonNode item = document.path("paths").path(operation.template());
    Set<String> declared = new LinkedHashSet<>();
    for (JsonNode owner : List.of(item, item.path(operation.method().toLowerCase(Locale.ROOT)))) {
      for (JsonNode parameter : owner.path("parameters")) {
        JsonNode resolved = resolve(document, parameter);
        if ("query".equals(resolved.path("in").asText())) {
          declared.add(resolved.path("name").asText());
        }
      }
    }
    return Set.copyOf(declared);
  }

  /** Properties of a form schema of the model, including those of its {@code allOf} parts. */
  private static Map<String, ?> formProperties(Schema<?> schema) {
    Map<String, Object> all = new LinkedHashMap<>();
    if (schema.getProperties() != null) {
      all.putAll(schema.getProperties());
    }
    if (schema.getAllOf() != null) {
      for (Schema<?> part : schema.getAllOf()) {
        all.putAll(formProperties(part));
      }
    }
    return all;
  }

  private static Schema<?> formSchema(Contracts.Api api, Contracts.Operation operation) {
    PathItem item = api.model().getPaths().get(operation.template());
    Operation op =
        item == null
            ? null
            : item.readOperationsMap().get(PathItem.HttpMethod.valueOf(operation.method()));
    if (op == null || op.getRequestBody() == null || op.getRequestBody().getContent() == null) {
      return null;
    }
    MediaType media = op.getRequestBody().getContent().get(V1Forms.FORM);
    return media == null ? null : media.getSchema();
  }

  /**
   * Values computed once per object, told apart by identity: the models' own {@code equals} walks
   * them whole.
   */
  private static final class ByIdentity<K, V> {
    private final Map<Key, V> values = new ConcurrentHashMap<>();

    V get(K key, Supplier<V> compute) {
      V value = values.get(new Key(key));
      if (value == null) {
        value = compute.get(); // outside the map's lock: computing may look up other keys
        values.putIfAbsent(new Key(key), value);
      }
      return value;
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
}
