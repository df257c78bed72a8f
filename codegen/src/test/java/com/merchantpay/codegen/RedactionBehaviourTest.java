package com.merchantpay.codegen;

import static org.assertj.core.api.Assertions.assertThat;

import feign.Request;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What the generated {@code Redaction} masks in messages, excerpts and logs of both clients, and
 * what must stay readable: the rules of the v2 client and of the v1 client, in one implementation.
 */
class RedactionBehaviourTest {
  private static Class<?> redaction;
  private static int excerptLength;

  @BeforeAll
  static void loadFixtureClient() throws Exception {
    redaction = FixtureClient.load("Redaction");
    excerptLength = redaction.getField("EXCERPT_LENGTH").getInt(null);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "4111111111111111",
        "4111 1111 1111 1111",
        "4111-1111-1111-1111",
        "4111.1111.1111.1111",
        "4111  1111  1111  1111",
        "5555555555554444",
        "4000000000002032",
        "6011000990139424124"
      })
  void cardNumbersKeepOnlyTheirFirstSixAndLastFourDigits(String pan) throws Exception {
    String masked = redact("declined card " + pan + ".");
    String digits = pan.replaceAll("\\D", "");

    assertThat(masked)
        .doesNotContain(pan)
        .endsWith(
            digits.substring(0, 6)
                + "*".repeat(digits.length() - 10)
                + digits.substring(digits.length() - 4)
                + ".");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "550e8400-e29b-41d4-a716-446655440000",
        "id 10000001",
        "login=shop-auto-01&paymentID=50021467&amount=250.5"
      })
  void identifiersAndAmountsThatAreNotCardNumbersStayReadable(String text) throws Exception {
    assertThat(redact(text)).isEqualTo(text);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "{\"cryptogram\":\"AgAAAAAAAIR8CQrXcIhbQAAAAAA=\",\"eci\":\"05\"}|{\"cryptogram\":\"***\",\"eci\":\"05\"}",
        "{\"pan\" : \"4111111111111111\"}|{\"pan\" : \"***\"}",
        "{\"tokenId\":\"ptok_abc\",\"url\":\"u\"}|{\"tokenId\":\"***\",\"url\":\"u\"}",
        "{\"cres\":\"eyJ\",\"PARes\":\"eJz\",\"authorizationCode\":\"738201\"}|{\"cres\":\"***\",\"PARes\":\"***\",\"authorizationCode\":\"***\"}",
        "Authorization: Bearer tok_live_5ecret.x-y~z|Authorization: Bearer ***",
        "wrong cvc 987 given|wrong cvc *** given",
        "bad cryptogram AgAAAAAAAIR8CQrXcIhbQAAAAAA= here|bad cryptogram *** here",
        "{\"code\":\"validation_error\"}|{\"code\":\"validation_error\"}"
      })
  void secretMembersBearerTokensAndCvcsAreMasked(String text, String expected) throws Exception {
    assertThat(redact(text)).isEqualTo(expected);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "login=shop-auto-01&hash=abc%2Bdef%3D&nonce=n1|login=shop-auto-01&hash=***&nonce=***",
        "{\"hash\": \"eZtENOUEg4mDiBIQgaCmkk4yW1M=\", \"nonce\":\"n-1\"}|{\"hash\": \"***\", \"nonce\":\"***\"}",
        "<Hash>eZtENOUEg4mDiBIQgaCmkk4yW1M=</Hash>|<Hash>***</Hash>",
        "wrong password Pa55word! given|wrong password *** given",
        "PASSWORD=Pa55word!|PASSWORD=***"
      })
  void theV1SignatureNonceAndPasswordAreMaskedByName(String text, String expected)
      throws Exception {
    assertThat(redact(text)).isEqualTo(expected);
  }

  @Test
  void theSecretsARequestCarriedAreMaskedWhereverTheyAreEchoed() throws Exception {
    byte[] body =
        ("{\"paymentData\":{\"token\":{\"id\":\"ptok_9f8e7d6c\"},\"dsrp\":{\"cryptogram\":\"Crypt0gram==\"}},"
                + "\"code\":\"482913\",\"items\":[{\"marking\":{\"code\":\"MARK-1\"}}]}")
            .getBytes(StandardCharsets.UTF_8);
    Request request =
        Request.create(
            Request.HttpMethod.PUT,
            "https://x.example/api/v2/paymenttokens/ptok_path_id/complete",
            Map.of("Authorization", List.of("Bearer tok_live_5ecret")),
            body,
            StandardCharsets.UTF_8,
            null);

    String[] secrets = secretsOf(request);
    String echoed =
        redact(
            "token ptok_9f8e7d6c, cryptogram Crypt0gram==, code 482913, path ptok_path_id, "
                + "auth tok_live_5ecret",
            secrets);

    assertThat(secrets)
        .contains("tok_live_5ecret", "ptok_path_id", "ptok_9f8e7d6c", "Crypt0gram==", "482913");
    assertThat(echoed).isEqualTo("token ***, cryptogram ***, code ***, path ***, auth ***");
  }

  @Test
  void theSignatureAndNonceARequestCarriedAreKnownAsSentAndDecoded() throws Exception {
    Request get =
        Request.create(
            Request.HttpMethod.GET,
            "https://x.example/api/v1/getPayment?login=shop&nonce=n%3B1&hash=ab%2Bc%2Fd%3D&paymentID=7",
            Map.of(),
            null,
            StandardCharsets.UTF_8,
            null);
    Request post =
        Request.create(
            Request.HttpMethod.POST,
            "https://x.example/api/v1/refundPayment",
            Map.of(),
            "login=shop&nonce=n2&hash=xy%2Bz%3D&paymentID=7".getBytes(StandardCharsets.UTF_8),
            StandardCharsets.UTF_8,
            null);

    assertThat(secretsOf(get))
        .contains("ab%2Bc%2Fd%3D", "ab+c/d=", "n%3B1", "n;1")
        .doesNotContain("shop", "7");
    assertThat(secretsOf(post)).contains("xy%2Bz%3D", "xy+z=", "n2");
    assertThat(redact("server saw ab+c/d= and n;1", secretsOf(get)))
        .isEqualTo("server saw *** and ***");
  }

  @Test
  void everyKnownSecretIsMaskedHoweverShortAndALongerOneWhole() throws Exception {
    assertThat(redact("nonce n1 or n12 echoed as n12x", "n1", "n12"))
        .isEqualTo("nonce *** or *** echoed as ***x");
    assertThat(redact("cvc-less echo 987", "987")).isEqualTo("cvc-less echo ***");
  }

  @Test
  void anExcerptIsRedactedBeforeItIsCutSoACardNumberCannotStraddleTheCut() throws Exception {
    String body = "x".repeat(excerptLength - 6) + " 4111111111111111 and more";

    String excerpt = excerpt(body.getBytes(StandardCharsets.UTF_8), "getPayment");

    assertThat(excerpt).doesNotContain("411111").endsWith("…");
  }

  @Test
  void anExcerptIsOneLineWithoutControlCharactersAndNullForNoBody() throws Exception {
    byte[] body =
        "Internal error\r\n\twhile parsing\u0000 hash=abc%2B&nonce=n1\n"
            .getBytes(StandardCharsets.UTF_8);

    assertThat(excerpt(body, "getPayment"))
        .isEqualTo("Internal error while parsing hash=***&nonce=***");
    assertThat(excerpt(new byte[0], "getPayment")).isNull();
    assertThat(excerpt(null, "getPayment")).isNull();
  }

  @Test
  void answersOfTokenOperationsHaveTheirIdMasked() throws Exception {
    byte[] body = "{\"id\":\"ptok_secret\",\"status\":\"Active\"".getBytes(StandardCharsets.UTF_8);

    assertThat(excerpt(body, "getPaymentToken"))
        .doesNotContain("ptok_secret")
        .contains("\"id\":\"***\"");
    assertThat(excerpt(body, "getPayment")).contains("ptok_secret");
  }

  @Test
  void aThrowableIsDescribedByTypeAndRedactedMessage() throws Exception {
    Object described =
        redaction
            .getMethod("describe", Throwable.class)
            .invoke(
                null, new IOException("closed while sending hash=abc and card 4111111111111111"));

    assertThat(described)
        .isEqualTo("IOException: closed while sending hash=*** and card 411111******1111");
  }

  private static String redact(String text, String... secrets) throws Exception {
    return (String) invoke("redact", new Class<?>[] {String.class, String[].class}, text, secrets);
  }

  private static String excerpt(byte[] body, String operation, String... secrets) throws Exception {
    return (String)
        invoke(
            "excerpt",
            new Class<?>[] {byte[].class, String.class, String[].class},
            body,
            operation,
            secrets);
  }

  private static String[] secretsOf(Request request) throws Exception {
    return (String[]) invoke("secretsOf", new Class<?>[] {Request.class}, request);
  }

  private static Object invoke(String method, Class<?>[] types, Object... arguments)
      throws Exception {
    try {
      return redaction.getMethod(method, types).invoke(null, arguments);
    } catch (InvocationTargetException e) {
      throw e.getCause() instanceof Exception cause ? cause : e;
    }
  }
}
