package com.merchantpay.conformance.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.merchantpay.conformance.internal.Constraint.Kind;
import com.merchantpay.conformance.internal.NegativeVerdicts.Case;
import com.merchantpay.conformance.judge.ExchangeJudge;
import com.merchantpay.conformance.target.OpenPoint;
import com.merchantpay.spec.ApiSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The answers to one check's cases: departures from the documents (which fail the check, all
 * listed) and the open points the answers read, gathered per point so that a lenient target gets
 * one line per point.
 */
final class NegativeVerdicts {
  private final List<String> departures = new ArrayList<>();
  private Exchange first;
  private String firstRule;
  private final Map<OpenPoint, Map<String, Set<String>>> readings = new LinkedHashMap<>();
  private final Map<OpenPoint, Exchange> shown = new LinkedHashMap<>();

  void judge(CheckContext c, Case negative, Exchange answer) {
    Constraint constraint = negative.constraint();
    String rule = constraint.documented() ? documentRule(constraint) : "v2.errors.body";
    // Every case can fail for a server error or a refusal without the error body; a case the
    // documents forbid, for the rule that forbids it.
    c.asserted("v2.errors.server", "v2.errors.body");
    if (constraint.documented()) {
      c.asserted(rule);
    }
    if (constraint.validation()) {
      c.asserted("v2.errors.validation");
    }
    if (!answer.answered()) {
      depart(negative, answer, "no answer: " + answer.transportError(), "v2.errors.server");
      return;
    }
    if (answer.status() >= 500) {
      depart(negative, answer, "a server error: " + answer.summary(), "v2.errors.server");
      return;
    }
    if (answer.status() / 100 == 2) {
      if (constraint.documented()) {
        depart(negative, answer, "accepted: " + answer.summary(), rule);
      } else {
        read(pointOf(constraint), constraint.listed() ? "accepted" : "ignored", negative, answer);
      }
      return;
    }
    if (answer.status() / 100 != 4) {
      depart(
          negative, answer, "neither accepted nor refused: " + answer.summary(), "v2.errors.body");
      return;
    }
    List<String> body =
        ExchangeJudge.errorBodyProblems(answer.json(), answer.header("Content-Type"));
    if (!body.isEmpty()) {
      depart(
          negative,
          answer,
          "a refusal without the error body (" + String.join("; ", body) + "): " + answer.summary(),
          "v2.errors.body");
      return;
    }
    read(pointOf(constraint), constraint.listed() ? "refused" : "checked", negative, answer);
    String code = answer.errorCode();
    if (constraint.validation() && !"validation_error".equals(code)) {
      depart(
          negative,
          answer,
          "refused with " + code + ", not validation_error: " + answer.summary(),
          "v2.errors.validation");
      return;
    }
    // An amount that cannot be paid (zero or below) is the open point; an amount written in another
    // form (fraction digits, too many digits, no ISO 4217 code) is a request of incorrect format.
    boolean amount =
        constraint.member().endsWith("amount.value")
            && constraint.kind() == Kind.RANGE
            && !constraint.operationId().equals("createReceipt")
            && !constraint.removes()
            && constraint.breaking().get(0).isNumber()
            && constraint.breaking().get(0).decimalValue().signum() <= 0;
    if (!constraint.validation()) {
      read(
          amount
              ? OpenPoint.AMOUNT_REFUSAL_CODE
              : constraint.kind() == Kind.IDENTIFIER
                  ? OpenPoint.NOT_FOUND_CODE
                  : OpenPoint.REFUSAL_CODE,
          aboutAnother(code, answer, constraint) ? OpenPoint.UNDETERMINED : code,
          negative,
          answer);
    }
    if ("validation_error".equals(code)) {
      read(OpenPoint.VALIDATION_STATUS, Integer.toString(answer.status()), negative, answer);
      String member = constraint.member().replace("[]", "[0]").replace(".*", "");
      boolean named = CheckContext.names(answer.json().path("errors"), member);
      if (constraint.reported() && !named) {
        depart(
            negative,
            answer,
            "errors do not report " + member + ": " + answer.json().path("errors"),
            "v2.conv.missing-merchant");
      } else if (!constraint.member().equals("merchantId")
          && !constraint.member().equals("body")
          && constraint.kind() != Kind.IDENTIFIER) {
        // merchantId is the one member the documents show an error naming: a target naming it
        // follows that example, which tells nothing of how it writes the errors of the others.
        read(OpenPoint.NAMES_MEMBER, named ? "named" : "unnamed", negative, answer);
      }
    } else if (constraint.kind() == Kind.IDENTIFIER && "invalid_operation".equals(code)) {
      read(OpenPoint.NOT_FOUND_STATUS, Integer.toString(answer.status()), negative, answer);
    }
  }

