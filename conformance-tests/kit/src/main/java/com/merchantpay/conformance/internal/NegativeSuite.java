package com.merchantpay.conformance.internal;

import static com.merchantpay.conformance.internal.NegativeBodies.BODY_OPERATIONS;
import static com.merchantpay.conformance.internal.NegativeBodies.runBodyCases;
import static com.merchantpay.conformance.internal.NegativeQueries.runQueryCases;
import static com.merchantpay.conformance.internal.NegativeV1.runV1Cases;

import com.merchantpay.conformance.internal.NegativeBodies.BodyOperation;
import com.merchantpay.conformance.judge.SpecModel;
import com.merchantpay.spec.ApiSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Negative cases made from every request constraint of both specs ({@link RequestConstraints}):
 * each breaks one constraint of an otherwise valid request on a resource in the right state. A case
 * the documents forbid must be refused with the documented error body, validation_error where the
 * request is of incorrect format, never accepted and never a server error; a case only our spec
 * forbids may be accepted by a target that reads the open point otherwise, which is reported. The
 * error code (where the documents leave it open), its status and whether the errors name the member
 * are readings of open points.
 *
 * <p>This file declares the checks; their cases are made per topic in {@link NegativeBodies},
 * {@link NegativeQueries} and {@link NegativeV1}, and judged by {@link NegativeVerdicts}.
 */
final class NegativeSuite {
  private static final String SUITE = "negative";

  private NegativeSuite() {}

  /** The rules every check of this suite judges besides its own, by the interface it calls. */
  private static final Map<String, List<String>> EVERY_CHECK_JUDGES =
      Map.of(
          "v2",
          List.of(
              "v2.errors.body",
              "v2.errors.validation-errors",
              "v2.errors.validation",
              "v2.errors.server"),
          "v1",
          List.of("v1.errors.parse-failure"));

  static List<Check> checks() {
    return Check.judgingEvery(declared(), EVERY_CHECK_JUDGES);
  }

  private static List<Check> declared() {
    List<Check> checks = new ArrayList<>();
    SpecModel model = SpecModel.of(ApiSpec.V2);
    for (BodyOperation operation : BODY_OPERATIONS) {
      SpecModel.Operation definition = model.byId(operation.operationId());
      checks.add(
          Check.of(
                  SUITE,
                  operation.operationId(),
                  "Every constraint of "
                      + operation.operationId()
                      + "'s request is enforced as the documents or our spec say",
                  "v2.errors.validation",
                  List.of(),
                  c -> runBodyCases(c, definition, operation))
              .judging(NegativeVerdicts.documentRules(operation.operationId())));
    }
    for (SpecModel.Operation list : model.operations()) {
      if (list.method().equals("GET")
          && list.parameters().stream()
              .anyMatch(p -> "query".equals(p.getIn()) && Boolean.TRUE.equals(p.getRequired()))) {
        checks.add(
            Check.of(
                    SUITE,
                    list.id(),
                    "Every constraint of "
                        + list.id()
                        + "'s query is enforced as the "
                        + "documents or our spec say",
                    "v2.errors.validation",
                    List.of(),
                    c -> runQueryCases(c, list))
                .judging(NegativeVerdicts.documentRules(list.id())));
      }
    }
    checks.add(
        Check.of(
            SUITE,
            "unknown-identifiers",
            "A request naming a payment, refund, token, receipt or sticker "
                + "that does not exist is refused, for every operation that names one",
            "v2.ep.unknown-resource",
            List.of(),
            NegativeQueries::runIdentifierCases));
    for (SpecModel.Operation v1 : SpecModel.of(ApiSpec.V1).operations()) {
      checks.add(
          Check.of(
              SUITE,
              "v1-" + v1.id(),
              v1.id()
                  + " with a value left out or of the wrong form never "
                  + "succeeds and never fails the server",
              "v1.errors.parse-failure",
              List.of(),
              c -> runV1Cases(c, v1)));
    }
    return checks;
  }
}
