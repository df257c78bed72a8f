package com.merchantpay.conformance;

import com.merchantpay.conformance.report.CheckResult;
import com.merchantpay.conformance.report.Report;
import com.merchantpay.conformance.target.Profile;
import com.merchantpay.masking.Printable;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code profile check}: tries each member of a profile against its target before a full run, with
 * the few checks that use it, and says member by member whether the target takes it: the approved
 * card pays, each decline declines with its code, each confirmation is passed as described, each
 * payer step is taken by its page, the clock moves. Readings are read when the profile is loaded:
 * one the kit cannot read stops the command as it stops a run (exit 2).
 */
@Command(
    name = "check",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Tries the profile's members against the target with the checks that use them, in seconds, "
          + "and says for each whether the target takes it, before a full run."
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:every member the profile gives was taken",
      "1:a member was not taken, or a check using it failed",
      "2:bad usage, or a profile the kit cannot read"
    })
final class ProfileCheckCommand implements Callable<Integer> {
  /** Each member and the checks that use it, in the order a profile is written. */
  static final Map<String, List<String>> MEMBERS = members();

  @Mixin TargetOptions target = new TargetOptions();

  @Option(
      names = "--timeout",
      paramLabel = "SECONDS",
      description = "How long one call may take (10).")
  int timeoutSeconds = 10;

  private final PrintStream out;

  ProfileCheckCommand(PrintStream out) {
    this.out = out;
  }

  private static Map<String, List<String>> members() {
    Map<String, List<String>> members = new LinkedHashMap<>();
    members.put("approvedCard", List.of("operations.createPayment"));
    members.put("declines", List.of("lifecycle.declines-are-data-with-their-result-code"));
    for (String type : Profile.CONFIRMATION_TYPES) {
      members.put("confirmations." + type, List.of("lifecycle.confirmation-" + type));
    }
    members.put(
        "confirmations.*.failingAnswer", List.of("lifecycle.failing-confirmation-declines"));
    members.put(
        "payerSteps.externalDecline",
        List.of("lifecycle.a-payer-who-declines-an-external-step-does-not-pay"));
    members.put("payerSteps.invoicePayment", List.of("lifecycle.an-invoice-is-paid-on-its-page"));
    members.put(
        "payerSteps.tokenizationPage",
        List.of("lifecycle.a-card-stored-on-the-tokenization-page-makes-an-active-token"));
    members.put(
        "payerSteps.stickerPayment",
        List.of("callbacks.a-sticker-paid-on-its-page-is-notified-to-its-url"));
    members.put(
        "tokenConfirmation",
        List.of("operations.completePaymentToken", "lifecycle.a-failing-token-answer-declines-it"));
    members.put("blockedTokenCard", List.of("lifecycle.blocked-token-cannot-pay"));
    members.put("refundsRejectedCard", List.of("lifecycle.refused-refund-ends-rejected"));
    members.put("clockControl and settles", List.of("lifecycle.refund-starts-pending-and-settles"));
    members.put(
        "callbackHost and settles.notification",
        List.of("callbacks.payment-notification-arrives-as-documented"));
    for (String method : Profile.PAYMENT_METHODS) {
      members.put("paymentMethods." + method, List.of("requests.payment-method." + method));
    }
    members.put("v1", List.of("operations.v1-getPayment", "operations.v1-listPaymentsFilter"));
    return members;
  }

  @Override
  public Integer call() {
    Profile profile = target.profile();
    List<String> checks = new ArrayList<>();
    MEMBERS.values().forEach(checks::addAll);
    ConformanceKit.Builder builder =
        ConformanceKit.builder()
            .includeTags(checks)
            .timeout(Duration.ofSeconds(timeoutSeconds))
            .budget(Duration.ofMinutes(5));
    builder.target(target.target());
    if (profile != null) {
      builder.profile(profile);
    }
    out.println("merchantpay-conformance profile check: each member with the checks that use it");
    Report report = builder.build().run();
    Map<String, CheckResult> byId = new LinkedHashMap<>();
    report.results().forEach(result -> byId.put(result.id(), result));
    boolean failed = false;
    for (Map.Entry<String, List<String>> member : MEMBERS.entrySet()) {
      for (String id : member.getValue()) {
        CheckResult result = byId.get(id);
        if (result == null) {
          continue;
        }
        // A member the profile gives whose check was skipped was not taken: the target refused
        // what it describes, or the kit could not do it. One left out is skipped as expected.
        boolean notTaken =
            result.outcome() == CheckResult.Outcome.FAILED
                || result.outcome() == CheckResult.Outcome.SKIPPED
                    && given(profile, member.getKey());
        String mark =
            switch (result.outcome()) {
              case PASSED, DIFFERS, ACCEPTED -> "ok  ";
              case SKIPPED -> notTaken ? "SKIP" : "skip";
              case FAILED -> "FAIL";
            };
        failed |= notTaken;
        out.println("  " + mark + "  " + member.getKey() + "  (" + id + ")");
        if (result.outcome() == CheckResult.Outcome.SKIPPED) {
          out.println("        " + indent(result.actual()));
        } else if (result.outcome() == CheckResult.Outcome.FAILED) {
          out.println("        expected: " + indent(result.expected()));
          out.println("        actual:   " + indent(result.actual()));
        }
      }
    }
    out.println(
        failed
            ? "Some members given were not taken (FAIL, SKIP): fix them, or the checks above,"
                + " before a full run."
            : "Every member given was taken; members skipped above are left out of the profile.");
    return failed ? 1 : 0;
  }

  /** Whether the profile gives the member (with no profile, the sandbox's gives them all). */
  static boolean given(Profile profile, String member) {
    if (profile == null) {
      return true;
    }
    String[] name = member.split(" ")[0].split("\\.", 2);
    String part = name.length > 1 ? name[1] : "";
    return switch (name[0]) {
      case "approvedCard" -> profile.approvedCard() != null;
      case "declines" -> !profile.declines().isEmpty();
      case "confirmations" ->
          part.equals("*.failingAnswer")
              ? profile.confirmations().values().stream().anyMatch(c -> c.failingAnswer() != null)
              : profile.confirmations().containsKey(part);
      case "payerSteps" -> profile.payerSteps().containsKey(part);
      case "tokenConfirmation" -> profile.tokenConfirmation() != null;
      case "blockedTokenCard" -> profile.blockedTokenCard() != null;
      case "refundsRejectedCard" -> profile.refundsRejectedCard() != null;
      case "clockControl" -> profile.clockControl() != null;
      case "callbackHost" -> profile.callbackHost() != null;
      case "paymentMethods" -> profile.paymentMethods().containsKey(part);
      case "v1" -> profile.v1() != null;
      default -> true;
    };
  }

  private static String indent(String text) {
    return text == null ? "" : Printable.text(text).replace("\n", "\n          ");
  }
}
