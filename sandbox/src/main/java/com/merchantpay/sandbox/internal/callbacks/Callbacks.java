package com.merchantpay.sandbox.internal.callbacks;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.merchantpay.sandbox.internal.domain.IdSource;
import com.merchantpay.sandbox.internal.domain.SandboxClock;
import com.merchantpay.sandbox.internal.http.Json;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javax.net.ssl.SSLException;

/**
 * Sends notifications to merchant callback URLs. A notification is delivered until a 2xx answer or
 * until the attempt limit; after a failed attempt the next one is due after an exponentially
 * growing delay on the sandbox clock, so with a fixed clock retries happen exactly when a test
 * moves the clock. Every attempt is recorded (the newest {@link #LOG_LIMIT}, their bodies within
 * the bytes given) and can be read through the control API.
 *
 * <p>A receiver is whoever answers at a URL's scheme, host and port. Its notifications go out one
 * at a time, in the order they fell due; different receivers' go out side by side, so one that is
 * slow or never answers delays no other. An attempt is over once the answer's status line and
 * headers are in: its body is never read, so a receiver that trickles one holds nothing, and an
 * attempt as a whole takes at most {@link #CONNECT_TIMEOUT} and {@link #ATTEMPT_TIMEOUT}. What
 * failed is recorded as one of a few plain reasons, never as what the other end sent, so a callback
 * URL pointed at another local service cannot read its banner back through the log.
 */
public final class Callbacks implements AutoCloseable {
  public static final int LOG_LIMIT = 10_000;

  private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(2);
  private static final Duration ATTEMPT_TIMEOUT = Duration.ofSeconds(5);

  private static final class Delivery {
    final String id;
    final Notification notification;
    final String redeliveryOf;
    final byte[] body;
    final String receiver;
    int attempts;
    Instant due;

    Delivery(String id, Notification notification, String redeliveryOf, Instant due) {
      this.id = id;
      this.notification = notification;
      this.redeliveryOf = redeliveryOf;
      this.body = Json.bytes(notification.body());
      this.receiver = receiver(notification.url());
      this.due = due;
    }
  }

  /** An entry of the attempt log and what its body weighs. */
  private record Logged(ObjectNode entry, int bytes) {}

  /** A notification kept for redelivery and what its body weighs. */
  private record Sent(Notification notification, int bytes) {}

  private final SandboxClock clock;
  private final IdSource ids;
  private final int maxAttempts;
  private final Duration firstRetryDelay;

  /** The most the attempt log, and the notifications kept for redelivery, hold in body bytes. */
  private final long logLimit;

  private HttpClient http;
  private final List<Delivery> queue = new ArrayList<>();
  private final Deque<Logged> log = new ArrayDeque<>();
  private long logBytes;

  /** What each recent delivery sent, so it can be sent again. */
  private final LinkedHashMap<String, Sent> sent = new LinkedHashMap<>();

  private long sentBytes;

  /** Receivers with an attempt under way: their next one waits for it. */
  private final Set<String> busy = new HashSet<>();

  private final Thread dispatcher;
  private boolean closed;

  /**
   * Counts clears: an attempt that started before one belongs to forgotten state and leaves no
   * trace.
   */
  private long generation;

  public Callbacks(
      SandboxClock clock, IdSource ids, int maxAttempts, Duration firstRetryDelay, long logLimit) {
    this.clock = clock;
    this.logLimit = logLimit;
    this.ids = ids;
    this.maxAttempts = maxAttempts;
    this.firstRetryDelay = firstRetryDelay;
    this.dispatcher = new Thread(this::run, "merchantpay-sandbox-callbacks");
    this.dispatcher.setDaemon(true);
    this.dispatcher.start();
  }

