package com.merchantpay.v1;

import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;

/** Period checks and the splitting that turns a list answer cut short into complete results. */
final class Periods {
  private Periods() {}

  static void check(LocalDate from, LocalDate to) {
    if (from != null && to != null && to.isBefore(from)) {
      throw new IllegalArgumentException("the period ends (" + to + ") before it starts (" + from + ")");
    }
  }

  static void requireBounded(String operation, LocalDate from, LocalDate to) {
    if (from == null || to == null) {
      throw new IllegalArgumentException(
          operation + ": fetching every record needs both periodFrom and periodTo, to be able to split the period");
    }
  }

  /**
   * Asks for the whole period; while an answer overflows, asks for each half of its period instead (the
   * bounds are whole days and both included, so the halves {@code [from, mid]} and {@code [mid+1, to]}
   * cover the period without overlap). Records are merged in period order and de-duplicated by id, so a
   * record the service returns for both halves is kept once.
   *
   * @throws V1IncompleteListException when a single day still overflows
   */
  static <T> List<T> collectAll(String operation, LocalDate from, LocalDate to,
      BiFunction<LocalDate, LocalDate, ListResult<T>> fetch, Function<T, Object> id) {
    Set<Object> seen = new HashSet<>();
    List<T> all = new ArrayList<>();
    Deque<LocalDate[]> pending = new ArrayDeque<>();
    pending.push(new LocalDate[] {from, to});
    while (!pending.isEmpty()) {
      LocalDate[] period = pending.pop();
      ListResult<T> answer = fetch.apply(period[0], period[1]);
      if (answer.isOverflow()) {
        if (period[0].equals(period[1])) {
          throw new V1IncompleteListException(operation, period[0]);
        }
        LocalDate mid = period[0].plusDays(ChronoUnit.DAYS.between(period[0], period[1]) / 2);
        pending.push(new LocalDate[] {mid.plusDays(1), period[1]});
        pending.push(new LocalDate[] {period[0], mid});
        continue;
      }
      for (T item : answer.getItems()) {
        Object key = id.apply(item);
        if (key == null || seen.add(key)) {
          all.add(item);
        }
      }
    }
    return List.copyOf(all);
  }
}
