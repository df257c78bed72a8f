package com.merchantpay.conformance.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.merchantpay.conformance.judge.ExchangeJudge;
import com.merchantpay.conformance.target.OpenPoint;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.regex.Pattern;

/**
 * A check's assertions of the documents' rules: each holds or ends the check with a failure citing
 * the rule in force, and refusals are judged by their status, error code and the member the errors
 * name.
 */
final class CheckVerdicts {
  private final CheckContext context;

  CheckVerdicts(CheckContext context) {
    this.context = context;
  }

  void fail(String expected, String actual, Exchange exchange) {
    Rule rule = context.currentRule();
    throw new CheckFailure(rule == null ? null : rule.cite(), expected, actual, exchange);
  }

  void expect(boolean holds, String expected, Supplier<String> actual, Exchange exchange) {
    context.judging();
    if (!holds) {
      fail(expected, actual.get(), exchange);
    }
  }

  Exchange status(Exchange exchange, int... statuses) {
    boolean listed = false;
    for (int status : statuses) {
      listed |= exchange.answered() && exchange.status() == status;
    }
    expect(listed, "HTTP " + join(statuses), exchange::summary, exchange);
    return exchange;
  }

  JsonNode ok(Exchange exchange) {
    expect(
        exchange.answered() && exchange.status() / 100 == 2,
        "a 2xx answer",
        exchange::summary,
        exchange);
    JsonNode json = exchange.json();
    expect(json != null, "a JSON body", exchange::summary, exchange);
    return json;
  }

  Exchange done(Exchange exchange) {
    expect(
        exchange.answered() && exchange.status() / 100 == 2,
        "HTTP 200, the operation done",
        exchange::summary,
        exchange);
    context.reading(OpenPoint.NO_BODY_STATUS, Integer.toString(exchange.status()), exchange);
    return exchange;
  }

  void member(Exchange exchange, JsonNode body, String path, String expected) {
    JsonNode value = Json.at(body, path);
    expect(
        value.isTextual() && value.asText().equals(expected),
        path + " = " + expected,
        () -> path + " = " + (value.isMissingNode() ? "(absent)" : value.toString()),
        exchange);
  }

  void present(Exchange exchange, JsonNode body, String... paths) {
    List<String> missing = new ArrayList<>();
    for (String path : paths) {
      JsonNode value = Json.at(body, path);
      if (value.isMissingNode() || value.isNull()) {
        missing.add(path);
      }
    }
    expect(
        missing.isEmpty(),
        "the members " + String.join(", ", paths),
        () -> "without " + missing,
        exchange);
  }

  void decimal(Exchange exchange, JsonNode body, String path, String expected) {
    JsonNode value = Json.at(body, path);
    expect(
        value.isNumber() && value.decimalValue().compareTo(new BigDecimal(expected)) == 0,
        path + " = " + expected + " (a JSON number)",
        () -> path + " = " + (value.isMissingNode() ? "(absent)" : value.toString()),
        exchange);
  }

  String refused(Exchange exchange) {
    expect(
        exchange.answered() && exchange.status() / 100 == 4,
        "a refusal (HTTP 4xx with the error body)",
        exchange::summary,
        exchange);
    Rule before = context.currentRule();
    try {
      context.rule("v2.errors.body");
      List<String> problems =
          ExchangeJudge.errorBodyProblems(exchange.json(), exchange.header("Content-Type"));
      expect(
          problems.isEmpty(),
          "the error body: code from the error table and a message",
          () -> String.join("; ", problems) + " in " + exchange.summary(),
          exchange);
    } finally {
      context.restore(before);
    }
    return exchange.errorCode();
  }

  void refusedWith(Exchange exchange, String code, OpenPoint status) {
    String actual = refused(exchange);
    Rule before = context.currentRule();
    Rule meaning = CODE_RULES.containsKey(code) ? Rule.get(CODE_RULES.get(code)) : null;
    try {
      // The code is judged under the rule that gives its meaning, where the catalogue lists the
      // check for it.
      if (meaning != null && context.check() != null && meaning.coveredBy(context.check())) {
        context.rule(meaning.id());
      }
      expect(code.equals(actual), "error code " + code, exchange::summary, exchange);
    } finally {
      context.restore(before);
    }
    context.reading(status, Integer.toString(exchange.status()), exchange);
  }

