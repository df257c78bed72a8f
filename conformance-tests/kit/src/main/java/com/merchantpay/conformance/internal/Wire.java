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
import javax.net.ssl.SSLException;

/**
 * Sends raw HTTP requests and returns every exchange, answered or not. HTTP/1.1 only and no
 * redirects followed: the kit judges exactly what the implementation answers. One is shared by a
 * whole run, and keeps to the run's rate limit whatever thread calls.
 */
public final class Wire {
  /** How the transport error of a call that got no answer within the timeout starts. */
  static final String TIMED_OUT = "no answer within";

  private static final Set<String> RESTRICTED =
      Set.of("connection", "content-length", "expect", "host", "upgrade");

  private final URI base;
  private final Duration timeout;
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
    this.base = base;
    this.timeout = timeout;
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
    HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(timeout);
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
    try {
      HttpResponse<byte[]> response =
          http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
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
    } catch (HttpTimeoutException e) {
      exchange =
          unanswered(
              method, uri, sent, body, started, TIMED_OUT + " " + timeout.toSeconds() + " s");
    } catch (IOException e) {
      SSLException tls = tlsFailure(e);
      exchange =
          unanswered(
              method,
              uri,
              sent,
              body,
              started,
              tls != null
                  ? handshakeFailed(tls)
                  : e.getClass().getSimpleName()
                      + (e.getMessage() == null ? "" : ": " + e.getMessage()));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      exchange = unanswered(method, uri, sent, body, started, "interrupted");
    }
    return exchange;
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
