package com.merchantpay.conformance.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.merchantpay.conformance.target.Profile;
import com.merchantpay.conformance.target.Target;
import java.math.BigDecimal;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * What one check works with: calls to the target (every exchange is recorded, and judged in the run's
 * ledger), the test data, and the expectations that end the check with a failure or a skip.
 */
public final class CheckContext {
  private final Run run;
  private final List<Exchange> exchanges = new ArrayList<>();

  public CheckContext(Run run) {
    this.run = run;
  }

  public Run run() {
    return run;
  }

  public Target target() {
    return run.target();
  }

  public Profile profile() {
    return run.profile();
  }

  public List<Exchange> exchanges() {
    synchronized (exchanges) {
      return List.copyOf(exchanges);
    }
  }

  Exchange record(Exchange exchange) {
    synchronized (exchanges) {
      exchanges.add(exchange);
    }
    run.ledger().record(exchange, run.basePath());
    return exchange;
  }

  // ---------------------------------------------------------------- calls

  /** v2 calls with the target's bearer token. */
  public V2Calls v2() {
    return new V2Calls(this, "Bearer " + need(target().bearerToken(), "no bearer token given (--token)"));
  }

  /** v2 calls with this Authorization header value, or none when it is null. */
  public V2Calls v2WithAuthorization(String authorization) {
    return new V2Calls(this, authorization);
  }

  /** v2 calls as the other merchant. */
  public V2Calls v2AsOtherMerchant() {
    need(target().otherBearerToken(), "no token of a second merchant given (--other-token)");
    return new V2Calls(this, "Bearer " + target().otherBearerToken());
  }

  /** v1 calls as the Accountant user. */
  public V1Calls v1() {
    return new V1Calls(this, need(target().v1Login(), "no v1 login given (--v1-login)"),
        need(target().v1Password(), "no v1 password given (--v1-password)"));
  }

  /** v1 calls as the Cashier user. */
  public V1Calls v1Cashier() {
    return new V1Calls(this, need(target().v1CashierLogin(), "no v1 cashier login given (--v1-cashier-login)"),
        need(target().v1CashierPassword(), "no v1 cashier password given (--v1-cashier-password)"));
  }

  /** A call a payer's browser makes to a page the implementation named (an External step, say). */
  public Exchange browser(String method, String url, String contentType, String body) {
    Map<String, String> headers = contentType == null ? Map.of() : Map.of("Content-Type", contentType);
    return record(run.wire().sendTo(URI.create(url), method, headers,
        body == null ? null : body.getBytes(StandardCharsets.UTF_8)));
  }

  Exchange send(String method, String pathAndQuery, Map<String, String> headers, byte[] body) {
    return record(run.wire().send(method, pathAndQuery, headers, body));
  }

  /** Moves the implementation's clock through the profile's control path; skips when there is none. */
  public void advanceClock(Duration by) {
    String path = need(profile().clockControl(), "the profile names no clock control (clockControl), so time "
        + "cannot be moved on this target");
    Exchange moved = send("POST", path, Map.of("Content-Type", "application/json"),
        ("{\"duration\":\"" + by + "\"}").getBytes(StandardCharsets.UTF_8));
    if (moved.status() != 200) {
      throw new CheckSkipped("the clock control at " + path + " did not move the clock: " + moved.summary());
    }
  }

  /** A payment amount in the profile's currency. */
  public JsonNode amount(String value) {
    return Json.amount(value, profile().currency());
  }

  // ---------------------------------------------------------------- expectations

  /** Skips the check, giving the reason, unless the condition holds. */
  public void require(boolean condition, String reason) {
    if (!condition) {
      throw new CheckSkipped(reason);
    }
  }

  /** Skips the check when the value is missing. */
  public <T> T need(T value, String missing) {
    if (value == null || (value instanceof String s && s.isEmpty())) {
      throw new CheckSkipped(missing);
    }
    return value;
  }

