package com.merchantpay.conformance.cli;

import au.com.dius.pact.provider.junit5.PactVerificationContext;
import au.com.dius.pact.provider.junit5.PactVerificationInvocationContextProvider;
import au.com.dius.pact.provider.junitsupport.Provider;
import au.com.dius.pact.provider.junitsupport.loader.PactFolder;
import java.util.List;
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
    context.setTarget(Verification.current().pactTarget());
    context.withStateChangeHandlers(new StateHandlers());
  }

  @TestTemplate
  @ExtendWith(PactVerificationInvocationContextProvider.class)
  void interaction(PactVerificationContext context, HttpRequest request) throws Exception {
    List<String> states = PactVerification.states(context);
    if (!Verification.current().asRecorded()) {
      RequestAdapter.adapt(request, states);
    }
    Verification.forgetStateValues();
    context.verifyInteraction();
  }
}
