package com.merchantpay.conformance.judge;

import com.atlassian.oai.validator.OpenApiInteractionValidator;
import com.atlassian.oai.validator.model.Request;
import com.atlassian.oai.validator.model.SimpleResponse;
import com.atlassian.oai.validator.report.LevelResolver;
import com.atlassian.oai.validator.report.MessageResolver;
import com.atlassian.oai.validator.report.ValidationReport;
import com.atlassian.oai.validator.schema.SchemaValidator;
import com.fasterxml.jackson.databind.JsonNode;
import com.merchantpay.conformance.judge.SpecModel;
import com.merchantpay.conformance.judge.XmlBodies;
import com.merchantpay.spec.ApiSpec;
import io.swagger.v3.oas.models.media.Schema;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Judges one raw HTTP answer against an OpenAPI document of the service: the status must be one the
 * operation declares, the content type one it allows, and the body (JSON, or the XML of v1 lists) must
 * match the schema. It judges what came over the wire, never a decoded object, so a tolerant decoder
 * cannot hide a departure.
 *
 * <p>{@link #of} allows members the document does not define, as the documents ask of every client;
 * {@link #strict} refuses them too, for an implementation that means to send exactly what is documented.
 *
 * <pre>{@code
 * List<String> problems = ExchangeJudge.of(ApiSpec.V2)
 *     .problems("GET", "/api/v2/payments/42", 200, headers, body);
 * }</pre>
 */
public final class ExchangeJudge {
  private final ApiSpec spec;
  private final SpecModel model;
  private final OpenApiInteractionValidator validator;
  private final SchemaValidator schemas;

  private ExchangeJudge(ApiSpec spec, boolean strict) {
    this.spec = spec;
    this.model = SpecModel.of(spec);
    ValidationReport.Level extra = strict ? ValidationReport.Level.ERROR : ValidationReport.Level.IGNORE;
    LevelResolver levels = LevelResolver.create()
        .withLevel("validation.schema.additionalProperties", extra)
        .withLevel("validation.response.body.schema.additionalProperties", extra)
        .build();
    this.validator = OpenApiInteractionValidator.createFor(model.openApi()).withLevelResolver(levels).build();
    this.schemas = new SchemaValidator(model.openApi(), new MessageResolver(levels));
  }

  /** A judge that allows members the document does not define (the documents' own tolerance rule). */
  public static ExchangeJudge of(ApiSpec spec) {
    return new ExchangeJudge(spec, false);
  }

  /** A judge that also refuses every member and XML element the document does not define. */
  public static ExchangeJudge strict(ApiSpec spec) {
    return new ExchangeJudge(spec, true);
  }

  /** Whether the document has an operation for this method and path, so {@link #problems} can judge its answers. */
  public boolean knows(String method, String path) {
    return model.operation(method, path) != null;
  }

  /**
   * Every way the answer breaks the document; empty when it conforms, or when the call was to a path or
   * method the document does not have (there is nothing to judge it against).
   *
   * @param method the request method
   * @param path the request path without the query
   * @param status the answer's HTTP status
   * @param headers the answer's headers (names in any case)
   * @param body the answer's raw body, empty when there was none
   */
  public List<String> problems(String method, String path, int status, Map<String, List<String>> headers,
      byte[] body) {
    SpecModel.Operation operation = model.operation(method, path);
    if (operation == null) {
      return List.of();
    }
    boolean v1 = spec == ApiSpec.V1;
    int judged = status;
    boolean bodyDefined = true;
    // The v2 document lets an operation with an empty 200 answer answer 204, or 200 with a body clients ignore.
    if (operation.emptySuccess() && (status == 200 || status == 204)) {
      judged = 200;
      bodyDefined = false;
    }
    // Bodies of 429, 5xx and v1 failure statuses are not defined by the documents.
    if (status == 429 || status >= 500 || (v1 && status != 200)) {
      bodyDefined = false;
    }
    SimpleResponse.Builder response = SimpleResponse.Builder.status(judged);
    headers.forEach((name, values) -> {
      if (!name.startsWith(":")) {
        response.withHeader(name, values);
      }
    });
    if (body.length > 0 && bodyDefined) {
      response.withBody(body);
    }
    ValidationReport report = validator.validateResponse(operation.template(),
        Request.Method.valueOf(method.toUpperCase(Locale.ROOT)), response.build());
    List<String> problems = new ArrayList<>();
    for (ValidationReport.Message message : report.getMessages()) {
      if (message.getLevel() == ValidationReport.Level.ERROR) {
        problems.add(describe(message));
      }
    }
    String contentType = header(headers, "Content-Type");
    if (v1 && status == 200 && contentType != null && contentType.toLowerCase(Locale.ROOT).startsWith("application/xml")) {
      // The validator passes XML bodies without a look; they are read here instead.
      problems.addAll(XmlBodies.problems(model, schemas, operation, status, body));
    }
    return problems;
  }

  /**
   * Every way a callback body breaks the named schema of the document (for example
   * {@code PaymentNotification}); empty when it conforms.
   */
  public List<String> schemaProblems(String schemaName, JsonNode body) {
    Schema<?> schema = model.openApi().getComponents().getSchemas().get(schemaName);
    if (schema == null) {
      throw new IllegalArgumentException("no schema " + schemaName + " in the " + spec + " document");
    }
    ValidationReport report = schemas.validate(() -> body, schema, "body");
    List<String> problems = new ArrayList<>();
    for (ValidationReport.Message message : report.getMessages()) {
      if (message.getLevel() == ValidationReport.Level.ERROR) {
        problems.add(describe(message));
      }
    }
    return problems;
  }

  private static String describe(ValidationReport.Message message) {
    String pointer = message.getContext().flatMap(c -> c.getPointers()).map(p -> p.getInstance()).orElse("");
    String where = pointer.isEmpty() || pointer.equals("/") ? "" : " at " + pointer;
    return message.getKey() + where + ": " + message.getMessage().replaceFirst("^\\[Path '[^']*'\\]\\s*", "");
  }

  static String header(Map<String, List<String>> headers, String name) {
    for (Map.Entry<String, List<String>> entry : headers.entrySet()) {
      if (entry.getKey().equalsIgnoreCase(name) && !entry.getValue().isEmpty()) {
        return entry.getValue().get(0);
      }
    }
    return null;
  }
}
