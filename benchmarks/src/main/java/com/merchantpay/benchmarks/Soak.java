package com.merchantpay.benchmarks;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Writer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The standalone sandbox in its own JVM with a 96 MB heap, with its default bounds, under unique
 * creates for a long while; its live heap is read after a full collection (jcmd) at intervals.
 */
final class Soak {
  /**
   * What the soak found: live heap samples in MB, creates made, failures, and whether the JVM
   * survived.
   */
  record Run(
      Duration duration,
      List<Double> liveHeapMb,
      double createsPerSecond,
      long creates,
      long failures,
      boolean survived,
      String driver,
      String firstFailure) {}

  /**
   * The whole heap's line of G1 (chosen explicitly: under another collector the first line is one
   * generation).
   */
  // Java 17 writes "total 98304K, used 45K", later versions "total reserved 98304K, committed
  // 98304K, used 45K".
  private static final Pattern USED =
      Pattern.compile("garbage-first heap\\s+total[^\\n]*?, used ([0-9]+)K");

  private static final Pattern LISTENING = Pattern.compile("listening on (http://\\S+)");

  private Soak() {}

  static Run run(Path standaloneJar, Duration duration, Duration sampleEvery) throws Exception {
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    Process sandbox =
        new ProcessBuilder(
                java.toString(),
                "-Xmx96m",
                "-XX:+UseG1GC",
                "-jar",
                standaloneJar.toString(),
                "--port",
                "0")
            .redirectErrorStream(true)
            .start();
    try {
      String baseUrl = baseUrl(sandbox);
      awaitFirstAnswer(baseUrl);
      Map<String, String> auth =
          Map.of("Authorization", "Bearer " + com.merchantpay.sandbox.Sandbox.DEFAULT_TOKEN);
      List<Double> heap = new ArrayList<>();
      long creates = 0;
      long failures = 0;
      String driver = null;
      String firstFailure = null;
      long started = System.nanoTime();
      while (System.nanoTime() - started < duration.toNanos()) {
        Duration left = Duration.ofNanos(duration.toNanos() - (System.nanoTime() - started));
        Duration chunk = left.compareTo(sampleEvery) < 0 ? left : sampleEvery;
        if (chunk.toSeconds() < 1) {
          break;
        }
        Load.Result result =
            Load.run(
                baseUrl,
                Load.Shape.createEach("/api/v2/payments", auth, Servers.CREATE_BODY),
                Duration.ZERO,
                chunk);
        creates += Math.round(result.requestsPerSecond() * chunk.toSeconds());
        failures += result.failures();
        driver = result.driver();
        if (firstFailure == null) {
          firstFailure = result.firstFailure();
        }
        if (!sandbox.isAlive()) {
          break;
        }
        heap.add(liveHeapMb(sandbox.pid()));
      }
      double seconds = (System.nanoTime() - started) / 1e9;
      return new Run(
          duration,
          heap,
          creates / seconds,
          creates,
          failures,
          sandbox.isAlive(),
          driver,
          firstFailure);
    } finally {
      sandbox.destroy();
      if (!sandbox.waitFor(10, TimeUnit.SECONDS)) {
        sandbox.destroyForcibly();
      }
    }
  }

  /**
   * A cold sandbox holds its first requests until its validators are loaded, longer than a load
   * driver's timeout; the soak measures the sandbox at work, so it starts once one create has been
   * answered.
   */
  private static void awaitFirstAnswer(String baseUrl) throws Exception {
    HttpResponse<Void> answer =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(URI.create(baseUrl + "/api/v2/payments"))
                    .timeout(Duration.ofSeconds(60))
                    .header(
                        "Authorization", "Bearer " + com.merchantpay.sandbox.Sandbox.DEFAULT_TOKEN)
                    .header("Content-Type", "application/json")
                    .header("Idempotency-Key", "soak-first")
                    .POST(HttpRequest.BodyPublishers.ofString(Servers.CREATE_BODY))
                    .build(),
                HttpResponse.BodyHandlers.discarding());
    if (answer.statusCode() != 200) {
      throw new IllegalStateException(
          "the standalone sandbox refused the soak's first create: " + answer.statusCode());
    }
  }

  private static String baseUrl(Process sandbox) throws Exception {
    CompletableFuture<String> url = new CompletableFuture<>();
    Thread reader =
        new Thread(
            () -> {
              try {
                url.complete(readBaseUrl(sandbox));
              } catch (Exception e) {
                url.completeExceptionally(e);
              }
            });
    reader.setDaemon(true);
    reader.start();
    try {
      return url.get(60, TimeUnit.SECONDS);
    } catch (TimeoutException e) {
      throw new IllegalStateException(
          "the standalone sandbox did not say where it listens within 60 s");
    }
  }

  private static String readBaseUrl(Process sandbox) throws Exception {
    BufferedReader out =
        new BufferedReader(new InputStreamReader(sandbox.getInputStream(), StandardCharsets.UTF_8));
    String line;
    while ((line = out.readLine()) != null) {
      Matcher listening = LISTENING.matcher(line);
      if (listening.find()) {
        Thread drain =
            new Thread(
                () -> {
                  try {
                    out.transferTo(Writer.nullWriter());
                  } catch (IOException e) {
                    // the process ended
                  }
                });
        drain.setDaemon(true);
        drain.start();
        return listening.group(1);
      }
    }
    throw new IllegalStateException("the standalone sandbox did not start");
  }

  /** Live heap of the process after a full collection, in MB, as jcmd reports it. */
  static double liveHeapMb(long pid) throws Exception {
    Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
    if (!Files.exists(jcmd)) {
      return Double.NaN;
    }
    run(jcmd.toString(), Long.toString(pid), "GC.run");
    return usedMb(run(jcmd.toString(), Long.toString(pid), "GC.heap_info"));
  }

  /**
   * The whole heap's use in jcmd's {@code GC.heap_info} output, in MB; NaN when it is not there.
   */
  static double usedMb(String heapInfo) {
    Matcher used = USED.matcher(heapInfo);
    return used.find() ? Long.parseLong(used.group(1)) / 1024.0 : Double.NaN;
  }

  private static String run(String... command) throws Exception {
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    process.waitFor();
    return out;
  }
}
