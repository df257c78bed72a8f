package com.merchantpay.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import com.merchantpay.sandbox.internal.server.SandboxServer;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;

/**
 * The callbacks a running sandbox sent to the application, each with its delivery attempts, and a
 * way to send one again (as a service's dashboard does), for testing an application's notification
 * handling.
 *
 * @see Sandbox#notifications()
 */
public final class Notifications {
  private static final Duration IDLE_WAIT = Duration.ofSeconds(15);

  /** One attempt to deliver a callback. */
  public record Attempt(
      int number, Instant time, Integer status, String error, boolean acknowledged) {}

  /**
   * A callback: what it was about, where it went, its JSON body, and every attempt to deliver it.
   *
   * @param redeliveryOf the delivery this one repeats, or null
   */
  public record Sent(
      String deliveryId,
      String redeliveryOf,
      String event,
      String resourceId,
      String url,
      String body,
      List<Attempt> attempts) {

    /** Whether an attempt was answered with a 2xx. */
    public boolean delivered() {
      return attempts.stream().anyMatch(Attempt::acknowledged);
    }
  }

  private final SandboxServer server;

  Notifications(SandboxServer server) {
    this.server = server;
  }

  /**
   * Every callback sent (the newest 10,000 attempts), oldest first, once the attempts due now were
   * made.
   */
  public List<Sent> sent() {
    JsonNode log;
    try {
      log = server.callbacksSent(IDLE_WAIT);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for callbacks to be attempted", e);
    }
    Map<String, List<JsonNode>> byDelivery = new LinkedHashMap<>();
    for (JsonNode attempt : log) {
      byDelivery
          .computeIfAbsent(attempt.path("deliveryId").asText(), k -> new ArrayList<>())
          .add(attempt);
    }
    List<Sent> sent = new ArrayList<>();
    byDelivery.forEach(
        (id, attempts) -> {
          JsonNode first = attempts.get(0);
          sent.add(
              new Sent(
                  id,
                  first.hasNonNull("redeliveryOf") ? first.get("redeliveryOf").asText() : null,
                  first.path("event").asText(),
                  first.path("resourceId").asText(),
                  first.path("url").asText(),
                  first.path("body").toString(),
                  attempts.stream()
                      .map(
                          a ->
                              new Attempt(
                                  a.path("attempt").asInt(),
                                  Instant.parse(a.path("time").asText()),
                                  a.hasNonNull("status") ? a.get("status").asInt() : null,
                                  a.hasNonNull("error") ? a.get("error").asText() : null,
                                  a.path("acknowledged").asBoolean()))
                      .toList()));
        });
    return sent;
  }

  /** The callbacks about one resource (a payment or a token), oldest first. */
  public List<Sent> about(String resourceId) {
    return sent().stream().filter(s -> s.resourceId().equals(resourceId)).toList();
  }

  /**
   * Sends a callback again, as a new delivery with the same body.
   *
   * @return the new delivery's id
   * @throws NoSuchElementException when no recent delivery has this id
   */
  public String redeliver(String deliveryId) {
    String redelivery = server.redeliverCallback(deliveryId);
    if (redelivery == null) {
      throw new NoSuchElementException("no recent callback delivery " + deliveryId);
    }
    return redelivery;
  }
}
