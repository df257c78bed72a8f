package com.merchantpay.conformance.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import au.com.dius.pact.provider.junitsupport.State;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The vocabulary, Pact's hooks for it and the table the docs show agree. */
class StateVocabularyTest {
  private static final Path README = Path.of("..", "pacts", "README.md");

  @Test
  void everyStateHasExactlyOneHookAndEveryHookAState() {
    List<String> hooked =
        Arrays.stream(StateHandlers.class.getDeclaredMethods())
            .filter(m -> m.isAnnotationPresent(State.class))
            .map(m -> m.getAnnotation(State.class))
            .flatMap(a -> Arrays.stream(a.value()))
            .toList();

    assertThat(hooked)
        .containsExactlyInAnyOrderElementsOf(
            StateVocabulary.states().stream().map(StateVocabulary.State::name).toList());
  }

  @Test
  void theVocabularyIsExactlyTheStatesTheControlSpecNames() throws Exception {
    com.fasterxml.jackson.databind.JsonNode names =
        new com.fasterxml.jackson.dataformat.yaml.YAMLMapper()
            .readTree(com.merchantpay.spec.ApiSpec.CONTROL.yaml())
            .path("components")
            .path("schemas")
            .path("ProviderStateName")
            .path("enum");
    List<String> named = new java.util.ArrayList<>();
    names.forEach(name -> named.add(name.asText()));

    assertThat(StateVocabulary.states().stream().map(StateVocabulary.State::name).toList())
        .containsExactlyInAnyOrderElementsOf(named);
    assertThat(com.merchantpay.conformance.ProviderStateMaker.states())
        .as("the states the kit makes")
        .containsExactlyInAnyOrderElementsOf(named);
  }

  @Test
  void thePactsReadmeListsTheVocabularyAsItIs() throws Exception {
    assertThat(Files.readString(README))
        .as("paste StateVocabulary.markdown() into %s", README)
        .contains(StateVocabulary.markdown());
  }

  @Test
  void parametersTakeTheirDefaultsAndAnUnknownOrMissingOneIsNamed() {
    StateVocabulary.State refund = StateVocabulary.named("a refund");
    StateVocabulary.State usedKey =
        StateVocabulary.named("an idempotency key was used for another payment");

    assertThat(StateVocabulary.parameters(refund, Map.of("refundAmount", "25.00")))
        .containsEntry("refundAmount", "25.00")
        .containsEntry("amount", "100.00");
    assertThatThrownBy(() -> StateVocabulary.parameters(usedKey, Map.of()))
        .hasMessageContaining("needs the parameter 'key'");
    assertThatThrownBy(() -> StateVocabulary.named("a lost payment"))
        .hasMessageContaining("no provider state 'a lost payment'")
        .hasMessageContaining("a settled payment");
  }
}