  void judgeV1(CheckContext c, Case negative, Exchange answer) {
    Constraint constraint = negative.constraint();
    c.asserted("v1.errors.parse-failure");
    Integer code = answer.v1ErrorCode();
    if (!answer.answered()) {
      depart(negative, answer, "no answer: " + answer.transportError(), "v1.errors.parse-failure");
    } else if (answer.status() == 200 && (code == null || code == 0)) {
      if (constraint.documented()) {
        depart(negative, answer, "accepted: " + answer.summary(), "v1.errors.parse-failure");
      } else if (constraint.kind() == Kind.REQUIRED) {
        read(OpenPoint.V1_MISSING_VALUES, "accepted", negative, answer);
      } else {
        read(OpenPoint.V1_UNREADABLE, "accepted", negative, answer);
      }
    } else {
      if (constraint.kind() == Kind.REQUIRED) {
        read(OpenPoint.V1_MISSING_VALUES, "refused", negative, answer);
      }
      read(
          OpenPoint.V1_UNREADABLE,
          answer.status() == 200 ? Integer.toString(code) : Integer.toString(answer.status()),
          negative,
          answer);
    }
  }

  /**
   * Whether a validation_error is about another member than the case broke: the case's one change
   * may break a second rule of the target's (an amount of zero no longer matching its receipt's
   * lines), and such a refusal tells nothing of how the target refuses the case's own.
   */
  static boolean aboutAnother(String code, Exchange answer, Constraint constraint) {
    if (!"validation_error".equals(code) || constraint.member().equals("body")) {
      return false;
    }
    JsonNode errors = answer.json().path("errors");
    String member = constraint.member().replace("[]", "[0]").replace(".*", "");
    return errors.isArray() && !errors.isEmpty() && !CheckContext.names(errors, member);
  }

  /**
   * The open point a case of a constraint only our spec sets reads: a creating call without its key
   * reads whether the key is required, a member the operation's row does not list whether such
   * members are checked, any other whether our spec's constraints are.
   */
  static OpenPoint pointOf(Constraint constraint) {
    if (!constraint.listed()) {
      return OpenPoint.UNLISTED_MEMBERS;
    }
    return constraint.kind() == Kind.REQUIRED && constraint.member().equals("Idempotency-Key")
        ? OpenPoint.KEY_REQUIRED
        : OpenPoint.REQUEST_CONSTRAINTS;
  }

  /**
   * The rules of the documents the cases of a v2 operation may fail for, besides those every
   * negative check judges: the check declares them, so the catalogue lists it for each. Unknown
   * identifiers are the cases of a check of their own.
   */
  static Set<String> documentRules(String operationId) {
    Set<String> rules = new TreeSet<>();
    for (Constraint constraint : RequestConstraints.of(ApiSpec.V2, operationId)) {
      if (constraint.documented() && constraint.kind() != Kind.IDENTIFIER) {
        rules.add(documentRule(constraint));
      }
    }
    return rules;
  }

