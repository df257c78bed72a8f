package com.merchantpay.pacts;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The pacts the jar carries are committed, so a change of contract is a reviewed diff and the jar
 * has them even when tests are skipped. They must be exactly what the consumer tests write now;
 * when they are not, copy {@code target/pacts/*.json} over {@code
 * src/main/resources/com/merchantpay/pacts/} and commit.
 */
class CommittedPactsAreCurrentTest {
  @Test
  void theCommittedPactsAreTheOnesTheConsumerTestsWrite() throws Exception {
    Path written = Path.of(System.getProperty("pact.rootDir", "target/pacts"));
    for (String name : PactFiles.names()) {
      String committed;
      try (InputStream in = PactFiles.open(name)) {
        committed = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      }
      assertThat(Files.readString(written.resolve(name)))
          .as(
              "%s: the consumer tests now write another contract; "
                  + "copy target/pacts/%s to src/main/resources/com/merchantpay/pacts/ and commit it",
              name, name)
          .isEqualTo(committed);
    }
  }
}
