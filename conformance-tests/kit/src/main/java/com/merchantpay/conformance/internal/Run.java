package com.merchantpay.conformance.internal;

import com.merchantpay.conformance.target.Profile;
import com.merchantpay.conformance.target.Target;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * What the checks of one run share: the target and its profile, one HTTP client, the ledger of
 * every exchange, the callback receiver (started on first use), fixtures that several checks read
 * (made once), and the pool that runs the independent calls within a check (the negative cases of
 * an operation, say) side by side.
 */
public final class Run implements AutoCloseable {
  /** Unanswered calls in one suite after which the target counts as stalled there. */
  public static final int STALLED_AFTER = RunLimits.STALLED_AFTER;

  /**
   * How a run goes.
   *
   * @param timeout how long one call may take
   * @param budget how long the whole run may take
   * @param strict whether our specs' reading of every open point is required
   * @param workers how many calls go out at once, at most, within one check
   * @param rate calls per second across the run, at most; 0 for no limit
   */
  public record Settings(
      Duration timeout, Duration budget, boolean strict, int workers, double rate) {
    /** One call at a time, no limit of rate: set-up work outside a run of checks. */
    public static Settings sequential(Duration timeout) {
      return new Settings(timeout, Duration.ofHours(1), false, 1, 0);
    }
  }

  private final Target target;
  private final Profile profile;
  private final Settings settings;
  private final Wire wire;
  private final WireLedger ledger;
  private final RunFacts facts;
  private final String runId = UUID.randomUUID().toString().substring(0, 8);
  private final AtomicLong sequence = new AtomicLong();
  private final Map<String, FutureTask<Object>> shared = new ConcurrentHashMap<>();
  private final RunLimits limits;
  private final Set<String> uncatalogued = ConcurrentHashMap.newKeySet();
  private final NegativeCoverage negativeCoverage = new NegativeCoverage();
  private final ExecutorService calls;

  /**
   * Independent calls of the checks in flight at once, per worker. Over a network the run waits on
   * round trips, not on work: with one call per worker the checks that break a body a hundred ways
   * queued behind each other for most of a run at 120 ms an answer.
   */
  public static final int CALLS_PER_WORKER = 4;

  private final AtomicInteger slowdowns = new AtomicInteger();
  private final AtomicLong slowdownMillis = new AtomicLong();

  /** Whether the target refuses a v1 list call that leaves out a filter it does not use. */
  private final java.util.concurrent.atomic.AtomicBoolean v1FiltersSentEmpty =
      new java.util.concurrent.atomic.AtomicBoolean();

  /** How far the checks of this run moved the target's clock, in all. */
  private final AtomicLong clockMovedMillis = new AtomicLong();

  private CallbackReceiver receiver;

  /** A run for set-up work (the pact verifier's provider states): one call at a time. */
  public Run(Target target, Profile profile, Duration timeout) {
    this(target, profile, Settings.sequential(timeout));
  }

  public Run(Target target, Profile profile, Settings settings) {
    this.target = target;
    this.profile = profile;
    this.settings = settings;
    this.limits = new RunLimits(settings.budget());
    this.wire =
        new Wire(
            target.baseUrl(), settings.timeout(), settings.rate(), target.tls(), limits::remaining);
    Map<String, String> merchants = new java.util.HashMap<>();
    if (target.bearerToken() != null && target.merchantId() != null) {
      merchants.put(target.bearerToken(), target.merchantId());
    }
    if (target.otherBearerToken() != null && target.otherMerchantId() != null) {
      merchants.put(target.otherBearerToken(), target.otherMerchantId());
    }
    this.facts = new RunFacts(merchants, target.merchantId());
    this.ledger = new WireLedger(profile.cardNumbers(), facts);
    this.calls =
        settings.workers() <= 1
            ? null
            : Executors.newFixedThreadPool(
                settings.workers() * CALLS_PER_WORKER,
                task -> {
                  Thread thread = new Thread(task, "merchantpay-conformance-call");
                  thread.setDaemon(true);
                  return thread;
                });
  }

  public boolean strict() {
    return settings.strict();
  }

  /** How many checks, or histories, go at once. */
  int workers() {
    return settings.workers();
  }

  /** The part of {@link #unique} values that is this run's own. */
  String runId() {
    return runId;
  }

  RunLimits limits() {
    return limits;
  }

  /**
   * Notes a check citing a rule the catalogue does not list it for: a slip of the kit, found by its
   * tests.
   */
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

