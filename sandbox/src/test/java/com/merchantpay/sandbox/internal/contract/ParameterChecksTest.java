package com.merchantpay.sandbox.internal.contract;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import com.merchantpay.sandbox.internal.http.HttpSupport;
import com.merchantpay.sandbox.internal.http.Json;
import com.merchantpay.spec.ApiSpec;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The compiled parameter and media type checks find what the request validator finds: for every
 * operation of the v2 and control documents, a valid request and requests made from it by dropping
 * a parameter, giving it an empty, overlong or malformed value, dropping the body, or sending
 * another Content-Type or Accept, get the same findings from both.
 */
class ParameterChecksTest {

  @ParameterizedTest
  @EnumSource(
      value = ApiSpec.class,
      names = {"V2", "CONTROL"})
  void findWhatTheRequestValidatorFinds(ApiSpec spec) throws Exception {
    Contracts.Api api = spec == ApiSpec.V2 ? Contracts.v2() : Contracts.control();
    Contracts.Api validatorOnly = api.withParameters(ParameterChecks.NONE);
    JsonNode document = new YAMLMapper().readTree(spec.yaml());
    List<String> disagreements = new ArrayList<>();
    int compared = 0;
    for (Contracts.Operation operation : api.operations()) {
      assertThat(api.parameters().covers(operation.id())).as(operation.id()).isTrue();
      Request valid = valid(document, operation);
      for (Request request : mutations(valid, operation)) {
        HttpSupport.In in = request.in(operation);
        String path = in.rawPath();
        boolean withBody = operation.hasBody() && in.hasBody();
        Contracts.Match match = new Contracts.Match(operation, operation.match(path), true);
        List<String> ours = api.check(in, match, path, withBody, null).findings();
        List<String> theirs = validatorOnly.check(in, match, path, withBody, null).findings();
        compared++;
        if (!new TreeSet<>(ours).equals(new TreeSet<>(theirs))) {
          disagreements.add(
              operation.id() + " " + request + "\n  ours:   " + ours + "\n  theirs: " + theirs);
        }
      }
      assertThat(
              api.check(
                      valid.in(operation),
                      new Contracts.Match(operation, operation.match(valid.path(operation)), true),
                      valid.path(operation),
                      operation.hasBody(),
                      null)
                  .findings())
          .as("%s valid request", operation.id())
          .isEmpty();
    }
    assertThat(disagreements).isEmpty();
    assertThat(compared).isGreaterThan(spec == ApiSpec.V2 ? 200 : 50);
  }

  /** A request as a test writes it: values by parameter, the headers, a body. */
  private record Request(
      Map<String, String> path,
      Map<String, String> query,
      Map<String, String> headers,
      String body) {

    String path(Contracts.Operation operation) {
      String path = operation.template();
      for (Map.Entry<String, String> parameter : path().entrySet()) {
        path = path.replace("{" + parameter.getKey() + "}", parameter.getValue());
      }
      return path;
    }

    HttpSupport.In in(Contracts.Operation operation) {
      Map<String, List<String>> q = new LinkedHashMap<>();
      query.forEach((name, value) -> q.put(name, List.of(value)));
      Map<String, List<String>> h = new LinkedHashMap<>();
      headers.forEach((name, value) -> h.put(name, List.of(value)));
      return new HttpSupport.In(
          operation.method(),
          path(operation),
          q,
          h,
          body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8));
    }

    Request with(Consumer<Request> change) {
      Request copy =
          new Request(
              new LinkedHashMap<>(path),
              new LinkedHashMap<>(query),
              new LinkedHashMap<>(headers),
              body);
      change.accept(copy);
      return copy;
    }