  public void fail(String expected, String actual, Exchange exchange) {
    throw new CheckFailure(expected, actual, exchange);
  }

  public void expect(boolean holds, String expected, Supplier<String> actual, Exchange exchange) {
    if (!holds) {
      fail(expected, actual.get(), exchange);
    }
  }

  /** The answer must have one of these statuses. */
  public Exchange status(Exchange exchange, int... statuses) {
    if (!exchange.answered() || Arrays.stream(statuses).noneMatch(s -> s == exchange.status())) {
      fail("HTTP " + join(statuses), exchange.summary(), exchange);
    }
    return exchange;
  }

  /**
   * The answer must be a success with a JSON body, which is returned. Any 2xx counts here, as the v2 spec
   * tells clients; which one is documented is the wire checks' business.
   */
  public JsonNode ok(Exchange exchange) {
    expect(exchange.answered() && exchange.status() / 100 == 2, "a 2xx answer", exchange::summary, exchange);
    JsonNode json = exchange.json();
    expect(json != null, "a JSON body", exchange::summary, exchange);
    return json;
  }

  /** The answer must be a v2 error with this status and code. */
  public Exchange error(Exchange exchange, int status, String code) {
    expect(exchange.answered() && exchange.status() == status && code.equals(exchange.errorCode()),
        "HTTP " + status + " with error code " + code, exchange::summary, exchange);
    return exchange;
  }

  /** The answer must be a v2 error with this code; any 4xx status the spec allows for it is fine. */
  public Exchange errorCode(Exchange exchange, String code) {
    expect(exchange.answered() && exchange.status() >= 400 && exchange.status() < 500
        && code.equals(exchange.errorCode()), "an HTTP 4xx error with code " + code, exchange::summary, exchange);
    return exchange;
  }

  /** The JSON text member at a dotted path must equal the value. */
  public void member(Exchange exchange, JsonNode body, String path, String expected) {
    JsonNode value = Json.at(body, path);
    expect(value.isTextual() && value.asText().equals(expected), path + " = " + expected,
        () -> path + " = " + (value.isMissingNode() ? "(absent)" : value.toString()), exchange);
  }

  /** The members the document lists for this resource must all be there (dotted paths), not null. */
  public void present(Exchange exchange, JsonNode body, String... paths) {
    List<String> missing = new ArrayList<>();
    for (String path : paths) {
      JsonNode value = Json.at(body, path);
      if (value.isMissingNode() || value.isNull()) {
        missing.add(path);
      }
    }
    expect(missing.isEmpty(), "the members " + String.join(", ", paths), () -> "without " + missing, exchange);
  }

  /** The JSON number at a dotted path must equal the decimal, whatever its scale. */
  public void decimal(Exchange exchange, JsonNode body, String path, String expected) {
    JsonNode value = Json.at(body, path);
    expect(value.isNumber() && value.decimalValue().compareTo(new BigDecimal(expected)) == 0,
        path + " = " + expected + " (a JSON number)",
        () -> path + " = " + (value.isMissingNode() ? "(absent)" : value.toString()), exchange);
  }

  /** A validation_error (a 4xx) whose errors name the member: its dotted path or JSON pointer, as a word. */
  public void validationErrorNaming(Exchange exchange, String member) {
    errorCode(exchange, "validation_error");
    boolean named = names(exchange.json().path("errors"), member);
    expect(named, "validation_error whose errors name " + member, exchange::summary, exchange);
  }

  /** Whether an entry of the errors names the member on its own, not inside a longer name. */
  public static boolean names(JsonNode errors, String member) {
    String pointer = "/" + member.replace(".", "/").replaceAll("\\[(\\d+)]", "/$1");
    java.util.regex.Pattern named = java.util.regex.Pattern.compile("(?<![\\w.\\[/$-])(\\$\\.)?("
        + java.util.regex.Pattern.quote(member) + "|" + java.util.regex.Pattern.quote(pointer) + ")(?![\\w-])");
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
