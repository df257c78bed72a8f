package com.merchantpay.sandbox.internal.server;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.merchantpay.sandbox.internal.callbacks.Callbacks;
import com.merchantpay.sandbox.internal.config.MerchantAccount;
import com.merchantpay.sandbox.internal.config.SandboxConfig;
import com.merchantpay.sandbox.internal.config.TlsConfig;
import com.merchantpay.sandbox.internal.contract.Contracts;
import com.merchantpay.sandbox.internal.contract.ResolvedCall;
import com.merchantpay.sandbox.internal.control.Actions;
import com.merchantpay.sandbox.internal.control.ControlApi;
import com.merchantpay.sandbox.internal.docs.DocsPortal;
import com.merchantpay.sandbox.internal.domain.Core;
import com.merchantpay.sandbox.internal.domain.IdSource;
import com.merchantpay.sandbox.internal.domain.SandboxClock;
import com.merchantpay.sandbox.internal.faults.FaultEffect;
import com.merchantpay.sandbox.internal.faults.FaultRules;
import com.merchantpay.sandbox.internal.hosted.HostedPages;
import com.merchantpay.sandbox.internal.http.ApiError;
import com.merchantpay.sandbox.internal.http.CallNotes;
import com.merchantpay.sandbox.internal.http.Delivery;
import com.merchantpay.sandbox.internal.http.HttpSupport;
import com.merchantpay.sandbox.internal.http.ServedHosts;
import com.merchantpay.sandbox.internal.pact.PactProviderStates;
import com.merchantpay.sandbox.internal.tls.CertificateAuthority;
import com.merchantpay.sandbox.internal.tls.TlsMaterial;
import com.merchantpay.sandbox.internal.v1.NonceMemory;
import com.merchantpay.sandbox.internal.v1.V1Api;
import com.merchantpay.sandbox.internal.v1.V1Ledger;
import com.merchantpay.sandbox.internal.v2.Idempotency;
import com.merchantpay.sandbox.internal.v2.Notifications;
import com.merchantpay.sandbox.internal.v2.RuntimeOptions;
import com.merchantpay.sandbox.internal.v2.V2Api;
import com.merchantpay.spec.ApiSpec;
import java.net.InetAddress;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One running sandbox: an HTTP server on the loopback interface with both interfaces, the hosted
 * pages and the control API on one port, all over one {@link Core}. Not part of the public API; the
 * public {@code Sandbox} wraps it.
 */
public final class SandboxServer {
  /**
   * Threads for calls that may wait (faults' delays, the control API), at most this many at once.
   */
  private static final int WORKERS = 16;

  /**
   * Threads of the control API, apart from the interfaces' workers: it makes provider states
   * through the interfaces over loopback and waits for their answers, so on the same threads as
   * those answers, enough concurrent states would leave none to answer them.
   */
  private static final int CONTROL_WORKERS = 8;

  private final SandboxClock clock;
  private final IdSource ids;
  private final NettyServer http;
  private final NettyServer https;
  private final TlsMaterial tls;
  private final ExecutorService workers;
  private final ExecutorService controlWorkers;
  private final ScheduledExecutorService ticker;
  private final Core core;
  private final Idempotency idempotency;
  private final NonceMemory nonces = new NonceMemory();
  private final CallJournal journal = new CallJournal();
  private final FaultRules faults = new FaultRules();
  private final FaultedCalls faulted;
  private final CallResolver resolver;
  private final ActionsForJava actions;
  private final RuntimeOptions options;
  private final Callbacks callbacks;
  private final V2Api v2;
  private final V1Api v1;
  private final HostedPages pages;
  private final PageSecurity pageSecurity;
  private final ControlApi control;
  private final DocsPortal docs;
  private final String baseUrl;
  private final String httpsBaseUrl;
  private final PactProviderStates pactStates;
  private final ControlHost controlHost;

