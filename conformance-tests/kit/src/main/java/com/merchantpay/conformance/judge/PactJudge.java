package com.merchantpay.conformance.judge;

import com.atlassian.oai.validator.OpenApiInteractionValidator;
import com.atlassian.oai.validator.model.Request;
import com.atlassian.oai.validator.model.SimpleRequest;
import com.atlassian.oai.validator.report.LevelResolver;
import com.atlassian.oai.validator.report.ValidationReport;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.TextNode;
import com.merchantpay.masking.Printable;
import com.merchantpay.spec.ApiSpec;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Judges the interactions of any consumer's pact file (Pact specification V2, V3 or V4) against the
 * service documents: each request must be one the document of its interface allows, and each
 * recorded answer must not contradict what the documents allow for it (it may leave out what the
 * consumer does not use). The values checked are those written in the file, which for a matcher are
 * its example values. Nothing is sent anywhere.
 *
 * <pre>{@code
 * PactJudge.Judged judged = PactJudge.create().judge(Path.of("target/pacts/shop-payments.json"));
 * assertThat(judged.departures()).isEmpty();
 * }</pre>
 */
public final class PactJudge {
  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * A recorded answer holds only what the consumer relies on; Pact lets the provider send more. So
   * a member the consumer left out is no departure (nor a whole body: see {@link #judge}); one it
   * expects wrongly is.
   */
  private static final String UNASSERTED_MEMBER = "validation.response.body.schema.required";

  /** What one interaction was found to do. */
  public record Finding(String interaction, Kind kind, String text) {
    /** A pact is a stranger's file: what it says is printed, so it is made printable first. */
    public Finding {
      interaction = Printable.text(interaction);
      text = Printable.text(text);
    }

    public enum Kind {
      /** A rule of the documents is broken: the consumer expects what the service need not do. */
      DEPARTURE,
      /** A point the documents leave open, read otherwise than our spec: reported, not failed. */
      READING,
      /** Not judged: not an HTTP interaction, or a path under neither interface. */
      NOT_JUDGED
    }

    @Override
    public String toString() {
      return interaction + ": " + text;
    }
  }

  /** One pact file judged. */
  public record Judged(
      Path file, String consumer, String provider, int interactions, List<Finding> findings) {
    public Judged {
      consumer = Printable.text(consumer);
      provider = Printable.text(provider);
      findings = List.copyOf(findings);
    }

    public List<Finding> departures() {
      return findings.stream().filter(f -> f.kind() == Finding.Kind.DEPARTURE).toList();
    }

    public List<Finding> readings() {
      return findings.stream().filter(f -> f.kind() == Finding.Kind.READING).toList();
    }
  }

  private final Map<ApiSpec, OpenApiInteractionValidator> requests = new EnumMap<>(ApiSpec.class);
  private final Map<ApiSpec, ExchangeJudge> answers = new EnumMap<>(ApiSpec.class);

  private PactJudge() {
    for (ApiSpec spec : List.of(ApiSpec.V2, ApiSpec.V1)) {
      requests.put(
          spec,
          OpenApiInteractionValidator.createFor(SpecModel.of(spec).openApi())
              .withLevelResolver(
                  LevelResolver.create()
                      // A pact records the consumer's side; a verifier sends the provider's own
                      // credentials, so their absence is no departure.
                      .withLevel(
                          "validation.request.security.missing", ValidationReport.Level.IGNORE)
                      .build())
              .build());
      answers.put(spec, ExchangeJudge.of(spec));
    }
  }

  public static PactJudge create() {
    return new PactJudge();
  }

  /**
   * Judges every interaction of the file.
   *
   * @throws IOException when the file cannot be read
   * @throws IllegalArgumentException when it is not a pact file, saying why
   */
  public Judged judge(Path file) throws IOException {
    JsonNode pact = readPact(file);
    List<Finding> findings = new ArrayList<>();
    int count = 0;
    for (JsonNode interaction : pact.path("interactions")) {
      count++;
      String name =
          interaction.path("description").asText("interaction " + count)
              + states(interaction.path("providerStates"), interaction.path("providerState"));
      try {
        judge(interaction, name, findings);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(file + ": " + name + ": " + e.getMessage(), e);
      }
    }
    return new Judged(
        file,
        pact.path("consumer").path("name").asText("?"),
        pact.path("provider").path("name").asText("?"),
        count,
        findings);
  }

  /** A pact file larger than this is refused before it is read: a consumer's file is untrusted. */
  public static final long MAX_PACT_BYTES = 8L << 20;

  /**
   * A pact file's JSON. What the file holds is never quoted in a refusal: the file may be a
   * stranger's, and a refusal is printed.
   *
   * @throws IllegalArgumentException when the file is too large, not JSON, or no pact, saying which
   */
  public static JsonNode readPact(Path file) throws IOException {
    if (Files.size(file) > MAX_PACT_BYTES) {
      throw new IllegalArgumentException(
          file + ": over " + (MAX_PACT_BYTES >> 20) + " MiB, larger than any pact the kit reads");
    }
    JsonNode pact;
    try {
      pact = JSON.readTree(Files.readAllBytes(file));
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      com.fasterxml.jackson.core.JsonLocation at = e.getLocation();
      throw new IllegalArgumentException(
          file
              + ": not JSON"
              + (at == null
                  ? ""
                  : " (at line " + at.getLineNr() + ", column " + at.getColumnNr() + ")"));
    }
    if (pact == null || !pact.path("interactions").isArray()) {
      throw new IllegalArgumentException(file + ": not a pact file (no \"interactions\" array)");
    }
    return pact;
  }

  /**
   * The pact files these paths name: files as given, and the {@code *.json} files of directories,
   * in name order. A symbolic link in a directory is refused, never followed: a consumer's
   * directory could point it at any file of the machine that verifies it.
   *
   * @throws IllegalArgumentException for a path that does not exist, a link in a directory, or when
   *     there is no file
   */
  public static List<Path> pactFiles(List<Path> paths) throws IOException {
    List<Path> files = new ArrayList<>();
    for (Path path : paths) {
      if (Files.isDirectory(path)) {
        try (Stream<Path> listed = Files.list(path)) {
          for (Path file : listed.filter(p -> p.toString().endsWith(".json")).sorted().toList()) {
            if (Files.isSymbolicLink(file)) {
              throw new IllegalArgumentException(
                  file + ": a symbolic link; the kit reads only the regular files of a directory");
            }
            files.add(file);
          }
        }
      } else if (Files.isRegularFile(path)) {
        files.add(path);
      } else {
        throw new IllegalArgumentException("no such file or directory: " + path);
      }
    }
    if (files.isEmpty()) {
      throw new IllegalArgumentException("no pact files (*.json) in " + paths);
    }
    return files;
  }

  private void judge(JsonNode interaction, String name, List<Finding> findings) {
    String type = interaction.path("type").asText("Synchronous/HTTP");
    if (!type.equals("Synchronous/HTTP")) {
      findings.add(
          new Finding(name, Finding.Kind.NOT_JUDGED, "a " + type + " interaction, not HTTP"));
      return;
    }
    JsonNode request = interaction.path("request");
    String method = request.path("method").asText("GET").toUpperCase(Locale.ROOT);
    String path = request.path("path").asText("/");
    ApiSpec spec =
        path.startsWith("/api/v1/") ? ApiSpec.V1 : path.startsWith("/api/v2/") ? ApiSpec.V2 : null;
    if (spec == null) {
      // A pact directory often holds pacts with other providers too.
      findings.add(
          new Finding(
              name, Finding.Kind.NOT_JUDGED, path + " is under neither /api/v2 nor /api/v1"));
      return;
    }
    SpecModel.Operation operation = SpecModel.of(spec).operation(method, path);
    if (operation == null) {
      findings.add(
          new Finding(
              name,
              Finding.Kind.DEPARTURE,
              method + " " + path + " is no operation of either interface"));
      return;
    }
    String where = " (" + operation.id() + ")";
    for (String problem : requestProblems(spec, method, path, request)) {
      findings.add(new Finding(name + where, Finding.Kind.DEPARTURE, "request: " + problem));
    }
    JsonNode response = interaction.path("response");
    int status = response.path("status").asInt(200);
    String unsigned = credentialsMissing(spec, request);
    JsonNode expected = parseJson(body(response.path("body")));
    boolean success =
        spec == ApiSpec.V2
            ? status / 100 == 2
            : status == 200 && expected != null && expected.path("ErrorCode").asInt(-1) == 0;
    if (unsigned != null && success) {
      // The documents give every request its credentials: a consumer expecting a success without
      // them expects what the service never does, or leaves a provider to add them by a filter.
      findings.add(
          new Finding(
              name + where,
              Finding.Kind.DEPARTURE,
              "request: "
                  + unsigned
                  + ", yet the consumer expects HTTP "
                  + status
                  + "; the service answers no request without its credentials, and a provider"
                  + " verifying this pact would have to add them by a request filter"));
    }
    Map<String, List<String>> headers = headers(response.path("headers"));
    byte[] body = body(response.path("body"));
    if (body.length == 0) {
      // The consumer relies on the status alone; only a status no answer may have departs.
      if (status >= 500 || status / 100 != 2 && status / 100 != 4) {
        findings.add(
            new Finding(
                name + where,
                Finding.Kind.DEPARTURE,
                "response: HTTP " + status + " is neither the documented answer nor a refusal"));
      }
      return;
    }
    if (body.length > 0 && header(headers, "Content-Type") == null) {
      // Pact's own default: a body without a declared type is JSON (XML when it reads as XML).
      String text = new String(body, StandardCharsets.UTF_8).stripLeading();
      headers.put(
          "Content-Type", List.of(text.startsWith("<") ? "application/xml" : "application/json"));
    }
    ExchangeJudge.Verdict verdict = answers.get(spec).verdict(method, path, status, headers, body);
    for (String departure : verdict.departures()) {
      if (!departure.startsWith(UNASSERTED_MEMBER)
          && !departure.startsWith(ExchangeJudge.MISSING_MEMBERS)) {
        findings.add(new Finding(name + where, Finding.Kind.DEPARTURE, "response: " + departure));
      }
    }
    for (ExchangeJudge.Reading reading : verdict.readings()) {
      if (reading.differs()) {
        findings.add(new Finding(name + where, Finding.Kind.READING, "response: " + reading));
      }
    }
    JsonNode json = parseJson(body);
    if (json == null) {
      return;
    }
    if (spec == ApiSpec.V2 && status / 100 == 2 && json.path("code").isTextual()) {
      findings.add(
          new Finding(
              name + where,
              Finding.Kind.DEPARTURE,
              "response: an error body (code "
                  + json.path("code").asText()
                  + ") under HTTP "
                  + status
                  + "; the service refuses with a 4xx, never with a success"));
    }
    List<String> undefined = UndefinedMembers.of(operation.answerSchema(status), json);
    if (!undefined.isEmpty()) {
      findings.add(
          new Finding(
              name + where,
              Finding.Kind.DEPARTURE,
              "response: the consumer relies on "
                  + String.join(", ", undefined)
                  + ", which the documents never define for this answer: no provider need send "
                  + (undefined.size() == 1 ? "it" : "them")));
    }
  }

  /**
   * What of the documents' credentials a request lacks: v2's bearer {@code Authorization} header,
   * v1's login, nonce and hash (in the query, or the form of a POST); null when it has them.
   */
  private static String credentialsMissing(ApiSpec spec, JsonNode request) {
    if (spec == ApiSpec.V2) {
      String authorization = header(headers(request.path("headers")), "Authorization");
      return authorization == null || authorization.isBlank() ? "no Authorization header" : null;
    }
    Map<String, List<String>> values = new LinkedHashMap<>(query(request.path("query")));
    byte[] body = body(request.path("body"));
    if (body.length > 0) {
      values.putAll(query(TextNode.valueOf(new String(body, StandardCharsets.UTF_8))));
    }
    List<String> missing = new ArrayList<>();
    for (String name : List.of("login", "nonce", "hash")) {
      if (!values.containsKey(name)) {
        missing.add(name);
      }
    }
    return missing.isEmpty() ? null : "no " + String.join(", ", missing);
  }

  private static JsonNode parseJson(byte[] body) {
    try {
      JsonNode json = JSON.readTree(body);
      return json != null && (json.isObject() || json.isArray()) ? json : null;
    } catch (IOException e) {
      return null;
    }
  }

  private List<String> requestProblems(ApiSpec spec, String method, String path, JsonNode request) {
    SimpleRequest.Builder built = new SimpleRequest.Builder(Request.Method.valueOf(method), path);
    query(request.path("query"))
        .forEach((name, values) -> values.forEach(v -> built.withQueryParam(name, v)));
    Map<String, List<String>> headers = headers(request.path("headers"));
    headers.forEach((name, values) -> values.forEach(v -> built.withHeader(name, v)));
    byte[] body = body(request.path("body"));
    if (body.length > 0) {
      if (header(headers, "Content-Type") == null) {
        String text = new String(body, StandardCharsets.UTF_8).stripLeading();
        built.withContentType(
            text.startsWith("{") || text.startsWith("[")
                ? "application/json"
                : "application/x-www-form-urlencoded");
      }
      built.withBody(new String(body, StandardCharsets.UTF_8));
    }
    List<String> problems = new ArrayList<>();
    for (ValidationReport.Message message :
        requests.get(spec).validateRequest(built.build()).getMessages()) {
      if (message.getLevel() == ValidationReport.Level.ERROR) {
        problems.add(message.getMessage());
      }
    }
    return problems;
  }

  /** " (given a, b)" for the provider states an interaction names, V3/V4 or V2 form. */
  private static String states(JsonNode states, JsonNode legacy) {
    List<String> names = new ArrayList<>();
    states.forEach(s -> names.add(s.path("name").asText()));
    if (legacy.isTextual()) {
      names.add(legacy.asText());
    }
    return names.isEmpty() ? "" : " (given " + String.join(", ", names) + ")";
  }

  /** Query parameters as V2 writes them ("a=1&b=2") or V3/V4 (name to a value or a list). */
  private static Map<String, List<String>> query(JsonNode query) {
    Map<String, List<String>> out = new LinkedHashMap<>();
    if (query.isTextual()) {
      for (String pair : query.asText().split("&")) {
        if (!pair.isEmpty()) {
          int eq = pair.indexOf('=');
          String name = decode(eq < 0 ? pair : pair.substring(0, eq));
          out.computeIfAbsent(name, n -> new ArrayList<>())
              .add(eq < 0 ? "" : decode(pair.substring(eq + 1)));
        }
      }
    } else {
      query.properties().forEach(e -> out.put(e.getKey(), values(e.getValue())));
    }
    return out;
  }

  /** Headers as V2/V3 write them (name to a value) or V4 (name to a list). */
  private static Map<String, List<String>> headers(JsonNode headers) {
    Map<String, List<String>> out = new LinkedHashMap<>();
    headers.properties().forEach(e -> out.put(e.getKey(), values(e.getValue())));
    return out;
  }

  private static List<String> values(JsonNode node) {
    List<String> values = new ArrayList<>();
    if (node.isArray()) {
      node.forEach(v -> values.add(v.asText()));
    } else {
      values.add(node.asText());
    }
    return values;
  }

  /**
   * The body's bytes: V4 keeps it as {@code {"content": ..., "encoded": ...}}, earlier versions
   * inline (JSON, or a string for any other type).
   */
  static byte[] body(JsonNode body) {
    if (body.isMissingNode() || body.isNull()) {
      return new byte[0];
    }
    boolean v4 = body.isObject() && body.has("content") && body.has("contentType");
    JsonNode content = v4 ? body.path("content") : body;
    // "encoded" is false, or names the encoding: only base64 is; "json" is plain content.
    if (v4 && body.path("encoded").asText().equalsIgnoreCase("base64")) {
      try {
        return Base64.getDecoder().decode(content.asText());
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("a body marked base64 is not: " + e.getMessage());
      }
    }
    if (content.isTextual()) {
      return content.asText().getBytes(StandardCharsets.UTF_8);
    }
    return content.toString().getBytes(StandardCharsets.UTF_8);
  }

  private static String header(Map<String, List<String>> headers, String name) {
    for (Map.Entry<String, List<String>> header : headers.entrySet()) {
      if (header.getKey().equalsIgnoreCase(name) && !header.getValue().isEmpty()) {
        return header.getValue().get(0);
      }
    }
    return null;
  }

  private static String decode(String text) {
    return URLDecoder.decode(text, StandardCharsets.UTF_8);
  }
}
