package com.merchantpay.v1;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.merchantpay.v1.internal.ApiClient;
import com.merchantpay.v1.internal.BoundedTransport;
import com.merchantpay.v1.internal.api.DocumentsApi;
import com.merchantpay.v1.internal.api.HoldsApi;
import com.merchantpay.v1.internal.api.PaymentsApi;
import com.merchantpay.v1.internal.api.RefundsApi;
import com.merchantpay.v1.internal.api.TransfersApi;
import feign.Feign;
import feign.Logger;
import feign.Request;
import feign.Retryer;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;

/**
 * The generated interfaces of the v1 contract, built so that every request is signed as it leaves
 * ({@link RequestSigner}), every answer's envelope is read ({@link EnvelopeDecoder}, {@link
 * ServerFailureDecoder}), nothing is retried and the wire log is redacted. The interfaces take no
 * {@code login}, {@code nonce} or {@code hash}: the signer sets them.
 */
final class V1Apis {
  final PaymentsApi payments;
  final RefundsApi refunds;
  final HoldsApi holds;
  final DocumentsApi documents;
  final DocumentsApi documentContent;
  final TransfersApi transfers;

  /** A client of the library's own: HTTP/1.1, never following a redirect, with the TLS given. */
  private static HttpClient ownClient(SSLContext tls, Duration connectTimeout) {
    HttpClient.Builder http =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .followRedirects(HttpClient.Redirect.NEVER)
            .connectTimeout(connectTimeout);
    if (tls != null) {
      http.sslContext(tls);
    }
    return http.build();
  }

  /**
   * @param suppliedHttp the caller's client, used as it is configured, or {@code null} for one made
   *     here
   * @throws IllegalArgumentException when the caller's client follows redirects
   */
  V1Apis(
      String baseUrl,
      RequestSigner signer,
      HttpClient suppliedHttp,
      SSLContext tls,
      Duration connectTimeout,
      Duration readTimeout,
      Logger.Level logLevel) {
    HttpClient http = suppliedHttp != null ? suppliedHttp : ownClient(tls, connectTimeout);
    if (http.followRedirects() != HttpClient.Redirect.NEVER) {
      // A redirect would carry the signed values to wherever the server points.
      throw new IllegalArgumentException(
          "httpClient must not follow redirects (Redirect.NEVER), it is set to "
              + http.followRedirects());
    }
    // Feign's JDK transport builds a second client, without the caller's, when the options name
    // another connect timeout than the client has; so a supplied client's own timeout goes into
    // the options.
    Duration connect = http.connectTimeout().orElse(connectTimeout);
    ObjectMapper json = ApiClient.createObjectMapper();
    Feign.Builder feign =
        ApiClient.defaultFeignBuilder(http, json)
            .requestInterceptor(signer)
            .decoder(new EnvelopeDecoder(json))
            .errorDecoder(new ServerFailureDecoder())
            // A repeated refund is a second refund: never retry on our own.
            .retryer(Retryer.NEVER_RETRY)
            .options(
                new Request.Options(
                    connect.toMillis(),
                    TimeUnit.MILLISECONDS,
                    readTimeout.toMillis(),
                    TimeUnit.MILLISECONDS,
                    false))
            // Document content is handed to the caller as the live stream; the decoder closes every
            // other body.
            .doNotCloseAfterDecode()
            .logger(new RedactingLogger())
            .logLevel(logLevel);
    // Document content streams to the caller, each part within readTimeout. Every other answer,
    // the document list included, is a small envelope read whole within readTimeout and 16 MiB: a
    // server that sends headers and then stalls, or never stops, cannot hang a call.
    this.documentContent =
        feign.client(new StreamingTransport(http)).target(DocumentsApi.class, baseUrl);
    feign.client(new BoundedTransport(http));
    this.documents = feign.target(DocumentsApi.class, baseUrl);
    this.payments = feign.target(PaymentsApi.class, baseUrl);
    this.refunds = feign.target(RefundsApi.class, baseUrl);
    this.holds = feign.target(HoldsApi.class, baseUrl);
    this.transfers = feign.target(TransfersApi.class, baseUrl);
  }
}
