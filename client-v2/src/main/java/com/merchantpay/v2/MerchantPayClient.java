package com.merchantpay.v2;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.merchantpay.observation.CallListener;
import com.merchantpay.v2.internal.ApiClient;
import com.merchantpay.v2.internal.ApiResponseDecoder;
import com.merchantpay.v2.internal.BaseUrl;
import com.merchantpay.v2.internal.BoundedTransport;
import com.merchantpay.v2.internal.TlsContexts;
import com.merchantpay.v2.internal.api.InvoicesApi;
import com.merchantpay.v2.internal.api.PaymentTokensApi;
import com.merchantpay.v2.internal.api.PaymentsApi;
import com.merchantpay.v2.internal.api.ReceiptsApi;
import com.merchantpay.v2.internal.api.RefundsApi;
import com.merchantpay.v2.internal.api.StickersApi;
import com.merchantpay.v2.internal.api.TokenizationApi;
import feign.Feign;
import feign.Retryer;
import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpClient;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Properties;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.DoubleSupplier;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import javax.net.ssl.SSLContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Client of the Merchant Payment Service interface v2. Build one per service and share it: it is
 * immutable and thread-safe, and all calls share one connection pool.
 *
 * <pre>{@code
 * MerchantPayClient client = MerchantPayClient.builder()
 *     .baseUrl("https://payments.example.com")
 *     .accessToken(System.getenv("MERCHANTPAY_TOKEN"))
 *     .build();
 * Payment payment = client.payments().create(request);
 * }</pre>
 *
 * <p>Every creating call sends an {@code Idempotency-Key} (yours from {@link RequestOptions}, or a
 * random UUID chosen once per call and reused on each retry), so a retried create can never charge
 * twice. Errors are {@link MerchantPayException}s; a declined payment is not an error but a payment
 * with status {@code Rejected}.
 */
public final class MerchantPayClient {
  private final String baseUrl;
  private final Invoices invoices;
  private final Payments payments;
  private final Refunds refunds;
  private final HostedTokenization tokenization;
  private final PaymentTokens paymentTokens;
  private final Receipts receipts;
  private final Stickers stickers;
  private final Notifications notifications;

  private MerchantPayClient(Builder builder) {
    this.baseUrl = builder.baseUrl;
    HttpClient http = builder.httpClient != null ? builder.httpClient : defaultHttpClient(builder);
    ObjectMapper mapper = ApiClient.createObjectMapper().registerModule(ListTolerance.module());
    Feign.Builder feignBuilder =
        ApiClient.defaultFeignBuilder(http, mapper)
            .client(new BoundedTransport(http))
            .decoder(new GuardedDecoder(new ApiResponseDecoder(mapper)))
            .errorDecoder(new ServiceErrorDecoder(mapper, Instant::now))
            .retryer(Retryer.NEVER_RETRY)
            .logLevel(feign.Logger.Level.NONE);
    CallExecutor calls =
        new CallExecutor(
            new CallSettings(
                new CallCredentials(
                    builder.accessToken,
                    builder.accessTokenRefreshable,
                    userAgent(builder.userAgentSuffix)),
                builder.connectTimeout,
                builder.readTimeout,
                builder.callTimeout,
                builder.retryPolicy,
                builder.idempotencyKeys,
                builder.callListener,
                builder.logger,
                builder.sleeper,
                builder.random,
                builder.nanoTime));
    RequestValidator validator = new RequestValidator(builder.validateRequests);

    this.invoices = new Invoices(feignBuilder.target(InvoicesApi.class, baseUrl), calls, validator);
    this.payments = new Payments(feignBuilder.target(PaymentsApi.class, baseUrl), calls, validator);
    this.refunds = new Refunds(feignBuilder.target(RefundsApi.class, baseUrl), calls, validator);
    this.tokenization =
        new HostedTokenization(
            feignBuilder.target(TokenizationApi.class, baseUrl), calls, validator);
    this.paymentTokens =
        new PaymentTokens(feignBuilder.target(PaymentTokensApi.class, baseUrl), calls, validator);
    this.receipts = new Receipts(feignBuilder.target(ReceiptsApi.class, baseUrl), calls, validator);
    this.stickers = new Stickers(feignBuilder.target(StickersApi.class, baseUrl), calls, validator);
    this.notifications = new Notifications(mapper, payments, paymentTokens);
  }

  private static HttpClient defaultHttpClient(Builder builder) {
    HttpClient.Builder http =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .followRedirects(HttpClient.Redirect.NEVER)
            .connectTimeout(builder.connectTimeout);
    if (builder.sslContext != null) {
      http.sslContext(builder.sslContext);
    } else if (builder.trustedCertificates != null || builder.clientCertificate != null) {
      http.sslContext(
          TlsContexts.of(
              builder.trustedCertificates, builder.clientCertificate, builder.clientKey));
    }
    return http.build();
  }

