package com.merchantpay.v2;

import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.Set;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.Function;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * One page of a list, and the way to the following ones. {@link #autoPagingIterable()} and {@link
 * #autoPagingStream()} go through every item of every page, fetching the next page only when the
 * items before it have been consumed. A service that gives the same cursor twice ends the iteration
 * with an {@link UnexpectedResponseException} instead of looping forever.
 *
 * <pre>{@code
 * client.payments().list(merchantId, start, end)
 *     .autoPagingStream()
 *     .filter(p -> p.getStatus().equals(PaymentStatus.SETTLED))
 *     .forEach(this::reconcile);
 * }</pre>
 *
 * @param <T> the list item
 */
public final class Page<T> {
  private final String operation;
  private final List<T> items;
  private final String nextCursor;
  private final Function<String, Page<T>> fetch;

  Page(String operation, List<T> items, String nextCursor, Function<String, Page<T>> fetch) {
    this.operation = operation;
    this.items = items == null ? List.of() : List.copyOf(items);
    this.nextCursor = nextCursor == null || nextCursor.isEmpty() ? null : nextCursor;
    this.fetch = fetch;
  }

  /** The items of this page only. */
  public List<T> items() {
    return items;
  }

  /** The cursor of the next page; empty on the last page. */
  public Optional<String> nextCursor() {
    return Optional.ofNullable(nextCursor);
  }

  /** Whether a further page exists. */
  public boolean hasNextPage() {
    return nextCursor != null;
  }

  /** Fetches the next page with the same parameters and options. */
  public Page<T> nextPage() {
    if (nextCursor == null) {
      throw new NoSuchElementException("this is the last page");
    }
    return fetch.apply(nextCursor);
  }

  /** Every item from this page on, fetching further pages lazily. */
  public Iterable<T> autoPagingIterable() {
    return AutoPagingIterator::new;
  }

  /** Every item from this page on, fetching further pages lazily. */
  public Stream<T> autoPagingStream() {
    return StreamSupport.stream(
        Spliterators.spliteratorUnknownSize(
            new AutoPagingIterator(), Spliterator.ORDERED | Spliterator.NONNULL),
        false);
  }

  private final class AutoPagingIterator implements Iterator<T> {
    private final Set<String> followedCursors = new HashSet<>();
    private Page<T> page = Page.this;
    private Iterator<T> current = items.iterator();

    @Override
    public boolean hasNext() {
      while (!current.hasNext() && page.hasNextPage()) {
        if (!followedCursors.add(page.nextCursor)) {
          // A server answering with a cursor it gave before would otherwise make this loop forever.
          throw new ServiceError(
                  operation,
                  200,
                  null,
                  "the service returned the cursor '" + page.nextCursor + "' twice",
                  List.of(),
                  null,
                  null,
                  null,
                  null)
              .toException();
        }
        page = page.nextPage();
        current = page.items.iterator();
      }
      return current.hasNext();
    }

    @Override
    public T next() {
      if (!hasNext()) {
        throw new NoSuchElementException();
      }
      return current.next();
    }
  }
}
