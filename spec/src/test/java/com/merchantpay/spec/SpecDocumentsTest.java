package com.merchantpay.spec;

import static org.assertj.core.api.Assertions.assertThat;

import com.merchantpay.masking.SecretNames;
import io.swagger.parser.OpenAPIParser;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The build fails when a document does not parse and validate, or one of its examples is wrong. */
class SpecDocumentsTest {

  static SwaggerParseResult parse(String yaml) {
    ParseOptions options = new ParseOptions();
    options.setResolve(true);
    return new OpenAPIParser().readContents(yaml, null, options);
  }

  @ParameterizedTest
  @EnumSource(ApiSpec.class)
  void documentParsesAndValidatesWithoutMessages(ApiSpec spec) {
    SwaggerParseResult result = parse(spec.yaml());

    assertThat(result.getMessages()).isEmpty();
    assertThat(result.getOpenAPI().getOpenapi()).isEqualTo("3.0.3");
  }

  @ParameterizedTest
  @EnumSource(ApiSpec.class)
  void everyExampleValidatesAgainstItsSchema(ApiSpec spec) {
    ExampleChecker checker = new ExampleChecker(parse(spec.yaml()).getOpenAPI());

    assertThat(checker.check()).isEmpty();
    assertThat(checker.checkedCount()).isGreaterThan(20);
  }

  @ParameterizedTest
  @EnumSource(ApiSpec.class)
  void everyOperationHasAnIdATagAndAnErrorOrDefaultResponse(ApiSpec spec) {
    List<String> problems = new ArrayList<>();
    parse(spec.yaml())
        .getOpenAPI()
        .getPaths()
        .forEach(
            (path, item) ->
                item.readOperationsMap()
                    .forEach(
                        (method, operation) -> {
                          String where = method + " " + path;
                          if (operation.getOperationId() == null) {
                            problems.add(where + " has no operationId");
                          }
                          if (operation.getTags() == null || operation.getTags().isEmpty()) {
                            problems.add(where + " has no tag");
                          }
                          if (operation.getResponses().keySet().stream()
                              .noneMatch(
                                  status -> status.startsWith("4") || status.equals("default"))) {
                            problems.add(where + " declares no error response");
                          }
                        }));

    assertThat(problems).isEmpty();
  }

  @ParameterizedTest
  @EnumSource(ApiSpec.class)
  void dictionariesAreNamedSchemasAndSecretsAreStrings(ApiSpec spec) {
    OpenAPI api = parse(spec.yaml()).getOpenAPI();
    List<String> problems = new ArrayList<>();
    for (Map.Entry<String, Schema> component : api.getComponents().getSchemas().entrySet()) {
      Schema<?> schema = component.getValue();
      if (schema.getProperties() == null) {
        continue;
      }
      schema
          .getProperties()
          .forEach(
              (name, property) -> {
                String where = component.getKey() + "." + name;
                if (property.getEnum() != null && property.get$ref() == null) {
                  problems.add(where + " has an inline enum: make it a named schema");
                }
                Map<String, Object> extensions = property.getExtensions();
                if (extensions != null
                    && Boolean.TRUE.equals(extensions.get("x-sensitive"))
                    && !"string".equals(property.getType())) {
                  problems.add(where + " is x-sensitive but not a string");
                }
              });
    }

    assertThat(problems).isEmpty();
  }

  /**
   * The masking of the whole product (clients, sandbox, kit) names the secret members once, in
   * {@link SecretNames}; this fails when a spec marks a member {@code x-sensitive} that it does not
   * name, or it names one no spec marks.
   */
  @Test
  void theSecretMembersOfTheSpecsAreTheOnesTheMaskingNames() {
    Set<String> sensitive = new TreeSet<>();
    for (ApiSpec spec : ApiSpec.values()) {
      OpenAPI api = parse(spec.yaml()).getOpenAPI();
      for (Schema<?> schema : api.getComponents().getSchemas().values()) {
        if (schema.getProperties() != null) {
          schema
              .getProperties()
              .forEach(
                  (name, property) -> {
                    if (sensitive(property.getExtensions())) {
                      sensitive.add(name);
                    }
                  });
        }
      }
      if (api.getComponents().getParameters() != null) {
        api.getComponents()
            .getParameters()
            .values()
            .forEach(
                parameter -> {
                  if (sensitive(parameter.getExtensions())) {
                    sensitive.add(parameter.getName());
                  }
                });
      }
    }
    Set<String> named = new TreeSet<>(SecretNames.MEMBERS);
    named.addAll(SecretNames.MEMBERS_IN_PLACE);

    assertThat(named).isEqualTo(sensitive);
  }

  private static boolean sensitive(Map<String, Object> extensions) {
    return extensions != null && Boolean.TRUE.equals(extensions.get("x-sensitive"));
  }
}
