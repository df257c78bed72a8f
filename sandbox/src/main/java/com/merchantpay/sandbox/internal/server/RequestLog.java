package com.merchantpay.sandbox.internal.server;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.merchantpay.sandbox.internal.contract.Ignored;
import com.merchantpay.sandbox.internal.http.HttpSupport;
import com.merchantpay.sandbox.internal.http.Json;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * The newest calls to the two interfaces, for the control API: what was called, the answer's status
 * and what the sandbox ignored. Paths only, never query strings or bodies, which carry v1
 * signatures and card data. Calls are kept as they came and written as JSON only when the log is
 * read, which is rare.
 */
final class RequestLog {
  static final int CAPACITY = 1000;

  private record Entry(
      Instant time,
      String requestId,
      String method,
      String path,
      int status,
      String ignoredMembers,
      String ignoredParameters) {}

  private final Deque<Entry> entries = new ArrayDeque<>();

  void record(Instant time, String requestId, String method, String path, HttpSupport.Out out) {
    Entry entry =
        new Entry(
            time,
            requestId,
            method,
            path,
            out.status(),
            out.headers().get(Ignored.MEMBERS_HEADER),
            out.headers().get(Ignored.PARAMETERS_HEADER));
    synchronized (this) {
      entries.addLast(entry);
      if (entries.size() > CAPACITY) {
        entries.removeFirst();
      }
    }
  }

  synchronized ArrayNode view() {
    ArrayNode all = Json.array();
    for (Entry entry : entries) {
      ObjectNode node = all.addObject();
      node.put("time", Json.time(entry.time()));
      node.put("requestId", entry.requestId());
      node.put("method", entry.method());
      node.put("path", entry.path());
      node.put("status", entry.status());
      node.set("ignoredMembers", list(entry.ignoredMembers()));
      node.set("ignoredParameters", list(entry.ignoredParameters()));
    }
    return all;
  }

  synchronized int size() {
    return entries.size();
  }

  synchronized void clear() {
    entries.clear();
  }

  private static ArrayNode list(String header) {
    ArrayNode names = Json.array();
    if (header != null) {
      for (String name : header.split(", ")) {
        names.add(name);
      }
    }
    return names;
  }
}
