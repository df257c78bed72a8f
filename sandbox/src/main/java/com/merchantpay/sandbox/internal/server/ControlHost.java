package com.merchantpay.sandbox.internal.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.merchantpay.sandbox.internal.callbacks.Callbacks;
import com.merchantpay.sandbox.internal.control.ControlApi;
import com.merchantpay.sandbox.internal.domain.Core;
import com.merchantpay.sandbox.internal.domain.SandboxClock;
import com.merchantpay.sandbox.internal.faults.FaultRules;
import com.merchantpay.sandbox.internal.http.ApiError;
import com.merchantpay.sandbox.internal.http.Json;
import com.merchantpay.sandbox.internal.pact.PactProviderStates;
import com.merchantpay.sandbox.internal.tls.TlsMaterial;
import com.merchantpay.sandbox.internal.v1.NonceMemory;
import com.merchantpay.sandbox.internal.v2.Idempotency;
import com.merchantpay.sandbox.internal.v2.RuntimeOptions;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the control API (and the public {@code Sandbox} through {@link SandboxServer}) does to a
 * running sandbox as a whole: its clock, a reset, callbacks, the journal and its bookkeeping. Kept
 * apart from the server, which only wires the parts and dispatches calls.
 */
final class ControlHost implements ControlApi.Host {
  private final SandboxClock clock;
  private final Core core;
  private final Callbacks callbacks;
  private final Idempotency idempotency;
  private final NonceMemory nonces;
  private final CallJournal journal;
  private final FaultRules faults;
  private final RuntimeOptions options;
  private final TlsMaterial tls;
  private final PactProviderStates pactStates;
  private final String baseUrl;
  private final String httpsBaseUrl;

  /**
   * @param tls what the sandbox serves HTTPS with, or null
   * @param httpsBaseUrl where it serves HTTPS, or null
   */
  ControlHost(
      SandboxClock clock,
      Core core,
      Callbacks callbacks,
      Idempotency idempotency,
      NonceMemory nonces,
      CallJournal journal,
      FaultRules faults,
      RuntimeOptions options,
      TlsMaterial tls,
      PactProviderStates pactStates,
      String baseUrl,
      String httpsBaseUrl) {
    this.clock = clock;
    this.core = core;
    this.callbacks = callbacks;
    this.idempotency = idempotency;
    this.nonces = nonces;
    this.journal = journal;
    this.faults = faults;
    this.options = options;
    this.tls = tls;
    this.pactStates = pactStates;
    this.baseUrl = baseUrl;
    this.httpsBaseUrl = httpsBaseUrl;
  }

  @Override
  public String baseUrl() {
    return baseUrl;
  }

  @Override
  public String httpsBaseUrl() {
    return httpsBaseUrl;
  }

  @Override
  public String trustedCertificatePem() {
    return tls == null ? null : tls.trustedCertificatePem();
  }

  @Override
  public boolean clientCertificateRequired() {
    return tls != null && tls.clientCertificateRequired();
  }

  @Override
  public ObjectNode providerState(JsonNode change) throws InterruptedException {
    return pactStates.handle(change);
  }

  @Override
  public Instant now() {
    return clock.now();
  }

  @Override
  public boolean clockIsFixed() {
    return clock.isFixed();
  }

  /**
   * Moves the clock, settles what became due and waits until the callbacks that fell due were
   * attempted.
   */
  @Override
  public Instant advance(Duration by) {
    Instant now = clock.advance(by);
    core.settleDue();
    callbacks.clockMoved();
    try {
      callbacks.awaitIdle(Duration.ofSeconds(15));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return now;
  }

  /**
   * Forgets every resource, key, nonce and delivery, and puts the clock back to the start;
   * identifiers go on, never given twice.
   */
  @Override
  public void reset() {
    try {
      callbacks.awaitIdle(Duration.ofSeconds(5));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    core.clear(
        () -> {
          clock.reset();
          idempotency.clear();
          nonces.clear();
          callbacks.clear();
          journal.clear();
          faults.clear();
          options.reset();
        });
  }

  @Override
  public ArrayNode callbackLog(String resourceId, Duration wait) throws InterruptedException {
    callbacks.awaitIdle(wait);
    return callbacks.log(resourceId);
  }

  @Override
  public ArrayNode journalView() {
    return journal.view();
  }

  /** Reads a pattern written as JSON over the journal; given by the public API, which owns both. */
  private volatile java.util.function.BiFunction<CallJournal, JsonNode, ObjectNode> requestFinder;

  void requestFinder(java.util.function.BiFunction<CallJournal, JsonNode, ObjectNode> finder) {
    this.requestFinder = finder;
  }

  @Override
  public ObjectNode findRequests(JsonNode pattern) {
    java.util.function.BiFunction<CallJournal, JsonNode, ObjectNode> finder = requestFinder;
    if (finder == null) {
      throw new IllegalStateException("the journal's search is not set up for this server");
    }
    return finder.apply(journal, pattern);
  }

  @Override
  public ObjectNode redeliver(String deliveryId) {
    String redelivery = callbacks.redeliver(deliveryId);
    if (redelivery == null) {
      throw ApiError.notFound("No recent callback delivery " + deliveryId + ".");
    }
    ObjectNode answer = Json.object();
    answer.put("deliveryId", redelivery);
    answer.put("redeliveryOf", deliveryId);
    return answer;
  }

  @Override
  public Map<String, Long> bookkeeping() {
    Map<String, Long> counts = new LinkedHashMap<>();
    counts.put("idempotencyKeys", (long) idempotency.size());
    counts.put("idempotencyKeyCapacity", (long) Idempotency.CAPACITY);
    counts.put("callbackDeliveriesWaiting", (long) callbacks.pending());
    counts.put("callbackLogEntries", (long) callbacks.logSize());
    counts.put("journalEntries", (long) journal.size());
    counts.put("faultRules", (long) faults.size());
    counts.put("v1NoncesRemembered", nonces.size());
    return counts;
  }
}
