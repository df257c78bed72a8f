package com.merchantpay.conformance.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import com.merchantpay.spec.ApiSpec;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A v2 operation with a body must be known to the two tables of the kit that cannot derive it from
 * the spec: the members the service documents list for it (requests are built from those alone),
 * and the negative cases that break its body. A new operation missing from either fails here,
 * named, rather than going unchecked.
 */
class EveryBodyOperationIsKnownTest {

  @Test
  void theDocumentedMembersOfEveryBodyAreListed() throws IOException {
    assertThat(DocumentedRequests.operations())
        .containsExactlyInAnyOrderElementsOf(v2OperationsWithABody());
  }

  @Test
  void everyBodyIsBrokenByTheNegativeCases() throws IOException {
    assertThat(NegativeBodies.bodyOperations())
        .containsExactlyInAnyOrderElementsOf(v2OperationsWithABody());
  }

  private static List<String> v2OperationsWithABody() throws IOException {
    JsonNode paths = new YAMLMapper().readTree(ApiSpec.V2.yaml()).path("paths");
    List<String> ids = new ArrayList<>();
    for (Map.Entry<String, JsonNode> path : paths.properties()) {
      for (Map.Entry<String, JsonNode> operation : path.getValue().properties()) {
        if (operation.getValue().has("requestBody")) {
          ids.add(operation.getValue().path("operationId").asText());
        }
      }
    }
    return ids;
  }
}
