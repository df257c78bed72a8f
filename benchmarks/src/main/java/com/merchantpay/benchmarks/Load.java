package com.merchantpay.benchmarks;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Drives an HTTP server with a closed-loop load: wrk (2 threads, 16 connections) when it is
 * installed, as the figures of record use, else a Java driver with 16 callers on the JDK's client,
 * which measures the same things less precisely. One request shape per run: a GET of one path, a
 * GET of many paths in turn, or POSTs of one body, each with a fresh {@code Idempotency-Key}.
 */
final class Load {
  /**
   * What one run measured; the rate counts successful answers only, so a server failing fast is not
   * fast.
   */
  record Result(
      double requestsPerSecond,
      double p99Millis,
      long failures,
      String driver,
      String firstFailure) {
    /** A run whose driver counts failures without saying what they were (wrk). */
    Result(double requestsPerSecond, double p99Millis, long failures, String driver) {
      this(requestsPerSecond, p99Millis, failures, driver, null);
    }
  }

  /** One kind of request to repeat. */
  record Shape(String method, List<String> paths, Map<String, String> headers, String body) {
    static Shape get(String path, Map<String, String> headers) {
      return new Shape("GET", List.of(path), headers, null);
    }

    static Shape getEach(List<String> paths, Map<String, String> headers) {
      return new Shape("GET", List.copyOf(paths), headers, null);
    }

    static Shape createEach(String path, Map<String, String> headers, String body) {
      return new Shape("POST", List.of(path), headers, body);
    }
  }

  static final int CONNECTIONS = 16;
  private static final Pattern RATE = Pattern.compile("Requests/sec:\\s+([0-9.]+)");
  private static final Pattern REQUESTS = Pattern.compile("([0-9]+) requests in ");
  private static final Pattern P99 = Pattern.compile("(?m)^\\s+99%\\s+([0-9.]+)(us|ms|s)\\s*$");
  private static final Pattern NON_2XX = Pattern.compile("Non-2xx or 3xx responses:\\s+([0-9]+)");
  private static final Pattern SOCKET_ERRORS =
      Pattern.compile(
          "Socket errors: connect ([0-9]+), read ([0-9]+), write ([0-9]+), timeout ([0-9]+)");

  private Load() {}

  private static volatile Boolean wrkInstalled;

  /**
   * Drives every closed loop with the Java driver, wrk or not: a quick run, which shows that the
   * rows run rather than measuring them, then takes the same time on every machine (wrk counts
   * whole seconds).
   */
  static void useTheJavaDriver() {
    wrkInstalled = Boolean.FALSE;
  }

  static boolean wrkInstalled() {
    if (wrkInstalled == null) {
      wrkInstalled = probeWrk();
    }
    return wrkInstalled;
  }

