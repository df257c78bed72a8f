package com.merchantpay.benchmarks;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The client benchmarks' rounds, in which the clients took turns: each one's median rate and bytes
 * per call, and the ratio of two clients taken round by round, so that a change of the machine's
 * pace between rounds falls on both sides of it.
 */
final class ClientRounds {
  /** One client's rounds: median calls per second and bytes per call, slowest and fastest round. */
  record Rates(double median, double bytes, double slowest, double fastest) {}

  private final Map<String, double[][]> byRound;
  private final Map<String, Rates> rates = new LinkedHashMap<>();

  private ClientRounds(Map<String, double[][]> byRound) {
    this.byRound = byRound;
    byRound.forEach(
        (name, rounds) -> {
          double[] perSecond = Arrays.stream(rounds).mapToDouble(r -> r[0]).sorted().toArray();
          double[] bytes = Arrays.stream(rounds).mapToDouble(r -> r[1]).sorted().toArray();
          rates.put(
              name,
              new Rates(
                  median(perSecond), median(bytes), perSecond[0], perSecond[perSecond.length - 1]));
        });
  }

  /** Rounds by benchmark: per round, {calls per second, bytes per call}. */
  static ClientRounds of(Map<String, List<double[]>> byRound) {
    Map<String, double[][]> copy = new LinkedHashMap<>();
    byRound.forEach((name, rounds) -> copy.put(name, rounds.toArray(new double[0][])));
    if (copy.values().stream().map(r -> r.length).distinct().count() > 1) {
      throw new IllegalArgumentException(
          "every benchmark needs the same rounds: " + byRound.keySet());
    }
    return new ClientRounds(copy);
  }

  Rates rates(String benchmark) {
    Rates found = rates.get(benchmark);
    if (found == null) {
      throw new IllegalArgumentException("no rounds of " + benchmark + ", only " + rates.keySet());
    }
    return found;
  }

  int rounds() {
    return byRound.values().iterator().next().length;
  }

  /**
   * The median, over the rounds, of {@code benchmark}'s rate over {@code other}'s in that round.
   */
  double ratio(String benchmark, String other) {
    rates(benchmark);
    rates(other);
    double[][] ours = byRound.get(benchmark);
    double[][] theirs = byRound.get(other);
    double[] ratios = new double[ours.length];
    for (int round = 0; round < ours.length; round++) {
      ratios[round] = ours[round][0] / theirs[round][0];
    }
    Arrays.sort(ratios);
    return median(ratios);
  }

  private static double median(double[] sorted) {
    int middle = sorted.length / 2;
    return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  }
}
