package com.merchantpay.sandbox.internal.server;

import com.merchantpay.sandbox.internal.config.SandboxConfig;
import com.merchantpay.sandbox.internal.config.V1User;
import com.merchantpay.sandbox.internal.contract.Contracts;
import com.merchantpay.sandbox.internal.faults.FaultRule;
import com.merchantpay.sandbox.internal.faults.FaultRules;
import com.merchantpay.sandbox.internal.http.CallNotes;
import com.merchantpay.sandbox.internal.http.HttpSupport;
import com.merchantpay.sandbox.internal.v1.V1Api;
import com.merchantpay.sandbox.internal.v2.V2Api;
import com.merchantpay.sandbox.internal.v2.V2Caller;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Faults as calls meet them: which call a rule is about (its operation and merchant, told apart
 * before the call is handled), the answer a fault puts in place of the real one, and answers that
 * never arrive whole.
 */
final class FaultedCalls {
  private final SandboxConfig config;
  private final FaultRules faults;

  FaultedCalls(SandboxConfig config, FaultRules faults) {
    this.config = config;
    this.faults = faults;
  }

  /** The fault this call to an interface meets, if any; notes the call's operation and merchant. */
  FaultRules.Hit meet(HttpSupport.In in, CallNotes notes) {
    if (faults.size() == 0) {
      return null;
    }
    String path = in.rawPath();
    String api = path.startsWith("/api/v2/") ? "v2" : path.startsWith("/api/v1/") ? "v1" : null;
    if (api == null) {
      return null;
    }
    Contracts.Operation operation = operation(api, in);
    String operationId = operation == null ? null : operation.id();
    String merchant = "v2".equals(api) ? v2Merchant(in) : v1Merchant(in);
    FaultRules.Hit hit = faults.meet(api, operationId, merchant);
    if (hit != null) {
      // A call answered by the fault alone is journalled as fully as one the interface handled.
      notes.operation(api, operationId);
      notes.merchant(merchant);
      if ("v2".equals(api) && "POST".equals(in.method())) {
        notes.idempotencyKey(in.header("Idempotency-Key"));
      }
      if ("v1".equals(api)) {
        notes.nonce(HttpSupport.first(v1Values(in), "nonce"));
      }
      // Answered by the fault alone, the call is still judged against the contract.
      if (hit.effect().kind() == FaultRule.Kind.FAIL_BEFORE && operation != null) {
        notes.findings(
            "v2".equals(api)
                ? V2Api.contractFindings(in, operation)
                : V1Api.contractFindings(in, operation));
      }
    }
    return hit;
  }

  private static Contracts.Operation operation(String api, HttpSupport.In in) {
    Contracts.Api document = "v2".equals(api) ? Contracts.v2() : Contracts.v1();
    for (Contracts.Operation candidate : document.operations()) {
      if (candidate.method().equals(in.method()) && candidate.match(in.rawPath()) != null) {
        return candidate;
      }
    }
    return null;
  }

  private String v2Merchant(HttpSupport.In in) {
    return V2Caller.merchantOrNull(config, in.header("Authorization"));
  }

  private String v1Merchant(HttpSupport.In in) {
    String login = HttpSupport.first(v1Values(in), "login");
    V1User user = login == null ? null : config.user(login);
    return user == null ? null : user.merchantId();
  }

  /** A v1 call's values, from its form or its query; none when they cannot be read. */
  private static Map<String, List<String>> v1Values(HttpSupport.In in) {
    try {
      return "POST".equals(in.method())
          ? HttpSupport.parseForm(new String(in.body(), StandardCharsets.UTF_8))
          : in.query();
    } catch (IllegalArgumentException e) {
      return Map.of();
    }
  }

  /** The answer a fault gives instead of the call's own: before acting, or after it. */
  static HttpSupport.Out answer(FaultRules.Hit hit) {
    FaultRule.Effect effect = hit.effect();
    HttpSupport.Out out =
        HttpSupport.Out.text(
            effect.status(),
            "text/plain; charset=utf-8",
            "Fault injected by the sandbox (" + hit.describe() + ")\n");
    Duration retryAfter = effect.duration();
    if (retryAfter != null) {
      long seconds = (retryAfter.toMillis() + 999) / 1000;
      out = out.withHeader("Retry-After", Long.toString(seconds));
    }
    return out;
  }

  /** The answer as the fault has it arrive: not at all, cut short, or held up part-way. */
  static NettyServer.Reply reply(HttpSupport.Out out, FaultRules.Hit hit) {
    FaultRule.Kind kind = hit == null ? null : hit.effect().kind();
    if (kind == null) {
      return NettyServer.Reply.whole(out);
    }
    return switch (kind) {
      case DROP_AFTER -> new NettyServer.Reply(out, NettyServer.Delivery.DROP, Duration.ZERO);
      case TRUNCATE -> new NettyServer.Reply(out, NettyServer.Delivery.TRUNCATE, Duration.ZERO);
      case STALL -> new NettyServer.Reply(out, NettyServer.Delivery.STALL, hit.effect().duration());
      default -> NettyServer.Reply.whole(out);
    };
  }

  /** Waits out a delay before the call is handled. */
  static void delay(FaultRules.Hit hit) {
    if (hit != null && hit.effect().kind() == FaultRule.Kind.DELAY) {
      try {
        Thread.sleep(hit.effect().duration().toMillis());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