  /** Starts building a client; {@code baseUrl} and an access token are required. */
  public static Builder builder() {
    return new Builder();
  }

  /** Payment links (invoices). */
  public Invoices invoices() {
    return invoices;
  }

  /** Payments: create, complete a confirmation, capture, cancel, get, list. */
  public Payments payments() {
    return payments;
  }

  /** Refunds: create, get, list. */
  public Refunds refunds() {
    return refunds;
  }

  /** Tokenization on the service's page. */
  public HostedTokenization tokenization() {
    return tokenization;
  }

  /** Stored payment tokens. */
  public PaymentTokens paymentTokens() {
    return paymentTokens;
  }

  /** Fiscal receipts. */
  public Receipts receipts() {
    return receipts;
  }

  /** Payment stickers: register, switch on or off, get, list. */
  public Stickers stickers() {
    return stickers;
  }

  /** Parsing and verifying callbacks. */
  public Notifications notifications() {
    return notifications;
  }

  @Override
  public String toString() {
    return "MerchantPayClient{baseUrl=" + baseUrl + '}';
  }

  private static String userAgent(String suffix) {
    String agent =
        "merchantpay-java/" + version() + " (Java " + System.getProperty("java.version") + ")";
    return suffix == null ? agent : agent + " " + suffix;
  }

  private static String version() {
    Properties properties = new Properties();
    try (InputStream in = MerchantPayClient.class.getResourceAsStream("client.properties")) {
      if (in != null) {
        properties.load(in);
      }
    } catch (IOException ignored) {
      // The version only decorates the User-Agent.
    }
    return properties.getProperty("version", "unknown");
  }

  /**
   * Builds a {@link MerchantPayClient}. Required: {@link #baseUrl} and an access token or token
   * supplier.
   */
  public static final class Builder {
    private String baseUrl;
    private Supplier<String> accessToken;
    private boolean accessTokenRefreshable;
    private boolean validateRequests = true;
    private Duration connectTimeout = Duration.ofSeconds(10);
    private Duration readTimeout = Duration.ofSeconds(30);
    private Duration callTimeout = Duration.ofSeconds(60);
    private RetryPolicy retryPolicy = RetryPolicy.defaults();
    private String userAgentSuffix;
    private Logger logger = LoggerFactory.getLogger(MerchantPayClient.class);
    private CallListener callListener;
    private HttpClient httpClient;
    private Path trustedCertificates;
    private Path clientCertificate;
    private Path clientKey;
    private SSLContext sslContext;
    private CallExecutor.Sleeper sleeper = duration -> Thread.sleep(duration.toMillis());
    private DoubleSupplier random = () -> ThreadLocalRandom.current().nextDouble();
    private Supplier<String> idempotencyKeys = IdempotencyKeys::generate;
    private LongSupplier nanoTime = System::nanoTime;

    private Builder() {}

    /**
     * Where the service is, without {@code /api/v2}. HTTPS is required; plain HTTP is accepted only
     * for a loopback host ({@code localhost}, {@code 127.x.x.x}, {@code ::1}), such as a local
     * sandbox.
     */
    public Builder baseUrl(String baseUrl) {
      this.baseUrl = BaseUrl.checked(Objects.requireNonNull(baseUrl, "baseUrl"), "/api/v2");
      return this;
    }

    /** A fixed bearer token. */
    public Builder accessToken(String accessToken) {
      String token = AccessTokens.requireValid(accessToken);
      this.accessToken = () -> token;
      this.accessTokenRefreshable = false;
      return this;
    }

    /**
     * Where to get the bearer token, asked before every attempt: return a fresh token when the old
     * one expires. It must be thread-safe and fast (cache the token). When the service answers 401,
     * the supplier is asked again and the call retried once, so a supplier that refreshes an
     * expired token recovers without the caller noticing.
     */
    public Builder accessTokenSupplier(Supplier<String> supplier) {
      this.accessToken = Objects.requireNonNull(supplier, "supplier");
      this.accessTokenRefreshable = true;
      return this;
    }

    /**
     * Whether requests are checked against the constraints of the API description before sending
     * (default true). Those constraints include required members the service documents leave open;
     * turn this off if the service you call accepts requests without them.
     */
    public Builder validateRequests(boolean validate) {
      this.validateRequests = validate;
      return this;
    }

    /** How long opening a connection may take. Default 10 s. */
    public Builder connectTimeout(Duration connectTimeout) {
      this.connectTimeout = Durations.requirePositive("connectTimeout", connectTimeout);
      return this;
    }

    /** How long one attempt may wait for its complete answer. Default 30 s. */
    public Builder readTimeout(Duration readTimeout) {
      this.readTimeout = Durations.requirePositive("readTimeout", readTimeout);
      return this;
    }

    /** The deadline of a whole call, retries and the waits between them included. Default 60 s. */
    public Builder callTimeout(Duration callTimeout) {
      this.callTimeout = Durations.requirePositive("callTimeout", callTimeout);
      return this;
    }

