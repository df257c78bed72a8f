package com.merchantpay.sandbox;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Which calls a {@link Journal} search or verification is about: an operation or a path pattern,
 * and optionally the merchant, the idempotency key, the status, headers, members of the body (by
 * dotted path or by JSON path) or parameters. Immutable; each method returns a narrower pattern. A
 * verification that fails names, for each of the closest calls, every matcher it missed.
 *
 * <pre>{@code
 * sandbox.journal().verify(1, RequestPattern.operation(Operation.V2.CREATE_PAYMENT)
 *     .withBodyMember("amount.value", "10.50")
 *     .withHeaderMatching("Idempotency-Key", "order-4711-.*")
 *     .withBodyMatchingJsonPath("$.receipt.items[?(@.vatType == 'Vat22')]"));
 * }</pre>
 */
public final class RequestPattern {
  // Numbers are read as written, so a near miss shows 10.00 where the application sent 10.00.
  private static final ObjectMapper JSON =
      JsonMapper.builder()
          .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
          .disable(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES)
          .build();

  /** One condition: null when an entry meets it, else why it does not. */
  private record Condition(String description, Function<JournalEntry, String> miss) {}

  private final List<Condition> conditions;

  private RequestPattern(List<Condition> conditions) {
    this.conditions = List.copyOf(conditions);
  }

  /** Calls of this operation of its interface. */
  public static RequestPattern operation(Operation operation) {
    String wanted = Objects.requireNonNull(operation, "operation").qualifiedName();
    return new RequestPattern(List.of())
        .with(
            "operation " + wanted,
            entry -> {
              String called = entry.api() + ":" + entry.operation();
              return wanted.equals(called) ? null : "operation " + called + ", not " + wanted;
            });
  }

  /**
   * Calls of the operation named as text: a v2 operation id, a v1 operation name, or either with
   * its interface ({@code v1:getPayment}), which a name of both interfaces needs.
   *
   * @throws IllegalArgumentException at once for a name of no operation, naming the known ones, or
   *     a name of both interfaces without its interface
   */
  public static RequestPattern operation(String operation) {
    return operation(Operation.named(operation));
  }

  /** Every call. */
  public static RequestPattern anyCall() {
    return new RequestPattern(List.of());
  }

  /**
   * Calls whose path (without the query) matches this regular expression as a whole: {@code
   * /api/v2/payments/[^/]+/confirm}.
   *
   * @throws java.util.regex.PatternSyntaxException at once for an expression that is none
   */
  public static RequestPattern pathMatching(String regex) {
    return anyCall().withPathMatching(regex);
  }

  /** Only calls whose path (without the query) matches this regular expression as a whole. */
  public RequestPattern withPathMatching(String regex) {
    java.util.regex.Pattern path = java.util.regex.Pattern.compile(regex);
    return with(
        "path matching " + regex,
        entry ->
            path.matcher(entry.path()).matches()
                ? null
                : "path " + entry.path() + " does not match " + regex);
  }

  /** Only calls with this header (its name in any letter case) set to exactly this value. */
  public RequestPattern withHeader(String name, String expected) {
    return with(
        "header " + name + " = " + Masking.value(name, expected),
        entry -> {
          String actual = entry.header(name);
          if (actual == null) {
            return "no header " + name;
          }
          return actual.equals(expected)
              ? null
              : "header "
                  + name
                  + " is "
                  + Masking.value(name, actual)
                  + ", not "
                  + Masking.value(name, expected);
        });
  }

  /** Only calls with this header, its value matching this regular expression as a whole. */
  public RequestPattern withHeaderMatching(String name, String regex) {
    java.util.regex.Pattern value = java.util.regex.Pattern.compile(regex);
    return with(
        "header " + name + " matching " + regex,
        entry -> {
          String actual = entry.header(name);
          if (actual == null) {
            return "no header " + name;
          }
          return value.matcher(actual).matches()
              ? null
              : "header " + name + " " + Masking.value(name, actual) + " does not match " + regex;
        });
  }

  /** Only calls without this header. */
  public RequestPattern withoutHeader(String name) {
    return with(
        "no header " + name,
        entry -> entry.header(name) == null ? null : "header " + name + " present");
  }

  /**
   * Only calls whose JSON body has something at this JSON path ({@code $.amount.value}, {@code
   * $.receipt.items[?(@.price > 100)]}): a value, or a non-empty list of them.
   *
   * @throws IllegalArgumentException at once for an expression that is no JSON path
   */
  public RequestPattern withBodyMatchingJsonPath(String expression) {
    com.jayway.jsonpath.JsonPath path = jsonPath(expression);
    return with(
        "body matching JSON path " + expression,
        entry -> {
          JsonNode found = read(entry.body(), path);
          return found != null ? null : "body has nothing at " + expression;
        });
  }

  /**
   * Only calls whose JSON body has this value at this JSON path, which selects one value. Numbers
   * compare by value.
   *
   * @throws IllegalArgumentException at once for an expression that is no JSON path
   */
  public RequestPattern withBodyJsonPath(String expression, String expected) {
    com.jayway.jsonpath.JsonPath path = jsonPath(expression);
    return with(
        "body " + expression + " = " + Masking.value(expression, expected),
        entry -> {
          JsonNode found = read(entry.body(), path);
          if (found != null && found.isArray() && found.size() == 1) {
            found = found.get(0);
          }
          if (found == null) {
            return "body has nothing at " + expression;
          }
          return sameValue(found, expected)
              ? null
              : "body "
                  + expression
                  + " is "
                  + Masking.value(
                      expression, found.isValueNode() ? found.asText() : found.toString())
                  + ", not "
                  + Masking.value(expression, expected);
        });
  }

