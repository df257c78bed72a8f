package com.merchantpay.v1;

import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
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
      throw new IllegalArgumentException(
          "the period ends (" + to + ") before it starts (" + from + ")");
    }
  }

  static void requireBounded(String operation, LocalDate from, LocalDate to) {
    if (from == null || to == null) {
      throw new IllegalArgumentException(
          operation
              + ": fetching every record needs both periodFrom and periodTo, to be able to split the period");
    }
  }

  /**
   * Asks for the whole period; while an answer overflows, asks for two shorter periods instead, and
   * merges the records in period order, each once (by id; a record without one by its whole
   * content).
   *
   * <p>The service lists records "after" {@code periodFrom} and "before" {@code periodTo}; whether
   * the bound days themselves count is not specified, and the answer must be complete under either
   * reading. So the two parts overlap by two days: {@code [from, mid+1]} and {@code [mid, to]}.
   * With inclusive bounds they cover {@code from..to}, with exclusive bounds {@code from+1..to-1},
   * exactly what the whole period covers; the days counted twice are merged away. Each part is
   * shorter than its period once the period spans three days or more. A period of two days ({@code
   * from}, {@code to = from+2}) is asked for as {@code [from, from+1]} and {@code [from+1, to]},
   * which covers it when bounds are inclusive; when they are exclusive it is the only way to ask
   * for the day in between, so if the parts return none of the records the overflowing answer held,
   * that day overflows. A period of one day (or a single day) can only overflow with inclusive
   * bounds, and is split into its days.
   *
   * @throws V1IncompleteListException when a single day still overflows
   */
  static <T> List<T> collectAll(
      String operation,
      LocalDate from,
      LocalDate to,
      BiFunction<LocalDate, LocalDate, ListResult<T>> fetch,
      Function<T, Object> id) {
    Set<Object> seen = new HashSet<>();
    List<T> all = new ArrayList<>();
    collect(
        operation,
        from,
        to,
        fetch,
        item -> {
          Object key = id.apply(item);
          return key != null ? key : item;
        },
        seen,
        all);
    return List.copyOf(all);
  }

  private static <T> void collect(
      String operation,
      LocalDate from,
      LocalDate to,
      BiFunction<LocalDate, LocalDate, ListResult<T>> fetch,
      Function<T, Object> key,
      Set<Object> seen,
      List<T> all) {
    ListResult<T> answer = fetch.apply(from, to);
    if (!answer.isOverflow()) {
      for (T item : answer.getItems()) {
        if (seen.add(key.apply(item))) {
          all.add(item);
        }
      }
      return;
    }
    long span = ChronoUnit.DAYS.between(from, to);
    if (span == 0) {
      throw new V1IncompleteListException(operation, from);
    }
    if (span == 1) {
      collect(operation, from, from, fetch, key, seen, all);
      collect(operation, to, to, fetch, key, seen, all);
    } else if (span == 2) {
      LocalDate between = from.plusDays(1);
      collect(operation, from, between, fetch, key, seen, all);
      collect(operation, between, to, fetch, key, seen, all);
      if (!answer.getItems().isEmpty()
          && answer.getItems().stream().map(key).noneMatch(seen::contains)) {
        throw new V1IncompleteListException(operation, between);
      }
    } else {
      LocalDate mid = from.plusDays(span / 2);
      collect(operation, from, mid.plusDays(1), fetch, key, seen, all);
      collect(operation, mid, to, fetch, key, seen, all);
    }
  }
}
