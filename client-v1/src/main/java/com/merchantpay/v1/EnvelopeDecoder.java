package com.merchantpay.v1;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.xml.XmlMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import com.merchantpay.v1.internal.BoundedTransport;
import com.merchantpay.v1.internal.LenientDateTimeModule;
import com.merchantpay.v1.internal.Redaction;
import com.merchantpay.v1.model.ErrorCode;
import feign.Response;
import feign.Types;
import feign.codec.Decoder;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Type;
import java.util.Collection;
import java.util.Locale;
import java.util.Map;

/**
 * Reads the v1 envelope. Status 200 with {@code ErrorCode} 0 gives the envelope to the caller; any
 * other {@code ErrorCode} throws {@link V1ErrorCodeException} (a payload sent along with it is
 * ignored); a status other than 200 throws {@link V1ServerFailureException}. JSON and XML are both
 * read, by the answer's content type (or, without one, its first character). Unknown members and
 * elements are ignored.
 *
 * <p>A binary answer ({@code getDocumentContent}) is handed over as the live response stream, not
 * read here; only an {@code application/json} answer to it is read, since that is how the service
 * reports a failure.
 */
final class EnvelopeDecoder implements Decoder {
  private final ObjectMapper json;
  private final XmlMapper xml;

  EnvelopeDecoder(ObjectMapper json) {
    this.json = json;
    this.xml = createXmlMapper();
  }

  /**
   * Same tolerance as the JSON mapper: unknown elements ignored, decimals exact, local date-times.
   */
  static XmlMapper createXmlMapper() {
    return XmlMapper.builder()
        .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
        .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
        .enable(DeserializationFeature.ACCEPT_EMPTY_STRING_AS_NULL_OBJECT)
        .addModule(new JavaTimeModule())
        .addModule(new LenientDateTimeModule())
        .build();
  }

  @Override
  public Object decode(Response response, Type type) throws IOException {
    String operation = Operations.nameOf(response.request());
    if (response.status() != 200) {
      throw ServerFailureDecoder.failure(operation, response);
    }
    if (InputStream.class.isAssignableFrom(Types.getRawType(type))) {
      return binary(operation, response);
    }
    byte[] body = readAndClose(response);
    String[] secrets = Redaction.secretsOf(response.request());
    boolean isXml = isXml(response, body);
    JsonNode tree = tree(operation, body, isXml, secrets);
    checkErrorCode(operation, tree, body, secrets);
    try {
      return isXml
          ? xml.readValue(body, xml.constructType(type))
          : json.treeToValue(tree, json.constructType(type));
    } catch (JsonProcessingException e) {
      throw unreadable(operation, body, e, secrets);
    }
  }

  private InputStream binary(String operation, Response response) throws IOException {
    if (response.body() == null) {
      return InputStream.nullInputStream();
    }
    if (!contentType(response).startsWith("application/json")) {
      return response.body().asInputStream();
    }
    byte[] body = readAndClose(response);
    JsonNode tree;
    try {
      tree = json.readTree(body);
    } catch (JsonProcessingException e) {
      tree = null;
    }
    if (tree != null && tree.isObject() && tree.has("ErrorCode")) {
      checkErrorCode(operation, tree, body, Redaction.secretsOf(response.request()));
    }
    // JSON that is not a failure envelope is the document itself.
    return new ByteArrayInputStream(body);
  }

  private JsonNode tree(String operation, byte[] body, boolean isXml, String[] secrets) {
    try {
      JsonNode tree = (isXml ? xml : json).readTree(body);
      if (tree == null || !tree.isObject()) {
        throw new V1ServerFailureException(
            operation,
            200,
            "the answer is not an envelope",
            Redaction.excerpt(body, operation, secrets),
            null);
      }
      return tree;
    } catch (IOException e) {
      throw unreadable(operation, body, e, secrets);
    }
  }

  private static void checkErrorCode(
      String operation, JsonNode envelope, byte[] body, String[] secrets) {
    JsonNode code = envelope.get("ErrorCode");
    Integer value = null;
    if (code != null && code.isIntegralNumber() && code.canConvertToInt()) {
      value = code.intValue();
    } else if (code != null && code.isTextual()) {
      // XML carries every value as text.
      try {
        value = Integer.valueOf(code.textValue().strip());
      } catch (NumberFormatException ignored) {
        value = null;
      }
    }
    if (value == null) {
      throw new V1ServerFailureException(
          operation,
          200,
          "the answer has no integer ErrorCode",
          Redaction.excerpt(body, operation, secrets),
          null);
    }
    if (value != 0) {
      throw new V1ErrorCodeException(operation, ErrorCode.fromValue(value));
    }
  }

  /**
   * The parser's exception is not kept, not even as the cause: its message quotes tokens of the
   * body, which may be a signature or nonce the server echoed. Its kind and the place in the body
   * are enough to start.
   */
  private static V1ServerFailureException unreadable(
      String operation, byte[] body, Exception problem, String[] secrets) {
    String where = "";
    if (problem instanceof JsonProcessingException parsing && parsing.getLocation() != null) {
      where =
          " at line "
              + parsing.getLocation().getLineNr()
              + ", column "
              + parsing.getLocation().getColumnNr();
    }
    return new V1ServerFailureException(
        operation,
        200,
        "the answer could not be read (" + problem.getClass().getSimpleName() + where + ")",
        Redaction.excerpt(body, operation, secrets),
        null);
  }

  private static boolean isXml(Response response, byte[] body) {
    String type = contentType(response);
    if (!type.isEmpty()) {
      return type.contains("xml");
    }
    for (byte b : body) {
      if (!Character.isWhitespace(b)) {
        return b == '<';
      }
    }
    return false;
  }

  static String contentType(Response response) {
    for (Map.Entry<String, Collection<String>> header : response.headers().entrySet()) {
      if ("content-type".equalsIgnoreCase(header.getKey()) && !header.getValue().isEmpty()) {
        return header.getValue().iterator().next().toLowerCase(Locale.ROOT).strip();
      }
    }
    return "";
  }

  static byte[] readAndClose(Response response) throws IOException {
    if (response.body() == null) {
      return new byte[0];
    }
    // Most answers come through the bounded transport already; the streamed document content, read
    // whole only when it is an envelope or a failure, is bounded here.
    try (InputStream in = response.body().asInputStream()) {
      byte[] body =
          in instanceof StreamingTransport.TimedStream streamed
              ? streamed.readWhole(BoundedTransport.DEFAULT_MAX_BODY_BYTES)
              : in.readNBytes(BoundedTransport.DEFAULT_MAX_BODY_BYTES + 1);
      if (body.length > BoundedTransport.DEFAULT_MAX_BODY_BYTES) {
        throw new IOException(
            "the answer is larger than " + BoundedTransport.DEFAULT_MAX_BODY_BYTES + " bytes");
      }
      return body;
    }
  }
}
