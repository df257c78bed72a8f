package com.merchantpay.conformance.judge;

import com.atlassian.oai.validator.OpenApiInteractionValidator;
import com.atlassian.oai.validator.model.Request;
import com.atlassian.oai.validator.model.SimpleResponse;
import com.atlassian.oai.validator.report.LevelResolver;
import com.atlassian.oai.validator.report.MessageResolver;
import com.atlassian.oai.validator.report.ValidationReport;
import com.atlassian.oai.validator.schema.SchemaValidator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.merchantpay.conformance.target.OpenPoint;
import com.merchantpay.spec.ApiSpec;
import io.swagger.v3.oas.models.media.Schema;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Judges one raw HTTP answer against an OpenAPI document of the service, and tells apart what
 * breaks the service documents (a <em>departure</em>) from what only differs from a decision our
 * spec took where the documents are silent (a <em>reading</em> of an open point): a status our spec
 * does not declare but of the right class with the documented body, another XML media type, a bare
 * array for the receipt list, another name for a switched-off sticker. It judges what came over the
 * wire, never a decoded object, so a tolerant decoder cannot hide a departure.
 *
 * <p>{@link #of} allows members the document does not define, as the documents ask of every client;
 * {@link #strict} refuses them too, for an implementation that means to send exactly what is
 * documented.
 *
 * <pre>{@code
 * ExchangeJudge.Verdict verdict = ExchangeJudge.of(ApiSpec.V2)
 *     .verdict("GET", "/api/v2/payments/42", 200, headers, body);
 * verdict.departures(); // what breaks the documents
 * verdict.readings();   // open points read otherwise than our spec
 * }</pre>
 */
public final class ExchangeJudge {
  private static final ObjectMapper JSON =
      JsonMapper.builder()
          .enable(com.fasterxml.jackson.databind.DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
          .build();

  /**
   * Each error code of the v2 document with the HTTP statuses our spec gives it (its Errors table).
   */
  private static final Map<String, Set<Integer>> OUR_ERROR_STATUSES =
      Map.of(
          "validation_error", Set.of(400),
          "not_authorized", Set.of(401, 403),
          "invalid_operation", Set.of(404, 409),
          "idempotency_key_violation", Set.of(409, 422),
          "payment_token_revoked", Set.of(422),
          "payment_token_blocked", Set.of(422));

  private static final Set<String> ERROR_CODES = OUR_ERROR_STATUSES.keySet();

  /**
   * How a departure for members the documents list but the answer lacks begins: a recorded answer
   * of a pact, which holds only what its consumer relies on, is not judged for them.
   */
  public static final String MISSING_MEMBERS = "Resources: the document lists ";

  /**
   * What one answer shows.
   *
   * @param departures each way the answer breaks the service documents
   * @param readings the open points the answer shows a reading of, ours or another
   */
  public record Verdict(List<String> departures, List<Reading> readings) {
    public Verdict {
      departures = List.copyOf(departures);
      readings = List.copyOf(readings);
    }

    /**
     * Every departure and every reading other than ours, described: all the ways the answer differs
     * from our spec.
     */
    public List<String> all() {
      List<String> all = new ArrayList<>(departures);
      readings.stream().filter(Reading::differs).forEach(reading -> all.add(reading.toString()));
      return all;
    }
  }

  /**
   * How an answer reads an open point: ours, or otherwise. Every success says its status and every
   * v1 answer its media type, so that a reading a profile declares can be checked even where it
   * differs from ours.
   *
   * @param point the open point
   * @param theirs the target's reading, in the point's terms
   * @param detail what showed it
   */
  public record Reading(OpenPoint point, String theirs, String detail) {
    /** Whether the target reads the point otherwise than our spec. */
    public boolean differs() {
      return !point.isOurs(theirs);
    }

    @Override
    public String toString() {
      return point.id()
          + ": "
          + theirs
          + " where our spec reads "
          + point.ours()
          + " ("
          + detail
          + ")";
    }
  }

  private final ApiSpec spec;
  private final SpecModel model;
  private final OpenApiInteractionValidator validator;
  private final SchemaValidator schemas;

  private ExchangeJudge(ApiSpec spec, boolean strict) {
    this.spec = spec;
    this.model = SpecModel.of(spec);
    ValidationReport.Level extra =
        strict ? ValidationReport.Level.ERROR : ValidationReport.Level.IGNORE;
    LevelResolver levels =
        LevelResolver.create()
            .withLevel("validation.schema.additionalProperties", extra)
            .withLevel("validation.response.body.schema.additionalProperties", extra)
            .build();
    this.validator =
        OpenApiInteractionValidator.createFor(model.openApi()).withLevelResolver(levels).build();
    this.schemas = new SchemaValidator(model.openApi(), new MessageResolver(levels));
  }

  /**
   * A judge that allows members the document does not define (the documents' own tolerance rule).
   */
  public static ExchangeJudge of(ApiSpec spec) {
    return new ExchangeJudge(spec, false);
  }

  /** A judge that also refuses every member and XML element the document does not define. */
  public static ExchangeJudge strict(ApiSpec spec) {
    return new ExchangeJudge(spec, true);
  }

  /**
   * Whether the document has an operation for this method and path, so {@link #problems} can judge
   * its answers.
   */
  public boolean knows(String method, String path) {
    return model.operation(method, path) != null;
  }

  /**
   * Every way the answer differs from our spec, departures from the documents and other readings of
   * open points alike; empty when it conforms, or when the call was to a path or method the
   * document does not have.
   *
   * @param method the request method
   * @param path the request path without the query
   * @param status the answer's HTTP status
   * @param headers the answer's headers (names in any case)
   * @param body the answer's raw body, empty when there was none
   */
  public List<String> problems(
      String method, String path, int status, Map<String, List<String>> headers, byte[] body) {
    return verdict(method, path, status, headers, body).all();
  }

  /**
   * The answer judged: what departs from the service documents, and which open points it reads
   * otherwise than our spec. Empty when the document has no such operation.
   */
  public Verdict verdict(
      String method, String path, int status, Map<String, List<String>> headers, byte[] body) {
    SpecModel.Operation operation = model.operation(method, path);
    List<String> departures = new ArrayList<>();
    List<Reading> readings = new ArrayList<>();
    if (operation == null) {
      return new Verdict(departures, readings);
    }
    if (spec == ApiSpec.V1) {
      judgeV1(operation, status, headers, body, departures, readings);
    } else {
      judgeV2(operation, status, headers, body, departures, readings);
    }
    return new Verdict(departures, readings);
  }

  // ---------------------------------------------------------------- v2

  /**
   * A 429, or a 503 with Retry-After: the target asks the caller to wait and call again, nothing to
   * judge.
   */
  private static boolean slowDown(int status, Map<String, List<String>> headers) {
    return status == 429 || (status == 503 && header(headers, "Retry-After") != null);
  }

  private void judgeV2(
      SpecModel.Operation operation,
      int status,
      Map<String, List<String>> headers,
      byte[] body,
      List<String> departures,
      List<Reading> readings) {
    if (slowDown(status, headers)) {
      return; // waiting it out is the caller's business; the documents define no body for it
    }
    if (status >= 500) {
      departures.add("HTTP " + status + ": a server error is never a conforming answer");
      return;
    }
    String declared = String.valueOf(status);
    boolean isDeclared = operation.documentedStatuses().contains(declared);
    String contentType = header(headers, "Content-Type");
    if (status / 100 == 2) {
      if (operation.emptySuccess()) {
        readings.add(
            new Reading(
                OpenPoint.NO_BODY_STATUS, declared, operation.id() + " answered HTTP " + status));
        return; // the document defines no body; one that comes anyway is ignored
      }
      readings.add(
          new Reading(
              operation.method().equals("POST") ? OpenPoint.SUCCESS_STATUS : OpenPoint.READ_STATUS,
              declared,
              operation.id() + " answered HTTP " + status));
      judgeJson(operation, successStatus(operation), contentType, body, departures, readings);
      List<String> missing = DocumentedAnswers.missing(operation.id(), parse(body));
      if (!missing.isEmpty()) {
        departures.add(
            MISSING_MEMBERS
                + String.join(", ", missing)
                + " for this answer, and the answer lacks "
                + (missing.size() == 1 ? "it" : "them"));
      }
    } else if (status / 100 == 4) {
      JsonNode error = parse(body);
      List<String> errorProblems = errorBodyProblems(error, contentType);
      if (!errorProblems.isEmpty()) {
        departures.add(
            "Errors, rule 1: a refusal carries the error body; here "
                + String.join("; ", errorProblems));
        return;
      }
      String code = error.path("code").asText();
      if (!isDeclared || !OUR_ERROR_STATUSES.get(code).contains(status)) {
        readings.add(
            new Reading(
                statusPointOf(code, operation, status),
                declared,
                operation.id() + " answered " + code + " with HTTP " + status));
      }
    } else {
      departures.add("HTTP " + status + ": neither the documented answer nor a refusal");
      return;
    }
    departures.addAll(V2Values.problems(parse(body)));
  }

  /** Judges a JSON success body against the schema of the operation's declared success status. */
  private void judgeJson(
      SpecModel.Operation operation,
      int judged,
      String contentType,
      byte[] body,
      List<String> departures,
      List<Reading> readings) {
    if (contentType == null || !isJson(contentType)) {
      departures.add("General rule 1: bodies are JSON; the answer is labelled " + contentType);
      return;
    }
    JsonNode json = parse(body);
    if (json == null) {
      departures.add("General rule 1: bodies are JSON; the answer does not parse as JSON");
      return;
    }
    if (operation.id().equals("listReceipts")) {
      readings.add(
          new Reading(
              OpenPoint.RECEIPT_LIST, json.isArray() ? "array" : "object", "the receipt list"));
    }
    if (operation.id().equals("listReceipts") && json.isArray()) {
      Schema<?> receipt = model.schema("ReceiptResponse");
      for (JsonNode item : json) {
        departures.addAll(
            schemaProblems(receipt, parse(withoutNulls(item).getBytes(StandardCharsets.UTF_8))));
      }
      return;
    }
    SimpleResponse.Builder response =
        SimpleResponse.Builder.status(judged)
            .withContentType("application/json")
            .withBody(withoutNulls(json));
    ValidationReport report =
        validator.validateResponse(
            operation.template(), Request.Method.valueOf(operation.method()), response.build());
    for (ValidationReport.Message message : report.getMessages()) {
      if (message.getLevel() != ValidationReport.Level.ERROR) {
        continue;
      }
      String pointer = pointer(message);
      String key = message.getKey();
      if (key.endsWith(".enum") && isStickerStatus(operation, pointer)) {
        readings.add(
            new Reading(
                OpenPoint.STICKER_OFF,
                json.at(pointer).asText(),
                "a sticker status at " + pointer));
      } else if (key.endsWith(".enum")
          && pointer.endsWith("/resultCode")
          && !declined(operation, json, pointer)) {
        readings.add(
            new Reading(
                OpenPoint.RESULT_CODES,
                "other",
                operation.id() + " answered resultCode " + json.at(pointer) + " at " + pointer));
      } else if (onlyOurForm(message, pointer)) {
        readings.add(
            new Reading(
                OpenPoint.ANSWER_FORM,
                "other",
                operation.id()
                    + ": "
                    + pointer
                    + " "
                    + json.at(pointer)
                    + ": "
                    + describe(message)));
      } else {
        departures.add(describe(message));
      }
    }
  }

  /**
   * Whether the resultCode at the pointer is a declined payment's, which the documents give from
   * the authorization result codes; any other resultCode has no dictionary in the documents.
   */
  private static boolean declined(SpecModel.Operation operation, JsonNode json, String pointer) {
    boolean payment =
        Set.of("createPayment", "completePayment", "getPayment", "listPayments")
            .contains(operation.id());
    String parent = pointer.substring(0, pointer.length() - "/resultCode".length());
    return payment && "Rejected".equals(json.at(parent).path("status").asText());
  }

  /**
   * Whether a schema message is about a form only our spec gives an answer member (a pattern, a
   * length, a bound, a format other than a timestamp's), not one the documents state: the currency
   * pattern (ISO 4217) and the timestamps' form are theirs.
   */
  private static boolean onlyOurForm(ValidationReport.Message message, String pointer) {
    String key = message.getKey();
    if (key.endsWith(".pattern")) {
      return !pointer.endsWith("/currency");
    }
    if (key.endsWith(".format")) {
      return !message.getMessage().contains("date-time");
    }
    return key.endsWith(".maxLength")
        || key.endsWith(".minLength")
        || key.endsWith(".minimum")
        || key.endsWith(".maximum");
  }

  /**
   * A sticker's status: the document names only Active, so another value is a reading, not a
   * departure.
   */
  private static boolean isStickerStatus(SpecModel.Operation operation, String pointer) {
    return operation.id().endsWith("Sticker") || operation.id().equals("listStickers")
        ? pointer.equals("/status") || pointer.matches("/items/\\d+/status")
        : false;
  }

  private static int successStatus(SpecModel.Operation operation) {
    for (String status : operation.documentedStatuses()) {
      if (status.startsWith("2")) {
        return Integer.parseInt(status);
      }
    }
    return 200;
  }

  /** The open point that holds the HTTP status of an error code. */
  /**
   * The open point a refusal's status reads. invalid_operation is our spec's 404 for a resource
   * nobody has and 409 for a state that does not allow the operation: a read can only mean the
   * first, and a 404 says which it is.
   */
  private static OpenPoint statusPointOf(String code, SpecModel.Operation operation, int status) {
    return switch (code) {
      case "validation_error" -> OpenPoint.VALIDATION_STATUS;
      case "not_authorized" -> OpenPoint.UNAUTHENTICATED_STATUS;
      case "invalid_operation" ->
          operation.method().equals("GET") || status == 404
              ? OpenPoint.NOT_FOUND_STATUS
              : OpenPoint.WRONG_STATE_STATUS;
      case "idempotency_key_violation" -> OpenPoint.KEY_CONFLICT_STATUS;
      default -> OpenPoint.TOKEN_UNUSABLE_STATUS;
    };
  }

  /** What breaks the v2 document's error body; empty when the body is one. */
  public static List<String> errorBodyProblems(JsonNode body, String contentType) {
    List<String> problems = new ArrayList<>();
    if (contentType != null && !isJson(contentType)) {
      problems.add("labelled " + contentType + ", not JSON");
    }
    if (body == null || !body.isObject()) {
      problems.add("no JSON object");
      return problems;
    }
    if (!body.path("code").isTextual()) {
      problems.add("no code");
    } else if (!ERROR_CODES.contains(body.path("code").asText())) {
      problems.add("code " + body.path("code").asText() + " is not in the error table");
    }
    if (!body.path("message").isTextual()) {
      problems.add("no message");
    }
    if ("validation_error".equals(body.path("code").asText())) {
      JsonNode errors = body.path("errors");
      boolean strings = errors.isArray();
      for (JsonNode entry : errors) {
        strings &= entry.isTextual();
      }
      if (!strings) {
        problems.add("validation_error without errors as an array of strings");
      }
    }
    return problems;
  }

  // ---------------------------------------------------------------- v1

  private void judgeV1(
      SpecModel.Operation operation,
      int status,
      Map<String, List<String>> headers,
      byte[] body,
      List<String> departures,
      List<Reading> readings) {
    if (status != 200) {
      // The v1 document: any status but 200 says the request could not be read, with no body it
      // defines; whether a request that should have been read got one is the checks' business.
      return;
    }
    String contentType = header(headers, "Content-Type");
    String media =
        contentType == null ? "" : contentType.toLowerCase(Locale.ROOT).split(";")[0].trim();
    if (isXml(media)) {
      readings.add(
          new Reading(OpenPoint.V1_XML_TYPE, media, operation.id() + " answered XML as " + media));
      departures.addAll(XmlBodies.problems(model, schemas, operation, status, body));
      return;
    }
    JsonNode json = parse(body);
    if (operation.id().equals("getDocumentContent") && (json == null || !json.has("ErrorCode"))) {
      return; // the document gives no format for a document's content
    }
    if (json == null) {
      departures.add(
          "Responses are JSON (or XML when asked for); the answer, labelled "
              + contentType
              + ", does not parse as JSON");
      return;
    }
    // The document names no media type for v1: a legacy server may label its JSON otherwise.
    readings.add(
        new Reading(OpenPoint.V1_JSON_TYPE, media, operation.id() + " answered JSON as " + media));
    if (json.path("ErrorCode").isIntegralNumber()
        && json.path("ErrorCode").intValue() != 0
        && json instanceof com.fasterxml.jackson.databind.node.ObjectNode failure) {
      // The document defines only ErrorCode for a failure: a payload member beside it is ignored.
      failure.retain("ErrorCode");
    }
    List<String> otherTypes = new ArrayList<>();
    JsonNode relaxed = UndocumentedTypes.relaxed(json, jsonSchema(operation, 200), "", otherTypes);
    if (!otherTypes.isEmpty()) {
      readings.add(
          new Reading(
              OpenPoint.V1_ANSWER_TYPES,
              "other",
              operation.id()
                  + " answered members the document gives no type in other types: "
                  + String.join(", ", otherTypes)));
    }
    ValidationReport report =
        validator.validateResponse(
            operation.template(),
            Request.Method.valueOf(operation.method()),
            SimpleResponse.Builder.status(200)
                .withContentType("application/json")
                .withBody(withoutNulls(relaxed))
                .build());
    for (ValidationReport.Message message : report.getMessages()) {
      if (message.getLevel() == ValidationReport.Level.ERROR) {
        departures.add(describe(message));
      }
    }
  }

  /** The JSON schema of the operation's answer with this status, or null. */
  private static Schema<?> jsonSchema(SpecModel.Operation operation, int status) {
    var responses = operation.definition().getResponses();
    var response = responses == null ? null : responses.get(String.valueOf(status));
    var media =
        response == null || response.getContent() == null
            ? null
            : response.getContent().get("application/json");
    return media == null ? null : media.getSchema();
  }

  // ---------------------------------------------------------------- notifications

  /**
   * Every way a callback body breaks the named schema of the document (for example {@code
   * PaymentNotification}); empty when it conforms.
   */
  public List<String> schemaProblems(String schemaName, JsonNode body) {
    return schemaProblems(model.schema(schemaName), body);
  }

  private List<String> schemaProblems(Schema<?> schema, JsonNode body) {
    ValidationReport report = schemas.validate(() -> body, schema, "body");
    List<String> problems = new ArrayList<>();
    for (ValidationReport.Message message : report.getMessages()) {
      if (message.getLevel() == ValidationReport.Level.ERROR) {
        problems.add(describe(message));
      }
    }
    return problems;
  }

  // ---------------------------------------------------------------- helpers

  static boolean isJson(String contentType) {
    String media = contentType.toLowerCase(Locale.ROOT).split(";")[0].trim();
    return media.equals("application/json") || media.equals("text/json") || media.endsWith("+json");
  }

  static boolean isXml(String media) {
    return media.equals("application/xml") || media.equals("text/xml") || media.endsWith("+xml");
  }

  /**
   * The body with every member whose value is null left out: a serializer that writes an absent
   * member as null says the same as one that leaves it out, and a member the documents require is
   * still missing then.
   */
  private static String withoutNulls(JsonNode json) {
    JsonNode copy = json.deepCopy();
    stripNulls(copy);
    return copy.toString();
  }

  private static void stripNulls(JsonNode node) {
    if (node instanceof com.fasterxml.jackson.databind.node.ObjectNode object) {
      List<String> nulls = new ArrayList<>();
      object
          .properties()
          .forEach(
              member -> {
                if (member.getValue().isNull()) {
                  nulls.add(member.getKey());
                } else {
                  stripNulls(member.getValue());
                }
              });
      object.remove(nulls);
    } else if (node.isArray()) {
      node.forEach(ExchangeJudge::stripNulls);
    }
  }

  private static JsonNode parse(byte[] body) {
    if (body == null || body.length == 0) {
      return null;
    }
    try {
      return JSON.readTree(body);
    } catch (IOException e) {
      return null;
    }
  }

  private static String pointer(ValidationReport.Message message) {
    return message.getContext().flatMap(c -> c.getPointers()).map(p -> p.getInstance()).orElse("");
  }

  private static String describe(ValidationReport.Message message) {
    String pointer = pointer(message);
    String where = pointer.isEmpty() || pointer.equals("/") ? "" : " at " + pointer;
    return message.getKey()
        + where
        + ": "
        + message.getMessage().replaceFirst("^\\[Path '[^']*'\\]\\s*", "");
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
