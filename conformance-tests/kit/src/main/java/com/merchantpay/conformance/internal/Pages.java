package com.merchantpay.conformance.internal;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** Follows a v2 list from its first page to its last, as the v2 document's general rule 4 tells clients to. */
final class Pages {
  /** More pages than any check's data fills; reaching it means the cursor never ends. */
  static final int MAX_PAGES = 200;

  private Pages() {}

  /** One page as it was answered. */
  record Page(Exchange exchange, List<JsonNode> items, String cursor) {}

  /** Every page of the list, failing the check on an answer that is no page or a cursor that repeats. */
  static List<Page> pages(CheckContext c, String firstPage) {
    List<Page> pages = new ArrayList<>();
    Set<String> cursors = new HashSet<>();
    String cursor = null;
    do {
      String separator = firstPage.contains("?") ? "&" : "?";
      Exchange exchange = c.v2().get(cursor == null ? firstPage
          : firstPage + separator + "cursor=" + Fixtures.encode(cursor));
      JsonNode page = c.ok(exchange);
      c.expect(page.isObject() && page.path("items").isArray(), "a page object with an items array",
          exchange::summary, exchange);
      List<JsonNode> items = new ArrayList<>();
      page.path("items").forEach(items::add);
      // The spec names it cursor and lets clients accept nextCursor and next_cursor as well.
      JsonNode next = page.has("cursor") ? page.path("cursor") : page.has("nextCursor") ? page.path("nextCursor")
          : page.path("next_cursor");
      cursor = next.isTextual() && !next.asText().isEmpty() ? next.asText() : null;
      pages.add(new Page(exchange, items, cursor));
      if (cursor != null && !cursors.add(cursor)) {
        c.fail("a new cursor on every page until the last", "the cursor " + cursor + " came back again",
            exchange);
      }
      if (pages.size() >= MAX_PAGES) {
        c.fail("the last page within " + MAX_PAGES + " pages", "still a cursor after " + MAX_PAGES + " pages",
            exchange);
      }
    } while (cursor != null);
    return pages;
  }

  /** The page that holds the item with this id, failing the check when no page does. */
  static Page find(CheckContext c, String firstPage, String id) {
    List<Page> pages = pages(c, firstPage);
    for (Page page : pages) {
      for (JsonNode item : page.items()) {
        if (id.equals(item.path("id").asText())) {
          return page;
        }
      }
    }
    int count = pages.stream().mapToInt(p -> p.items().size()).sum();
    c.fail(id + " among the items of the list", count + " items on " + pages.size() + " page(s), without it",
        pages.get(pages.size() - 1).exchange());
    return null;
  }

  /** Every item of every page, in order. */
  static List<JsonNode> all(CheckContext c, String firstPage) {
    List<JsonNode> items = new ArrayList<>();
    pages(c, firstPage).forEach(page -> items.addAll(page.items()));
    return items;
  }
}
