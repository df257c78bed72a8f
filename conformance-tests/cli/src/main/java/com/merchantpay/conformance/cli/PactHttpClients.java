package com.merchantpay.conformance.cli;

import au.com.dius.pact.provider.IHttpClientFactory;
import com.merchantpay.conformance.judge.PactScreen;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.client5.http.ssl.DefaultClientTlsStrategy;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.EntityDetails;
import org.apache.hc.core5.http.HttpEntity;
import org.apache.hc.core5.http.HttpResponse;
import org.apache.hc.core5.http.io.entity.ByteArrayEntity;
import org.apache.hc.core5.http.protocol.HttpContext;
import org.apache.hc.core5.util.Timeout;

/**
 * The HTTP client Pact's verifier reaches the provider with. A provider's answer is untrusted as a
 * consumer's pact is: Pact reads it whole, however large or slow, and parses an XML answer with its
 * external entities resolved. So each answer is read here first, within the call's timeout and
 * {@link #MAX_ANSWER} bytes, refused when it declares a DTD, and only then handed on. Content
 * coding is not asked for, so what is screened is what Pact parses. Redirects are judged, never
 * followed (to plain HTTP, with the token), as by Pact's own client.
 */
final class PactHttpClients {
  /** The most of one answer the verifier reads, as the kit's checks. */
  static final int MAX_ANSWER = 8 << 20;

  private static final String STARTED = "merchantpay.started";

  private PactHttpClients() {}

  /**
   * Clients for the provider.
   *
   * @param tls the TLS context for an https provider, or null for plain HTTP
   * @param timeout how long one call may take, its whole answer included
   */
  static IHttpClientFactory factory(SSLContext tls, Duration timeout) {
    PoolingHttpClientConnectionManagerBuilder connections =
        PoolingHttpClientConnectionManagerBuilder.create()
            .setDefaultConnectionConfig(
                ConnectionConfig.custom()
                    .setConnectTimeout(Timeout.of(timeout))
                    .setSocketTimeout(Timeout.of(timeout))
                    .build());
    if (tls != null) {
      connections.setTlsSocketStrategy(new DefaultClientTlsStrategy(tls));
    }
    return provider ->
        HttpClients.custom()
            .disableRedirectHandling()
            .disableContentCompression()
            .setDefaultRequestConfig(
                RequestConfig.custom().setResponseTimeout(Timeout.of(timeout)).build())
            .setConnectionManager(connections.build())
            .addRequestInterceptorFirst(
                (request, entity, context) -> context.setAttribute(STARTED, System.nanoTime()))
            .addResponseInterceptorLast(
                (response, entity, context) -> screen(response, entity, context, timeout))
            .build();
  }

  private static void screen(
      HttpResponse response, EntityDetails details, HttpContext context, Duration timeout)
      throws IOException {
    if (!(response instanceof ClassicHttpResponse classic) || classic.getEntity() == null) {
      return;
    }
    HttpEntity entity = classic.getEntity();
    if (entity.getContentLength() > MAX_ANSWER) {
      throw new IOException(
          "the provider's answer declares "
              + entity.getContentLength()
              + " bytes, over the "
              + (MAX_ANSWER >> 20)
              + " MiB the verifier reads");
    }
    Object started = context.getAttribute(STARTED);
    long deadline = (started instanceof Long at ? at : System.nanoTime()) + timeout.toNanos();
    byte[] body = read(entity, deadline, timeout);
    String type = entity.getContentType();
    if (PactScreen.declaresDtd(body, type)) {
      throw new IOException(
          "the provider's answer declares a DTD (<!DOCTYPE or <!ENTITY): no answer of either "
              + "interface has one, and the verifier parses none");
    }
    classic.setEntity(
        new ByteArrayEntity(
            body,
            type == null ? null : ContentType.parseLenient(type),
            entity.getContentEncoding()));
  }

  private static byte[] read(HttpEntity entity, long deadline, Duration timeout)
      throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    byte[] chunk = new byte[16 * 1024];
    try (InputStream in = entity.getContent()) {
      for (int n; (n = in.read(chunk)) != -1; ) {
        out.write(chunk, 0, n);
        if (out.size() > MAX_ANSWER) {
          throw new IOException(
              "the provider's answer is over the "
                  + (MAX_ANSWER >> 20)
                  + " MiB the verifier reads");
        }
        if (System.nanoTime() - deadline > 0) {
          throw new IOException(
              "the provider's answer took longer than "
                  + TimeUnit.NANOSECONDS.toSeconds(timeout.toNanos())
                  + " s to arrive whole");
        }
      }
    }
    return out.toByteArray();
  }
}
