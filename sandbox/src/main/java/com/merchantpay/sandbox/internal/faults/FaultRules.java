package com.merchantpay.sandbox.internal.faults;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The fault rules of one sandbox, in the order they were added: the first that hits a call decides
 * its fault, and one call meets at most one fault. Each rule counts the calls it matched (for its
 * nth call) and the calls it hit (for its limit); a spent rule is gone.
 */
public final class FaultRules {
  /** A rule as it is kept: with its id and its counts. */
  private static final class Kept {
    final String id;
    final FaultRule rule;
    final Random draws;
    int matched;
    int hit;

    Kept(String id, FaultRule rule) {
      this.id = id;
      this.rule = rule;
      this.draws = new Random(rule.seed());
    }
  }

  /** A rule that hit a call: which one, and what it does. */
  public record Hit(String ruleId, FaultRule rule) {
    public FaultEffect effect() {
      return rule.effect();
    }

    /** What the journal says was done to the call. */
    public String describe() {
      return ruleId + " " + rule.describe();
    }
  }

  private final Map<String, Kept> rules = new LinkedHashMap<>();
  private final AtomicLong ids = new AtomicLong();

  /** The most rules in force at once: more says a test that forgets to remove its rules. */
  public static final int MAX_RULES = 1_000;

  /**
   * Adds a rule and says its id.
   *
   * @throws IllegalStateException when {@link #MAX_RULES} are in force already
   */
  public synchronized String add(FaultRule rule) {
    if (rules.size() >= MAX_RULES) {
      throw new IllegalStateException(
          "the sandbox keeps at most "
              + MAX_RULES
              + " fault rules in force; remove some (DELETE /_sandbox/faults/{faultId}) or all"
              + " (DELETE /_sandbox/faults) first");
    }
    String id = "fault-" + ids.incrementAndGet();
    rules.put(id, new Kept(id, rule));
    return id;
  }

  /** Removes a rule; false when there was none with this id (or it was spent). */
  public synchronized boolean remove(String id) {
    return rules.remove(id) != null;
  }

  public synchronized void clear() {
    rules.clear();
  }

  /** The rules in force, by id, with how many more calls each may hit (null: until removed). */
  public synchronized List<Listed> list() {
    List<Listed> listed = new ArrayList<>();
    for (Kept kept : rules.values()) {
      listed.add(
          new Listed(
              kept.id,
              kept.rule,
              kept.matched,
              kept.hit,
              kept.rule.times() == null ? null : kept.rule.times() - kept.hit));
    }
    return listed;
  }

  /** A rule in force, with its counts. */
  public record Listed(String id, FaultRule rule, int matched, int hit, Integer left) {}

  /**
   * The fault this call meets, if any: counts it against every rule about it, in order, until one
   * hits.
   */
  public synchronized Hit meet(String api, String operation, String merchant) {
    for (Iterator<Kept> it = rules.values().iterator(); it.hasNext(); ) {
      Kept kept = it.next();
      FaultRule rule = kept.rule;
      if (!rule.concerns(api, operation, merchant)) {
        continue;
      }
      kept.matched++;
      boolean hits =
          (rule.nthCall() == null || rule.nthCall() == kept.matched)
              && (rule.rate() == null || kept.draws.nextDouble() < rule.rate());
      if (!hits) {
        continue;
      }
      kept.hit++;
      // The nth call comes once, so a rule on it is spent after that one hit whatever its times.
      if (rule.times() != null && kept.hit >= rule.times() || rule.nthCall() != null) {
        it.remove();
      }
      return new Hit(kept.id, rule);
    }
    return null;
  }

  public synchronized int size() {
    return rules.size();
  }
}
