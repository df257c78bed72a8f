package com.merchantpay.conformance.cli;

import au.com.dius.pact.provider.junit5.HttpTestTarget;
import au.com.dius.pact.provider.junit5.PactVerificationContext;
import au.com.dius.pact.provider.junit5.PactVerificationInvocationContextProvider;
import au.com.dius.pact.provider.junitsupport.Provider;
import au.com.dius.pact.provider.junitsupport.State;
import au.com.dius.pact.provider.junitsupport.loader.PactFolder;
import java.util.Map;
import org.apache.hc.core5.http.HttpRequest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.TestTemplate;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Replays the v1 client's pact against the provider of the current {@link Verification}, each call
 * signed anew.
 */
@Provider("merchantpay-v1")
@PactFolder("${" + PactVerification.PACTS_DIR + "}")
class V1ProviderContract {
  @BeforeEach
  void target(PactVerificationContext context) throws Exception {
    context.setTarget(HttpTestTarget.fromUrl(Verification.current().target().baseUrl().toURL()));
  }

  @TestTemplate
  @ExtendWith(PactVerificationInvocationContextProvider.class)
  void interaction(PactVerificationContext context, HttpRequest request) throws Exception {
    RequestAdapter.adapt(request, PactVerification.states(context));
    context.verifyInteraction();
  }

  @State({"a settled payment", "a settled payment with an invoice number"})
  Map<String, Object> settledPayment(Map<String, Object> params) {
    return ProviderStates.setUp("a settled payment with an invoice number", params);
  }

  @State("a held payment")
  Map<String, Object> heldPayment(Map<String, Object> params) {
    return ProviderStates.setUp("a held payment", params);
  }

  @State("a refund")
  Map<String, Object> refund(Map<String, Object> params) {
    return ProviderStates.setUp("a refund", params);
  }

  @State("a document")
  Map<String, Object> document(Map<String, Object> params) {
    return ProviderStates.setUp("a document", params);
  }

  @State("a transfer register")
  Map<String, Object> register(Map<String, Object> params) {
    return ProviderStates.setUp("a transfer register", params);
  }

  @State("the nonce was used before")
  Map<String, Object> usedNonce(Map<String, Object> params) {
    return ProviderStates.setUp("the nonce was used before", params);
  }

  @State({"the signature is wrong", "the login is unknown"})
  Map<String, Object> faultyRequest(Map<String, Object> params) {
    return ProviderStates.setUp("the signature is wrong", params);
  }
}
