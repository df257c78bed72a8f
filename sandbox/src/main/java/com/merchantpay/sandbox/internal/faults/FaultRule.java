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
    FaultEffect effect) {

  public FaultRule {
    if (operation == null
        || !(operation.equals(OperationNames.EVERY) || operation.matches("v[12]:[A-Za-z]+"))) {
      throw new IllegalArgumentException(
          "a fault names an operation with its interface (v2:createPayment), or * for every one, "
              + "not "
              + operation);
    }
    if (merchant != null && merchant.length() > 256) {
      throw new IllegalArgumentException(
          "a fault names a merchant of at most 256 characters, not one of " + merchant.length());
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
   * effect ({@code delay=PT2S}, {@code failBefore=503}, {@code failBefore=429,retryAfter=PT1S},
   * {@code failAfter=502}, {@code dropAfter}, {@code stall=PT30S}, {@code truncate}) and options
   * ({@code once}, {@code times=N}, {@code nth=N}, {@code rate=0.3}, {@code seed=42}), separated by
   * commas. Names are read in any letter case.
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
    FaultEffect.Kind kind = null;
    int status = 0;
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
        FaultEffect.Kind effect = FaultEffect.named(key).orElse(null);
        if (effect != null) {
          kind = effect;
          switch (effect.setting()) {
            case STATUS -> status = Integer.parseInt(value);
            case DURATION -> duration = Duration.parse(value);
            case NONE -> {}
          }
          continue;
        }
        switch (key) {
          case "retryafter" -> duration = Duration.parse(value);
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
      throw new IllegalArgumentException(
          "fault '"
              + text
              + "': unknown parts "
              + unknown
              + "; effects are "
              + FaultEffect.names()
              + ", options once, times, nth, rate, seed, retryAfter");
    }
    if (kind == null) {
      throw new IllegalArgumentException(
          "fault '" + text + "': no effect; give one of " + FaultEffect.names());
    }
    try {
      target = operations.qualify(target);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("fault '" + text + "': " + e.getMessage(), e);
    }
    FaultEffect effect;
    try {
      effect = kind.make().apply(status, duration);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("fault '" + text + "': " + e.getMessage(), e);
    }
    return new FaultRule(target, merchant, nth, rate, seed, times, effect);
  }

  /**
   * Reads the control API's JSON form: {@code operation}, {@code merchantId}, {@code nthCall},
   * {@code rate}, {@code seed}, {@code times}, and {@code effect} with {@code kind} (delay,
   * failBefore, failAfter, dropAfter, stall, truncate), {@code status} and {@code duration}.
   */
  public static FaultRule fromJson(JsonNode body, OperationNames operations) {
    JsonNode effect = body.path("effect");
    FaultEffect.Kind kind =
        FaultEffect.named(effect.path("kind").asText(""))
            .orElseThrow(
                () -> new IllegalArgumentException("effect.kind: one of " + FaultEffect.names()));
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
        effect(kind, effect.path("status").asInt(0), duration));
  }

  private static FaultEffect effect(FaultEffect.Kind kind, int status, Duration duration) {
    try {
      return kind.make().apply(status, duration);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("effect: " + e.getMessage(), e);
    }
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
    effectNode.put("kind", effect.kind().name());
    if (effect.status() != 0) {
      effectNode.put("status", effect.status());
    }
    if (effect.duration() != null) {
      effectNode.put("duration", effect.duration().toString());
    }
    return node;
  }
}