  public SandboxServer(SandboxConfig config) {
    // The slow part of a cold start: it loads in the background while the rest is built.
    Contracts.preload();
    this.clock = new SandboxClock(config.fixedClock(), Clock.systemUTC());
    this.pactStates = new PactProviderStates(config, this::baseUrl, clock::now);
    this.ids = new IdSource(config.seed());
    this.workers = Executors.newFixedThreadPool(WORKERS, daemon("merchantpay-sandbox-http"));
    this.controlWorkers =
        Executors.newFixedThreadPool(CONTROL_WORKERS, daemon("merchantpay-sandbox-control"));
    NettyServer.Handler handler =
        new NettyServer.Handler() {
          @Override
          public Executor answeredBy(NettyServer.Received request) {
            return SandboxServer.this.answeredBy(request);
          }

          @Override
          public NettyServer.Reply answer(NettyServer.Received request) {
            return dispatch(request);
          }
        };
    InetAddress address = address(config.host());
    this.tls = tls(config);
    try {
      this.http = new NettyServer(address, config.port(), null, handler);
    } catch (RuntimeException e) {
      shutdownWorkers();
      throw e;
    }
    try {
      this.https =
          tls == null
              ? null
              : new NettyServer(address, config.tls().port(), tls.serverContext(), handler);
    } catch (RuntimeException e) {
      http.stop();
      shutdownWorkers();
      throw e;
    }
    String host = urlHost(config);
    this.baseUrl = "http://" + host + ":" + http.port();
    this.httpsBaseUrl = https == null ? null : "https://" + host + ":" + https.port();
    this.callbacks =
        new Callbacks(
            clock,
            ids,
            config.callbackMaxAttempts(),
            config.callbackFirstRetryDelay(),
            config.retention().maxBytes() / 4);
    // Pages the sandbox names in its answers are on HTTPS when it serves HTTPS.
    this.core =
        new Core(
            ids,
            clock,
            httpsBaseUrl != null ? httpsBaseUrl : baseUrl,
            config.retention(),
            new Notifications(callbacks));
    this.idempotency = new Idempotency(clock, config.retention().maxBytes() / 2);
    Map<String, V1Ledger> ledgers = new LinkedHashMap<>();
    List<MerchantAccount> merchants = config.merchants();
    for (int i = 0; i < merchants.size(); i++) {
      ledgers.put(merchants.get(i).id(), new V1Ledger(i, clock.epoch()));
    }
    this.options = new RuntimeOptions(config);
    this.v2 = new V2Api(core, idempotency, options);
    this.v1 = new V1Api(config, core, clock, nonces, ledgers);
    this.pages = new HostedPages(core);
    this.faulted = new FaultedCalls(faults);
    this.resolver = new CallResolver(config);
    this.actions = new ActionsForJava(new Actions(core));
    this.controlHost =
        new ControlHost(
            clock,
            core,
            callbacks,
            idempotency,
            nonces,
            journal,
            faults,
            options,
            tls,
            pactStates,
            baseUrl,
            httpsBaseUrl);
    ServedHosts served = servedHosts(config, address);
    this.control = new ControlApi(controlHost, config, core, options, faults, served);
    this.docs = new DocsPortal(config, baseUrl, served);
    this.pageSecurity = new PageSecurity(baseUrl, httpsBaseUrl);
    try {
      v2.requireHandlersFor(Contracts.operationIds(ApiSpec.V2));
      v1.requireHandlersFor(Contracts.operationIds(ApiSpec.V1));
      control.requireHandlersFor(Contracts.operationIds(ApiSpec.CONTROL));
    } catch (IllegalStateException e) {
      http.stop();
      if (https != null) {
        https.stop();
      }
      shutdownWorkers();
      callbacks.close();
      throw e;
    }
    this.ticker =
        clock.isFixed()
            ? null
            : Executors.newSingleThreadScheduledExecutor(daemon("merchantpay-sandbox-clock"));
  }

  /** Starts answering, once the sandbox is built and its starting fault rules are in force. */
  public void start() {
    if (ticker != null) {
      // A running clock makes pending work due by itself; settle it a few times a second.
      ticker.scheduleWithFixedDelay(core::settleDue, 250, 250, TimeUnit.MILLISECONDS);
    }
    http.open();
    if (https != null) {
      https.open();
    }
  }

  public void stop() {
    http.stop();
    if (https != null) {
      https.stop();
    }
    if (ticker != null) {
      ticker.shutdownNow();
    }
    callbacks.close();
    shutdownWorkers();
  }