  public synchronized void enqueue(List<Notification> notifications) {
    Instant now = clock.now();
    for (Notification notification : notifications) {
      Delivery delivery = new Delivery(ids.delivery(), notification, null, now);
      remember(delivery);
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
    Sent earlier = sent.get(deliveryId);
    if (earlier == null) {
      return null;
    }
    Delivery delivery =
        new Delivery(ids.delivery(), earlier.notification(), deliveryId, clock.now());
    remember(delivery);
    queue.add(delivery);
    notifyAll();
    return delivery.id;
  }

  /** Wakes the dispatcher after the clock moved, so retries that became due are sent. */
  public synchronized void clockMoved() {
    notifyAll();
  }

  /**
   * Waits until every delivery that is due now has been attempted, so a reader of the log sees the
   * attempts its previous calls caused. Deliveries due later (retries) do not count.
   */
  public synchronized void awaitIdle(Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!busy.isEmpty() || anyDue()) {
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        return;
      }
      wait(Math.max(1, left / 1_000_000));
    }
  }

  public synchronized ArrayNode log(String resourceId) {
    ArrayNode out = Json.array();
    for (Logged logged : log) {
      ObjectNode entry = logged.entry();
      if (resourceId == null || resourceId.equals(entry.path("resourceId").asText())) {
        out.add(entry.deepCopy());
      }
    }
    return out;
  }

  public synchronized void clear() {
    queue.clear();
    log.clear();
    logBytes = 0;
    sent.clear();
    sentBytes = 0;
    generation++;
    notifyAll();
  }

  @Override
  public void close() {
    synchronized (this) {
      closed = true;
      notifyAll();
    }
    dispatcher.interrupt();
  }

  public synchronized int logSize() {
    return log.size();
  }

  public synchronized int pending() {
    return queue.size();
  }

  private void remember(Delivery delivery) {
    sent.put(delivery.id, new Sent(delivery.notification, delivery.body.length));
    sentBytes += delivery.body.length;
    Iterator<Sent> oldest = sent.values().iterator();
    while (sent.size() > 1 && (sent.size() > LOG_LIMIT || sentBytes > logLimit)) {
      sentBytes -= oldest.next().bytes();
      oldest.remove();
    }
  }

  private boolean anyDue() {
    Instant now = clock.now();
    for (Delivery delivery : queue) {
      if (!delivery.due.isAfter(now)) {
        return true;
      }
    }
    return false;
  }

  /** The first delivery due whose receiver has no attempt under way. */
  private Delivery nextSendable() {
    Instant now = clock.now();
    Set<String> waiting = new HashSet<>();
    for (Delivery delivery : queue) {
      if (delivery.due.isAfter(now)) {
        continue; // a retry not yet due holds nothing up, as a single sender would not wait for it
      }
      if (!busy.contains(delivery.receiver) && !waiting.contains(delivery.receiver)) {
        return delivery;
      }
      // A receiver's later notification never overtakes its earlier one.
      waiting.add(delivery.receiver);
    }
    return null;
  }

  private void run() {
    while (true) {
      Delivery delivery = null;
      long startedIn;
      synchronized (this) {
        while (!closed && (delivery = nextSendable()) == null) {
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
        busy.add(delivery.receiver);
        startedIn = generation;
      }
      attempt(delivery, startedIn);
    }
  }

  private void attempt(Delivery delivery, long startedIn) {
    if (http == null) {
      // Created on first use (by the dispatcher): most sandboxes never send a callback.
      http =
          HttpClient.newBuilder()
              .version(HttpClient.Version.HTTP_1_1)
              .connectTimeout(CONNECT_TIMEOUT)
              .followRedirects(HttpClient.Redirect.NEVER)
              .build();
    }
    delivery.attempts++;
    Instant at = clock.now();
    HttpRequest request;
    try {
      request =
          HttpRequest.newBuilder(URI.create(delivery.notification.url()))
              .timeout(ATTEMPT_TIMEOUT)
              .header("Content-Type", "application/json")
              .header("User-Agent", "merchantpay-sandbox")
              .POST(HttpRequest.BodyPublishers.ofByteArray(delivery.body))
              .build();
    } catch (IllegalArgumentException e) {
      finish(delivery, startedIn, at, null, "not a URL the sandbox can call");
      return;
    }
    http.sendAsync(request, HttpResponse.BodyHandlers.ofInputStream())
        .orTimeout(
            CONNECT_TIMEOUT.plus(ATTEMPT_TIMEOUT).plusSeconds(1).toMillis(), TimeUnit.MILLISECONDS)
        .whenComplete(
            (response, failure) -> {
              if (response != null) {
                // The body is never read: closing it now ends the connection, however slowly the
                // receiver would have sent it.
                try (InputStream body = response.body()) {
                  // closed unread
                } catch (java.io.IOException e) {
                  // the status is what counts
                }
                finish(delivery, startedIn, at, response.statusCode(), null);
              } else {
                finish(delivery, startedIn, at, null, reason(failure));
              }
            });
  }

  /** Why an attempt got no answer, in words of the sandbox's own, never the peer's. */
  static String reason(Throwable failure) {
    Throwable cause =
        failure instanceof CompletionException && failure.getCause() != null
            ? failure.getCause()
            : failure;
    if (cause instanceof HttpConnectTimeoutException) {
      return "no connection within " + CONNECT_TIMEOUT.toSeconds() + " s";
    }
    if (cause instanceof HttpTimeoutException || cause instanceof TimeoutException) {
      return "no answer within " + ATTEMPT_TIMEOUT.toSeconds() + " s";
    }
    if (cause instanceof ConnectException) {
      return "connection refused";
    }
    if (cause instanceof SSLException) {
      return "TLS handshake failed";
    }
    if (cause instanceof InterruptedException) {
      return "interrupted";
    }
    return "the connection ended without an HTTP answer";
  }

  private void finish(Delivery delivery, long startedIn, Instant at, Integer status, String error) {
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
      busy.remove(delivery.receiver);
      notifyAll();
      if (startedIn != generation) {
        return; // cleared (reset) while this attempt ran
      }
      log.addLast(new Logged(entry, delivery.body.length));
      logBytes += delivery.body.length;
      while (log.size() > 1 && (log.size() > LOG_LIMIT || logBytes > logLimit)) {
        logBytes -= log.removeFirst().bytes();
      }
      if (retry && !closed) {
        delivery.due = next;
        queue.add(delivery);
      }
    }
  }

  /** Who answers at a URL: its scheme, host and port; the URL itself when it names none. */
  private static String receiver(String url) {
    try {
      URI uri = URI.create(url);
      if (uri.getHost() != null) {
        return uri.getScheme().toLowerCase(Locale.ROOT)
            + "://"
            + uri.getHost().toLowerCase(Locale.ROOT)
            + ":"
            + uri.getPort();
      }
    } catch (IllegalArgumentException e) {
      // an unusable URL is a receiver of its own
    }
    return url;
  }
}
