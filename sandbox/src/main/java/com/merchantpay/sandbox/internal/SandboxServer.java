package com.merchantpay.sandbox.internal;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.merchantpay.sandbox.Sandbox;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One running sandbox: the JDK HTTP server on the loopback interface with both interfaces, the hosted
 * pages and the control API on one port. Not part of the public API; {@link Sandbox} wraps it.
 */
public final class SandboxServer {
  private static final int WORKERS = 16;

  static {
    // The JDK server writes response headers and body separately; with Nagle's algorithm on, the body
    // then waits for the client's delayed ACK, about 40 ms per call. Read once per JVM when the server
    // classes load, so it is set here unless the application decided otherwise.
    if (System.getProperty("sun.net.httpserver.nodelay") == null) {
      System.setProperty("sun.net.httpserver.nodelay", "true");
    }
  }

  private final SandboxConfig config;
  private final SandboxClock clock;
  private final IdSource ids;
  private final Store store = new Store();
  private final HttpServer http;
  private final ExecutorService workers;
  private final ScheduledExecutorService ticker;
  private final Engine engine;
  private final Idempotency idempotency;
  private final NonceMemory nonces = new NonceMemory();
  private final RequestLog requests = new RequestLog();
  private final RuntimeOptions options;
  private final Callbacks callbacks;
  private final V2Api v2;
  private final V1Api v1;
  private final HostedPages pages;
  private final ControlApi control;
  private final String baseUrl;

