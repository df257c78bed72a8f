package com.merchantpay.spring;

import org.springframework.core.env.Environment;

/**
 * The callback URLs to give the service ({@code protocol.callbackUrl} of a payment, {@code
 * callbackUrl} of a token): {@code merchantpay.notifications.public-url} followed by the endpoint's
 * path. The public URL is read when asked, so {@code http://127.0.0.1:${local.server.port}}, which
 * only resolves once the server runs, serves a test on a random port.
 */
public final class MerchantPayNotificationUrls {
  private static final String PUBLIC_URL = "merchantpay.notifications.public-url";

  private final Environment environment;
  private final String path;

  MerchantPayNotificationUrls(Environment environment, String path) {
    this.environment = environment;
    this.path = path;
  }

  /** Where the service sends payment notifications. */
  public String payments() {
    return publicUrl() + path;
  }

  /** Where the service sends payment token notifications. */
  public String tokens() {
    return publicUrl() + path + "/tokens";
  }

  /**
   * @throws IllegalStateException when the property is not set, or names a port not yet known
   */
  private String publicUrl() {
    String url;
    try {
      url = environment.getProperty(PUBLIC_URL);
    } catch (IllegalArgumentException e) {
      throw new IllegalStateException(
          PUBLIC_URL + " cannot be resolved yet (" + e.getMessage() + "): is the server started?",
          e);
    }
    if (url == null || url.isBlank()) {
      throw new IllegalStateException(
          "set " + PUBLIC_URL + " to where the service reaches this application");
    }
    return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
  }
}
