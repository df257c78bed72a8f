package com.merchantpay.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Clients measured in turns: a ratio is taken round by round, so the machine's pace cancels. */
class ClientRoundsTest {

  @Test
  void aRatioIsTheMedianOfTheRoundsRatiosNotTheRatioOfTheMedians() {
    Map<String, List<double[]>> byRound = new LinkedHashMap<>();
    // Rounds at different paces: ours is within 6% of raw in two of three rounds.
    byRound.put(
        "getOurs",
        List.of(new double[] {950, 10}, new double[] {500, 12}, new double[] {1700, 11}));
    byRound.put(
        "getRaw", List.of(new double[] {1000, 8}, new double[] {1200, 8}, new double[] {1800, 8}));

    ClientRounds rounds = ClientRounds.of(byRound);

    assertThat(rounds.rounds()).isEqualTo(3);
    // 0.95, 0.42 and 0.94 round by round; the medians' ratio would be 950 / 1200 = 0.79.
    assertThat(rounds.ratio("getOurs", "getRaw")).isCloseTo(1700 / 1800.0, within(1e-9));
    assertThat(rounds.rates("getOurs")).isEqualTo(new ClientRounds.Rates(950, 11, 500, 1700));
  }

  @Test
  void benchmarksWithDifferentRoundsOrAnUnknownOneAreRefusedByName() {
    assertThatThrownBy(
            () ->
                ClientRounds.of(
                    Map.of(
                        "getOurs", List.of(new double[] {1, 1}),
                        "getRaw", List.of(new double[] {1, 1}, new double[] {2, 2}))))
        .hasMessageContaining("same rounds");
    ClientRounds one = ClientRounds.of(Map.of("getOurs", List.<double[]>of(new double[] {1, 1})));
    assertThatThrownBy(() -> one.ratio("getOurs", "getStock"))
        .hasMessageContaining("getStock")
        .hasMessageContaining("getOurs");
  }
}
