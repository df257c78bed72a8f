package com.merchantpay.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The open-loop rows run the sandbox's standalone jar as its documents tell a user to launch it,
 * {@code java -jar} with no option before the jar, so they measure the collector settings the
 * sandbox chooses itself.
 */
class StandaloneLaunchTest {
  @Test
  void everyDocumentedLaunchOfTheStandaloneJarLeavesTheCollectorToTheSandbox() throws IOException {
    int launches = 0;
    for (String document : List.of("README.md", "sandbox/README.md", "docs/guides/07-sandbox.md")) {
      for (String line : Files.readAllLines(Path.of("..").resolve(document))) {
        if (line.contains("-standalone.jar") && line.matches(".*\\bjava .*-jar .*")) {
          launches++;
          assertThat(line).as("a launch in %s", document).contains("java -jar ");
        }
      }
    }
    assertThat(launches).as("launches of the standalone jar in the documents").isGreaterThan(3);
  }
}
