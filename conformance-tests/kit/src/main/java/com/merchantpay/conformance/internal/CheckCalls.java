package com.merchantpay.conformance.internal;

import com.merchantpay.conformance.target.Profile;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * A check's calls: to the target as each interface's users (skipping the check when the target data
 * lacks them), to a payer's page on an allowed host, and to the kit's callback receiver. Every
 * exchange is recorded in the check and, but for calls aside, in the run's ledger.
 */
final class CheckCalls {
  private final CheckContext context;

  CheckCalls(CheckContext context) {
    this.context = context;
  }

  V2Calls v2() {
    serves("v2");
    return new V2Calls(
        context,
        "Bearer "
            + context.need(context.target().bearerToken(), "no bearer token given (--token)"));
  }

  void serves(String api) {
    context.require(
        context.profile().serves(api),
        "the profile says the target does not serve " + api + " (interfaces)");
  }

  V2Calls v2WithAuthorization(String authorization) {
    serves("v2");
    return new V2Calls(context, authorization);
  }

  V2Calls v2AsOtherMerchant() {
    serves("v2");
    context.need(
        context.target().otherBearerToken(), "no token of a second merchant given (--other-token)");
    return new V2Calls(context, "Bearer " + context.target().otherBearerToken());
  }

  V1Calls v1() {
    serves("v1");
    return new V1Calls(
        context,
        context.need(context.target().v1Login(), "no v1 login given (--v1-login)"),
        context.need(context.target().v1Password(), "no v1 password given (--v1-password)"));
  }

  V1Calls v1Cashier() {
    serves("v1");
    return new V1Calls(
        context,
        context.need(
            context.target().v1CashierLogin(), "no v1 cashier login given (--v1-cashier-login)"),
        context.need(
            context.target().v1CashierPassword(),
            "no v1 cashier password given (--v1-cashier-password)"));
  }

  Exchange browser(String method, String url, String contentType, String body) {
    return browser(method, url, contentType, Map.of(), body);
  }

  Exchange browser(
      String method, String url, String contentType, Map<String, String> extra, String body) {
    Map<String, String> headers = new LinkedHashMap<>(extra);
    if (contentType != null) {
      headers.put("Content-Type", contentType);
    }
    URI page;
    try {
      // A profile writes the target's own test pages (an inbox of one-time codes) as paths.
      page =
          URI.create(
              url.startsWith("/") && !url.startsWith("//")
                  ? context.target().baseUrl().toString().replaceAll("/+$", "") + url
                  : url);
    } catch (IllegalArgumentException e) {
      throw new CheckFailure(
          context.currentRule() == null ? null : context.currentRule().cite(),
          "a page address the payer's browser can open",
          "not a URL: " + url,
          null);
    }
    String host = page.getHost();
    if (host == null || !pageHostAllowed(host)) {
      // The payer's steps carry card data: the kit sends them to a host the target named only when
      // it is the target's own or one the profile names.
      throw new CheckSkipped(
          "the target named a page on "
              + (host == null ? url : host)
              + ", another host than its own; the kit opens it only when the profile allows the "
              + "host (pageHosts)");
    }
    if ("https".equalsIgnoreCase(context.target().baseUrl().getScheme())
        && !"https".equalsIgnoreCase(page.getScheme())) {
      // A target reached over HTTPS keeps card data off plain HTTP, and so does the kit.
      throw new CheckSkipped(
          "the target named a page over "
              + page.getScheme()
              + " ("
              + host
              + "); the kit sends a payer's steps to an HTTPS target's pages over HTTPS only");
    }
    return send(
        () ->
            context
                .run()
                .wire()
                .sendTo(
                    page,
                    method,
                    headers,
                    body == null ? null : body.getBytes(StandardCharsets.UTF_8)));
  }

  /**
   * The target's own host, a host of the profile's {@code pageHosts}, or one the profile wrote into
   * a payer step's URL itself.
   */
  private boolean pageHostAllowed(String host) {
    if (host.equalsIgnoreCase(context.target().baseUrl().getHost())
        || context.profile().pageHosts().stream().anyMatch(host::equalsIgnoreCase)) {
      return true;
    }
    for (Profile.HttpStep step : context.profile().payerSteps().values()) {
      if (step.url() != null && !step.url().startsWith("{")) {
        try {
          URI written = URI.create(step.url().replaceAll("\\{[^}]*}", "x"));
          if (host.equalsIgnoreCase(written.getHost())) {
            return true;
          }
        } catch (IllegalArgumentException e) {
          // not a URL the profile wrote: no host of its own
        }
      }
    }
    return false;
  }

  Exchange send(String method, String pathAndQuery, Map<String, String> headers, byte[] body) {
    return send(() -> context.run().wire().send(method, pathAndQuery, headers, body));
  }

  Exchange sendAside(String method, URI uri) {
    context.run().limits().beforeCall(null);
    Exchange exchange = context.run().wire().sendTo(uri, method, Map.of(), null);
    synchronized (context.recorded()) {
      context.recorded().add(exchange);
    }
    return exchange;
  }

  Exchange sendOnce(String method, String pathAndQuery, Map<String, String> headers, byte[] body) {
    return sendOnce(() -> context.run().wire().send(method, pathAndQuery, headers, body));
  }

  private Exchange send(Supplier<Exchange> call) {
    while (true) {
      Exchange exchange = sendOnce(call);
      Duration wait = context.slowDown(exchange);
      if (wait == null) {
        return exchange;
      }
      context.waitOut(wait, exchange);
    }
  }

  private Exchange sendOnce(Supplier<Exchange> call) {
    // A stall is counted per suite and interface: a target stalling on v2 bodies may still answer
    // v1 forms.
    String suite =
        context.check() == null
            ? null
            : context.check().suite() + (context.check().tags().contains("v1") ? " (v1)" : "");
    context.run().limits().beforeCall(suite);
    Exchange exchange = call.get();
    synchronized (context.recorded()) {
      context.recorded().add(exchange);
    }
    context.run().ledger().record(exchange, context.run().basePath());
    context
        .run()
        .limits()
        .afterCall(suite, context.check() == null ? null : context.check().id(), exchange);
    return exchange;
  }

  CallbackReceiver.Inbox inbox(int failFirst) {
    return context
        .run()
        .receiver()
        .inbox(context.check() == null ? "set-up" : context.check().id(), failFirst);
  }
}
