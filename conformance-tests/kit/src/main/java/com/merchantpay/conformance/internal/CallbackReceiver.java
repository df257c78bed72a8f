package com.merchantpay.conformance.internal;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The merchant's side of notifications: an HTTP server the kit gives out as callback URL. Each
 * inbox has its own path, keeps every request that arrived and can answer 500 to the first ones, to
 * see them sent again.
 */
final class CallbackReceiver implements AutoCloseable {
  /** A notification as it arrived. */
  public record Arrival(
      String method, Map<String, List<String>> headers, byte[] body, long atMillis) {
    public String header(String name) {
      return Exchange.header(headers, name);
    }

    public com.fasterxml.jackson.databind.JsonNode json() {
      return Json.parseOrNull(body);
    }
  }

  /** One callback URL and what arrived at it. */
  public final class Inbox {
    private final String path;
    private final AtomicInteger failuresLeft;
    private final List<Arrival> arrivals = new ArrayList<>();

    private Inbox(String path, int failFirst) {
      this.path = path;
      this.failuresLeft = new AtomicInteger(failFirst);
    }

    public String url() {
      return base + path;
    }

    public List<Arrival> arrivals() {
      synchronized (arrivals) {
        return List.copyOf(arrivals);
      }
    }

    /**
     * Waits until at least {@code count} notifications arrived or the time is up; returns what
     * arrived.
     */
    public List<Arrival> await(int count, Duration within) throws InterruptedException {
      long deadline = System.nanoTime() + within.toNanos();
      synchronized (arrivals) {
        while (arrivals.size() < count) {
          long left = deadline - System.nanoTime();
          if (left <= 0) {
            break;
          }
          arrivals.wait(Math.max(1, left / 1_000_000));
        }
        return List.copyOf(arrivals);
      }
    }

    private int arrive(Arrival arrival) {
      synchronized (arrivals) {
        arrivals.add(arrival);
        arrivals.notifyAll();
      }
      return failuresLeft.getAndDecrement() > 0 ? 500 : 200;
    }
  }

  /** The most of a notification's body the receiver reads. */
  static final int MOST_READ = 1024 * 1024;

  private final HttpServer server;
  private final String advertisedHost;
  private final String base;
  private final Map<String, Inbox> inboxes = new ConcurrentHashMap<>();
  private final AtomicInteger next = new AtomicInteger();

  /**
   * Listens on the given host (the address the implementation reaches the kit on) and a free port.
   */
  public CallbackReceiver(String host) {
    try {
      InetAddress advertised =
          host == null ? InetAddress.getLoopbackAddress() : InetAddress.getByName(host);
      // A loopback address is listened on as it is; any other may be a NAT's or a container's
      // outside address,
      // so every interface listens and that address is only given out.
      InetSocketAddress bound =
          advertised.isLoopbackAddress()
              ? new InetSocketAddress(advertised, 0)
              : new InetSocketAddress(0);
      server = HttpServer.create(bound, 64);
      this.advertisedHost = advertised.getHostAddress();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot listen for callbacks on " + host, e);
    }
    String shownHost = advertisedHost;
    this.base =
        URI.create(
                "http://"
                    + (shownHost.contains(":") ? "[" + shownHost + "]" : shownHost)
                    + ":"
                    + server.getAddress().getPort())
            .toString();
    server.setExecutor(
        Executors.newFixedThreadPool(
            4,
            task -> {
              Thread thread = new Thread(task, "merchantpay-conformance-callbacks");
              thread.setDaemon(true);
              return thread;
            }));
    server.createContext(
        "/",
        exchange -> {
          byte[] body = exchange.getRequestBody().readNBytes(MOST_READ + 1);
          if (body.length > MOST_READ) {
            // A notification is a payment's list item; more is no notification, and is not kept.
            exchange.sendResponseHeaders(413, -1);
            exchange.close();
            return;
          }
          Inbox inbox = inboxes.get(exchange.getRequestURI().getPath());
          int status = 404;
          if (inbox != null) {
            status =
                inbox.arrive(
                    new Arrival(
                        exchange.getRequestMethod(),
                        Map.copyOf(exchange.getRequestHeaders()),
                        body,
                        System.currentTimeMillis()));
          }
          exchange.sendResponseHeaders(status, -1);
          exchange.close();
        });
    server.start();
  }

  /** Every notification that arrived at any inbox so far. */
  public List<Arrival> allArrivals() {
    List<Arrival> all = new ArrayList<>();
    inboxes.values().forEach(inbox -> all.addAll(inbox.arrivals()));
    return all;
  }

  /**
   * A new callback URL, named after its owner (a check id), whose first {@code failFirst}
   * notifications are answered with HTTP 500.
   */
  public Inbox inbox(String owner, int failFirst) {
    String path =
        "/hooks/" + next.incrementAndGet() + "/" + owner.replaceAll("[^A-Za-z0-9.-]", "-");
    Inbox inbox = new Inbox(path, failFirst);
    inboxes.put(path, inbox);
    return inbox;
  }

  @Override
  public void close() {
    server.stop(0);
    ((ExecutorService) server.getExecutor()).shutdownNow();
  }
}
