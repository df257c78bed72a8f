package com.merchantpay.v1;

import com.merchantpay.observation.CallListener;
import com.merchantpay.v1.internal.BaseUrl;
import com.merchantpay.v1.internal.Redaction;
import com.merchantpay.v1.internal.TlsContexts;
import com.merchantpay.v1.model.DocumentInfo;
import com.merchantpay.v1.model.DocumentListEnvelope;
import com.merchantpay.v1.model.DocumentListResponse;
import com.merchantpay.v1.model.ErrorCode;
import com.merchantpay.v1.model.Payment;
import com.merchantpay.v1.model.PaymentListEnvelope;
import com.merchantpay.v1.model.PaymentListResponse;
import com.merchantpay.v1.model.Refund;
import com.merchantpay.v1.model.RefundListEnvelope;
import com.merchantpay.v1.model.RefundListResponse;
import com.merchantpay.v1.model.Register;
import com.merchantpay.v1.model.TransferInfo;
import com.merchantpay.v1.model.TransferListEnvelope;
import com.merchantpay.v1.model.TransferListResponse;
import com.merchantpay.v1.model.XmlFlag;
import feign.Logger;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.net.http.HttpClient;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;
import javax.net.ssl.SSLContext;

/**
 * Client of the legacy v1 interface of the Merchant Payment Service ({@code /api/v1}).
 *
 * <pre>{@code
 * MerchantPayV1Client client = MerchantPayV1Client.builder()
 *     .baseUrl("https://payments.example.com")
 *     .login("shop-auto-01")
 *     .password(passwordChars)
 *     .build();
 * Payment payment = client.getPayment(50021467L);
 * }</pre>
 *
 * <p>Every call is signed for you: the client adds {@code login}, a fresh random {@code nonce} and
 * the {@code hash} over the operation's signed values; the password enters the hash only and is
 * never sent, logged or printed. A call either returns the payload of an envelope whose {@code
 * ErrorCode} is 0 or throws a {@link MerchantPayV1Exception}; a single-object call never returns
 * {@code null} (a success without its payload is a {@link V1ServerFailureException}). The client
 * never repeats a call by itself.
 *
 * <p>Instances are immutable and safe for concurrent use; build one and share it.
 */
public final class MerchantPayV1Client {
  private static final String API_PATH = "/api/v1";
  private static final String GET_PAYMENT = "getPayment";
  private static final String GET_PAYMENT_BY_INVOICE_ID = "getPaymentByInvoiceID";
  private static final String LIST_PAYMENTS_FILTER = "listPaymentsFilter";
  private static final String REFUND_PAYMENT = "refundPayment";
  private static final String LIST_REFUNDS = "listRefunds";
  private static final String CONFIRM_PAYMENT = "confirmPayment";
  private static final String CANCEL_PAYMENT = "cancelPayment";
  private static final String LIST_DOCUMENTS = "listDocuments";
  private static final String GET_DOCUMENT_CONTENT = "getDocumentContent";
  private static final String LIST_TRANSFERS = "listTransfers";
  private static final String GET_TRANSFER_REGISTER = "getTransferRegister";

  private final String baseUrl;
  private final String login;
  private final XmlFlag xml;
  private final V1Apis apis;
  private final Calls calls;
  private final DocumentDownload download = new DocumentDownload(GET_DOCUMENT_CONTENT);

  private MerchantPayV1Client(Builder builder) {
    this.baseUrl = checkedBaseUrl(builder.baseUrl);
    this.login = Arguments.requireText(builder.login, "login");
    if (builder.password == null || builder.password.length == 0) {
      throw new IllegalArgumentException("password is required");
    }
    Duration connectTimeout = Arguments.requirePositive(builder.connectTimeout, "connectTimeout");
    Duration readTimeout = Arguments.requirePositive(builder.readTimeout, "readTimeout");
    this.xml = builder.preferXml ? XmlFlag.XML : null;
    this.calls = new Calls(builder.callListener);
    this.apis =
        new V1Apis(
            baseUrl,
            new RequestSigner(login, builder.password, builder.nonces),
            builder.httpClient,
            builder.tls(),
            connectTimeout,
            readTimeout,
            builder.logLevel);
  }