  private static boolean probeWrk() {
    try {
      Process process = new ProcessBuilder("wrk", "--version").redirectErrorStream(true).start();
      process.getInputStream().readAllBytes();
      process.waitFor();
      return true;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  /**
   * Rows measured in rounds, every row once a round, so that a machine that speeds up or slows down
   * during the run weighs on every row alike rather than on the rows measured at that moment.
   */
  static final class Rows {
    /** One server and the load it is measured under. */
    record Row(String baseUrl, Shape shape) {}

    private Rows() {}

    /**
     * Each row's median result by rate over {@code rounds} rounds, in the rows' order; every row is
     * warmed up once, before its first round.
     */
    static List<Result> medians(List<Row> rows, int rounds, Duration warmUp, Duration measure)
        throws Exception {
      List<List<Result>> byRow = new ArrayList<>();
      rows.forEach(row -> byRow.add(new ArrayList<>()));
      for (int round = 0; round < rounds; round++) {
        for (int i = 0; i < rows.size(); i++) {
          Row row = rows.get(i);
          byRow
              .get(i)
              .add(run(row.baseUrl(), row.shape(), round == 0 ? warmUp : Duration.ZERO, measure));
        }
      }
      return byRow.stream().map(Rows::median).toList();
    }

    /** The result of median rate (of an even number, the faster of the middle two). */
    static Result median(List<Result> results) {
      List<Result> sorted = new ArrayList<>(results);
      sorted.sort(Comparator.comparingDouble(Result::requestsPerSecond));
      return sorted.get(sorted.size() / 2);
    }
  }

  /** Warms the server up with the same load, then measures. */
  static Result run(String baseUrl, Shape shape, Duration warmUp, Duration measure)
      throws Exception {
    if (!warmUp.isZero()) {
      measureOnce(baseUrl, shape, warmUp);
    }
    return measureOnce(baseUrl, shape, measure);
  }

  private static Result measureOnce(String baseUrl, Shape shape, Duration duration)
      throws Exception {
    return wrkInstalled() ? wrk(baseUrl, shape, duration) : java(baseUrl, shape, duration);
  }

  private static Result wrk(String baseUrl, Shape shape, Duration duration) throws Exception {
    Path script = Files.createTempFile("merchantpay-load", ".lua");
    try {
      Files.writeString(script, lua(shape));
      Process process =
          new ProcessBuilder(
                  "wrk",
                  "-t2",
                  "-c" + CONNECTIONS,
                  "-d" + Math.max(1, duration.toSeconds()) + "s",
                  "--latency",
                  "-s",
                  script.toString(),
                  baseUrl + shape.paths().get(0))
              .redirectErrorStream(true)
              .start();
      String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (process.waitFor() != 0) {
        throw new IllegalStateException("wrk failed: " + out);
      }
      Matcher rate = RATE.matcher(out);
      Matcher requests = REQUESTS.matcher(out);
      Matcher p99 = P99.matcher(out);
      if (!rate.find() || !requests.find() || !p99.find()) {
        throw new IllegalStateException("cannot read wrk's output: " + out);
      }
      double millis =
          Double.parseDouble(p99.group(1))
              * switch (p99.group(2)) {
                case "us" -> 0.001;
                case "s" -> 1000;
                default -> 1;
              };
      long failures = 0;
      long answered = Long.parseLong(requests.group(1));
      double successRate = Double.parseDouble(rate.group(1));
      Matcher non2xx = NON_2XX.matcher(out);
      if (non2xx.find()) {
        long refused = Long.parseLong(non2xx.group(1));
        failures += refused;
        successRate = answered == 0 ? 0 : successRate * (answered - refused) / answered;
      }
      Matcher socket = SOCKET_ERRORS.matcher(out);
      if (socket.find()) {
        for (int i = 1; i <= 4; i++) {
          failures += Long.parseLong(socket.group(i));
        }
      }
      return new Result(
          successRate, millis, failures, "wrk, 2 threads and " + CONNECTIONS + " connections");
    } finally {
      Files.deleteIfExists(script);
    }
  }

  /** The request of a shape as a wrk script: headers, the paths in turn, a fresh key per POST. */
  static String lua(Shape shape) {
    StringBuilder lua =
        new StringBuilder("local threads = 0\n")
            .append(
                "function setup(thread) threads = threads + 1; thread:set(\"tid\", threads) end\n")
            .append("local paths = {");
    for (String path : shape.paths()) {
      lua.append(quote(path)).append(", ");
    }
    // Each thread starts half-way round the paths from the other, so no two ask for the same one at
    // once.
    lua.append("}\nfunction init(args) counter = (tid - 1) * math.floor(#paths / 2) end\n");
    shape
        .headers()
        .forEach(
            (name, value) ->
                lua.append("wrk.headers[")
                    .append(quote(name))
                    .append("] = ")
                    .append(quote(value))
                    .append("\n"));
    if (shape.body() != null) {
      lua.append("wrk.headers[\"Content-Type\"] = \"application/json\"\n");
    }
    String run = Long.toString(System.nanoTime(), 36);
    lua.append("function request()\n  counter = counter + 1\n");
    if (shape.method().equals("POST")) {
      lua.append("  wrk.headers[\"Idempotency-Key\"] = \"bench-")
          .append(run)
          .append("-\" .. tid .. \"-\" .. counter\n")
          .append("  return wrk.format(\"POST\", paths[1], nil, ")
          .append(quote(shape.body()))
          .append(")\n");
    } else {
      lua.append("  return wrk.format(\"GET\", paths[(counter % #paths) + 1])\n");
    }
    return lua.append("end\n").toString();
  }

  private static String quote(String text) {
    return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n") + "\"";
  }

  /** The Java driver: 16 callers in a closed loop on the JDK's client, latencies kept per call. */
  private static Result java(String baseUrl, Shape shape, Duration duration) throws Exception {
    HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    long end = System.nanoTime() + duration.toNanos();
    AtomicLong failures = new AtomicLong();
    java.util.concurrent.atomic.AtomicReference<String> firstFailure =
        new java.util.concurrent.atomic.AtomicReference<>();
    List<int[]> latencies = new ArrayList<>();
    List<Thread> callers = new ArrayList<>();
    String run = Long.toString(System.nanoTime(), 36);
    for (int c = 0; c < CONNECTIONS; c++) {
      int[] mine = new int[300_000]; // microseconds; [0] holds the count
      latencies.add(mine);
      int caller = c;
      // Callers start spread round the paths, so no two ask for the same one at once.
      int offset = c * shape.paths().size() / CONNECTIONS;
      Thread thread =
          new Thread(
              () -> {
                int n = 0;
                while (System.nanoTime() < end && n < mine.length - 1) {
                  HttpRequest.Builder request =
                      HttpRequest.newBuilder(
                          URI.create(
                              baseUrl + shape.paths().get((n + offset) % shape.paths().size())));
                  shape.headers().forEach(request::header);
                  if (shape.method().equals("POST")) {
                    request
                        .header("Content-Type", "application/json")
                        .header("Idempotency-Key", "bench-" + run + "-" + caller + "-" + n)
                        .POST(HttpRequest.BodyPublishers.ofString(shape.body()));
                  }
                  long started = System.nanoTime();
                  try {
                    int status =
                        http.send(request.build(), HttpResponse.BodyHandlers.discarding())
                            .statusCode();
                    if (status >= 300) {
                      failures.incrementAndGet();
                      firstFailure.compareAndSet(null, "HTTP " + status);
                    }
                  } catch (IOException e) {
                    failures.incrementAndGet();
                    firstFailure.compareAndSet(null, e.toString());
                  } catch (InterruptedException e) {
                    return;
                  }
                  mine[++n] =
                      (int) Math.min(Integer.MAX_VALUE, (System.nanoTime() - started) / 1000);
                }
                mine[0] = n;
              });
      callers.add(thread);
      thread.start();
    }
    for (Thread thread : callers) {
      thread.join();
    }
    int total = 0;
    for (int[] mine : latencies) {
      total += mine[0];
    }
    int[] sorted = new int[total];
    int at = 0;
    for (int[] mine : latencies) {
      System.arraycopy(mine, 1, sorted, at, mine[0]);
      at += mine[0];
    }
    Arrays.sort(sorted);
    double p99 =
        sorted.length == 0
            ? 0
            : sorted[(int) Math.max(0, Math.ceil(sorted.length * 0.99) - 1)] / 1000.0;
    return new Result(
        (total - failures.get()) / (duration.toNanos() / 1e9),
        p99,
        failures.get(),
        "a Java driver with " + CONNECTIONS + " callers (wrk is not installed)",
        firstFailure.get());
  }
}
