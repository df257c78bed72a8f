package com.merchantpay.sandbox.internal.v1;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class V1SignatureTest {

  @Test
  void signsTheDocumentsFirstKnownAnswer() {
    String text =
        V1Signature.signedText(
            List.of("login", "password", "nonce", "paymentID"),
            "shop-auto-01",
            "Pa55word!",
            Map.of(
                "nonce",
                List.of("4f7d2c9a-0b31-4e55-8d6a-91c0e2f3a7b1"),
                "paymentID",
                List.of("50021467")));

    assertThat(text)
        .isEqualTo("shop-auto-01;Pa55word!;4f7d2c9a-0b31-4e55-8d6a-91c0e2f3a7b1;50021467");
    assertThat(V1Signature.hash(text)).isEqualTo("eZtENOUEg4mDiBIQgaCmkk4yW1M=");
  }

  @Test
  void absentOptionalValuesKeepTheirPlaceAsEmptyStrings() {
    String text =
        V1Signature.signedText(
            List.of(
                "login",
                "password",
                "nonce",
                "accountID",
                "siteAlias",
                "periodFrom",
                "periodTo",
                "invoiceID",
                "state"),
            "shop-auto-01",
            "Pa55word!",
            Map.of(
                "nonce",
                List.of("n-20240305-0003"),
                "siteAlias",
                List.of("3f6c2a9e-5d1b-4c8e-9a77-0b1e2d3c4f50"),
                "periodFrom",
                List.of("2024-03-01"),
                "periodTo",
                List.of("2024-03-05"),
                "state",
                List.of("COMPLETE")));

    assertThat(text)
        .isEqualTo(
            "shop-auto-01;Pa55word!;n-20240305-0003;;3f6c2a9e-5d1b-4c8e-9a77-0b1e2d3c4f50;2024-03-01;2024-03-05;;COMPLETE");
    assertThat(V1Signature.hash(text)).isEqualTo("xcachOV6zHOKSjNSh+AtT9q2EVY=");
  }

  @Test
  void comparisonRejectsAbsentAndDifferentHashes() {
    assertThat(V1Signature.matches("abc=", "abc=")).isTrue();
    assertThat(V1Signature.matches("abc=", "abd=")).isFalse();
    assertThat(V1Signature.matches("abc=", null)).isFalse();
  }
}
