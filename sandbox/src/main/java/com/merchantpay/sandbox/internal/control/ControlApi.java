package com.merchantpay.sandbox.internal.control;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.merchantpay.sandbox.internal.config.SandboxConfig;
import com.merchantpay.sandbox.internal.contract.Contracts;
import com.merchantpay.sandbox.internal.contract.RequestBodies;
import com.merchantpay.sandbox.internal.contract.ResolvedCall;
import com.merchantpay.sandbox.internal.contract.Routes;
import com.merchantpay.sandbox.internal.domain.Core;
import com.merchantpay.sandbox.internal.faults.FaultRules;
import com.merchantpay.sandbox.internal.http.ApiError;
import com.merchantpay.sandbox.internal.http.HttpSupport;
import com.merchantpay.sandbox.internal.http.ServedHosts;
import com.merchantpay.sandbox.internal.v2.RuntimeOptions;
import com.merchantpay.spec.ApiSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * The control API under {@code /_sandbox}, described by its own OpenAPI document: configuration,
 * reset, the clock, the journal and the callbacks sent, faults, resources made in a given state and
 * what the payer and the bank would do. Each request is matched to its operation and checked
 * against the document like those of the two interfaces, then handed to its handler in {@link
 * ControlOperations}. It needs no credentials; the sandbox listens on the loopback interface only.
 */
public final class ControlApi {
  /** What the control API asks of the running sandbox it controls. */
  public interface Host {
    /** Forgets every resource, key, nonce and delivery; the clock and identifiers start over. */
    void reset();

    /**
     * Moves the clock forward and settles what fell due; throws IllegalArgumentException on a bad
     * move.
     */
    Instant advance(Duration by);

    Instant now();

    boolean clockIsFixed();

    /**
     * Waits until the callbacks due now were attempted, then the delivery log, for one resource or
     * all.
     */
    ArrayNode callbackLog(String resourceId, Duration wait) throws InterruptedException;

    ArrayNode journalView();

    /**
     * The journal's calls a pattern written as JSON matches, or the closest ones with what each
     * missed; throws ApiError naming a member of the pattern that is wrong.
     */
    ObjectNode findRequests(com.fasterxml.jackson.databind.JsonNode pattern);

    /** Sends a callback again as a new delivery; throws ApiError when there is no such delivery. */
    ObjectNode redeliver(String deliveryId);

    /**
     * Counts of what the sandbox keeps besides resources (idempotency keys, deliveries waiting...).
     */
    Map<String, Long> bookkeeping();

    /** The certificate an HTTPS caller trusts, PEM, or null when the sandbox serves HTTP only. */
    String trustedCertificatePem();

    /** Where the sandbox serves plain HTTP. */
    String baseUrl();

    /** Where the sandbox serves HTTPS, or null. */
    String httpsBaseUrl();

    /** Whether an HTTPS caller must present a client certificate. */
    boolean clientCertificateRequired();

    /**
     * Sets up or tears down a Pact provider state, answering its values; throws
     * IllegalArgumentException for a state it does not know or params it cannot use.
     */
    ObjectNode providerState(JsonNode change) throws InterruptedException;
  }

  private final Routes<ControlOperations.Handler> routes;

  /** Which Host names the control API answers for. */
  private final ServedHosts servedHosts;

  /**
   * @param servedHosts the names the sandbox is reached by, for the Host a request names
   */
  public ControlApi(
      Host host,
      SandboxConfig config,
      Core core,
      RuntimeOptions options,
      FaultRules faults,
      ServedHosts servedHosts) {
    this.servedHosts = servedHosts;
    List<String> documented =
        Contracts.operations(ApiSpec.CONTROL).stream()
            .map(operation -> operation.method() + " " + operation.template())
            .toList();
    this.routes = new ControlOperations(host, config, core, options, faults, documented).routes();
  }

  /**
   * Checks that the handlers are exactly the operations of the control document.
   *
   * @throws IllegalStateException naming what is missing or extra
   */
  public void requireHandlersFor(Collection<String> documentedOperations) {
    routes.requireExactly(documentedOperations);
  }

  /** Whether a path is the control API's. */
  public static boolean handles(String path) {
    return path.equals("/_sandbox") || path.startsWith("/_sandbox/");
  }

  /** The path as the control API matches it: a trailing slash is not part of it. */
  public static String matchedPath(String rawPath) {
    return rawPath.length() > 1 ? rawPath.replaceAll("/+$", "") : rawPath;
  }

  /** Answers a call to the control API as dispatch resolved it. */
  public HttpSupport.Out handle(HttpSupport.In in, ResolvedCall call) {
    try {
      refuseCrossSite(in);
    } catch (ApiError e) {
      return e.response();
    }
    String path = matchedPath(in.rawPath());
    Contracts.Api api = call.document();
    Contracts.Operation operation = call.operation();
    if (operation == null) {
      return ApiError.notFound(
              "No control operation " + in.method() + " " + path + "; see GET /_sandbox/config.")
          .response();
    }
    Map<String, String> params = call.match().pathValues();
    try {
      if (in.hasBody()) {
        // Numbers the sandbox could not keep are refused before the validator reads them as
        // doubles.
        RequestBodies.object(in);
      }
      List<String> errors = check(in, call, path);
      if (!errors.isEmpty()) {
        throw ApiError.validation(errors);
      }
      return routes.handler(operation.id()).handle(new ControlOperations.Call(in, params));
    } catch (ApiError e) {
      return e.response();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return HttpSupport.Out.text(503, "text/plain", "interrupted\n");
    }
  }

  /**
   * Refuses what could be a web page of another site calling through a browser (a form's text POST,
   * a script's cross-origin call, a DNS name rebound to loopback): the control API takes no
   * credentials, so where a request comes from is all that guards it.
   */
  private void refuseCrossSite(HttpSupport.In in) {
    String host = in.header("Host");
    if (!servedHosts.serves(host)) {
      throw ApiError.forbidden(
          "the control API answers only for the names this sandbox is reached by, not for "
              + host
              + " (a proxy in front of a sandbox on loopback sends Host: localhost)");
    }
    String origin = in.header("Origin");
    if (origin != null
        && (host == null
            || !origin.replaceFirst("^[a-zA-Z]+://", "").equalsIgnoreCase(host.strip()))) {
      throw ApiError.forbidden(
          "a page of another site (" + origin + ") may not use the control API");
    }
    String type = in.contentType();
    if (in.hasBody() && type != null && !type.startsWith("application/json")) {
      throw ApiError.validation("body: the control API takes JSON bodies only, not " + type);
    }
  }

  private static List<String> check(HttpSupport.In in, ResolvedCall call, String path) {
    // Every body of the control API is JSON; a caller that does not say so is taken at its word.
    return call.document().findings(in, call.match(), path, in.hasBody(), "application/json");
  }
}
