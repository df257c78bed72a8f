package com.merchantpay.sandbox.internal.contract;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The handlers of one interface by the operation ids of its document. The server checks the table
 * against the document when it starts ({@link #requireExactly}), so an operation added to the
 * document without a handler, or a handler left for an operation the document no longer has, stops
 * the start with both named.
 *
 * @param <H> what a handler is for this interface
 */
public final class Routes<H> {
  private final String api;
  private final Map<String, H> handlers = new LinkedHashMap<>();

  public Routes(String api) {
    this.api = api;
  }

  /** Adds the handler of one operation. */
  public Routes<H> on(String operationId, H handler) {
    if (handlers.putIfAbsent(operationId, handler) != null) {
      throw new IllegalStateException(api + ": two handlers for the operation " + operationId);
    }
    return this;
  }

  /** The handler of an operation the table was checked to have. */
  public H handler(String operationId) {
    H handler = handlers.get(operationId);
    if (handler == null) {
      throw new IllegalStateException(api + ": no handler for the operation " + operationId);
    }
    return handler;
  }

  /**
   * Refuses a table whose operations are not exactly the document's.
   *
   * @throws IllegalStateException naming the operations without a handler and the handlers without
   *     an operation
   */
  public Routes<H> requireExactly(Collection<String> documented) {
    List<String> missing = new ArrayList<>(documented);
    missing.removeAll(handlers.keySet());
    List<String> extra = new ArrayList<>(handlers.keySet());
    extra.removeAll(documented);
    if (!missing.isEmpty() || !extra.isEmpty()) {
      throw new IllegalStateException(
          api
              + " handlers do not match the document: "
              + (missing.isEmpty()
                  ? ""
                  : "no handler for " + missing + (extra.isEmpty() ? "" : "; "))
              + (extra.isEmpty()
                  ? ""
                  : "handlers for operations the document does not have: " + extra));
    }
    return this;
  }
}
