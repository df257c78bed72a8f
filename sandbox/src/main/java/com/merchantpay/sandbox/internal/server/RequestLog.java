package com.merchantpay.sandbox.internal.server;

import com.merchantpay.sandbox.internal.contract.Ignored;
import com.merchantpay.sandbox.internal.http.HttpSupport;
import com.merchantpay.sandbox.internal.http.Json;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;

/**
 * The newest calls to the two interfaces, for the control API: what was called, the answer's status and
 * what the sandbox ignored. Paths only, never query strings or bodies, which carry v1 signatures and card
 * data.
 */
final class RequestLog {
  static final int CAPACITY = 1000;

  private final Deque<ObjectNode> entries = new ArrayDeque<>();

  synchronized void record(Instant time, String requestId, String method, String path, HttpSupport.Out out) {
    ObjectNode entry = Json.object();
    entry.put("time", Json.time(time));
    entry.put("requestId", requestId);
    entry.put("method", method);
    entry.put("path", path);
    entry.put("status", out.status());
    entry.set("ignoredMembers", list(out.headers().get(Ignored.MEMBERS_HEADER)));
    entry.set("ignoredParameters", list(out.headers().get(Ignored.PARAMETERS_HEADER)));
    entries.addLast(entry);
    if (entries.size() > CAPACITY) {
      entries.removeFirst();
    }
  }

  synchronized ArrayNode view() {
    ArrayNode all = Json.array();
    entries.forEach(entry -> all.add(entry.deepCopy()));
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
      Arrays.stream(header.split(", ")).forEach(names::add);
    }
    return names;
  }
}
