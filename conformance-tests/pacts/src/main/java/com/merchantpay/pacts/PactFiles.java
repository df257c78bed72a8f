package com.merchantpay.pacts;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/**
 * The pact files of this jar: the contracts our two clients hold the service to, written by their
 * consumer tests (Pact specification V4). A provider verifies them with the conformance kit ({@code
 * pact}) or with any Pact verifier after {@link #extractTo}.
 */
public final class PactFiles {
  /** The v2 client's contract with the v2 interface. */
  public static final String V2 = "merchantpay-client-v2-merchantpay-v2.json";

  /** The v1 client's contract with the v1 interface. */
  public static final String V1 = "merchantpay-client-v1-merchantpay-v1.json";

  private PactFiles() {}

  /** The file names. */
  public static List<String> names() {
    return List.of(V2, V1);
  }

  /** Reads one of them from the class path. */
  public static InputStream open(String name) {
    InputStream in = PactFiles.class.getResourceAsStream(name);
    if (in == null) {
      throw new IllegalStateException(
          "pact file " + name + " is not in this jar; its consumer tests did not run");
    }
    return in;
  }

  /** Copies every pact file into the directory (made if needed) and returns it. */
  public static Path extractTo(Path dir) {
    try {
      Files.createDirectories(dir);
      for (String name : names()) {
        try (InputStream in = open(name)) {
          Files.copy(in, dir.resolve(name), StandardCopyOption.REPLACE_EXISTING);
        }
      }
      return dir;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the pact files to " + dir, e);
    }
  }
}
