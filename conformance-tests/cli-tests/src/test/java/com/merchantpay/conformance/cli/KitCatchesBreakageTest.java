package com.merchantpay.conformance.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.merchantpay.conformance.ConformanceKit;
import com.merchantpay.conformance.judge.SpecModel;
import com.merchantpay.conformance.report.CheckResult;
import com.merchantpay.conformance.report.Report;
import com.merchantpay.spec.ApiSpec;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The kit is judged by what it catches: deliberately broken implementations (the sandbox behind a
 * proxy that breaks one rule of the documents each) must fail the check meant for that rule, with a
 * readable account of it, while harmless differences (unknown members, other member order, other
 * spacing) must not fail anything, not even in a strict run. Other readings of open points are
 * {@link KitPassesLegitimateReadingsTest}'s.
 */
class KitCatchesBreakageTest {
  @RegisterExtension static final SandboxForTheKit sandbox = new SandboxForTheKit();

  static Stream<Arguments> breakages() {
    return Stream.of(
        breakage(
            "a Payment without its amount",
            Faults.droppedAmount(),
            "operations.createPayment",
            "operations.createPayment"),
        breakage(
            "a status outside the dictionary",
            Faults.statusOutsideTheDictionary(),
            "operations.createPayment",
            "wire.createPayment"),
        breakage(
            "an amount written as a string",
            Faults.amountAsString(),
            "operations.getPayment",
            "wire.getPayment"),
        breakage(
            "an unknown payment answered with an HTML page",
            Breakages.notFoundAsHtml(),
            "lifecycle.unknown-payment-is-not-found",
            "lifecycle.unknown-payment-is-not-found"),
        breakage(
            "timestamps with an offset",
            Faults.timestampsWithAnOffset(),
            "lifecycle.timestamps-are-utc",
            "lifecycle.timestamps-are-utc"),
        breakage(
            "refunds beyond the money taken accepted",
            Breakages.refundsBeyondTheMoneyAccepted(),
            "lifecycle.refunds-never-exceed-the-money-taken",
            "lifecycle.refunds-never-exceed-the-money-taken"),
        breakage(
            "the Idempotency-Key ignored",
            Faults.idempotencyKeyIgnored(),
            "idempotency.replayed-payment-is-made-once",
            "idempotency.replayed-payment-is-made-once"),
        breakage(
            "calls without a token accepted",
            Faults.missingTokenAccepted(),
            "auth.no-token-is-refused.getPayment",
            "auth.no-token-is-refused.getPayment"),
        breakage(
            "pages that drop an item",
            Faults.pagesDropTheirLastItem(),
            "pagination.every-item-once-across-pages",
            "pagination.every-item-once-across-pages"),
        breakage(
            "validation errors that do not report a missing merchantId",
            Faults.validationErrorsNameNothing(),
            "negative.createPayment",
            "negative.createPayment"),
        breakage(
            "a server error for malformed JSON",
            Faults.malformedJsonFailsTheServer(),
            "negative.createPayment",
            "negative.createPayment"),
        breakage(
            "JSON answered as text/plain",
            Faults.jsonAnsweredAsText(),
            "operations.getPayment",
            "wire.getPayment"),
        breakage(
            "the v1 hash not checked",
            Faults.v1HashUnchecked(),
            "v1.a-wrong-hash-is-minus-7",
            "v1.a-wrong-hash-is-minus-7"),
        breakage(
            "a replayed v1 nonce accepted",
            Faults.v1NonceReplayAccepted(),
            "v1.a-replayed-nonce-is-minus-14",
            "v1.a-replayed-nonce-is-minus-14"),
        breakage(
            "v1 failures as HTTP 400",
            Faults.v1FailuresAsHttp400(),
            "v1.a-wrong-hash-is-minus-7",
            "v1.a-wrong-hash-is-minus-7"),
        breakage(
            "a v1 XML root renamed",
            Faults.v1XmlRootRenamed(),
            "v1.xml-answer.listTransfers",
            "v1.xml-answer.listTransfers"),
        breakage(
            "v1 Overflow never set",
            Faults.v1OverflowLeftOut(),
            "v1.overflow-marks-a-truncated-list",
            "v1.overflow-marks-a-truncated-list"),
        breakage(
            "notifications without a status",
            Faults.notificationsWithoutStatus(),
            "callbacks.payment-notification-arrives-as-documented",
            "callbacks.payment-notification-arrives-as-documented"),
        breakage(
            "notifications never sent",
            Breakages.notificationsNeverSent(),
            "callbacks.payment-notification-arrives-as-documented",
            "callbacks.payment-notification-arrives-as-documented"),
        breakage(
            "invoice details dropped from the payment",
            Breakages.invoiceDescriptionDropped(),
            "requests.invoice-with-every-documented-member",
            "requests.invoice-with-every-documented-member"),
        breakage(
            "a receipt in a payment refused",
            Breakages.paymentReceiptRefused(),
            "requests.payment-with-every-documented-member",
            "requests.payment-with-every-documented-member"),
        breakage(
            "a receipt in a capture refused",
            Breakages.captureReceiptRefused(),
            "requests.capture-with-a-receipt",
            "requests.capture-with-a-receipt"),
        breakage(
            "a receipt in a refund refused",
            Breakages.refundReceiptRefused(),
            "requests.refund-with-a-receipt",
            "requests.refund-with-a-receipt"),
        breakage(
            "a receipt item's supplier refused",
            Breakages.receiptSupplierRefused(),
            "requests.receipt-with-every-documented-member",
            "requests.receipt-with-every-documented-member"),
        breakage(
            "device refused in token creation",
            Breakages.tokenDeviceRefused(),
            "requests.payment-token-with-every-documented-member",
            "requests.payment-token-with-every-documented-member"),
        breakage(
            "customer refused in tokenization",
            Breakages.tokenizationCustomerRefused(),
            "requests.tokenization-with-every-documented-member",
            "requests.tokenization-with-every-documented-member"),
        breakage(
            "a sticker's description not kept",
            Breakages.stickerDescriptionChanged(),
            "requests.sticker-with-every-documented-member",
            "requests.sticker-with-every-documented-member"),
        breakage(
            "wallet payments refused",
            Breakages.paymentMethodRefused("dsrp"),
            "requests.payment-method.dsrp",
            "requests.payment-method.dsrp"),
        breakage(
            "authorization codes refused",
            Breakages.paymentMethodRefused("authorizationCode"),
            "requests.payment-method.authorizationCode",
            "requests.payment-method.authorizationCode"),
        breakage(
            "payer accounts refused",
            Breakages.paymentMethodRefused("account"),
            "requests.payment-method.account",
            "requests.payment-method.account"),
        breakage(
            "payer phones refused",
            Breakages.paymentMethodRefused("phone"),
            "requests.payment-method.phone",
            "requests.payment-method.phone"),
        strictBreakage(
            "large amounts refused (strict)",
            Breakages.fifteenIntegerDigitsRefused(),
            "requests.values-at-the-edges-are-accepted"),
        breakage(
            "a payment without dualMode held",
            Breakages.dualModeDefaultsToHeld(),
            "lifecycle.dual-mode-defaults-to-one-stage",
            "lifecycle.dual-mode-defaults-to-one-stage"),
        breakage(
            "a payment without testMode a test payment",
            Breakages.testModeDefaultsToTrue(),
            "lifecycle.test-mode-defaults-to-false",
            "lifecycle.test-mode-defaults-to-false"),
        breakage(
            "testMode not kept",
            Breakages.testModeAlwaysFalse(),
            "lifecycle.test-mode-defaults-to-false",
            "lifecycle.test-mode-defaults-to-false"),
        breakage(
            "a capture acknowledged but not done",
            Breakages.captureAcknowledgedButNotDone(),
            "lifecycle.partial-capture-takes-less-than-held",
            "lifecycle.partial-capture-takes-less-than-held"),
        breakage(
            "tokenization options forgotten",
            Breakages.tokenizationForgotten(),
            "lifecycle.a-payment-with-tokenization-carries-its-token",
            "lifecycle.a-payment-with-tokenization-carries-its-token"),
        breakage(
            "a full card number as the instrument title",
            Breakages.fullCardNumberInTitle(),
            "lifecycle.the-card-number-comes-back-masked",
            "lifecycle.the-card-number-comes-back-masked"),
        breakage(
            "a full card number in an answer",
            Breakages.fullCardNumberInTitle(),
            "lifecycle.the-card-number-comes-back-masked,secrets",
            "secrets.no-card-data-in-answers"),
        breakage(
            "a full card number in a notification",
            Breakages.cardNumberInNotifications(),
            "callbacks.payment-notification-arrives-as-documented,secrets",
            "secrets.no-card-data-in-notifications"),
        breakage(
            "zero amounts taken",
            Breakages.zeroAmountsTaken(),
            "lifecycle.zero-and-negative-amounts-are-refused",
            "lifecycle.zero-and-negative-amounts-are-refused"),
        breakage(
            "another currency taken",
            Breakages.currencyIgnored(),
            "lifecycle.money-moves-only-in-the-payments-currency",
            "lifecycle.money-moves-only-in-the-payments-currency"),
        strictBreakage(
            "expired invoices shown Cancelled (strict)",
            Breakages.expiredInvoicesCancelled(),
            "lifecycle.an-expired-invoice-is-not-paid"),
        breakage(
            "another merchant's requests served",
            Breakages.foreignMerchantServed(),
            "auth.a-request-for-another-merchant-is-refused",
            "auth.a-request-for-another-merchant-is-refused"),
        breakage(
            "an invoice key reused with another invoice",
            Breakages.invoiceKeysNotKept(),
            "idempotency.conflicting-reuse-on-invoices",
            "idempotency.conflicting-reuse-on-invoices"),
        breakage(
            "the listing period ignored",
            Breakages.periodIgnored(),
            "pagination.start-and-end-restrict-the-list",
            "pagination.start-and-end-restrict-the-list"),
        breakage(
            "the listing period ignored, within a period",
            Breakages.periodIgnored(),
            "pagination.the-period-bounds-hold",
            "pagination.the-period-bounds-hold"),
        breakage(
            "a payment's new token never notified",
            Breakages.tokenizationNotificationsLost(),
            "callbacks.tokenization-in-a-payment-is-notified",
            "callbacks.tokenization-in-a-payment-is-notified"),
        breakage(
            "unknown identifiers served",
            Breakages.unknownIdentifiersServed(),
            "negative.unknown-identifiers",
            "negative.unknown-identifiers"),
        breakage(
            "v1 periods hashed in the other order",
            Breakages.v1PeriodsHashedSwapped(),
            "v1.every-value-is-signed-in-the-listed-order.listPaymentsFilter",
            "v1.every-value-is-signed-in-the-listed-order.listPaymentsFilter"),
        breakage(
            "v1 values not hashed as UTF-8",
            Breakages.v1NotHashedAsUtf8(),
            "v1.values-outside-ascii-are-signed-as-utf-8",
            "v1.values-outside-ascii-are-signed-as-utf-8"),
        breakage(
            "a v1 hash read without URL-decoding",
            Breakages.v1HashNotDecoded(),
            "v1.a-hash-with-plus-and-slash-is-read-url-decoded",
            "v1.a-hash-with-plus-and-slash-is-read-url-decoded"),
        breakage(
            "a v1 call without login accepted",
            Breakages.v1LoginOptional(),
            "v1.a-call-without-login-nonce-or-hash-is-refused",
            "v1.a-call-without-login-nonce-or-hash-is-refused"),
        breakage(
            "a v1 call without nonce accepted",
            Breakages.v1NonceOptional(),
            "v1.a-call-without-login-nonce-or-hash-is-refused",
            "v1.a-call-without-login-nonce-or-hash-is-refused"),
        breakage(
            "v1 nonces over 64 characters refused",
            Breakages.v1LongNoncesRefused(),
            "v1.a-nonce-of-255-characters-is-accepted",
            "v1.a-nonce-of-255-characters-is-accepted"),
        breakage(
            "a Cashier refused a payment by invoice number",
            Breakages.v1CashierCannotRead(),
            "v1.a-cashier-reads-payments-and-lists",
            "v1.a-cashier-reads-payments-and-lists"),
        breakage(
            "a Cashier allowed the Accountant's operations",
            Breakages.v1CashierActsAsAccountant(),
            "v1.a-cashier-is-refused-every-accountant-operation",
            "v1.a-cashier-is-refused-every-accountant-operation"),
        breakage(
            "v1 timestamps with a zone",
            Breakages.v1TimestampsInUtcWithZ(),
            "v1.timestamps-carry-no-zone",
            "v1.timestamps-carry-no-zone"),
        breakage(
            "v1 Overflow set on a complete list",
            Breakages.v1OverflowAlwaysSet(),
            "v1.overflow-is-false-on-a-complete-list",
            "v1.overflow-is-false-on-a-complete-list"),
        breakage(
            "the v1 externalID filter ignored",
            Breakages.v1RefundFiltersIgnored(),
            "v1.refunds-are-filtered-by-external-id",
            "v1.refunds-are-filtered-by-external-id"),
        breakage(
            "v1 periods ignored",
            Breakages.v1PeriodsIgnored(),
            "v1.period-filters-restrict-the-lists",
            "v1.period-filters-restrict-the-lists"),
        breakage(
            "a v1 cancel with a reason code refused",
            Breakages.v1CancelReasonRefused(),
            "v1.cancelling-with-a-reason-code",
            "v1.cancelling-with-a-reason-code"),
        breakage(
            "v1 PaymentAmount the invoice amount",
            Breakages.v1PaidAmountIsTheInvoiceAmount(),
            "v1.confirming-less-than-held-takes-that-much",
            "v1.confirming-less-than-held-takes-that-much"),
        breakage(
            "an unknown v1 invoice number answered -1",
            Breakages.v1UnknownInvoiceIsMinus1(),
            "v1.an-unknown-invoice-number-is-minus-13",
            "v1.an-unknown-invoice-number-is-minus-13"),
        breakage(
            "v1 refunds of nothing taken",
            Breakages.v1RefundsOfNothingTaken(),
            "v1.a-refund-of-nothing-is-minus-18",
            "v1.a-refund-of-nothing-is-minus-18"),
        breakage(
            "v1 shopping cart lines refused",
            Breakages.v1ShoppingCartRefused(),
            "v1.a-refund-takes-shopping-cart-lines",
            "v1.a-refund-takes-shopping-cart-lines"),
        breakage(
            "v1 declines without a reason code",
            Breakages.v1DeclinesWithoutReason(),
            "v1.a-declined-payment-shows-its-failure-code",
            "v1.a-declined-payment-shows-its-failure-code"),
        breakage(
            "a refund's creation answer without resultCode",
            Breakages.refundCreationWithoutResultCode(),
            "operations.createRefund",
            "operations.createRefund"),
        breakage(
            "refund list items without paymentId",
            Breakages.refundListItemsWithoutPaymentId(),
            "operations.listRefunds",
            "wire.listRefunds"),
        breakage(
            "finished payments without completed",
            Breakages.finishedPaymentsWithoutCompleted(),
            "lifecycle.single-stage-payment-settles",
            "lifecycle.single-stage-payment-settles"),
        breakage(
            "a capture after a cancel acknowledged",
            Breakages.captureAfterCancelAcknowledged(),
            "lifecycle.capture-of-a-cancelled-payment-is-refused",
            "lifecycle.capture-of-a-cancelled-payment-is-refused"),
        breakage(
            "a request the state does not allow refused as not_authorized",
            Breakages.wrongStateAsNotAuthorized(),
            "lifecycle.capture-of-a-settled-payment-is-refused",
            "lifecycle.capture-of-a-settled-payment-is-refused"),
        breakage(
            "v1 siteAlias ignored by listPaymentsFilter",
            Breakages.v1SiteAliasIgnored(),
            "v1.filters-restrict-the-list",
            "v1.filters-restrict-the-list"),
        breakage(
            "a v1 CurrencyCode that is no ISO 4217 code",
            Breakages.v1CurrencyNotIso(),
            "operations.v1-getPayment",
            "operations.v1-getPayment"),
        breakage(
            "the refund list's period ignored",
            Breakages.refundPeriodIgnored(),
            "pagination.start-and-end-restrict-the-refund-list",
            "pagination.start-and-end-restrict-the-refund-list"),
        breakage(
            "notifications naming another merchant",
            Breakages.notificationsOfAnotherMerchant(),
            "callbacks.payment-notification-arrives-as-documented",
            "callbacks.payment-notification-arrives-as-documented"),
        breakage(
            "a registered receipt with empty fiscal data",
            Breakages.emptyFiscalData(),
            "lifecycle.receipt-is-registered-with-fiscal-data",
            "lifecycle.receipt-is-registered-with-fiscal-data"),
        breakage(
            "an invoice phone of letters accepted",
            Breakages.invoicePhoneOfLettersAccepted(),
            "negative.createInvoice",
            "negative.createInvoice"),
        // What no check's own answers show, caught over the whole run.
        breakage(
            "one Idempotency-Key for every merchant",
            InvariantBreakages.keysSharedAcrossMerchants(),
            "auth,invariants",
            "invariants.each-merchant-is-shown-only-its-own"),
        breakage(
            "a merchant's lists showing another merchant's resources",
            InvariantBreakages.listsShowAnotherMerchantsResources(),
            "auth,invariants",
            "invariants.each-merchant-is-shown-only-its-own"),
        breakage(
            "v1 showing every payment as live",
            InvariantBreakages.v1TestFlagOff(),
            "v1,invariants",
            "invariants.every-view-of-a-resource-agrees"),
        breakage(
            "v1's LastUpdateTime of a completed payment before its completion",
            InvariantBreakages.v1LastUpdateBeforeCompletion(),
            "v1,invariants",
            "invariants.every-view-of-a-resource-agrees"),
        breakage(
            "v1 showing an unsuccessful payment COMPLETE",
            InvariantBreakages.v1UnsuccessfulShownComplete(),
            "v1,invariants",
            "invariants.every-view-of-a-resource-agrees"),
        breakage(
            "list items made later than their payments",
            InvariantBreakages.listItemsMadeLater(),
            "pagination,invariants",
            "invariants.every-view-of-a-resource-agrees"),
        breakage(
            "notifications made later than their payments",
            InvariantBreakages.notificationsMadeLater(),
            "callbacks,invariants",
            "invariants.every-view-of-a-resource-agrees"),
        breakage(
            "a sticker's callbackUrl echoed",
            InvariantBreakages.stickersEchoTheirCallbackUrl(),
            "operations,invariants",
            "invariants.members-stand-where-the-documents-place-them"),
        breakage(
            "refund list items with resultCode",
            InvariantBreakages.refundListItemsWithResultCode(),
            "operations,invariants",
            "invariants.members-stand-where-the-documents-place-them"),
        breakage(
            "a settled payment keeping its confirmation",
            InvariantBreakages.settledPaymentsKeepAConfirmation(),
            "operations,invariants",
            "invariants.members-stand-where-the-documents-place-them"),
        breakage(
            "a payment's paymentToken without its title",
            InvariantBreakages.paymentTokensWithoutTitle(),
            "lifecycle,callbacks,invariants",
            "invariants.members-stand-where-the-documents-place-them"),
        breakage(
            "an invoice refused as a key violation and made all the same",
            InvariantBreakages.refusedInvoicesMadeAnyway(),
            "idempotency,invariants",
            "invariants.a-refused-creation-leaves-nothing-behind"),
        breakage(
            "amounts written with six fraction digits",
            InvariantBreakages.amountsWithSixFractionDigits(),
            "operations,invariants",
            "invariants.numbers-have-at-most-four-fraction-digits"),
        breakage(
            "a payment's paymentToken expiring otherwise than its token",
            InvariantBreakages.paymentTokensExpireOtherwise(),
            "callbacks,invariants",
            "invariants.every-view-of-a-resource-agrees"),
        breakage(
            "token notifications titled otherwise than the token",
            InvariantBreakages.tokenNotificationsTitledOtherwise(),
            "callbacks,invariants",
            "invariants.every-view-of-a-resource-agrees"),
        breakage(
            "sticker list items with their payment link cut",
            InvariantBreakages.stickerListItemsCutTheirPayload(),
            "operations,invariants",
            "invariants.every-view-of-a-resource-agrees"),
        breakage(
            "v1 refund lists negating amounts",
            InvariantBreakages.v1RefundListsNegateAmounts(),
            "v1,invariants",
            "invariants.every-view-of-a-resource-agrees"),
        breakage(
            "a v1 refund refused with -18 and made all the same",
            InvariantBreakages.v1RefusedRefundsMadeAnyway(),
            "v1.a-refund-beyond-the-payment-is-minus-18",
            "v1.a-refund-beyond-the-payment-is-minus-18"),
        breakage(
            "a merchant paying through another merchant's sticker",
            InvariantBreakages.stickersPaidByAnyMerchant(),
            "auth.another-merchants-resources-stay-out-of-reach",
            "auth.another-merchants-resources-stay-out-of-reach"),
        breakage(
            "v1 lists showing another merchant's payments",
            InvariantBreakages.v1ListsShowEveryMerchantsPayments(),
            "auth.one-merchants-key-never-answers-with-anothers-payment",
            "auth.one-merchants-key-never-answers-with-anothers-payment"),
        breakage(
            "notifications without the invoice's params",
            InvariantBreakages.notificationsWithoutInvoiceParams(),
            "callbacks.payment-notification-arrives-as-documented",
            "callbacks.payment-notification-arrives-as-documented"),
        breakage(
            "v1 refund periods ending the day before periodTo",
            InvariantBreakages.v1RefundPeriodsEndExclusive(),
            "v1.period-filters-restrict-the-lists",
            "v1.period-filters-restrict-the-lists"));
  }

