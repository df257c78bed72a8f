package com.merchantpay.sandbox.internal.domain;

import com.merchantpay.sandbox.internal.config.Retention;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * A core on a fixed clock with a listener that records what it is told, for tests of the rules
 * without HTTP.
 */
final class Domain {
  static final Instant T0 = Instant.parse("2024-05-14T09:00:00Z");
  static final String MERCHANT = "m-1";
  static final String CALLBACK = "https://shop.example/callbacks";
  static final String PAYS = MagicCards.SUCCESS_PAN;
  static final String EXPIRY = "12/30";

  final SandboxClock clock = new SandboxClock(T0, Clock.systemUTC());
  final Recorder heard = new Recorder();
  final Core core =
      new Core(new IdSource(7L), clock, "http://127.0.0.1:1", Retention.DEFAULT, heard);

  /** Every notice delivered, as "payment 10000001 Settled" or "token tok_... Active". */
  static final class Recorder implements StatusListener {
    private record Told(String text) implements Notice {}

    final List<String> delivered = new ArrayList<>();

    @Override
    public Notice paymentChanged(Payment payment, String callbackUrl) {
      return new Told("payment " + payment.id() + " " + payment.status().wire());
    }

    @Override
    public Notice tokenChanged(PaymentToken token, String callbackUrl) {
      return new Told("token " + token.id() + " " + token.status().wire());
    }

    @Override
    public synchronized void deliver(List<Notice> notices) {
      notices.forEach(notice -> delivered.add(((Told) notice).text()));
    }
  }

  <T> T in(Function<Instant, T> change) {
    return core.transact(change);
  }

  void run(Consumer<Instant> change) {
    core.transact(
        now -> {
          change.accept(now);
          return null;
        });
  }

  /** Moves the clock and lets the core settle what fell due, as the server's ticker does. */
  void after(Duration duration) {
    clock.advance(duration);
    core.settleDue();
  }

  Payment pay(String amount, String pan, boolean dualMode) {
    return in(
        now -> core.pay(draft(amount, dualMode, null), new Instrument.Card(pan, EXPIRY), now));
  }

  static PaymentDraft draft(String amount, boolean dualMode, Instant invoiceExpires) {
    return new PaymentDraft(
        MERCHANT,
        new BigDecimal(amount),
        "RUB",
        dualMode,
        true,
        null,
        invoiceExpires,
        null,
        "+79001234567",
        CALLBACK,
        null,
        null,
        null,
        null,
        null);
  }

  static Refused refusal(Runnable call) {
    try {
      call.run();
    } catch (Refused refused) {
      return refused;
    }
    throw new AssertionError("the call was not refused");
  }
}