  static String documentRule(Constraint constraint) {
    if (constraint.reported()) {
      return "v2.conv.missing-merchant";
    }
    if (constraint.member().endsWith("amount.value") && constraint.kind() == Kind.RANGE) {
      return "v2.request.amount";
    }
    if (constraint.member().endsWith("amount.currency")) {
      return "v2.general.currency";
    }
    if (constraint.operationId().equals("createInvoice")
        && constraint.member().equals("customer.phone")) {
      return "v2.request.invoice-phone";
    }
    if (constraint.kind() == Kind.DICTIONARY) {
      String member = constraint.member();
      if (member.endsWith("vatType")) {
        return "v2.request.vat-dictionary";
      }
      if (member.equals("dsrp.type") || member.endsWith("dsrp.type")) {
        return "v2.request.dsrp";
      }
      if (member.endsWith("tokenization.type")
          || (member.equals("type") && !constraint.operationId().equals("createReceipt"))) {
        return "v2.request.tokenization";
      }
      return member.equals("type") ? "v2.dict.receipt-type" : "v2.dict.receipt-items";
    }
    if (constraint.kind() == Kind.IDENTIFIER) {
      return "v2.ep.unknown-resource";
    }
    return "v2.errors.validation";
  }

  private void depart(Case negative, Exchange answer, String problem, String rule) {
    departures.add(negative.description() + " -> " + problem);
    if (first == null) {
      first = answer;
      firstRule = rule;
    }
  }

  private void read(OpenPoint point, String observed, Case negative, Exchange answer) {
    readings
        .computeIfAbsent(point, p -> new LinkedHashMap<>())
        .computeIfAbsent(observed, o -> new LinkedHashSet<>())
        .add(negative.description());
    shown.putIfAbsent(point, answer);
    if (!point.isOurs(observed)) {
      shown.put(point, answer);
    }
  }

  /**
   * Reports the readings, then fails the check with every departure, citing the first one's rule.
   */
  void report(CheckContext c) {
    // Each reading observed is read on its own, with the cases that showed it: a target may refuse
    // some cases and accept others.
    readings.forEach(
        (point, observed) ->
            observed.forEach(
                (reading, cases) -> {
                  List<String> some = cases.stream().limit(3).toList();
                  c.reading(
                      point,
                      reading,
                      cases.size() + " case(s), e.g. " + String.join("; ", some),
                      shown.get(point));
                }));
    if (!departures.isEmpty()) {
      c.rule(firstRule);
      List<String> listed = departures.size() > 20 ? departures.subList(0, 20) : departures;
      c.fail(
          "each case refused as the documents say: a 4xx with the error body (validation_error for a request "
              + "of incorrect format), never accepted, never a server error (v1: a non-zero ErrorCode or a 4xx)",
          departures.size()
              + " case(s) were not:\n  - "
              + String.join("\n  - ", listed)
              + (departures.size() > listed.size()
                  ? "\n  ... and " + (departures.size() - listed.size()) + " more"
                  : ""),
          first);
    }
  }

  /** Judges each case by its answer, in order, and reports them: the v1 way or the v2 way. */
  static void judgeAll(CheckContext c, List<Case> cases, List<Exchange> answers, boolean v1) {
    NegativeVerdicts verdicts = new NegativeVerdicts();
    for (int i = 0; i < cases.size(); i++) {
      c.run().negativeCoverage().sent(cases.get(i).constraint());
      if (v1) {
        verdicts.judgeV1(c, cases.get(i), answers.get(i));
      } else {
        verdicts.judge(c, cases.get(i), answers.get(i));
      }
    }
    verdicts.report(c);
  }

  /** One request that breaks one constraint. */
  record Case(
      Constraint constraint,
      String description,
      Map<String, String> headers,
      byte[] body,
      String query) {}

  /**
   * A valid request on a resource in the right state, made afresh when a case was wrongly accepted.
   */
  record Fixture(String path, ObjectNode body) {}
}