  /**
   * A breakage, the checks run on it (suites or check ids, comma-separated; a check alone where
   * others would only slow the test) and the check meant for it.
   */
  private static Arguments breakage(
      String name, MutatingProxy.Fault fault, String selection, String check) {
    return Arguments.of(name, fault, selection, check, false);
  }

  /**
   * A different reading of an open point, which fails the check meant for it only in a strict run.
   */
  private static Arguments strictBreakage(String name, MutatingProxy.Fault fault, String check) {
    return Arguments.of(name, fault, check, check, true);
  }

  @ParameterizedTest(name = "{0} fails {3}")
  @MethodSource("breakages")
  void eachBreakageIsCaughtByTheCheckMeantForIt(
      String name, MutatingProxy.Fault fault, String selection, String check, boolean strict) {
    try (MutatingProxy proxy = new MutatingProxy(sandbox.target().baseUrl(), fault)) {
      List<String> include = new ArrayList<>(List.of(selection.split(",")));
      include.add("wire");
      Report report = kit(proxy, include).strict(strict).build().run();

      CheckResult result =
          report.results().stream().filter(r -> r.id().equals(check)).findFirst().orElseThrow();
      assertThat(result.outcome())
          .as("%s: %s", check, result)
          .isEqualTo(CheckResult.Outcome.FAILED);
      assertThat(result.rule()).isNotBlank();
      assertThat(result.expected()).isNotBlank();
      assertThat(result.actual()).isNotBlank();
      assertThat(report.exitCode()).isEqualTo(1);
      assertThat(result.toString())
          .doesNotContain("sandbox-password", "sandbox-token", "4111111111111111");
    }
  }

