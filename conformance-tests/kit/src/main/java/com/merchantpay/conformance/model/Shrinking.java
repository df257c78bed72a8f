package com.merchantpay.conformance.model;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * Cuts a failing history down to the steps that matter: drops steps (a creation with every step on
 * its payment), then makes each remaining step simpler (a one-stage payment, the simplest amount, a
 * smaller part, v2 for v1, one change for two at once), keeping each cut while the history still
 * fails. Greedy, as QuickCheck's shrinking is: the result is a history none of whose single cuts
 * still fails, not the shortest of all.
 */
public final class Shrinking {
  private final Predicate<List<Step>> stillFails;
  private final int mostTries;
  private int tries;

  /**
   * @param stillFails runs a candidate against the target: whether it fails as the first one did
   * @param mostTries how many candidates may be run at most
   */
  public Shrinking(Predicate<List<Step>> stillFails, int mostTries) {
    this.stillFails = stillFails;
    this.mostTries = mostTries;
  }

  /** How many candidates were run. */
  public int tries() {
    return tries;
  }

  /** The failing history cut as far as the tries allow. */
  public List<Step> shrink(List<Step> failing) {
    List<Step> current = List.copyOf(failing);
    boolean cut = true;
    while (cut && tries < mostTries) {
      cut = false;
      // From the end: a late step is more often one that only reads.
      for (int i = current.size() - 1; i >= 0 && tries < mostTries; i--) {
        if (i >= current.size()) {
          continue;
        }
        List<Step> candidate = without(current, i);
        if (!candidate.isEmpty() && candidate.size() < current.size() && tried(candidate)) {
          current = candidate;
          cut = true;
        }
      }
      for (int i = 0; i < current.size() && tries < mostTries; i++) {
        if (current.get(i) instanceof Step.AtOnce both) {
          // Two changes at once, sent one after the other instead: no race left to lose.
          List<Step> sequential = null;
          for (boolean inOrder : new boolean[] {true, false}) {
            List<Step> candidate = new ArrayList<>(current);
            candidate.set(i, inOrder ? both.first() : both.second());
            candidate.add(i + 1, inOrder ? both.second() : both.first());
            if (tries < mostTries && tried(candidate)) {
              sequential = List.copyOf(candidate);
              break;
            }
          }
          if (sequential != null) {
            current = sequential;
            cut = true;
            continue;
          }
        }
        for (Step simpler : current.get(i).simpler()) {
          List<Step> candidate = new ArrayList<>(current);
          candidate.set(i, simpler);
          if (tries < mostTries && tried(candidate)) {
            current = List.copyOf(candidate);
            cut = true;
            break;
          }
        }
      }
    }
    return current;
  }

  private boolean tried(List<Step> candidate) {
    // A history with a race may pass by the luck of the order: it gets three chances to fail.
    boolean racing =
        candidate.stream()
            .anyMatch(s -> s instanceof Step.AtOnce || s instanceof Step.CreateTwiceAtOnce);
    for (int attempt = 0; attempt < (racing ? 3 : 1) && tries < mostTries; attempt++) {
      tries++;
      if (stillFails.test(candidate)) {
        return true;
      }
    }
    return false;
  }

  /**
   * The history without step i; without a creation, also without the steps on what it made (and
   * what those made), the later payments and tokens numbered one less.
   */
  public static List<Step> without(List<Step> steps, int i) {
    List<Step> rest = new ArrayList<>();
    java.util.Map<Integer, Integer> payments = new java.util.HashMap<>();
    java.util.Map<Integer, Integer> tokens = new java.util.HashMap<>();
    java.util.Map<Integer, Integer> stickers = new java.util.HashMap<>();
    int paymentsBefore = 0;
    int tokensBefore = 0;
    int stickersBefore = 0;
    for (int j = 0; j < steps.size(); j++) {
      Step step = steps.get(j);
      boolean dropped =
          j == i
              || step.payment() >= 0 && !payments.containsKey(step.payment())
              || step.token() >= 0 && !tokens.containsKey(step.token())
              || step.sticker() >= 0 && !stickers.containsKey(step.sticker());
      if (!dropped) {
        Step kept = step;
        if (kept.payment() >= 0) {
          kept = kept.on(payments.get(kept.payment()));
        }
        if (kept.token() >= 0) {
          kept = kept.withToken(tokens.get(kept.token()));
        }
        if (kept.sticker() >= 0) {
          kept = kept.withSticker(stickers.get(kept.sticker()));
        }
        rest.add(kept);
        if (step.creates()) {
          payments.put(paymentsBefore, payments.size());
        }
        if (step.createsToken()) {
          tokens.put(tokensBefore, tokens.size());
        }
        if (step.createsSticker()) {
          stickers.put(stickersBefore, stickers.size());
        }
      }
      paymentsBefore += step.creates() ? 1 : 0;
      tokensBefore += step.createsToken() ? 1 : 0;
      stickersBefore += step.createsSticker() ? 1 : 0;
    }
    return List.copyOf(rest);
  }
}
