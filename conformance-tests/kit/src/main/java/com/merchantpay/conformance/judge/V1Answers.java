package com.merchantpay.conformance.judge;

import static com.merchantpay.conformance.judge.AnswerBodies.describe;
import static com.merchantpay.conformance.judge.AnswerBodies.header;
import static com.merchantpay.conformance.judge.AnswerBodies.isXml;
import static com.merchantpay.conformance.judge.AnswerBodies.parse;
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
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Judges a v1 answer: the JSON envelope against the operation's schema, with the types the document
 * leaves open relaxed, or the XML variant of a list.
 */
final class V1Answers {
  private final SpecModel model;
  private final OpenApiInteractionValidator validator;
  private final SchemaValidator schemas;

  V1Answers(SpecModel model, OpenApiInteractionValidator validator, SchemaValidator schemas) {
    this.model = model;
    this.validator = validator;
    this.schemas = schemas;
  }

  void judge(
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
  static Schema<?> jsonSchema(SpecModel.Operation operation, int status) {
    var responses = operation.definition().getResponses();
    var response = responses == null ? null : responses.get(String.valueOf(status));
    var media =
        response == null || response.getContent() == null
            ? null
            : response.getContent().get("application/json");
    return media == null ? null : media.getSchema();
  }
}
