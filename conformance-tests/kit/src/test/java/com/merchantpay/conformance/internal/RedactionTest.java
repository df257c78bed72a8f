package com.merchantpay.conformance.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What the kit prints and writes keeps secrets out, and a reproduction command still says what was
 * sent.
 */
class RedactionTest {
  @Test
  void cardDataTokensAndAnswersAreMaskedButErrorCodesStay() {
    String masked =
        Redaction.body(
            "{\"paymentData\":{\"card\":{\"pan\":\"4111111111111111\",\"cvc\":\"123\","
                + "\"expiry\":\"12/30\"},\"token\":{\"id\":\"tok_3f8a9c2d7e6b4a10\"}},\"code\":\"482913\","
                + "\"paymentToken\":{\"id\":\"tok_abcdef123456\"},\"tokenId\":\"tok_999988887777\"}");

    assertThat(masked)
        .contains(
            "411111******1111",
            "\"cvc\":\"***\"",
            "\"expiry\":\"***\"",
            "****4a10",
            "\"code\":\"***\"",
            "****3456",
            "****7777")
        .doesNotContain("4111111111111111", "123\"", "482913", "tok_3f8a9c2d7e6b4a10");
    assertThat(Redaction.body("{\"code\":\"validation_error\",\"message\":\"x\"}"))
        .contains("validation_error");
  }

  @Test
  void membersATargetSpellsItsOwnWayAndFreeTextInJsonAreMaskedToo() {
    String masked =
        Redaction.body(
            "{\"PaRes\":\"eJzVWNuyoji\",\"TokenId\":\"tok_999988887777\",\"PAN\":\"4111111111111111\","
                + "\"AuthorizationCode\":\"A1B2C3\",\"message\":\"echo: Authorization: Bearer "
                + "someone-elses-token-8c1f\",\"errors\":[\"card 5555555555554444 refused\"]}");

    assertThat(masked)
        .contains(
            "\"PaRes\":\"***\"", "****7777", "411111******1111", "Bearer ***", "555555******4444")
        .doesNotContain(
            "eJzVWNuyoji",
            "tok_999988887777",
            "4111111111111111",
            "A1B2C3",
            "someone-elses-token-8c1f",
            "5555555555554444");
  }

  @Test
  void aBearerCredentialInTextIsMaskedWhoeverItBelongsTo() {
    assertThat(Redaction.text("HTTP 401 for Authorization: Bearer abc12 (echoed)"))
        .isEqualTo("HTTP 401 for Authorization: Bearer *** (echoed)");
  }

  @Test
  void formsAndPathsLoseSignaturesPasswordsCardsAndTokenIds() {
    assertThat(
            Redaction.text(
                "login=a&nonce=n&hash=eZtENOUEg4mDiBIQgaCmkk4yW1M%3D&password=p&pan=4111111111111111"))
        .isEqualTo("login=a&nonce=***&hash=***&password=***&pan=411111******1111");
    assertThat(Redaction.text("/api/v2/paymenttokens/tok_3f8a9c2d7e6b4a10/revoke"))
        .isEqualTo("/api/v2/paymenttokens/****4a10/revoke");
  }

  @Test
  void curlNamesTheVariableThatHoldsTheTokenAndShowsMadeUpOnes() {
    Exchange sent =
        new Exchange(
            "POST",
            URI.create("http://127.0.0.1:8080/api/v2/payments"),
            Map.of(
                "Authorization",
                List.of("Bearer real-secret"),
                "Content-Type",
                List.of("application/json")),
            "{\"card\":{\"pan\":\"4111111111111111\"}}".getBytes(StandardCharsets.UTF_8),
            200,
            Map.of(),
            new byte[0],
            1,
            null);
    Exchange madeUp =
        new Exchange(
            "GET",
            URI.create("http://127.0.0.1:8080/api/v2/payments/1"),
            Map.of("Authorization", List.of("Bearer unknown-token-1")),
            new byte[0],
            401,
            Map.of(),
            new byte[0],
            1,
            null);

    String curl = Curl.of(sent, Map.of("real-secret", "MERCHANTPAY_TOKEN"));

    assertThat(curl)
        .startsWith("curl -sS -i -X POST 'http://127.0.0.1:8080/api/v2/payments'")
        .contains("-H \"Authorization: Bearer $MERCHANTPAY_TOKEN\"", "411111******1111")
        .doesNotContain("real-secret", "4111111111111111");
    assertThat(Curl.of(madeUp, Map.of("real-secret", "MERCHANTPAY_TOKEN")))
        .contains("-H 'Authorization: Bearer unknown-token-1'");
  }

  @Test
  void everySecretNameOfTheProductIsMaskedInBodiesFormsXmlAndQuotedText() {
    List<String> names = new java.util.ArrayList<>();
    names.addAll(com.merchantpay.masking.SecretNames.MEMBERS);
    names.addAll(com.merchantpay.masking.SecretNames.SIGNING);
    names.addAll(com.merchantpay.masking.SecretNames.CREDENTIALS);
    for (String name : names) {
      // A card number is masked as one wherever it stands; any other secret by its name.
      String secret = name.equals("pan") ? "4111111111111111" : "s3cretValue4711";
      assertThat(Redaction.body("{\"outer\":{\"" + name + "\":\"" + secret + "\"}}"))
          .as("JSON member %s", name)
          .doesNotContain(secret);
      assertThat(Redaction.text("a=1&" + name + "=" + secret))
          .as("form %s", name)
          .doesNotContain(secret);
      assertThat(Redaction.text("<" + name + ">" + secret + "</" + name + ">"))
          .as("XML element %s", name)
          .doesNotContain(secret);
      assertThat(Redaction.text("echo: {\"" + name + "\": \"" + secret + "\"}"))
          .as("quoted %s", name)
          .doesNotContain(secret);
    }
  }
}
