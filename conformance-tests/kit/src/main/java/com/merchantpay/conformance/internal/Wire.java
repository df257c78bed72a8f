package com.merchantpay.conformance.internal;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.net.ssl.SSLException;

/**
 * Sends raw HTTP requests and returns every exchange, answered or not. HTTP/1.1 only and no
 * redirects followed: the kit judges exactly what the implementation answers. One is shared by a
 * whole run, and keeps to the run's rate limit whatever thread calls.
 */
final class Wire {
  /** How the transport error of a call that got no answer within the timeout starts. */
  static final String TIMED_OUT = "no answer within";

  /** The transport error of a call cut short because the run's budget ran out while it waited. */
  static final String BUDGET_SPENT = "no answer before the run's budget ran out";

  /**
   * The most of an answer's body the kit reads: far more than any list page the documents allow,
   * and little enough that a run's workers, each reading this much at once, fit in a small heap.
   */
  static final int MOST_READ = 8 * 1024 * 1024;

  /**
   * The most of all answers being read at once the kit holds: the answers of sixteen calls at their
   * largest, however many calls are in flight, and never more than a quarter of the heap, which the
   * HTTP client's own buffers and the copies a finished answer makes share with them.
   */
  static final long MOST_READ_AT_ONCE =
      Math.min(16L * MOST_READ, Runtime.getRuntime().maxMemory() / 4);

  private final BoundedBody.InFlight inFlight = new BoundedBody.InFlight(MOST_READ_AT_ONCE);

  /**
   * Ends the wait for an answer's body when the call's time is up: one thread for every run in the
   * JVM, which sleeps until the nearest deadline; a call answered in time takes its deadline off.
   */
  private static final ScheduledThreadPoolExecutor WATCH = watch();

  private static ScheduledThreadPoolExecutor watch() {
    ScheduledThreadPoolExecutor watch =
        new ScheduledThreadPoolExecutor(
            1,
            task -> {
              Thread thread = new Thread(task, "merchantpay-conformance-deadlines");
              thread.setDaemon(true);
              return thread;
            });
    watch.setRemoveOnCancelPolicy(true);
    return watch;
  }

  /** The exceptions HttpClient.send wraps the failure of an exchange in. */
  private static final Set<Class<?>> WRAPPERS =
      Set.of(IOException.class, IllegalArgumentException.class, SecurityException.class);

  private static final Set<String> RESTRICTED =
      Set.of("connection", "content-length", "expect", "host", "upgrade");

  private final URI base;
  private final Duration timeout;
  private final java.util.function.Supplier<Duration> left;
  private final HttpClient http;
  private final long spacingNanos;
  private long nextSlot;

  /**
   * @param rate calls per second at most, across every thread of the run; 0 for no limit
   */
  public Wire(URI base, Duration timeout, double rate) {
    this(base, timeout, rate, null);
  }

  /**
   * @param rate calls per second at most, across every thread of the run; 0 for no limit
   * @param tls the TLS settings of an https target, or null for the JDK's own
   */
  public Wire(URI base, Duration timeout, double rate, javax.net.ssl.SSLContext tls) {
    this(base, timeout, rate, tls, () -> timeout);
  }

  /**
   * @param left what is left of the run's budget, read before each call: no call waits past it
   */
  Wire(
      URI base,
      Duration timeout,
      double rate,
      javax.net.ssl.SSLContext tls,
      java.util.function.Supplier<Duration> left) {
    this.base = base;
    this.timeout = timeout;
    this.left = left;
    this.spacingNanos = rate > 0 ? (long) (1_000_000_000L / rate) : 0;
    HttpClient.Builder client =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .followRedirects(HttpClient.Redirect.NEVER)
            .connectTimeout(timeout);
    if (tls != null) {
      client.sslContext(tls);
    }
    this.http = client.build();
  }

  public URI base() {
    return base;
  }

  /** Sends a call; the path may carry a query. Headers go out as given (a null body sends none). */
  public Exchange send(
      String method, String pathAndQuery, Map<String, String> headers, byte[] body) {
    return sendTo(URI.create(stripSlash(base.toString()) + pathAndQuery), method, headers, body);
  }

