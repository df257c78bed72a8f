package com.merchantpay.v1;

import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * What a caller gets from an envelope whose {@code ErrorCode} is 0 (the decoder has thrown for any
 * other): the payload of a single-object answer, which must be there, or the records of a list
 * answer, which may be absent.
 */
final class Envelopes {
  private Envelopes() {}

  /**
   * The payload of a single-object answer. A success without it is no answer the caller can use,
   * and returning null would move the failure to wherever the caller first touches the result.
   */
  static <T> T payload(String operation, String member, T value) {
    if (value == null) {
      throw new V1ServerFailureException(operation, 200, "ErrorCode 0 without " + member, "", null);
    }
    return value;
  }

  /** One answer of a paged list; no {@code Response} is an empty answer that did not overflow. */
  static <R, T> ListResult<T> listResult(
      R response, Function<R, List<T>> records, Function<R, Boolean> overflow) {
    return response == null
        ? new ListResult<>(List.of(), false)
        : new ListResult<>(records.apply(response), Boolean.TRUE.equals(overflow.apply(response)));
  }

  /**
   * The records of a list answer without null entries; no {@code Response} or no list is no
   * records.
   */
  static <R, T> List<T> records(R response, Function<R, List<T>> records) {
    List<T> items = response == null ? null : records.apply(response);
    return items == null ? List.of() : items.stream().filter(Objects::nonNull).toList();
  }
}
