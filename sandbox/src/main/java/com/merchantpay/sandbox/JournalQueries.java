package com.merchantpay.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.merchantpay.sandbox.internal.http.ApiError;
import com.merchantpay.sandbox.internal.http.Json;
import com.merchantpay.sandbox.internal.server.CallJournal;
import java.util.List;
import java.util.Map;

/**
 * The journal searched over the control API ({@code POST /_sandbox/requests/find}): a pattern
 * written as JSON becomes the {@link RequestPattern} the Java API builds, and the answer holds the
 * calls it matches, or, when none does, the closest ones with every matcher each missed.
 */
final class JournalQueries {
  private JournalQueries() {}

  /**
   * The calls of the journal the pattern matches.
   *
   * @throws ApiError validation_error naming the member of the pattern that is wrong
   */
  static ObjectNode find(CallJournal calls, JsonNode written) {
    RequestPattern pattern = pattern(written);
    Journal journal = new Journal(calls);
    List<JournalEntry> found = journal.find(pattern);
    ObjectNode answer = Json.object();
    answer.put("pattern", pattern.toString());
    answer.put("count", found.size());
    ArrayNode requests = answer.putArray("requests");
    found.forEach(entry -> requests.add(CallJournal.view(entry.raw())));
    ArrayNode nearMisses = answer.putArray("nearMisses");
    if (found.isEmpty()) {
      for (Journal.NearMiss miss : journal.nearMisses(pattern)) {
        ObjectNode near = nearMisses.addObject();
        near.set("request", CallJournal.view(miss.entry().raw()));
        ArrayNode misses = near.putArray("misses");
        miss.misses().forEach(misses::add);
      }
    }
    return answer;
  }

  /** The pattern the JSON describes; each member narrows it as the Java method of its name. */
  static RequestPattern pattern(JsonNode written) {
    RequestPattern pattern;
    try {
      pattern =
          written.hasNonNull("operation")
              ? RequestPattern.operation(written.path("operation").asText())
              : RequestPattern.anyCall();
    } catch (IllegalArgumentException e) {
      throw ApiError.validation("operation: " + e.getMessage());
    }
    pattern = text(written, "pathMatching", pattern, RequestPattern::withPathMatching);
    pattern = text(written, "merchantId", pattern, RequestPattern::merchant);
    pattern = text(written, "idempotencyKey", pattern, RequestPattern::idempotencyKey);
    if (written.hasNonNull("status")) {
      pattern = pattern.status(written.path("status").asInt());
    }
    if (written.hasNonNull("valid")) {
      pattern = pattern.valid(written.path("valid").asBoolean());
    }
    for (Map.Entry<String, JsonNode> header : written.path("headers").properties()) {
      pattern = header(pattern, header.getKey(), header.getValue());
    }
    for (Map.Entry<String, JsonNode> member : written.path("bodyMembers").properties()) {
      pattern = pattern.withBodyMember(member.getKey(), member.getValue().asText());
    }
    for (JsonNode path : written.path("bodyJsonPaths")) {
      String expression = path.path("expression").asText();
      try {
        pattern =
            path.hasNonNull("equalTo")
                ? pattern.withBodyJsonPath(expression, path.path("equalTo").asText())
                : pattern.withBodyMatchingJsonPath(expression);
      } catch (IllegalArgumentException e) {
        throw ApiError.validation("bodyJsonPaths: " + e.getMessage());
      }
    }
    for (Map.Entry<String, JsonNode> parameter : written.path("parameters").properties()) {
      pattern = pattern.withParameter(parameter.getKey(), parameter.getValue().asText());
    }
    return pattern;
  }

  private static RequestPattern header(RequestPattern pattern, String name, JsonNode matcher) {
    if (matcher.hasNonNull("equalTo")) {
      return pattern.withHeader(name, matcher.path("equalTo").asText());
    }
    if (matcher.hasNonNull("matches")) {
      return regex(
          "headers." + name + ".matches",
          () -> pattern.withHeaderMatching(name, matcher.path("matches").asText()));
    }
    if (matcher.path("absent").asBoolean(false)) {
      return pattern.withoutHeader(name);
    }
    throw ApiError.validation("headers." + name + ": one of equalTo, matches, or absent: true");
  }

  private interface Narrowing {
    RequestPattern apply(RequestPattern pattern, String value);
  }

  private static RequestPattern text(
      JsonNode written, String member, RequestPattern pattern, Narrowing narrowing) {
    if (!written.hasNonNull(member)) {
      return pattern;
    }
    return regex(member, () -> narrowing.apply(pattern, written.path(member).asText()));
  }

  /** The narrowed pattern, or a validation error naming the member whose expression is none. */
  private static RequestPattern regex(
      String member, java.util.function.Supplier<RequestPattern> narrowed) {
    try {
      return narrowed.get();
    } catch (java.util.regex.PatternSyntaxException e) {
      throw ApiError.validation(member + ": not a regular expression (" + e.getDescription() + ")");
    }
  }
}
