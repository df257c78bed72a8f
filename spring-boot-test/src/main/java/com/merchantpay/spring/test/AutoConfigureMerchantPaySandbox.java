package com.merchantpay.spring.test;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Points a Spring Boot test's application at a sandbox started for its context: the starter's
 * {@code merchantpay.v2.*} and {@code merchantpay.v1.*} name the sandbox, its token, merchant and
 * v1 Accountant, and {@code merchantpay.notifications.public-url} is {@code
 * http://127.0.0.1:${local.server.port}} (unless the application sets it), so the sandbox's
 * callbacks reach the application on a random port too. The {@code Sandbox} is a bean a test may
 * inject, for faults, the journal and the payer's part. Each test starts with an empty journal, and
 * the fault rules it adds end with it.
 *
 * <pre>{@code
 * @SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
 * @AutoConfigureMerchantPaySandbox
 * class CheckoutTest {
 *   @Autowired Sandbox sandbox;
 *   ...
 * }
 * }</pre>
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
public @interface AutoConfigureMerchantPaySandbox {
  /**
   * Whether a test fails when, during it, the application sent the sandbox a request the contract
   * of its interface does not allow, with what the contract found.
   */
  boolean strict() default false;

  /**
   * Whether the sandbox serves the application over HTTPS, as the service does: the base URLs are
   * its {@code https://} ones, and the certificate it made for itself is trusted through an SSL
   * bundle of Spring Boot's, {@value #SSL_BUNDLE}, which {@code merchantpay.v2.ssl.bundle} and
   * {@code merchantpay.v1.ssl.bundle} name. The application's own TLS settings are tested as they
   * run.
   */
  boolean https() default false;

  /** The SSL bundle that trusts the sandbox's certificate, when it serves {@link #https()}. */
  String SSL_BUNDLE = "merchantpay-sandbox";
}
