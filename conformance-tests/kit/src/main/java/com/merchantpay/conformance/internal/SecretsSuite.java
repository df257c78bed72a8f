package com.merchantpay.conformance.internal;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Card data never comes back: no answer of the whole run, and no notification the receiver took,
 * carries a full card number or a security code. These checks read what the run collected, so they
 * run last.
 */
final class SecretsSuite {
  private static final String SUITE = "secrets";

  private SecretsSuite() {}

  static List<Check> checks() {
    return List.of(
        Check.of(
                SUITE,
                "no-card-data-in-answers",
                "No answer of the run carries a full card number or a security " + "code",
                "v2.payment.masked-instrument",
                List.of(Tag.SECRETS),
                SecretsSuite::noCardDataInAnswers)
            .last(),
        Check.of(
                SUITE,
                "no-card-data-in-notifications",
                "No notification of the run carries a full card number or " + "a security code",
                "v2.payment.masked-instrument",
                List.of(Tag.SECRETS, Tag.CALLBACKS),
                SecretsSuite::noCardDataInNotifications)
            .last());
  }

  /** Runs {@code secrets.no-card-data-in-answers}. */
  private static void noCardDataInAnswers(CheckContext c) throws Exception {
    WireLedger ledger = c.run().ledger();
    c.require(ledger.answersScanned() > 0, "no answer of either interface came in this run");
    List<WireLedger.Departure> leaks = ledger.cardData();
    if (!leaks.isEmpty()) {
      WireLedger.Departure first = leaks.get(0);
      c.fail(
          "card numbers masked and no security code in any of "
              + ledger.answersScanned()
              + " answers",
          leaks.size()
              + " answer(s) carried card data; the first: "
              + String.join("; ", first.problems())
              + " in "
              + first.exchange().method()
              + " "
              + first.exchange().uri().getRawPath(),
          first.exchange());
    }
  }

  /** Runs {@code secrets.no-card-data-in-notifications}. */
  private static void noCardDataInNotifications(CheckContext c) throws Exception {
    List<CallbackReceiver.Arrival> arrivals =
        c.run().hasReceiver() ? c.run().receiver().allArrivals() : List.of();
    c.require(!arrivals.isEmpty(), "no notification arrived in this run");
    List<String> leaks = new ArrayList<>();
    for (CallbackReceiver.Arrival arrival : arrivals) {
      leaks.addAll(
          WireLedger.cardData(
              new String(arrival.body(), StandardCharsets.UTF_8), c.profile().cardNumbers()));
    }
    c.expect(
        leaks.isEmpty(),
        "card numbers masked and no security code in any of " + arrivals.size() + " notifications",
        () -> leaks.size() + " finding(s): " + leaks,
        null);
  }
}
