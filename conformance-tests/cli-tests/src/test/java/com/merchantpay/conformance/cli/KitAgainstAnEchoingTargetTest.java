package com.merchantpay.conformance.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A target that answers every call with an error echoing what it was sent: the bearer token, as a
 * header and raw, placed so that the cut of a summary at 600 characters falls at every place within
 * it in turn; the v1 login, nonce and hash; the card number and security code of a payment. Nothing
 * of a secret reaches the console or any report file. Before the kit masked the piece a cut leaves,
 * 19 of 27 characters of an echoed token appeared in every report, and an echoed v1 hash appeared
 * whole beside its login and nonce.
 */
class KitAgainstAnEchoingTargetTest {
  private static final String TOKEN = "Qv7Jx2Wk9Zr4Tn8Ym3Hb6Pd5Fs";
  private static final String OTHER_TOKEN = "Lc4Gm8Xq2Vt6Kz9Rw3Jn7Bh5Dy";
  private static final String V1_PASSWORD = "Ev1Pw0rdQk8Zx3Mj";
  private static final Pattern SIGNED = Pattern.compile("(?:^|[?&\\s])(hash|nonce)=([^&\\s]*)");

  /** A piece of a token this long, or longer, would be a leak: the masks leave none. */
  private static final int PIECE = 4;

  /** Pieces of a hash this long: shorter ones are found in any text by chance. */
  private static final int SIGNATURE_PIECE = 8;

  @TempDir Path dir;

  private final Set<String> hashes = ConcurrentHashMap.newKeySet();
  private final Set<String> nonces = ConcurrentHashMap.newKeySet();

  @Test
  void nothingOfASecretTheTargetEchoesReachesTheConsoleOrAnyReport() throws IOException {
    AtomicInteger calls = new AtomicInteger();
    MutatingProxy.Fault echo =
        new MutatingProxy.Fault() {
          @Override
          public void request(MutatingProxy.Call call) {
            String authorization = call.header("Authorization");
            String token =
                authorization == null ? "" : authorization.replaceFirst("^Bearer\\s+", "");
            keepSignatures(call.pathAndQuery);
            keepSignatures(call.text());
            // Every other answer starts with what was sent (a v1 signature, a card); the others
            // put the token where a summary is cut, at a place one further each time.
            int number = calls.getAndIncrement();
            int shift = number / 2 % (TOKEN.length() + 1);
            String said =
                number % 2 == 0
                    ? call.pathAndQuery + " " + call.text() + " Authorization: " + authorization
                    : "x".repeat(600 - shift) + token;
            call.reply = new MutatingProxy.Answer();
            call.reply.status = 400;
            call.reply.headers.put("Content-Type", "text/plain");
            call.reply.body = said.getBytes(StandardCharsets.UTF_8);
          }
        };
    CommandLineTest.Ran ran;
    try (MutatingProxy target = new MutatingProxy(URI.create("http://127.0.0.1:9"), echo)) {
      ran =
          CommandLineTest.run(
              "--base-url",
              target.baseUrl().toString(),
              "--token",
              TOKEN,
              "--merchant",
              "echo-merchant",
              "--other-token",
              OTHER_TOKEN,
              "--other-merchant",
              "echo-other-merchant",
              "--v1-login",
              "echo-login",
              "--v1-password",
              V1_PASSWORD,
              "--report-dir",
              dir.toString());
    }

    assertThat(ran.exit()).isEqualTo(1);
    assertThat(calls.get()).isGreaterThan(TOKEN.length());
    assertThat(hashes).as("v1 hashes the kit sent").hasSizeGreaterThan(4);
    assertThat(nonces).as("v1 nonces the kit sent").hasSizeGreaterThan(4);
    Map<String, String> shown = new LinkedHashMap<>();
    shown.put("console", ran.out());
    shown.put("errors", ran.err());
    try (Stream<Path> files = Files.list(dir)) {
      for (Path file : files.toList()) {
        shown.put(file.getFileName().toString(), Files.readString(file));
      }
    }
    assertThat(shown.get("console"))
        .as("echoes are shown, masked")
        .contains("Authorization: Bearer ***", "hash=***", "***... (");
    for (Map.Entry<String, String> text : shown.entrySet()) {
      for (String secret : List.of(TOKEN, OTHER_TOKEN, V1_PASSWORD)) {
        assertNoPiece(text.getKey(), text.getValue(), secret, PIECE);
      }
      for (String hash : hashes) {
        assertNoPiece(text.getKey(), text.getValue(), hash, SIGNATURE_PIECE);
      }
      // A nonce holds the run's id, which order numbers show too: the whole nonce is the secret.
      assertThat(text.getValue()).as(text.getKey()).doesNotContain(nonces);
      assertThat(text.getValue())
          .as(text.getKey())
          .doesNotContain("4111111111111111", "4000000000002016")
          .doesNotContainPattern("cvc\\\\?\"\\s*:\\s*\\\\?\"[0-9]");
    }
  }

  private void keepSignatures(String text) {
    Matcher signed = SIGNED.matcher(text);
    while (signed.find()) {
      String value = URLDecoder.decode(signed.group(2), StandardCharsets.UTF_8);
      if (value.length() >= SIGNATURE_PIECE) {
        (signed.group(1).equals("hash") ? hashes : nonces).add(value);
      }
    }
  }

  private static void assertNoPiece(String where, String text, String secret, int shortest) {
    for (int from = 0; from + shortest <= secret.length(); from++) {
      String piece = secret.substring(from, from + shortest);
      assertThat(text).as("%s holds %s, a piece of a secret", where, piece).doesNotContain(piece);
    }
  }
}
