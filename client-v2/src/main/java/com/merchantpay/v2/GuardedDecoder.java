package com.merchantpay.v2;

import feign.Response;
import feign.codec.Decoder;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Type;

/**
 * A success status with a body that is not the documented JSON (a proxy's HTML page, a truncated document)
 * becomes an {@link UnexpectedResponseException} with a redacted excerpt, never a parser message that could
 * quote the body.
 */
final class GuardedDecoder implements Decoder {
  private final Decoder delegate;

  GuardedDecoder(Decoder delegate) {
    this.delegate = delegate;
  }

  @Override
  public Object decode(Response response, Type type) {
    try {
      return delegate.decode(response, type);
    } catch (IOException | RuntimeException e) {
      String methodKey = response.request().requestTemplate() == null
          ? "unknown#unknown()"
          : response.request().requestTemplate().methodMetadata().configKey();
      throw new ServiceError(ServiceErrorDecoder.operationOf(methodKey), response.status(), null,
          "the answer is not the documented JSON", java.util.List.of(),
          Redaction.excerpt(bodyOf(response), ServiceErrorDecoder.bearerTokenSent(response)),
          ServiceErrorDecoder.requestId(response.headers()),
          ServiceErrorDecoder.header(response.request().headers(), "Idempotency-Key"), null)
          .toException();
    }
  }

  private static byte[] bodyOf(Response response) {
    if (response.body() == null) {
      return new byte[0];
    }
    try (InputStream in = response.body().asInputStream()) {
      return in.readNBytes(ServiceErrorDecoder.MAX_ERROR_BODY);
    } catch (IOException e) {
      return new byte[0];
    }
  }
}