  @Test
  void harmlessDifferencesFailNothing() {
    try (MutatingProxy proxy =
        new MutatingProxy(sandbox.target().baseUrl(), Faults.harmlessVariations())) {
      Report report = kit(proxy, List.of()).strict(true).build().run();

      assertThat(report.results())
          .filteredOn(
              r -> r.outcome() != CheckResult.Outcome.PASSED && !PlainHttp.httpsOnlySkipped(r))
          .as("harmless differences must not be reported")
          .isEmpty();
    }
  }

  @Test
  void anImplementationBelowAPathIsJudgedAsFullyAsOneAtTheRoot() {
    MutatingProxy.Fault belowPay =
        new MutatingProxy.Fault() {
          @Override
          public void request(MutatingProxy.Call call) {
            if (call.pathAndQuery.startsWith("/pay/")) {
              call.pathAndQuery = call.pathAndQuery.substring("/pay".length());
            }
          }
        };
    try (MutatingProxy proxy = new MutatingProxy(sandbox.target().baseUrl(), belowPay)) {
      Report report =
          sandbox
              .kit(URI.create(proxy.baseUrl() + "/pay/"), List.of("operations", "wire"))
              .build()
              .run();

      assertThat(report.results())
          .filteredOn(r -> r.id().equals("wire.getPayment"))
          .singleElement()
          .satisfies(r -> assertThat(r.outcome()).isEqualTo(CheckResult.Outcome.PASSED));
      assertThat(report.coverage().exercised())
          .containsEntry("v2", SpecModel.of(ApiSpec.V2).operations().size())
          .containsEntry("v1", SpecModel.of(ApiSpec.V1).operations().size());
      assertThat(report.exitCode()).isZero();
    }
  }

  private static ConformanceKit.Builder kit(MutatingProxy proxy, List<String> include) {
    return sandbox.kit(proxy, include);
  }
}
