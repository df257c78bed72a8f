package com.merchantpay.conformance.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.merchantpay.conformance.judge.ExchangeJudge;
import com.merchantpay.conformance.report.CheckResult.Difference;
import com.merchantpay.conformance.target.OpenPoint;
import com.merchantpay.conformance.target.Profile;
import com.merchantpay.conformance.target.Target;
import java.math.BigDecimal;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import java.util.regex.Pattern;

/**
 * What one check works with: calls to the target (every exchange is recorded, and judged in the
 * run's ledger), the test data, and two kinds of expectation. An assertion of a document rule ends
 * the check with a failure when it does not hold; it cites the check's rule, or the one {@link
 * #rule} named last. A reading of an open point ({@link #reading}) notes a target that reads the
 * point otherwise than our specs, and fails only when the run is strict or the profile declared the
 * target's reading.
 */
public final class CheckContext {
  private final Run run;
  private final Check check;
  private final List<Exchange> exchanges = new ArrayList<>();
  private final Set<String> judged = new LinkedHashSet<>();
  private final List<Difference> differences = new ArrayList<>();
  private Rule current;

  /**
   * A context outside any check, for set-up work (provider states): its assertions cite no rule.
   */
  public CheckContext(Run run) {
    this(run, null);
  }

  public CheckContext(Run run, Check check) {
    this.run = run;
    this.check = check;
    this.current = check == null ? null : check.rule();
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

  /** The ids of the document rules this check's assertions judged so far. */
  public synchronized List<String> judgedRules() {
    return List.copyOf(judged);
  }

  /** The open points the target read otherwise than our specs, so far. */
  public synchronized List<Difference> differences() {
    return List.copyOf(differences);
  }

  // ---------------------------------------------------------------- citing

  /**
   * Makes the following assertions cite this rule of the catalogue (which lists this check for it).
   *
   * @return this context
   */
  public synchronized CheckContext rule(String id) {
    Rule rule = Rule.get(id);
    if (check != null && !rule.coveredBy(check)) {
      run.uncatalogued(check.id(), id);
    }
    current = rule;
    return this;
  }

  /**
   * The rule assertions cite now, or null (a check of a decision only, or set-up outside a check).
   */
  synchronized Rule currentRule() {
    return current;
  }

  /**
   * Notes every rule the catalogue lists the check for as judged: for a check whose one comparison
   * (every answer of an operation against the documents) can fail for each of them. Any other check
   * judges a rule only by an assertion made while the rule is cited.
   */
  synchronized void judgedEveryRuleOfTheCheck() {
    if (check == null) {
      return;
    }
    for (Rule rule : Rule.all()) {
      if (rule.checkable() && rule.coveredBy(check)) {
        judged.add(rule.id());
      }
    }
  }

  /**
   * Notes rules as judged by assertions this check has already made and passed, which would have
   * failed had the target broken them: the acceptance of a request judges the rules of every member
   * it carried, a notification awaited until it came judges the rule it was awaited for. A rule is
   * never noted for a check that could not have failed for it.
   */
  public synchronized void asserted(String... ruleIds) {
    for (String id : ruleIds) {
      Rule rule = Rule.get(id);
      if (check != null && !rule.coveredBy(check)) {
        run.uncatalogued(check.id(), id);
      }
      judged.add(rule.id());
    }
  }

  private synchronized void judging() {
    if (current != null) {
      judged.add(current.id());
    }
  }

  // ---------------------------------------------------------------- calls

  /** v2 calls with the target's bearer token. */
  public V2Calls v2() {
    serves("v2");
    return new V2Calls(
        this, "Bearer " + need(target().bearerToken(), "no bearer token given (--token)"));
  }

  /** Skips the check when the profile says the target does not serve the interface. */
  void serves(String api) {
    require(
        profile().serves(api),
        "the profile says the target does not serve " + api + " (interfaces)");
  }

  /** v2 calls with this Authorization header value, or none when it is null. */
  public V2Calls v2WithAuthorization(String authorization) {
    serves("v2");
    return new V2Calls(this, authorization);
  }

  /** v2 calls as the other merchant. */
  public V2Calls v2AsOtherMerchant() {
    serves("v2");
    need(target().otherBearerToken(), "no token of a second merchant given (--other-token)");
    return new V2Calls(this, "Bearer " + target().otherBearerToken());
  }

  /** v1 calls as the Accountant user. */
  public V1Calls v1() {
    serves("v1");
    return new V1Calls(
        this,
        need(target().v1Login(), "no v1 login given (--v1-login)"),
        need(target().v1Password(), "no v1 password given (--v1-password)"));
  }

  /** v1 calls as the Cashier user. */
  public V1Calls v1Cashier() {
    serves("v1");
    return new V1Calls(
        this,
        need(target().v1CashierLogin(), "no v1 cashier login given (--v1-cashier-login)"),
        need(target().v1CashierPassword(), "no v1 cashier password given (--v1-cashier-password)"));
  }

  /** A call a payer's browser makes to a page the implementation named (an External step, say). */
  public Exchange browser(String method, String url, String contentType, String body) {
    return browser(method, url, contentType, Map.of(), body);
  }

  /** A call a payer's browser makes, with further headers. */
  public Exchange browser(
      String method, String url, String contentType, Map<String, String> extra, String body) {
    Map<String, String> headers = new LinkedHashMap<>(extra);
    if (contentType != null) {
      headers.put("Content-Type", contentType);
    }
    URI page;
    try {
      page = URI.create(url);
    } catch (IllegalArgumentException e) {
      throw new CheckFailure(
          currentRule() == null ? null : currentRule().cite(),
          "a page address the payer's browser can open",
          "not a URL: " + url,
          null);
    }
    String host = page.getHost();
    if (host == null || !pageHostAllowed(host)) {
      // The payer's steps carry card data: the kit sends them to a host the target named only when
      // it is the target's own or one the profile names.
      throw new CheckSkipped(
          "the target named a page on "
              + (host == null ? url : host)
              + ", another host than its own; the kit opens it only when the profile allows the "
              + "host (pageHosts)");
    }
    if ("https".equalsIgnoreCase(target().baseUrl().getScheme())
        && !"https".equalsIgnoreCase(page.getScheme())) {
      // A target reached over HTTPS keeps card data off plain HTTP, and so does the kit.
      throw new CheckSkipped(
          "the target named a page over "
              + page.getScheme()
              + " ("
              + host
              + "); the kit sends a payer's steps to an HTTPS target's pages over HTTPS only");
    }
    return send(
        () ->
            run.wire()
                .sendTo(
                    page,
                    method,
                    headers,
                    body == null ? null : body.getBytes(StandardCharsets.UTF_8)));
  }

  /**
   * The target's own host, a host of the profile's {@code pageHosts}, or one the profile wrote into
   * a payer step's URL itself.
   */
  private boolean pageHostAllowed(String host) {
    if (host.equalsIgnoreCase(target().baseUrl().getHost())
        || profile().pageHosts().stream().anyMatch(host::equalsIgnoreCase)) {
      return true;
    }
    for (Profile.HttpStep step : profile().payerSteps().values()) {
      if (step.url() != null && !step.url().startsWith("{")) {
        try {
          URI written = URI.create(step.url().replaceAll("\\{[^}]*}", "x"));
          if (host.equalsIgnoreCase(written.getHost())) {
            return true;
          }
        } catch (IllegalArgumentException e) {
          // not a URL the profile wrote: no host of its own
        }
      }
    }
    return false;
  }

  /**
   * Sends a call; one the target asks to slow down for (429, or 503 with Retry-After) is sent again
   * once the wait is over, within the run's budget.
   */
  Exchange send(String method, String pathAndQuery, Map<String, String> headers, byte[] body) {
    return send(() -> run.wire().send(method, pathAndQuery, headers, body));
  }

  /**
   * Sends a call without credentials to an address beside the target's own (its plain HTTP twin),
   * once: kept as evidence of the check but out of the ledger the wire checks judge, and not
   * counted as a stall of the target.
   */
  Exchange sendAside(String method, URI uri) {
    run.limits().beforeCall(null);
    Exchange exchange = run.wire().sendTo(uri, method, Map.of(), null);
    synchronized (exchanges) {
      exchanges.add(exchange);
    }
    return exchange;
  }

  /**
   * Sends a call exactly once, whatever comes back (a v1 call, whose nonce may not be sent twice).
   */
  Exchange sendOnce(String method, String pathAndQuery, Map<String, String> headers, byte[] body) {
    return sendOnce(() -> run.wire().send(method, pathAndQuery, headers, body));
  }

  private Exchange send(Supplier<Exchange> call) {
    while (true) {
      Exchange exchange = sendOnce(call);
      Duration wait = slowDown(exchange);
      if (wait == null) {
        return exchange;
      }
      waitOut(wait, exchange);
    }
  }

  private Exchange sendOnce(Supplier<Exchange> call) {
    // A stall is counted per suite and interface: a target stalling on v2 bodies may still answer
    // v1 forms.
    String suite =
        check == null ? null : check.suite() + (check.tags().contains("v1") ? " (v1)" : "");
    run.limits().beforeCall(suite);
    Exchange exchange = call.get();
    synchronized (exchanges) {
      exchanges.add(exchange);
    }
    run.ledger().record(exchange, run.basePath());
    run.limits().afterCall(suite, check == null ? null : check.id(), exchange);
    return exchange;
  }

  /**
   * How long the target asks the kit to wait before sending the call again: a 429 (one second when
   * it gives no Retry-After) or a 503 with Retry-After; null for any other answer.
   */
  Duration slowDown(Exchange exchange) {
    if (!exchange.answered() || (exchange.status() != 429 && exchange.status() != 503)) {
      return null;
    }
    String header = exchange.header("Retry-After");
    if (header == null) {
      return exchange.status() == 429 ? Duration.ofSeconds(1) : null;
    }
    try {
      return Duration.ofSeconds(Math.max(0, Long.parseLong(header.trim())));
    } catch (NumberFormatException e) {
      try {
        Instant at =
            ZonedDateTime.parse(header.trim(), DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
        return Duration.ofMillis(Math.max(0, at.toEpochMilli() - System.currentTimeMillis()));
      } catch (DateTimeParseException unreadable) {
        return Duration.ofSeconds(1);
      }
    }
  }

  /** Waits as the target asked, or fails the check when the wait would outlast the run's budget. */
  void waitOut(Duration wait, Exchange asked) {
    if (wait.compareTo(run.limits().remaining()) >= 0) {
      throw new TargetUnavailable(
          "the target to accept calls again within the run's budget",
          "it asked the kit "
              + "to wait "
              + wait.toSeconds()
              + " s (HTTP "
              + asked.status()
              + ", Retry-After "
              + asked.header("Retry-After")
              + ") with "
              + run.limits().remaining().toSeconds()
              + " s of the budget left",
          asked);
    }
    run.sloweddown(wait);
    try {
      Thread.sleep(wait.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new TargetUnavailable(
          "the check to finish", "interrupted while waiting as the target asked", asked);
    }
  }

  /**
   * A callback URL of this check's own on the kit's receiver, whose first {@code failFirst}
   * notifications are answered with HTTP 500: a notification can never be credited to another
   * check.
   */
  public CallbackReceiver.Inbox inbox(int failFirst) {
    return run.receiver().inbox(check == null ? "set-up" : check.id(), failFirst);
  }

  /**
   * Moves the implementation's clock through the profile's control path. Where there is none, the
   * check waits that long instead, when that is within the profile's {@code maxWait} and the run's
   * budget, and is skipped otherwise.
   */
  public void advanceClock(Duration by) {
    if (profile().clockControl() == null) {
      Duration longest = profile().longestWait();
      require(
          by.compareTo(longest) <= 0,
          "the profile names no clock control (clockControl), and waiting "
              + by.toSeconds()
              + " s for time to pass is longer than maxWait ("
              + longest.toSeconds()
              + " s)");
      try {
        pause(by);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new CheckSkipped("interrupted while waiting for time to pass");
      }
      return;
    }
    String path = profile().clockControl();
    Exchange moved =
        send(
            "POST",
            path,
            Map.of("Content-Type", "application/json"),
            ("{\"duration\":\"" + by + "\"}").getBytes(StandardCharsets.UTF_8));
    if (moved.status() != 200) {
      throw new CheckSkipped(
          "the clock control at " + path + " did not move the clock: " + moved.summary());
    }
  }

  /** Waits, within what is left of the run's budget. */
  public void pause(Duration wait) throws InterruptedException {
    Thread.sleep(run.limits().bound(wait).toMillis());
  }

  /** A payment amount in the profile's currency. */
  public JsonNode amount(String value) {
    return Json.amount(value, profile().currency());
  }

  // ---------------------------------------------------------------- skipping

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

  // ---------------------------------------------------------------- document rules

  public void fail(String expected, String actual, Exchange exchange) {
    Rule rule = currentRule();
    throw new CheckFailure(rule == null ? null : rule.cite(), expected, actual, exchange);
  }

  public void expect(boolean holds, String expected, Supplier<String> actual, Exchange exchange) {
    judging();
    if (!holds) {
      fail(expected, actual.get(), exchange);
    }
  }

  /** The answer must have one of these statuses (where the document fixes the status). */
  public Exchange status(Exchange exchange, int... statuses) {
    boolean listed = false;
    for (int status : statuses) {
      listed |= exchange.answered() && exchange.status() == status;
    }
    expect(listed, "HTTP " + join(statuses), exchange::summary, exchange);
    return exchange;
  }

  /**
   * The answer must be a success with a JSON body, which is returned. Any 2xx counts here, as the
   * document fixes no success status; which one our spec declares is the wire checks' business.
   */
  public JsonNode ok(Exchange exchange) {
    expect(
        exchange.answered() && exchange.status() / 100 == 2,
        "a 2xx answer",
        exchange::summary,
        exchange);
    JsonNode json = exchange.json();
    expect(json != null, "a JSON body", exchange::summary, exchange);
    return json;
  }

  /**
   * The answer of an operation the document answers with HTTP 200 and no body (capture, cancel,
   * revoke, sticker activation): a 2xx; a status other than 200 is read as the open point, any body
   * ignored.
   */
  public Exchange done(Exchange exchange) {
    expect(
        exchange.answered() && exchange.status() / 100 == 2,
        "HTTP 200, the operation done",
        exchange::summary,
        exchange);
    reading(OpenPoint.NO_BODY_STATUS, Integer.toString(exchange.status()), exchange);
    return exchange;
  }

  /** The JSON text member at a dotted path must equal the value. */
  public void member(Exchange exchange, JsonNode body, String path, String expected) {
    JsonNode value = Json.at(body, path);
    expect(
        value.isTextual() && value.asText().equals(expected),
        path + " = " + expected,
        () -> path + " = " + (value.isMissingNode() ? "(absent)" : value.toString()),
        exchange);
  }

  /**
   * The members the document lists for this resource must all be there (dotted paths), not null.
   */
  public void present(Exchange exchange, JsonNode body, String... paths) {
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

  /** The JSON number at a dotted path must equal the decimal, whatever its scale. */
  public void decimal(Exchange exchange, JsonNode body, String path, String expected) {
    JsonNode value = Json.at(body, path);
    expect(
        value.isNumber() && value.decimalValue().compareTo(new BigDecimal(expected)) == 0,
        path + " = " + expected + " (a JSON number)",
        () -> path + " = " + (value.isMissingNode() ? "(absent)" : value.toString()),
        exchange);
  }

  // ---------------------------------------------------------------- refusals

  /**
   * The answer must be a refusal as the v2 document describes one: an HTTP 4xx whose JSON body
   * holds a code of the error table and a message, and for validation_error the errors strings.
   * Returns the code.
   */
  public String refused(Exchange exchange) {
    expect(
        exchange.answered() && exchange.status() / 100 == 4,
        "a refusal (HTTP 4xx with the error body)",
        exchange::summary,
        exchange);
    Rule before = currentRule();
    try {
      rule("v2.errors.body");
      List<String> problems =
          ExchangeJudge.errorBodyProblems(exchange.json(), exchange.header("Content-Type"));
      expect(
          problems.isEmpty(),
          "the error body: code from the error table and a message",
          () -> String.join("; ", problems) + " in " + exchange.summary(),
          exchange);
    } finally {
      restore(before);
    }
    return exchange.errorCode();
  }

  /**
   * A refusal whose error code the document fixes for the situation (not_authorized for missing
   * rights, idempotency_key_violation for a reused key, the token codes); its HTTP status is read
   * as the point.
   */
  public void refusedWith(Exchange exchange, String code, OpenPoint status) {
    String actual = refused(exchange);
    Rule before = currentRule();
    Rule meaning = CODE_RULES.containsKey(code) ? Rule.get(CODE_RULES.get(code)) : null;
    try {
      // The code is judged under the rule that gives its meaning, where the catalogue lists the
      // check for it.
      if (meaning != null && check != null && meaning.coveredBy(check)) {
        rule(meaning.id());
      }
      expect(code.equals(actual), "error code " + code, exchange::summary, exchange);
    } finally {
      restore(before);
    }
    reading(status, Integer.toString(exchange.status()), exchange);
  }

  /**
   * A refusal whose code must be one of these, the first being ours: which one is read as {@code
   * code}, and, when it is ours, its status as {@code status}. Judged under the rule of the first
   * code's meaning where the catalogue lists the check for it.
   */
  public String refusedWithOneOf(
      Exchange exchange, List<String> codes, OpenPoint code, OpenPoint status) {
    String actual = refused(exchange);
    Rule before = currentRule();
    Rule meaning =
        CODE_RULES.containsKey(codes.get(0)) ? Rule.get(CODE_RULES.get(codes.get(0))) : null;
    try {
      if (meaning != null && check != null && meaning.coveredBy(check)) {
        rule(meaning.id());
      }
      expect(
          codes.contains(actual),
          "an error code whose meaning fits: " + String.join(" or ", codes),
          exchange::summary,
          exchange);
    } finally {
      restore(before);
    }
    reading(code, actual, exchange);
    if (code.ours().equals(actual)) {
      reading(status, Integer.toString(exchange.status()), exchange);
    }
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

  /**
   * A refusal whose error code the document leaves open for the situation: any code of the table
   * passes, ours is read as {@code code}, the HTTP status as {@code status}.
   */
  public String refusedAs(Exchange exchange, OpenPoint code, OpenPoint status) {
    String actual = refused(exchange);
    reading(code, actual, exchange);
    if (code.ours().equals(actual)) {
      reading(status, Integer.toString(exchange.status()), exchange);
    }
    return actual;
  }

  /**
   * A validation_error that the document requires (a request of incorrect format), whose entries
   * should name the member: naming it is our spec's reading, except where the document itself says
   * the error reports the member ({@code memberDocumented}, a missing merchantId).
   */
  public void validationError(Exchange exchange, String member, boolean memberDocumented) {
    refusedWith(exchange, "validation_error", OpenPoint.VALIDATION_STATUS);
    boolean named = names(exchange.json().path("errors"), member);
    if (memberDocumented) {
      expect(named, "validation_error whose errors report " + member, exchange::summary, exchange);
    } else {
      reading(OpenPoint.NAMES_MEMBER, named ? "named" : "unnamed (" + member + ")", exchange);
    }
  }

  /**
   * A refusal of an amount the money rules do not allow; the document leaves its code open: ours is
   * validation_error naming the member.
   */
  public void amountRefused(Exchange exchange, String member) {
    String code = refusedAs(exchange, OpenPoint.AMOUNT_REFUSAL_CODE, OpenPoint.VALIDATION_STATUS);
    if ("validation_error".equals(code)) {
      reading(
          OpenPoint.NAMES_MEMBER,
          names(exchange.json().path("errors"), member) ? "named" : "unnamed (" + member + ")",
          exchange);
    }
  }

  /** Whether an entry of the errors names the member on its own, not inside a longer name. */
  public static boolean names(JsonNode errors, String member) {
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

  // ---------------------------------------------------------------- open points

  /**
   * Reads an open point: the target's reading, as observed, is compared with the reading its
   * profile declares or, in a strict run, with ours; a mismatch then fails the check. Otherwise a
   * reading other than ours is noted as a difference and the check goes on.
   *
   * @param observed the target's reading in the point's terms ({@code 201}, {@code refused}, ...)
   * @param seen the answer that showed it, or null
   */
  public void reading(OpenPoint point, String observed, Exchange seen) {
    String declared = profile().reading(point).orElse(null);
    String expected = declared != null ? declared : run.strict() ? point.ours() : null;
    if (expected != null) {
      if (!OpenPoint.matches(expected, observed)) {
        throw new CheckFailure(
            "open point "
                + point.id()
                + ": "
                + point.question()
                + "; "
                + (declared != null
                    ? "the profile declares the target's reading"
                    : "a strict run asks for our spec's")
                + " ["
                + point.id()
                + "]",
            point.id() + " = " + expected,
            point.id() + " = " + observed + (seen == null ? "" : " in " + seen.summary()),
            seen);
      }
      return;
    }
    if (!OpenPoint.matches(point.ours(), observed)) {
      Difference difference =
          new Difference(
              point.id(),
              point.question(),
              point.ours(),
              observed,
              seen == null
                  ? null
                  : seen.method() + " " + seen.uri().getRawPath() + " -> " + seen.summary());
      synchronized (this) {
        boolean known =
            differences.stream()
                .anyMatch(d -> d.point().equals(point.id()) && d.theirs().equals(observed));
        if (!known) {
          differences.add(difference);
        }
      }
    }
  }

  /**
   * Reads a point whose reading is "ours or not": {@code ours} true reads it as ours, else as
   * {@code theirs}.
   */
  public void reading(OpenPoint point, boolean ours, String theirs, Exchange seen) {
    reading(point, ours ? point.ours() : theirs, seen);
  }

  private synchronized void restore(Rule rule) {
    current = rule;
  }

  private static String join(int[] statuses) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < statuses.length; i++) {
      out.append(i == 0 ? "" : i == statuses.length - 1 ? " or " : ", ").append(statuses[i]);
    }
    return out.toString();
  }
}
