package com.merchantpay.spring;

import com.merchantpay.micrometer.MicrometerCallListener;
import com.merchantpay.observation.CallListener;
import com.merchantpay.observation.CallListeners;
import com.merchantpay.v1.MerchantPayV1Client;
import com.merchantpay.v2.MerchantPayClient;
import com.merchantpay.v2.RetryPolicy;
import io.micrometer.observation.ObservationRegistry;
import java.util.List;
import java.util.Map;
import javax.net.ssl.SSLContext;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.autoconfigure.health.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.actuate.health.Health;
import org.springframework.boot.actuate.health.HealthIndicator;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnNotWebApplication;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.ssl.NoSuchSslBundleException;
import org.springframework.boot.ssl.SslBundles;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.web.servlet.function.RouterFunction;
import org.springframework.web.servlet.function.ServerResponse;

/**
 * The clients as beans from {@code merchantpay.*}, every {@link CallListener} bean told of their
 * calls (Micrometer's, when an {@link ObservationRegistry} is present, and the health's), the
 * notification endpoint when enabled, and a health indicator with the actuator.
 */
@AutoConfiguration(
    afterName =
        "org.springframework.boot.actuate.autoconfigure.observation.ObservationAutoConfiguration")
@EnableConfigurationProperties(MerchantPayProperties.class)
public class MerchantPayAutoConfiguration {

  @Bean
  @ConditionalOnMissingBean
  MerchantPayHealth merchantPayHealth() {
    return new MerchantPayHealth();
  }

  @Bean
  @ConditionalOnMissingBean
  @ConditionalOnProperty(prefix = "merchantpay.v2", name = "base-url")
  MerchantPayClient merchantPayClient(
      MerchantPayProperties properties,
      ObjectProvider<CallListener> listeners,
      ObjectProvider<SslBundles> sslBundles,
      ObjectProvider<MerchantPayClientCustomizer> customizers) {
    MerchantPayProperties.V2 v2 = properties.getV2();
    if (v2.getBaseUrl() == null) {
      throw new IllegalStateException("merchantpay.v2.base-url is set but empty");
    }
    MerchantPayClient.Builder builder;
    try {
      builder =
          MerchantPayClient.builder()
              .baseUrl(v2.getBaseUrl().toString())
              .accessToken(v2.getAccessToken())
              .connectTimeout(v2.getConnectTimeout())
              .readTimeout(v2.getReadTimeout())
              .callTimeout(v2.getCallTimeout())
              .retryPolicy(
                  RetryPolicy.builder()
                      .maxAttempts(v2.getMaxAttempts())
                      .retryUpdatesWhenOutcomeUnknown(v2.isRetryUpdatesWhenOutcomeUnknown())
                      .build());
    } catch (IllegalArgumentException e) {
      throw refused("merchantpay.v2", e);
    }
    SSLContext tls = sslContext("merchantpay.v2.ssl.bundle", v2.getSsl(), sslBundles);
    if (tls != null) {
      builder.sslContext(tls);
    }
    List<CallListener> all = listeners.orderedStream().toList();
    if (!all.isEmpty()) {
      builder.callListener(CallListeners.of(all));
    }
    customizers.orderedStream().forEach(customizer -> customizer.customize(builder));
    try {
      return builder.build();
    } catch (IllegalArgumentException e) {
      throw refused("merchantpay.v2", e);
    }
  }

  @Bean
  @ConditionalOnMissingBean
  MerchantPayNotificationUrls merchantPayNotificationUrls(
      MerchantPayProperties properties, Environment environment) {
    return new MerchantPayNotificationUrls(environment, properties.getNotifications().getPath());
  }

  @Bean
  @ConditionalOnMissingBean
  @ConditionalOnProperty(prefix = "merchantpay.v1", name = "base-url")
  MerchantPayV1Client merchantPayV1Client(
      MerchantPayProperties properties,
      ObjectProvider<CallListener> listeners,
      ObjectProvider<SslBundles> sslBundles,
      ObjectProvider<MerchantPayV1ClientCustomizer> customizers) {
    MerchantPayProperties.V1 v1 = properties.getV1();
    if (v1.getBaseUrl() == null) {
      throw new IllegalStateException("merchantpay.v1.base-url is set but empty");
    }
    MerchantPayV1Client.Builder builder;
    try {
      builder =
          MerchantPayV1Client.builder()
              .baseUrl(v1.getBaseUrl().toString())
              .login(v1.getLogin())
              .password(v1.getPassword());
    } catch (IllegalArgumentException e) {
      throw refused("merchantpay.v1", e);
    }
    SSLContext tls = sslContext("merchantpay.v1.ssl.bundle", v1.getSsl(), sslBundles);
    if (tls != null) {
      builder.sslContext(tls);
    }
    List<CallListener> all = listeners.orderedStream().toList();
    if (!all.isEmpty()) {
      builder.callListener(CallListeners.of(all));
    }
    customizers.orderedStream().forEach(customizer -> customizer.customize(builder));
    try {
      return builder.build();
    } catch (IllegalArgumentException e) {
      throw refused("merchantpay.v1", e);
    }
  }

  /** The clients' settings a builder names in its refusals, and the properties that set them. */
  private static final Map<String, String> PROPERTIES =
      Map.of(
          "baseUrl", "base-url",
          "accessToken", "access-token",
          "connectTimeout", "connect-timeout",
          "readTimeout", "read-timeout",
          "callTimeout", "call-timeout",
          "maxAttempts", "max-attempts",
          "login", "login",
          "password", "password");

