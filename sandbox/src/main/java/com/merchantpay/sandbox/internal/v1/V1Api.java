package com.merchantpay.sandbox.internal.v1;

import static com.merchantpay.sandbox.internal.v1.V1Envelope.code;
import static com.merchantpay.sandbox.internal.v1.V1Envelope.envelope;

import com.merchantpay.sandbox.internal.config.MerchantAccount;
import com.merchantpay.sandbox.internal.config.SandboxConfig;
import com.merchantpay.sandbox.internal.config.V1Role;
import com.merchantpay.sandbox.internal.config.V1User;
import com.merchantpay.sandbox.internal.contract.Contracts;
import com.merchantpay.sandbox.internal.contract.Ignored;
import com.merchantpay.sandbox.internal.contract.ResolvedCall;
import com.merchantpay.sandbox.internal.contract.Routes;
import com.merchantpay.sandbox.internal.contract.V1Forms;
import com.merchantpay.sandbox.internal.domain.Core;
import com.merchantpay.sandbox.internal.domain.Refused;
import com.merchantpay.sandbox.internal.domain.SandboxClock;
import com.merchantpay.sandbox.internal.http.CallNotes;
import com.merchantpay.sandbox.internal.http.HttpSupport;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * The v1 interface. A handled call always answers HTTP 200 with the envelope; checks run in this
 * order: login (-6), signature (-7), nonce (-14), role (-6), then the contract. A call that breaks
 * the contract (a missing or malformed value) is not handled: it gets HTTP 400 with a plain-text
 * list of the failed fields, which the v1 document allows as "any other status, body not defined".
 */
public final class V1Api {
  private final SandboxConfig config;
  private final Core core;
  private final SandboxClock clock;
  private final NonceMemory nonces;
  private final Routes<V1Operations.Handler> routes;

  public V1Api(
      SandboxConfig config,
      Core core,
      SandboxClock clock,
      NonceMemory nonces,
      Map<String, V1Ledger> ledgers) {
    this.config = config;
    this.core = core;
    this.clock = clock;
    this.nonces = nonces;
    this.routes = new V1Operations(config, core, ledgers).routes();
  }

  /**
   * Checks that the handlers are exactly the operations of the document.
   *
   * @throws IllegalStateException naming what is missing or extra
   */
  public void requireHandlersFor(Collection<String> documentedOperations) {
    routes.requireExactly(documentedOperations);
  }

  /** Answers a v1 call as dispatch resolved it, noting for the journal the contract's findings. */
  public HttpSupport.Out handle(HttpSupport.In in, ResolvedCall call, CallNotes notes) {
    Contracts.Api api = call.document();
    Contracts.Operation operation = call.operation();
    if (operation == null) {
      return call.match().pathKnown()
          ? HttpSupport.Out.text(405, "text/plain; charset=utf-8", "method not allowed\n")
          : HttpSupport.Out.text(
              404, "text/plain; charset=utf-8", "no v1 operation at " + in.rawPath() + "\n");
    }
    Map<String, List<String>> params = call.v1Values();
    if (params == null) {
      notes.finding("body: malformed form encoding");
      return HttpSupport.Out.text(
          400, "text/plain; charset=utf-8", "body: malformed form encoding\n");
    }
    // A parameter the operation does not declare (xml on an operation without an XML answer, say)
    // is ignored.
    List<String> ignored =
        "POST".equals(in.method())
            ? Ignored.formFields(api, operation, params.keySet())
            : Ignored.queryParameters(api, operation, params.keySet());
    boolean xml = operation.xml() && "1".equals(HttpSupport.first(params, "xml"));
    return Ignored.name(signedCall(in, call, params, xml, notes), List.of(), ignored);
  }

  /**
   * A v1 call's values, from its form or its query.
   *
   * @return null when the form cannot be read
   */
  public static Map<String, List<String>> values(HttpSupport.In in) {
    try {
      return "POST".equals(in.method())
          ? HttpSupport.parseForm(new String(in.body(), StandardCharsets.UTF_8))
          : in.query();
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  private HttpSupport.Out signedCall(
      HttpSupport.In in,
      ResolvedCall call,
      Map<String, List<String>> params,
      boolean xml,
      CallNotes notes) {
    Contracts.Operation operation = call.operation();
    V1User user = call.caller().v1User();
    if (user == null) {
      return envelope(xml, code(-6));
    }
    String expected =
        V1Signature.hash(
            V1Signature.signedText(operation.hashed(), user.login(), user.password(), params));
    if (!V1Signature.matches(expected, HttpSupport.first(params, "hash"))) {
      return envelope(xml, code(-7));
    }
    // -14 is the one code the document has for nonces: one that breaks their rules cannot be a new
    // one either.
    String nonce = HttpSupport.first(params, "nonce");
    if (!V1Signature.isWellFormedNonce(nonce)
        || !nonces.firstUse(user.login(), nonce, clock.now())) {
      return envelope(xml, code(-14));
    }
    if (!V1Role.allows(user.roles(), operation.requiredRole())) {
      return envelope(xml, code(-6));
    }
    List<String> errors =
        "POST".equals(in.method())
            ? V1Forms.check(call.document(), operation, in.contentType(), params)
            : validate(in, call);
    notes.findings(errors);
    if (!errors.isEmpty()) {
      return HttpSupport.Out.text(
          400, "text/plain; charset=utf-8", String.join("\n", errors) + "\n");
    }
    MerchantAccount merchant = config.merchant(user.merchantId());
    String account = HttpSupport.first(params, "accountID");
    if (account != null && !account.isEmpty() && !account.equals(merchant.accountId())) {
      return envelope(xml, code(-6));
    }
    V1Operations.Handler handler = routes.handler(operation.id());
    try {
      return core.transact(
          now -> handler.handle(new V1Operations.Call(merchant, params, xml, now)));
    } catch (V1Params.ContractFailure e) {
      notes.finding(e.getMessage());
      return HttpSupport.Out.text(400, "text/plain; charset=utf-8", e.getMessage() + "\n");
    } catch (Refused e) {
      return envelope(xml, code(errorCode(e, operation.id())));
    }
  }

  /**
   * The v1 code for a refusal of the service's rules: the one place v1 translates them. A refund of
   * a payment that took no money is refused as a bad amount (-18), as the v1 document has no code
   * for the state there.
   */
  static int errorCode(Refused refused, String operationId) {
    return switch (refused.kind()) {
      case NOT_FOUND -> -13;
      case LAPSED -> -9;
      case CLOSED -> -15;
      case EXCEEDS, INVALID -> -18;
      case NOT_NOW -> "refundPayment".equals(operationId) ? -18 : -10;
      case TOKEN_REVOKED, TOKEN_BLOCKED -> -10;
    };
  }

  /**
   * What the contract finds wrong with a call of this operation, without checking its signature or
   * acting on it: for a call a fault answers before the sandbox acts, so the journal and strict
   * mode still judge it.
   */
  public static List<String> contractFindings(HttpSupport.In in, ResolvedCall call) {
    if (!"POST".equals(in.method())) {
      return validate(in, call);
    }
    return call.v1Values() == null
        ? List.of("body: malformed form encoding")
        : V1Forms.check(call.document(), call.operation(), in.contentType(), call.v1Values());
  }

  private static List<String> validate(HttpSupport.In in, ResolvedCall call) {
    // The document's spelling of the path: the call may have used another letter case.
    return call.document().findings(in, call.match(), call.operation().template(), false, null);
  }
}
