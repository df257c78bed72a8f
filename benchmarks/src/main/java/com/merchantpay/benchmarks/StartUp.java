package com.merchantpay.benchmarks;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.merchantpay.sandbox.Sandbox;
import java.io.IOException;
import java.net.ConnectException;
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
import java.util.Locale;

/**
 * How long a test suite waits before its first request is answered: a standalone server started as
 * its own process (JVM start included), and a server started inside the test's JVM, as the
 * sandbox's JUnit extension and WireMock's do, first in a fresh JVM (classes loaded, documents
 * read) and then again in the same JVM. "Answered" means a create of a payment got its 200: the
 * sandbox checked it against its document and made the payment, WireMock matched its stub.
 */
final class StartUp {
  /** One way of starting a server, with each start's milliseconds. */
  record Row(String server, String how, List<Double> millis) {
    double median() {
      List<Double> sorted = millis.stream().sorted().toList();
      return sorted.get(sorted.size() / 2);
    }
  }

  private static final String CREATE = "/api/v2/payments";

  private StartUp() {}

  /**
   * Measures each way {@code times} times: standalone servers in a fresh JVM each time; embedded
   * servers in one fresh JVM per way, where the first start is reported apart from {@code later}
   * later ones, as many as a suite with that many test classes makes.
   */
  static List<Row> run(Path standaloneSandbox, int times, int later) throws Exception {
    String answer = sandboxCreateAnswer();
    Path wireMockRoot = wireMockRoot(answer);
    List<Row> rows = new ArrayList<>();
    if (standaloneSandbox != null) {
      List<Double> sandbox = new ArrayList<>();
      for (int i = 0; i < times; i++) {
        int port = StandaloneServer.freePort();
        sandbox.add(
            standalone(
                port,
                List.of("-jar", standaloneSandbox.toString(), "--port", Integer.toString(port))));
      }
      rows.add(new Row("sandbox", "standalone jar, new JVM", sandbox));
    }
    List<Double> wireMock = new ArrayList<>();
    for (int i = 0; i < times; i++) {
      int port = StandaloneServer.freePort();
      wireMock.add(standalone(port, StandaloneServer.wireMockArguments(port, wireMockRoot)));
    }
    rows.add(new Row("WireMock", "standalone jar, new JVM", wireMock));
    for (String server : List.of("sandbox", "WireMock")) {
      List<Double> starts = embedded(server, later + 1);
      String name = server.equals("sandbox") ? "sandbox" : "WireMock";
      rows.add(new Row(name, "in the test's JVM, first start", List.of(starts.get(0))));
      rows.add(new Row(name, "in the test's JVM, later starts", starts.subList(1, starts.size())));
    }
    deleteTree(wireMockRoot);
    return rows;
  }

  /** Starts a server process and times it from the start to the first answered create. */
  private static double standalone(int port, List<String> arguments) throws Exception {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(arguments);
    // Kept in a file rather than a pipe, so the server never blocks on it; read only on failure.
    Path output = Files.createTempFile("merchantpay-start-up", ".log");
    long started = System.nanoTime();
    Process process =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(output.toFile())
            .start();
    try {
      awaitCreate("http://127.0.0.1:" + port, Duration.ofSeconds(60));
      return (System.nanoTime() - started) / 1e6;
    } catch (IllegalStateException e) {
      throw new IllegalStateException(
          e.getMessage() + "; the server printed:\n" + Files.readString(output), e);
    } finally {
      process.destroy();
      process.waitFor();
      Files.deleteIfExists(output);
    }
  }

  private static ProcessBuilder.Redirect discard() {
    return ProcessBuilder.Redirect.to(
        new java.io.File(
            System.getProperty("os.name").startsWith("Windows") ? "NUL" : "/dev/null"));
  }