  private static final com.jayway.jsonpath.Configuration JSON_PATH =
      com.jayway.jsonpath.Configuration.builder()
          .jsonProvider(new com.jayway.jsonpath.spi.json.JacksonJsonNodeJsonProvider(JSON))
          .mappingProvider(new com.jayway.jsonpath.spi.mapper.JacksonMappingProvider(JSON))
          .build();

  private static com.jayway.jsonpath.JsonPath jsonPath(String expression) {
    try {
      return com.jayway.jsonpath.JsonPath.compile(expression);
    } catch (com.jayway.jsonpath.InvalidPathException e) {
      throw new IllegalArgumentException(
          "not a JSON path: " + expression + " (" + e.getMessage() + ")", e);
    }
  }

  /** What the path selects in the body: null for nothing (or no JSON), else a value or a list. */
  private static JsonNode read(String body, com.jayway.jsonpath.JsonPath path) {
    JsonNode found;
    try {
      // A value comes back unwrapped (a String, a BigDecimal), a list or an object as a node.
      Object read = com.jayway.jsonpath.JsonPath.using(JSON_PATH).parse(body).read(path);
      found = read instanceof JsonNode node ? node : JSON.valueToTree(read);
    } catch (com.jayway.jsonpath.PathNotFoundException e) {
      return null;
    } catch (RuntimeException e) {
      return null; // a body that is no JSON has nothing at any path
    }
    if (found == null || found.isMissingNode() || found.isArray() && found.isEmpty()) {
      return null;
    }
    return found;
  }

  /** Only calls made for this merchant. */
  public RequestPattern merchant(String merchantId) {
    return with(
        "merchant " + merchantId,
        entry ->
            merchantId.equals(entry.merchantId())
                ? null
                : "merchant " + entry.merchantId() + ", not " + merchantId);
  }

  /** Only calls with this idempotency key. */
  public RequestPattern idempotencyKey(String key) {
    return with(
        "idempotency key " + key,
        entry ->
            key.equals(entry.idempotencyKey())
                ? null
                : "idempotency key " + entry.idempotencyKey() + ", not " + key);
  }

  /** Only calls answered with this status. */
  public RequestPattern status(int status) {
    return with(
        "status " + status,
        entry -> entry.status() == status ? null : "status " + entry.status() + ", not " + status);
  }

  /** Only calls whose request keeps the contract, or only those that break it. */
  public RequestPattern valid(boolean valid) {
    return with(
        valid ? "a valid request" : "an invalid request",
        entry ->
            entry.valid() == valid
                ? null
                : valid ? "invalid: " + String.join("; ", entry.findings()) : "valid");
  }

  /**
   * Only calls whose JSON body has this value at this member, a path of names and array indexes
   * joined by dots ({@code amount.value}, {@code receipt.items.0.price}). Numbers compare by value
   * ({@code 10.5} matches {@code "10.50"}).
   */
  public RequestPattern withBodyMember(String path, String expected) {
    return with(
        "body member " + path + " = " + Masking.value(path, expected),
        entry -> {
          JsonNode actual = member(entry.body(), path);
          if (actual == null) {
            return "no body member " + path;
          }
          return sameValue(actual, expected)
              ? null
              : "body member "
                  + path
                  + " is "
                  + Masking.value(path, actual.asText())
                  + ", not "
                  + Masking.value(path, expected);
        });
  }

  /** Only calls with this parameter (query, or a v1 form field) set to this value. */
  public RequestPattern withParameter(String name, String expected) {
    return with(
        "parameter " + name + " = " + Masking.value(name, expected),
        entry -> {
          String actual = entry.parameter(name);
          if (actual == null) {
            return "no parameter " + name;
          }
          return actual.equals(expected)
              ? null
              : "parameter "
                  + name
                  + " is "
                  + Masking.value(name, actual)
                  + ", not "
                  + Masking.value(name, expected);
        });
  }

  /** Only calls whose body meets this test, which the description names in reports. */
  public RequestPattern withBody(String description, Predicate<String> body) {
    return with(
        "body " + description, entry -> body.test(entry.body()) ? null : "body not " + description);
  }

  private RequestPattern with(String description, Function<JournalEntry, String> miss) {
    List<Condition> more = new ArrayList<>(conditions);
    more.add(new Condition(description, miss));
    return new RequestPattern(more);
  }

  /** Why the entry does not match, one reason per condition it misses; empty when it matches. */
  List<String> misses(JournalEntry entry) {
    List<String> misses = new ArrayList<>();
    for (Condition condition : conditions) {
      String miss = condition.miss().apply(entry);
      if (miss != null) {
        misses.add(miss);
      }
    }
    return misses;
  }

  boolean matches(JournalEntry entry) {
    return misses(entry).isEmpty();
  }

  /**
   * The pattern in words: {@code operation createPayment with body member amount.value = 10.50}.
   */
  @Override
  public String toString() {
    if (conditions.isEmpty()) {
      return "any call";
    }
    return String.join(" with ", conditions.stream().map(Condition::description).toList());
  }

  private static JsonNode member(String body, String path) {
    JsonNode node;
    try {
      node = JSON.readTree(body);
    } catch (IOException e) {
      return null;
    }
    for (String step : path.split("\\.")) {
      if (node == null) {
        return null;
      }
      node =
          node.isArray() && step.matches("[0-9]+")
              ? node.get(Integer.parseInt(step))
              : node.get(step);
    }
    return node == null || node.isMissingNode() ? null : node;
  }

  private static boolean sameValue(JsonNode actual, String expected) {
    if (actual.isNumber()) {
      try {
        return actual.decimalValue().compareTo(new BigDecimal(expected)) == 0;
      } catch (NumberFormatException e) {
        return false;
      }
    }
    return actual.isValueNode() && actual.asText().equals(expected);
  }
}
