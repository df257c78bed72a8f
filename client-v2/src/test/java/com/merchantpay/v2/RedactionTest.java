package com.merchantpay.v2;

import static org.assertj.core.api.Assertions.assertThat;

import feign.Request;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** What is masked in messages and excerpts, and what must stay readable. */
class RedactionTest {

  @ParameterizedTest
  @ValueSource(strings = {"4111111111111111", "4111 1111 1111 1111", "4111-1111-1111-1111", "4111.1111.1111.1111",
      "4111  1111  1111  1111", "5555555555554444", "4000000000002032", "6011000990139424124"})
  void cardNumbersKeepOnlyTheirLastFourDigits(String pan) {
    String masked = Redaction.redact("declined card " + pan + ".");

    assertThat(masked).doesNotContain(pan).endsWith("***" + pan.replaceAll("\\D", "").substring(pan.replaceAll("\\D", "").length() - 4) + ".");
  }

  @ParameterizedTest
  @ValueSource(strings = {"550e8400-e29b-41d4-a716-446655440000", "order 202603011234568", "amount 1234567890124.45",
      "epoch 1767225600000", "id 10000001"})
  void identifiersAndAmountsThatAreNotCardNumbersStayReadable(String text) {
    assertThat(Redaction.redact(text)).isEqualTo(text);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "{\"cryptogram\":\"AgAAAAAAAIR8CQrXcIhbQAAAAAA=\",\"eci\":\"05\"}|{\"cryptogram\":\"***\",\"eci\":\"05\"}",
      "{\"pan\" : \"4111111111111111\"}|{\"pan\" : \"***\"}",
      "{\"tokenId\":\"ptok_abc\",\"url\":\"u\"}|{\"tokenId\":\"***\",\"url\":\"u\"}",
      "{\"cres\":\"eyJ\",\"PARes\":\"eJz\",\"authorizationCode\":\"738201\"}|{\"cres\":\"***\",\"PARes\":\"***\",\"authorizationCode\":\"***\"}",
      "Authorization: Bearer tok_live_5ecret.x-y~z|Authorization: Bearer ***",
      "wrong cvc 987 given|wrong cvc *** given",
      "bad cryptogram AgAAAAAAAIR8CQrXcIhbQAAAAAA= here|bad cryptogram *** here",
      "{\"code\":\"validation_error\"}|{\"code\":\"validation_error\"}"})
  void secretMembersBearerTokensAndCvcsAreMasked(String text, String expected) {
    assertThat(Redaction.redact(text)).isEqualTo(expected);
  }

  @Test
  void theSecretsARequestCarriedAreMaskedWhereverTheyAreEchoed() {
    byte[] body = ("{\"paymentData\":{\"token\":{\"id\":\"ptok_9f8e7d6c\"},\"dsrp\":{\"cryptogram\":\"Crypt0gram==\"}},"
        + "\"code\":\"482913\",\"items\":[{\"marking\":{\"code\":\"MARK-1\"}}]}").getBytes(StandardCharsets.UTF_8);
    Request request = Request.create(Request.HttpMethod.PUT, "https://x.example/api/v2/paymenttokens/ptok_path_id/complete",
        Map.of("Authorization", List.of("Bearer tok_live_5ecret")), body, StandardCharsets.UTF_8, null);

    String[] secrets = Redaction.secretsOf(request);
    String echoed = Redaction.redact("token ptok_9f8e7d6c, cryptogram Crypt0gram==, code 482913, path ptok_path_id, "
        + "auth tok_live_5ecret", secrets);

    assertThat(secrets).contains("tok_live_5ecret", "ptok_path_id", "ptok_9f8e7d6c", "Crypt0gram==", "482913");
    assertThat(echoed).isEqualTo("token ***, cryptogram ***, code ***, path ***, auth ***");
  }

  @Test
  void anExcerptIsRedactedBeforeItIsCutSoACardNumberCannotStraddleTheCut() {
    String body = "x".repeat(Redaction.EXCERPT_LENGTH - 6) + " 4111111111111111 and more";

    String excerpt = Redaction.excerpt(body.getBytes(StandardCharsets.UTF_8), "getPayment");

    assertThat(excerpt).doesNotContain("411111").endsWith("…");
  }

  @Test
  void answersOfTokenOperationsHaveTheirIdMasked() {
    byte[] body = "{\"id\":\"ptok_secret\",\"status\":\"Active\"".getBytes(StandardCharsets.UTF_8);

    assertThat(Redaction.excerpt(body, "getPaymentToken")).doesNotContain("ptok_secret").contains("\"id\":\"***\"");
    assertThat(Redaction.excerpt(body, "getPayment")).contains("ptok_secret");
  }

  @Test
  void everySecretPropertyOfTheModelsIsMaskedInMessagesToo() throws Exception {
    java.util.Set<String> secretMembers = SecretProperties.namesInGeneratedModels();
    assertThat(secretMembers).contains("pan", "cvc", "expiry", "cryptogram", "tokenId", "id", "code", "cres", "PARes");
    for (String member : secretMembers) {
      assertThat(member.equals("id") || member.equals("code") || Redaction.SECRET_MEMBERS.contains(member))
          .as("the x-sensitive member %s is masked by Redaction, or handled as a known secret", member)
          .isTrue();
    }
  }
}
