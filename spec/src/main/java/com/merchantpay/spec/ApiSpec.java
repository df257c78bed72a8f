package com.merchantpay.spec;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;

/**
 * The OpenAPI documents of the service, packaged in this jar so that the sandbox, the conformance
 * kit and anyone else can load the exact contract the clients were generated from, and of the
 * sandbox's control interface.
 */
public enum ApiSpec {
  /** The current interface under {@code /api/v2}. */
  V2("com/merchantpay/spec/v2/openapi.yaml"),
  /** The legacy interface under {@code /api/v1}. */
  V1("com/merchantpay/spec/v1/openapi.yaml"),
  /** The sandbox's own control interface under {@code /_sandbox}: no part of the service. */
  CONTROL("com/merchantpay/spec/control/openapi.yaml");

  private final String resourcePath;

  ApiSpec(String resourcePath) {
    this.resourcePath = resourcePath;
  }

  /** The class path location of the YAML document, for tools that load by resource name. */
  public String resourcePath() {
    return resourcePath;
  }

  public URL url() {
    URL url = ApiSpec.class.getClassLoader().getResource(resourcePath);
    if (url == null) {
      throw new IllegalStateException(
          "OpenAPI document missing from the class path: " + resourcePath);
    }
    return url;
  }

  /** The YAML text of the document. */
  public String yaml() {
    try (InputStream in = url().openStream()) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + resourcePath, e);
    }
  }
}
