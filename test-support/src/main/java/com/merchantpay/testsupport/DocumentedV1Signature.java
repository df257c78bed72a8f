package com.merchantpay.testsupport;

import static java.util.Map.entry;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The v1 signature rule written from the service document alone, for tests to check signers and
 * servers against: it shares no code with the client's signer, the sandbox's check or the kit's
 * signer, and its table of signed values is typed from the document's endpoint table rather than
 * read from our OpenAPI description, so a mistake copied into the description shows here.
 *
 * <p>The rule: the operation's signed values in the document's order, joined with {@code ;} (an
 * absent value contributes an empty string), SHA-1 of the UTF-8 bytes, base64.
 */
public final class DocumentedV1Signature {
  /** The "Hashed" column of the document's endpoint table. */
  public static final Map<String, List<String>> SIGNED_VALUES =
      Map.ofEntries(
          entry("getPayment", List.of("login", "password", "nonce", "paymentID")),
          entry(
              "getPaymentByInvoiceID",
              List.of("login", "password", "nonce", "invoiceID", "siteAlias")),
          entry(
              "listPaymentsFilter",
              List.of(
                  "login",
                  "password",
                  "nonce",
                  "accountID",
                  "siteAlias",
                  "periodFrom",
                  "periodTo",
                  "invoiceID",
                  "state")),
          entry(
              "refundPayment",
              List.of("login", "password", "nonce", "paymentID", "amount", "externalID")),
          entry(
              "listRefunds",
              List.of(
                  "login",
                  "password",
                  "nonce",
                  "accountID",
                  "paymentID",
                  "periodFrom",
                  "periodTo",
                  "externalID")),
          entry("confirmPayment", List.of("login", "password", "nonce", "paymentID", "amount")),
          entry("cancelPayment", List.of("login", "password", "nonce", "paymentID", "error")),
          entry(
              "listDocuments",
              List.of("login", "password", "nonce", "accountID", "periodFrom", "periodTo")),
          entry("getDocumentContent", List.of("login", "password", "nonce", "documentID")),
          entry(
              "listTransfers",
              List.of("login", "password", "nonce", "accountID", "periodFrom", "periodTo")),
          entry("getTransferRegister", List.of("login", "password", "nonce", "registerID")));

  private DocumentedV1Signature() {}

  /**
   * The text that is hashed. The operation may be named in any letter case, as the service's
   * samples do; {@code values} holds the request's values by name (login and nonce included), the
   * password apart.
   */
  public static String signedText(String operation, String password, Map<String, String> values) {
    List<String> parts = new ArrayList<>();
    for (String name : SIGNED_VALUES.get(documented(operation))) {
      parts.add(name.equals("password") ? password : values.getOrDefault(name, ""));
    }
    return String.join(";", parts);
  }

  /** Base64 of the SHA-1 of the text's UTF-8 bytes. */
  public static String hash(String signedText) {
    try {
      byte[] digest =
          MessageDigest.getInstance("SHA-1").digest(signedText.getBytes(StandardCharsets.UTF_8));
      return Base64.getEncoder().encodeToString(digest);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The hash a request with these values must carry. */
  public static String hash(String operation, String password, Map<String, String> values) {
    return hash(signedText(operation, password, values));
  }

  /** The hash that the values a server received call for; the first value of each name counts. */
  public static String expectedHash(
      String operation, Map<String, List<String>> received, String password) {
    Map<String, String> first = new LinkedHashMap<>();
    received.forEach((name, values) -> first.put(name, values.isEmpty() ? "" : values.get(0)));
    return hash(operation, password, first);
  }

  /**
   * Whether the request a server received carries exactly one hash, and the right one for this
   * password.
   */
  public static boolean accepts(
      String operation, Map<String, List<String>> received, String password) {
    List<String> hash = received.get("hash");
    return hash != null
        && hash.size() == 1
        && hash.get(0).equals(expectedHash(operation, received, password));
  }

  /**
   * Name/value pairs of a query string or form body, decoded as a typical server does ('+' is a
   * space).
   */
  public static Map<String, List<String>> parse(String encoded) {
    Map<String, List<String>> values = new LinkedHashMap<>();
    if (encoded == null || encoded.isEmpty()) {
      return values;
    }
    for (String pair : encoded.split("&")) {
      int equals = pair.indexOf('=');
      String name =
          URLDecoder.decode(equals < 0 ? pair : pair.substring(0, equals), StandardCharsets.UTF_8);
      String value =
          equals < 0 ? "" : URLDecoder.decode(pair.substring(equals + 1), StandardCharsets.UTF_8);
      values.computeIfAbsent(name, key -> new ArrayList<>()).add(value);
    }
    return values;
  }

  private static String documented(String operation) {
    return SIGNED_VALUES.keySet().stream()
        .filter(operation::equalsIgnoreCase)
        .findFirst()
        .orElseThrow(
            () -> new IllegalArgumentException("not a v1 operation of the document: " + operation));
  }
}
