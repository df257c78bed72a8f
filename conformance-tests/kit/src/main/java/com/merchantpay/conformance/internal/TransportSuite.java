package com.merchantpay.conformance.internal;

import static com.merchantpay.conformance.internal.Fixtures.encode;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * HTTPS only: given an https base URL, the kit sends one call of each interface, without
 * credentials, over HTTPS and then to the same address over plain HTTP (and to port 80 when the
 * target uses the default port 443). The plain call must not be served: a closed connection, a
 * redirect, or any refusal that differs from the HTTPS answer (a web server's page, a service's
 * "use HTTPS" error) passes; a success, or the very answer HTTPS gave (the same status, error code
 * and form), fails, for the service then takes calls in clear text. Nothing secret goes out over
 * plain HTTP.
 */
final class TransportSuite {
  static final String SUITE = "transport";
  private static final int HTTPS_PORT = 443;

  private TransportSuite() {}

  static List<Check> checks() {
    return List.of(
        Check.of(
            SUITE,
            "plain-http-is-not-served",
            "A v2 call over plain HTTP to the target's address gets no answer of the service",
            "v2.general.https",
            List.of(Tag.TLS),
            c ->
                plainHttpIsNotServed(
                    c, "v2", Paths.v2("getPayment", c.run().unique("plain-http")))),
        Check.of(
            SUITE,
            "v1-plain-http-is-not-served",
            "A v1 call over plain HTTP to the target's address gets no answer of the service",
            "v1.general.https",
            List.of(Tag.TLS),
            c ->
                plainHttpIsNotServed(
                    c,
                    "v1",
                    "/api/v1/getPayment?PaymentID=" + encode(c.run().unique("plain-http")))));
  }

  private static void plainHttpIsNotServed(CheckContext c, String api, String pathAndQuery) {
    c.serves(api);
    URI base = c.target().baseUrl();
    c.require(
        "https".equalsIgnoreCase(base.getScheme()),
        "the target was given as "
            + base.getScheme()
            + "://, so whether it refuses plain HTTP cannot be seen; give its https base URL");
    Exchange overHttps = c.sendAside("GET", URI.create(stripSlash(base) + pathAndQuery));
    for (URI twin : plainTwins(base, pathAndQuery)) {
      Exchange exchange = c.sendAside("GET", twin);
      String served = servedInClear(exchange, overHttps);
      c.expect(
          served == null,
          "no answer of the service to "
              + api
              + " over plain HTTP at "
              + twin.getScheme()
              + "://"
              + twin.getRawAuthority()
              + " (a closed connection, a redirect, or a refusal unlike the HTTPS answer)",
          () -> served + ": " + exchange.summary(),
          exchange);
    }
  }

  private static String stripSlash(URI base) {
    String text = base.toString();
    return text.endsWith("/") ? text.substring(0, text.length() - 1) : text;
  }

  /** The target's address over plain HTTP, and port 80 too when it is reached on 443. */
  static List<URI> plainTwins(URI base, String pathAndQuery) {
    String path = base.getRawPath() == null ? "" : base.getRawPath();
    if (path.endsWith("/")) {
      path = path.substring(0, path.length() - 1);
    }
    int port = base.getPort() == -1 ? HTTPS_PORT : base.getPort();
    List<URI> twins = new ArrayList<>();
    twins.add(URI.create("http://" + base.getHost() + ":" + port + path + pathAndQuery));
    if (port == HTTPS_PORT) {
      twins.add(URI.create("http://" + base.getHost() + path + pathAndQuery));
    }
    return twins;
  }

  /**
   * What shows the service served a call in clear text, or null when nothing does: a success, or
   * the answer the same call got over HTTPS.
   */
  static String servedInClear(Exchange plain, Exchange overHttps) {
    if (!plain.answered() || plain.status() / 100 == 3) {
      return null;
    }
    // v1 answers its refusals with 200 and a non-zero ErrorCode: those are judged by their form.
    Integer v1Code = plain.v1ErrorCode();
    if (plain.status() / 100 == 2 && (v1Code == null || v1Code == 0) && plain.errorCode() == null) {
      return "the service answered over plain HTTP with a success";
    }
    if (overHttps.answered() && form(plain).equals(form(overHttps))) {
      return "the service answered over plain HTTP as over HTTPS ("
          + form(overHttps)
          + "): it serves calls in clear text";
    }
    return null;
  }

  /**
   * An answer's form, free of what changes from call to call: its status, and its v2 error code, v1
   * ErrorCode, JSON members or media type.
   */
  static String form(Exchange exchange) {
    String form = "HTTP " + exchange.status();
    JsonNode json = exchange.json();
    if (exchange.errorCode() != null) {
      return form + ", code " + exchange.errorCode();
    }
    if (exchange.v1ErrorCode() != null) {
      return form + ", ErrorCode " + exchange.v1ErrorCode();
    }
    if (json != null && json.isObject()) {
      List<String> members = new ArrayList<>();
      json.fieldNames().forEachRemaining(members::add);
      members.sort(null);
      return form + ", JSON members " + members;
    }
    if (exchange.body().length == 0) {
      return form + ", no body";
    }
    // Two pages alike but for numbers (a date, a request id) are one form.
    String type = exchange.header("Content-Type");
    return form
        + ", "
        + (type == null ? "a body of no media type" : type.toLowerCase(Locale.ROOT))
        + " #"
        + Integer.toHexString(exchange.text().replaceAll("[0-9]", "").hashCode());
  }
}
