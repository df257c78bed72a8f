package com.merchantpay.sandbox.internal.contract;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import com.merchantpay.sandbox.internal.http.Json;
import com.merchantpay.spec.ApiSpec;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.media.Schema;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import java.util.function.Consumer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The compiled body schemas judge as the request validator they replaced on the hot path does:
 * every example body of the document, and thousands of bodies made from them by dropping a member,
 * giving one a value of the wrong type, or an empty, overlong or malformed string, get findings
 * naming the same fields from both, in the same words where the words name a rule.
 */
class BodySchemasTest {

  @ParameterizedTest
  @EnumSource(
      value = ApiSpec.class,
      names = {"V2", "CONTROL"})
  void findTheSameFieldsAsTheRequestValidatorForEveryExampleAndItsMutations(ApiSpec spec)
      throws Exception {
    Contracts.Api api = spec == ApiSpec.V2 ? Contracts.v2() : Contracts.control();
    JsonNode document = new YAMLMapper().readTree(spec.yaml());
    int compared = 0;
    List<String> disagreements = new ArrayList<>();
    for (Contracts.Operation operation : api.operations()) {
      if (!api.bodies().covers(operation.id())) {
        continue;
      }
      Schema<?> schema =
          api.model()
              .getPaths()
              .get(operation.template())
              .readOperationsMap()
              .get(PathItem.HttpMethod.valueOf(operation.method()))
              .getRequestBody()
              .getContent()
              .get("application/json")
              .getSchema();
      for (JsonNode example : RequestExamples.of(document, operation)) {
        assertThat(api.bodies().findings(operation.id(), example))
            .as("%s example %s", operation.id(), example)
            .isEmpty();
        for (JsonNode body : mutations(example)) {
          List<String> ours = api.bodies().findings(operation.id(), body);
          List<String> theirs =
              ValidationMessages.errors(
                  api.schemas().validate(() -> body, schema, "validation.request.body"));
          compared++;
          if (!fields(ours).equals(fields(theirs)) || !ruleWords(ours).equals(ruleWords(theirs))) {
            disagreements.add(
                operation.id() + " " + body + "\n  ours:   " + ours + "\n  theirs: " + theirs);
          }
        }
      }
    }
    assertThat(disagreements).isEmpty();
    assertThat(compared).isGreaterThan(spec == ApiSpec.V2 ? 300 : 50);
  }

  @ParameterizedTest
  @EnumSource(
      value = ApiSpec.class,
      names = {"V2", "CONTROL"})
  void everyOperationWithAJsonBodyHasACompiledSchema(ApiSpec spec) throws Exception {
    Contracts.Api api = spec == ApiSpec.V2 ? Contracts.v2() : Contracts.control();
    JsonNode document = new YAMLMapper().readTree(spec.yaml());
    for (Contracts.Operation operation : api.operations()) {
      JsonNode body =
          document
              .path("paths")
              .path(operation.template())
              .path(operation.method().toLowerCase(Locale.ROOT))
              .path("requestBody");
      assertThat(api.bodies().covers(operation.id()))
          .as(operation.id())
          .isEqualTo(body.has("$ref") || body.path("content").has("application/json"));
    }
  }

  /** The example with one member dropped, or one value replaced, for each member at any depth. */
  private static List<JsonNode> mutations(JsonNode example) {
    List<JsonNode> out = new ArrayList<>();
    List<String> pointers = new ArrayList<>();
    collect(example, "", pointers);
    for (String pointer : pointers) {
      JsonNode value = example.at(pointer);
      out.add(edit(example, pointer, null));
      out.add(
          edit(
              example,
              pointer,
              value.isTextual() ? Json.MAPPER.valueToTree(12345) : TextNode.valueOf("x")));
      out.add(edit(example, pointer, Json.MAPPER.nullNode()));
      if (value.isTextual()) {
        out.add(edit(example, pointer, TextNode.valueOf("")));
        out.add(edit(example, pointer, TextNode.valueOf("9".repeat(300))));
        out.add(edit(example, pointer, TextNode.valueOf("2024-13-45 not a date")));
      }
      if (value.isNumber()) {
        out.add(edit(example, pointer, Json.MAPPER.valueToTree(-1)));
        out.add(edit(example, pointer, Json.MAPPER.valueToTree(1.005)));
        out.add(edit(example, pointer, Json.MAPPER.valueToTree(2147483648L)));
        out.add(
            edit(example, pointer, Json.MAPPER.valueToTree(new BigInteger("9223372036854775808"))));
      }
      if (value.isArray()) {
        out.add(edit(example, pointer, Json.array()));
      }
    }
    return out;
  }

  private static void collect(JsonNode node, String pointer, List<String> pointers) {
    if (node.isObject()) {
      node.properties()
          .forEach(
              member -> {
                String child =
                    pointer + "/" + member.getKey().replace("~", "~0").replace("/", "~1");
                pointers.add(child);
                collect(member.getValue(), child, pointers);
              });
    } else if (node.isArray()) {
      for (int i = 0; i < node.size(); i++) {
        pointers.add(pointer + "/" + i);
        collect(node.get(i), pointer + "/" + i, pointers);
      }
    }
  }

  /** A copy with the value at the pointer replaced, or removed when the replacement is null. */
  private static JsonNode edit(JsonNode example, String pointer, JsonNode replacement) {
    JsonNode copy = example.deepCopy();
    int slash = pointer.lastIndexOf('/');
    JsonNode parent = copy.at(pointer.substring(0, slash));
    String last = pointer.substring(slash + 1).replace("~1", "/").replace("~0", "~");
    Consumer<JsonNode> put =
        parent instanceof ObjectNode object
            ? v -> {
              if (v == null) {
                object.remove(last);
              } else {
                object.set(last, v);
              }
            }
            : v -> {
              ArrayNode array = (ArrayNode) parent;
              if (v == null) {
                array.remove(Integer.parseInt(last));
              } else {
                array.set(Integer.parseInt(last), v);
              }
            };
    put.accept(replacement);
    return copy;
  }

  private static final List<String> RULES =
      List.of(
          "a value is required",
          "must be of type",
          "must be one of",
          "must match",
          "must be a valid");

  private static TreeSet<String> fields(List<String> findings) {
    TreeSet<String> fields = new TreeSet<>();
    findings.forEach(finding -> fields.add(finding.substring(0, finding.indexOf(": "))));
    return fields;
  }

  /** The findings whose words both validators take from the rule itself. */
  private static TreeSet<String> ruleWords(List<String> findings) {
    TreeSet<String> words = new TreeSet<>();
    for (String finding : findings) {
      for (String rule : RULES) {
        if (finding.contains(": " + rule)) {
          words.add(finding);
        }
      }
    }
    return words;
  }
}
