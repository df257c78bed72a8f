package com.merchantpay.v1;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * Saves document content to a file. The content is first written to a temporary file beside the
 * target and then moved into place, so an interrupted download never leaves a partial file there.
 */
final class DocumentDownload {
  private final String operation;

  /**
   * @param operation the operation that streams the content, named when the stream breaks
   */
  DocumentDownload(String operation) {
    this.operation = operation;
  }

  /**
   * @return the number of bytes saved
   * @throws UncheckedIOException when the file cannot be written
   */
  long save(String documentId, Supplier<InputStream> content, Path target) {
    Objects.requireNonNull(target, "target");
    Path directory = target.toAbsolutePath().getParent();
    Path partial;
    try {
      partial = Files.createTempFile(directory, ".download-", ".part");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create a file in " + directory, e);
    }
    try (InputStream in = content.get()) {
      long size = copy(in, partial);
      try {
        Files.move(
            partial, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING);
      }
      return size;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot save document " + documentId + " to " + target, e);
    } finally {
      deleteQuietly(partial);
    }
  }

  /** A failure to read is the service's stream breaking; a failure to write is the file's. */
  private long copy(InputStream content, Path file) throws IOException {
    long size = 0;
    byte[] buffer = new byte[64 * 1024];
    try (OutputStream out = Files.newOutputStream(file)) {
      while (true) {
        int read;
        try {
          read = content.read(buffer);
        } catch (IOException e) {
          throw new V1TransportException(operation, e);
        }
        if (read < 0) {
          return size;
        }
        out.write(buffer, 0, read);
        size += read;
      }
    }
  }

  private static void deleteQuietly(Path file) {
    try {
      Files.deleteIfExists(file);
    } catch (IOException ignored) {
      // Only a leftover temporary file; the outcome has been reported already.
    }
  }
}
