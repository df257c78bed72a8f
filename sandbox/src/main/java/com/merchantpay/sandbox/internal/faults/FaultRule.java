package com.merchantpay.sandbox.internal.faults;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.merchantpay.sandbox.internal.http.Json;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A rule that makes calls fail: which calls it matches (an operation, a merchant, the nth matching
 * call, a share of them) and what it does to them. Immutable; {@link FaultRules} counts its calls.
 *
 * @param operation the operation with its interface ({@code v2:createPayment}, as {@link
 *     OperationNames#qualify} writes it), or {@code *} for every call
 * @param merchant only calls of this merchant, or null for any
 * @param nthCall only the nth call the rule matches (1 is the first), or null for every one
 * @param rate the share of matching calls it hits, drawn from a generator seeded with {@code seed};
 *     null for all
 * @param times how many calls it hits before it is spent, or null until removed
 */
public record FaultRule(
    String operation,
    String merchant,
    Integer nthCall,
    Double rate,
    long seed,
    Integer times,
    Effect effect) {

  /** What a fault does to a call. */
  public enum Kind {
    /** Waits {@code duration}, then the call goes on as usual. */
    DELAY(false),
    /** Answers {@code status} without acting: the call had no effect. */
    FAIL_BEFORE(false),
    /** Acts, then answers {@code status} instead: the effect is there, the answer is lost. */
    FAIL_AFTER(true),
    /** Acts, then closes the connection without an answer. */
    DROP_AFTER(true),
    /** Acts, sends the answer's headers and part of its body, then waits {@code duration}. */
    STALL(true),
    /** Acts, then sends half the answer's body and closes the connection. */
    TRUNCATE(true);

    private final boolean afterActing;

    Kind(boolean afterActing) {
      this.afterActing = afterActing;
    }

    /** Whether the call is carried out before the fault takes its answer. */
    public boolean afterActing() {
      return afterActing;
    }
  }

  /**
   * @param status the HTTP status of {@link Kind#FAIL_BEFORE} and {@link Kind#FAIL_AFTER}
   * @param duration the wait of {@link Kind#DELAY} and {@link Kind#STALL}, or the {@code
   *     Retry-After} of a 429 or 503 answered before acting (null: none)
   */
  public record Effect(Kind kind, int status, Duration duration) {
    public Effect {
      if ((kind == Kind.FAIL_BEFORE || kind == Kind.FAIL_AFTER) && (status < 400 || status > 599)) {
        throw new IllegalArgumentException(
            "a failing answer's status is 4xx or 5xx, not " + status);
      }
      if (kind == Kind.FAIL_AFTER && status < 500) {
        throw new IllegalArgumentException(
            "after acting, only a 5xx says the call may have been done; " + status + " would not");
      }
      if ((kind == Kind.DELAY || kind == Kind.STALL)
          && (duration == null || duration.isNegative())) {
        throw new IllegalArgumentException(
            kind.name().toLowerCase(Locale.ROOT) + " needs a duration");
      }
    }

    /** How the effect reads in the journal and in the text form of a rule. */
    public String describe() {
      return switch (kind) {
        case DELAY -> "delay=" + duration;
        case FAIL_BEFORE ->
            "before=" + status + (duration == null ? "" : ",retry-after=" + duration);
        case FAIL_AFTER -> "after=" + status;
        case DROP_AFTER -> "drop-after";
        case STALL -> "stall=" + duration;
        case TRUNCATE -> "truncate";
      };
    }
  }

  public FaultRule {
    if (operation == null
        || !(operation.equals(OperationNames.EVERY) || operation.matches("v[12]:[A-Za-z]+"))) {
      throw new IllegalArgumentException(
          "a fault names an operation with its interface (v2:createPayment), or * for every one, "
              + "not "
              + operation);
    }
    if (nthCall != null && nthCall < 1) {
      throw new IllegalArgumentException("nth call counts from 1, not " + nthCall);
    }
    if (rate != null && !(rate > 0 && rate <= 1)) {
      throw new IllegalArgumentException(
          "rate is a share of calls above 0 and at most 1, not " + rate);
    }
    if (times != null && times < 1) {
      throw new IllegalArgumentException("times is at least 1, not " + times);
    }
    if (effect == null) {
      throw new IllegalArgumentException("a fault needs an effect");
    }
  }

  /** Whether the rule is about this call's operation (of this interface) and merchant. */
  boolean concerns(String callApi, String callOperation, String callMerchant) {
    return (OperationNames.EVERY.equals(operation)
            || operation.equals(callApi + ":" + callOperation))
        && (merchant == null || merchant.equals(callMerchant));
  }

  /**
   * The rule in its text form, {@code OPERATION[@MERCHANT],EFFECT[,OPTION...]}, as {@link #parse}
   * reads it.
   */
  public String describe() {
    StringBuilder text = new StringBuilder(operation);
    if (merchant != null) {
      text.append('@').append(merchant);
    }
    text.append(',').append(effect.describe());
    if (nthCall != null) {
      text.append(",nth=").append(nthCall);
    }
    if (rate != null) {
      text.append(",rate=").append(rate).append(",seed=").append(seed);
    }
    if (times != null) {
      text.append(",times=").append(times);
    }
    return text.toString();
  }

  /**
   * Reads the text form: the operation ({@code *} for all, {@code @MERCHANT} to narrow it), one
   * effect ({@code delay=PT2S}, {@code before=503}, {@code before=429,retry-after=PT1S}, {@code
   * after=502}, {@code drop-after}, {@code stall=PT30S}, {@code truncate}) and options ({@code
   * once}, {@code times=N}, {@code nth=N}, {@code rate=0.3}, {@code seed=42}), separated by commas.
   *
   * @param operations reads the operation's name as {@link OperationNames#qualify} does
   * @throws IllegalArgumentException naming the part that cannot be read
   */
  public static FaultRule parse(String text, OperationNames operations) {
    String[] parts = text.strip().split("\\s*,\\s*");
    String target = parts[0];
    String merchant = null;
    int at = target.indexOf('@');
    if (at >= 0) {
      merchant = target.substring(at + 1);
      target = target.substring(0, at);
    }
    Kind kind = null;
    Integer status = null;
    Duration duration = null;
    Integer nth = null;
    Double rate = null;
    long seed = 0;
    Integer times = null;
    List<String> unknown = new ArrayList<>();
    for (int i = 1; i < parts.length; i++) {
      String part = parts[i];
      int eq = part.indexOf('=');
      String key = (eq < 0 ? part : part.substring(0, eq)).toLowerCase(Locale.ROOT);
      String value = eq < 0 ? null : part.substring(eq + 1);
      try {
        switch (key) {
          case "delay" -> {
            kind = Kind.DELAY;
            duration = Duration.parse(value);
          }
          case "before" -> {
            kind = Kind.FAIL_BEFORE;
            status = Integer.parseInt(value);
          }
          case "retry-after" -> duration = Duration.parse(value);
          case "after" -> {
            kind = Kind.FAIL_AFTER;
            status = Integer.parseInt(value);
          }
          case "drop-after" -> kind = Kind.DROP_AFTER;
          case "stall" -> {
            kind = Kind.STALL;
            duration = Duration.parse(value);
          }
          case "truncate" -> kind = Kind.TRUNCATE;
          case "once" -> times = 1;
          case "times" -> times = Integer.parseInt(value);
          case "nth" -> nth = Integer.parseInt(value);
          case "rate" -> rate = Double.parseDouble(value);
          case "seed" -> seed = Long.parseLong(value);
          default -> unknown.add(part);
        }
      } catch (NumberFormatException | DateTimeParseException | NullPointerException e) {
        throw new IllegalArgumentException(
            "fault '" + text + "': cannot read '" + part + "' (a number or an ISO 8601 duration)");
      }
    }
    if (!unknown.isEmpty()) {
      throw new IllegalArgumentException("fault '" + text + "': unknown parts " + unknown);
    }
    if (kind == null) {
      throw new IllegalArgumentException(
          "fault '"
              + text
              + "': no effect; give one of delay=, before=, after=, drop-after, stall=, truncate");
    }
    try {
      target = operations.qualify(target);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("fault '" + text + "': " + e.getMessage(), e);
    }
    return new FaultRule(
        target,
        merchant,
        nth,
        rate,
        seed,
        times,
        new Effect(kind, status == null ? 0 : status, duration));
  }

  /**
   * Reads the control API's JSON form: {@code operation}, {@code merchantId}, {@code nthCall},
   * {@code rate}, {@code seed}, {@code times}, and {@code effect} with {@code kind} (delay,
   * failBefore, failAfter, dropAfter, stall, truncate), {@code status} and {@code duration}.
   */
  public static FaultRule fromJson(JsonNode body, OperationNames operations) {
    JsonNode effect = body.path("effect");
    String kindName = effect.path("kind").asText("");
    Kind kind =
        switch (kindName) {
          case "delay" -> Kind.DELAY;
          case "failBefore" -> Kind.FAIL_BEFORE;
          case "failAfter" -> Kind.FAIL_AFTER;
          case "dropAfter" -> Kind.DROP_AFTER;
          case "stall" -> Kind.STALL;
          case "truncate" -> Kind.TRUNCATE;
          default ->
              throw new IllegalArgumentException(
                  "effect.kind: one of delay, failBefore, failAfter, dropAfter, stall, truncate");
        };
    Duration duration;
    try {
      duration =
          effect.hasNonNull("duration") ? Duration.parse(effect.get("duration").asText()) : null;
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException("effect.duration: an ISO 8601 duration such as PT2S");
    }
    String operation;
    try {
      operation = operations.qualify(body.path("operation").asText(null));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("operation: " + e.getMessage(), e);
    }
    return new FaultRule(
        operation,
        body.hasNonNull("merchantId") ? body.get("merchantId").asText() : null,
        body.hasNonNull("nthCall") ? body.get("nthCall").asInt() : null,
        body.hasNonNull("rate") ? body.get("rate").asDouble() : null,
        body.path("seed").asLong(0),
        body.hasNonNull("times") ? body.get("times").asInt() : null,
        new Effect(kind, effect.path("status").asInt(0), duration));
  }

  /** The JSON form {@link #fromJson} reads. */
  public ObjectNode toJson() {
    ObjectNode node = Json.object();
    node.put("operation", operation);
    if (merchant != null) {
      node.put("merchantId", merchant);
    }
    if (nthCall != null) {
      node.put("nthCall", nthCall);
    }
    if (rate != null) {
      node.put("rate", rate);
      node.put("seed", seed);
    }
    if (times != null) {
      node.put("times", times);
    }
    ObjectNode effectNode = node.putObject("effect");
    effectNode.put(
        "kind",
        switch (effect.kind()) {
          case DELAY -> "delay";
          case FAIL_BEFORE -> "failBefore";
          case FAIL_AFTER -> "failAfter";
          case DROP_AFTER -> "dropAfter";
          case STALL -> "stall";
          case TRUNCATE -> "truncate";
        });
    if (effect.status() != 0) {
      effectNode.put("status", effect.status());
    }
    if (effect.duration() != null) {
      effectNode.put("duration", effect.duration().toString());
    }
    return node;
  }
}
