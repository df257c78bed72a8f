package com.merchantpay.sandbox.internal.server;

import com.merchantpay.sandbox.internal.contract.ResolvedCall;
import com.merchantpay.sandbox.internal.faults.FaultRules;
import com.merchantpay.sandbox.internal.http.CallNotes;
import com.merchantpay.sandbox.internal.http.HttpSupport;
import com.merchantpay.sandbox.internal.v1.V1Api;
import com.merchantpay.sandbox.internal.v2.V2Api;

/** Faults as calls meet them: the rule a resolved call to an interface meets, if any. */
final class FaultedCalls {
  private final FaultRules faults;

  FaultedCalls(FaultRules faults) {
    this.faults = faults;
  }

  /** The fault this call meets, if any. */
  FaultRules.Hit meet(HttpSupport.In in, ResolvedCall call, CallNotes notes) {
    if (faults.size() == 0 || call == null || "control".equals(call.api())) {
      return null;
    }
    FaultRules.Hit hit = faults.meet(call.api(), call.operationId(), call.caller().merchantId());
    if (hit != null && !hit.effect().acts() && call.operation() != null) {
      // Answered by the fault alone, the call is still judged against the contract.
      notes.findings(
          "v2".equals(call.api())
              ? V2Api.contractFindings(in, call)
              : V1Api.contractFindings(in, call));
    }
    return hit;
  }
}
