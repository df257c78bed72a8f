package com.merchantpay.benchmarks;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.merchantpay.sandbox.Sandbox;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.ServerSocket;
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
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A server in a JVM of its own, started as its users start it: the sandbox's standalone jar with
 * {@code java -jar} alone, and WireMock's standalone server with its defaults, answering the
 * sandbox's own answers. Each JVM writes its collector's pauses to a log of its own, so a row's
 * pauses are its server's alone, not those of the driver or of the other server.
 */
final class StandaloneServer implements AutoCloseable {
  private static final String CREATE = "/api/v2/payments";
  private static final Pattern COLLECTOR = Pattern.compile("collector: (\\S.*?) \\(");
  private static final Pattern PAUSE = Pattern.compile("Pause[^\\n]* ([0-9.]+)ms");

  private final Process process;
  private final Path gcLog;
  private final Path output;
  private final Path wireMockRoot;
  final String baseUrl;

  /** The path of one payment the sandbox made, for the read rows; WireMock stubs the same one. */
  final String paymentPath;

  private StandaloneServer(
      Process process,
      Path gcLog,
      Path output,
      Path wireMockRoot,
      String baseUrl,
      String paymentPath) {
    this.process = process;
    this.gcLog = gcLog;
    this.output = output;
    this.wireMockRoot = wireMockRoot;
    this.baseUrl = baseUrl;
    this.paymentPath = paymentPath;
  }

  /**
   * The sandbox's standalone jar launched as its documents show, {@code java -jar} with no option
   * about the heap or the collector, so with the settings it chooses itself; one payment made.
   */
  static StandaloneServer sandbox(Path jar) throws Exception {
    int port = freePort();
    List<String> command =
        new ArrayList<>(List.of("-jar", jar.toString(), "--port", Integer.toString(port)));
    StandaloneServer server = start(command, port, null);
    try {
      String id =
          new ObjectMapper()
              .readTree(server.create("standalone-payment").body())
              .path("id")
              .asText();
      return new StandaloneServer(
          server.process, server.gcLog, server.output, null, server.baseUrl, CREATE + "/" + id);
    } catch (Exception | Error e) {
      server.close();
      throw e;
    }
  }

