package com.merchantpay.sandbox.internal.config;

import java.nio.file.Path;
import java.util.List;

/**
 * How a sandbox serves HTTPS beside HTTP.
 *
 * @param port the HTTPS port, 0 for any free one
 * @param names further names the sandbox is reached by, for the certificate it makes (loopback
 *     names, the bind address and the machine's name are always in it)
 * @param keyStore a key store to serve instead of a certificate made at start, or null
 * @param keyStorePassword its password
 * @param clientCertificateRequired whether every HTTPS caller must present a certificate the
 *     sandbox's authority issued, or one of the client authorities
 * @param clientAuthorities a PEM file of further authorities whose client certificates are accepted
 *     (then a client certificate is required), or null
 */
public record TlsConfig(
    int port,
    List<String> names,
    Path keyStore,
    char[] keyStorePassword,
    boolean clientCertificateRequired,
    Path clientAuthorities) {
  public TlsConfig {
    if (port < 0 || port > 65535) {
      throw new IllegalArgumentException("the HTTPS port must be 0..65535, not " + port);
    }
    names = List.copyOf(names);
    clientCertificateRequired = clientCertificateRequired || clientAuthorities != null;
    keyStorePassword = keyStorePassword == null ? new char[0] : keyStorePassword.clone();
  }

  /** The password is never shown. */
  @Override
  public String toString() {
    return "TlsConfig[port="
        + port
        + ", names="
        + names
        + ", keyStore="
        + keyStore
        + ", clientCertificateRequired="
        + clientCertificateRequired
        + (clientAuthorities == null ? "" : ", clientAuthorities=" + clientAuthorities)
        + "]";
  }
}
