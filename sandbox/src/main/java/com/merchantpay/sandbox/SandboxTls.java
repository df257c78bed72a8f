package com.merchantpay.sandbox;

import com.merchantpay.sandbox.internal.tls.CertificateAuthority;
import com.merchantpay.sandbox.internal.tls.TlsMaterial;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import javax.net.ssl.SSLContext;

/**
 * What a client needs to reach a sandbox over HTTPS ({@link Sandbox#tls()}): the certificate to
 * trust, and the client certificates the sandbox accepts when it requires one.
 *
 * <pre>{@code
 * Sandbox sandbox = Sandbox.builder().https(0).start();
 * HttpClient http = HttpClient.newBuilder().sslContext(sandbox.tls().sslContext()).build();
 * // or, with a client of ours: .trustedCertificates(sandbox.tls().trustedCertificateFile())
 * }</pre>
 */
public final class SandboxTls {
  private final TlsMaterial material;
  private Path trustedFile;

  SandboxTls(TlsMaterial material) {
    this.material = material;
  }

  /**
   * The certificate a client trusts, in PEM form: the authority the sandbox made at start, or the
   * end of the chain of the key store it was given.
   */
  public String trustedCertificatePem() {
    return material.trustedCertificatePem();
  }

  /**
   * The same certificate in a file (written once, removed when the JVM ends), for a tool or a
   * client that takes a path.
   */
  public synchronized Path trustedCertificateFile() {
    if (trustedFile == null) {
      trustedFile = write("merchantpay-sandbox-ca", trustedCertificatePem(), false);
    }
    return trustedFile;
  }

  /** A JDK TLS context that trusts the sandbox and presents no certificate. */
  public SSLContext sslContext() {
    return material.clientContext(null);
  }

  /** Whether the sandbox requires every HTTPS caller to present a client certificate. */
  public boolean clientCertificateRequired() {
    return material.clientCertificateRequired();
  }

  /**
   * A client certificate the sandbox accepts, made now, with this common name.
   *
   * @throws IllegalStateException when the sandbox serves a key store given to it and requires no
   *     client certificate
   */
  public ClientCertificate clientCertificate(String commonName) {
    CertificateAuthority.Issued issued = material.issueClient(commonName);
    return new ClientCertificate(
        issued.certificatePem() + CertificateAuthority.pem(issued.issuer()),
        issued.privateKeyPem(),
        material.clientContext(issued));
  }

  /**
   * A client certificate and its private key, both PEM (the key PKCS #8), and a JDK TLS context
   * that trusts the sandbox and presents it.
   *
   * @param certificatePem the certificate, then the authority's
   * @param privateKeyPem its private key
   * @param sslContext a context that presents it
   */
  public record ClientCertificate(
      String certificatePem, String privateKeyPem, SSLContext sslContext) {
    /** Writes the certificate to a file (removed when the JVM ends) and returns its path. */
    public Path certificateFile() {
      return write("merchantpay-client-certificate", certificatePem, false);
    }

    /**
     * Writes the private key to a file only its owner may read (removed when the JVM ends) and
     * returns its path.
     */
    public Path privateKeyFile() {
      return write("merchantpay-client-key", privateKeyPem, true);
    }

    /** The private key is never shown. */
    @Override
    public String toString() {
      return "ClientCertificate[private key not shown]";
    }
  }

  private static Path write(String prefix, String pem, boolean secret) {
    try {
      Path file = Files.createTempFile(prefix, ".pem");
      if (secret) {
        try {
          Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        } catch (UnsupportedOperationException e) {
          // a file system without POSIX permissions: its own defaults stand
        }
      }
      Files.writeString(file, pem);
      file.toFile().deleteOnExit();
      return file;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