  public SandboxServer(SandboxConfig config) {
    this.config = config;
    this.clock = new SandboxClock(config.fixedClock(), Clock.systemUTC());
    this.ids = new IdSource(config.seed());
    try {
      this.http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), config.port()), 128);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot listen on loopback port " + config.port(), e);
    }
    this.baseUrl = "http://" + InetAddress.getLoopbackAddress().getHostAddress() + ":" + http.getAddress().getPort();
    this.engine = new Engine(store, ids, baseUrl);
    this.idempotency = new Idempotency(clock);
    this.callbacks = new Callbacks(clock, ids, config.callbackMaxAttempts(), config.callbackFirstRetryDelay());
    Map<String, V1Ledger> ledgers = new LinkedHashMap<>();
    List<Sandbox.Merchant> merchants = config.merchants();
    for (int i = 0; i < merchants.size(); i++) {
      ledgers.put(merchants.get(i).id(), new V1Ledger(i, clock.epoch()));
    }
    this.options = new RuntimeOptions(config);
    this.v2 = new V2Api(config, engine, clock, idempotency, options, this::flushNotifications);
    this.v1 = new V1Api(config, engine, clock, nonces, ledgers, this::flushNotifications);
    this.pages = new HostedPages(engine, clock, this::flushNotifications);
    this.control = new ControlApi(this, config, engine, clock);
    this.workers = Executors.newFixedThreadPool(WORKERS, daemon("merchantpay-sandbox-http"));
    this.ticker = clock.isFixed() ? null : Executors.newSingleThreadScheduledExecutor(daemon("merchantpay-sandbox-clock"));
    http.createContext("/", this::dispatch);
    http.setExecutor(workers);
  }

  public void start() {
    http.start();
    // After the port is open, so the slow part of a cold start does not delay it.
    Contracts.preload();
    if (ticker != null) {
      // A running clock makes pending work due by itself; settle it a few times a second.
      ticker.scheduleWithFixedDelay(this::settleDue, 250, 250, TimeUnit.MILLISECONDS);
    }
  }

  public void stop() {
    http.stop(0);
    if (ticker != null) {
      ticker.shutdownNow();
    }
    callbacks.close();
    workers.shutdownNow();
  }

  public String baseUrl() {
    return baseUrl;
  }

  public int port() {
    return http.getAddress().getPort();
  }

  public Instant now() {
    return clock.now();
  }

  /** Moves the clock, settles what became due and waits until the callbacks that fell due were attempted. */
  public Instant advance(Duration by) {
    Instant now = clock.advance(by);
    settleDue();
    callbacks.clockMoved();
    try {
      callbacks.awaitIdle(Duration.ofSeconds(15));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return now;
  }

  /** Forgets every resource, key, nonce and delivery, and puts the clock and identifiers back to the start. */
  public void reset() {
    try {
      callbacks.awaitIdle(Duration.ofSeconds(5));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    store.lock.lock();
    try {
      store.clear();
      ids.reset();
      clock.reset();
      idempotency.clear();
      nonces.clear();
      callbacks.clear();
      requests.clear();
      options.reset();
    } finally {
      store.lock.unlock();
    }
  }

  void awaitCallbacks(Duration timeout) throws InterruptedException {
    callbacks.awaitIdle(timeout);
  }

  ArrayNode callbackLog(String resourceId) {
    return callbacks.log(resourceId);
  }

  ArrayNode requestLog() {
    return requests.view();
  }

  RuntimeOptions options() {
    return options;
  }

  /** Hands the notifications of finished changes to the sender, in the order the changes happened. */
  void flushNotifications() {
    store.lock.lock();
    try {
      List<Store.Notification> notifications = store.drainOutbox();
      if (!notifications.isEmpty()) {
        callbacks.enqueue(notifications);
      }
    } finally {
      store.lock.unlock();
    }
  }

  private void settleDue() {
    store.lock.lock();
    try {
      engine.runDue(clock.now());
    } finally {
      store.lock.unlock();
    }
    flushNotifications();
  }

  private void dispatch(HttpExchange exchange) {
    String requestId = ids.request();
    String path = exchange.getRequestURI().getRawPath();
    boolean v2Path = path.startsWith("/api/v2/");
    HttpSupport.Out out;
    HttpSupport.In in = null;
    try {
      in = HttpSupport.read(exchange);
    } catch (IllegalArgumentException e) {
      // Only reading the query can throw this: a malformed percent escape.
      out = v2Path ? ApiError.validation("query: malformed percent-encoding").response()
          : HttpSupport.Out.text(400, "text/plain; charset=utf-8", "malformed percent-encoding in the query\n");
      reply(exchange, out, requestId);
      return;
    } catch (IOException e) {
      out = v2Path ? ApiError.validation("body: larger than " + HttpSupport.MAX_BODY + " bytes, or unreadable").response()
          : HttpSupport.Out.text(413, "text/plain; charset=utf-8", "request body too large or unreadable\n");
      reply(exchange, out, requestId);
      return;
    }
    try {
      out = route(in, path);
      if (path.startsWith("/api/")) {
        requests.record(clock.now(), requestId, in.method(), path, out);
      }
    } catch (RuntimeException | Error e) {
      // Answer even a broken request, so a client is never left waiting; the trace is for whoever runs us.
      System.err.println("merchantpay-sandbox: request " + requestId + " failed: " + e);
      e.printStackTrace();
      out = HttpSupport.Out.text(500, "text/plain; charset=utf-8", "sandbox failure, request " + requestId + "\n");
    }
    reply(exchange, out, requestId);
  }

  private HttpSupport.Out route(HttpSupport.In in, String path) {
    if (path.startsWith("/api/v2/")) {
      return v2.handle(in);
    } else if (path.startsWith("/api/v1/")) {
      return v1.handle(in);
    } else if (path.equals("/_sandbox") || path.startsWith("/_sandbox/")) {
      return control.handle(in);
    } else if (HostedPages.handles(path)) {
      return pages.handle(in);
    } else if (path.equals("/")) {
      return HostedPages.page(200, "Merchant Payment Service sandbox",
          "<p>v2 under <code>/api/v2</code>, v1 under <code>/api/v1</code>, control API under "
              + "<code>/_sandbox</code> (try <a href=\"/_sandbox/config\">/_sandbox/config</a>).</p>");
    }
    return HttpSupport.Out.text(404, "text/plain; charset=utf-8", "nothing at " + path + "\n");
  }

  private static void reply(HttpExchange exchange, HttpSupport.Out out, String requestId) {
    try {
      HttpSupport.write(exchange, out.withHeader("Request-Id", requestId));
    } catch (IOException e) {
      exchange.close();
    }
  }

  private static ThreadFactory daemon(String name) {
    AtomicInteger n = new AtomicInteger();
    return task -> {
      Thread thread = new Thread(task, name + "-" + n.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    };
  }
}
