package com.merchantpay.spring;

import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import java.net.URI;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.Errors;
import org.springframework.validation.Validator;
import org.springframework.validation.annotation.Validated;

/**
 * The {@code merchantpay.*} properties. A client is made for each interface whose {@code base-url}
 * is set; what is set is checked when the application starts. Secrets never appear in {@code
 * toString()}, and the actuator shows no property values unless told to.
 */
@Validated
@ConfigurationProperties("merchantpay")
public class MerchantPayProperties implements Validator {
  @Valid private final V2 v2 = new V2();
  @Valid private final V1 v1 = new V1();
  @Valid private final Notifications notifications = new Notifications();

  public V2 getV2() {
    return v2;
  }

  public V1 getV1() {
    return v1;
  }

  public Notifications getNotifications() {
    return notifications;
  }

  /** The v2 client: {@code merchantpay.v2.*}. */
  public static class V2 {
    /**
     * Where the service is, without /api/v2 (https://payments.example.com); the v2 client is made
     * only when it is set. Plain http only for a loopback host.
     */
    private URI baseUrl;

    /** The merchant's bearer token, required with base-url; never shown in logs or toString. */
    private String accessToken;

    /**
     * The merchant the application acts for, which every create and list names; the starter only
     * carries it, for the application to use.
     */
    private String merchantId;

    /**
     * Whether a capture, cancel or revoke whose outcome is unknown (the connection dropped after it
     * was sent) is sent again; creations are always retried with their Idempotency-Key.
     */
    private boolean retryUpdatesWhenOutcomeUnknown;

    /** How long opening a connection may take. */
    @NotNull private Duration connectTimeout = Duration.ofSeconds(10);

    /** How long one attempt may wait for its complete answer. */
    @NotNull private Duration readTimeout = Duration.ofSeconds(30);

    /** The deadline of a whole call, retries and the waits between them included. */
    @NotNull private Duration callTimeout = Duration.ofSeconds(60);

    /** Attempts of a call in all, the first included (1 to 10; 1 disables retries). */
    @Min(1)
    @Max(10)
    private int maxAttempts = 3;

    /** TLS of the v2 client. */
    private final Ssl ssl = new Ssl();

    public Ssl getSsl() {
      return ssl;
    }

    public URI getBaseUrl() {
      return baseUrl;
    }

    public void setBaseUrl(URI baseUrl) {
      this.baseUrl = baseUrl;
    }

    public String getAccessToken() {
      return accessToken;
    }

    public void setAccessToken(String accessToken) {
      this.accessToken = accessToken;
    }

    /**
     * The merchant the application acts for, which every create and list names; the starter only
     * carries it, for the application to use.
     */
    public String getMerchantId() {
      return merchantId;
    }

    public void setMerchantId(String merchantId) {
      this.merchantId = merchantId;
    }

    /**
     * Whether a capture, cancel or revoke whose outcome is unknown (the connection dropped after it
     * was sent) is sent again; off by default, as the client has it.
     */
    public boolean isRetryUpdatesWhenOutcomeUnknown() {
      return retryUpdatesWhenOutcomeUnknown;
    }

    public void setRetryUpdatesWhenOutcomeUnknown(boolean retryUpdatesWhenOutcomeUnknown) {
      this.retryUpdatesWhenOutcomeUnknown = retryUpdatesWhenOutcomeUnknown;
    }

    public Duration getConnectTimeout() {
      return connectTimeout;
    }

    public void setConnectTimeout(Duration connectTimeout) {
      this.connectTimeout = connectTimeout;
    }

    public Duration getReadTimeout() {
      return readTimeout;
    }

    public void setReadTimeout(Duration readTimeout) {
      this.readTimeout = readTimeout;
    }

    public Duration getCallTimeout() {
      return callTimeout;
    }

    public void setCallTimeout(Duration callTimeout) {
      this.callTimeout = callTimeout;
    }

    public int getMaxAttempts() {
      return maxAttempts;
    }

    public void setMaxAttempts(int maxAttempts) {
      this.maxAttempts = maxAttempts;
    }

    @Override
    public String toString() {
      return "V2[baseUrl="
          + baseUrl
          + ", accessToken="
          + (accessToken == null ? null : "****")
          + ", merchantId="
          + merchantId
          + ", maxAttempts="
          + maxAttempts
          + "]";
    }
  }

