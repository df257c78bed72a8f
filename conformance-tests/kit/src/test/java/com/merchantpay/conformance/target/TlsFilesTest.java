package com.merchantpay.conformance.target;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The kit's TLS options: a file that cannot be used is named, and a key never shown. */
class TlsFilesTest {
  private static final String KEY_TEXT = "MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg";

  @TempDir Path dir;

  @Test
  void aCertificateAndItsKeyGoTogether() throws IOException {
    Path certificate = Files.writeString(dir.resolve("client.pem"), "x");

    assertThatThrownBy(() -> Target.builder(URI.create("https://h")).tls(null, certificate, null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("--client-cert")
        .hasMessageContaining("--client-key");
  }

  @Test
  void aFileWithoutCertificatesIsNamed() throws IOException {
    Path ca = Files.writeString(dir.resolve("ca.pem"), "not a certificate");

    assertThatThrownBy(() -> Target.builder(URI.create("https://h")).tls(ca, null, null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(ca.toString());
  }

  @Test
  void aKeyThatIsNotPkcs8IsNamedWithHowToConvertItAndNotShown() throws IOException {
    Path ca = resource("ca.pem");
    Path key =
        Files.writeString(
            dir.resolve("client.key"),
            "-----BEGIN EC PRIVATE KEY-----\n" + KEY_TEXT + "\n-----END EC PRIVATE KEY-----\n");

    assertThatThrownBy(() -> Target.builder(URI.create("https://h")).tls(ca, ca, key))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(key.toString())
        .hasMessageContaining("openssl pkcs8")
        .hasMessageNotContaining(KEY_TEXT.substring(0, 12));
  }

  @Test
  void aClientCertificateWithItsPkcs8KeyMakesAContext() {
    Target target =
        Target.builder(URI.create("https://h"))
            .tls(resource("ca.pem"), resource("client.pem"), resource("client-key.pem"))
            .build();

    assertThat(target.tls()).isNotNull();
  }

  @Test
  void aTrustedCertificateFileMakesAContext() {
    Path ca = resource("ca.pem");

    Target target = Target.builder(URI.create("https://h")).tls(ca, null, null).build();

    assertThat(target.tls()).isNotNull();
    assertThat(target.toString()).contains("TLS settings given");
  }

  private static Path resource(String name) {
    try {
      return Path.of(TlsFilesTest.class.getResource("/tls/" + name).toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }
}
