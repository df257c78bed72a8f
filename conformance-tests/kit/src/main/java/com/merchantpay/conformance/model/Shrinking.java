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
    tries++;
    return stillFails.test(candidate);
  }

  /**
   * The history without step i; without a creation, also without the steps on its payment, the
   * later payments numbered one less.
   */
  public static List<Step> without(List<Step> steps, int i) {
    Step dropped = steps.get(i);
    List<Step> rest = new ArrayList<>();
    if (!dropped.creates()) {
      rest.addAll(steps);
      rest.remove(i);
      return List.copyOf(rest);
    }
    int payment = 0;
    for (int j = 0; j < i; j++) {
      if (steps.get(j).creates()) {
        payment++;
      }
    }
    for (int j = 0; j < steps.size(); j++) {
      Step step = steps.get(j);
      if (j == i || step.payment() == payment) {
        continue;
      }
      rest.add(step.payment() > payment ? step.on(step.payment() - 1) : step);
    }
    return List.copyOf(rest);
  }
}
