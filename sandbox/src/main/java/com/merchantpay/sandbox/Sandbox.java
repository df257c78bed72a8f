package com.merchantpay.sandbox;

import com.merchantpay.sandbox.internal.config.MerchantAccount;
import com.merchantpay.sandbox.internal.config.Retention;
import com.merchantpay.sandbox.internal.config.SandboxConfig;
import com.merchantpay.sandbox.internal.config.TlsConfig;
import com.merchantpay.sandbox.internal.config.V1Role;
import com.merchantpay.sandbox.internal.config.V1User;
import com.merchantpay.sandbox.internal.server.SandboxServer;
import com.merchantpay.sandbox.internal.tls.CertificateAuthority;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A stateful, in-process implementation of the Merchant Payment Service, v2 and v1 over one shared
 * state, for tests and local development. It listens on the loopback interface unless built with
 * another {@code host}, and serves HTTP with Netty.
 *
 * <pre>{@code
 * try (Sandbox sandbox = Sandbox.builder().fixedClock(Instant.parse("2024-05-14T09:00:00Z")).start()) {
 *   URI base = sandbox.baseUrl();            // e.g. http://127.0.0.1:52114
 *   String token = sandbox.bearerToken();    // "Authorization: Bearer " + token
 *   String merchant = sandbox.merchantId();
 *   ...
 *   sandbox.advanceClock(Duration.ofMinutes(1)); // settle pending payments, refunds, receipts
 * }
 * }</pre>
 *
 * <p>Without configuration it has one merchant ({@value #DEFAULT_MERCHANT}), one bearer token
 * ({@value #DEFAULT_TOKEN}) and two v1 logins, {@value #DEFAULT_ACCOUNTANT} and {@value
 * #DEFAULT_CASHIER}, both with the password {@value #DEFAULT_PASSWORD}.
 */
public final class Sandbox implements AutoCloseable {
  /** Merchant id used when the builder names none. */
  public static final String DEFAULT_MERCHANT = "sandbox-merchant";

  /** Bearer token used when the builder names none. */
  public static final String DEFAULT_TOKEN = "sandbox-token";

  /** v1 login with the Accountant role used when the builder names no login. */
  public static final String DEFAULT_ACCOUNTANT = "sandbox-accountant";

  /** v1 login with the Cashier role used when the builder names no login. */
  public static final String DEFAULT_CASHIER = "sandbox-cashier";

  /** Password of the default v1 logins. */
  public static final String DEFAULT_PASSWORD = "sandbox-password";

  /** Roles of v1 users. An Accountant may call everything a Cashier may. */
  public enum Role {
    /** Payment reads and payment lists. */
    CASHIER,
    /** Everything a Cashier may, plus refunds, captures, cancellations, documents and transfers. */
    ACCOUNTANT
  }

  /**
   * A merchant. Its {@code id} is the v2 {@code merchantId} and the v1 {@code siteAlias}.
   *
   * @param id merchant id (v2) and site alias (v1)
   * @param siteId numeric site id shown as v1 {@code SiteID}
   * @param accountId v1 {@code accountID} of the merchant
   */
  public record Merchant(String id, long siteId, String accountId) {
    public Merchant {
      Objects.requireNonNull(id, "id");
      Objects.requireNonNull(accountId, "accountId");
    }
  }

  /**
   * A v1 user with the Automatic access login method.
   *
   * @param login the login
   * @param password the password that enters the signature
   * @param merchantId the merchant the user belongs to
   * @param roles what the user may call
   */
  public record V1Login(String login, String password, String merchantId, Set<Role> roles) {
    public V1Login {
      Objects.requireNonNull(login, "login");
      Objects.requireNonNull(password, "password");
      Objects.requireNonNull(merchantId, "merchantId");
      roles =
          Collections.unmodifiableSet(
              roles.isEmpty() ? EnumSet.noneOf(Role.class) : EnumSet.copyOf(roles));
    }

    /** Leaves the password out. */
    @Override
    public String toString() {
      return "V1Login[login=" + login + ", merchantId=" + merchantId + ", roles=" + roles + "]";
    }
  }

  private final SandboxConfig config;
  private final List<Merchant> merchants;
  private final List<V1Login> logins;
  private final List<Fault> startingFaults;
  private final java.util.concurrent.atomic.AtomicReference<SandboxTls> tls =
      new java.util.concurrent.atomic.AtomicReference<>();
  private SandboxServer server;
  private boolean stopped;

  private Sandbox(
      SandboxConfig config, List<Merchant> merchants, List<V1Login> logins, List<Fault> faults) {
    this.config = config;
    this.merchants = List.copyOf(merchants);
    this.logins = List.copyOf(logins);
    this.startingFaults = List.copyOf(faults);
  }

  /** A builder with the defaults described above. */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Starts listening. The contract documents are loaded in the background (once per JVM); the first
   * request waits for them.
   *
   * @return this sandbox
   * @throws java.io.UncheckedIOException when the port cannot be bound
   * @throws IllegalStateException when called twice
   */
  public synchronized Sandbox start() {
    if (server != null || stopped) {
      throw new IllegalStateException("a sandbox starts once");
    }
    SandboxServer created = new SandboxServer(config);
    created.requestFinder(JournalQueries::find);
    startingFaults.forEach(fault -> created.faults().add(fault.rule()));
    created.start();
    server = created;
    return this;
  }

  /** Whether the sandbox is listening. */
  public synchronized boolean isRunning() {
    return server != null && !stopped;
  }

  /**
   * Where the sandbox listens, such as {@code http://127.0.0.1:52114}; both interfaces live under
   * it.
   */
  public URI baseUrl() {
    return URI.create(running().baseUrl());
  }

  /** The port the sandbox listens on. */
  public int port() {
    return running().port();
  }

  /**
   * Where the sandbox serves HTTPS, e.g. {@code https://127.0.0.1:52115}, when it was built with
   * {@link Builder#https}.
   */
  public Optional<URI> httpsBaseUrl() {
    String url = running().httpsBaseUrl();
    return url == null ? Optional.empty() : Optional.of(URI.create(url));
  }

  /**
   * What a client needs to reach the sandbox over HTTPS: the certificate to trust (as PEM, as a
   * file, as a JDK {@code SSLContext}) and client certificates when it requires one.
   *
   * @throws IllegalStateException when the sandbox serves HTTP only
   */
  public SandboxTls tls() {
    SandboxServer current = running();
    if (current.tls() == null) {
      throw new IllegalStateException("the sandbox serves HTTP only; build it with https(port)");
    }
    return tls.updateAndGet(known -> known != null ? known : new SandboxTls(current.tls()));
  }

  /** The configured merchants, the first one being the default. */
  public List<Merchant> merchants() {
    return merchants;
  }

  /** The configured bearer tokens, each mapped to its merchant id, in the order given. */
  public Map<String, String> bearerTokens() {
    return config.bearerTokens();
  }

  /** The configured v1 users. */
  public List<V1Login> v1Logins() {
    return logins;
  }

  /** Id of the first merchant. */
  public String merchantId() {
    return merchants.get(0).id();
  }

  /** The first bearer token. */
  public String bearerToken() {
    return config.bearerTokens().keySet().iterator().next();
  }

  /**
   * The first v1 user with exactly this role, else the first whose roles allow what it allows (an
   * Accountant may do what a Cashier may).
   *
   * @throws IllegalStateException when no user qualifies
   */
  public V1Login v1Login(Role role) {
    for (V1Login login : logins) {
      if (login.roles().equals(Set.of(role))) {
        return login;
      }
    }
    for (V1Login login : logins) {
      if (login.roles().contains(role) || login.roles().contains(Role.ACCOUNTANT)) {
        return login;
      }
    }
    throw new IllegalStateException("no v1 login with role " + role);
  }

  /** The sandbox's current time. */
  public Instant now() {
    return running().now();
  }

  /**
   * Moves the sandbox clock forward, settles whatever became due (pending payments, refunds,
   * receipts, expired confirmations and invoices) and waits until the callbacks that fell due have
   * been attempted.
   *
   * @return the new time
   * @throws IllegalArgumentException when {@code by} is negative, or would take the clock more than
   *     100 years past its start
   */
  public Instant advanceClock(Duration by) {
    if (by.isNegative()) {
      throw new IllegalArgumentException("the sandbox clock only moves forward, not by " + by);
    }
    return running().advance(by);
  }

  /**
   * The fault rules in force: add one to make calls fail before or after the sandbox acts, arrive
   * late or cut short.
   */
  public Faults faults() {
    return new Faults(running().faults());
  }

  /** The calls the sandbox received, to find and verify what an application sent. */
  public Journal journal() {
    return new Journal(running().journal());
  }

  /** What the payer does on hosted pages and confirmation steps, done from the test. */
  public Payer payer() {
    return new Payer(running().actions());
  }

  /** What the bank, the issuer or the passing of time would do, done now from the test. */
  public Bank bank() {
    return new Bank(running().actions());
  }

  /** The callbacks sent to the application, with their delivery attempts. */
  public Notifications notifications() {
    return new Notifications(running());
  }

  /**
   * Begins a test's time with this sandbox: the journal emptied, the fault rules it adds removed
   * when {@link TestScope#end()} is called. For test support of other frameworks; {@link
   * SandboxExtension} does it around every JUnit test.
   */
  public TestScope beginTest() {
    return new TestScope(this);
  }

  /**
   * Forgets all resources, idempotency keys, nonces, callback deliveries, journal entries and fault
   * rules; the clock starts over. Ids go on: none is given twice in a sandbox's life.
   */
  public void reset() {
    running().reset();
  }

  /** Stops listening; a stopped sandbox cannot be started again. Calling it twice does nothing. */
  public synchronized void stop() {
    if (server != null && !stopped) {
      server.stop();
    }
    stopped = true;
  }

  /** Same as {@link #stop()}. */
  @Override
  public void close() {
    stop();
  }

  @Override
  public String toString() {
    SandboxServer current = server;
    return "Sandbox["
        + (current == null ? "not started" : stopped ? "stopped" : current.baseUrl())
        + "]";
  }

  private synchronized SandboxServer running() {
    if (server == null || stopped) {
      throw new IllegalStateException("the sandbox is not running; call start() first");
    }
    return server;
  }

  /** Configures a {@link Sandbox}; every setting is optional. */
  public static final class Builder {
    private int port;
    private final List<Merchant> merchants = new ArrayList<>();
    private final Map<String, String> tokens = new LinkedHashMap<>();
    private final List<V1Login> logins = new ArrayList<>();
    private Instant fixedClock;
    private Long seed;
    private int callbackMaxAttempts = 5;
    private Duration callbackFirstRetryDelay = Duration.ofSeconds(1);
    private int v1ListLimit = 1000;
    private boolean receiptListAsArray;
    private int pageSize = SandboxConfig.PAGE_SIZE;
    private String host;
    private Integer httpsPort;
    private final List<String> tlsNames = new ArrayList<>();
    private java.nio.file.Path keyStore;
    private char[] keyStorePassword;
    private boolean clientCertificateRequired;
    private java.nio.file.Path clientAuthorities;
    private Retention retention = Retention.DEFAULT;
    private final List<Fault> faults = new ArrayList<>();

    private Builder() {}

    /**
     * The address to listen on: {@code 127.0.0.1} by default (the loopback interface only), or
     * {@code 0.0.0.0} (or {@code ::}) for every address of the machine, so that an application on
     * another host or container reaches it. Anyone who reaches it may use it: it takes test
     * credentials only, and serves no one's real data.
     */
    public Builder host(String host) {
      this.host = Objects.requireNonNull(host, "host").strip();
      return this;
    }

    /**
     * Serves HTTPS too, on this port (0 picks a free one), beside plain HTTP, with a certificate
     * made at start by an authority of this sandbox's own for the names it is reached by (loopback
     * names, the address it listens on, the machine's name and {@link #tlsNames}); TLS 1.2 and 1.3
     * only. {@link Sandbox#tls()} gives what a client needs to trust it.
     */
    public Builder https(int port) {
      if (port < 0 || port > 65535) {
        throw new IllegalArgumentException("the HTTPS port must be 0..65535, not " + port);
      }
      this.httpsPort = port;
      return this;
    }

    /**
     * Further names the sandbox is reached by over HTTPS, such as a compose service's name ({@code
     * sandbox}): its certificate holds them, and the pages it names in answers use the first when
     * it listens on every address.
     */
    public Builder tlsNames(String... names) {
      for (String name : names) {
        if (name == null || !CertificateAuthority.isNameOrAddress(name.strip())) {
          throw new IllegalArgumentException(
              "a TLS name is a host name or an IP address, without port or path, not " + name);
        }
        tlsNames.add(name.strip());
      }
      return this;
    }

    /**
     * Serves HTTPS with the first key and certificate chain of this key store (PKCS #12, or JKS
     * when the file ends in {@code .jks}) instead of a certificate made at start; a client then
     * trusts the last certificate of that chain.
     */
    public Builder tlsKeyStore(java.nio.file.Path file, char[] password) {
      this.keyStore = Objects.requireNonNull(file, "file");
      this.keyStorePassword = password == null ? new char[0] : password.clone();
      return this;
    }

    /**
     * Requires every HTTPS caller to present a client certificate issued by this sandbox's
     * authority ({@link SandboxTls#clientCertificate}), for testing a client that presents one.
     */
    public Builder requireClientCertificate() {
      this.clientCertificateRequired = true;
      return this;
    }

    /**
     * Requires every HTTPS caller to present a client certificate, and accepts those of the
     * authorities in this PEM file beside the sandbox's own: for an application that presents a
     * certificate of its own PKI.
     */
    public Builder acceptClientCertificatesOf(java.nio.file.Path authoritiesPem) {
      this.clientAuthorities = Objects.requireNonNull(authoritiesPem, "authoritiesPem");
      this.clientCertificateRequired = true;
      return this;
    }

    /**
     * The plain HTTP port, on the loopback interface unless {@link #host} says otherwise; 0 (the
     * default) picks a free one.
     */
    public Builder port(int port) {
      if (port < 0 || port > 65535) {
        throw new IllegalArgumentException("port must be 0..65535, not " + port);
      }
      this.port = port;
      return this;
    }

    /** Adds a merchant with a generated site id and account id. */
    public Builder merchant(String merchantId) {
      int n = merchants.size();
      return merchant(merchantId, 7741 + n, Integer.toString(104522 + n));
    }

    /** Adds a merchant with the v1 site id and account id it shows. */
    public Builder merchant(String merchantId, long siteId, String accountId) {
      merchants.add(new Merchant(merchantId, siteId, accountId));
      return this;
    }

    /** Adds a bearer token that acts for the merchant. */
    public Builder bearerToken(String token, String merchantId) {
      tokens.put(
          Objects.requireNonNull(token, "token"), Objects.requireNonNull(merchantId, "merchantId"));
      return this;
    }

    /** Adds a v1 user of the merchant with the given roles. */
    public Builder v1Login(String login, String password, String merchantId, Role... roles) {
      logins.add(new V1Login(login, password, merchantId, Set.of(roles)));
      return this;
    }

    /**
     * Makes the clock start at this moment and move only through {@link Sandbox#advanceClock} or
     * the control API: pending work and callback retries then happen exactly when a test says so.
     */
    public Builder fixedClock(Instant start) {
      this.fixedClock = Objects.requireNonNull(start, "start");
      return this;
    }

    /** Derives every generated identifier and secret from this seed, so runs repeat exactly. */
    public Builder seed(long seed) {
      this.seed = seed;
      return this;
    }

    /**
     * How callbacks are retried: at most {@code maxAttempts} attempts, the second one {@code
     * firstRetryDelay} after the first, each further delay twice the one before. Defaults: 5
     * attempts, 1 second.
     */
    public Builder callbackRetries(int maxAttempts, Duration firstRetryDelay) {
      if (maxAttempts < 1 || firstRetryDelay.isNegative()) {
        throw new IllegalArgumentException(
            "need at least one attempt and a delay that is not negative");
      }
      this.callbackMaxAttempts = maxAttempts;
      this.callbackFirstRetryDelay = firstRetryDelay;
      return this;
    }

    /** Most records one v1 list answer holds before it sets {@code Overflow}; 1000 by default. */
    public Builder v1ListLimit(int limit) {
      if (limit < 1) {
        throw new IllegalArgumentException("the v1 list limit must be positive, not " + limit);
      }
      this.v1ListLimit = limit;
      return this;
    }

    /**
     * How many items a page of a v2 list holds at most; 50 by default. A small page makes a test of
     * a client's paging cheap: two payments already fill two pages of one.
     */
    public Builder pageSize(int size) {
      if (size < 1 || size > 1000) {
        throw new IllegalArgumentException("the page size must be 1..1000, not " + size);
      }
      this.pageSize = size;
      return this;
    }

    /**
     * Answers the receipt list ({@code GET /api/v2/receipts}) as a bare JSON array of all the
     * payment's receipts instead of the documented page object with {@code items}: the other
     * reading of a point the service documents leave open, for testing a client against it.
     * Switchable at run time through {@code POST /_sandbox/options}; a reset puts back what is set
     * here. Off by default.
     */
    public Builder receiptListAsArray(boolean asArray) {
      this.receiptListAsArray = asArray;
      return this;
    }

    /**
     * Bounds what the sandbox keeps, so a long-lived one never runs out of memory: at most {@code
     * maxResourcesPerKind} payments (and as many refunds, tokens, receipts and stickers), and a
     * finished resource for at most {@code maxAge} of sandbox time after its last change. When a
     * kind is full, the oldest finished resource of it is forgotten first; a forgotten resource
     * answers as not found, and a forgotten payment takes its refunds and receipts with it.
     * Defaults: 25,000 and 7 days, which keep a 256 MB heap far from full under sustained load.
     * {@code GET /_sandbox/state} shows the counts.
     *
     * @throws IllegalArgumentException when fewer than 100 resources would be kept or the age is
     *     not positive
     */
    public Builder retention(int maxResourcesPerKind, Duration maxAge) {
      return retention(maxResourcesPerKind, maxAge, Retention.DEFAULT_BYTES);
    }

    /**
     * Bounds what the sandbox keeps as {@link #retention(int, Duration)} does, and by weight too:
     * the texts of its resources (an invoice, a receipt, the addresses a request gave) at most
     * {@code maxBytes} together, the answers kept for idempotency keys half that and the
     * notifications of the delivery log a quarter; beyond it the oldest go first. Default: 64 MiB,
     * so 112 MiB at most in all, which a request with a member of a million characters cannot
     * exceed however often it is sent.
     *
     * @throws IllegalArgumentException as {@link #retention(int, Duration)}, or below 1 MiB
     */
    public Builder retention(int maxResourcesPerKind, Duration maxAge, long maxBytes) {
      this.retention = new Retention(maxResourcesPerKind, maxAge, maxBytes);
      return this;
    }

    /** A fault rule in force from the start (until removed, spent or a reset). */
    public Builder fault(Fault fault) {
      faults.add(Objects.requireNonNull(fault, "fault"));
      return this;
    }

    /**
     * Builds the sandbox without starting it.
     *
     * @throws IllegalArgumentException when a token or login names an unknown merchant, or names
     *     repeat
     */
    public Sandbox build() {
      List<Merchant> allMerchants = new ArrayList<>(merchants);
      if (allMerchants.isEmpty()) {
        allMerchants.add(new Merchant(DEFAULT_MERCHANT, 7741, "104522"));
      }
      String first = allMerchants.get(0).id();
      Map<String, String> allTokens = new LinkedHashMap<>(tokens);
      if (allTokens.isEmpty()) {
        allTokens.put(DEFAULT_TOKEN, first);
      }
      List<V1Login> allLogins = new ArrayList<>(logins);
      if (allLogins.isEmpty()) {
        allLogins.add(
            new V1Login(DEFAULT_ACCOUNTANT, DEFAULT_PASSWORD, first, Set.of(Role.ACCOUNTANT)));
        allLogins.add(new V1Login(DEFAULT_CASHIER, DEFAULT_PASSWORD, first, Set.of(Role.CASHIER)));
      }
      SandboxConfig config =
          new SandboxConfig(
              port,
              allMerchants.stream()
                  .map(m -> new MerchantAccount(m.id(), m.siteId(), m.accountId()))
                  .toList(),
              allTokens,
              allLogins.stream()
                  .map(l -> new V1User(l.login(), l.password(), l.merchantId(), v1Roles(l.roles())))
                  .toList(),
              fixedClock,
              seed,
              callbackMaxAttempts,
              callbackFirstRetryDelay,
              v1ListLimit,
              receiptListAsArray,
              retention,
              pageSize,
              host,
              tls());
      return new Sandbox(config, allMerchants, allLogins, faults);
    }

    private TlsConfig tls() {
      boolean asked =
          httpsPort != null || keyStore != null || clientCertificateRequired || !tlsNames.isEmpty();
      if (!asked) {
        return null;
      }
      if (httpsPort == null) {
        throw new IllegalStateException(
            "TLS names, a key store or a client certificate requirement need HTTPS: call https(port)");
      }
      return new TlsConfig(
          httpsPort,
          tlsNames,
          keyStore,
          keyStorePassword,
          clientCertificateRequired,
          clientAuthorities);
    }

    private static Set<V1Role> v1Roles(Set<Role> roles) {
      return roles.stream()
          .map(role -> role == Role.CASHIER ? V1Role.CASHIER : V1Role.ACCOUNTANT)
          .collect(Collectors.toSet());
    }

    /** Builds and starts the sandbox. */
    public Sandbox start() {
      return build().start();
    }
  }
}