  /**
   * The path of the base URL without its trailing slash ({@code /pay} for {@code
   * https://host/pay/}).
   */
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

  /** What the whole run was shown, resource by resource, for the invariants. */
  RunFacts facts() {
    return facts;
  }

  /** A value unique to this run and call, for order numbers, nonces and idempotency keys. */
  public String unique(String prefix) {
    return prefix + "-" + runId + "-" + sequence.incrementAndGet();
  }

  /** Notes that the target asked the kit to slow down (429 or 503) and the kit waited this long. */
  void sloweddown(Duration waited) {
    slowdowns.incrementAndGet();
    slowdownMillis.addAndGet(waited.toMillis());
  }

  /** How often the target asked the kit to slow down, and how long the kit waited in all. */
  public int slowdowns() {
    return slowdowns.get();
  }

  public long slowdownMillis() {
    return slowdownMillis.get();
  }

  /**
   * Runs independent pieces of one check side by side (one after another with a single worker) and
   * returns their results in the order given. A piece that fails makes the whole fail, as the first
   * such piece did.
   */
  public <T> List<T> parallel(List<Callable<T>> pieces) throws Exception {
    List<T> results = new ArrayList<>();
    if (calls == null || pieces.size() < 2) {
      for (Callable<T> piece : pieces) {
        results.add(piece.call());
      }
      return results;
    }
    List<Future<T>> futures = new ArrayList<>();
    pieces.forEach(piece -> futures.add(calls.submit(piece)));
    try {
      for (Future<T> future : futures) {
        results.add(future.get());
      }
    } catch (ExecutionException e) {
      futures.forEach(future -> future.cancel(true));
      if (e.getCause() instanceof Exception cause) {
        throw cause;
      }
      throw e;
    }
    return results;
  }

  public synchronized boolean hasReceiver() {
    return receiver != null;
  }

  public synchronized CallbackReceiver receiver() {
    if (receiver == null) {
      receiver = new CallbackReceiver(profile.callbackHost());
    }
    return receiver;
  }

  /**
   * A fixture made once per run, the first time a check asks for it; checks only read it. Checks
   * that ask for another fixture meanwhile do not wait for this one.
   */
  @SuppressWarnings("unchecked")
  public <T> T shared(String key, Supplier<T> make) {
    FutureTask<Object> task = shared.computeIfAbsent(key, k -> new FutureTask<>(make::get));
    task.run(); // the first caller makes it; the others wait for it
    try {
      return (T) task.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while the fixture " + key + " was made", e);
    } catch (ExecutionException e) {
      shared.remove(key, task); // a later check may try again
      if (e.getCause() instanceof RuntimeException cause) {
        throw cause;
      }
      throw new IllegalStateException(e.getCause());
    }
  }

  /**
   * Held by a check from making a payment that asks for a confirmation step to taking its answer:
   * where the answer is read from the payer's side (an inbox of the codes sent to a phone), a
   * payment another check made in between would put its own code on top.
   */
  private final java.util.concurrent.locks.ReentrantLock confirmations =
      new java.util.concurrent.locks.ReentrantLock();

  /** Runs the body holding the payer's side of confirmation steps to itself. */
  void withConfirmations(Check.Body body, CheckContext context) throws Exception {
    confirmations.lockInterruptibly();
    try {
      body.run(context);
    } finally {
      confirmations.unlock();
    }
  }

  /** What the supplier makes, made holding the payer's side of confirmation steps. */
  <T> T withConfirmations(java.util.function.Supplier<T> making) {
    confirmations.lock();
    try {
      return making.get();
    } finally {
      confirmations.unlock();
    }
  }

  /** Whether v1 list calls send the filters they do not use, empty, as the target asks. */
  boolean v1FiltersSentEmpty() {
    return v1FiltersSentEmpty.get();
  }

  void sendV1FiltersEmpty() {
    v1FiltersSentEmpty.set(true);
  }

  /** Counts a move of the target's clock a check made. */
  void clockMoved(Duration by) {
    clockMovedMillis.addAndGet(by.toMillis());
  }

  /** How far this run's checks moved the target's clock so far. */
  Duration clockMoved() {
    return Duration.ofMillis(clockMovedMillis.get());
  }

  @Override
  public synchronized void close() {
    if (receiver != null) {
      receiver.close();
    }
    if (calls != null) {
      calls.shutdownNow();
    }
  }
}
