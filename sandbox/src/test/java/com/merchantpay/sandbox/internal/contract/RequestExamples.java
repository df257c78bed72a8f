package com.merchantpay.sandbox.internal.contract;

import com.fasterxml.jackson.databind.JsonNode;
import com.merchantpay.sandbox.internal.http.Json;
import java.util.ArrayList;
import java.util.List;

/**
 * The JSON request body examples a document gives an operation, read as the sandbox reads bodies.
 */
final class RequestExamples {
  private RequestExamples() {}

  /** Its {@code example} and every one of its {@code examples}, following a shared request body. */
  static List<JsonNode> of(JsonNode document, Contracts.Operation operation) {
    String pointer = BodySchemas.requestBodyPointer(document, operation);
    List<JsonNode> examples = new ArrayList<>();
    if (pointer == null) {
      return examples;
    }
    JsonNode media = document.at(pointer).path("content").path("application/json");
    if (media.has("example")) {
      examples.add(reparse(media.get("example")));
    }
    media.path("examples").forEach(named -> examples.add(reparse(named.path("value"))));
    return examples;
  }

  /** As the sandbox reads a body: decimals exact. */
  private static JsonNode reparse(JsonNode node) {
    try {
      return Json.parse(Json.bytes(node));
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }
}
