package com.merchantpay.v1;

import feign.Request;
import feign.Response;
import feign.codec.ErrorDecoder;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Any HTTP status other than 200 is a failure of the service itself, whatever the body says. */
final class ServerFailureDecoder implements ErrorDecoder {
  private static final Pattern SENT_SECRET = Pattern.compile("(?:^|[?&])(?:hash|nonce)=([^&]*)");

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
        operation, response.status(), "the service failed instead of answering 200",
        Redaction.excerpt(body, sentSecrets(response.request())), null);
  }

  /** Signature and nonce as sent, raw and decoded, in case the server echoes them without their names. */
  static List<String> sentSecrets(Request request) {
    List<String> secrets = new ArrayList<>();
    if (request == null) {
      return secrets;
    }
    String sent = request.url() + "&" + (request.body() == null ? "" : new String(request.body(), StandardCharsets.UTF_8));
    Matcher matcher = SENT_SECRET.matcher(sent);
    while (matcher.find()) {
      String raw = matcher.group(1);
      secrets.add(raw);
      secrets.add(URLDecoder.decode(raw.replace("+", "%2B"), StandardCharsets.UTF_8));
      secrets.add(URLDecoder.decode(raw, StandardCharsets.UTF_8));
    }
    return secrets;
  }
}
