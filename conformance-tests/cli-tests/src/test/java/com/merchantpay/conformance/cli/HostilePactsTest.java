package com.merchantpay.conformance.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.merchantpay.pacts.PactFiles;
import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A consumer's pacts, and a provider's answers, written to attack the machine that verifies them:
 * the verifier reads no file, calls no URL, starts no plugin, makes no huge value and never runs
 * past its budget because of them, and prints nothing of a file it was not asked to read.
 */
class HostilePactsTest {
  @RegisterExtension static final SandboxForTheKit sandbox = new SandboxForTheKit();
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String SECRET = "VERIFIER-SECRET-7Q2Z";

  @TempDir Path dir;
  @TempDir Path elsewhere;
  private Path secretFile;
  private HttpServer listener;
  private final AtomicInteger calledBack = new AtomicInteger();

  @BeforeEach
  void aSecretFileAndAUrlThatCountsVisits() throws Exception {
    secretFile = elsewhere.resolve("secret.txt");
    Files.writeString(secretFile, SECRET);
    listener = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 8);
    listener.createContext(
        "/",
        exchange -> {
          calledBack.incrementAndGet();
          exchange.sendResponseHeaders(200, -1);
          exchange.close();
        });
    listener.start();
  }

  @AfterEach
  void stop() {
    listener.stop(0);
  }

  @Test
  void aPactWhoseXmlDeclaresEntitiesIsRefusedBeforeAnythingReadsIt() throws Exception {
    String oob = "http://127.0.0.1:" + listener.getAddress().getPort() + "/dtd";
    ObjectNode interaction = documentsAsXml();
    ((ObjectNode) interaction.path("response").path("body"))
        .put(
            "content",
            "<?xml version=\"1.0\"?><!DOCTYPE r [<!ENTITY f SYSTEM \""
                + secretFile.toUri()
                + "\"><!ENTITY % p SYSTEM \""
                + oob
                + "\"> %p;]><RestController.RestResponse><ErrorCode>&f;</ErrorCode>"
                + "</RestController.RestResponse>");
    write("shop.json", interaction);

    Ran ran = pact("--pacts", dir.toString());

    assertThat(ran.exit()).as(ran.out()).isEqualTo(2);
    assertThat(ran.out())
        .contains("shop.json: refused, nothing verified")
        .contains("'documents as XML': the response body declares a DTD")
        .doesNotContain(SECRET);
    assertThat(calledBack).as("calls to the pact's URL").hasValue(0);
  }

  @Test
  void checkPactsJudgesAnXmlBodyThatDeclaresEntitiesWithoutReadingThem() throws Exception {
    ObjectNode interaction = documentsAsXml();
    ((ObjectNode) interaction.path("response").path("body"))
        .put(
            "content",
            "<?xml version=\"1.0\"?><!DOCTYPE r [<!ENTITY f SYSTEM \""
                + secretFile.toUri()
                + "\">]><RestController.RestResponse><ErrorCode>&f;</ErrorCode>"
                + "</RestController.RestResponse>");
    write("shop.json", interaction);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    PrintStream stream = new PrintStream(out, true, StandardCharsets.UTF_8);

    int exit = ConformanceCli.execute(stream, stream, "check-pacts", dir.toString());

    assertThat(exit).isEqualTo(1);
    assertThat(out.toString(StandardCharsets.UTF_8)).contains("DEPARTS").doesNotContain(SECRET);
  }

  @Test
  void aProvidersXmlAnswerThatDeclaresEntitiesFailsItsInteractionUnread() throws Exception {
    MutatingProxy.Fault entities =
        new MutatingProxy.Fault() {
          @Override
          public void answer(MutatingProxy.Call call, MutatingProxy.Answer answer) {
            if (call.path().endsWith("/listDocuments") && answer.contentType().contains("xml")) {
              String xml =
                  new String(answer.body, StandardCharsets.UTF_8)
                      .replaceFirst("^<\\?xml[^>]*\\?>", "")
                      .replace("<ErrorCode>0</ErrorCode>", "<ErrorCode>&f;</ErrorCode>");
              answer.body =
                  ("<?xml version=\"1.0\"?><!DOCTYPE RestController.RestResponse [<!ENTITY f SYSTEM \""
                          + secretFile.toUri()
                          + "\">]>"
                          + xml)
                      .getBytes(StandardCharsets.UTF_8);
            }
          }
        };
    write("shop.json", documentsAsXml());

    Ran ran;
    try (MutatingProxy provider = new MutatingProxy(sandbox.target().baseUrl(), entities)) {
      ran = pact("--pacts", dir.toString(), "--base-url", provider.baseUrl().toString());
    }

    assertThat(ran.exit()).as(ran.out()).isEqualTo(1);
    assertThat(ran.out())
        .contains("0 interactions verified, 1 failed")
        .contains("the provider's answer declares a DTD")
        .doesNotContain(SECRET);
  }

  @Test
  void aPactThatNamesPluginsIsRefusedUnlessPluginsAreAllowed() throws Exception {
    ObjectNode pact = pact(documentsAsXml());
    ((ObjectNode) pact.path("metadata"))
        .putArray("plugins")
        .addObject()
        .put("name", "protobuf")
        .put("version", "0.4.0");
    Files.write(dir.resolve("shop.json"), JSON.writeValueAsBytes(pact));

    Ran ran = pact("--pacts", dir.toString());

    assertThat(ran.exit()).as(ran.out()).isEqualTo(2);
    assertThat(ran.out()).contains("the pact needs plugins").contains("--allow-plugins");
    assertThat(ran.out()).doesNotContain("interactions verified");
  }

  @Test
  void hugeGeneratorsAndRepetitionsAreRefusedAtOnce() throws Exception {
    ObjectNode interaction = documentsAsXml();
    ObjectNode request = (ObjectNode) interaction.path("request");
    ((ObjectNode) request.path("generators"))
        .putObject("header")
        .putObject("X-Filler")
        .put("type", "RandomString")
        .put("size", 400_000_000);
    ((ObjectNode) request.path("matchingRules").path("query").path("login"))
        .putArray("matchers")
        .addObject()
        .put("match", "regex")
        .put("regex", "(.*){1,32000}[bc]");
    write("shop.json", interaction);

    Ran ran = pact("--pacts", dir.toString());

    assertThat(ran.exit()).as(ran.out()).isEqualTo(2);
    assertThat(ran.out())
        .contains("a RandomString generator of 400000000 size")
        .contains("a regular expression repeating 32000 times");
    // Refused while the pact is screened: no interaction was replayed, so nothing was generated or
    // matched (what is shown, not how long it took).
    assertThat(ran.out()).doesNotContain("interactions verified");
  }

  @Test
  void aProviderSlowerThanTheBudgetEndsTheVerificationWithAReport() throws Exception {
    MutatingProxy.Fault slow =
        new MutatingProxy.Fault() {
          @Override
          public void request(MutatingProxy.Call call) {
            try {
              Thread.sleep(3_000);
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
            }
          }
        };
    long started = System.nanoTime();
    Ran ran;
    try (MutatingProxy provider = new MutatingProxy(sandbox.target().baseUrl(), slow)) {
      ran = pact("--base-url", provider.baseUrl().toString(), "--budget", "2");
    }

    assertThat(ran.exit()).as(ran.out()).isEqualTo(1);
    assertThat(ran.out()).contains("the budget of 2 s is spent").contains("Pact verification:");
    assertThat((System.nanoTime() - started) / 1_000_000).isLessThan(10_000);
  }

  @Test
  void aLinkToAnotherFileIsRefusedByItsNameAndNoFileIsQuoted() throws Exception {
    Files.createSymbolicLink(dir.resolve("shop.json"), secretFile);
    Path notJson = Files.createDirectory(elsewhere.resolve("plain"));
    Files.writeString(notJson.resolve("notes.json"), SECRET + " is not JSON");

    Ran linked = pact("--pacts", dir.toString());
    Ran plain = pact("--pacts", notJson.toString());

    assertThat(linked.exit()).isEqualTo(2);
    assertThat(linked.out()).contains("shop.json: a symbolic link").doesNotContain(SECRET);
    assertThat(plain.exit()).isEqualTo(2);
    assertThat(plain.out()).contains("notes.json: not JSON (at line 1").doesNotContain(SECRET);
  }

  @Test
  void whatAPactSaysReachesTheConsoleWithoutTerminalControls() throws Exception {
    ObjectNode interaction = documentsAsXml();
    interaction.put("description", "docs\u001b[2K\r  PASS  forged\u001b]0;owned\u0007");
    interaction.put("type", "Asynchronous/Messages\u001b[31m");
    write("shop.json", interaction);

    Ran ran = pact("--pacts", dir.toString());

    assertThat(ran.out()).contains("\\u001B[2K\\u000D  PASS  forged");
    assertThat(ran.out().chars()).noneMatch(c -> c < 0x20 && c != '\n' && c != '\t');
  }

  /**
   * The packaged v1 pact's document list, asked for as XML (the documents' {@code xml=1}) and
   * expected as the XML envelope.
   */
  private static ObjectNode documentsAsXml() throws Exception {
    Path packaged = Files.createTempDirectory("packaged-pacts");
    try {
      PactFiles.extractTo(packaged);
      JsonNode v1 =
          JSON.readTree(packaged.resolve("merchantpay-client-v1-merchantpay-v1.json").toFile());
      for (JsonNode interaction : v1.path("interactions")) {
        if (interaction.path("description").asText().equals("documents are listed")) {
          ObjectNode copy = interaction.deepCopy();
          copy.put("description", "documents as XML");
          ((ObjectNode) copy.path("request").path("query")).putArray("xml").add("1");
          ObjectNode response = (ObjectNode) copy.path("response");
          response.remove("matchingRules");
          response.putObject("headers").putArray("Content-Type").add("application/xml");
          response
              .putObject("body")
              .put(
                  "content",
                  "<RestController.RestResponse><ErrorCode>0</ErrorCode>"
                      + "</RestController.RestResponse>")
              .put("contentType", "application/xml")
              .put("encoded", false);
          return copy;
        }
      }
      throw new AssertionError("the packaged v1 pact lists no documents");
    } finally {
      try (var files = Files.list(packaged)) {
        for (Path file : files.toList()) {
          Files.delete(file);
        }
      }
      Files.delete(packaged);
    }
  }

  private static ObjectNode pact(ObjectNode... interactions) {
    ObjectNode pact = JSON.createObjectNode();
    pact.putObject("consumer").put("name", "shop-backend");
    pact.putObject("provider").put("name", "payment-gateway");
    ArrayNode list = pact.putArray("interactions");
    for (ObjectNode interaction : interactions) {
      list.add(interaction);
    }
    pact.putObject("metadata").putObject("pactSpecification").put("version", "4.0");
    return pact;
  }

  private void write(String name, ObjectNode... interactions) throws Exception {
    Files.write(dir.resolve(name), JSON.writeValueAsBytes(pact(interactions)));
  }

  record Ran(int exit, String out) {}

  /**
   * The pact command with the arguments given, the sandbox's credentials and, unless the arguments
   * name another, the sandbox as the provider.
   */
  private static Ran pact(String... args) {
    List<String> all = new ArrayList<>(List.of("pact"));
    all.addAll(List.of(args));
    all.addAll(
        List.of(
            "--token",
            sandbox.target().bearerToken(),
            "--merchant",
            sandbox.target().merchantId(),
            "--v1-login",
            sandbox.target().v1Login(),
            "--v1-password",
            sandbox.target().v1Password()));
    if (!all.contains("--base-url")) {
      all.addAll(List.of("--base-url", sandbox.target().baseUrl().toString()));
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    PrintStream stream = new PrintStream(out, true, StandardCharsets.UTF_8);
    int exit = ConformanceCli.execute(stream, stream, all.toArray(String[]::new));
    return new Ran(exit, out.toString(StandardCharsets.UTF_8));
  }
}
