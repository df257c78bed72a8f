package com.merchantpay.conformance.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.merchantpay.conformance.judge.PactJudge;
import com.merchantpay.conformance.judge.PactScreen;
import com.merchantpay.masking.Printable;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Any consumer's pact files, made ready for the verifier: whatever the consumer named the provider,
 * each HTTP interaction goes to the interface its path belongs to ({@code merchantpay-v2} or {@code
 * merchantpay-v1}), whose verification re-signs v1 calls and replaces credentials.
 */
final class PactsByInterface {
  private PactsByInterface() {}

  /**
   * Writes the sorted copies of the pacts in {@code from} into {@code to}, each screened first.
   *
   * @param pluginsAllowed whether a pact may name plugins for Pact to start
   * @throws IllegalArgumentException naming a file that is no pact, one that {@link PactScreen}
   *     refuses with every reason, or a directory without any
   */
  static void sort(Path from, Path to, boolean pluginsAllowed, PrintStream out) throws IOException {
    for (Path file : PactJudge.pactFiles(List.of(from))) {
      JsonNode pact = PactJudge.readPact(file);
      List<String> refusals = PactScreen.refusals(pact, pluginsAllowed);
      if (!refusals.isEmpty()) {
        throw new IllegalArgumentException(
            file + ": refused, nothing verified:\n  " + String.join("\n  ", refusals));
      }
      ObjectNode v2 = copyWithout(pact, "merchantpay-v2");
      ObjectNode v1 = copyWithout(pact, "merchantpay-v1");
      for (JsonNode interaction : pact.path("interactions")) {
        String type = interaction.path("type").asText("Synchronous/HTTP");
        if (!type.equals("Synchronous/HTTP")) {
          out.println(
              "  SKIP  "
                  + Printable.text(interaction.path("description").asText())
                  + ": a "
                  + Printable.text(type)
                  + " interaction, not HTTP");
          continue;
        }
        String path = interaction.path("request").path("path").asText();
        if (!path.startsWith("/api/v1/") && !path.startsWith("/api/v2/")) {
          // A pact directory often holds pacts with other providers too.
          out.println(
              "  SKIP  "
                  + Printable.text(interaction.path("description").asText())
                  + ": "
                  + Printable.text(path)
                  + " is under neither /api/v2 nor /api/v1");
          continue;
        }
        for (JsonNode state : interaction.path("providerStates")) {
          String name = state.path("name").asText();
          if (StateVocabulary.states().stream().noneMatch(s -> s.name().equals(name))) {
            out.println(
                "  NOTE  "
                    + Printable.text(interaction.path("description").asText())
                    + ": no provider state '"
                    + Printable.text(name)
                    + "' is known to the kit (pact --list-states shows those it can make)");
          }
        }
        boolean legacy = path.startsWith("/api/v1/");
        ((ArrayNode) (legacy ? v1 : v2).path("interactions")).add(interaction);
      }
      String stem = file.getFileName().toString().replaceFirst("\\.json$", "");
      for (ObjectNode sorted : List.of(v2, v1)) {
        if (!sorted.path("interactions").isEmpty()) {
          String provider = sorted.path("provider").path("name").asText();
          Files.write(to.resolve(stem + "-" + provider + ".json"), PactJson.bytes(sorted));
        }
      }
    }
  }

  private static ObjectNode copyWithout(JsonNode pact, String provider) {
    ObjectNode copy = pact.deepCopy();
    copy.putObject("provider").put("name", provider);
    copy.putArray("interactions");
    return copy;
  }
}
