package com.merchantpay.conformance.cli;

import com.merchantpay.conformance.EmbeddedImplementation;
import com.merchantpay.conformance.target.Profile;
import com.merchantpay.conformance.target.Target;
import com.merchantpay.sandbox.Sandbox;

/**
 * The kit's default target: a sandbox started in the kit's JVM through its public builder, with a
 * second merchant and both v1 roles so that every check has what it needs, and a v1 list limit
 * small enough for the Overflow check to fill. The kit reaches it over HTTPS, as the documents
 * require, trusting the certificate the sandbox made at start; the "HTTPS only" checks then see its
 * plain HTTP twin refused.
 */
public final class EmbeddedSandbox implements EmbeddedImplementation {
  static final int V1_LIST_LIMIT = 100;

  private final boolean overHttps;
  private final boolean clientCertificateRequired;

  /** Over HTTPS, as the kit starts it when no base URL is given. */
  public EmbeddedSandbox() {
    this(true, false);
  }

  private EmbeddedSandbox(boolean overHttps, boolean clientCertificateRequired) {
    this.overHttps = overHttps;
    this.clientCertificateRequired = clientCertificateRequired;
  }

  /**
   * Over plain HTTP, for a proxy of one's own in front of it (a slow network, a breakage); the
   * checks of HTTPS alone are then skipped, naming why.
   */
  public static EmbeddedSandbox overPlainHttp() {
    return new EmbeddedSandbox(false, false);
  }

  /** Over HTTPS only to a client that presents a certificate; the kit is given one. */
  static EmbeddedSandbox requiringAClientCertificate() {
    return new EmbeddedSandbox(true, true);
  }

  @Override
  public String name() {
    return "embedded sandbox";
  }

  @Override
  public Running start() {
    Sandbox.Builder builder =
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
            .v1ListLimit(V1_LIST_LIMIT);
    if (overHttps) {
      builder.https(0);
    }
    if (clientCertificateRequired) {
      builder.requireClientCertificate();
    }
    Sandbox sandbox = builder.start();
    Target.Builder reached =
        overHttps
            ? Target.builder(sandbox.httpsBaseUrl().orElseThrow())
                .tls(
                    clientCertificateRequired
                        ? sandbox.tls().clientCertificate("merchantpay-conformance").sslContext()
                        : sandbox.tls().sslContext())
            : Target.builder(sandbox.baseUrl());
    Target target =
        reached
            .bearerToken(Sandbox.DEFAULT_TOKEN, Sandbox.DEFAULT_MERCHANT)
            .otherMerchant("sandbox-other-token", "sandbox-other-merchant")
            .v1Accountant(Sandbox.DEFAULT_ACCOUNTANT, Sandbox.DEFAULT_PASSWORD)
            .v1Cashier(Sandbox.DEFAULT_CASHIER, Sandbox.DEFAULT_PASSWORD)
            .build();
    Profile profile = Profile.sandbox().withV1ListLimit(V1_LIST_LIMIT);
    return new Running(sandbox, target, profile);
  }

  /** A started sandbox; tests reach the sandbox itself for its TLS material. */
  static final class Running implements Started {
    private final Sandbox sandbox;
    private final Target target;
    private final Profile profile;

    private Running(Sandbox sandbox, Target target, Profile profile) {
      this.sandbox = sandbox;
      this.target = target;
      this.profile = profile;
    }

    Sandbox sandbox() {
      return sandbox;
    }

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
  }
}
