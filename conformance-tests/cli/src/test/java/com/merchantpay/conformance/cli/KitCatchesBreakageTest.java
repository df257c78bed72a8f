package com.merchantpay.conformance.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.merchantpay.conformance.ConformanceKit;
import com.merchantpay.conformance.report.CheckResult;
import com.merchantpay.conformance.report.Report;
import com.merchantpay.conformance.target.Target;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The kit is judged by what it catches: deliberately broken implementations (the sandbox behind a proxy
 * that breaks one rule each) must fail the check meant for that rule, with a readable account of it, while
 * harmless differences (unknown members, other member order, other spacing) must not fail anything.
 */
class KitCatchesBreakageTest extends SandboxForTheKit {
  static Stream<Arguments> breakages() {
    return Stream.of(
        breakage("a Payment without its amount", Faults.droppedAmount(), "operations", "operations.createPayment"),
        breakage("a status outside the dictionary", Faults.statusOutsideTheDictionary(), "operations",
            "wire.createPayment"),
        breakage("an amount written as a string", Faults.amountAsString(), "operations", "wire.getPayment"),
        breakage("404 answered as 400", Faults.notFoundAsBadRequest(), "lifecycle",
            "lifecycle.unknown-payment-is-not-found"),
        breakage("timestamps with an offset", Faults.timestampsWithAnOffset(), "lifecycle",
            "lifecycle.timestamps-are-utc"),
        breakage("a pending refund claiming Success", Faults.pendingRefundsSayTheyWorked(), "lifecycle",
            "lifecycle.pending-refund-carries-no-result-code"),
        breakage("the Idempotency-Key ignored", Faults.idempotencyKeyIgnored(), "idempotency",
            "idempotency.replayed-payment-is-made-once"),
        breakage("calls without a token accepted", Faults.missingTokenAccepted(), "auth",
            "auth.no-token-is-refused.getPayment"),
        breakage("pages that drop an item", Faults.pagesDropTheirLastItem(), "pagination",
            "pagination.every-item-once-across-pages"),
        breakage("validation errors that name nothing", Faults.validationErrorsNameNothing(), "negative",
            "negative.createPayment"),
        breakage("a server error for malformed JSON", Faults.malformedJsonFailsTheServer(), "negative",
            "negative.createPayment"),
        breakage("JSON answered as text/plain", Faults.jsonAnsweredAsText(), "operations", "wire.getPayment"),
        breakage("the v1 hash not checked", Faults.v1HashUnchecked(), "v1", "v1.a-wrong-hash-is-minus-7"),
        breakage("a replayed v1 nonce accepted", Faults.v1NonceReplayAccepted(), "v1", "v1.a-replayed-nonce-is-minus-14"),
        breakage("v1 failures as HTTP 400", Faults.v1FailuresAsHttp400(), "v1", "v1.a-wrong-hash-is-minus-7"),
        breakage("a v1 XML root renamed", Faults.v1XmlRootRenamed(), "v1", "v1.xml-answer.listTransfers"),
        breakage("v1 Overflow never set", Faults.v1OverflowLeftOut(), "v1", "v1.overflow-marks-a-truncated-list"),
        breakage("notifications without a status", Faults.notificationsWithoutStatus(),
            "callbacks.payment-notification-arrives-as-documented",
            "callbacks.payment-notification-arrives-as-documented"),
        breakage("refused notifications never sent again", Faults.refusedNotificationsNeverRetried(),
            "callbacks.a-refused-notification-is-sent-again", "callbacks.a-refused-notification-is-sent-again"));
  }

  /** A breakage, the checks run on it (a suite, or one check where waiting is slow) and the check meant for it. */
  private static Arguments breakage(String name, MutatingProxy.Fault fault, String selection, String check) {
    return Arguments.of(name, fault, selection, check);
  }

  @ParameterizedTest(name = "{0} fails {3}")
  @MethodSource("breakages")
  void eachBreakageIsCaughtByTheCheckMeantForIt(String name, MutatingProxy.Fault fault, String selection,
      String check) {
    try (MutatingProxy proxy = new MutatingProxy(sandbox.target().baseUrl(), fault)) {
      Report report = kit(proxy, List.of(selection, "wire")).run();

      CheckResult result = report.results().stream().filter(r -> r.id().equals(check)).findFirst().orElseThrow();
      assertThat(result.outcome()).as("%s: %s", check, result).isEqualTo(CheckResult.Outcome.FAILED);
      assertThat(result.rule()).isNotBlank();
      assertThat(result.expected()).isNotBlank();
      assertThat(result.actual()).isNotBlank();
      assertThat(report.exitCode()).isEqualTo(1);
      assertThat(result.toString()).doesNotContain("sandbox-password", "sandbox-token", "4111111111111111");
    }
  }

  @Test
  void harmlessDifferencesFailNothing() {
    try (MutatingProxy proxy = new MutatingProxy(sandbox.target().baseUrl(), Faults.harmlessVariations())) {
      Report report = kit(proxy, List.of()).run();

      assertThat(report.results()).filteredOn(r -> r.outcome() != CheckResult.Outcome.PASSED)
          .as("harmless differences must not be reported").isEmpty();
    }
  }

  @Test
  void anImplementationBelowAPathIsJudgedAsFullyAsOneAtTheRoot() {
    MutatingProxy.Fault belowPay = new MutatingProxy.Fault() {
      @Override
      public void request(MutatingProxy.Call call) {
        if (call.pathAndQuery.startsWith("/pay/")) {
          call.pathAndQuery = call.pathAndQuery.substring("/pay".length());
        }
      }
    };
    try (MutatingProxy proxy = new MutatingProxy(sandbox.target().baseUrl(), belowPay)) {
      Report report = kit(proxy, java.net.URI.create(proxy.baseUrl() + "/pay/"), List.of("operations", "wire")).run();

      assertThat(report.results()).filteredOn(r -> r.id().equals("wire.getPayment")).singleElement()
          .satisfies(r -> assertThat(r.outcome()).isEqualTo(CheckResult.Outcome.PASSED));
      assertThat(report.coverage().exercised()).containsEntry("v2", 22).containsEntry("v1", 11);
      assertThat(report.exitCode()).isZero();
    }
  }

  private static ConformanceKit kit(MutatingProxy proxy, List<String> include) {
    return kit(proxy, proxy.baseUrl(), include);
  }

  private static ConformanceKit kit(MutatingProxy proxy, java.net.URI baseUrl, List<String> include) {
    Target target = sandbox.target();
    return ConformanceKit.builder()
        .target(Target.builder(baseUrl)
            .bearerToken(target.bearerToken(), target.merchantId())
            .otherMerchant(target.otherBearerToken(), target.otherMerchantId())
            .v1Accountant(target.v1Login(), target.v1Password())
            .v1Cashier(target.v1CashierLogin(), target.v1CashierPassword())
            .build())
        .profile(sandbox.profile())
        .includeTags(include)
        .build();
  }
}
