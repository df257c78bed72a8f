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
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

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

  private static final String JSON = "application/json";

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
      String headerLines,
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

    /** The first value of a header kept (its name in any letter case), or null. */
    public String header(String name) {
      for (int start = 0; start < headerLines.length(); ) {
        int end = headerLines.indexOf('\n', start);
        int colon = headerLines.indexOf(':', start);
        if (colon - start == name.length()
            && headerLines.regionMatches(true, start, name, 0, colon - start)) {
          return headerLines.substring(colon + 2, end);
        }
        start = end + 1;
      }
      return null;
    }

    @Override
    public String toString() {
      return "Entry[" + sequence + " " + method + " " + path + " " + operation + " " + status + "]";
    }
  }

  /**
   * A call recorded but not yet numbered: the I/O threads only queue what they record, and
   * whichever thread holds the lock numbers and keeps the queued calls in the order they came. Two
   * I/O threads taking one lock for every call waited on each other for a tenth of their time.
   */
  private record Recorded(
      Instant time,
      String requestId,
      HttpSupport.In in,
      CallNotes notes,
      byte[] body,
      List<String> findings,
      int status,
      String fault,
      List<String> members,
      List<String> parameters) {

    /**
     * The request's headers as kept, at most {@link #MAX_HEADERS} bytes of them in order, as one
     * text of {@code name: value} lines: the journal keeps ten thousand calls, and a map of lists
     * of strings for each was some fifty objects a call that every young collection copied until
     * the call was forgotten. A name has no colon and a value no line break in HTTP/1.1.
     */
    String headerLines() {
      StringBuilder kept = new StringBuilder(256);
      int bytes = 0;
      for (Map.Entry<String, List<String>> header : in.headers().entrySet()) {
        for (String value : header.getValue()) {
          bytes += header.getKey().length() + value.length();
          if (bytes > MAX_HEADERS) {
            return kept.toString();
          }
          kept.append(header.getKey()).append(": ").append(value).append('\n');
        }
      }
      return kept.toString();
    }

    int headerBytes() {
      int bytes = 0;
      for (Map.Entry<String, List<String>> header : in.headers().entrySet()) {
        for (String value : header.getValue()) {
          bytes += header.getKey().length() + value.length();
        }
      }
      return Math.min(bytes, MAX_HEADERS);
    }
  }

  /**
   * A call's headers are kept up to this size, counted with its body against the journal's bound.
   */
  static final int MAX_HEADERS = 4 * 1024;

  private final ConcurrentLinkedQueue<Recorded> recorded = new ConcurrentLinkedQueue<>();
  private final ReentrantLock lock = new ReentrantLock();
  private final Deque<Entry> entries = new ArrayDeque<>();

  /**
   * The body sizes of the kept calls, oldest first, in a ring beside {@code entries}: forgetting
   * the oldest call then reads no part of it, which has long left the processor's caches.
   */
  private final int[] bodySizes = new int[CAPACITY + 1];

  private int oldestSize;
  private String lastPath = "";
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
    byte[] body = in.body().length > MAX_BODY ? Arrays.copyOf(in.body(), MAX_BODY) : in.body();
    List<String> findings = notes.findings();
    int status = out == null ? 0 : out.status();
    List<String> members = names(out == null ? null : out.headers().get(Ignored.MEMBERS_HEADER));
    List<String> parameters =
        names(out == null ? null : out.headers().get(Ignored.PARAMETERS_HEADER));
    recorded.add(
        new Recorded(
            time, requestId, in, notes, body, findings, status, fault, members, parameters));
    // A thread that finds the lock taken leaves its call to the holder, or to the next reader,
    // which keeps whatever is queued before it reads.
    while (!recorded.isEmpty() && lock.tryLock()) {
      try {
        keepRecorded();
      } finally {
        lock.unlock();
      }
    }
  }

  /** Numbers and keeps every queued call; the lock is held. */
  private void keepRecorded() {
    Recorded call;
    while ((call = recorded.poll()) != null) {
      entries.addLast(
          new Entry(
              ++sequence,
              call.time(),
              call.requestId(),
              call.notes().api(),
              call.notes().operation(),
              call.in().method(),
              sharedPath(call.in().rawPath()),
              call.in().query().isEmpty() ? Map.of() : call.in().query(),
              call.headerLines(),
              shared(call.in().contentType()),
              call.body(),
              call.notes().merchant(),
              call.notes().idempotencyKey(),
              call.notes().nonce(),
              call.findings(),
              call.status(),
              call.fault(),
              call.members(),
              call.parameters()));
      int kept = call.body().length + call.headerBytes();
      bodyBytes += kept;
      bodySizes[(oldestSize + entries.size() - 1) % bodySizes.length] = kept;
      while (entries.size() > CAPACITY || bodyBytes > MAX_BODY_BYTES) {
        entries.removeFirst();
        bodyBytes -= bodySizes[oldestSize];
        oldestSize = (oldestSize + 1) % bodySizes.length;
        forgotten++;
      }
    }
  }

  /**
   * The path as the string the previous call kept when it is the same: calls to one collection
   * (every create of a payment) then keep one copy of it between them, not one each.
   */
  private String sharedPath(String path) {
    if (!path.equals(lastPath)) {
      lastPath = path;
    }
    return lastPath;
  }

  /**
   * The content type as one shared string when it is the usual one: the journal keeps ten thousand
   * calls, and each kept copy is two more objects for the collector to copy.
   */
  private static String shared(String contentType) {
    return JSON.equals(contentType) ? JSON : contentType;
  }

  /** What {@code reading} reads under the lock, with every call recorded so far kept first. */
  private <T> T read(Supplier<T> reading) {
    lock.lock();
    try {
      keepRecorded();
      return reading.get();
    } finally {
      lock.unlock();
    }
  }

  /** The calls kept, oldest first, from the one after {@code since} (a sequence number; 0: all). */
  public List<Entry> entries(long since) {
    return read(
        () -> {
          List<Entry> after = new ArrayList<>();
          for (Entry entry : entries) {
            if (entry.sequence() > since) {
              after.add(entry);
            }
          }
          return after;
        });
  }

  /** The sequence number of the newest call, 0 before the first. */
  public long last() {
    return read(() -> sequence);
  }

  /** How many calls were forgotten to stay within {@link #CAPACITY} and {@link #MAX_BODY_BYTES}. */
  public long forgotten() {
    return read(() -> forgotten);
  }

  ArrayNode view() {
    ArrayNode all = Json.array();
    entries(0).forEach(entry -> all.add(view(entry)));
    return all;
  }

  /** One call as the control API shows it: no body, no query string, no headers. */
  public static ObjectNode view(Entry entry) {
    ObjectNode node = Json.object();
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
    return node;
  }

  int size() {
    return read(entries::size);
  }

  /** Forgets every call kept; sequence numbers go on. */
  public void clear() {
    read(
        () -> {
          entries.clear();
          oldestSize = 0;
          bodyBytes = 0;
          forgotten = 0;
          return null;
        });
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
