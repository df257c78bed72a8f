package com.merchantpay.conformance.internal;

import static com.merchantpay.conformance.internal.Fixtures.encode;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;

/**
 * HTTPS only: given an https base URL, the kit sends one call of each interface, without
 * credentials, to the same address over plain HTTP (and to port 80 when the target uses the default
 * port 443). The service must not answer it: a closed connection, a redirect, or a refusal in any
 * form but the service's own passes; a success, a v2 error body or a v1 envelope fails, for the
 * service then takes calls in clear text. Nothing secret goes out over plain HTTP.
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
            List.of("tls"),
            c ->
                plainHttpIsNotServed(
                    c, "v2", "/api/v2/payments/" + encode(c.run().unique("plain-http")))),
        Check.of(
            SUITE,
            "v1-plain-http-is-not-served",
            "A v1 call over plain HTTP to the target's address gets no answer of the service",
            "v1.general.https",
            List.of("tls"),
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
    for (URI twin : plainTwins(base, pathAndQuery)) {
      Exchange exchange = c.sendAside("GET", twin);
      String served = servedInClear(exchange, api);
      c.expect(
          served == null,
          "no answer of the service to "
              + api
              + " over plain HTTP at "
              + twin.getScheme()
              + "://"
              + twin.getRawAuthority()
              + " (a closed connection, a redirect, or a refusal not in the service's form)",
          () -> served + ": " + exchange.summary(),
          exchange);
    }
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

  /** What shows the service answered a call in clear text, or null when nothing does. */
  static String servedInClear(Exchange exchange, String api) {
    if (!exchange.answered() || exchange.status() / 100 == 3) {
      return null;
    }
    JsonNode json = exchange.json();
    if (json == null || !json.isObject()) {
      // A web server's own page (426, nginx's "plain HTTP request sent to HTTPS port") is not the
      // service.
      return null;
    }
    if (api.equals("v1")) {
      return exchange.v1ErrorCode() != null || exchange.status() / 100 == 2
          ? "the service answered over plain HTTP (a v1 envelope came back)"
          : null;
    }
    if (exchange.status() / 100 == 2) {
      return "the service answered over plain HTTP with a success";
    }
    return exchange.errorCode() != null
        ? "the service answered over plain HTTP with its own refusal (" + exchange.errorCode() + ")"
        : null;
  }
}