  /** Starts the configuration of a client; base URL, login and password are required. */
  public static Builder builder() {
    return new Builder();
  }

  /** The payment with this id (the service's payment id, LMI_SYS_PAYMENT_ID). */
  public Payment getPayment(long paymentId) {
    return Envelopes.payload(
        GET_PAYMENT,
        "Payment",
        calls.run(GET_PAYMENT, () -> apis.payments.getPayment(paymentId)).getPayment());
  }

  /**
   * The payment the merchant created under this invoice number on this site.
   *
   * @param invoiceId the merchant's invoice number (LMI_PAYMENT_NO)
   * @param siteAlias the merchant's site identifier (LMI_MERCHANT_ID)
   * @throws V1ErrorCodeException with {@link ErrorCode#PAYMENT_NOT_FOUND} when there is no such
   *     payment
   */
  public Payment getPaymentByInvoiceId(String invoiceId, String siteAlias) {
    Arguments.requireText(invoiceId, "invoiceId");
    Arguments.requireText(siteAlias, "siteAlias");
    return Envelopes.payload(
        GET_PAYMENT_BY_INVOICE_ID,
        "Payment",
        calls
            .run(
                GET_PAYMENT_BY_INVOICE_ID,
                () -> apis.payments.getPaymentByInvoiceID(invoiceId, siteAlias))
            .getPayment());
  }

  /**
   * One answer of the payment list. When {@link ListResult#isOverflow()} is true the answer does
   * not hold every matching payment; {@link #listAllPayments} fetches them all.
   */
  public ListResult<Payment> listPayments(PaymentFilter filter) {
    Objects.requireNonNull(filter, "filter");
    PaymentListEnvelope envelope =
        calls.run(
            LIST_PAYMENTS_FILTER,
            () ->
                apis.payments.listPaymentsFilter(
                    filter.getAccountId(),
                    filter.getSiteAlias(),
                    filter.getPeriodFrom(),
                    filter.getPeriodTo(),
                    filter.getInvoiceId(),
                    filter.getState()));
    return Envelopes.listResult(
        envelope.getResponse(), PaymentListResponse::getPayments, PaymentListResponse::getOverflow);
  }

  /**
   * Every payment matching the filter. Whenever an answer overflows, the period is split into two
   * shorter ones that overlap by two days (whole days), and each is asked for, until no answer
   * overflows; results are merged in period order, each payment once (by PaymentID). The overlap
   * makes the result complete whether the service counts the bound days themselves or only the days
   * between them, which the service documents leave open: the result is what one answer for the
   * whole period would hold.
   *
   * @param filter a filter with both {@code periodFrom} and {@code periodTo}
   * @throws IllegalArgumentException when the filter has no bounded period
   * @throws V1IncompleteListException when a single day still overflows; narrow the filter
   *     otherwise
   */
  public List<Payment> listAllPayments(PaymentFilter filter) {
    Objects.requireNonNull(filter, "filter");
    Periods.requireBounded(LIST_PAYMENTS_FILTER, filter.getPeriodFrom(), filter.getPeriodTo());
    return Periods.collectAll(
        LIST_PAYMENTS_FILTER,
        filter.getPeriodFrom(),
        filter.getPeriodTo(),
        (from, to) -> listPayments(filter.withPeriod(from, to)),
        Payment::getPaymentID);
  }

  /**
   * Returns {@code amount} of the payment to the payer. The answer's state tells whether it is
   * done.
   */
  public Refund refundPayment(long paymentId, BigDecimal amount) {
    return refundPayment(RefundRequest.builder(paymentId, amount).build());
  }

  /** Requests a refund, with the merchant's refund id and shopping cart lines when given. */
  public Refund refundPayment(RefundRequest request) {
    Objects.requireNonNull(request, "request");
    return Envelopes.payload(
        REFUND_PAYMENT,
        "Refund",
        calls
            .run(
                REFUND_PAYMENT,
                () ->
                    apis.refunds.refundPayment(
                        request.getPaymentId(),
                        request.getAmount(),
                        request.getExternalId(),
                        request.cartFields()))
            .getRefund());
  }

