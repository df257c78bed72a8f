package com.merchantpay.conformance.judge;

import com.atlassian.oai.validator.OpenApiInteractionValidator;
import com.atlassian.oai.validator.util.OpenApiLoader;
import com.merchantpay.spec.ApiSpec;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.parser.core.models.ParseOptions;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An OpenAPI document of the service as the kit reads it: the parsed model with every reference
 * resolved, and its operations with what the checks need to know of them. Loaded once per JVM and
 * document. Not part of the kit's API.
 */
public final class SpecModel {
  private static final Map<ApiSpec, SpecModel> LOADED = new EnumMap<>(ApiSpec.class);

  /** One operation of the document. */
  public record Operation(
      String id,
      String method,
      String template,
      Pattern pattern,
      io.swagger.v3.oas.models.Operation definition,
      List<Parameter> parameters) {

    /** Whether the 200 answer has no body (capture, cancel, revoke, sticker activation). */
    public boolean emptySuccess() {
      ApiResponse ok =
          definition.getResponses() == null ? null : definition.getResponses().get("200");
      return ok != null && (ok.getContent() == null || ok.getContent().isEmpty());
    }

    /** The request body schema of the given media type, or null. */
    public Schema<?> requestSchema(String mediaType) {
      if (definition.getRequestBody() == null || definition.getRequestBody().getContent() == null) {
        return null;
      }
      MediaType media = definition.getRequestBody().getContent().get(mediaType);
      return media == null ? null : media.getSchema();
    }

    /**
     * The statuses the operation documents, as written ({@code 200}, {@code 5XX}, {@code default}).
     */
    public List<String> documentedStatuses() {
      return definition.getResponses() == null
          ? List.of()
          : List.copyOf(definition.getResponses().keySet());
    }

    /**
     * The JSON schema of an answer with this status: the status's own, or else that of the first
     * status of its class the operation declares; null when there is none.
     */
    public Schema<?> answerSchema(int status) {
      if (definition.getResponses() == null) {
        return null;
      }
      List<String> candidates = new ArrayList<>();
      candidates.add(String.valueOf(status));
      candidates.add(status / 100 + "XX");
      definition.getResponses().keySet().stream()
          .filter(declared -> declared.startsWith(String.valueOf(status / 100)))
          .forEach(candidates::add);
      candidates.add("default");
      for (String candidate : candidates) {
        ApiResponse response = definition.getResponses().get(candidate);
        MediaType json =
            response == null || response.getContent() == null
                ? null
                : response.getContent().get("application/json");
        if (json != null && json.getSchema() != null) {
          return json.getSchema();
        }
      }
      return null;
    }

    /** The vendor extension with this name, or null. */
    public Object extension(String name) {
      return definition.getExtensions() == null ? null : definition.getExtensions().get(name);
    }

    public boolean hasParameter(String in, String name) {
      return parameters.stream().anyMatch(p -> in.equals(p.getIn()) && name.equals(p.getName()));
    }
  }

  private final ApiSpec spec;
  private final OpenAPI openApi;
  private final List<Operation> operations;

  private SpecModel(ApiSpec spec) {
    this.spec = spec;
    ParseOptions options = new ParseOptions();
    options.setResolve(true);
    options.setResolveFully(true);
    options.setResolveCombinators(false);
    this.openApi =
        new OpenApiLoader()
            .loadApi(
                OpenApiInteractionValidator.SpecSource.inline(spec.yaml()), List.of(), options);
    List<Operation> all = new ArrayList<>();
    openApi
        .getPaths()
        .forEach(
            (template, item) ->
                item.readOperationsMap()
                    .forEach(
                        (method, definition) -> {
                          List<Parameter> parameters = new ArrayList<>();
                          if (item.getParameters() != null) {
                            parameters.addAll(item.getParameters());
                          }
                          if (definition.getParameters() != null) {
                            parameters.addAll(definition.getParameters());
                          }
                          all.add(
                              new Operation(
                                  definition.getOperationId(),
                                  method.name(),
                                  template,
                                  pattern(template),
                                  definition,
                                  Collections.unmodifiableList(parameters)));
                        }));
    this.operations = Collections.unmodifiableList(all);
  }

  public static SpecModel of(ApiSpec spec) {
    synchronized (LOADED) {
      return LOADED.computeIfAbsent(spec, SpecModel::new);
    }
  }

  public ApiSpec spec() {
    return spec;
  }

  public OpenAPI openApi() {
    return openApi;
  }

  public List<Operation> operations() {
    return operations;
  }

  /** The operation a call names, or null when the document has no such path and method. */
  public Operation operation(String method, String path) {
    String upper = method.toUpperCase(Locale.ROOT);
    for (Operation operation : operations) {
      if (operation.method().equals(upper) && operation.pattern().matcher(path).matches()) {
        return operation;
      }
    }
    return null;
  }

  public Operation byId(String operationId) {
    for (Operation operation : operations) {
      if (operation.id().equals(operationId)) {
        return operation;
      }
    }
    throw new IllegalArgumentException(
        "no operation " + operationId + " in the " + spec + " document");
  }

  /** A named schema of the components, resolved. */
  public Schema<?> schema(String name) {
    Schema<?> schema = openApi.getComponents().getSchemas().get(name);
    if (schema == null) {
      throw new IllegalArgumentException("no schema " + name + " in the " + spec + " document");
    }
    return schema;
  }

  private static Pattern pattern(String template) {
    Matcher names = Pattern.compile("\\{[^}]+}").matcher(template);
    StringBuilder regex = new StringBuilder("^");
    int last = 0;
    while (names.find()) {
      regex.append(Pattern.quote(template.substring(last, names.start()))).append("[^/]+");
      last = names.end();
    }
    regex.append(Pattern.quote(template.substring(last))).append('$');
    return Pattern.compile(regex.toString());
  }

  /**
   * The path of a template with its parameters filled in, each percent-encoded as a path segment.
   */
  public static String expand(String template, Map<String, String> values) {
    Matcher names = Pattern.compile("\\{([^}]+)}").matcher(template);
    StringBuilder out = new StringBuilder();
    while (names.find()) {
      String value = values.get(names.group(1));
      names.appendReplacement(
          out,
          Matcher.quoteReplacement(
              URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20")));
    }
    names.appendTail(out);
    return out.toString();
  }

  static PathItem.HttpMethod httpMethod(String method) {
    return PathItem.HttpMethod.valueOf(method.toUpperCase(Locale.ROOT));
  }
}
