package com.merchantpay.sandbox.internal.http;

import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Requests as the interfaces read them, answers as they write them, and URL encoding. */
public final class HttpSupport {
  /** Bodies larger than this are refused; nothing the interfaces carry comes close. */
  public static final int MAX_BODY = 1 << 20;

  private HttpSupport() {}

  /** An incoming request, read completely. */
  public record In(
      String method,
      String rawPath,
      Map<String, List<String>> query,
      Map<String, List<String>> headers,
      byte[] body) {

    public String header(String name) {
      for (Map.Entry<String, List<String>> entry : headers.entrySet()) {
        if (entry.getKey().equalsIgnoreCase(name) && !entry.getValue().isEmpty()) {
          return entry.getValue().get(0);
        }
      }
      return null;
    }

    public String queryParam(String name) {
      List<String> values = query.get(name);
      return values == null || values.isEmpty() ? null : values.get(0);
    }

    public String contentType() {
      String type = header("Content-Type");
      return type == null ? null : type.toLowerCase(Locale.ROOT);
    }

    public boolean hasBody() {
      return body.length > 0;
    }
  }

  /** A response to send. */
  public record Out(int status, String contentType, byte[] body, Map<String, String> headers) {
    public static Out json(int status, com.fasterxml.jackson.databind.JsonNode node) {
      return new Out(status, "application/json", Json.bytes(node), Map.of());
    }

    public static Out empty(int status) {
      return new Out(status, null, new byte[0], Map.of());
    }

    public static Out text(int status, String contentType, String text) {
      return new Out(status, contentType, text.getBytes(StandardCharsets.UTF_8), Map.of());
    }

    public Out withHeader(String name, String value) {
      Map<String, String> copy = new LinkedHashMap<>(headers);
      copy.put(name, value);
      return new Out(status, contentType, body, copy);
    }
  }

  /**
   * Splits an {@code application/x-www-form-urlencoded} text (or a raw query string) into its
   * values, in order, with {@code +} read as a space as HTML forms write it.
   *
   * @throws IllegalArgumentException on a malformed percent escape
   */
  public static Map<String, List<String>> parseForm(String raw) {
    Map<String, List<String>> values = new LinkedHashMap<>();
    if (raw == null || raw.isEmpty()) {
      return values;
    }
    for (String pair : raw.split("&")) {
      if (pair.isEmpty()) {
        continue;
      }
      int eq = pair.indexOf('=');
      String name = decode(eq < 0 ? pair : pair.substring(0, eq), true);
      String value = eq < 0 ? "" : decode(pair.substring(eq + 1), true);
      values.computeIfAbsent(name, k -> new ArrayList<>()).add(value);
    }
    return values;
  }

  public static String decode(String text, boolean plusIsSpace) {
    String prepared = plusIsSpace ? text : text.replace("+", "%2B");
    return URLDecoder.decode(prepared, StandardCharsets.UTF_8);
  }

  public static String first(Map<String, List<String>> values, String name) {
    List<String> list = values.get(name);
    return list == null || list.isEmpty() ? null : list.get(0);
  }

  public static String encodePathSegment(String segment) {
    return URLEncoder.encode(segment, StandardCharsets.UTF_8).replace("+", "%20");
  }

  /**
   * Whether an address is one the sandbox may call or show as a link: an absolute http or https URL
   * with a host, in any letter case.
   */
  public static boolean isWebAddress(String address) {
    if (address == null) {
      return false;
    }
    try {
      java.net.URI uri = new java.net.URI(address);
      String scheme = uri.getScheme();
      return uri.getHost() != null
          && scheme != null
          && (scheme.equalsIgnoreCase("http") || scheme.equalsIgnoreCase("https"));
    } catch (java.net.URISyntaxException e) {
      return false;
    }
  }
}