  /** One answer of the refund list; see {@link #listPayments} for {@code Overflow}. */
  public ListResult<Refund> listRefunds(RefundFilter filter) {
    Objects.requireNonNull(filter, "filter");
    RefundListEnvelope envelope =
        calls.run(
            LIST_REFUNDS,
            () ->
                apis.refunds.listRefunds(
                    filter.getAccountId(),
                    filter.getPaymentId(),
                    filter.getPeriodFrom(),
                    filter.getPeriodTo(),
                    filter.getExternalId()));
    return Envelopes.listResult(
        envelope.getResponse(), RefundListResponse::getRefunds, RefundListResponse::getOverflow);
  }

  /**
   * Every refund matching the filter, splitting the period while answers overflow, each refund once
   * (by RefundID; refunds without one by their whole content). See {@link #listAllPayments}.
   *
   * @throws IllegalArgumentException when the filter has no bounded period
   * @throws V1IncompleteListException when a single day still overflows
   */
  public List<Refund> listAllRefunds(RefundFilter filter) {
    Objects.requireNonNull(filter, "filter");
    Periods.requireBounded(LIST_REFUNDS, filter.getPeriodFrom(), filter.getPeriodTo());
    return Periods.collectAll(
        LIST_REFUNDS,
        filter.getPeriodFrom(),
        filter.getPeriodTo(),
        (from, to) -> listRefunds(filter.withPeriod(from, to)),
        Refund::getRefundID);
  }

  /**
   * Captures a payment on hold, charging {@code amount} (in some cases less than the amount held).
   */
  public Payment confirmPayment(long paymentId, BigDecimal amount) {
    Objects.requireNonNull(amount, "amount");
    return Envelopes.payload(
        CONFIRM_PAYMENT,
        "Payment",
        calls
            .run(CONFIRM_PAYMENT, () -> apis.holds.confirmPayment(paymentId, amount))
            .getPayment());
  }

  /** Releases the hold on a payment. */
  public Payment cancelPayment(long paymentId) {
    return cancelPayment(paymentId, null);
  }

  /**
   * Releases the hold on a payment, giving a code of the error table as the reason.
   *
   * @param reason a failure code such as {@link ErrorCode#CANCELLED_BY_USER}, or {@code null} for
   *     none
   * @throws IllegalArgumentException when the reason is {@link ErrorCode#SUCCESS}, which explains
   *     no cancellation
   */
  public Payment cancelPayment(long paymentId, ErrorCode reason) {
    if (reason != null && Integer.valueOf(0).equals(reason.getValue())) {
      throw new IllegalArgumentException(
          "reason must be a failure code, not 0 (SUCCESS); pass null for no reason");
    }
    return Envelopes.payload(
        CANCEL_PAYMENT,
        "Payment",
        calls.run(CANCEL_PAYMENT, () -> apis.holds.cancelPayment(paymentId, reason)).getPayment());
  }

  /** The documents created in the period, for the user's only account. */
  public List<DocumentInfo> listDocuments(LocalDate periodFrom, LocalDate periodTo) {
    return listDocuments(null, periodFrom, periodTo);
  }

  /**
   * The documents created in the period (UTC days, both included).
   *
   * @param accountId the merchant account, or {@code null} when the user has only one
   */
  public List<DocumentInfo> listDocuments(
      String accountId, LocalDate periodFrom, LocalDate periodTo) {
    Arguments.requirePeriod(periodFrom, periodTo);
    DocumentListEnvelope envelope =
        calls.run(
            LIST_DOCUMENTS,
            () -> apis.documents.listDocuments(accountId, periodFrom, periodTo, xml));
    return Envelopes.records(envelope.getResponse(), DocumentListResponse::getDocuments);
  }

  /**
   * The content of a document as a stream straight from the connection, never held in memory whole.
   * The caller must close it. Content type and format are whatever the service sends; {@code
   * FileName} of the document list names the file.
   */
  public InputStream openDocumentContent(String documentId) {
    Arguments.requireText(documentId, "documentId");
    return calls.run(
        GET_DOCUMENT_CONTENT, () -> apis.documentContent.getDocumentContent(documentId));
  }

