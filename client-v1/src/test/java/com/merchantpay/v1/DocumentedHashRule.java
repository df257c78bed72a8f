package com.merchantpay.v1;

import static java.util.Map.entry;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An implementation of the v1 signature rule written from the service document alone, sharing no code
 * with the client: its own table of signed values (typed from the document's endpoint table, not read
 * from the OpenAPI description), its own parsing of the request as the server received it, its own digest.
 */
final class DocumentedHashRule {
  /** The "Hashed" column of the document's endpoint table. */
  static final Map<String, List<String>> SIGNED_VALUES = Map.ofEntries(
      entry("getPayment", List.of("login", "password", "nonce", "paymentID")),
      entry("getPaymentByInvoiceID", List.of("login", "password", "nonce", "invoiceID", "siteAlias")),
      entry("listPaymentsFilter", List.of(
          "login", "password", "nonce", "accountID", "siteAlias", "periodFrom", "periodTo", "invoiceID", "state")),
      entry("refundPayment", List.of("login", "password", "nonce", "paymentID", "amount", "externalID")),
      entry("listRefunds", List.of(
          "login", "password", "nonce", "accountID", "paymentID", "periodFrom", "periodTo", "externalID")),
      entry("confirmPayment", List.of("login", "password", "nonce", "paymentID", "amount")),
      entry("cancelPayment", List.of("login", "password", "nonce", "paymentID", "error")),
      entry("listDocuments", List.of("login", "password", "nonce", "accountID", "periodFrom", "periodTo")),
      entry("getDocumentContent", List.of("login", "password", "nonce", "documentID")),
      entry("listTransfers", List.of("login", "password", "nonce", "accountID", "periodFrom", "periodTo")),
      entry("getTransferRegister", List.of("login", "password", "nonce", "registerID")));

  private DocumentedHashRule() {}

  /** Whether the hash the server received matches the values it received, for this password. */
  static boolean accepts(String operation, Map<String, List<String>> received, String password) {
    List<String> hash = received.get("hash");
    return hash != null && hash.size() == 1 && hash.get(0).equals(expectedHash(operation, received, password));
  }

  static String expectedHash(String operation, Map<String, List<String>> received, String password) {
    List<String> values = new ArrayList<>();
    for (String name : SIGNED_VALUES.get(operation)) {
      if (name.equals("password")) {
        values.add(password);
      } else {
        List<String> given = received.get(name);
        values.add(given == null ? "" : given.get(0));
      }
    }
    try {
      byte[] digest = MessageDigest.getInstance("SHA-1").digest(String.join(";", values).getBytes(StandardCharsets.UTF_8));
      return Base64.getEncoder().encodeToString(digest);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  /** Name/value pairs of a query string or form body, decoded as a typical server does ('+' is a space). */
  static Map<String, List<String>> parse(String encoded) {
    Map<String, List<String>> values = new LinkedHashMap<>();
    if (encoded == null || encoded.isEmpty()) {
      return values;
    }
    for (String pair : encoded.split("&")) {
      int equals = pair.indexOf('=');
      String name = URLDecoder.decode(equals < 0 ? pair : pair.substring(0, equals), StandardCharsets.UTF_8);
      String value = equals < 0 ? "" : URLDecoder.decode(pair.substring(equals + 1), StandardCharsets.UTF_8);
      values.computeIfAbsent(name, key -> new ArrayList<>()).add(value);
    }
    return values;
  }
}