    Request withBody(String newBody) {
      return new Request(path, query, headers, newBody);
    }
  }

  private static Request valid(JsonNode document, Contracts.Operation operation) {
    Map<String, String> path = new LinkedHashMap<>();
    operation.pathParams().forEach(name -> path.put(name, "p-1"));
    Map<String, String> query = new LinkedHashMap<>();
    Map<String, String> headers = new LinkedHashMap<>();
    JsonNode item = document.path("paths").path(operation.template());
    JsonNode op = item.path(operation.method().toLowerCase(Locale.ROOT));
    List<JsonNode> parameters = new ArrayList<>();
    item.path("parameters").forEach(parameters::add);
    op.path("parameters").forEach(parameters::add);
    for (JsonNode parameter : parameters) {
      if (parameter.has("$ref")) {
        parameter = document.at(parameter.get("$ref").asText().substring(1));
      }
      String value =
          parameter.path("schema").path("format").asText().equals("date-time")
              ? "2024-05-01T00:00:00Z"
              : "value-1";
      switch (parameter.path("in").asText()) {
        case "query" -> query.put(parameter.path("name").asText(), value);
        case "header" -> headers.put(parameter.path("name").asText(), value);
        default -> {}
      }
    }
    String body = null;
    if (operation.hasBody()) {
      headers.put("Content-Type", "application/json");
      JsonNode media = op.path("requestBody").path("content").path("application/json");
      JsonNode example =
          media.has("example")
              ? media.get("example")
              : media.path("examples").elements().hasNext()
                  ? media.path("examples").elements().next().path("value")
                  : Json.object();
      body = Json.text(example);
    }
    return new Request(path, query, headers, body);
  }

  private static List<Request> mutations(Request valid, Contracts.Operation operation) {
    List<Request> out = new ArrayList<>();
    out.add(valid);
    for (String name : valid.query().keySet()) {
      out.add(valid.with(r -> r.query().remove(name)));
      out.add(valid.with(r -> r.query().put(name, "")));
      out.add(valid.with(r -> r.query().put(name, "not a date")));
      out.add(valid.with(r -> r.query().put(name, "9".repeat(300))));
    }
    for (String name : valid.headers().keySet()) {
      if (name.equals("Content-Type")) {
        continue;
      }
      out.add(valid.with(r -> r.headers().remove(name)));
      out.add(valid.with(r -> r.headers().put(name, "")));
      out.add(valid.with(r -> r.headers().put(name, "9".repeat(300))));
    }
    for (String accept :
        List.of(
            "text/html",
            "application/*",
            "*/*",
            "application/json;q=0.5",
            "text/html, application/json",
            "application/xml")) {
      out.add(valid.with(r -> r.headers().put("Accept", accept)));
    }
    if (operation.hasBody()) {
      out.add(valid.withBody(null));
      for (String type :
          List.of(
              "text/plain",
              "application/json; charset=utf-8",
              "application/xml",
              "APPLICATION/JSON")) {
        out.add(valid.with(r -> r.headers().put("Content-Type", type)));
      }
    }
    return out;
  }

  @Test
  void mediaTypesMeetByTypeAndSubtypeWithWildcardsAndParametersIgnored() {
    String[][] meet = {
      {"application/json", "application/json"},
      {"application/json", "*/*"},
      {"application/*", "application/json"},
      {"APPLICATION/JSON ; charset=utf-8", "application/json"},
      {"*", "text/xml"},
      {"text/xml", "text/*"}
    };
    String[][] miss = {
      {"application/json", "text/json"},
      {"application/json", "application/xml"},
      {"application", "application/json"},
      {"application/json", "application/jsonx"},
      {"text/*", "application/json"}
    };
    for (String[] pair : meet) {
      assertThat(ParameterChecks.compatible(pair[0], pair[1]))
          .as("%s ~ %s", pair[0], pair[1])
          .isTrue();
      assertThat(ParameterChecks.compatible(pair[1], pair[0])).isTrue();
    }
    for (String[] pair : miss) {
      assertThat(ParameterChecks.compatible(pair[0], pair[1]))
          .as("%s ~ %s", pair[0], pair[1])
          .isFalse();
    }
  }
}
