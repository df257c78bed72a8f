package com.merchantpay.v1;

import com.merchantpay.v1.internal.Redaction;
import feign.Response;
import feign.codec.ErrorDecoder;
import java.io.IOException;

/** Any HTTP status other than 200 is a failure of the service itself, whatever the body says. */
final class ServerFailureDecoder implements ErrorDecoder {
  @Override
  public Exception decode(String methodKey, Response response) {
    return failure(Operations.nameOf(response.request()), response);
  }

  static V1ServerFailureException failure(String operation, Response response) {
    byte[] body;
    try {
      body = EnvelopeDecoder.readAndClose(response);
    } catch (IOException e) {
      body = new byte[0];
    }
    return new V1ServerFailureException(
        operation,
        response.status(),
        "the service failed instead of answering 200",
        Redaction.excerpt(body, operation, Redaction.secretsOf(response.request())),
        null);
  }
}
