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

/** Replays the v2 client's pact against the provider of the current {@link Verification}. */
@Provider("merchantpay-v2")
@PactFolder("${" + PactVerification.PACTS_DIR + "}")
class V2ProviderContract {
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

  @State("a settled payment")
  Map<String, Object> settledPayment(Map<String, Object> params) {
    return ProviderStates.setUp("a settled payment", params);
  }

  @State("a held payment")
  Map<String, Object> heldPayment(Map<String, Object> params) {
    return ProviderStates.setUp("a held payment", params);
  }

  @State("a payment waits for an SmsOtp step")
  Map<String, Object> smsOtpPayment(Map<String, Object> params) {
    return ProviderStates.setUp("a payment waits for an SmsOtp step", params);
  }

  @State("an idempotency key was used for another payment")
  Map<String, Object> usedKey(Map<String, Object> params) {
    return ProviderStates.setUp("an idempotency key was used for another payment", params);
  }

  @State("the access token is unknown")
  Map<String, Object> unknownToken(Map<String, Object> params) {
    return ProviderStates.setUp("the access token is unknown", params);
  }

  @State("a refund")
  Map<String, Object> refund(Map<String, Object> params) {
    return ProviderStates.setUp("a refund", params);
  }

  @State("a payment token waits for its confirmation")
  Map<String, Object> createdToken(Map<String, Object> params) {
    return ProviderStates.setUp("a payment token waits for its confirmation", params);
  }

  @State("an active payment token")
  Map<String, Object> activeToken(Map<String, Object> params) {
    return ProviderStates.setUp("an active payment token", params);
  }

  @State("a receipt")
  Map<String, Object> receipt(Map<String, Object> params) {
    return ProviderStates.setUp("a receipt", params);
  }

  @State("a sticker")
  Map<String, Object> sticker(Map<String, Object> params) {
    return ProviderStates.setUp("a sticker", params);
  }
}
