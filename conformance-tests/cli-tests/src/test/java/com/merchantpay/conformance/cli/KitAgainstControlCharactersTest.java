package com.merchantpay.conformance.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A target whose every answer carries terminal controls and characters XML cannot hold in its error
 * code, message and errors: escape sequences that rewrite a line into a forged {@code PASS} and set
 * the window title, NUL, BEL, a vertical tab. The console shows them written out, never acted on,
 * and every report is written whole and reads back.
 */
class KitAgainstControlCharactersTest {
  private static final String HOSTILE =
      "validation_error\u001b[2K\r  PASS  v2.forged\u0000\u0007\u000b\u001b]0;owned\u0007";

  @TempDir Path dir;

  @Test
  void controlsInAnswersAreWrittenOutOnTheConsoleAndEveryReportIsWhole() throws Exception {
    MutatingProxy.Fault hostile =
        new MutatingProxy.Fault() {
          @Override
          public void request(MutatingProxy.Call call) {
            var body = MutatingProxy.JSON.createObjectNode();
            body.put("code", HOSTILE);
            body.put("message", "refused\u0000 \u001b[31mred");
            body.putArray("errors").add("amount\u000b\u0008");
            body.put("ErrorCode", -7);
            call.reply = MutatingProxy.Answer.json(400, body);
          }
        };
    CommandLineTest.Ran ran;
    try (MutatingProxy target = new MutatingProxy(URI.create("http://127.0.0.1:9"), hostile)) {
      ran =
          CommandLineTest.run(
              "--base-url",
              target.baseUrl().toString(),
              "--token",
              "control-token",
              "--merchant",
              "control-merchant",
              "--v1-login",
              "control-login",
              "--v1-password",
              "control-password",
              "--report-dir",
              dir.toString());
    }

    assertThat(ran.exit()).as(ran.err()).isEqualTo(1);
    assertThat(ran.out()).contains("\\u001B[2K\\u000D  PASS  v2.forged\\u0000\\u0007\\u000B");
    for (String shown : List.of(ran.out(), ran.err())) {
      assertThat(shown.chars()).noneMatch(c -> c < 0x20 && c != '\n' && c != '\t');
    }
    List<Path> files;
    try (Stream<Path> listed = Files.list(dir)) {
      files = listed.toList();
    }
    assertThat(files)
        .extracting(f -> f.getFileName().toString())
        .contains("conformance-report.json", "conformance-report.html");
    for (Path file : files) {
      String name = file.getFileName().toString();
      byte[] bytes = Files.readAllBytes(file);
      assertThat(new String(bytes, StandardCharsets.UTF_8).chars())
          .as(name)
          .noneMatch(c -> c < 0x20 && c != '\n' && c != '\t' && c != '\r');
      if (name.endsWith(".xml")) {
        XMLStreamReader reader =
            XMLInputFactory.newFactory().createXMLStreamReader(new ByteArrayInputStream(bytes));
        while (reader.hasNext()) {
          reader.next();
        }
      } else if (name.endsWith(".json")) {
        new ObjectMapper().readTree(bytes);
      }
    }
  }
}
