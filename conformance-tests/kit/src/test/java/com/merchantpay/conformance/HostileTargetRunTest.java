package com.merchantpay.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.merchantpay.conformance.report.CheckResult;
import com.merchantpay.conformance.report.Report;
import com.merchantpay.conformance.target.Target;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * Whole runs against targets that do not play fair end within their budget, with a report that says
 * what the target did. A target whose every answer is a gigabyte once took the kit, in a heap of
 * 256 MB, to an {@link OutOfMemoryError} in the HTTP client's own thread and a hang with no report;
 * one that trickled its bodies kept each call for as long as it liked, budget or not.
 */
@Execution(ExecutionMode.CONCURRENT) // each test has its own target and report directory
class HostileTargetRunTest {
  private static final long GIGABYTE = 1L << 30;
  private static final int BUDGET_SECONDS = 120;

  @TempDir Path reports;

  private HttpServer target;
  private ExecutorService threads;
  private final AtomicInteger answers = new AtomicInteger();

  /**
   * Answers every call with 200 and a JSON array a gigabyte long: every other answer declares its
   * length, the rest are chunked with no end announced.
   */
  private void answerAGigabyteEachTime() throws IOException {
    byte[] chunk = new byte[256 * 1024];
    java.util.Arrays.fill(chunk, (byte) ' ');
    start(
        exchange -> {
          try (exchange) {
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, answers.incrementAndGet() % 2 == 0 ? GIGABYTE : 0);
            OutputStream out = exchange.getResponseBody();
            out.write('[');
            for (long sent = 1; sent < GIGABYTE; sent += chunk.length) {
              out.write(chunk, 0, (int) Math.min(chunk.length, GIGABYTE - sent));
            }
          } catch (IOException e) {
            // the kit stopped reading, as it should
          }
        });
  }

  private void start(com.sun.net.httpserver.HttpHandler answer) throws IOException {
    threads = Executors.newCachedThreadPool();
    target = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    target.setExecutor(threads);
    target.createContext("/", answer);
    target.start();
  }

  @AfterEach
  void stopTarget() {
    target.stop(0);
    threads.shutdownNow();
  }

  @Test
  void inASmallHeapARunOfGigabyteAnswersEndsAndItsReportNamesTheAnswersItWouldNotRead()
      throws Exception {
    answerAGigabyteEachTime();
    List<String> command = new ArrayList<>();
    command.add(ProcessHandle.current().info().command().orElse("java"));
    command.addAll(
        List.of(
            "-Xmx256m",
            "-XX:+ExitOnOutOfMemoryError",
            "-cp",
            System.getProperty("java.class.path"),
            Main.class.getName(),
            "--base-url",
            "http://127.0.0.1:" + target.getAddress().getPort(),
            "--token",
            "huge-answers-token",
            "--merchant",
            "huge-answers-merchant",
            "--timeout",
            "20",
            "--budget",
            String.valueOf(BUDGET_SECONDS),
            "--report-dir",
            reports.toString()));
    Path console = reports.resolve("console.txt");
    Process kit =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(console.toFile())
            .start();

    // The budget, plus what a JVM takes to start and to write its reports.
    boolean ended = kit.waitFor(BUDGET_SECONDS + 60, TimeUnit.SECONDS);
    if (!ended) {
      kit.destroyForcibly();
    }
    String printed = Files.readString(console, StandardCharsets.UTF_8);

    assertThat(ended).as("the run ended; it printed:%n%s", tail(printed)).isTrue();
    assertThat(printed).doesNotContain("OutOfMemoryError");
    assertThat(kit.exitValue()).as("exit code; it printed:%n%s", tail(printed)).isEqualTo(1);
    assertThat(answers.get()).isGreaterThan(10);
    JsonNode report =
        new ObjectMapper().readTree(reports.resolve("conformance-report.json").toFile());
    List<String> oversize = new ArrayList<>();
    for (JsonNode check : report.path("results")) {
      if (check.path("actual").asText().contains("the answer's body is over 8 MiB")) {
        oversize.add(check.path("id").asText());
      }
    }
    assertThat(oversize).as("checks whose report names an oversize answer").hasSizeGreaterThan(10);
    assertThat(printed).contains("the answer's body is over 8 MiB; the kit read no more of it");
  }

  @Test
  void aTargetTricklingEveryBodyCannotKeepTheRunPastItsBudget() throws Exception {
    start(
        exchange -> {
          try (exchange) {
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, 0);
            OutputStream out = exchange.getResponseBody();
            out.write('[');
            while (true) {
              out.write(' ');
              out.flush();
              Thread.sleep(200);
            }
          } catch (IOException | InterruptedException e) {
            // the kit went away, as it should
          }
        });
    // A budget that lets a few calls time out one after another, and no more: what is proved is
    // that the run ends with it, not how long it is.
    Duration budget = Duration.ofSeconds(8);

    long started = System.nanoTime();
    Report report =
        ConformanceKit.builder()
            .target(
                Target.builder(URI.create("http://127.0.0.1:" + target.getAddress().getPort()))
                    .bearerToken("trickle-token", "trickle-merchant")
                    .build())
            .timeout(Duration.ofSeconds(2))
            .budget(budget)
            .console(new PrintStream(OutputStream.nullOutputStream()))
            .build()
            .run();
    Duration took = Duration.ofNanos(System.nanoTime() - started);

    // Within the budget, and what writing the report and stopping the workers take.
    assertThat(took).isLessThan(budget.plusSeconds(5));
    assertThat(report.exitCode()).isEqualTo(1);
    assertThat(report.results())
        .extracting(CheckResult::actual)
        .anySatisfy(actual -> assertThat(actual).contains("no answer within 2 s, body included"))
        .anySatisfy(actual -> assertThat(actual).contains("budget"));
  }

  private static String tail(String text) {
    return text.length() <= 4000 ? text : text.substring(text.length() - 4000);
  }
}