  /**
   * The Host names what only the sandbox's own users may see answers for: the loopback names and
   * those the sandbox was given (a rebound DNS name is none of them), and listening beyond
   * loopback, any literal address too.
   */
  private static ServedHosts servedHosts(SandboxConfig config, InetAddress bound) {
    List<String> names = new ArrayList<>();
    names.add(config.host());
    if (config.tls() != null) {
      names.addAll(config.tls().names());
    }
    return bound.isLoopbackAddress() ? ServedHosts.loopback(names) : ServedHosts.listening(names);
  }

  public String baseUrl() {
    return baseUrl;
  }

  /** The HTTPS base URL, or null when the sandbox serves HTTP only. */
  public String httpsBaseUrl() {
    return httpsBaseUrl;
  }

  /** What the sandbox serves HTTPS with, or null. */
  public TlsMaterial tls() {
    return tls;
  }

  /** The port of the HTTPS listener, or -1. */
  public int httpsPort() {
    return https == null ? -1 : https.port();
  }

  private static InetAddress address(String host) {
    try {
      return InetAddress.getByName(
          host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host);
    } catch (java.net.UnknownHostException e) {
      throw new IllegalArgumentException(
          "the sandbox cannot listen on " + host + ": no such address");
    }
  }

  private static TlsMaterial tls(SandboxConfig config) {
    TlsConfig tls = config.tls();
    if (tls == null) {
      return null;
    }
    TlsMaterial material =
        tls.keyStore() != null
            ? TlsMaterial.fromKeyStore(
                tls.keyStore(), tls.keyStorePassword(), tls.clientCertificateRequired())
            : TlsMaterial.generated(
                CertificateAuthority.namesFor(config.host(), tls.names()),
                tls.clientCertificateRequired());
    return tls.clientAuthorities() == null
        ? material
        : material.acceptingClientsOf(tls.clientAuthorities());
  }

  /**
   * The host the sandbox's URLs name: the address it listens on, or, listening on every address,
   * {@code localhost}, which its certificate holds (a caller elsewhere uses its own name for it).
   */
  private static String urlHost(SandboxConfig config) {
    String host = config.host();
    if (CertificateAuthority.isWildcard(host)) {
      return config.tls() != null && !config.tls().names().isEmpty()
          ? bracketed(config.tls().names().get(0))
          : "localhost";
    }
    return bracketed(host);
  }

  private static String bracketed(String host) {
    return host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host;
  }

  public int port() {
    return http.port();
  }

  public Instant now() {
    return controlHost.now();
  }

  /**
   * Moves the clock, settles what became due and waits until the callbacks that fell due were
   * attempted.
   */
  public Instant advance(Duration by) {
    return controlHost.advance(by);
  }

  /**
   * Forgets every resource, key, nonce and delivery, and puts the clock back to the start;
   * identifiers go on, never given twice.
   */
  public void reset() {
    controlHost.reset();
  }

  /** Sends a callback again; the new delivery's id, or null when no recent delivery has this id. */
  public String redeliverCallback(String deliveryId) {
    return callbacks.redeliver(deliveryId);
  }

  /** The journal of calls to both interfaces. */
  /**
   * How the control API reads a request pattern written as JSON over the journal: the public API's
   * {@code RequestPattern}, which this package does not see.
   */
  public void requestFinder(
      java.util.function.BiFunction<
              CallJournal,
              com.fasterxml.jackson.databind.JsonNode,
              com.fasterxml.jackson.databind.node.ObjectNode>
          finder) {
    controlHost.requestFinder(finder);
  }

  public CallJournal journal() {
    return journal;
  }

  /** The fault rules in force. */
  public FaultRules faults() {
    return faults;
  }

  /** What the payer, the issuer or the bank would do, done now. */
  public ActionsForJava actions() {
    return actions;
  }

  /**
   * Every callback delivery attempt (the newest {@link Callbacks#LOG_LIMIT}), oldest first, once
   * the attempts due now were made.
   */
  public ArrayNode callbacksSent(Duration wait) throws InterruptedException {
    return controlHost.callbackLog(null, wait);
  }

  /**
   * Who answers a call. The control API, which waits for callbacks and for the interfaces' own
   * answers, has threads of its own. Off the server's I/O threads too: anything else but the two
   * interfaces, any call while fault rules are in force (they delay), and calls before the
   * documents are loaded. The rest never waits and is answered where it was read.
   */
  private Executor answeredBy(NettyServer.Received request) {
    String path = request.rawPath();
    if (path.startsWith("/_sandbox")) {
      return controlWorkers;
    }
    return !path.startsWith("/api/") || faults.size() > 0 || !Contracts.loaded() ? workers : null;
  }

