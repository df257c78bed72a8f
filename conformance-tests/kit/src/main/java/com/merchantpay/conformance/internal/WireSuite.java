package com.merchantpay.conformance.internal;

import com.merchantpay.conformance.judge.SpecModel;
import com.merchantpay.spec.ApiSpec;
import java.util.ArrayList;
import java.util.List;

/**
 * The form of every answer the run received, per operation: a status the operation declares, a content type
 * it allows, a body matching its schema (JSON, and the XML of v1 lists), never a server error. These checks
 * read the ledger the other checks filled, so they run last.
 */
final class WireSuite {
  static final String SUITE = "wire";

  private WireSuite() {}

  static List<Check> checks() {
    List<Check> checks = new ArrayList<>();
    for (ApiSpec spec : List.of(ApiSpec.V2, ApiSpec.V1)) {
      for (SpecModel.Operation operation : SpecModel.of(spec).operations()) {
        String prefix = spec == ApiSpec.V2 ? "" : "v1-";
        checks.add(Check.of(SUITE, prefix + operation.id(), "Every answer of " + (spec == ApiSpec.V2 ? "" : "v1 ")
            + operation.id() + " in this run is as the document describes it", new Rule(
                spec == ApiSpec.V2 ? Rule.Source.V2_DOCUMENT : Rule.Source.V1_DOCUMENT,
                "Endpoints and Resources", "each operation's answer, as the spec writes it down: declared status, "
                    + "content type and schema; unknown members allowed; never a server error"),
            List.of("schema"), c -> judge(c, spec, operation)));
      }
    }
    return checks;
  }

  private static void judge(CheckContext c, ApiSpec spec, SpecModel.Operation operation) {
    WireLedger.Seen seen = c.run().ledger().seen(spec, operation.id());
    c.require(seen != null, "no call of " + operation.id() + " was made in this run");
    if (!seen.departures().isEmpty()) {
      WireLedger.Departure first = seen.departures().get(0);
      c.fail("every answer as documented (" + seen.calls() + " calls, statuses " + seen.statuses() + ")",
          seen.departuresCount() + " answer(s) departed; the first: " + String.join("; ", first.problems())
              + " in " + first.exchange().summary(), first.exchange());
    }
  }
}