  /**
   * TLS of a client: {@code merchantpay.v2.ssl.bundle} names an SSL bundle of Spring Boot's ({@code
   * spring.ssl.bundle.*}), with the certificates the client trusts and, for mutual TLS, the key and
   * certificate it presents. Without one, the JDK's own trust.
   */
  public static class Ssl {
    /**
     * The SSL bundle (spring.ssl.bundle.*) with the certificates the client trusts and, for mutual
     * TLS, the key it presents; the JDK's own trust when not set.
     */
    private String bundle;

    public String getBundle() {
      return bundle;
    }

    public void setBundle(String bundle) {
      this.bundle = bundle;
    }

    @Override
    public String toString() {
      return "Ssl[bundle=" + bundle + "]";
    }
  }

  /** The v1 client: {@code merchantpay.v1.*}. */
  public static class V1 {
    /**
     * Where the service is, without /api/v1; the v1 client is made only when it is set. Plain http
     * only for a loopback host.
     */
    private URI baseUrl;

    /** The login of the merchant's automatic-access user, required with base-url. */
    private String login;

    /** That user's password, required with base-url; never shown in logs or toString. */
    private String password;

    /** TLS of the v1 client. */
    private final Ssl ssl = new Ssl();

    public Ssl getSsl() {
      return ssl;
    }

    public URI getBaseUrl() {
      return baseUrl;
    }

    public void setBaseUrl(URI baseUrl) {
      this.baseUrl = baseUrl;
    }

    public String getLogin() {
      return login;
    }

    public void setLogin(String login) {
      this.login = login;
    }

    public String getPassword() {
      return password;
    }

    public void setPassword(String password) {
      this.password = password;
    }

    @Override
    public String toString() {
      return "V1[baseUrl="
          + baseUrl
          + ", login="
          + login
          + ", password="
          + (password == null ? null : "****")
          + "]";
    }
  }

  /** The notification endpoint: {@code merchantpay.notifications.*}. Off unless enabled. */
  public static class Notifications {
    /**
     * Whether the application receives the service's notifications: an endpoint that verifies each
     * one and publishes it as an application event. Needs Spring MVC.
     */
    private boolean enabled;

    /**
     * Where the service reaches this application (https://shop.example.com), before the path; read
     * when a callback URL is asked for, so ${local.server.port} resolves once the server runs.
     */
    private String publicUrl;

    /** The path of the notification endpoint: payments notified to it, tokens to its /tokens. */
    @Pattern(regexp = "/[A-Za-z0-9/_.-]*", message = "must be a path starting with /")
    private String path = "/merchantpay/notifications";

    public boolean isEnabled() {
      return enabled;
    }

    public void setEnabled(boolean enabled) {
      this.enabled = enabled;
    }

    public String getPath() {
      return path;
    }

    public void setPath(String path) {
      this.path = path;
    }

    /**
     * Where the service reaches this application ({@code https://shop.example.com}), before the
     * path; read when a callback URL is asked for, so a placeholder such as {@code
     * ${local.server.port}} resolves once the server runs.
     */
    public String getPublicUrl() {
      return publicUrl;
    }

    public void setPublicUrl(String publicUrl) {
      this.publicUrl = publicUrl;
    }
  }

  @Override
  public boolean supports(Class<?> type) {
    return MerchantPayProperties.class.isAssignableFrom(type);
  }

  /**
   * What goes together: a base URL needs the client's credentials. Each missing one is reported on
   * its own property, so the start-up failure names {@code merchantpay.v2.access-token}.
   */
  @Override
  public void validate(Object target, Errors errors) {
    MerchantPayProperties properties = (MerchantPayProperties) target;
    V2 v2 = properties.getV2();
    if (v2.getBaseUrl() != null && blank(v2.getAccessToken())) {
      errors.rejectValue(
          "v2.accessToken",
          "required",
          "merchantpay.v2.access-token is required with merchantpay.v2.base-url");
    }
    V1 v1 = properties.getV1();
    if (v1.getBaseUrl() != null && blank(v1.getLogin())) {
      errors.rejectValue(
          "v1.login", "required", "merchantpay.v1.login is required with merchantpay.v1.base-url");
    }
    if (v1.getBaseUrl() != null && (v1.getPassword() == null || v1.getPassword().isEmpty())) {
      errors.rejectValue(
          "v1.password",
          "required",
          "merchantpay.v1.password is required with merchantpay.v1.base-url");
    }
  }

  private static boolean blank(String text) {
    return text == null || text.isBlank();
  }

  @Override
  public String toString() {
    return "MerchantPayProperties[" + v2 + ", " + v1 + "]";
  }
}