  private NettyServer.Reply dispatch(NettyServer.Received received) {
    String requestId = ids.request();
    String path = received.rawPath();
    boolean v2Path = path.startsWith("/api/v2/");
    if (received.body() == null) {
      return unread(
          requestId,
          v2Path,
          "body: larger than " + HttpSupport.MAX_BODY + " bytes, or unreadable",
          413,
          "request body too large or unreadable");
    }
    HttpSupport.In in;
    try {
      in =
          new HttpSupport.In(
              received.method().toUpperCase(Locale.ROOT),
              path,
              HttpSupport.parseForm(received.rawQuery()),
              received.headers(),
              received.body());
    } catch (IllegalArgumentException e) {
      // Only reading the query can throw this: a malformed percent escape.
      return unread(
          requestId,
          v2Path,
          "query: malformed percent-encoding",
          400,
          "malformed percent-encoding in the query");
    }
    HttpSupport.Out out;
    CallNotes notes = new CallNotes();
    FaultRules.Hit hit = null;
    try {
      ResolvedCall call = resolver.resolve(in);
      if (call != null) {
        CallResolver.note(call, in, notes);
      }
      hit = faulted.meet(in, call, notes);
      if (hit == null) {
        out = route(in, call, path, notes);
      } else {
        FaultEffect effect = hit.effect();
        effect.beforeHandling();
        out = effect.answer(effect.acts() ? route(in, call, path, notes) : null, hit.describe());
      }
    } catch (RuntimeException | Error e) {
      // Answer even a broken request, so a client is never left waiting; the trace is for whoever
      // runs us.
      System.err.println("merchantpay-sandbox: request " + requestId + " failed: " + e);
      e.printStackTrace();
      out =
          HttpSupport.Out.text(
              500, "text/plain; charset=utf-8", "sandbox failure, request " + requestId + "\n");
    }
    Delivery delivery = hit == null ? Delivery.WHOLE : hit.effect().delivery();
    if (path.startsWith("/api/")) {
      journal.record(
          clock.now(),
          requestId,
          in,
          notes,
          delivery.answers() ? out : null,
          hit == null ? null : hit.describe());
    }
    return new NettyServer.Reply(
        pageSecurity.secure(out, path).withHeader("Request-Id", requestId), delivery);
  }

  /**
   * The answer to a request that could not be read: a v2 validation error naming what, or for
   * anything else a plain text with the status.
   */
  private static NettyServer.Reply unread(
      String requestId, boolean v2Path, String finding, int status, String text) {
    HttpSupport.Out out =
        v2Path
            ? ApiError.validation(finding).response()
            : HttpSupport.Out.text(status, "text/plain; charset=utf-8", text + "\n");
    return NettyServer.Reply.whole(out.withHeader("Request-Id", requestId));
  }

  private HttpSupport.Out route(
      HttpSupport.In in, ResolvedCall call, String path, CallNotes notes) {
    if (call != null) {
      return switch (call.api()) {
        case "v2" -> v2.handle(in, call, notes);
        case "v1" -> v1.handle(in, call, notes);
        default -> control.handle(in, call);
      };
    }
    if (DocsPortal.handles(path)) {
      return docs.handle(in);
    } else if (HostedPages.handles(path)) {
      return pages.handle(in);
    } else if (path.equals("/")) {
      return HostedPages.page(
          200,
          "Merchant Payment Service sandbox",
          "<p>v2 under <code>/api/v2</code>, v1 under <code>/api/v1</code>, control API under "
              + "<code>/_sandbox</code> (try <a href=\"/_sandbox/config\">/_sandbox/config</a>).</p>"
              + "<p>The documentation portal, with requests you can try against this sandbox: "
              + "<a href=\"/docs/\">/docs</a>.</p>");
    }
    return HttpSupport.Out.text(404, "text/plain; charset=utf-8", "nothing at " + path + "\n");
  }

  private void shutdownWorkers() {
    workers.shutdownNow();
    controlWorkers.shutdownNow();
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