  /** Sends a call to an absolute URL, such as a hosted page the implementation named. */
  public Exchange sendTo(URI uri, String method, Map<String, String> headers, byte[] body) {
    if (!awaitSlot()) {
      return unanswered(method, uri, Map.of(), body, System.nanoTime(), "interrupted");
    }
    Duration budgetLeft = left.get();
    boolean cutByBudget = budgetLeft.compareTo(timeout) < 0;
    Duration wait = cutByBudget ? Duration.ofMillis(Math.max(1, budgetLeft.toMillis())) : timeout;
    HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(wait);
    Map<String, List<String>> sent = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    headers.forEach(
        (name, value) -> {
          if (!RESTRICTED.contains(name.toLowerCase(Locale.ROOT))) {
            request.header(name, value);
            sent.put(name, List.of(value));
          }
        });
    request.method(
        method,
        body == null
            ? HttpRequest.BodyPublishers.noBody()
            : HttpRequest.BodyPublishers.ofByteArray(body));
    long started = System.nanoTime();
    Exchange exchange;
    BoundedBody.Reading reading = BoundedBody.handler(MOST_READ, inFlight);
    // The timeout covers the whole answer: a target trickling its body is cut off as one that
    // never answered. The request's own timeout ends the wait for the headers; the watch ends the
    // body's. The call is sent and waited for on this thread: the HTTP client's sendAsync hands
    // every answer to the default executor of CompletableFuture, which on a machine of two cores
    // or fewer is a new thread per answer.
    AtomicBoolean watchFired = new AtomicBoolean();
    ScheduledFuture<?> watch =
        WATCH.schedule(
            () -> {
              watchFired.set(true);
              reading.abandon();
            },
            wait.toMillis(),
            TimeUnit.MILLISECONDS);
    try {
      HttpResponse<byte[]> response = http.send(request.build(), reading);
      Map<String, List<String>> received = new LinkedHashMap<>();
      response
          .headers()
          .map()
          .forEach(
              (name, values) -> {
                if (!name.startsWith(":")) {
                  received.put(name, values);
                }
              });
      exchange =
          new Exchange(
              method,
              uri,
              sent,
              body == null ? new byte[0] : body,
              response.statusCode(),
              received,
              response.body(),
              millisSince(started),
              null);
    } catch (IOException | RuntimeException failed) {
      exchange =
          unanswered(
              method,
              uri,
              sent,
              body,
              started,
              watchFired.get()
                  ? timedOut(cutByBudget, ", body included")
                  : why(failed, cutByBudget));
    } catch (InterruptedException e) {
      reading.abandon();
      Thread.currentThread().interrupt();
      exchange = unanswered(method, uri, sent, body, started, "interrupted");
    } finally {
      watch.cancel(false);
    }
    return exchange;
  }

  /** The transport error of a call its deadline ended: the run's budget, or the call's timeout. */
  private String timedOut(boolean cutByBudget, String detail) {
    return cutByBudget ? BUDGET_SPENT : TIMED_OUT + " " + timeout.toSeconds() + " s" + detail;
  }

  /** The transport error of a call that failed before its whole answer arrived. */
  private String why(Exception failed, boolean cutByBudget) {
    // The client rethrows what failed the exchange wrapped in an exception of its own: an
    // IOException, or an IllegalArgumentException or SecurityException (a Content-Length that is
    // no number fails the body's subscriber with a NumberFormatException).
    Throwable cause =
        WRAPPERS.contains(failed.getClass()) && failed.getCause() != null
            ? failed.getCause()
            : failed;
    if (cause instanceof BoundedBody.TooLarge large) {
      return large.getMessage();
    }
    if (cause instanceof HttpTimeoutException) {
      return timedOut(cutByBudget, "");
    }
    SSLException tls = cause instanceof IOException ? tlsFailure(cause) : null;
    return tls != null
        ? handshakeFailed(tls)
        : cause.getClass().getSimpleName()
            + (cause.getMessage() == null ? "" : ": " + cause.getMessage());
  }

  private static SSLException tlsFailure(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof SSLException tls) {
        return tls;
      }
    }
    return null;
  }

  /** What a refused TLS handshake means for the user: which option to give. */
  static String handshakeFailed(SSLException e) {
    String message = String.valueOf(e.getMessage());
    String cause;
    if (message.contains("PKIX") || message.contains("certification path")) {
      cause =
          "the target's certificate is not trusted: give the certificate of its CA with --ca-cert";
    } else if (message.contains("bad_certificate") || message.contains("certificate_required")) {
      cause =
          "the target asks for a client certificate: give one with --client-cert and --client-key";
    } else if (message.contains("unrecognized SSL message")) {
      cause = "the target does not speak TLS on this port (is its base URL http?)";
    } else if (message.contains("No subject alternative")) {
      cause = "the target's certificate is not for the host of the base URL";
    } else {
      cause = "the TLS settings of the target and the kit do not meet";
    }
    return "TLS handshake failed, " + cause + " (" + message + ")";
  }

  /** Waits for this call's turn under the rate limit; false when interrupted. */
  private boolean awaitSlot() {
    if (spacingNanos == 0) {
      return true;
    }
    long wait;
    synchronized (this) {
      long now = System.nanoTime();
      nextSlot = Math.max(nextSlot, now);
      wait = nextSlot - now;
      nextSlot += spacingNanos;
    }
    if (wait > 0) {
      try {
        Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return false;
      }
    }
    return true;
  }

  private static Exchange unanswered(
      String method,
      URI uri,
      Map<String, List<String>> sent,
      byte[] body,
      long started,
      String error) {
    return new Exchange(
        method,
        uri,
        sent,
        body == null ? new byte[0] : body,
        0,
        Map.of(),
        new byte[0],
        millisSince(started),
        error);
  }

  private static long millisSince(long started) {
    return (System.nanoTime() - started) / 1_000_000;
  }

  private static String stripSlash(String text) {
    return text.endsWith("/") ? text.substring(0, text.length() - 1) : text;
  }
}
