package com.merchantpay.conformance.internal;

import com.merchantpay.conformance.judge.SpecModel;
import com.merchantpay.spec.ApiSpec;
import java.util.ArrayList;
import java.util.List;

/**
 * The form of every answer the run received, per operation: the documented answer or a refusal with
 * the documented error body, a JSON (or, for v1 lists, XML) body matching its schema, never a
 * server error. A status or media type our spec does not declare, of the right class and with the
 * documented body, is read as an open point. These checks read the ledger the other checks filled,
 * so they run last.
 */
final class WireSuite {
  static final String SUITE = "wire";

  private WireSuite() {}

  static List<Check> checks() {
    List<Check> checks = new ArrayList<>();
    for (ApiSpec spec : List.of(ApiSpec.V2, ApiSpec.V1)) {
      for (SpecModel.Operation operation : SpecModel.of(spec).operations()) {
        String prefix = spec == ApiSpec.V2 ? "" : "v1-";
        checks.add(
            Check.of(
                    SUITE,
                    prefix + operation.id(),
                    "Every answer of "
                        + (spec == ApiSpec.V2 ? "" : "v1 ")
                        + operation.id()
                        + " in this run is as the document describes it",
                    (spec == ApiSpec.V2 ? "v2" : "v1") + ".op." + operation.id(),
                    List.of(Tag.SCHEMA),
                    c -> judge(c, spec, operation))
                .last());
      }
    }
    return checks;
  }

  private static void judge(CheckContext c, ApiSpec spec, SpecModel.Operation operation) {
    WireLedger.Seen seen = c.run().ledger().seen(spec, operation.id());
    c.require(seen != null, "no call of " + operation.id() + " was made in this run");
    c.judgedEveryRuleOfTheCheck();
    for (WireLedger.Read read : seen.readings()) {
      c.reading(read.reading().point(), read.reading().theirs(), read.exchange());
    }
    if (!seen.departures().isEmpty()) {
      WireLedger.Departure first = seen.departures().get(0);
      c.fail(
          "every answer as documented ("
              + seen.calls()
              + " calls, statuses "
              + seen.statuses()
              + ")",
          seen.departuresCount()
              + " answer(s) departed; the first: "
              + String.join("; ", first.problems())
              + " in "
              + first.exchange().summary(),
          first.exchange());
    }
  }
}
