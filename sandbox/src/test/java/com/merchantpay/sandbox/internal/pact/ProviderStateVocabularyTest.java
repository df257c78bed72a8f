package com.merchantpay.sandbox.internal.pact;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import com.merchantpay.spec.ApiSpec;
import java.io.IOException;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;

/**
 * The sandbox makes exactly the provider states the control spec names: the kit's {@code pact}
 * command reads the same list, so a consumer's pact verifies the same way on both.
 */
class ProviderStateVocabularyTest {
  @Test
  void theSandboxMakesExactlyTheStatesTheControlSpecNames() throws IOException {
    JsonNode names =
        new YAMLMapper()
            .readTree(ApiSpec.CONTROL.yaml())
            .path("components")
            .path("schemas")
            .path("ProviderStateName")
            .path("enum");

    assertThat(StreamSupport.stream(names.spliterator(), false).map(JsonNode::asText))
        .containsExactlyInAnyOrderElementsOf(PactProviderStates.STATES);
  }
}
