package com.merchantpay.spec;

import com.atlassian.oai.validator.report.MessageResolver;
import com.atlassian.oai.validator.report.ValidationReport;
import com.atlassian.oai.validator.schema.SchemaValidator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.xml.XmlMapper;
import io.swagger.v3.core.util.Json;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.callbacks.Callback;
import io.swagger.v3.oas.models.examples.Example;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.responses.ApiResponse;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamReader;

/**
 * Finds every example of an OpenAPI document (request and response bodies, callbacks, parameters)
 * and checks it against its schema with the same validator the sandbox uses; XML examples are
 * checked for well-formedness and their root element name.
 */
final class ExampleChecker {
  private static final ObjectMapper JSON = Json.mapper();
  private static final XmlMapper XML = new XmlMapper();

  private final OpenAPI api;
  private final SchemaValidator validator;
  private final List<String> problems = new ArrayList<>();
  private int checked;

  ExampleChecker(OpenAPI api) {
    this.api = api;
    this.validator = new SchemaValidator(api, new MessageResolver());
  }

  /** Every problem found, each naming where the example sits; empty when all examples are valid. */
  List<String> check() {
    api.getPaths().forEach((path, item) -> checkPathItem(path, item));
    if (api.getComponents() != null && api.getComponents().getCallbacks() != null) {
      api.getComponents()
          .getCallbacks()
          .forEach((name, callback) -> checkCallback("callback " + name, callback));
    }
    return problems;
  }

  int checkedCount() {
    return checked;
  }

  private void checkPathItem(String where, PathItem item) {
    item.readOperationsMap()
        .forEach((method, operation) -> checkOperation(method + " " + where, operation));
  }

  private void checkCallback(String where, Callback callback) {
    if (callback.get$ref() != null) {
      callback = api.getComponents().getCallbacks().get(simpleName(callback.get$ref()));
    }
    callback.forEach((expression, item) -> checkPathItem(where + " " + expression, item));
  }

  private void checkOperation(String where, Operation operation) {
    if (operation.getParameters() != null) {
      for (Parameter parameter : operation.getParameters()) {
        Parameter resolved =
            parameter.get$ref() == null
                ? parameter
                : api.getComponents().getParameters().get(simpleName(parameter.get$ref()));
        if (resolved.getExample() != null) {
          checkJson(
              where + " parameter " + resolved.getName(),
              JSON.valueToTree(resolved.getExample()),
              resolved.getSchema());
        }
      }
    }
    if (operation.getRequestBody() != null) {
      checkContent(where + " request", operation.getRequestBody().getContent());
    }
    if (operation.getResponses() != null) {
      operation
          .getResponses()
          .forEach(
              (status, response) -> {
                ApiResponse resolved =
                    response.get$ref() == null
                        ? response
                        : api.getComponents().getResponses().get(simpleName(response.get$ref()));
                checkContent(where + " response " + status, resolved.getContent());
              });
    }
    if (operation.getCallbacks() != null) {
      operation
          .getCallbacks()
          .forEach((name, callback) -> checkCallback(where + " callback " + name, callback));
    }
  }

  private void checkContent(String where, Content content) {
    if (content == null) {
      return;
    }
    content.forEach(
        (mediaTypeName, mediaType) -> {
          for (Map.Entry<String, Object> example : examplesOf(mediaType).entrySet()) {
            String location = where + " " + mediaTypeName + " example " + example.getKey();
            if (mediaTypeName.contains("xml")) {
              checkXml(location, example.getValue(), mediaType.getSchema());
            } else if (mediaTypeName.contains("json")
                || mediaTypeName.contains("form-urlencoded")) {
              checkJson(location, JSON.valueToTree(example.getValue()), mediaType.getSchema());
            }
          }
        });
  }

  private Map<String, Object> examplesOf(MediaType mediaType) {
    Map<String, Object> examples = new LinkedHashMap<>();
    if (mediaType.getExample() != null) {
      examples.put("(example)", mediaType.getExample());
    }
    if (mediaType.getExamples() != null) {
      mediaType
          .getExamples()
          .forEach(
              (name, example) -> {
                Example resolved =
                    example.get$ref() == null
                        ? example
                        : api.getComponents().getExamples().get(simpleName(example.get$ref()));
                examples.put(name, resolved.getValue());
              });
    }
    return examples;
  }

  private void checkJson(String where, JsonNode value, Schema<?> schema) {
    checked++;
    ValidationReport report = validator.validate(() -> value, schema, null);
    for (ValidationReport.Message message : report.getMessages()) {
      if (message.getLevel() == ValidationReport.Level.ERROR) {
        problems.add(where + ": " + message.getMessage());
      }
    }
  }

  private void checkXml(String where, Object example, Schema<?> schema) {
    checked++;
    if (!(example instanceof String)) {
      problems.add(where + ": an XML example must be written as XML text");
      return;
    }
    try {
      XML.readTree((String) example);
      XMLStreamReader reader =
          XMLInputFactory.newFactory().createXMLStreamReader(new StringReader((String) example));
      while (reader.next() != XMLStreamConstants.START_ELEMENT) {
        // skip the prolog
      }
      String expectedRoot = rootElementName(schema);
      if (expectedRoot != null && !expectedRoot.equals(reader.getLocalName())) {
        problems.add(
            where
                + ": root element is "
                + reader.getLocalName()
                + ", the schema names "
                + expectedRoot);
      }
    } catch (Exception e) {
      problems.add(where + ": not well-formed XML: " + e.getMessage());
    }
  }

  private String rootElementName(Schema<?> schema) {
    Schema<?> resolved =
        schema.get$ref() == null
            ? schema
            : api.getComponents().getSchemas().get(simpleName(schema.get$ref()));
    return resolved.getXml() == null ? null : resolved.getXml().getName();
  }

  private static String simpleName(String ref) {
    return ref.substring(ref.lastIndexOf('/') + 1);
  }
}
