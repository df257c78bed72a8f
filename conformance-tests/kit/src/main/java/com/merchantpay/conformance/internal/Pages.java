package com.merchantpay.conformance.internal;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.databind.JsonNode;
import com.merchantpay.conformance.target.OpenPoint;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Follows a v2 list from its first page to its last, as the v2 document's general rule 4 tells
 * clients to. The documents name neither the next-page pointer nor its place: the profile may
 * declare it ({@code readings."v2.list.cursor"}, a member name or a JSON pointer), else the usual
 * names are looked for at the top of the page and in a paging object. A cursor that repeats, or a
 * page of nothing but items seen before, ends the walk with a failure instead of paging on.
 */
final class Pages {
  /** More pages than any check's data fills; reaching it means the cursor never ends. */
  static final int MAX_PAGES = 200;

  private static final List<String> NAMES =
      List.of(
          "cursor",
          "nextCursor",
          "next_cursor",
          "next",
          "nextPageToken",
          "next_page_token",
          "nextPage",
          "next_page");
  private static final List<String> HOLDERS =
      List.of("", "/paging", "/pagination", "/page", "/meta", "/links");

  private Pages() {}

  /** One page as it was answered. */
  record Page(Exchange exchange, List<JsonNode> items, String cursor) {}

  /**
   * Every page of the list, failing the check on an answer that is no page or a walk that never
   * ends.
   */
  static List<Page> pages(CheckContext c, String firstPage) {
    return walk(c, firstPage, page -> true, true);
  }

  /**
   * Pages through the list while {@code goOn} says so and a cursor leads on. A cursor that repeats
   * or a page of nothing but items seen before fails the check; so does a walk past {@link
   * #MAX_PAGES} when {@code boundFails}, else it stops there with the cursor of the last page.
   */
  private static List<Page> walk(
      CheckContext c, String firstPage, Predicate<Page> goOn, boolean boundFails) {
    List<Page> pages = new ArrayList<>();
    Set<String> cursors = new HashSet<>();
    Set<String> seen = new HashSet<>();
    String cursor = null;
    do {
      String separator = firstPage.contains("?") ? "&" : "?";
      Exchange exchange =
          c.v2()
              .get(
                  cursor == null
                      ? firstPage
                      : firstPage + separator + "cursor=" + Fixtures.encode(cursor));
      JsonNode page = c.ok(exchange);
      c.expect(
          page.isObject() && page.path("items").isArray(),
          "a page object with an items array",
          exchange::summary,
          exchange);
      List<JsonNode> items = new ArrayList<>();
      page.path("items").forEach(items::add);
      withinPeriod(c, firstPage, items, exchange);
      cursor = cursor(c, page, exchange);
      Page current = new Page(exchange, items, cursor);
      pages.add(current);
      boolean news = items.isEmpty();
      for (JsonNode item : items) {
        news |= seen.add(item.path("id").asText());
      }
      if (cursor != null && !cursors.add(cursor)) {
        c.fail(
            "a new cursor on every page until the last",
            "the cursor " + cursor + " came back again",
            exchange);
      }
      if (cursor != null && !news) {
        c.fail(
            "each page to bring items not seen before",
            "page "
                + pages.size()
                + " repeats items of earlier "
                + "pages and still points to a next one",
            exchange);
      }
      if (!goOn.test(current)) {
        return pages;
      }
      if (cursor != null && pages.size() >= MAX_PAGES) {
        if (boundFails) {
          c.fail(
              "the last page within " + MAX_PAGES + " pages",
              "still a cursor after " + MAX_PAGES + " pages",
              exchange);
        }
        return pages;
      }
    } while (cursor != null);
    return pages;
  }

