package com.merchantpay.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The benchmarks run, once and briefly: every section produces its figures. Speed itself is not
 * tested here.
 */
class BenchmarksSmokeTest {

  @Test
  void aQuickRunWritesEverySection(@TempDir Path dir) throws Exception {
    Path out = dir.resolve("results.md");
    ByteArrayOutputStream console = new ByteArrayOutputStream();

    int exit =
        new CommandLine(new Benchmarks(new PrintStream(console, true, StandardCharsets.UTF_8)))
            .execute("--quick", "--out", out.toString(), "--repository", "..");

    assertThat(exit).as(console.toString(StandardCharsets.UTF_8)).isZero();
    String results = Files.readString(out);
    assertThat(results)
        .contains(
            "A quick run",
            "## Sandbox throughput",
            "| sandbox | GET one payment |",
            "| bare Netty server | GET (same bytes) |",
            "payments in turn (pattern stub) |",
            "### Latency at a fixed offered rate",
            "| Collector's pauses |",
            "| WireMock | POST create (stub) |",
            "- POST create, new key each: p99 ",
            "### What a create keeps and allocates",
            "| Allocated per create beyond the bare server's, bytes |",
            "## Time to the first answered request",
            "| sandbox | standalone jar, new JVM | 1 |",
            "| WireMock | in the test's JVM, later starts | 1 |",
            "## Client overhead",
            "| read payment | 16 |",
            "| create payment, ours |",
            "| Most the 0.85x target leaves: µs | Within it |",
            "## Kit and build",
            "### Client creates through a faulty network",
            "### Malformed requests to the sandbox",
            "### Soak with a bounded heap");
    assertThat(results).doesNotContain("NaN", "Infinity", ": broken");
  }

  @Test
  void theSoakReadsTheWholeHeapAsJava17AndLaterVersionsWriteIt() {
    String java17 =
        "garbage-first heap   total 98304K, used 47104K [0x00000000fa000000, 0x0000000100000000)\n"
            + " region size 1024K, 12 young (12288K), 2 survivors (2048K)\n Metaspace       used 30000K, committed 31000K";
    String java25 =
        "garbage-first heap   total reserved 98304K, committed 98304K, used 56290K [0x00000000fa000000, "
            + "0x0000000100000000)\n region size 1024K, 52 young (53248K), 5 survivors (5120K)";

    assertThat(Soak.usedMb(java17)).isEqualTo(46.0);
    assertThat(Soak.usedMb(java25)).isCloseTo(54.97, org.assertj.core.data.Offset.offset(0.01));
    assertThat(Soak.usedMb(" def new generation   total 9792K, used 1234K")).isNaN();
  }

  @Test
  void theLoadScriptSendsAFreshKeyWithEveryCreate() {
    String lua =
        Load.lua(
            Load.Shape.createEach(
                "/api/v2/payments", Map.of("Authorization", "Bearer t"), "{\"a\":\"b\"}"));

    assertThat(lua)
        .contains(
            "wrk.headers[\"Authorization\"] = \"Bearer t\"",
            "wrk.headers[\"Idempotency-Key\"] = \"bench-",
            "counter = counter + 1",
            "\"{\\\"a\\\":\\\"b\\\"}\"");
  }
}
