package com.merchantpay.sandbox.internal.server;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.merchantpay.sandbox.internal.contract.Ignored;
import com.merchantpay.sandbox.internal.http.CallNotes;
import com.merchantpay.sandbox.internal.http.HttpSupport;
import com.merchantpay.sandbox.internal.http.Json;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.Map;

/**
 * The newest calls to the two interfaces: what was called, by whom, with which key or nonce, what
 * the contract found wrong with it, the answer's status and the fault it met. The Java API reads
 * the requests whole (a test asserts on what its application sent); the control API's view carries
 * no body and no query string, which hold card data and v1 signatures.
 */
public final class CallJournal {
  /** How many calls are kept; the oldest go first. */
  public static final int CAPACITY = 10_000;

  /** Bodies are kept up to this size, so a long run stays within a small heap. */
  static final int MAX_BODY = 16 * 1024;

  /**
   * All bodies kept together stay below this; beyond it the oldest calls go first, so ten thousand
   * large bodies cannot fill the heap.
   */
  static final long MAX_BODY_BYTES = 8L * 1024 * 1024;

  /** One call. {@code body} holds at most {@link #MAX_BODY} bytes; {@code query} is as sent. */
  public record Entry(
      long sequence,
      Instant time,
      String requestId,
      String api,
      String operation,
      String method,
      String path,
      Map<String, List<String>> query,
      String contentType,
      byte[] body,
      String merchant,
      String idempotencyKey,
      String nonce,
      List<String> findings,
      int status,
      String fault,
      List<String> ignoredMembers,
      List<String> ignoredParameters) {

    public boolean valid() {
      return findings.isEmpty();
    }

    @Override
    public String toString() {
      return "Entry[" + sequence + " " + method + " " + path + " " + operation + " " + status + "]";
    }
  }

  private final Deque<Entry> entries = new ArrayDeque<>();
  private long sequence;
  private long forgotten;
  private long bodyBytes;

  void record(
      Instant time,
      String requestId,
      HttpSupport.In in,
      CallNotes notes,
      HttpSupport.Out out,
      String fault) {
    // Everything is read before the lock, which every call of both interfaces takes.
    byte[] body = in.body().length > MAX_BODY ? Arrays.copyOf(in.body(), MAX_BODY) : in.body();
    String contentType = in.contentType();
    List<String> findings = notes.findings();
    int status = out == null ? 0 : out.status();
    List<String> members = names(out == null ? null : out.headers().get(Ignored.MEMBERS_HEADER));
    List<String> parameters =
        names(out == null ? null : out.headers().get(Ignored.PARAMETERS_HEADER));
    synchronized (this) {
      entries.addLast(
          new Entry(
              ++sequence,
              time,
              requestId,
              notes.api(),
              notes.operation(),
              in.method(),
              in.rawPath(),
              in.query(),
              contentType,
              body,
              notes.merchant(),
              notes.idempotencyKey(),
              notes.nonce(),
              findings,
              status,
              fault,
              members,
              parameters));
      bodyBytes += body.length;
      while (entries.size() > CAPACITY || bodyBytes > MAX_BODY_BYTES) {
        bodyBytes -= entries.removeFirst().body().length;
        forgotten++;
      }
    }
  }

  /** The calls kept, oldest first, from the one after {@code since} (a sequence number; 0: all). */
  public synchronized List<Entry> entries(long since) {
    List<Entry> after = new ArrayList<>();
    for (Entry entry : entries) {
      if (entry.sequence() > since) {
        after.add(entry);
      }
    }
    return after;
  }

  /** The sequence number of the newest call, 0 before the first. */
  public synchronized long last() {
    return sequence;
  }

  /** How many calls were forgotten to stay within {@link #CAPACITY} and {@link #MAX_BODY_BYTES}. */
  public synchronized long forgotten() {
    return forgotten;
  }

  synchronized ArrayNode view() {
    ArrayNode all = Json.array();
    for (Entry entry : entries) {
      ObjectNode node = all.addObject();
      node.put("sequence", entry.sequence());
      node.put("time", Json.time(entry.time()));
      node.put("requestId", entry.requestId());
      node.put("method", entry.method());
      node.put("path", entry.path());
      putIfNotNull(node, "api", entry.api());
      putIfNotNull(node, "operation", entry.operation());
      putIfNotNull(node, "merchantId", entry.merchant());
      putIfNotNull(node, "idempotencyKey", entry.idempotencyKey());
      putIfNotNull(node, "nonce", entry.nonce());
      node.put("valid", entry.valid());
      ArrayNode findings = node.putArray("findings");
      entry.findings().forEach(findings::add);
      if (entry.status() == 0) {
        node.putNull("status");
      } else {
        node.put("status", entry.status());
      }
      putIfNotNull(node, "fault", entry.fault());
      ArrayNode members = node.putArray("ignoredMembers");
      entry.ignoredMembers().forEach(members::add);
      ArrayNode parameters = node.putArray("ignoredParameters");
      entry.ignoredParameters().forEach(parameters::add);
    }
    return all;
  }

  synchronized int size() {
    return entries.size();
  }

  /** Forgets every call kept; sequence numbers go on. */
  public synchronized void clear() {
    entries.clear();
    bodyBytes = 0;
    forgotten = 0;
  }

  private static void putIfNotNull(ObjectNode node, String name, String value) {
    if (value != null) {
      node.put(name, value);
    }
  }

  private static List<String> names(String header) {
    return header == null ? List.of() : List.of(header.split(", "));
  }
}
