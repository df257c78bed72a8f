package com.merchantpay.v1;

import java.util.List;
import java.util.Objects;

/**
 * One answer of a list operation: the records it carries and whether the service cut it short.
 *
 * @param <T> the record type
 */
public final class ListResult<T> {
  private final List<T> items;
  private final boolean overflow;

  ListResult(List<T> items, boolean overflow) {
    this.items = items == null ? List.of() : items.stream().filter(Objects::nonNull).toList();
    this.overflow = overflow;
  }

  /** The records of this answer, in the order the service sent them; never {@code null}. */
  public List<T> getItems() {
    return items;
  }

  /**
   * True when more records match than the answer carries. Narrow the filter (for example a shorter
   * period) and ask again, or let {@code listAllPayments} / {@code listAllRefunds} do that.
   */
  public boolean isOverflow() {
    return overflow;
  }

  @Override
  public String toString() {
    return "ListResult{items=" + items.size() + ", overflow=" + overflow + "}";
  }
}
