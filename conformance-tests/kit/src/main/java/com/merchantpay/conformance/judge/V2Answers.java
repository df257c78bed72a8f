package com.merchantpay.conformance.judge;

import static com.merchantpay.conformance.judge.AnswerBodies.describe;
import static com.merchantpay.conformance.judge.AnswerBodies.header;
import static com.merchantpay.conformance.judge.AnswerBodies.isJson;
import static com.merchantpay.conformance.judge.AnswerBodies.parse;
import static com.merchantpay.conformance.judge.AnswerBodies.pointer;
import static com.merchantpay.conformance.judge.AnswerBodies.withoutNulls;

import com.atlassian.oai.validator.OpenApiInteractionValidator;
import com.atlassian.oai.validator.model.Request;
import com.atlassian.oai.validator.model.SimpleResponse;
import com.atlassian.oai.validator.report.ValidationReport;
import com.atlassian.oai.validator.schema.SchemaValidator;
import com.fasterxml.jackson.databind.JsonNode;
import com.merchantpay.conformance.judge.ExchangeJudge.Reading;
import com.merchantpay.conformance.target.OpenPoint;
import io.swagger.v3.oas.models.media.Schema;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Judges a v2 answer: a success against the schema of its operation and the members the document
 * lists for it, a refusal by the error body, the statuses of each against our spec's readings.
 */
final class V2Answers {
  private final SpecModel model;
  private final OpenApiInteractionValidator validator;
  private final SchemaValidator schemas;

  V2Answers(SpecModel model, OpenApiInteractionValidator validator, SchemaValidator schemas) {
    this.model = model;
    this.validator = validator;
    this.schemas = schemas;
  }

  /**
   * Each error code of the v2 document with the HTTP statuses our spec gives it (its Errors table).
   */
  static final Map<String, Set<Integer>> OUR_ERROR_STATUSES =
      Map.of(
          "validation_error", Set.of(400),
          "not_authorized", Set.of(401, 403),
          "invalid_operation", Set.of(404, 409),
          "idempotency_key_violation", Set.of(409, 422),
          "payment_token_revoked", Set.of(422),
          "payment_token_blocked", Set.of(422));

  static final Set<String> ERROR_CODES = OUR_ERROR_STATUSES.keySet();

  /**
   * A 429, or a 503 with Retry-After: the target asks the caller to wait and call again, nothing to
   * judge.
   */
  static boolean slowDown(int status, Map<String, List<String>> headers) {
    return status == 429 || (status == 503 && header(headers, "Retry-After") != null);
  }

  void judge(
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
            ExchangeJudge.MISSING_MEMBERS
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
            AnswerBodies.schemaProblems(
                schemas, receipt, parse(withoutNulls(item).getBytes(StandardCharsets.UTF_8))));
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
  static boolean declined(SpecModel.Operation operation, JsonNode json, String pointer) {
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
  static boolean onlyOurForm(ValidationReport.Message message, String pointer) {
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
  static boolean isStickerStatus(SpecModel.Operation operation, String pointer) {
    return operation.id().endsWith("Sticker") || operation.id().equals("listStickers")
        ? pointer.equals("/status") || pointer.matches("/items/\\d+/status")
        : false;
  }

  static int successStatus(SpecModel.Operation operation) {
    for (String status : operation.documentedStatuses()) {
      if (status.startsWith("2")) {
        return Integer.parseInt(status);
      }
    }
    return 200;
  }

  /**
   * The open point a refusal's status reads. invalid_operation is our spec's 404 for a resource
   * nobody has and 409 for a state that does not allow the operation: a read can only mean the
   * first, and a 404 says which it is.
   */
  static OpenPoint statusPointOf(String code, SpecModel.Operation operation, int status) {
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
}
