package com.merchantpay.v2;

import com.merchantpay.v2.internal.ApiResponse;
import com.merchantpay.v2.internal.Redaction;
import feign.Response;
import feign.codec.Decoder;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.List;

/**
 * A success status with a body that is not the documented JSON (a proxy's HTML page, a truncated
 * document), or with no body where the operation has one, becomes an {@link
 * UnexpectedResponseException} with a redacted excerpt, never a parser message that could quote the
 * body, nor a silent {@code null}.
 */
final class GuardedDecoder implements Decoder {
  private final Decoder delegate;

  GuardedDecoder(Decoder delegate) {
    this.delegate = delegate;
  }

  @Override
  public Object decode(Response response, Type type) {
    Object decoded;
    try {
      decoded = delegate.decode(response, type);
    } catch (IOException | RuntimeException e) {
      throw unexpected(response, "the answer is not the documented JSON");
    }
    if (decoded instanceof ApiResponse<?> answer && answer.getData() == null && expectsBody(type)) {
      // Without this the caller would get null, fail later with a NullPointerException, and lose
      // the key.
      throw unexpected(response, "the answer has no body");
    }
    return decoded;
  }

  private static boolean expectsBody(Type type) {
    Type bodyType =
        type instanceof ParameterizedType parameterized
            ? parameterized.getActualTypeArguments()[0]
            : type;
    return bodyType != Void.class && bodyType != void.class;
  }

  private static ServiceException unexpected(Response response, String what) {
    String methodKey =
        response.request().requestTemplate() == null
            ? "unknown#unknown()"
            : response.request().requestTemplate().methodMetadata().configKey();
    String operation = ServiceErrorDecoder.operationOf(methodKey);
    return new ServiceError(
            operation,
            response.status(),
            null,
            what,
            List.of(),
            Redaction.excerpt(bodyOf(response), operation, Redaction.secretsOf(response.request())),
            ServiceErrorDecoder.requestId(response.headers()),
            ServiceErrorDecoder.header(response.request().headers(), "Idempotency-Key"),
            null)
        .toException();
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
