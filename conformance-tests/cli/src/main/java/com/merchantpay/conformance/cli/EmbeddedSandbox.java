package com.merchantpay.conformance.cli;

import com.merchantpay.conformance.EmbeddedImplementation;
import com.merchantpay.conformance.target.Profile;
import com.merchantpay.conformance.target.Target;
import com.merchantpay.sandbox.Sandbox;

/**
 * The kit's default target: a sandbox started in the kit's JVM through its public builder, with a
 * second merchant and both v1 roles so that every check has what it needs, and a v1 list limit
 * small enough for the Overflow check to fill.
 */
public final class EmbeddedSandbox implements EmbeddedImplementation {
  static final int V1_LIST_LIMIT = 100;

  @Override
  public String name() {
    return "embedded sandbox";
  }

  @Override
  public Started start() {
    Sandbox sandbox =
        Sandbox.builder()
            .merchant(Sandbox.DEFAULT_MERCHANT)
            .merchant("sandbox-other-merchant")
            .bearerToken(Sandbox.DEFAULT_TOKEN, Sandbox.DEFAULT_MERCHANT)
            .bearerToken("sandbox-other-token", "sandbox-other-merchant")
            .v1Login(
                Sandbox.DEFAULT_ACCOUNTANT,
                Sandbox.DEFAULT_PASSWORD,
                Sandbox.DEFAULT_MERCHANT,
                Sandbox.Role.ACCOUNTANT)
            .v1Login(
                Sandbox.DEFAULT_CASHIER,
                Sandbox.DEFAULT_PASSWORD,
                Sandbox.DEFAULT_MERCHANT,
                Sandbox.Role.CASHIER)
            .v1ListLimit(V1_LIST_LIMIT)
            .start();
    Target target =
        Target.builder(sandbox.baseUrl())
            .bearerToken(Sandbox.DEFAULT_TOKEN, Sandbox.DEFAULT_MERCHANT)
            .otherMerchant("sandbox-other-token", "sandbox-other-merchant")
            .v1Accountant(Sandbox.DEFAULT_ACCOUNTANT, Sandbox.DEFAULT_PASSWORD)
            .v1Cashier(Sandbox.DEFAULT_CASHIER, Sandbox.DEFAULT_PASSWORD)
            .build();
    Profile profile = Profile.sandbox().withV1ListLimit(V1_LIST_LIMIT);
    return new Started() {
      @Override
      public Target target() {
        return target;
      }

      @Override
      public Profile profile() {
        return profile;
      }

      @Override
      public void close() {
        sandbox.close();
      }
    };
  }
}