  /** Runs the embedded starts in a fresh JVM of their own, which prints one figure per start. */
  private static List<Double> embedded(String server, int starts) throws Exception {
    Process process =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                StartUp.class.getName(),
                server,
                Integer.toString(starts))
            .redirectError(discard())
            .start();
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (process.waitFor() != 0) {
      throw new IllegalStateException("the embedded " + server + " start failed: " + out);
    }
    List<Double> millis = new ArrayList<>();
    out.lines()
        .filter(line -> line.startsWith("start "))
        .forEach(line -> millis.add(Double.parseDouble(line.substring(6))));
    if (millis.size() != starts) {
      throw new IllegalStateException("the embedded " + server + " run printed: " + out);
    }
    return millis;
  }

  /** The child JVM of {@link #embedded}: starts, answers one create, stops, and again. */
  public static void main(String[] args) throws Exception {
    String server = args[0];
    int starts = Integer.parseInt(args[1]);
    for (int i = 0; i < starts; i++) {
      long started = System.nanoTime();
      if (server.equals("sandbox")) {
        Sandbox sandbox = Sandbox.builder().start();
        try {
          awaitCreate(sandbox.baseUrl().toString(), Duration.ofSeconds(60));
          print(started);
        } finally {
          sandbox.stop();
        }
      } else {
        WireMockServer wireMock =
            new WireMockServer(
                options().dynamicPort().bindAddress("127.0.0.1").disableRequestJournal());
        wireMock.start();
        try {
          wireMock.stubFor(
              post(urlPathEqualTo(CREATE))
                  .willReturn(
                      aResponse()
                          .withStatus(200)
                          .withHeader("Content-Type", "application/json")
                          .withBody("{\"id\":\"p-1\",\"status\":\"Completed\"}")));
          awaitCreate("http://127.0.0.1:" + wireMock.port(), Duration.ofSeconds(60));
          print(started);
        } finally {
          wireMock.stop();
        }
      }
    }
  }

  private static void print(long started) {
    System.out.printf(Locale.ROOT, "start %.1f%n", (System.nanoTime() - started) / 1e6);
    System.out.flush();
  }

  /** Sends creates until one is answered 200; a refused connection means not listening yet. */
  private static void awaitCreate(String baseUrl, Duration patience) throws Exception {
    HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    long deadline = System.nanoTime() + patience.toNanos();
    int attempt = 0;
    while (true) {
      try {
        HttpResponse<String> answer =
            http.send(
                HttpRequest.newBuilder(URI.create(baseUrl + CREATE))
                    .timeout(patience)
                    .header("Authorization", "Bearer " + Sandbox.DEFAULT_TOKEN)
                    .header("Content-Type", "application/json")
                    .header("Idempotency-Key", "start-up-" + System.nanoTime() + "-" + attempt++)
                    .POST(HttpRequest.BodyPublishers.ofString(Servers.CREATE_BODY))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
        if (answer.statusCode() == 200) {
          return;
        }
        throw new IllegalStateException(
            "the first create was answered " + answer.statusCode() + ": " + answer.body());
      } catch (ConnectException notYet) {
        if (System.nanoTime() > deadline) {
          throw new IllegalStateException("nothing listened at " + baseUrl + " within " + patience);
        }
        Thread.sleep(5);
      }
    }
  }

  /** The sandbox's own answer to the create, so WireMock's stub answers the same bytes. */
  private static String sandboxCreateAnswer() throws Exception {
    Sandbox sandbox = Sandbox.builder().start();
    try {
      return HttpClient.newHttpClient()
          .send(
              HttpRequest.newBuilder(URI.create(sandbox.baseUrl() + CREATE))
                  .header("Authorization", "Bearer " + sandbox.bearerToken())
                  .header("Content-Type", "application/json")
                  .header("Idempotency-Key", "start-up-answer")
                  .POST(HttpRequest.BodyPublishers.ofString(Servers.CREATE_BODY))
                  .build(),
              HttpResponse.BodyHandlers.ofString())
          .body();
    } finally {
      sandbox.stop();
    }
  }

  /** A WireMock root directory whose one mapping answers the create. */
  private static Path wireMockRoot(String answer) throws IOException {
    Path root = StandaloneServer.wireMockRoot();
    StandaloneServer.mapping(root, "create", "POST", CREATE, answer);
    return root;
  }

  private static void deleteTree(Path root) throws IOException {
    try (var paths = Files.walk(root)) {
      for (Path path : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(path);
      }
    }
  }
}