    /**
     * Told of every call and attempt, to record metrics or traces ({@code merchantpay-micrometer}
     * has one for Micrometer). None by default, which costs nothing.
     */
    public Builder callListener(CallListener callListener) {
      this.callListener = Objects.requireNonNull(callListener, "callListener");
      return this;
    }

    /** Default {@link RetryPolicy#defaults()}. */
    public Builder retryPolicy(RetryPolicy retryPolicy) {
      this.retryPolicy = Objects.requireNonNull(retryPolicy, "retryPolicy");
      return this;
    }

    /** Appended to the {@code User-Agent} header, to tell your application's calls apart. */
    public Builder userAgent(String suffix) {
      if (suffix != null && (suffix.indexOf('\r') >= 0 || suffix.indexOf('\n') >= 0)) {
        throw new IllegalArgumentException("userAgent must not contain line breaks");
      }
      this.userAgentSuffix = suffix;
      return this;
    }

    /** Where the client logs calls and retries (debug and info levels). */
    public Builder logger(Logger logger) {
      this.logger = Objects.requireNonNull(logger, "logger");
      return this;
    }

    /**
     * Trusts the certificates of this PEM file, and only them, for the service's HTTPS: an internal
     * CA of a staging environment, or a sandbox's ({@code sandbox.tls().trustedCertificateFile()}).
     * A certificate the service presents that none of them signed fails every call with a {@link
     * TransportException} saying so; nothing is sent, and never over plain HTTP instead.
     */
    public Builder trustedCertificates(Path pemFile) {
      this.trustedCertificates = Objects.requireNonNull(pemFile, "pemFile");
      return this;
    }

    /**
     * Presents this client certificate (a PEM chain, the client's first) and its private key (PEM,
     * unencrypted PKCS #8) to a service that asks for one (mutual TLS).
     */
    public Builder clientCertificate(Path certificateChainPem, Path privateKeyPem) {
      this.clientCertificate = Objects.requireNonNull(certificateChainPem, "certificateChainPem");
      this.clientKey = Objects.requireNonNull(privateKeyPem, "privateKeyPem");
      return this;
    }

    /**
     * The TLS settings as a JDK context, when they come from elsewhere (a Spring Boot SSL bundle, a
     * key store); instead of {@link #trustedCertificates} and {@link #clientCertificate}.
     */
    public Builder sslContext(SSLContext sslContext) {
      this.sslContext = Objects.requireNonNull(sslContext, "sslContext");
      return this;
    }

    /**
     * The JDK HTTP client to use, for proxies or TLS settings; its connect timeout is yours to set.
     * It must not follow redirects ({@link HttpClient.Redirect#NEVER}), or {@link #build} fails: a
     * redirect would carry the bearer token, and a payment's card data, wherever the server points.
     */
    public Builder httpClient(HttpClient httpClient) {
      this.httpClient = Objects.requireNonNull(httpClient, "httpClient");
      return this;
    }

    Builder sleeper(CallExecutor.Sleeper sleeper) {
      this.sleeper = sleeper;
      return this;
    }

    Builder random(DoubleSupplier random) {
      this.random = random;
      return this;
    }

    Builder idempotencyKeys(Supplier<String> idempotencyKeys) {
      this.idempotencyKeys = idempotencyKeys;
      return this;
    }

    Builder nanoTime(LongSupplier nanoTime) {
      this.nanoTime = nanoTime;
      return this;
    }

    /** The client; fails naming a missing setting. */
    public MerchantPayClient build() {
      if (baseUrl == null) {
        throw new IllegalStateException("baseUrl is required");
      }
      if (accessToken == null) {
        throw new IllegalStateException("an access token or an access token supplier is required");
      }
      if (httpClient != null && httpClient.followRedirects() != HttpClient.Redirect.NEVER) {
        throw new IllegalStateException(
            "httpClient must not follow redirects (Redirect.NEVER): a redirect would carry the "
                + "bearer token and the request body to wherever the server points; it is set to "
                + httpClient.followRedirects());
      }
      boolean tls = trustedCertificates != null || clientCertificate != null || sslContext != null;
      if (httpClient != null && tls) {
        throw new IllegalStateException(
            "httpClient carries its own TLS settings: set them there, or leave httpClient out and "
                + "use trustedCertificates, clientCertificate or sslContext");
      }
      if (sslContext != null && (trustedCertificates != null || clientCertificate != null)) {
        throw new IllegalStateException(
            "sslContext replaces trustedCertificates and clientCertificate: give one or the other");
      }
      // As the base URL is read: without the blanks around it.
      if (tls && baseUrl.strip().regionMatches(true, 0, "http:", 0, 5)) {
        throw new IllegalStateException(
            "TLS settings were given for a plain http base URL ("
                + baseUrl
                + "), where they would be ignored: use its https address");
      }
      return new MerchantPayClient(this);
    }
  }
}
