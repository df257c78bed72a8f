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

  /** Stickers one history registers at most. */
  static final int MOST_STICKERS = 2;

  /** Payment tokens one history makes at most. */
  static final int MOST_TOKENS = 2;

  private final boolean v1;
  private final boolean otherMerchant;
  private final boolean tokens;
  private final boolean stickers;
  private final List<String> confirmations;

  /**
   * @param v1 whether the target's v1 interface may be used
   * @param otherMerchant whether a second merchant is there to try what it must not reach
   */
  public Histories(boolean v1, boolean otherMerchant) {
    this(v1, otherMerchant, false, false);
  }

  /**
   * @param v1 whether the target's v1 interface may be used
   * @param otherMerchant whether a second merchant is there to try what it must not reach
   * @param tokens whether payment tokens can be made on the target with the profile
   * @param stickers whether stickers can be registered on the target with the profile
   */
  public Histories(boolean v1, boolean otherMerchant, boolean tokens, boolean stickers) {
    this(v1, otherMerchant, tokens, stickers, List.of());
  }

  /**
   * @param v1 whether the target's v1 interface may be used
   * @param otherMerchant whether a second merchant is there to try what it must not reach
   * @param tokens whether payment tokens can be made on the target with the profile
   * @param stickers whether stickers can be registered on the target with the profile
   * @param confirmations the confirmation steps a payment can ask for and the profile can pass
   */
  public Histories(
      boolean v1,
      boolean otherMerchant,
      boolean tokens,
      boolean stickers,
      List<String> confirmations) {
    this.v1 = v1;
    this.otherMerchant = otherMerchant;
    this.tokens = tokens;
    this.stickers = stickers;
    this.confirmations = List.copyOf(confirmations);
  }

  /** A history of 2 to {@code mostSteps} steps, the first a creation. */
  public synchronized List<Step> generate(Random random, int mostSteps) {
    lastPart =
        null; // the one thing a history keeps while it is drawn; histories are drawn one at a time
    // Half at full length: what breaks after several steps needs them; shrinking cuts the rest.
    int length = random.nextBoolean() ? mostSteps : 2 + random.nextInt(Math.max(1, mostSteps - 1));
    List<Kind> kinds = swarm(random);
    List<Step> steps = new ArrayList<>();
    int made = 0;
    int tokensMade = 0;
    int stickersMade = 0;
    List<Integer> confirmable = new ArrayList<>();
    // Half the histories ask for one kind of confirmation step only, and go deeper into it.
    List<String> askedFor =
        confirmations.isEmpty() || random.nextBoolean()
            ? confirmations
            : List.of(confirmations.get(random.nextInt(confirmations.size())));
    // A quarter of those make only payments that ask for a step: their sequences go deep.
    boolean onlyAsking = !askedFor.isEmpty() && random.nextInt(4) == 0;
    while (steps.size() < length) {
      if (made == 0 || made < MOST_PAYMENTS && random.nextInt(7) == 0) {
        boolean twoStage = random.nextInt(3) != 0;
        BigDecimal amount = AMOUNTS.get(random.nextInt(AMOUNTS.size()));
        int kind = random.nextInt(12);
        if ((kind >= 9 || onlyAsking) && !askedFor.isEmpty()) {
          String type = askedFor.get(random.nextInt(askedFor.size()));
          steps.add(new Step.CreateConfirmable(type, twoStage, amount));
          confirmable.add(made);
          if (random.nextBoolean() && steps.size() < length) {
            // Half pass the step at once: what the payment takes afterwards is most of its life.
            steps.add(new Step.Complete(made));
          }
        } else {
          steps.add(
              kind == 0
                  ? new Step.CreateTwiceAtOnce(twoStage, amount)
                  : kind == 1 ? new Step.CreateInvoice(amount) : new Step.Create(twoStage, amount));
        }
        made++;
        continue;
      }
      Kind kind = pick(random, kinds);
      if (kind == Kind.COMPLETE || kind == Kind.FAIL_STEP) {
        // On a payment that asked for a step: most often the latest, to pass it before the rest.
        int asking =
            confirmable.isEmpty()
                ? -1
                : random.nextInt(10) < 7
                    ? confirmable.get(confirmable.size() - 1)
                    : confirmable.get(random.nextInt(confirmable.size()));
        if (asking >= 0) {
          steps.add(kind == Kind.COMPLETE ? new Step.Complete(asking) : new Step.FailStep(asking));
        } else if (kinds.stream().allMatch(k -> k.onConfirmation)) {
          steps.add(new Step.Read(made - 1, Step.Api.V2)); // nothing else to draw
        } // else no payment asked for a step: another kind is drawn instead
        continue;
      }
      if (kind.onSticker) {
        if (stickersMade == 0 || stickersMade < MOST_STICKERS && random.nextInt(6) == 0) {
          steps.add(new Step.CreateSticker());
          stickersMade++;
          continue;
        }
        steps.add(onSticker(random, kind, random.nextInt(stickersMade)));
        continue;
      }
      if (kind.onToken && tokensMade == 0) {
        steps.add(new Step.CreateToken()); // and then the step drawn, on it
        tokensMade++;
        if (steps.size() == length) {
          break;
        }
      }
      // Mostly the latest payment: limits and replays break after several steps on one payment.
      int payment = random.nextInt(10) < 7 ? made - 1 : random.nextInt(made);
      Step step =
          kind.onToken ? onToken(random, kind, tokensMade, made) : onPayment(random, kind, payment);
      tokensMade += step.createsToken() ? 1 : 0;
      made += step.creates() ? 1 : 0;
      steps.add(step);
    }
    return steps;
  }

  /**
   * The kinds of step one history draws from: every kind the target allows, or (for half the
   * histories) each kept at random, one in three. A history that leaves most kinds out goes deep
   * into the rest (several refunds and their replays, a token revoked twice and then used), where
   * drawing from every kind at once rarely does: swarm testing, as Groce et al. named it.
   */
  private List<Kind> swarm(Random random) {
    List<Kind> allowed = new ArrayList<>();
    for (Kind kind : Kind.values()) {
      if ((!kind.onToken || tokens)
          && (!kind.onSticker || stickers)
          && (!kind.onConfirmation || !confirmations.isEmpty())
          && (!kind.otherMerchant || otherMerchant)) {
        allowed.add(kind);
      }
    }
    if (random.nextBoolean()) {
      return allowed; // half the histories draw from every kind, for what mixes them
    }
    List<Kind> kept = new ArrayList<>();
    for (Kind kind : allowed) {
      if (random.nextInt(3) == 0) {
        kept.add(kind);
      }
    }
    return kept.isEmpty() ? allowed : kept;
  }

  private static Kind pick(Random random, List<Kind> kinds) {
    int total = kinds.stream().mapToInt(k -> k.weight).sum();
    int roll = random.nextInt(total);
    for (Kind kind : kinds) {
      roll -= kind.weight;
      if (roll < 0) {
        return kind;
      }
    }
    return kinds.get(kinds.size() - 1);
  }

  /** The kinds of step after the creations, with how often each is drawn. */
  private enum Kind {
    CAPTURE(18),
    REFUND(20),
    CANCEL(8),
    READ(10),
    LIST_REFUNDS(6),
    LIST_PAYMENTS(3),
    REPLAY(6),
    REPLAY_CHANGED(3),
    REPLAY_REFUND(8),
    RECEIPT(6),
    LIST_RECEIPTS(4),
    AT_ONCE(8),
    OTHER_READS(3, false, true),
    OTHER_REFUNDS(3, false, true),
    TOKEN_PAYS(8, true, false),
    TOKEN_REVOKED(7, true, false),
    TOKEN_READ(4, true, false),
    OTHER_PAYS_WITH_TOKEN(4, true, true),
    STICKER_SWITCHED(4, false, false, true),
    STICKER_READ(3, false, false, true),
    OTHER_READS_STICKER(2, false, true, true),
    TOKEN_REPLAYED(3, true, false),
    STICKER_REPLAYED(2, false, false, true),
    RECEIPTS_REPLAYED(3),
    OTHER_CANCELS(4, false, true),
    COMPLETE(12),
    FAIL_STEP(5);

    final int weight;
    final boolean onToken;
    final boolean otherMerchant;
    final boolean onSticker;
    final boolean onConfirmation = name().equals("COMPLETE") || name().equals("FAIL_STEP");

    Kind(int weight) {
      this(weight, false, false);
    }

    Kind(int weight, boolean onToken, boolean otherMerchant) {
      this(weight, onToken, otherMerchant, false);
    }

    Kind(int weight, boolean onToken, boolean otherMerchant, boolean onSticker) {
      this.weight = weight;
      this.onToken = onToken;
      this.otherMerchant = otherMerchant;
      this.onSticker = onSticker;
    }
  }

  /** A step on one of the history's stickers. */
  private static Step onSticker(Random random, Kind kind, int sticker) {
    return switch (kind) {
      case STICKER_SWITCHED -> new Step.SetStickerActive(sticker, random.nextBoolean());
      case OTHER_READS_STICKER -> new Step.OtherMerchantReadsSticker(sticker);
      case STICKER_REPLAYED -> new Step.ReplaySticker(sticker);
      default -> new Step.ReadSticker(sticker);
    };
  }

  /** A step on the history's payment tokens (it has one at least), or another token. */
  private Step onToken(Random random, Kind kind, int tokensMade, int paymentsMade) {
    if (tokensMade < MOST_TOKENS && random.nextInt(6) == 0) {
      return new Step.CreateToken();
    }
    int token = random.nextInt(tokensMade);
    return switch (kind) {
      case TOKEN_PAYS ->
          paymentsMade < MOST_PAYMENTS + 3
              ? new Step.PayWithToken(token, AMOUNTS.get(random.nextInt(AMOUNTS.size())))
              : new Step.ReadToken(token);
      case TOKEN_REVOKED -> new Step.RevokeToken(token);
      case OTHER_PAYS_WITH_TOKEN -> new Step.OtherMerchantPaysWithToken(token);
      case TOKEN_REPLAYED -> new Step.ReplayToken(token);
      default -> new Step.ReadToken(token);
    };
  }

  private Step onPayment(Random random, Kind kind, int payment) {
    return switch (kind) {
      case CAPTURE -> change(random, payment, 0);
      case REFUND -> change(random, payment, 2);
      case CANCEL -> change(random, payment, 1);
      case LIST_REFUNDS -> new Step.ListRefunds(payment);
      case LIST_PAYMENTS -> new Step.ListPayments();
      case REPLAY -> new Step.Replay(payment);
      case REPLAY_CHANGED -> new Step.ReplayChanged(payment);
      case REPLAY_REFUND -> new Step.ReplayRefunds(payment);
      case RECEIPT -> new Step.CreateReceipt(payment, part(random), random.nextBoolean());
      case LIST_RECEIPTS -> new Step.ListReceipts(payment);
      case RECEIPTS_REPLAYED -> new Step.ReplayReceipts(payment);
      case AT_ONCE ->
          new Step.AtOnce(
              change(random, payment, random.nextInt(3)),
              change(random, payment, random.nextInt(3)));
      case OTHER_READS -> new Step.OtherMerchantReads(payment);
      case OTHER_REFUNDS -> new Step.OtherMerchantRefunds(payment);
      case OTHER_CANCELS -> new Step.OtherMerchantCancels(payment);
      default -> new Step.Read(payment, api(random));
    };
  }

  /** A capture (0), a cancel (1) or a refund (2) of the payment. */
  private Step change(Random random, int payment, int which) {
    return switch (which) {
      case 0 -> new Step.Capture(payment, part(random), api(random));
      case 1 -> new Step.Cancel(payment, api(random));
      default -> new Step.Refund(payment, part(random), api(random));
    };
  }

  private Part lastPart;

  private Part part(Random random) {
    // The same part again half the time: a limit that holds once may not hold twice.
    if (lastPart != null && random.nextBoolean()) {
      return lastPart;
    }
    lastPart = freshPart(random);
    return lastPart;
  }

  private static Part freshPart(Random random) {
    // What is left and just beyond it are where limits break; ask for them most.
    int roll = random.nextInt(10);
    return roll < 3
        ? Part.REST
        : roll < 5 ? Part.BEYOND : Part.values()[random.nextInt(Part.values().length)];
  }

  private Step.Api api(Random random) {
    return v1 && random.nextInt(10) < 4 ? Step.Api.V1 : Step.Api.V2;
  }
}
