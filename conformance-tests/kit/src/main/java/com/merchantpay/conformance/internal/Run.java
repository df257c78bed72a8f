package com.merchantpay.conformance.internal;

import com.merchantpay.conformance.target.Profile;
import com.merchantpay.conformance.target.Target;
import java.time.Duration;
import java.util.Map;
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
  private final WireLedger ledger = new WireLedger();
  private final String runId = UUID.randomUUID().toString().substring(0, 8);
  private final AtomicLong sequence = new AtomicLong();
  private final Map<String, Object> shared = new ConcurrentHashMap<>();
  private CallbackReceiver receiver;
  private int negativeCases;
  private int negativeConstraints;

  public Run(Target target, Profile profile, Duration timeout) {
    this.target = target;
    this.profile = profile;
    this.wire = new Wire(target.baseUrl(), timeout);
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

  /** Counts the spec-derived negative cases run for one operation against the constraints it has. */
  public synchronized void countNegative(int cases, int constraints) {
    negativeCases += cases;
    negativeConstraints += constraints;
  }

  public synchronized int negativeCases() {
    return negativeCases;
  }

  public synchronized int negativeConstraints() {
    return negativeConstraints;
  }

  @Override
  public synchronized void close() {
    if (receiver != null) {
      receiver.close();
    }
  }
}
