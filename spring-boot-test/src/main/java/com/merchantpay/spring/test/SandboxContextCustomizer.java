package com.merchantpay.spring.test;

import com.merchantpay.sandbox.Sandbox;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.context.ApplicationListener;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.event.ContextClosedEvent;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;
import org.springframework.test.context.ContextCustomizer;
import org.springframework.test.context.MergedContextConfiguration;
import org.springframework.test.context.support.TestPropertySourceUtils;

/**
 * Starts a sandbox for the application context, registers it as a bean and points the starter's
 * properties at it; the sandbox stops with the context. Contexts with it are alike, so Spring's
 * context cache shares one among test classes as it would any context.
 */
final class SandboxContextCustomizer implements ContextCustomizer {
  static final String BEAN = "merchantPaySandbox";
  private static final String PUBLIC_URL = "merchantpay.notifications.public-url";

  /** Whether the sandbox serves HTTPS, the application reaching it through an SSL bundle. */
  private final boolean https;

  SandboxContextCustomizer(boolean https) {
    this.https = https;
  }

  @Override
  public void customizeContext(
      ConfigurableApplicationContext context, MergedContextConfiguration configuration) {
    Sandbox sandbox = https ? Sandbox.builder().https(0).start() : Sandbox.builder().start();
    context.getBeanFactory().registerSingleton(BEAN, sandbox);
    context.addApplicationListener(
        (ApplicationListener<ContextClosedEvent>)
            closed -> {
              if (closed.getApplicationContext() == context) {
                sandbox.close();
              }
            });
    ConfigurableEnvironment environment = context.getEnvironment();
    Map<String, Object> properties = new LinkedHashMap<>();
    String baseUrl =
        https ? sandbox.httpsBaseUrl().orElseThrow().toString() : sandbox.baseUrl().toString();
    properties.put("merchantpay.v2.base-url", baseUrl);
    properties.put("merchantpay.v2.access-token", sandbox.bearerToken());
    properties.put("merchantpay.v2.merchant-id", sandbox.merchantId());
    properties.put("merchantpay.v1.base-url", baseUrl);
    if (https) {
      // The certificate the sandbox made for itself, trusted by the application's clients alone.
      String bundle = AutoConfigureMerchantPaySandbox.SSL_BUNDLE;
      properties.put(
          "spring.ssl.bundle.pem." + bundle + ".truststore.certificate",
          sandbox.tls().trustedCertificateFile().toUri().toString());
      properties.put("merchantpay.v2.ssl.bundle", bundle);
      properties.put("merchantpay.v1.ssl.bundle", bundle);
    }
    properties.put("merchantpay.v1.login", Sandbox.DEFAULT_ACCOUNTANT);
    properties.put("merchantpay.v1.password", Sandbox.DEFAULT_PASSWORD);
    // Resolved when a callback URL is asked for: by then the server listens, on whatever port.
    // The application's own public URL is its production one, which the sandbox cannot reach.
    properties.put(PUBLIC_URL, "http://127.0.0.1:${local.server.port}");
    MapPropertySource sandboxProperties = new MapPropertySource(BEAN, properties);
    // Over the application's configuration, under the test's own properties, which may differ.
    String inlined = TestPropertySourceUtils.INLINED_PROPERTIES_PROPERTY_SOURCE_NAME;
    if (environment.getPropertySources().contains(inlined)) {
      environment.getPropertySources().addAfter(inlined, sandboxProperties);
    } else {
      environment.getPropertySources().addFirst(sandboxProperties);
    }
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof SandboxContextCustomizer customizer && customizer.https == https;
  }

  @Override
  public int hashCode() {
    return Boolean.hashCode(https);
  }
}
