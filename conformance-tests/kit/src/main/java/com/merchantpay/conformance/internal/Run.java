package com.merchantpay.conformance.internal;

import com.merchantpay.conformance.target.Profile;
import com.merchantpay.conformance.target.Target;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * What the checks of one run share: the target and its profile, one HTTP client, the ledger of every
 * exchange, the callback receiver (started on first use) and fixtures that several checks read (made once).
 */
public final class Run implements AutoCloseable {
  private final Target target;
  private final Profile profile;
  private final Wire wire;
  private final WireLedger ledger;
  private final String runId = UUID.randomUUID().toString().substring(0, 8);
  private final AtomicLong sequence = new AtomicLong();
  private final Map<String, Object> shared = new ConcurrentHashMap<>();
  private final RunLimits limits;
  private final boolean strict;
  private final Set<String> uncatalogued = ConcurrentHashMap.newKeySet();
  private final NegativeCoverage negativeCoverage = new NegativeCoverage();
  private CallbackReceiver receiver;

  /** A run with the default budget that reports open points read otherwise (set-up work, the pact verifier). */
  public Run(Target target, Profile profile, Duration timeout) {
    this(target, profile, timeout, Duration.ofHours(1), false);
  }

  /**
   * @param timeout how long one call may take
   * @param budget how long the whole run may take
   * @param strict whether our specs' reading of every open point is required
   */
  public Run(Target target, Profile profile, Duration timeout, Duration budget, boolean strict) {
    this.target = target;
    this.profile = profile;
    this.wire = new Wire(target.baseUrl(), timeout);
    this.ledger = new WireLedger(profile.cardNumbers());
    this.limits = new RunLimits(budget);
    this.strict = strict;
  }

  public boolean strict() {
    return strict;
  }

  RunLimits limits() {
    return limits;
  }

  /** Notes a check citing a rule the catalogue does not list it for: a slip of the kit, found by its tests. */
  void uncatalogued(String checkId, String ruleId) {
    uncatalogued.add(checkId + " cites " + ruleId);
  }

  /** The citations of rules that do not list the citing check, as {@code check cites rule}. */
  public Set<String> uncatalogued() {
    return Set.copyOf(uncatalogued);
  }

  /** What the negative cases of this run covered, by kind of constraint. */
  public NegativeCoverage negativeCoverage() {
    return negativeCoverage;
  }

  public Target target() {
    return target;
  }

  public Profile profile() {
    return profile;
  }

  /** The path of the base URL without its trailing slash ({@code /pay} for {@code https://host/pay/}). */
  public String basePath() {
    String path = target.baseUrl().getRawPath();
    return path == null ? "" : path.replaceAll("/+$", "");
  }

  public Wire wire() {
    return wire;
  }

  public WireLedger ledger() {
    return ledger;
  }

  /** A value unique to this run and call, for order numbers, nonces and idempotency keys. */
  public String unique(String prefix) {
    return prefix + "-" + runId + "-" + sequence.incrementAndGet();
  }

  /** Whether a check asked for the callback receiver, so it may hold notifications. */
  public synchronized boolean hasReceiver() {
    return receiver != null;
  }

  public synchronized CallbackReceiver receiver() {
    if (receiver == null) {
      receiver = new CallbackReceiver(profile.callbackHost());
    }
    return receiver;
  }

  /** A fixture made once per run, the first time a check asks for it. */
  @SuppressWarnings("unchecked")
  public synchronized <T> T shared(String key, Supplier<T> make) {
    Object value = shared.get(key);
    if (value == null) {
      value = make.get();
      shared.put(key, value);
    }
    return (T) value;
  }

  @Override
  public synchronized void close() {
    if (receiver != null) {
      receiver.close();
    }
  }
}
