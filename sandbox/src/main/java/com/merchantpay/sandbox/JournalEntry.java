package com.merchantpay.sandbox;

import com.merchantpay.sandbox.internal.server.CallJournal;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * One call to the sandbox's interfaces as the journal kept it: what was called and by whom, the
 * request itself, what the contract found wrong with it, the answer's status and the fault it met.
 * Its {@code toString()} names the call without its body, query or secrets.
 */
public final class JournalEntry {
  private final CallJournal.Entry entry;

  JournalEntry(CallJournal.Entry entry) {
    this.entry = entry;
  }

  /** The call as the journal keeps it, for the control API's view of it. */
  CallJournal.Entry raw() {
    return entry;
  }

  /** The entry's place in the journal: later calls have larger numbers. */
  public long sequence() {
    return entry.sequence();
  }

  /** When the call was answered (after any delay a fault added), on the sandbox's clock. */
  public Instant time() {
    return entry.time();
  }

  /** The {@code Request-Id} the answer carried. */
  public String requestId() {
    return entry.requestId();
  }

  /** {@code v2} or {@code v1}; null for a path of neither interface. */
  public String api() {
    return entry.api();
  }

  /** The v2 operation id or v1 operation name; null when the call matched no operation. */
  public String operation() {
    return entry.operation();
  }

  public String method() {
    return entry.method();
  }

  /** The path as sent, without the query. */
  public String path() {
    return entry.path();
  }

  /** The merchant the call acted for, once its credentials were recognised; else null. */
  public String merchantId() {
    return entry.merchant();
  }

  /** The v2 {@code Idempotency-Key} of a creating call, or null. */
  public String idempotencyKey() {
    return entry.idempotencyKey();
  }

  /** The v1 nonce, or null. */
  public String nonce() {
    return entry.nonce();
  }

  /**
   * A header of the request (its name in any letter case), the first value, or null. The journal
   * keeps a call's first 4 KB of headers. Values may be secrets: the bearer token is here.
   */
  public String header(String name) {
    return entry.header(name);
  }

  /** The request body as text (its first 16 KB). */
  public String body() {
    return new String(entry.body(), StandardCharsets.UTF_8);
  }

  /**
   * A parameter of the call, from its query or, for a form body (v1 POST), the form; the first
   * value, or null.
   */
  public String parameter(String name) {
    List<String> values = parameters().get(name);
    return values == null || values.isEmpty() ? null : values.get(0);
  }

  /** The query's parameters and, for a form body, the form's, by name. */
  public Map<String, List<String>> parameters() {
    Map<String, List<String>> all = new LinkedHashMap<>(entry.query());
    String type = entry.contentType();
    if (type != null && type.startsWith("application/x-www-form-urlencoded")) {
      for (String pair : body().split("&")) {
        if (!pair.isEmpty()) {
          int eq = pair.indexOf('=');
          String name =
              URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
          String value =
              eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
          all.merge(name, List.of(value), (a, b) -> concat(a, b));
        }
      }
    }
    return all;
  }

  private static List<String> concat(List<String> a, List<String> b) {
    return Stream.concat(a.stream(), b.stream()).toList();
  }

  /** Whether the request keeps the contract of its interface. */
  public boolean valid() {
    return entry.valid();
  }

  /** What the contract does not allow in the request, each naming its member or parameter. */
  public List<String> findings() {
    return entry.findings();
  }

  /** The answer's HTTP status; 0 when a fault dropped the connection before any answer. */
  public int status() {
    return entry.status();
  }

  /** The fault the call met, as its rule's id and text form; null when it met none. */
  public String fault() {
    return entry.fault();
  }

  /**
   * The call in one line: {@code #12 POST /api/v2/payments createPayment (merchant m-1, 200)}, and
   * the fault it met. Never the body, the query or a credential.
   */
  @Override
  public String toString() {
    return "#"
        + sequence()
        + " "
        + method()
        + " "
        + path()
        + (operation() == null ? "" : " " + operation())
        + " ("
        + (merchantId() == null ? "" : "merchant " + merchantId() + ", ")
        + (status() == 0 ? "no answer" : Integer.toString(status()))
        + (fault() == null ? "" : ", fault " + fault())
        + ")";
  }
}
