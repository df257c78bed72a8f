package com.merchantpay.conformance.target;

import java.net.URI;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import javax.net.ssl.SSLContext;

/**
 * The implementation under test and the credentials the kit uses on it. Only the base URL is
 * required; checks that need a credential that is not given are skipped with that reason.
 *
 * @param baseUrl where both interfaces live ({@code /api/v2} and {@code /api/v1} under it)
 * @param bearerToken v2 access token of {@code merchantId}
 * @param merchantId the merchant the token acts for
 * @param otherBearerToken a token of another merchant, for the checks that one merchant cannot see
 *     another's
 * @param otherMerchantId the merchant of {@code otherBearerToken}
 * @param v1Login a v1 user with the Accountant role
 * @param v1Password its password (enters signatures only)
 * @param v1CashierLogin a v1 user with only the Cashier role, for the role checks
 * @param v1CashierPassword its password
 * @param tls the TLS settings of an {@code https} target (a CA to trust, a client certificate to
 *     present), or null for the JDK's own trust
 */
public record Target(
    URI baseUrl,
    String bearerToken,
    String merchantId,
    String otherBearerToken,
    String otherMerchantId,
    String v1Login,
    String v1Password,
    String v1CashierLogin,
    String v1CashierPassword,
    SSLContext tls) {

  public Target {
    Objects.requireNonNull(baseUrl, "baseUrl");
    String scheme = baseUrl.getScheme();
    if (scheme == null
        || !(scheme.equals("http") || scheme.equals("https"))
        || baseUrl.getHost() == null) {
      throw new IllegalArgumentException(
          "the base URL must be an absolute http or https URL, not " + baseUrl);
    }
  }

  public static Builder builder(URI baseUrl) {
    return new Builder(baseUrl);
  }

  /**
   * Each secret this target holds, with the environment variable a reproduction command shows
   * instead.
   */
  public Map<String, String> secrets() {
    Map<String, String> secrets = new LinkedHashMap<>();
    put(secrets, bearerToken, "MERCHANTPAY_TOKEN");
    put(secrets, otherBearerToken, "MERCHANTPAY_OTHER_TOKEN");
    put(secrets, v1Password, "MERCHANTPAY_V1_PASSWORD");
    put(secrets, v1CashierPassword, "MERCHANTPAY_V1_CASHIER_PASSWORD");
    return secrets;
  }

  private static void put(Map<String, String> secrets, String value, String name) {
    if (value != null && !value.isEmpty()) {
      secrets.put(value, name);
    }
  }

  /** Leaves tokens and passwords out. */
  @Override
  public String toString() {
    return "Target[baseUrl="
        + baseUrl
        + ", merchantId="
        + merchantId
        + ", token "
        + given(bearerToken)
        + ", otherMerchantId="
        + otherMerchantId
        + ", v1Login="
        + v1Login
        + ", v1 password "
        + given(v1Password)
        + ", v1CashierLogin="
        + v1CashierLogin
        + (tls == null ? "" : ", TLS settings given")
        + "]";
  }

  private static String given(String secret) {
    return secret == null ? "not given" : "given";
  }

  /** Builds a {@link Target}; every credential is optional. */
  public static final class Builder {
    private final URI baseUrl;
    private String bearerToken;
    private String merchantId;
    private String otherBearerToken;
    private String otherMerchantId;
    private String v1Login;
    private String v1Password;
    private String v1CashierLogin;
    private String v1CashierPassword;
    private SSLContext tls;

    private Builder(URI baseUrl) {
      this.baseUrl = baseUrl;
    }

    public Builder bearerToken(String token, String merchantId) {
      this.bearerToken = token;
      this.merchantId = merchantId;
      return this;
    }

    public Builder otherMerchant(String token, String merchantId) {
      this.otherBearerToken = token;
      this.otherMerchantId = merchantId;
      return this;
    }

    public Builder v1Accountant(String login, String password) {
      this.v1Login = login;
      this.v1Password = password;
      return this;
    }

    public Builder v1Cashier(String login, String password) {
      this.v1CashierLogin = login;
      this.v1CashierPassword = password;
      return this;
    }

    /** The TLS settings of an https target, as a JDK context. */
    public Builder tls(SSLContext tls) {
      this.tls = tls;
      return this;
    }

    /**
     * The TLS settings of an https target from PEM files: the certificates to trust (the JDK's own
     * when null) and a client certificate chain with its PKCS #8 key to present (none when null).
     *
     * @throws IllegalArgumentException naming the file that cannot be used
     */
    public Builder tls(Path trustedCertificates, Path clientCertificate, Path clientKey) {
      if (trustedCertificates != null || clientCertificate != null || clientKey != null) {
        this.tls = TlsFiles.context(trustedCertificates, clientCertificate, clientKey);
      }
      return this;
    }

    public Target build() {
      return new Target(
          baseUrl,
          bearerToken,
          merchantId,
          otherBearerToken,
          otherMerchantId,
          v1Login,
          v1Password,
          v1CashierLogin,
          v1CashierPassword,
          tls);
    }
  }
}
