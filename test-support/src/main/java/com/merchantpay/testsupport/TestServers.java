package com.merchantpay.testsupport;

import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.wireMockConfig;

import com.github.tomakehurst.wiremock.extension.Extension;
import com.github.tomakehurst.wiremock.junit5.WireMockExtension;

/** Stub servers for client tests. */
public final class TestServers {
  private TestServers() {}

  /** A WireMock server on a free port, for one test class ({@code @RegisterExtension static}). */
  public static WireMockExtension wireMock(Extension... extensions) {
    return WireMockExtension.newInstance()
        .options(wireMockConfig().dynamicPort().extensions(extensions))
        .build();
  }
}