  /**
   * WireMock's standalone server (from this JVM's class path, as {@code java -jar} would run it),
   * its journal off, answering the create and a read of {@code sandbox}'s payment with the
   * sandbox's answers.
   */
  static StandaloneServer wireMock(StandaloneServer sandbox) throws Exception {
    String createAnswer = sandbox.create("standalone-stub").body();
    String readAnswer =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(URI.create(sandbox.baseUrl + sandbox.paymentPath))
                    .header("Authorization", "Bearer " + Sandbox.DEFAULT_TOKEN)
                    .build(),
                HttpResponse.BodyHandlers.ofString())
            .body();
    Path root = wireMockRoot();
    mapping(root, "create", "POST", CREATE, createAnswer);
    mapping(root, "read", "GET", sandbox.paymentPath, readAnswer);
    int port = freePort();
    StandaloneServer server = start(wireMockArguments(port, root), port, root);
    return new StandaloneServer(
        server.process, server.gcLog, server.output, root, server.baseUrl, sandbox.paymentPath);
  }

  /**
   * WireMock's standalone server from this JVM's class path, as {@code java -jar} would run it: on
   * {@code port}, its stubs from {@code root}, its journal off.
   */
  static List<String> wireMockArguments(int port, Path root) {
    return List.of(
        "-cp",
        System.getProperty("java.class.path"),
        "wiremock.Run",
        "--port",
        Integer.toString(port),
        "--bind-address",
        "127.0.0.1",
        "--root-dir",
        root.toString(),
        "--disable-banner",
        "--no-request-journal");
  }

  /** An empty WireMock root directory, for {@link #mapping}'s stubs. */
  static Path wireMockRoot() throws IOException {
    Path root = Files.createTempDirectory("merchantpay-wiremock");
    Files.createDirectories(root.resolve("mappings"));
    Files.createDirectories(root.resolve("__files"));
    return root;
  }

  /** A stub in a WireMock root directory: {@code method path} answered 200 with {@code answer}. */
  static void mapping(Path root, String name, String method, String path, String answer)
      throws IOException {
    ObjectMapper json = new ObjectMapper();
    ObjectNode mapping = json.createObjectNode();
    mapping.putObject("request").put("method", method).put("urlPath", path);
    ObjectNode response = mapping.putObject("response").put("status", 200).put("body", answer);
    response.putObject("headers").put("Content-Type", "application/json");
    Files.writeString(root.resolve("mappings/" + name + ".json"), json.writeValueAsString(mapping));
  }

  private static StandaloneServer start(List<String> arguments, int port, Path wireMockRoot)
      throws Exception {
    Path gcLog = Files.createTempFile("merchantpay-gc", ".log");
    Path output = Files.createTempFile("merchantpay-server", ".log");
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-Xlog:gc:file=" + gcLog);
    command.addAll(arguments);
    Process process =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(output.toFile())
            .start();
    StandaloneServer server =
        new StandaloneServer(
            process, gcLog, output, wireMockRoot, "http://127.0.0.1:" + port, null);
    try {
      long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
      while (true) {
        try {
          if (server.create("standalone-start").statusCode() == 200) {
            return server;
          }
          throw new IllegalStateException(
              "the server refused the first create: " + Files.readString(output));
        } catch (ConnectException notYet) {
          if (System.nanoTime() > deadline || !process.isAlive()) {
            throw new IllegalStateException(
                "nothing listened at " + server.baseUrl + ": " + Files.readString(output));
          }
          Thread.sleep(10);
        }
      }
    } catch (Exception | Error e) {
      server.close();
      throw e;
    }
  }

  private HttpResponse<String> create(String key) throws Exception {
    return HttpClient.newBuilder()
        .version(HttpClient.Version.HTTP_1_1)
        .build()
        .send(
            HttpRequest.newBuilder(URI.create(baseUrl + CREATE))
                .header("Authorization", "Bearer " + Sandbox.DEFAULT_TOKEN)
                .header("Content-Type", "application/json")
                .header("Idempotency-Key", key + "-" + System.nanoTime())
                .POST(HttpRequest.BodyPublishers.ofString(Servers.CREATE_BODY))
                .build(),
            HttpResponse.BodyHandlers.ofString());
  }

  /** The collector settings the sandbox said it runs with, as its start-up lines give them. */
  String collector() throws IOException {
    Matcher matcher = COLLECTOR.matcher(Files.readString(output));
    return matcher.find() ? matcher.group(1) : "its JVM's defaults (it printed no collector line)";
  }

  Map<String, String> auth() {
    return Map.of("Authorization", "Bearer " + Sandbox.DEFAULT_TOKEN);
  }

  /** How many bytes of its collector's log the server has written: a mark for {@link #pauses}. */
  long gcMark() throws IOException {
    return Files.size(gcLog);
  }

  /** The collector's pauses the server's JVM logged since {@code mark}. */
  GcPauses.Summary pauses(long mark) throws IOException {
    byte[] all = Files.readAllBytes(gcLog);
    String since =
        new String(
            all,
            (int) Math.min(mark, all.length),
            all.length - (int) Math.min(mark, all.length),
            StandardCharsets.UTF_8);
    List<Double> pauses = new ArrayList<>();
    Matcher matcher = PAUSE.matcher(since);
    while (matcher.find()) {
      pauses.add(Double.parseDouble(matcher.group(1)));
    }
    return GcPauses.Summary.of(pauses);
  }

  static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }

  @Override
  public void close() throws Exception {
    process.destroy();
    process.waitFor();
    Files.deleteIfExists(gcLog);
    Files.deleteIfExists(output);
    if (wireMockRoot != null) {
      Benchmarks.deleteTree(wireMockRoot);
    }
  }
}
