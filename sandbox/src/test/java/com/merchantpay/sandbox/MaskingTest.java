package com.merchantpay.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.merchantpay.masking.SecretNames;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What a verification prints of a member or parameter: never a secret the product names. */
class MaskingTest {
  @Test
  void everySecretNameOfTheProductIsMaskedByName() {
    List<String> names = new ArrayList<>(SecretNames.MEMBERS);
    names.addAll(SecretNames.SIGNING);
    names.addAll(SecretNames.CREDENTIALS);
    names.add("code"); // what a merchant sends as code is the payer's one-time code
    names.remove("pan");
    for (String name : names) {
      assertThat(Masking.value("paymentData." + name, "s3cretValue4711"))
          .as(name)
          .isEqualTo("****");
      assertThat(Masking.value(name.toUpperCase(java.util.Locale.ROOT), "s3cretValue4711"))
          .as(name)
          .isEqualTo("****");
    }
  }

  @Test
  void aCardNumberKeepsItsEndsAndOtherValuesStay() {
    assertThat(Masking.value("paymentData.card.pan", "4111111111111111"))
        .isEqualTo("411111******1111");
    assertThat(Masking.value("amount.value", "10.00")).isEqualTo("10.00");
  }
}
