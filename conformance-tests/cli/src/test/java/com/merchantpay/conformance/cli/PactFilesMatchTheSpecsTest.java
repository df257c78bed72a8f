package com.merchantpay.conformance.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.atlassian.oai.validator.OpenApiInteractionValidator;
import com.atlassian.oai.validator.model.Request;
import com.atlassian.oai.validator.model.SimpleRequest;
import com.atlassian.oai.validator.report.LevelResolver;
import com.atlassian.oai.validator.report.ValidationReport;
import com.fasterxml.jackson.databind.JsonNode;
import com.merchantpay.conformance.judge.ExchangeJudge;
import com.merchantpay.conformance.judge.SpecModel;
import com.merchantpay.pacts.PactFiles;
import com.merchantpay.spec.ApiSpec;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
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
  void everyInteractionIsValidForItsOperation(String file) throws Exception {
    JsonNode pact;
    try (InputStream in = PactFiles.open(file)) {
      pact = MutatingProxy.JSON.readTree(in);
    }
    ApiSpec spec = file.equals(PactFiles.V2) ? ApiSpec.V2 : ApiSpec.V1;
    OpenApiInteractionValidator requests =
        OpenApiInteractionValidator.createForInlineApiSpecification(spec.yaml())
            .withLevelResolver(
                LevelResolver.create()
                    // Credentials are not part of the recorded contract: a verifier sends the
                    // provider's own.
                    .withLevel("validation.request.security.missing", ValidationReport.Level.IGNORE)
                    .build())
            .build();
    ExchangeJudge answers = ExchangeJudge.of(spec);
    List<String> problems = new ArrayList<>();
    Set<String> operations = new TreeSet<>();
    SpecModel model = SpecModel.of(spec);
    for (JsonNode interaction : pact.path("interactions")) {
      JsonNode request = interaction.path("request");
      JsonNode response = interaction.path("response");
      String name = interaction.path("description").asText();
      String method = request.path("method").asText();
      String path = request.path("path").asText();
      SpecModel.Operation operation = model.operation(method, path);
      if (operation == null) {
        problems.add(name + ": " + method + " " + path + " is no operation of the document");
      } else {
        operations.add(operation.id());
      }
      SimpleRequest.Builder built = new SimpleRequest.Builder(Request.Method.valueOf(method), path);
      request
          .path("query")
          .properties()
          .forEach(q -> q.getValue().forEach(v -> built.withQueryParam(q.getKey(), v.asText())));
      request
          .path("headers")
          .properties()
          .forEach(h -> h.getValue().forEach(v -> built.withHeader(h.getKey(), v.asText())));
      String body = content(request.path("body"));
      if (body != null) {
        built.withBody(body);
      }
      ValidationReport report = requests.validateRequest(built.build());
      report.getMessages().stream()
          .filter(m -> m.getLevel() == ValidationReport.Level.ERROR)
          .forEach(m -> problems.add(name + " (request): " + m.getKey() + " " + m.getMessage()));
      Map<String, List<String>> headers = new LinkedHashMap<>();
      response
          .path("headers")
          .properties()
          .forEach(h -> headers.put(h.getKey(), List.of(h.getValue().get(0).asText())));
      String answer = content(response.path("body"));
      if (answer != null
          && headers.keySet().stream().noneMatch(h -> h.equalsIgnoreCase("Content-Type"))) {
        headers.put("Content-Type", List.of("application/json"));
      }
      // A document's bytes differ per provider and no matcher says "any bytes": that answer records
      // no body.
      boolean anyDocument = path.equals("/api/v1/getDocumentContent") && answer == null;
      answers
          .problems(
              method,
              path,
              response.path("status").asInt(),
              headers,
              answer == null ? new byte[0] : answer.getBytes(StandardCharsets.UTF_8))
          .stream()
          .filter(p -> !(anyDocument && p.startsWith("validation.response.body.missing")))
          .forEach(p -> problems.add(name + " (response): " + p));
    }

    assertThat(problems).isEmpty();
    assertThat(operations)
        .as("operations with an interaction in %s", file)
        .containsExactlyInAnyOrderElementsOf(
            model.operations().stream().map(SpecModel.Operation::id).toList());
  }

  private static String content(JsonNode body) {
    if (body.isMissingNode() || body.isNull() || body.path("content").isMissingNode()) {
      return null;
    }
    JsonNode content = body.path("content");
    return content.isTextual() ? content.asText() : content.toString();
  }
}
