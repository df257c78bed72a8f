package com.merchantpay.conformance.target;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;
import java.util.List;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * The kit's TLS settings from PEM files ({@code --ca-cert}, {@code --client-cert}, {@code
 * --client-key}), read with the JDK alone: certificates through {@link CertificateFactory}, keys as
 * PKCS #8. A file that cannot be used is named, its key never shown.
 */
final class TlsFiles {
  private static final String BEGIN = "-----BEGIN PRIVATE KEY-----";
  private static final String END = "-----END PRIVATE KEY-----";

  private TlsFiles() {}

  static SSLContext context(Path trusted, Path certificate, Path key) {
    if ((certificate == null) != (key == null)) {
      throw new IllegalArgumentException(
          "a client certificate (--client-cert) and its key (--client-key) go together");
    }
    try {
      TrustManagerFactory trust = null;
      if (trusted != null) {
        KeyStore store = KeyStore.getInstance("PKCS12");
        store.load(null, null);
        int i = 0;
        for (Certificate one : certificates(trusted)) {
          store.setCertificateEntry("trusted-" + i++, one);
        }
        trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trust.init(store);
      }
      KeyManagerFactory keys = null;
      if (certificate != null) {
        KeyStore store = KeyStore.getInstance("PKCS12");
        store.load(null, null);
        store.setKeyEntry(
            "client",
            privateKey(key),
            new char[0],
            certificates(certificate).toArray(new Certificate[0]));
        keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        keys.init(store, new char[0]);
      }
      SSLContext context = SSLContext.getInstance("TLS");
      context.init(
          keys == null ? null : keys.getKeyManagers(),
          trust == null ? null : trust.getTrustManagers(),
          null);
      return context;
    } catch (IOException | GeneralSecurityException e) {
      throw new IllegalArgumentException("the TLS files cannot be used: " + e.getMessage(), e);
    }
  }

  private static List<? extends Certificate> certificates(Path pem) {
    try (InputStream in = Files.newInputStream(pem)) {
      List<? extends Certificate> certificates =
          List.copyOf(CertificateFactory.getInstance("X.509").generateCertificates(in));
      if (certificates.isEmpty()) {
        throw new IllegalArgumentException(pem + ": no PEM certificate in it");
      }
      return certificates;
    } catch (IOException | GeneralSecurityException e) {
      throw new IllegalArgumentException(
          pem + ": not PEM certificates (" + e.getMessage() + ")", e);
    }
  }

  private static PrivateKey privateKey(Path pem) {
    String text;
    try {
      text = Files.readString(pem, StandardCharsets.US_ASCII);
    } catch (IOException e) {
      throw new IllegalArgumentException(pem + ": cannot be read (" + e.getMessage() + ")", e);
    }
    int begin = text.indexOf(BEGIN);
    int end = text.indexOf(END);
    if (begin < 0 || end < begin) {
      throw new IllegalArgumentException(
          pem
              + ": no unencrypted PKCS #8 private key (BEGIN PRIVATE KEY); convert one with "
              + "openssl pkcs8 -topk8 -nocrypt -in KEY -out KEY.pk8");
    }
    byte[] der;
    try {
      der = Base64.getMimeDecoder().decode(text.substring(begin + BEGIN.length(), end));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(pem + ": the private key is not valid base64");
    }
    for (String algorithm : List.of("RSA", "EC", "Ed25519", "Ed448")) {
      try {
        return KeyFactory.getInstance(algorithm).generatePrivate(new PKCS8EncodedKeySpec(der));
      } catch (GeneralSecurityException e) {
        // not this algorithm: the next
      }
    }
    throw new IllegalArgumentException(pem + ": a private key of no algorithm the JDK reads");
  }
}
