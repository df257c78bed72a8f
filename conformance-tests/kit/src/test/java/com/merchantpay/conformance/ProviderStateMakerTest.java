package com.merchantpay.conformance;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.merchantpay.conformance.target.Profile;
import com.merchantpay.conformance.target.Target;
import java.net.URI;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProviderStateMakerTest {
  /** Nothing listens there: a state refused before any call never finds out. */
  private static final Target NOWHERE =
      Target.builder(URI.create("http://127.0.0.1:9")).bearerToken("t", "m").build();

  @Test
  void aStateNoVocabularyNamesIsRefusedByName() {
    assertThatThrownBy(
            () ->
                ProviderStateMaker.make(
                    NOWHERE, Profile.sandbox(), "a held paymnet", Map.of(), Map.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'a held paymnet'");
  }

  @Test
  void aParameterTheStateNeedsIsNamedWhenItIsMissing() {
    assertThatThrownBy(
            () ->
                ProviderStateMaker.make(
                    NOWHERE, Profile.sandbox(), "a held payment", Map.of(), Map.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'a held payment'")
        .hasMessageContaining("'amount'");
  }

  @Test
  void aTargetThatCannotMakeTheStateIsAnIllegalState() {
    assertThatThrownBy(
            () ->
                ProviderStateMaker.make(
                    NOWHERE,
                    Profile.sandbox(),
                    "a held payment",
                    Map.of("amount", "10.00"),
                    Map.of()))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("'a held payment'");
  }
}