  /**
   * Saves the content of a document to {@code target}, replacing it. The content is first written
   * to a temporary file beside the target, so an interrupted download never leaves a partial file
   * there.
   *
   * @return the number of bytes saved
   * @throws UncheckedIOException when the file cannot be written
   */
  public long downloadDocument(String documentId, Path target) {
    return download.save(documentId, () -> openDocumentContent(documentId), target);
  }

  /** The payouts made in the period, for the user's only account. */
  public List<TransferInfo> listTransfers(LocalDate periodFrom, LocalDate periodTo) {
    return listTransfers(null, periodFrom, periodTo);
  }

  /**
   * The payouts (transfers) made in the period (UTC days, both included).
   *
   * @param accountId the merchant account, or {@code null} when the user has only one
   */
  public List<TransferInfo> listTransfers(
      String accountId, LocalDate periodFrom, LocalDate periodTo) {
    Arguments.requirePeriod(periodFrom, periodTo);
    TransferListEnvelope envelope =
        calls.run(
            LIST_TRANSFERS,
            () -> apis.transfers.listTransfers(accountId, periodFrom, periodTo, xml));
    return Envelopes.records(envelope.getResponse(), TransferListResponse::getTransfers);
  }

  /** The register of a payout: the payments and refunds it settles. */
  public Register getTransferRegister(String registerId) {
    Arguments.requireText(registerId, "registerId");
    return Envelopes.payload(
        GET_TRANSFER_REGISTER,
        "Response",
        calls
            .run(GET_TRANSFER_REGISTER, () -> apis.transfers.getTransferRegister(registerId, xml))
            .getResponse());
  }

  @Override
  public String toString() {
    return "MerchantPayV1Client{baseUrl="
        + baseUrl
        + ", login="
        + login
        + ", password="
        + Redaction.MASK
        + ", xml="
        + (xml != null)
        + "}";
  }

  /** The base URL as the client uses it; see {@link BaseUrl#checked}. */
  static String checkedBaseUrl(String baseUrl) {
    return BaseUrl.checked(baseUrl, API_PATH);
  }

  /** Configures a {@link MerchantPayV1Client}. Not thread-safe; the client it builds is. */
  public static final class Builder {
    private String baseUrl;
    private String login;
    private char[] password;
    private Duration connectTimeout = Duration.ofSeconds(10);
    private Duration readTimeout = Duration.ofSeconds(60);
    private boolean preferXml;
    private HttpClient httpClient;
    private Path trustedCertificates;
    private Path clientCertificate;
    private Path clientKey;
    private SSLContext sslContext;
    private Supplier<String> nonces = Nonces.random();
    private Logger.Level logLevel = Logger.Level.NONE;
    private CallListener callListener;

    private Builder() {}

    /**
     * Where the service runs, for example {@code https://payments.example.com} (the client appends
     * {@code /api/v1/...}). Must be HTTPS, except for a loopback host such as a local sandbox.
     */
    public Builder baseUrl(String baseUrl) {
      this.baseUrl = baseUrl;
      return this;
    }

    /** Login of the merchant user whose login method is Automatic access. */
    public Builder login(String login) {
      this.login = login;
      return this;
    }

    /** The user's password; copied, so the caller may clear its array afterwards. */
    public Builder password(char[] password) {
      this.password = password == null ? null : password.clone();
      return this;
    }

    /**
     * The user's password. Prefer {@link #password(char[])} when the password is not already a
     * string.
     */
    public Builder password(String password) {
      this.password = password == null ? null : password.toCharArray();
      return this;
    }

    /**
     * Time allowed to open a connection; default 10 seconds. It configures the HTTP client the
     * builder creates; a client given to {@link #httpClient} keeps its own connect timeout (set it
     * there). Either way {@link #readTimeout} bounds the whole call, the connection included.
     */
    public Builder connectTimeout(Duration connectTimeout) {
      this.connectTimeout = connectTimeout;
      return this;
    }

