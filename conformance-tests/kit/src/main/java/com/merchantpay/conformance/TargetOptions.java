package com.merchantpay.conformance;

import com.merchantpay.conformance.target.Profile;
import com.merchantpay.conformance.target.Target;
import java.net.URI;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * The command-line options that name the implementation under test, its credentials and its test
 * data, shared by every command of the kit. Secrets may come from environment variables.
 */
public final class TargetOptions {
  @Option(
      names = "--base-url",
      paramLabel = "URL",
      defaultValue = "${env:MERCHANTPAY_BASE_URL}",
      description =
          "The implementation to check (env MERCHANTPAY_BASE_URL); none: the embedded sandbox.")
  URI baseUrl;

  @Option(
      names = "--token",
      paramLabel = "TOKEN",
      defaultValue = "${env:MERCHANTPAY_TOKEN}",
      description = "v2 bearer token (env MERCHANTPAY_TOKEN).")
  String token;

  @Option(
      names = "--merchant",
      paramLabel = "ID",
      defaultValue = "${env:MERCHANTPAY_MERCHANT}",
      description = "The merchant the token acts for (env MERCHANTPAY_MERCHANT).")
  String merchant;

  @Option(
      names = "--other-token",
      paramLabel = "TOKEN",
      defaultValue = "${env:MERCHANTPAY_OTHER_TOKEN}",
      description =
          "A second merchant's token, for the checks that merchants stay apart (env MERCHANTPAY_OTHER_TOKEN).")
  String otherToken;

  @Option(
      names = "--other-merchant",
      paramLabel = "ID",
      defaultValue = "${env:MERCHANTPAY_OTHER_MERCHANT}",
      description = "The second merchant (env MERCHANTPAY_OTHER_MERCHANT).")
  String otherMerchant;

  @Option(
      names = "--v1-login",
      paramLabel = "LOGIN",
      defaultValue = "${env:MERCHANTPAY_V1_LOGIN}",
      description = "v1 user with the Accountant role (env MERCHANTPAY_V1_LOGIN).")
  String v1Login;

  @Option(
      names = "--v1-password",
      paramLabel = "PASSWORD",
      defaultValue = "${env:MERCHANTPAY_V1_PASSWORD}",
      description = "Its password, used only to sign (env MERCHANTPAY_V1_PASSWORD).")
  String v1Password;

  @Option(
      names = "--v1-cashier-login",
      paramLabel = "LOGIN",
      defaultValue = "${env:MERCHANTPAY_V1_CASHIER_LOGIN}",
      description =
          "v1 user with only the Cashier role, for the role checks (env MERCHANTPAY_V1_CASHIER_LOGIN).")
  String v1CashierLogin;

  @Option(
      names = "--v1-cashier-password",
      paramLabel = "PASSWORD",
      defaultValue = "${env:MERCHANTPAY_V1_CASHIER_PASSWORD}",
      description = "Its password (env MERCHANTPAY_V1_CASHIER_PASSWORD).")
  String v1CashierPassword;

  @Option(
      names = "--ca-cert",
      paramLabel = "PEM",
      description =
          "Trust the certificates of this PEM file, and only them, for an https target (an internal "
              + "CA of a staging environment, a sandbox's).")
  Path caCertificate;

  @Option(
      names = "--client-cert",
      paramLabel = "PEM",
      description =
          "Present this client certificate chain (PEM) to an https target that asks for one (mutual "
              + "TLS); with --client-key.")
  Path clientCertificate;

  @Option(
      names = "--client-key",
      paramLabel = "PEM",
      description = "The client certificate's private key (PEM, unencrypted PKCS #8).")
  Path clientKey;

  @Option(
      names = "--profile",
      paramLabel = "FILE",
      description =
          "Test data of the target (JSON, see the README); default: the sandbox's, built in.")
  Path profile;

  /**
   * The target the options name, or null when no base URL was given (the embedded implementation).
   */
  public Target target() {
    if (baseUrl == null) {
      return null;
    }
    return Target.builder(baseUrl)
        .bearerToken(token, merchant)
        .otherMerchant(otherToken, otherMerchant)
        .v1Accountant(v1Login, v1Password)
        .v1Cashier(v1CashierLogin, v1CashierPassword)
        .tls(caCertificate, clientCertificate, clientKey)
        .build();
  }

  /** The profile file read, or null when none was named. */
  public Profile profile() {
    return profile == null ? null : Profile.load(profile);
  }
}