  /**
   * A list asked for a period holds nothing created outside it: in a check of the period, an item
   * shown more than a second before its start or after its end fails the check, whatever the check
   * was looking for (a target may show times cut to the second that it keeps more finely, hence the
   * second), however long the list goes on.
   */
  private static void withinPeriod(
      CheckContext c, String query, List<JsonNode> items, Exchange exchange) {
    if (c.check() == null || !Rule.get("v2.op.list-period").coveredBy(c.check())) {
      return; // judged by the checks of the period, not by every check that lists
    }
    Matcher start = START.matcher(query);
    Matcher end = END.matcher(query);
    if (!start.find() || !end.find()) {
      return;
    }
    Instant from;
    Instant to;
    try {
      from = Json.instant(URLDecoder.decode(start.group(1), StandardCharsets.UTF_8));
      to = Json.instant(URLDecoder.decode(end.group(1), StandardCharsets.UTF_8));
    } catch (RuntimeException e) {
      return; // a query of a negative case: no period to hold the items to
    }
    for (JsonNode item : items) {
      JsonNode created = item.path("created");
      if (!created.isTextual()) {
        continue;
      }
      Instant at;
      try {
        at = Json.instant(created.asText());
      } catch (RuntimeException e) {
        continue; // the wire checks judge the form of the timestamp
      }
      if (at.isBefore(from.minusSeconds(1)) || at.isAfter(to.plusSeconds(1))) {
        Rule before = c.currentRule();
        c.rule("v2.op.list-period");
        try {
          c.fail(
              "only items created in the period asked for, " + from + " to " + to,
              item.path("id").asText() + " created " + created.asText(),
              exchange);
        } finally {
          c.restore(before);
        }
      }
    }
  }

  private static final Pattern START = Pattern.compile("[?&]start=([^&]*)");
  private static final Pattern END = Pattern.compile("[?&]end=([^&]*)");

  /**
   * The pointer to the next page, where the profile says or where it is usually found; null on the
   * last page.
   */
  private static String cursor(CheckContext c, JsonNode page, Exchange exchange) {
    String declared = c.profile().reading(OpenPoint.CURSOR).orElse(null);
    if (declared != null) {
      return text(page.at(declared.startsWith("/") ? declared : "/" + declared));
    }
    for (String holder : HOLDERS) {
      for (String name : NAMES) {
        JsonNode value = page.at(JsonPointer.compile(holder + "/" + name));
        if (!value.isMissingNode()) {
          String where = holder.isEmpty() ? name : holder + "/" + name;
          String found = text(value);
          if (found != null || !value.isNull()) {
            c.reading(OpenPoint.CURSOR, where, exchange);
          }
          return found;
        }
      }
    }
    return null;
  }

  private static String text(JsonNode value) {
    return value.isTextual() && !value.asText().isEmpty()
        ? value.asText()
        : value.isIntegralNumber() ? value.asText() : null;
  }

  /**
   * The page that holds the item with this id, followed no further than that page. The check fails
   * when the list ends without it; when the list goes on past {@link #MAX_PAGES} pages without it
   * (a target holding more than the kit can page through), the check is skipped: nothing the
   * documents forbid was seen.
   */
  static Page find(CheckContext c, String firstPage, String id) {
    Page[] found = new Page[1];
    int[] count = new int[1];
    List<Page> pages =
        walk(
            c,
            firstPage,
            page -> {
              count[0] += page.items().size();
              for (JsonNode item : page.items()) {
                if (id.equals(item.path("id").asText())) {
                  found[0] = page;
                  return false;
                }
              }
              return true;
            },
            false);
    if (found[0] != null) {
      return found[0];
    }
    Page last = pages.get(pages.size() - 1);
    if (last.cursor() != null) {
      throw new CheckSkipped(
          "the list goes on past "
              + MAX_PAGES
              + " pages ("
              + count[0]
              + " items) without "
              + id
              + "; the kit pages no further to find it");
    }
    c.fail(
        id + " among the items of the list",
        count[0] + " items on " + pages.size() + " page(s), without it",
        last.exchange());
    return null;
  }

  /** Every item of every page, in order. */
  static List<JsonNode> all(CheckContext c, String firstPage) {
    List<JsonNode> items = new ArrayList<>();
    pages(c, firstPage).forEach(page -> items.addAll(page.items()));
    return items;
  }
}
