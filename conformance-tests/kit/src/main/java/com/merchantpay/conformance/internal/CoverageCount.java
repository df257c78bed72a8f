package com.merchantpay.conformance.internal;

import com.merchantpay.conformance.judge.SpecModel;
import com.merchantpay.conformance.report.CheckResult;
import com.merchantpay.conformance.report.Report;
import com.merchantpay.spec.ApiSpec;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** What a run exercised of the two documents, read from its ledger and its results. */
public final class CoverageCount {
  private CoverageCount() {}

  public static Report.Coverage of(Run run, List<CheckResult> results) {
    Map<String, Integer> operations = new LinkedHashMap<>();
    Map<String, Integer> exercised = new LinkedHashMap<>();
    List<String> notExercised = new ArrayList<>();
    Map<String, String> calls = new LinkedHashMap<>();
    int documented = 0;
    int seenResponses = 0;
    for (ApiSpec spec : List.of(ApiSpec.V2, ApiSpec.V1)) {
      String name = spec == ApiSpec.V2 ? "v2" : "v1";
      for (SpecModel.Operation operation : SpecModel.of(spec).operations()) {
        operations.merge(name, 1, Integer::sum);
        WireLedger.Seen seen = run.ledger().seen(spec, operation.id());
        if (seen == null) {
          notExercised.add(name + " " + operation.id());
        } else {
          exercised.merge(name, 1, Integer::sum);
          calls.put(
              name + " " + operation.id(),
              seen.calls()
                  + " calls, statuses "
                  + seen.statuses()
                  + (seen.departuresCount() == 0
                      ? ""
                      : ", " + seen.departuresCount() + " departing"));
        }
        for (String status : operation.documentedStatuses()) {
          if (status.matches("[0-9]{3}")) {
            documented++;
            if (seen != null && seen.statuses().contains(Integer.parseInt(status))) {
              seenResponses++;
            }
          }
        }
      }
    }
    Set<String> judged = new HashSet<>();
    results.forEach(result -> judged.addAll(result.rules()));
    int checkable = 0;
    int checked = 0;
    List<String> notChecked = new ArrayList<>();
    for (Rule rule : Rule.all()) {
      if (rule.checkable()) {
        checkable++;
        if (judged.contains(rule.id())) {
          checked++;
        } else {
          notChecked.add(rule.id());
        }
      }
    }
    return new Report.Coverage(
        operations,
        exercised,
        notExercised,
        documented,
        seenResponses,
        checkable,
        checked,
        notChecked,
        run.negativeCoverage().byKind(),
        run.negativeCoverage().notCovered(),
        run.negativeCoverage().cases(),
        calls,
        run.uncatalogued().stream().sorted().toList());
  }
}
