package com.merchantpay.benchmarks;

import com.merchantpay.sandbox.Sandbox;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.management.ObjectName;

/**
 * What a create costs the sandbox's heap: the objects and bytes it keeps, read from the class
 * histogram of this JVM (live objects only, after a full collection) before and after a number of
 * creates made while the bounded stores (call journal, idempotency keys, payments) still fill, so
 * everything a create leaves behind is counted once; and the bytes allocated per create, by every
 * thread of this JVM, less what the same driver allocates against a bare server answering the same
 * bytes, so the driver's own allocation cancels.
 */
final class CreateFootprint {
  /**
   * What one create keeps and allocates.
   *
   * @param creates how many creates were measured
   * @param keptObjects objects kept per create
   * @param keptBytes bytes kept per create
   * @param allocatedBytes bytes allocated per create beyond the bare server's answer to it
   * @param wireMockAllocatedBytes the same for WireMock answering its stub
   * @param largest the classes that keep the most bytes per create, with objects and bytes
   */
  record Result(
      int creates,
      double keptObjects,
      double keptBytes,
      double allocatedBytes,
      double wireMockAllocatedBytes,
      List<String> largest) {}

  private CreateFootprint() {}

  /** {@code creates} must stay below the journal's and the idempotency keys' capacity. */
  static Result measure(int creates, String bareNettyUrl, String wireMockUrl) throws Exception {
    try (Sandbox sandbox = Sandbox.builder().start()) {
      HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
      String sandboxUrl = sandbox.baseUrl().toString().replaceAll("/$", "");
      String auth = "Bearer " + sandbox.bearerToken();
      // Warm: classes loaded and code compiled, so neither shows as kept or allocated.
      send(http, sandboxUrl, auth, "warm", Math.min(500, creates));
      send(http, bareNettyUrl, auth, "warm", Math.min(500, creates));
      send(http, wireMockUrl, auth, "warm", Math.min(500, creates));

      Map<String, long[]> before = histogram();
      send(http, sandboxUrl, auth, "kept", creates);
      Map<String, long[]> after = histogram();
      long objects = 0;
      long bytes = 0;
      List<Object[]> classes = new ArrayList<>();
      for (Map.Entry<String, long[]> entry : after.entrySet()) {
        long[] was = before.getOrDefault(entry.getKey(), new long[2]);
        long moreObjects = entry.getValue()[0] - was[0];
        long moreBytes = entry.getValue()[1] - was[1];
        objects += moreObjects;
        bytes += moreBytes;
        classes.add(new Object[] {entry.getKey(), moreObjects, moreBytes});
      }
      classes.sort(Comparator.comparingLong((Object[] c) -> -(Long) c[2]));
      List<String> largest = new ArrayList<>();
      for (Object[] c : classes.subList(0, Math.min(6, classes.size()))) {
        largest.add(
            String.format(
                java.util.Locale.ROOT,
                "`%s` %.1f objects, %.0f bytes",
                c[0],
                (Long) c[1] / (double) creates,
                (Long) c[2] / (double) creates));
      }

      long sandboxAllocated = allocatedWhile(() -> send(http, sandboxUrl, auth, "alloc", creates));
      long bareAllocated = allocatedWhile(() -> send(http, bareNettyUrl, auth, "alloc", creates));
      long wireMockAllocated =
          allocatedWhile(() -> send(http, wireMockUrl, auth, "alloc", creates));
      return new Result(
          creates,
          objects / (double) creates,
          bytes / (double) creates,
          (sandboxAllocated - bareAllocated) / (double) creates,
          (wireMockAllocated - bareAllocated) / (double) creates,
          largest);
    }
  }

  private interface Work {
    void run() throws Exception;
  }

  /** Bytes allocated by every thread of this JVM while {@code work} ran. */
  private static long allocatedWhile(Work work) throws Exception {
    com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    long[] ids = threads.getAllThreadIds();
    Map<Long, Long> before = new HashMap<>();
    long[] was = threads.getThreadAllocatedBytes(ids);
    for (int i = 0; i < ids.length; i++) {
      before.put(ids[i], was[i]);
    }
    work.run();
    long[] idsAfter = threads.getAllThreadIds();
    long[] now = threads.getThreadAllocatedBytes(idsAfter);
    long total = 0;
    for (int i = 0; i < idsAfter.length; i++) {
      if (now[i] > 0) {
        total += now[i] - before.getOrDefault(idsAfter[i], 0L);
      }
    }
    return total;
  }

  private static void send(HttpClient http, String baseUrl, String auth, String run, int creates)
      throws Exception {
    String prefix = "footprint-" + run + "-" + System.nanoTime() + "-";
    for (int i = 0; i < creates; i++) {
      HttpResponse<Void> answer =
          http.send(
              HttpRequest.newBuilder(URI.create(baseUrl + "/api/v2/payments"))
                  .headers(
                      "Authorization",
                      auth,
                      "Content-Type",
                      "application/json",
                      "Idempotency-Key",
                      prefix + i)
                  .POST(HttpRequest.BodyPublishers.ofString(Servers.CREATE_BODY))
                  .build(),
              HttpResponse.BodyHandlers.discarding());
      if (answer.statusCode() != 200) {
        throw new IllegalStateException(baseUrl + " answered a create " + answer.statusCode());
      }
    }
  }

  /** Live objects and bytes by class, after a full collection (the JVM's class histogram). */
  private static Map<String, long[]> histogram() throws Exception {
    String text =
        (String)
            ManagementFactory.getPlatformMBeanServer()
                .invoke(
                    new ObjectName("com.sun.management:type=DiagnosticCommand"),
                    "gcClassHistogram",
                    new Object[] {new String[0]},
                    new String[] {String[].class.getName()});
    Map<String, long[]> byClass = new HashMap<>();
    for (String line : text.split("\n")) {
      String[] fields = line.strip().split("\\s+");
      if (fields.length >= 4 && fields[0].endsWith(":")) {
        byClass.put(fields[3], new long[] {Long.parseLong(fields[1]), Long.parseLong(fields[2])});
      }
    }
    return byClass;
  }
}
