package com.merchantpay.conformance.judge;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a consumer's pact may not ask of the machine that verifies it. A provider verifies any
 * consumer's pacts in its CI, so a pact is untrusted input there, and Pact JVM acts on more of it
 * than the contract: it parses XML bodies with external entities resolved, starts (or downloads and
 * starts) the plugins a pact names, and runs its generators and regular expressions however large.
 * Before a pact reaches it, each of these is refused by name:
 *
 * <ul>
 *   <li>a body that declares a DTD ({@code <!DOCTYPE}, {@code <!ENTITY}), in a request or an
 *       answer: no answer of either interface has one, and a DTD is how an entity reads a file or
 *       calls a URL;
 *   <li>a plugin, named in the pact's metadata or configured on an interaction, unless the caller
 *       allows plugins;
 *   <li>a generator that would make more than {@link #MAX_GENERATED} characters, and a regular
 *       expression longer than {@link #MAX_REGEX} characters or repeating anything more than {@link
 *       #MAX_REPEAT} times.
 * </ul>
 */
public final class PactScreen {
  /** Longest value a generator may make: Pact's own defaults are 20 characters or 10 digits. */
  public static final int MAX_GENERATED = 10_000;

  /** Longest regular expression a pact may hold. */
  public static final int MAX_REGEX = 1_000;

  /** Largest bound a counted repetition ({@code x{n,m}}) of a regular expression may have. */
  public static final int MAX_REPEAT = 1_000;

  private static final Map<String, String> SIZED_GENERATORS =
      Map.of("RandomString", "size", "RandomHexadecimal", "digits", "RandomDecimal", "digits");
  private static final Pattern CHARSET =
      Pattern.compile("(?i)charset\\s*=\\s*\"?([A-Za-z0-9._:+-]+)");
  private static final Pattern REPEAT = Pattern.compile("\\{\\s*(\\d+)\\s*(?:,\\s*(\\d*)\\s*)?}");

  private PactScreen() {}

  /**
   * Why the pact cannot be verified here, one line per finding; empty when it can.
   *
   * @param pluginsAllowed whether the caller lets Pact start the plugins the pact names
   */
  public static List<String> refusals(JsonNode pact, boolean pluginsAllowed) {
    List<String> refusals = new ArrayList<>();
    if (!pluginsAllowed && nonEmpty(pact.path("metadata").path("plugins"))) {
      refusals.add(
          "the pact needs plugins (metadata.plugins), which Pact would start or download and run; "
              + "allow them with --allow-plugins only for a pact whose author you trust");
    }
    int count = 0;
    for (JsonNode interaction : pact.path("interactions")) {
      count++;
      String name = "'" + interaction.path("description").asText("interaction " + count) + "'";
      if (!pluginsAllowed && nonEmpty(interaction.path("pluginConfiguration"))) {
        refusals.add(
            name
                + ": configures a plugin (pluginConfiguration); allow plugins with --allow-plugins");
      }
      for (String part : List.of("request", "response")) {
        JsonNode body = interaction.path(part).path("body");
        if (declaresDtd(body)) {
          refusals.add(
              name
                  + ": the "
                  + part
                  + " body declares a DTD (<!DOCTYPE or <!ENTITY); no body of either interface has "
                  + "one, and the kit parses none");
        }
      }
      walk(interaction, name, refusals);
    }
    return refusals;
  }

  private static boolean nonEmpty(JsonNode node) {
    return node.isContainerNode()
        ? !node.isEmpty()
        : node.isValueNode() && !node.isNull() && !node.asText().isEmpty();
  }

  private static boolean declaresDtd(JsonNode body) {
    if (body.isMissingNode() || body.isNull()) {
      return false;
    }
    byte[] bytes;
    try {
      bytes = PactJudge.body(body);
    } catch (IllegalArgumentException e) {
      bytes = body.toString().getBytes(StandardCharsets.UTF_8);
    }
    return declaresDtd(bytes, body.path("contentType").asText(null));
  }

  /**
   * Whether a body declares a DTD, however it is encoded: read as the bytes it is with the zero
   * bytes of a UTF-16 or UTF-32 text left out, and in the charset its content type names, which is
   * how Pact decodes it before parsing.
   *
   * @param contentType the body's content type, or null
   */
  public static boolean declaresDtd(byte[] body, String contentType) {
    byte[] ascii = new byte[body.length];
    int length = 0;
    for (byte b : body) {
      if (b != 0) {
        ascii[length++] = b;
      }
    }
    if (holdsDtd(new String(ascii, 0, length, StandardCharsets.ISO_8859_1))) {
      return true;
    }
    Charset declared = charset(contentType);
    return declared != null && holdsDtd(new String(body, declared));
  }

  private static boolean holdsDtd(String text) {
    String upper = text.toUpperCase(Locale.ROOT);
    return upper.contains("<!DOCTYPE") || upper.contains("<!ENTITY");
  }

  private static Charset charset(String contentType) {
    if (contentType == null) {
      return null;
    }
    Matcher named = CHARSET.matcher(contentType);
    if (!named.find()) {
      return null;
    }
    try {
      return Charset.forName(named.group(1));
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  /** Every generator and regular expression of the interaction, wherever it sits. */
  private static void walk(JsonNode node, String name, List<String> refusals) {
    if (node.isArray()) {
      node.forEach(element -> walk(element, name, refusals));
      return;
    }
    if (!node.isObject()) {
      return;
    }
    String sizeMember = SIZED_GENERATORS.get(node.path("type").asText());
    if (sizeMember != null && node.path(sizeMember).asLong(0) > MAX_GENERATED) {
      refusals.add(
          name
              + ": a "
              + node.path("type").asText()
              + " generator of "
              + node.path(sizeMember).asText()
              + " "
              + sizeMember
              + ", over the "
              + MAX_GENERATED
              + " the kit makes");
    }
    if (node.path("regex").isTextual()) {
      String problem = regexProblem(node.path("regex").asText());
      if (problem != null) {
        refusals.add(name + ": " + problem);
      }
    }
    node.forEach(member -> walk(member, name, refusals));
  }

  private static String regexProblem(String regex) {
    if (regex.length() > MAX_REGEX) {
      return "a regular expression of "
          + regex.length()
          + " characters, over the "
          + MAX_REGEX
          + " the kit runs";
    }
    Matcher repeat = REPEAT.matcher(regex);
    while (repeat.find()) {
      for (String bound : new String[] {repeat.group(1), repeat.group(2)}) {
        boolean tooMany =
            bound != null
                && !bound.isEmpty()
                && (bound.length() > 6 || Integer.parseInt(bound) > MAX_REPEAT);
        if (tooMany) {
          return "a regular expression repeating "
              + bound
              + " times ("
              + repeat.group()
              + "), over the "
              + MAX_REPEAT
              + " the kit runs";
        }
      }
    }
    return null;
  }
}
