package com.merchantpay.sandbox.internal.v2;

import com.fasterxml.jackson.databind.JsonNode;
import com.merchantpay.sandbox.internal.contract.Contracts;
import com.merchantpay.sandbox.internal.contract.Ignored;
import com.merchantpay.sandbox.internal.contract.RequestBodies;
import com.merchantpay.sandbox.internal.contract.ResolvedCall;
import com.merchantpay.sandbox.internal.contract.Routes;
import com.merchantpay.sandbox.internal.domain.Core;
import com.merchantpay.sandbox.internal.domain.Refused;
import com.merchantpay.sandbox.internal.http.ApiError;
import com.merchantpay.sandbox.internal.http.CallNotes;
import com.merchantpay.sandbox.internal.http.HttpSupport;
import com.merchantpay.sandbox.internal.http.Json;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * The v2 interface. Each call goes through the same steps, in this order: credentials (401), the
 * contract (400 validation_error naming every failed field), the merchant named in the request
 * (403), the idempotency key of creating calls, and finally the operation itself, which reads the
 * request, asks the {@link Core} and writes the answer.
 */
public final class V2Api {
  private final Core core;
  private final Idempotency idempotency;
  private final Routes<V2Operations.Handler> routes;

  public V2Api(Core core, Idempotency idempotency, RuntimeOptions options) {
    this.core = core;
    this.idempotency = idempotency;
    this.routes = new V2Operations(core, options).routes();
  }

  /**
   * Checks that the handlers are exactly the operations of the document.
   *
   * @throws IllegalStateException naming what is missing or extra
   */
  public void requireHandlersFor(Collection<String> documentedOperations) {
    routes.requireExactly(documentedOperations);
  }

  /** The v2 answer to a refusal of the service's rules: the one place v2 translates them. */
  public static ApiError error(Refused refused) {
    String message = refused.getMessage();
    return switch (refused.kind()) {
      case NOT_FOUND -> ApiError.notFound(message);
      case NOT_NOW, CLOSED, LAPSED -> ApiError.conflict(message);
      // What exceeds a limit is the amount's number; an amount refused as a whole (its currency
      // too) is the object.
      case EXCEEDS -> ApiError.validation("amount.value: " + message);
      case INVALID -> ApiError.validation(refused.value() + ": " + message);
      case TOKEN_REVOKED -> ApiError.tokenRevoked();
      case TOKEN_BLOCKED -> ApiError.tokenBlocked();
    };
  }

  /** Answers a v2 call as dispatch resolved it, noting for the journal the contract's findings. */
  public HttpSupport.Out handle(HttpSupport.In in, ResolvedCall call, CallNotes notes) {
    Contracts.Api api = call.document();
    Contracts.Operation operation = call.operation();
    if (operation == null) {
      return call.match().pathKnown()
          ? new ApiError(
                  405,
                  "invalid_operation",
                  "Method " + in.method() + " is not allowed here.",
                  List.of())
              .response()
          : ApiError.notFound("No operation at " + in.rawPath() + ".").response();
    }
    List<String> ignoredParameters = Ignored.queryParameters(api, operation, in.query().keySet());
    List<String> ignoredMembers = List.of();
    try {
      if (call.caller().refusal() != null) {
        throw ApiError.unauthenticated(call.caller().refusal());
      }
      String merchantId = call.caller().merchantId();
      JsonNode body = null;
      if (operation.hasBody()) {
        JsonNode parsed = validate(in, call, true, notes);
        body = parsed != null ? RequestBodies.object(parsed) : RequestBodies.object(in);
        ignoredMembers = Ignored.bodyMembers(api, operation, body);
      } else {
        // Generic HTTP clients send {} where no body is documented; any JSON object is accepted and
        // ignored.
        if (in.hasBody()) {
          ignoredMembers = Ignored.allMembers(RequestBodies.ofBodilessCall(in));
        }
        validate(in, call, false, notes);
      }
      checkMerchant(merchantId, body, in);
      Map<String, String> params = call.match().pathValues();
      JsonNode request = body;
      HttpSupport.Out out =
          "POST".equals(operation.method())
              ? idempotency.execute(
                  merchantId,
                  operation.id(),
                  in.header("Idempotency-Key"),
                  Json.canonical(body),
                  () -> run(operation, merchantId, request, params, in, notes))
              : run(operation, merchantId, body, params, in, notes);
      return Ignored.name(out, ignoredMembers, ignoredParameters);
    } catch (ApiError e) {
      return Ignored.name(e.response(), ignoredMembers, ignoredParameters);
    }
  }

  /**
   * Checks the request against the contract, every request in full: the checks are compiled once,
   * so keeping their findings would cost about as much as making them again.
   *
   * @return the JSON body as the check read it, or null when it read none
   */
  private JsonNode validate(
      HttpSupport.In in, ResolvedCall call, boolean withBody, CallNotes notes) {
    Contracts.Api.Checked checked =
        call.document().check(in, call.match(), in.rawPath(), withBody && in.hasBody(), null);
    notes.findings(checked.findings());
    V2Checks.failIfAny(checked.findings());
    return checked.body();
  }

  /**
   * What the contract finds wrong with a call of this operation, without acting on it: for a call a
   * fault answers before the sandbox acts, so the journal and strict mode still judge it.
   */
  public static List<String> contractFindings(HttpSupport.In in, ResolvedCall call) {
    Contracts.Operation operation = call.operation();
    return call.document()
        .findings(in, call.match(), in.rawPath(), operation.hasBody() && in.hasBody(), null);
  }

  private static void checkMerchant(String merchantId, JsonNode body, HttpSupport.In in) {
    String named =
        body != null && body.has("merchantId")
            ? Json.str(body, "merchantId")
            : in.queryParam("merchantId");
    if (named != null && !named.equals(merchantId)) {
      throw ApiError.forbidden("The access token has no rights for merchant " + named + ".");
    }
  }

  private HttpSupport.Out run(
      Contracts.Operation op,
      String merchant,
      JsonNode body,
      Map<String, String> path,
      HttpSupport.In in,
      CallNotes notes) {
    V2Operations.Handler handler = routes.handler(op.id());
    try {
      return core.transact(
          now -> handler.handle(new V2Operations.Call(merchant, body, path, in, now)));
    } catch (ApiError e) {
      // The request's own form failed a rule of the spec the schema cannot say: the contract's
      // finding.
      notes.findings(e.errors());
      return e.response();
    } catch (Refused e) {
      return error(e).response();
    }
  }
}