    /**
     * Time allowed for a call from sending the request to the last byte of its answer; default 60
     * seconds. For document content, which is streamed, it bounds the wait for the answer to start.
     */
    public Builder readTimeout(Duration readTimeout) {
      this.readTimeout = readTimeout;
      return this;
    }

    /**
     * Asks for XML ({@code xml=1}) on the operations that offer it: document list, transfer list
     * and register. Results are the same objects either way; default JSON. Answers in XML are read
     * as XML whatever this setting.
     */
    public Builder preferXml(boolean preferXml) {
      this.preferXml = preferXml;
      return this;
    }

    /**
     * Trusts the certificates of this PEM file, and only them, for the service's HTTPS: an internal
     * CA of a staging environment, or a sandbox's ({@code sandbox.tls().trustedCertificateFile()}).
     * A certificate the service presents that none of them signed fails every call with a {@link
     * V1TransportException} saying so; nothing is sent, and never over plain HTTP instead.
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

    /** The TLS context the builder's settings make, or null for the JDK's own. */
    SSLContext tls() {
      boolean files = trustedCertificates != null || clientCertificate != null;
      if (httpClient != null && (files || sslContext != null)) {
        throw new IllegalArgumentException(
            "httpClient carries its own TLS settings: set them there, or leave httpClient out and "
                + "use trustedCertificates, clientCertificate or sslContext");
      }
      if (sslContext != null && files) {
        throw new IllegalArgumentException(
            "sslContext replaces trustedCertificates and clientCertificate: give one or the other");
      }
      if ((files || sslContext != null)
          && baseUrl != null
          // As the base URL is read: without the blanks around it.
          && baseUrl.strip().regionMatches(true, 0, "http:", 0, 5)) {
        throw new IllegalArgumentException(
            "TLS settings were given for a plain http base URL ("
                + baseUrl
                + "), where they would be ignored: use its https address");
      }
      return sslContext != null
          ? sslContext
          : files ? TlsContexts.of(trustedCertificates, clientCertificate, clientKey) : null;
    }

    /**
     * The JDK HTTP client to use, for example to set a proxy or an SSL context. It carries every
     * call as it is configured, its connect timeout included; it must not follow redirects ({@link
     * HttpClient.Redirect#NEVER}), or {@link #build} fails.
     */
    public Builder httpClient(HttpClient httpClient) {
      this.httpClient = httpClient;
      return this;
    }

    /**
     * Where nonces come from; by default 128 random bits each. Meant for tests that need a fixed
     * nonce: a supplied nonce must be new for every call, at most 255 characters and without {@code
     * ;}, or the call fails with {@link IllegalStateException} before anything is sent.
     */
    public Builder nonceSupplier(Supplier<String> nonces) {
      this.nonces = Objects.requireNonNull(nonces, "nonces");
      return this;
    }

    /**
     * Told of every call, to record metrics or traces ({@code merchantpay-micrometer} has one for
     * Micrometer). None by default, which costs nothing.
     */
    public Builder callListener(CallListener callListener) {
      this.callListener = Objects.requireNonNull(callListener, "callListener");
      return this;
    }

    /**
     * Logs one line per request and per answer (method, URL, status, time) at DEBUG under {@code
     * com.merchantpay.v1.wire}, with signature and nonce masked. Off by default.
     */
    public Builder wireLogging(boolean enabled) {
      this.logLevel = enabled ? Logger.Level.BASIC : Logger.Level.NONE;
      return this;
    }

    /** For tests: any Feign log level, bodies included; redaction applies at every level. */
    Builder logLevel(Logger.Level level) {
      this.logLevel = level;
      return this;
    }

    /**
     * @throws IllegalArgumentException naming the setting that is missing or invalid
     */
    public MerchantPayV1Client build() {
      return new MerchantPayV1Client(this);
    }

    @Override
    public String toString() {
      return "MerchantPayV1Client.Builder{baseUrl="
          + baseUrl
          + ", login="
          + login
          + ", password="
          + (password == null ? null : Redaction.MASK)
          + "}";
    }
  }
}