  String refusedWithOneOf(Exchange exchange, List<String> codes, OpenPoint code, OpenPoint status) {
    String actual = refused(exchange);
    Rule before = context.currentRule();
    Rule meaning =
        CODE_RULES.containsKey(codes.get(0)) ? Rule.get(CODE_RULES.get(codes.get(0))) : null;
    try {
      if (meaning != null && context.check() != null && meaning.coveredBy(context.check())) {
        context.rule(meaning.id());
      }
      expect(
          codes.contains(actual),
          "an error code whose meaning fits: " + String.join(" or ", codes),
          exchange::summary,
          exchange);
    } finally {
      context.restore(before);
    }
    context.reading(code, actual, exchange);
    // The status point is the situation's (a state that does not allow the call), whichever of
    // the fitting codes the target gives it.
    context.reading(status, Integer.toString(exchange.status()), exchange);
    return actual;
  }

  /** The rule of the error table that says what each code means. */
  private static final Map<String, String> CODE_RULES =
      Map.of(
          "not_authorized", "v2.errors.not-authorized",
          "idempotency_key_violation", "v2.errors.idempotency",
          "invalid_operation", "v2.errors.invalid-operation",
          "payment_token_revoked", "v2.errors.token-revoked",
          "payment_token_blocked", "v2.errors.token-blocked");

  String refusedAs(Exchange exchange, OpenPoint code, OpenPoint status) {
    String actual = refused(exchange);
    context.reading(code, actual, exchange);
    if (code.isOurs(actual)) {
      context.reading(status, Integer.toString(exchange.status()), exchange);
    }
    return actual;
  }

  void validationError(Exchange exchange, String member, boolean memberDocumented) {
    refusedWith(exchange, "validation_error", OpenPoint.VALIDATION_STATUS);
    boolean named = names(exchange.json().path("errors"), member);
    if (memberDocumented) {
      expect(named, "validation_error whose errors report " + member, exchange::summary, exchange);
    } else {
      context.reading(OpenPoint.NAMES_MEMBER, named ? "named" : "unnamed", member, exchange);
    }
  }

  void amountRefused(Exchange exchange, String member) {
    String code = refusedAs(exchange, OpenPoint.AMOUNT_REFUSAL_CODE, OpenPoint.VALIDATION_STATUS);
    if ("validation_error".equals(code)) {
      context.reading(
          OpenPoint.NAMES_MEMBER,
          names(exchange.json().path("errors"), member) ? "named" : "unnamed",
          member,
          exchange);
    }
  }

  /**
   * Whether an entry of errors names the member, as a path ({@code receipt.items[0].name}) or a
   * JSON pointer, or names an object it belongs to: a refusal about a relation between members
   * ({@code marking.quantity: numerator must be smaller than denominator}) names where it is.
   */
  static boolean names(JsonNode errors, String member) {
    for (String named = member; !named.isEmpty(); named = parent(named)) {
      if (namesExactly(errors, named)) {
        return true;
      }
    }
    return false;
  }

  /** The member's enclosing object, or "" for a top-level member. */
  private static String parent(String member) {
    int cut = Math.max(member.lastIndexOf('.'), member.lastIndexOf('['));
    return cut <= 0 ? "" : member.substring(0, cut);
  }

  private static boolean namesExactly(JsonNode errors, String member) {
    String pointer = "/" + member.replace(".", "/").replaceAll("\\[(\\d+)]", "/$1");
    Pattern named =
        Pattern.compile(
            "(?<![\\w.\\[/$-])(\\$\\.)?("
                + Pattern.quote(member)
                + "|"
                + Pattern.quote(pointer)
                + ")(?![\\w-])");
    for (JsonNode entry : errors) {
      if (named.matcher(entry.asText()).find()) {
        return true;
      }
    }
    return false;
  }

  private static String join(int[] statuses) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < statuses.length; i++) {
      out.append(i == 0 ? "" : i == statuses.length - 1 ? " or " : ", ").append(statuses[i]);
    }
    return out.toString();
  }
}
