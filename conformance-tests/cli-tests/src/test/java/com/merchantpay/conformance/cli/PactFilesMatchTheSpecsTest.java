package com.merchantpay.conformance.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.merchantpay.conformance.judge.PactJudge;
import com.merchantpay.conformance.judge.SpecModel;
import com.merchantpay.pacts.PactFiles;
import com.merchantpay.spec.ApiSpec;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A consumer test can never encode what the contract does not allow: every interaction of the
 * packaged pacts, request and response, is valid for its operation in the OpenAPI documents, and
 * together they cover every operation.
 */
class PactFilesMatchTheSpecsTest {
  @ParameterizedTest
  @ValueSource(strings = {PactFiles.V2, PactFiles.V1})
  void everyInteractionIsValidForItsOperation(String file, @TempDir Path dir) throws Exception {
    Path pact = PactFiles.extractTo(dir).resolve(file);
    ApiSpec spec = file.equals(PactFiles.V2) ? ApiSpec.V2 : ApiSpec.V1;

    PactJudge.Judged judged = PactJudge.create().judge(pact);

    // A document's bytes differ per provider and no matcher says "any bytes": that answer records
    // no body, which the judge rightly reports.
    assertThat(judged.departures())
        .allSatisfy(d -> assertThat(d.interaction()).contains("getDocumentContent"))
        .allSatisfy(d -> assertThat(d.text()).contains("body"));
    assertThat(judged.readings()).isEmpty();
    assertThat(operations(pact))
        .as("operations with an interaction in %s", file)
        .containsExactlyInAnyOrderElementsOf(
            SpecModel.of(spec).operations().stream().map(SpecModel.Operation::id).toList());
  }

  private static Set<String> operations(Path pact) throws Exception {
    Set<String> operations = new TreeSet<>();
    for (JsonNode interaction : MutatingProxy.JSON.readTree(pact.toFile()).path("interactions")) {
      JsonNode request = interaction.path("request");
      String path = request.path("path").asText();
      SpecModel.Operation operation =
          SpecModel.of(path.startsWith("/api/v1/") ? ApiSpec.V1 : ApiSpec.V2)
              .operation(request.path("method").asText(), path);
      if (operation != null) {
        operations.add(operation.id());
      }
    }
    return operations;
  }
}
