package com.merchantpay.examples.shop;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.util.Version;
import org.junit.jupiter.api.Test;

/**
 * On Spring Boot's parent with our BOM imported, the libraries Boot manages run at Boot's versions:
 * our BOM adds our modules and leaves those alone.
 */
class BootVersionsTest {
  @Test
  void jacksonIsBoots() {
    assertThat(com.fasterxml.jackson.databind.cfg.PackageVersion.VERSION.toString())
        .isEqualTo(System.getProperty("boot.jackson.version"));
  }

  @Test
  void theSandboxsNettyIsBoots() {
    assertThat(Version.identify().get("netty-common").artifactVersion())
        .isEqualTo(System.getProperty("boot.netty.version"));
  }
}
