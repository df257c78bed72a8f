package com.merchantpay.conformance.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Another team's pacts, written against its own names for the provider, token, merchant and login,
 * verified with {@code pact --pacts DIR} through the kit's vocabulary of provider states.
 */
class ConsumerPactsTest {
  @RegisterExtension static final SandboxForTheKit sandbox = new SandboxForTheKit();

  @TempDir Path dir;

  @Test
  void aConsumersOwnPactVerifiesThroughTheVocabularyWithItsParameters() throws Exception {
    write(
        "shop.json",
        interaction(
            "a cancelled payment",
            "{\"amount\":\"30.00\"}",
            "GET",
            "/api/v2/payments/${paymentId}",
            null,
            "{\"status\":\"Cancelled\",\"amount\":{\"value\":30.00,\"currency\":\"RUB\"}}"),
        interaction(
            "a refund",
            "{\"refundAmount\":\"25.00\"}",
            "GET",
            "/api/v2/refunds/${refundId}",
            null,
            "{\"amount\":{\"value\":25.00,\"currency\":\"RUB\"}}"),
        interaction(
            "a revoked payment token",
            "{}",
            "GET",
            "/api/v2/paymenttokens/${tokenId}",
            null,
            "{\"status\":\"Revoked\"}"),
        interaction(
            "a declined payment",
            "{}",
            "GET",
            "/api/v2/payments/${paymentId}",
            null,
            "{\"status\":\"Rejected\"}"),
        interaction(
            "a payment waits for a confirmation step",
            "{\"type\":\"ThreeDSChallenge\"}",
            "GET",
            "/api/v2/payments/${paymentId}",
            null,
            "{\"status\":\"Confirmation\"}"),
        interaction(
            null,
            null,
            "POST",
            "/api/v2/payments",
            "{\"merchantId\":\"shop-42\",\"amount\":{\"value\":12.00,\"currency\":\"RUB\"},"
                + "\"paymentData\":{\"paymentMethod\":\"bankcard\",\"card\":{\"pan\":\"4111111111111111\","
                + "\"expiry\":\"12/30\",\"cvc\":\"123\"}}}",
            "{\"status\":\"Settled\"}"),
        interaction(null, null, "GET", "/warehouse/stock", null, "{}"));

    Ran ran = pact(dir);

    assertThat(ran.exit()).as(ran.out()).isZero();
    assertThat(ran.out())
        .contains("6 interactions verified, 0 failed")
        .contains("/warehouse/stock is under neither /api/v2 nor /api/v1");
  }

  @Test
  void anAnswerTheConsumerDoesNotGetFailsAndAnUnknownStateOrParameterIsNamed() throws Exception {
    write(
        "shop.json",
        interaction(
            "a cancelled payment",
            "{}",
            "GET",
            "/api/v2/payments/${paymentId}",
            null,
            "{\"status\":\"Settled\"}"),
        interaction("a lost payment", "{}", "GET", "/api/v2/payments/${paymentId}", null, "{}"),
        interaction(
            "a refund",
            "{\"currency\":\"EUR\"}",
            "GET",
            "/api/v2/refunds/${refundId}",
            null,
            "{}"));

    Ran ran = pact(dir);

    assertThat(ran.exit()).isEqualTo(1);
    assertThat(ran.out())
        .contains("0 interactions verified, 3 failed")
        .contains("$.status Expected 'Cancelled' (String) to be equal to 'Settled'")
        .contains("no provider state 'a lost payment' is known to the kit")
        .contains("'currency' is no parameter of 'a refund'");
  }

  @Test
  void theVocabularyIsListedWithItsParameters() {
    Ran ran = run("pact", "--list-states");

    assertThat(ran.exit()).isZero();
    for (StateVocabulary.State state : StateVocabulary.states()) {
      assertThat(ran.out()).contains(state.name());
      state.parameters().forEach(p -> assertThat(ran.out()).contains("parameter " + p.name()));
    }
  }

  @Test
  void aDirectoryWithoutPactsIsBadUsage() throws Exception {
    Files.writeString(dir.resolve("notes.json"), "{\"hello\":1}");

    Ran notAPact = pact(dir);
    Ran missing = pact(dir.resolve("missing"));

    assertThat(notAPact.exit()).isEqualTo(2);
    assertThat(notAPact.out()).contains("notes.json: not a pact file");
    assertThat(missing.exit()).isEqualTo(2);
    assertThat(missing.out()).contains("no such directory");
  }

  record Ran(int exit, String out) {}

  private Ran pact(Path pacts) {
    return run(
        "pact",
        "--pacts",
        pacts.toString(),
        "--base-url",
        sandbox.target().baseUrl().toString(),
        "--token",
        sandbox.target().bearerToken(),
        "--merchant",
        sandbox.target().merchantId(),
        "--v1-login",
        sandbox.target().v1Login(),
        "--v1-password",
        sandbox.target().v1Password());
  }

  private static Ran run(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    PrintStream stream = new PrintStream(out, true, StandardCharsets.UTF_8);
    int exit = ConformanceCli.execute(stream, stream, args);
    return new Ran(exit, out.toString(StandardCharsets.UTF_8));
  }

  private void write(String name, String... interactions) throws Exception {
    Files.writeString(
        dir.resolve(name),
        "{\"consumer\":{\"name\":\"shop-backend\"},\"provider\":{\"name\":\"payment-gateway\"},"
            + "\"interactions\":["
            + String.join(",", interactions)
            + "],\"metadata\":{\"pactSpecification\":{\"version\":\"4.0\"}}}");
  }

  private static int count;

  /**
   * One V4 interaction as the consumer's own Pact tests would write it: its own token, its path
   * made from the provider state's values.
   */
  private static String interaction(
      String state, String params, String method, String path, String body, String answer) {
    List<String> parts = new ArrayList<>();
    parts.add("\"type\":\"Synchronous/HTTP\"");
    parts.add(
        "\"description\":\"interaction "
            + (++count)
            + (state == null ? "" : " given " + state)
            + "\"");
    if (state != null) {
      parts.add("\"providerStates\":[{\"name\":\"" + state + "\",\"params\":" + params + "}]");
    }
    String example =
        path.replace("${paymentId}", "p-1")
            .replace("${refundId}", "r-1")
            .replace("${tokenId}", "t-1");
    StringBuilder request =
        new StringBuilder("{\"method\":\"" + method + "\",\"path\":\"" + example + "\"");
    request.append(",\"headers\":{\"Authorization\":[\"Bearer shop-secret\"]");
    if (body != null) {
      request.append(",\"Content-Type\":[\"application/json\"],\"Idempotency-Key\":[\"order-7\"]");
    }
    request.append("}");
    if (body != null) {
      request.append(
          ",\"body\":{\"content\":"
              + body
              + ",\"contentType\":\"application/json\",\"encoded\":false}");
    }
    if (!example.equals(path)) {
      request.append(
          ",\"generators\":{\"path\":{\"type\":\"ProviderState\",\"expression\":\""
              + path
              + "\",\"dataType\":\"STRING\"}}");
    }
    request.append("}");
    parts.add("\"request\":" + request);
    parts.add(
        "\"response\":{\"status\":200,\"body\":{\"content\":"
            + answer
            + ",\"contentType\":\"application/json\",\"encoded\":false}}");
    return "{" + String.join(",", parts) + "}";
  }
}
