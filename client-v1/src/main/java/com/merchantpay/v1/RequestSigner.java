package com.merchantpay.v1;

import com.merchantpay.v1.internal.ApiOperations;
import com.merchantpay.v1.internal.WireValueExpander;
import feign.RequestInterceptor;
import feign.RequestTemplate;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.StringJoiner;
import java.util.function.Supplier;

/**
 * Signs every request: adds {@code login}, a fresh {@code nonce} and {@code hash}, the base64 of
 * the SHA-1 of the operation's signed values joined with {@code ;}.
 *
 * <p>Which values are signed, and in which order, comes from the contract ({@code
 * x-hashed-parameters}, via the generated {@link ApiOperations}). The values are read back from the
 * request as Feign built it (query string for GET, form body for POST) and decoded, so the text
 * signed is exactly the text the service decodes: an amount formatted once as {@code 250.5} is
 * signed and sent as {@code 250.5}. A value the request leaves out is signed as an empty string.
 * The password enters the digest only; it is never added to the request. The generated interfaces
 * take no {@code login}, {@code nonce} or {@code hash} (generator option {@code
 * parametersSetByInterceptor}): they are set here only.
 */
final class RequestSigner implements RequestInterceptor {
  static final String LOGIN = "login";
  static final String PASSWORD = "password";
  static final String NONCE = "nonce";
  static final String HASH = "hash";
  private static final Set<String> ADDED_HERE = Set.of(LOGIN, NONCE, HASH);
  private static final String FORM = "application/x-www-form-urlencoded";
  private static final WireValueExpander.PercentEncoded URI_VALUE =
      new WireValueExpander.PercentEncoded();

  private final String login;
  private final char[] password;
  private final Supplier<String> nonces;

  RequestSigner(String login, char[] password, Supplier<String> nonces) {
    this.login = login;
    this.password = password.clone();
    this.nonces = nonces;
  }

  @Override
  public void apply(RequestTemplate template) {
    ApiOperations.Operation operation = Operations.of(template);
    String nonce = Nonces.validated(nonces.get());
    boolean form = isForm(template);
    Map<String, List<String>> sent = form ? formValues(template) : queryValues(template);
    if (sent.containsKey(PASSWORD)) {
      throw new IllegalStateException(
          operation.operationId() + ": a request must never carry the password");
    }
    List<CharSequence> signed = new ArrayList<>();
    for (String name : operation.hashedParameters()) {
      switch (name) {
        case LOGIN -> signed.add(login);
        case PASSWORD -> signed.add(CharBuffer.wrap(password));
        case NONCE -> signed.add(nonce);
        default -> signed.add(single(operation, name, sent.get(name)));
      }
    }
    StringBuilder canonical = canonical(signed);
    String hash = digest(canonical);
    wipe(canonical);
    if (form) {
      writeForm(template, nonce, hash);
    } else {
      writeQuery(template, nonce, hash);
    }
  }

  /** The text that is signed: the values joined with {@code ;}. */
  static StringBuilder canonical(List<? extends CharSequence> values) {
    StringBuilder text = new StringBuilder(128);
    for (int i = 0; i < values.size(); i++) {
      if (i > 0) {
        text.append(';');
      }
      text.append(values.get(i));
    }
    return text;
  }

  /** Standard base64 (with padding) of the SHA-1 digest of the UTF-8 bytes of the text. */
  static String digest(CharSequence canonical) {
    ByteBuffer utf8 = StandardCharsets.UTF_8.encode(CharBuffer.wrap(canonical));
    try {
      MessageDigest sha1 = MessageDigest.getInstance("SHA-1");
      sha1.update(utf8.duplicate());
      return Base64.getEncoder().encodeToString(sha1.digest());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java runtime provides SHA-1", e);
    } finally {
      wipe(utf8);
    }
  }

  private static CharSequence single(
      ApiOperations.Operation operation, String name, List<String> values) {
    if (values == null || values.isEmpty()) {
      return "";
    }
    if (values.size() > 1) {
      throw new IllegalStateException(
          operation.operationId()
              + " sends "
              + values.size()
              + " values for the signed parameter "
              + name);
    }
    return values.get(0);
  }

  private static boolean isForm(RequestTemplate template) {
    Collection<String> types = template.headers().get("Content-Type");
    return types != null
        && types.stream().anyMatch(type -> type.toLowerCase(Locale.ROOT).startsWith(FORM));
  }

  private static Map<String, List<String>> queryValues(RequestTemplate template) {
    Map<String, List<String>> values = new LinkedHashMap<>();
    template
        .queries()
        .forEach(
            (name, encoded) -> {
              for (String value : encoded) {
                values.computeIfAbsent(name, key -> new ArrayList<>()).add(percentDecode(value));
              }
            });
    return values;
  }

  private static Map<String, List<String>> formValues(RequestTemplate template) {
    Map<String, List<String>> values = new LinkedHashMap<>();
    for (String field : formFields(template)) {
      int equals = field.indexOf('=');
      String name =
          URLDecoder.decode(
              equals < 0 ? field : field.substring(0, equals), StandardCharsets.UTF_8);
      String value =
          equals < 0 ? "" : URLDecoder.decode(field.substring(equals + 1), StandardCharsets.UTF_8);
      values.computeIfAbsent(name, key -> new ArrayList<>()).add(value);
    }
    return values;
  }

  private static List<String> formFields(RequestTemplate template) {
    byte[] body = template.body();
    if (body == null || body.length == 0) {
      return List.of();
    }
    return Arrays.stream(new String(body, StandardCharsets.UTF_8).split("&"))
        .filter(field -> !field.isEmpty())
        .toList();
  }

  /** Credentials first, then the operation's own fields exactly as the form encoder wrote them. */
  private void writeForm(RequestTemplate template, String nonce, String hash) {
    StringJoiner body = new StringJoiner("&");
    body.add(LOGIN + "=" + URLEncoder.encode(login, StandardCharsets.UTF_8));
    body.add(NONCE + "=" + URLEncoder.encode(nonce, StandardCharsets.UTF_8));
    body.add(HASH + "=" + URLEncoder.encode(hash, StandardCharsets.UTF_8));
    for (String field : formFields(template)) {
      int equals = field.indexOf('=');
      String name =
          URLDecoder.decode(
              equals < 0 ? field : field.substring(0, equals), StandardCharsets.UTF_8);
      if (!ADDED_HERE.contains(name)) {
        body.add(field);
      }
    }
    template.body(body.toString().getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8);
  }

  /**
   * Credentials first, then the operation's own values. Everything is percent-encoded before Feign
   * sees it (base64 has {@code + / =}), and Feign leaves encoded values alone.
   */
  private void writeQuery(RequestTemplate template, String nonce, String hash) {
    Map<String, Collection<String>> own = new LinkedHashMap<>(template.queries());
    ADDED_HERE.forEach(own::remove);
    template.queries(null);
    template.query(LOGIN, URI_VALUE.expand(login));
    template.query(NONCE, URI_VALUE.expand(nonce));
    template.query(HASH, URI_VALUE.expand(hash));
    own.forEach(template::query);
  }

  /** Percent-decoding only: a literal {@code +} in a query value stays a plus sign. */
  private static String percentDecode(String value) {
    return URLDecoder.decode(value.replace("+", "%2B"), StandardCharsets.UTF_8);
  }

  private static void wipe(StringBuilder text) {
    for (int i = 0; i < text.length(); i++) {
      text.setCharAt(i, '\0');
    }
  }

  private static void wipe(ByteBuffer bytes) {
    if (bytes.hasArray()) {
      Arrays.fill(bytes.array(), (byte) 0);
    }
  }
}
