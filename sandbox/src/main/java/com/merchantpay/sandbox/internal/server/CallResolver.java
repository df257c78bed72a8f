package com.merchantpay.sandbox.internal.server;

import com.merchantpay.sandbox.internal.config.SandboxConfig;
import com.merchantpay.sandbox.internal.config.V1User;
import com.merchantpay.sandbox.internal.contract.Contracts;
import com.merchantpay.sandbox.internal.contract.ResolvedCall;
import com.merchantpay.sandbox.internal.control.ControlApi;
import com.merchantpay.sandbox.internal.http.CallNotes;
import com.merchantpay.sandbox.internal.http.HttpSupport;
import com.merchantpay.sandbox.internal.v1.V1Api;
import com.merchantpay.sandbox.internal.v2.V2Caller;
import java.util.List;
import java.util.Map;

/**
 * The one place a call is matched to its operation and its caller identified, before any fault or
 * interface acts on it.
 */
final class CallResolver {
  private final SandboxConfig config;

  CallResolver(SandboxConfig config) {
    this.config = config;
  }

  /** The call resolved, or null for a path of no interface (the portal, the payer's pages). */
  ResolvedCall resolve(HttpSupport.In in) {
    String path = in.rawPath();
    if (path.startsWith("/api/v2/")) {
      Contracts.Api v2 = Contracts.v2();
      return new ResolvedCall(
          "v2",
          v2,
          v2.match(in.method(), path),
          V2Caller.identify(config, in.header("Authorization")),
          null);
    }
    if (path.startsWith("/api/v1/")) {
      Contracts.Api v1 = Contracts.v1();
      Map<String, List<String>> values = V1Api.values(in);
      String login = values == null ? null : HttpSupport.first(values, "login");
      V1User user = login == null ? null : config.user(login);
      return new ResolvedCall(
          "v1", v1, v1.match(in.method(), path), ResolvedCall.Caller.v1(user), values);
    }
    if (ControlApi.handles(path)) {
      Contracts.Api control = Contracts.control();
      return new ResolvedCall(
          "control",
          control,
          control.match(in.method(), ControlApi.matchedPath(path)),
          ResolvedCall.Caller.NOBODY,
          null);
    }
    return null;
  }

  /** Notes for the journal what resolving a call to an interface told about it. */
  static void note(ResolvedCall call, HttpSupport.In in, CallNotes notes) {
    if (call.operation() == null) {
      return;
    }
    notes.operation(call.api(), call.operationId());
    notes.merchant(call.caller().merchantId());
    if ("v2".equals(call.api()) && "POST".equals(in.method())) {
      notes.idempotencyKey(in.header("Idempotency-Key"));
    }
    if (call.v1Values() != null) {
      notes.nonce(HttpSupport.first(call.v1Values(), "nonce"));
    }
  }
}
