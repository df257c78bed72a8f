package com.merchantpay.conformance.internal;

import static com.merchantpay.conformance.internal.Fixtures.encode;
import static com.merchantpay.conformance.internal.NegativeVerdicts.judgeAll;

import com.merchantpay.conformance.internal.Constraint.Kind;
import com.merchantpay.conformance.internal.NegativeVerdicts.Case;
import com.merchantpay.conformance.judge.SpecModel;
import com.merchantpay.spec.ApiSpec;
import io.swagger.v3.oas.models.parameters.Parameter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/** The negative cases of query parameters, and of identifiers of resources that do not exist. */
final class NegativeQueries {
  private NegativeQueries() {}

  static void runQueryCases(CheckContext c, SpecModel.Operation operation) throws Exception {
    Map<String, String> valid = new LinkedHashMap<>();
    for (Parameter parameter : operation.parameters()) {
      if (!"query".equals(parameter.getIn())) {
        continue;
      }
      String value =
          switch (parameter.getName()) {
            case "merchantId" -> c.target().merchantId();
            case "paymentId" -> new Fixtures(c).settledPayment("10").path("id").asText();
            case "start", "end" -> Fixtures.recentBound(parameter.getName());
            default -> null;
          };
      if (value != null) {
        valid.put(parameter.getName(), value);
      }
    }
    List<Case> cases = new ArrayList<>();
    for (Constraint constraint : RequestConstraints.of(ApiSpec.V2, operation.id())) {
      Map<String, String> query = new LinkedHashMap<>(valid);
      String member = constraint.member();
      if (constraint.kind() == Kind.REQUIRED) {
        if (query.remove(member) == null) {
          continue;
        }
      } else if (constraint.kind() == Kind.QUERY
          || constraint.kind() == Kind.CROSS_FIELD
          || constraint.kind() == Kind.FORMAT) {
        if (constraint.kind() != Kind.QUERY && !query.containsKey(member)) {
          continue;
        }
        query.put(member, constraint.breaking().get(0).asText());
      } else {
        continue;
      }
      cases.add(
          new Case(constraint, member + " " + constraint.what(), Map.of(), null, query(query)));
    }
    List<Callable<Exchange>> sends = new ArrayList<>();
    cases.forEach(negative -> sends.add(() -> c.v2().get(operation.template() + negative.query())));
    judgeAll(c, cases, c.run().parallel(sends), false);
  }

  static String query(Map<String, String> values) {
    StringBuilder query = new StringBuilder();
    values.forEach(
        (name, value) ->
            query
                .append(query.length() == 0 ? "?" : "&")
                .append(name)
                .append('=')
                .append(encode(value)));
    return query.toString();
  }

  static void runIdentifierCases(CheckContext c) throws Exception {
    List<Case> cases = new ArrayList<>();
    List<Callable<Exchange>> sends = new ArrayList<>();
    for (SpecModel.Operation operation : SpecModel.of(ApiSpec.V2).operations()) {
      for (Constraint constraint : RequestConstraints.of(ApiSpec.V2, operation.id())) {
        if (constraint.kind() != Kind.IDENTIFIER) {
          continue;
        }
        String path =
            SpecModel.expand(operation.template(), Map.of("id", c.run().unique("kit-no-such")));
        Map<String, String> headers = new LinkedHashMap<>();
        byte[] body = null;
        if (operation.requestSchema("application/json") != null) {
          headers.put("Content-Type", "application/json");
          body = Json.bytes(new Fixtures(c).validBody(operation.id()));
        }
        byte[] sent = body;
        cases.add(
            new Case(constraint, operation.id() + " on " + constraint.what(), headers, body, null));
        sends.add(() -> c.v2().send(operation.method(), path, headers, sent));
      }
    }
    judgeAll(c, cases, c.run().parallel(sends), false);
  }
}