  /**
   * A client builder's refusal of a value, told by the property that set it ({@code
   * merchantpay.v2.base-url must use https; ...}, not {@code baseUrl must use https}).
   */
  static IllegalStateException refused(String prefix, IllegalArgumentException refusal) {
    String message = String.valueOf(refusal.getMessage());
    for (Map.Entry<String, String> setting : PROPERTIES.entrySet()) {
      if (message.startsWith(setting.getKey() + " ")) {
        // Not chained: the refusal's own message, under the client's setting name, would be the
        // root cause a start-up failure shows.
        return new IllegalStateException(
            prefix + "." + setting.getValue() + message.substring(setting.getKey().length()));
      }
    }
    return new IllegalStateException(prefix + ".*: " + message, refusal);
  }

  /**
   * The TLS context of the SSL bundle a client's properties name, or null when they name none.
   *
   * @throws IllegalStateException naming the property when the bundle does not exist
   */
  private static SSLContext sslContext(
      String property, MerchantPayProperties.Ssl ssl, ObjectProvider<SslBundles> sslBundles) {
    if (ssl.getBundle() == null || ssl.getBundle().isBlank()) {
      return null;
    }
    SslBundles bundles = sslBundles.getIfAvailable();
    if (bundles == null) {
      throw new IllegalStateException(
          property
              + " names the SSL bundle "
              + ssl.getBundle()
              + ", but the application has no SSL bundles");
    }
    try {
      return bundles.getBundle(ssl.getBundle()).createSslContext();
    } catch (NoSuchSslBundleException e) {
      throw new IllegalStateException(
          property
              + " names the SSL bundle "
              + ssl.getBundle()
              + ", which spring.ssl.bundle does not define",
          e);
    }
  }

  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(ObservationRegistry.class)
  static class Observations {
    // Looked up when the bean is made, after every definition is in: no ordering against the
    // auto-configuration that defines the registry. Without one, observations cost next to nothing.
    @Bean
    @ConditionalOnMissingBean
    MicrometerCallListener merchantPayObservations(ObjectProvider<ObservationRegistry> registry) {
      return MicrometerCallListener.of(registry.getIfAvailable(() -> ObservationRegistry.NOOP));
    }
  }

  @Configuration(proxyBeanMethods = false)
  @ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
  @ConditionalOnClass(RouterFunction.class)
  @ConditionalOnProperty(
      prefix = "merchantpay.notifications",
      name = "enabled",
      havingValue = "true")
  static class Notifications {
    @Bean
    RouterFunction<ServerResponse> merchantPayNotifications(
        MerchantPayProperties properties,
        ObjectProvider<MerchantPayClient> client,
        ApplicationEventPublisher events) {
      MerchantPayClient v2 = client.getIfAvailable();
      if (v2 == null) {
        throw new IllegalStateException(
            "merchantpay.notifications.enabled needs the v2 client: set merchantpay.v2.base-url");
      }
      return new NotificationEndpoint(v2, events).routes(properties.getNotifications().getPath());
    }
  }

  /**
   * The endpoint is a Spring MVC one: an application that would not get it says so at start rather
   * than never hearing of its payments.
   */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnNotWebApplication
  @ConditionalOnProperty(
      prefix = "merchantpay.notifications",
      name = "enabled",
      havingValue = "true")
  static class NoNotificationsOutsideAServletApplication {
    @Bean
    Object merchantPayNotificationsUnavailable() {
      throw new IllegalStateException(
          "merchantpay.notifications.enabled serves its endpoint in a servlet (Spring MVC) web "
              + "application, and this one is not a web application: receive the notifications "
              + "where you do and verify each with MerchantPayClient.notifications().verify");
    }
  }

  @Configuration(proxyBeanMethods = false)
  @ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
  @ConditionalOnProperty(
      prefix = "merchantpay.notifications",
      name = "enabled",
      havingValue = "true")
  static class NoNotificationsInAReactiveApplication {
    @Bean
    Object merchantPayNotificationsUnavailable() {
      throw new IllegalStateException(
          "merchantpay.notifications.enabled serves its endpoint in a servlet (Spring MVC) web "
              + "application, and this one is reactive (WebFlux): receive the notifications in a "
              + "handler of your own and verify each with MerchantPayClient.notifications().verify");
    }
  }

  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(HealthIndicator.class)
  @ConditionalOnEnabledHealthIndicator("merchantpay")
  static class HealthConfiguration {
    @Bean
    HealthIndicator merchantpayHealthIndicator(MerchantPayHealth health) {
      return () -> {
        Map<String, MerchantPayHealth.State> states = health.states();
        boolean down = states.values().stream().anyMatch(health::down);
        Health.Builder builder =
            down ? Health.down() : states.isEmpty() ? Health.unknown() : Health.up();
        states.forEach(
            (client, state) ->
                builder.withDetail(
                    client,
                    state.lastFailure() == null
                        ? Map.of(
                            "failuresInARow",
                            state.failuresInARow(),
                            "lastCall",
                            state.lastCall().toString())
                        : Map.of(
                            "failuresInARow", state.failuresInARow(),
                            "lastCall", state.lastCall().toString(),
                            "lastFailure", state.lastFailure())));
        return builder.build();
      };
    }
  }
}
