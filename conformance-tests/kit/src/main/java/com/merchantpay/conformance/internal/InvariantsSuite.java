package com.merchantpay.conformance.internal;

import java.util.ArrayList;
import java.util.List;

/**
 * What the documents state over a whole run, judged over every exchange of it ({@link RunFacts}):
 * each merchant is shown only its own resources, every view of a resource (its creation answer,
 * reads, list items, notifications, the v1 payment) agrees, members stand only where the documents
 * place them, a refused creation leaves nothing behind, numbers have at most four fraction digits.
 * Each check judges the answers it asked for; these judge the answers no check looked at twice.
 * They read what the run collected, so they run last.
 */
final class InvariantsSuite {
  static final String SUITE = "invariants";

  private InvariantsSuite() {}

  /** How many findings a failure describes, each with the call that shows it. */
  private static final int DESCRIBED = 5;

  static List<Check> checks() {
    return List.of(
        invariant(
            "each-merchant-is-shown-only-its-own",
            "No answer to one merchant shows another merchant's payment, refund, receipt, token or"
                + " sticker, in a read, a list, a replay or a creation, nor v1 its payments",
            "every resource shown to a merchant is its own",
            Tag.ROLES,
            "v2.auth.rights",
            "v1.auth.bad-login"),
        invariant(
            "every-view-of-a-resource-agrees",
            "A resource's creation answer, reads, list items and notifications, and v1's view of a"
                + " payment, agree on what never changes for it",
            "every view of a resource shows the same resource",
            Tag.CROSS_INTERFACE,
            "v2.views.same-resource",
            "v1.payment.currency",
            "v1.payment.invoice-number",
            "v1.payment.test-mode",
            "v1.payment.unsuccessful",
            "v1.payment.completion-time",
            "v1.views.same-refund"),
        invariant(
            "members-stand-where-the-documents-place-them",
            "No answer shows a member where the documents rule it out (a sticker's callbackUrl, a"
                + " refund list item's resultCode, a confirmation a payment no longer needs), and a"
                + " payment's paymentToken has its members",
            "members only where the documents place them",
            Tag.SCHEMA,
            "v2.payment.confirmation-when-needed",
            "v2.sticker.callback-request-only",
            "v2.refund.list-item-result-code",
            "v2.payment.token-members"),
        invariant(
            "a-refused-creation-leaves-nothing-behind",
            "No payment whose creation was refused shows in a later read, list or notification",
            "nothing a refused creation would have made",
            Tag.ERRORS,
            "v2.errors.refusal-acts-not"),
        invariant(
            "numbers-have-at-most-four-fraction-digits",
            "No number in any answer or notification of the run has more than four fraction digits",
            "every number with at most four fraction digits",
            Tag.MONEY,
            "v2.conv.decimal"));
  }

  /** An invariant of its rules, the first its own, run after every other check. */
  private static Check invariant(
      String name, String title, String expected, Tag tag, String rule, String... more) {
    List<String> rules = new ArrayList<>(List.of(rule));
    rules.addAll(List.of(more));
    return Check.of(SUITE, name, title, rule, List.of(tag), c -> judge(c, expected, rules))
        .judging(more)
        .last();
  }

  private static void judge(CheckContext c, String expected, List<String> rules) {
    RunFacts facts = c.run().facts();
    facts.settle(c.run().hasReceiver() ? c.run().receiver().allArrivals() : List.of());
    if (rules.contains("v2.auth.rights")) {
      c.require(
          facts.twoMerchants(),
          "no second merchant given (--other-token and --other-merchant): whether one merchant is"
              + " shown another's resources cannot be seen");
    }
    List<String> judged = new ArrayList<>();
    for (String rule : rules) {
      if (facts.judged(rule)) {
        judged.add(rule);
      }
    }
    c.require(!judged.isEmpty(), "nothing the run was shown bears on " + String.join(", ", rules));
    c.asserted(judged.toArray(String[]::new));
    List<RunFacts.Finding> findings = new ArrayList<>();
    int count = 0;
    for (String rule : rules) {
      findings.addAll(facts.findings(rule));
      count += facts.count(rule);
    }
    if (findings.isEmpty()) {
      return;
    }
    RunFacts.Finding first = findings.get(0);
    c.rule(first.rule());
    StringBuilder actual =
        new StringBuilder(count + " finding(s) over " + facts.resourcesSeen() + " resources:");
    for (int i = 0; i < Math.min(DESCRIBED, findings.size()); i++) {
      RunFacts.Finding finding = findings.get(i);
      actual.append("\n  - [").append(finding.rule()).append("] ").append(finding.what());
      for (Exchange shown : new Exchange[] {finding.exchange(), finding.earlier()}) {
        if (shown != null && i > 0) {
          actual.append("\n      ").append(Curl.of(shown, c.run().target().secrets()));
        }
      }
      if (i == 0 && finding.earlier() != null) {
        actual
            .append("\n      earlier: ")
            .append(Curl.of(finding.earlier(), c.run().target().secrets()));
      }
    }
    if (findings.size() > DESCRIBED) {
      actual.append("\n  ... and ").append(count - DESCRIBED).append(" more");
    }
    c.fail(expected, actual.toString(), first.exchange());
  }
}
