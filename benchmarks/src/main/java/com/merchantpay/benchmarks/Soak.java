package com.merchantpay.benchmarks;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The standalone sandbox in its own JVM with a 96 MB heap, with its default bounds, under unique creates for
 * a long while; its live heap is read after a full collection (jcmd) at intervals.
 */
final class Soak {
  /** What the soak found: live heap samples in MB, creates made, failures, and whether the JVM survived. */
  record Run(Duration duration, List<Double> liveHeapMb, double createsPerSecond, long creates, long failures,
      boolean survived, String driver) {}

  private static final Pattern USED = Pattern.compile("used ([0-9]+)K");
  private static final Pattern LISTENING = Pattern.compile("listening on (http://\\S+)");

  private Soak() {}

  static Run run(Path standaloneJar, Duration duration, Duration sampleEvery) throws Exception {
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    Process sandbox = new ProcessBuilder(java.toString(), "-Xmx96m", "-jar", standaloneJar.toString(), "--port", "0")
        .redirectErrorStream(true).start();
    try {
      String baseUrl = baseUrl(sandbox);
      Map<String, String> auth = Map.of("Authorization", "Bearer sandbox-token");
      List<Double> heap = new ArrayList<>();
      long creates = 0;
      long failures = 0;
      String driver = null;
      long started = System.nanoTime();
      while (System.nanoTime() - started < duration.toNanos()) {
        Duration left = Duration.ofNanos(duration.toNanos() - (System.nanoTime() - started));
        Duration chunk = left.compareTo(sampleEvery) < 0 ? left : sampleEvery;
        if (chunk.toSeconds() < 1) {
          break;
        }
        Load.Result result = Load.run(baseUrl, Load.Shape.createEach("/api/v2/payments", auth, Servers.CREATE_BODY),
            Duration.ZERO, chunk);
        creates += Math.round(result.requestsPerSecond() * chunk.toSeconds());
        failures += result.failures();
        driver = result.driver();
        if (!sandbox.isAlive()) {
          break;
        }
        heap.add(liveHeapMb(sandbox.pid()));
      }
      double seconds = (System.nanoTime() - started) / 1e9;
      return new Run(duration, heap, creates / seconds, creates, failures, sandbox.isAlive(), driver);
    } finally {
      sandbox.destroy();
      sandbox.waitFor(10, TimeUnit.SECONDS);
    }
  }

  private static String baseUrl(Process sandbox) throws Exception {
    BufferedReader out = new BufferedReader(new InputStreamReader(sandbox.getInputStream(), StandardCharsets.UTF_8));
    String line;
    while ((line = out.readLine()) != null) {
      Matcher listening = LISTENING.matcher(line);
      if (listening.find()) {
        Thread drain = new Thread(() -> {
          try {
            out.transferTo(java.io.Writer.nullWriter());
          } catch (java.io.IOException e) {
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
    Matcher used = USED.matcher(run(jcmd.toString(), Long.toString(pid), "GC.heap_info"));
    return used.find() ? Long.parseLong(used.group(1)) / 1024.0 : Double.NaN;
  }

  private static String run(String... command) throws Exception {
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    process.waitFor();
    return out;
  }
}
