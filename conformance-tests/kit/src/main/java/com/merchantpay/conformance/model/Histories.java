package com.merchantpay.conformance.model;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Random histories of operations on a few payments: creations, captures, cancels and refunds
 * through v2 and v1, reads and lists between them, replays of a creation, another merchant's
 * attempts and two changes sent at once. The same seed gives the same history.
 */
public final class Histories {
  /** The amount a shrunk history's payments are made with. */
  public static final BigDecimal SIMPLEST_AMOUNT = new BigDecimal("10.00");

  private static final List<BigDecimal> AMOUNTS =
      List.of(
          SIMPLEST_AMOUNT,
          new BigDecimal("100.00"),
          new BigDecimal("25.50"),
          new BigDecimal("99.99"),
          new BigDecimal("3.35"),
          new BigDecimal("1250.00"));

  /** Payments one history makes at most. */
  static final int MOST_PAYMENTS = 3;

  /** Payment tokens one history makes at most. */
  static final int MOST_TOKENS = 2;

  private final boolean v1;
  private final boolean otherMerchant;
  private final boolean tokens;

  /**
   * @param v1 whether the target's v1 interface may be used
   * @param otherMerchant whether a second merchant is there to try what it must not reach
   */
  public Histories(boolean v1, boolean otherMerchant) {
    this(v1, otherMerchant, false);
  }

  /**
   * @param v1 whether the target's v1 interface may be used
   * @param otherMerchant whether a second merchant is there to try what it must not reach
   * @param tokens whether payment tokens can be made on the target with the profile
   */
  public Histories(boolean v1, boolean otherMerchant, boolean tokens) {
    this.v1 = v1;
    this.otherMerchant = otherMerchant;
    this.tokens = tokens;
  }

  /** A history of 2 to {@code mostSteps} steps, the first a creation. */
  public List<Step> generate(Random random, int mostSteps) {
    int length = 2 + random.nextInt(Math.max(1, mostSteps - 1));
    List<Step> steps = new ArrayList<>();
    int made = 0;
    int tokensMade = 0;
    while (steps.size() < length) {
      if (tokens && made > 0 && random.nextInt(10) == 0) {
        if (tokensMade < MOST_TOKENS && (tokensMade == 0 || random.nextBoolean())) {
          steps.add(new Step.CreateToken());
          tokensMade++;
        } else if (tokensMade > 0) {
          int token = random.nextInt(tokensMade);
          steps.add(random.nextBoolean() ? new Step.RevokeToken(token) : new Step.ReadToken(token));
        }
        continue;
      }
      if (made == 0 || made < MOST_PAYMENTS && random.nextInt(7) == 0) {
        boolean twoStage = random.nextInt(3) != 0;
        BigDecimal amount = AMOUNTS.get(random.nextInt(AMOUNTS.size()));
        int kind = random.nextInt(12);
        steps.add(
            kind == 0
                ? new Step.CreateTwiceAtOnce(twoStage, amount)
                : kind == 1
                    ? new Step.CreateInvoice(amount)
                    : kind == 2 && tokensMade > 0
                        ? new Step.PayWithToken(random.nextInt(tokensMade), amount)
                        : new Step.Create(twoStage, amount));
        made++;
        continue;
      }
      steps.add(onPayment(random, random.nextInt(made)));
    }
    return steps;
  }

  private Step onPayment(Random random, int payment) {
    int roll = random.nextInt(100);
    if (roll < 20) {
      return change(random, payment, 0);
    }
    if (roll < 45) {
      return change(random, payment, 2);
    }
    if (roll < 55) {
      return change(random, payment, 1);
    }
    if (roll < 65) {
      return new Step.Read(payment, api(random));
    }
    if (roll < 72) {
      return new Step.ListRefunds(payment);
    }
    if (roll < 75) {
      return new Step.ListPayments();
    }
    if (roll < 80) {
      return new Step.Replay(payment);
    }
    if (roll < 84) {
      return random.nextInt(3) == 0
          ? new Step.CreateReceipt(payment, part(random))
          : random.nextInt(2) == 0
              ? new Step.ReplayChanged(payment)
              : new Step.ListReceipts(payment);
    }
    if (roll < 92) {
      return new Step.AtOnce(
          change(random, payment, random.nextInt(3)), change(random, payment, random.nextInt(3)));
    }
    if (otherMerchant) {
      return roll < 96
          ? new Step.OtherMerchantReads(payment)
          : new Step.OtherMerchantRefunds(payment);
    }
    return new Step.Read(payment, api(random));
  }

  /** A capture (0), a cancel (1) or a refund (2) of the payment. */
  private Step change(Random random, int payment, int which) {
    return switch (which) {
      case 0 -> new Step.Capture(payment, part(random), api(random));
      case 1 -> new Step.Cancel(payment, api(random));
      default -> new Step.Refund(payment, part(random), api(random));
    };
  }

  private static Part part(Random random) {
    // What is left and just beyond it are where limits break; ask for them most.
    int roll = random.nextInt(10);
    return roll < 3
        ? Part.REST
        : roll < 5 ? Part.BEYOND : Part.values()[random.nextInt(Part.values().length)];
  }

  private Step.Api api(Random random) {
    return v1 && random.nextInt(10) < 3 ? Step.Api.V1 : Step.Api.V2;
  }
}
