package com.merchantpay.sandbox.internal.callbacks;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.merchantpay.sandbox.internal.domain.IdSource;
import com.merchantpay.sandbox.internal.domain.SandboxClock;
import com.merchantpay.sandbox.internal.http.Json;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Sends notifications to merchant callback URLs. A notification is delivered until a 2xx answer or
 * until the attempt limit; after a failed attempt the next one is due after an exponentially
 * growing delay on the sandbox clock, so with a fixed clock retries happen exactly when a test
 * moves the clock. Every attempt is recorded (the newest {@link #LOG_LIMIT}) and can be read
 * through the control API. One worker thread sends, in the order notifications fell due.
 */
public final class Callbacks implements AutoCloseable {
  public static final int LOG_LIMIT = 10_000;
  private static final Duration ATTEMPT_TIMEOUT = Duration.ofSeconds(5);

  private static final class Delivery {
    final String id;
    final Notification notification;
    final String redeliveryOf;
    final byte[] body;
    int attempts;
    Instant due;

    Delivery(String id, Notification notification, String redeliveryOf, Instant due) {
      this.id = id;
      this.notification = notification;
      this.redeliveryOf = redeliveryOf;
      this.body = Json.bytes(notification.body());
      this.due = due;
    }
  }

  private final SandboxClock clock;
  private final IdSource ids;
  private final int maxAttempts;
  private final Duration firstRetryDelay;
  private HttpClient http;
  private final List<Delivery> queue = new ArrayList<>();
  private final Deque<ObjectNode> log = new ArrayDeque<>();

  /** What each recent delivery sent, so it can be sent again. */
  private final Map<String, Notification> sent =
      new LinkedHashMap<>() {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Notification> eldest) {
          return size() > LOG_LIMIT;
        }
      };

  private final Thread worker;
  private boolean sending;
  private boolean closed;

  /**
   * Counts clears: an attempt that started before one belongs to forgotten state and leaves no
   * trace.
   */
  private long generation;

  public Callbacks(SandboxClock clock, IdSource ids, int maxAttempts, Duration firstRetryDelay) {
    this.clock = clock;
    this.ids = ids;
    this.maxAttempts = maxAttempts;
    this.firstRetryDelay = firstRetryDelay;
    this.worker = new Thread(this::run, "merchantpay-sandbox-callbacks");
    this.worker.setDaemon(true);
    this.worker.start();
  }

  public synchronized void enqueue(List<Notification> notifications) {
    Instant now = clock.now();
    for (Notification notification : notifications) {
      Delivery delivery = new Delivery(ids.delivery(), notification, null, now);
      sent.put(delivery.id, notification);
      queue.add(delivery);
    }
    notifyAll();
  }

  /**
   * Sends a delivery's notification again, as a new delivery with the same body.
   *
   * @return the new delivery's id, or null when no recent delivery has this id
   */
  public synchronized String redeliver(String deliveryId) {
    Notification notification = sent.get(deliveryId);
    if (notification == null) {
      return null;
    }
    Delivery delivery = new Delivery(ids.delivery(), notification, deliveryId, clock.now());
    sent.put(delivery.id, notification);
    queue.add(delivery);
    notifyAll();
    return delivery.id;
  }

  /** Wakes the worker after the clock moved, so retries that became due are sent. */
  public synchronized void clockMoved() {
    notifyAll();
  }

  /**
   * Waits until every delivery that is due now has been attempted, so a reader of the log sees the
   * attempts its previous calls caused. Deliveries due later (retries) do not count.
   */
  public synchronized void awaitIdle(Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (sending || nextDue() != null) {
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        return;
      }
      wait(Math.max(1, left / 1_000_000));
    }
  }

  public synchronized ArrayNode log(String resourceId) {
    ArrayNode out = Json.array();
    for (ObjectNode entry : log) {
      if (resourceId == null || resourceId.equals(entry.path("resourceId").asText())) {
        out.add(entry.deepCopy());
      }
    }
    return out;
  }

  public synchronized void clear() {
    queue.clear();
    log.clear();
    sent.clear();
    generation++;
  }

  @Override
  public void close() {
    synchronized (this) {
      closed = true;
      notifyAll();
    }
    worker.interrupt();
  }

  private Delivery nextDue() {
    Instant now = clock.now();
    for (Delivery delivery : queue) {
      if (!delivery.due.isAfter(now)) {
        return delivery;
      }
    }
    return null;
  }

  private void run() {
    while (true) {
      Delivery delivery = null;
      long startedIn;
      synchronized (this) {
        while (!closed && (delivery = nextDue()) == null) {
          try {
            // A running clock makes retries due without anyone calling; look again shortly.
            wait(clock.isFixed() ? 0 : 200);
          } catch (InterruptedException e) {
            return;
          }
        }
        if (closed) {
          return;
        }
        queue.remove(delivery);
        sending = true;
        startedIn = generation;
      }
      attempt(delivery, startedIn);
      synchronized (this) {
        sending = false;
        notifyAll();
      }
    }
  }

  private void attempt(Delivery delivery, long startedIn) {
    if (http == null) {
      // Created on first use (by the single worker thread): most sandboxes never send a callback.
      http =
          HttpClient.newBuilder()
              .version(HttpClient.Version.HTTP_1_1)
              .connectTimeout(Duration.ofSeconds(2))
              .followRedirects(HttpClient.Redirect.NEVER)
              .build();
    }
    delivery.attempts++;
    Instant at = clock.now();
    Integer status = null;
    String error = null;
    try {
      HttpRequest request =
          HttpRequest.newBuilder(URI.create(delivery.notification.url()))
              .timeout(ATTEMPT_TIMEOUT)
              .header("Content-Type", "application/json")
              .header("User-Agent", "merchantpay-sandbox")
              .POST(HttpRequest.BodyPublishers.ofByteArray(delivery.body))
              .build();
      status = http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      error = "interrupted";
    } catch (Exception e) {
      error = e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
    }
    boolean acknowledged = status != null && status >= 200 && status < 300;
    boolean retry = !acknowledged && delivery.attempts < maxAttempts;
    Instant next =
        retry ? at.plus(firstRetryDelay.multipliedBy(1L << (delivery.attempts - 1))) : null;
    ObjectNode entry = Json.object();
    entry.put("deliveryId", delivery.id);
    if (delivery.redeliveryOf != null) {
      entry.put("redeliveryOf", delivery.redeliveryOf);
    }
    entry.put("event", delivery.notification.event());
    entry.put("resourceId", delivery.notification.resourceId());
    entry.put("url", delivery.notification.url());
    entry.put("attempt", delivery.attempts);
    entry.put("time", Json.time(at));
    if (status != null) {
      entry.put("status", status);
    } else {
      entry.putNull("status");
    }
    if (error != null) {
      entry.put("error", error);
    }
    entry.put("acknowledged", acknowledged);
    if (next != null) {
      entry.put("nextAttempt", Json.time(next));
    }
    entry.set("body", delivery.notification.body().deepCopy());
    synchronized (this) {
      if (startedIn != generation) {
        return; // cleared (reset) while this attempt ran
      }
      log.addLast(entry);
      while (log.size() > LOG_LIMIT) {
        log.removeFirst();
      }
      if (retry && !closed) {
        delivery.due = next;
        queue.add(delivery);
      }
    }
  }

  public synchronized int logSize() {
    return log.size();
  }

  public synchronized int pending() {
    return queue.size();
  }
}
