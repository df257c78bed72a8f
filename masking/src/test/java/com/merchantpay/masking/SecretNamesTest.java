package com.merchantpay.masking;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SecretNamesTest {
  @Test
  void aSecretNameIsKnownInAnyLetterCaseAndAtTheEndOfAPath() {
    assertThat(SecretNames.isSecret("PaRes")).isTrue();
    assertThat(SecretNames.isSecret("TOKENID")).isTrue();
    assertThat(SecretNames.isSecret("paymentData.card.cvc")).isTrue();
    assertThat(SecretNames.isSecret("Password")).isTrue();
  }

  @Test
  void namesThatAreSecretOnlyInTheirPlaceAreNotSecretByName() {
    assertThat(SecretNames.isSecret("code")).isFalse();
    assertThat(SecretNames.isSecret("id")).isFalse();
    assertThat(SecretNames.isSecret("amount.value")).isFalse();
    assertThat(SecretNames.isSecret(null)).isFalse();
  }

  @Test
  void everyNameIsSecret() {
    SecretNames.MEMBERS.forEach(name -> assertThat(SecretNames.isSecret(name)).as(name).isTrue());
    SecretNames.SIGNING.forEach(name -> assertThat(SecretNames.isSecret(name)).as(name).isTrue());
    SecretNames.CREDENTIALS.forEach(
        name -> assertThat(SecretNames.isSecret(name)).as(name).isTrue());
  }
}
