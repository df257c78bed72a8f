package com.merchantpay.conformance.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.merchantpay.conformance.report.CheckResult.Difference;
import com.merchantpay.conformance.target.OpenPoint;
import com.merchantpay.conformance.target.Profile;
import com.merchantpay.conformance.target.Target;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * What one check works with: calls to the target (every exchange is recorded, and judged in the
 * run's ledger), the test data, and two kinds of expectation. An assertion of a document rule ends
 * the check with a failure when it does not hold; it cites the check's rule, or the one {@link
 * #rule} named last. A reading of an open point ({@link #reading}) notes a target that reads the
 * point otherwise than our specs, and fails only when the run is strict or the profile declared the
 * target's reading.
 *
 * <p>It is the one object a check is handed, and it keeps what a check accumulates: its exchanges,
 * the rules it judged, the rule its assertions cite and the differences it noted. The work is done
 * by its parts, one per concern: {@link CheckCalls}, {@link CheckPacing}, {@link CheckVerdicts} and
 * {@link CheckReadings}.
 */
final class CheckContext {
  private final Run run;
  private final Check check;
  private final List<Exchange> exchanges = new ArrayList<>();
  private final Set<String> judged = new LinkedHashSet<>();
  private final List<Difference> differences = new ArrayList<>();
  private Rule current;
  private final CheckCalls calls = new CheckCalls(this);
  private final CheckPacing pacing = new CheckPacing(this);
  private final CheckVerdicts verdicts = new CheckVerdicts(this);
  private final CheckReadings readings = new CheckReadings(this);

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

  /** The check this context runs, or null outside any check. */
  Check check() {
    return check;
  }

  /** Every exchange of the check, in order; guarded by itself. */
  List<Exchange> recorded() {
    return exchanges;
  }

  /** The differences noted so far; guarded by this context. */
  List<Difference> differenceList() {
    return differences;
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

  synchronized void judging() {
    if (current != null) {
      judged.add(current.id());
    }
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

  synchronized void restore(Rule rule) {
    current = rule;
  }

  // ---------------------------------------------------------------- calls (CheckCalls)

  /** v2 calls with the target's bearer token. */
  public V2Calls v2() {
    return calls.v2();
  }

  /** Skips the check when the profile says the target does not serve the interface. */
  void serves(String api) {
    calls.serves(api);
  }

  /** v2 calls with this Authorization header value, or none when it is null. */
  public V2Calls v2WithAuthorization(String authorization) {
    return calls.v2WithAuthorization(authorization);
  }

  /** v2 calls as the other merchant. */
  public V2Calls v2AsOtherMerchant() {
    return calls.v2AsOtherMerchant();
  }

  /** v1 calls as the Accountant user. */
  public V1Calls v1() {
    return calls.v1();
  }

  /** v1 calls as the Cashier user. */
  public V1Calls v1Cashier() {
    return calls.v1Cashier();
  }

  /**
   * A header value of the profile's with {@code {bearerToken}} replaced by the merchant's token:
   * for a target that guards its test controls (a clock, an inbox of one-time codes) with it.
   */
  public String withBearerToken(String value) {
    if (!value.contains("{bearerToken}")) {
      return value;
    }
    return value.replace(
        "{bearerToken}",
        need(target().bearerToken(), "no merchant token given (--token) for {bearerToken}"));
  }

  /** A call a payer's browser makes to a page the implementation named (an External step, say). */
  public Exchange browser(String method, String url, String contentType, String body) {
    return calls.browser(method, url, contentType, body);
  }

  /** A call a payer's browser makes, with further headers. */
  public Exchange browser(
      String method, String url, String contentType, Map<String, String> extra, String body) {
    return calls.browser(method, url, contentType, extra, body);
  }

  /**
   * Sends a call; one the target asks to slow down for (429, or 503 with Retry-After) is sent again
   * once the wait is over, within the run's budget.
   */
  Exchange send(String method, String pathAndQuery, Map<String, String> headers, byte[] body) {
    return calls.send(method, pathAndQuery, headers, body);
  }

  /**
   * Sends a call without credentials to an address beside the target's own (its plain HTTP twin),
   * once: kept as evidence of the check but out of the ledger the wire checks judge, and not
   * counted as a stall of the target.
   */
  Exchange sendAside(String method, URI uri) {
    return calls.sendAside(method, uri);
  }

  /**
   * Sends a call exactly once, whatever comes back (a v1 call, whose nonce may not be sent twice).
   */
  Exchange sendOnce(String method, String pathAndQuery, Map<String, String> headers, byte[] body) {
    return calls.sendOnce(method, pathAndQuery, headers, body);
  }

  /**
   * A callback URL of this check's own on the kit's receiver, whose first {@code failFirst}
   * notifications are answered with HTTP 500: a notification can never be credited to another
   * check.
   */
  public CallbackReceiver.Inbox inbox(int failFirst) {
    return calls.inbox(failFirst);
  }

  // ---------------------------------------------------------------- pacing (CheckPacing)

  /**
   * How long the target asks the kit to wait before sending the call again: a 429 (one second when
   * it gives no Retry-After) or a 503 with Retry-After; null for any other answer.
   */
  Duration slowDown(Exchange exchange) {
    return pacing.slowDown(exchange);
  }

  /** Waits as the target asked, or fails the check when the wait would outlast the run's budget. */
  void waitOut(Duration wait, Exchange asked) {
    pacing.waitOut(wait, asked);
  }

  /**
   * Moves the implementation's clock through the profile's control path. Where there is none, the
   * check waits that long instead, when that is within the profile's {@code maxWait} and the run's
   * budget, and is skipped otherwise.
   */
  public void advanceClock(Duration by) {
    pacing.advanceClock(by);
  }

  /** Waits, within what is left of the run's budget. */
  public void pause(Duration wait) throws InterruptedException {
    pacing.pause(wait);
  }

  // ---------------------------------------------------------------- verdicts (CheckVerdicts)

  public void fail(String expected, String actual, Exchange exchange) {
    verdicts.fail(expected, actual, exchange);
  }

  public void expect(boolean holds, String expected, Supplier<String> actual, Exchange exchange) {
    verdicts.expect(holds, expected, actual, exchange);
  }

  /** The answer must have one of these statuses (where the document fixes the status). */
  public Exchange status(Exchange exchange, int... statuses) {
    return verdicts.status(exchange, statuses);
  }

  /**
   * The answer must be a success with a JSON body, which is returned. Any 2xx counts here, as the
   * document fixes no success status; which one our spec declares is the wire checks' business.
   */
  public JsonNode ok(Exchange exchange) {
    return verdicts.ok(exchange);
  }

  /**
   * The answer of an operation the document answers with HTTP 200 and no body (capture, cancel,
   * revoke, sticker activation): a 2xx; a status other than 200 is read as the open point, any body
   * ignored.
   */
  public Exchange done(Exchange exchange) {
    return verdicts.done(exchange);
  }

  /** The JSON text member at a dotted path must equal the value. */
  public void member(Exchange exchange, JsonNode body, String path, String expected) {
    verdicts.member(exchange, body, path, expected);
  }

  /**
   * The members the document lists for this resource must all be there (dotted paths), not null.
   */
  public void present(Exchange exchange, JsonNode body, String... paths) {
    verdicts.present(exchange, body, paths);
  }

  /** The JSON number at a dotted path must equal the decimal, whatever its scale. */
  public void decimal(Exchange exchange, JsonNode body, String path, String expected) {
    verdicts.decimal(exchange, body, path, expected);
  }

  /**
   * The answer must be a refusal as the v2 document describes one: an HTTP 4xx whose JSON body
   * holds a code of the error table and a message, and for validation_error the errors strings.
   * Returns the code.
   */
  public String refused(Exchange exchange) {
    return verdicts.refused(exchange);
  }

  /**
   * A refusal whose error code the document fixes for the situation (not_authorized for missing
   * rights, idempotency_key_violation for a reused key, the token codes); its HTTP status is read
   * as the point.
   */
  public void refusedWith(Exchange exchange, String code, OpenPoint status) {
    verdicts.refusedWith(exchange, code, status);
  }

  /**
   * A refusal whose code must be one of these, the first being ours: which one is read as {@code
   * code}, and its status, whichever the code, as {@code status}. Judged under the rule of the
   * first code's meaning where the catalogue lists the check for it.
   */
  public String refusedWithOneOf(
      Exchange exchange, List<String> codes, OpenPoint code, OpenPoint status) {
    return verdicts.refusedWithOneOf(exchange, codes, code, status);
  }

  /**
   * A refusal whose error code the document leaves open for the situation: any code of the table
   * passes, ours is read as {@code code}, the HTTP status as {@code status}.
   */
  public String refusedAs(Exchange exchange, OpenPoint code, OpenPoint status) {
    return verdicts.refusedAs(exchange, code, status);
  }

  /**
   * A validation_error that the document requires (a request of incorrect format), whose entries
   * should name the member: naming it is our spec's reading, except where the document itself says
   * the error reports the member ({@code memberDocumented}, a missing merchantId).
   */
  public void validationError(Exchange exchange, String member, boolean memberDocumented) {
    verdicts.validationError(exchange, member, memberDocumented);
  }

  /**
   * A refusal of an amount the money rules do not allow; the document leaves its code open: ours is
   * validation_error naming the member.
   */
  public void amountRefused(Exchange exchange, String member) {
    verdicts.amountRefused(exchange, member);
  }

  /** Whether an entry of the errors names the member on its own, not inside a longer name. */
  public static boolean names(JsonNode errors, String member) {
    return CheckVerdicts.names(errors, member);
  }

  // ---------------------------------------------------------------- readings (CheckReadings)

  /**
   * Reads an open point: the target's reading, as observed, is compared with the reading its
   * profile declares or, in a strict run, with ours; a mismatch then fails the check. Otherwise a
   * reading other than ours is noted as a difference and the check goes on.
   *
   * @param observed the target's reading in the point's terms ({@code 201}, {@code refused}, ...)
   * @param seen the answer that showed it, or null
   */
  public void reading(OpenPoint point, String observed, Exchange seen) {
    readings.reading(point, observed, null, seen);
  }

  /**
   * Reads an open point as {@link #reading(OpenPoint, String, Exchange)} does, with what the kit
   * saw beyond the reading itself.
   *
   * @param detail the cases, values or statuses that showed the reading, for the report
   */
  public void reading(OpenPoint point, String observed, String detail, Exchange seen) {
    readings.reading(point, observed, detail, seen);
  }

  /**
   * Reads a point whose reading is "ours or not": {@code ours} true reads it as ours, else as
   * {@code theirs}.
   */
  public void reading(OpenPoint point, boolean ours, String theirs, Exchange seen) {
    readings.reading(point, ours, theirs, seen);
  }
}
