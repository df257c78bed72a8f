package com.merchantpay.v1;

import static org.assertj.core.api.Assertions.assertThat;

import com.merchantpay.masking.SecretNames;
import com.merchantpay.v1.internal.Redaction;
import org.junit.jupiter.api.Test;

/** The v1 client masks every secret the product names, the payer's identifiers among them. */
class RedactionNamesTest {
  @Test
  void everySecretMemberAndSigningValueIsMaskedInAnEchoedAnswer() {
    for (String member : SecretNames.MEMBERS) {
      String echoed = "{\"Payment\":{\"" + member + "\":\"s3cretValue4711\"}}";
      assertThat(Redaction.redact(echoed)).as(member).doesNotContain("s3cretValue4711");
    }
    for (String parameter : SecretNames.SIGNING) {
      assertThat(Redaction.redact("login=a&" + parameter + "=s3cretValue4711"))
          .as(parameter)
          .doesNotContain("s3cretValue4711");
    }
  }
}
