package com.merchantpay.sandbox.internal.v2;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.merchantpay.sandbox.internal.http.ApiError;
import com.merchantpay.sandbox.internal.http.Json;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.function.Function;

/**
 * Pages of v2 lists. The cursor names the last item of the previous page (its creation time and
 * id), so items created meanwhile never shift a page: no gaps, no duplicates.
 */
final class Pages {
  private Pages() {}

  /** One page of a list already in list order, starting after the item the cursor names. */
  static <T> ObjectNode page(
      int pageSize,
      List<T> ordered,
      String cursor,
      Function<T, Instant> created,
      Function<T, String> id,
      Function<T, ObjectNode> view) {
    int from = 0;
    if (cursor != null && !cursor.isEmpty()) {
      String[] position = decode(cursor);
      Instant afterCreated = Instant.ofEpochMilli(Long.parseLong(position[0]));
      String afterId = position[1];
      while (from < ordered.size()) {
        T item = ordered.get(from);
        int c = created.apply(item).compareTo(afterCreated);
        if (c > 0 || (c == 0 && id.apply(item).compareTo(afterId) > 0)) {
          break;
        }
        from++;
      }
    }
    int to = Math.min(ordered.size(), from + pageSize);
    ObjectNode page = Json.object();
    ArrayNode items = page.putArray("items");
    for (T item : ordered.subList(from, to)) {
      items.add(view.apply(item));
    }
    if (to < ordered.size()) {
      T last = ordered.get(to - 1);
      String position = created.apply(last).toEpochMilli() + "|" + id.apply(last);
      page.put(
          "cursor",
          Base64.getUrlEncoder()
              .withoutPadding()
              .encodeToString(position.getBytes(StandardCharsets.UTF_8)));
    }
    return page;
  }

  private static String[] decode(String cursor) {
    try {
      String text = new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8);
      int bar = text.indexOf('|');
      if (bar > 0) {
        Long.parseLong(text.substring(0, bar));
        return new String[] {text.substring(0, bar), text.substring(bar + 1)};
      }
    } catch (IllegalArgumentException e) {
      // fall through to the validation error
    }
    throw ApiError.validation(
        "cursor: not a cursor this sandbox issued; copy it unchanged from the previous page");
  }
}
