package com.merchantpay.sandbox.internal.contract;

import com.atlassian.oai.validator.OpenApiInteractionValidator;
import com.atlassian.oai.validator.interaction.request.RequestValidator;
import com.atlassian.oai.validator.model.ApiOperation;
import com.atlassian.oai.validator.model.ApiPath;
import com.atlassian.oai.validator.model.ApiPathImpl;
import com.atlassian.oai.validator.model.NormalisedPathImpl;
import com.atlassian.oai.validator.model.Request;
import com.atlassian.oai.validator.model.SimpleRequest;
import com.atlassian.oai.validator.report.LevelResolver;
import com.atlassian.oai.validator.report.MessageResolver;
import com.atlassian.oai.validator.report.ValidationReport;
import com.atlassian.oai.validator.schema.SchemaValidator;
import com.atlassian.oai.validator.util.OpenApiLoader;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import com.merchantpay.sandbox.internal.http.HttpSupport;
import com.merchantpay.sandbox.internal.http.Json;
import com.merchantpay.spec.ApiSpec;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.parser.core.models.ParseOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The two OpenAPI documents as the sandbox uses them: a request validator per interface, and the
 * list of operations with their paths and vendor extensions (v1 signed values and roles). Loading
 * them is the slowest part of a start, so it happens once per JVM, in the background, while the
 * server already listens; the first request waits for it.
 */
public final class Contracts {
  /**
   * One operation of a document; {@code firstParameter} (the index of the template's first
   * parameter, -1 for none) and {@code slashes} (the template's count of them) are derived from the
   * template once, for matching.
   */
  public record Operation(
      String id,
      String method,
      String template,
      Pattern pattern,
      List<String> pathParams,
      boolean hasBody,
      List<String> hashed,
      String requiredRole,
      boolean xml,
      int firstParameter,
      int slashes) {

    public Operation(
        String id,
        String method,
        String template,
        Pattern pattern,
        List<String> pathParams,
        boolean hasBody,
        List<String> hashed,
        String requiredRole,
        boolean xml) {
      this(
          id,
          method,
          template,
          pattern,
          pathParams,
          hasBody,
          hashed,
          requiredRole,
          xml,
          template.indexOf('{'),
          slashes(template));
    }

    /** The decoded path parameters when the raw path matches this operation, else null. */
    public Map<String, String> match(String rawPath) {
      // The text before the first parameter decides most candidates without the pattern.
      boolean anyCase = (pattern.flags() & Pattern.CASE_INSENSITIVE) != 0;
      int literal = firstParameter < 0 ? template.length() : firstParameter;
      if (!rawPath.regionMatches(anyCase, 0, template, 0, literal)
          || firstParameter < 0 && rawPath.length() != template.length()) {
        return null;
      }
      // A parameter never spans a slash, so a path with another count of segments cannot match.
      if (firstParameter >= 0 && slashes(rawPath) != slashes) {
        return null;
      }
      Matcher matcher = pattern.matcher(rawPath);
      if (!matcher.matches()) {
        return null;
      }
      Map<String, String> params = new LinkedHashMap<>();
      for (int i = 0; i < pathParams.size(); i++) {
        params.put(pathParams.get(i), HttpSupport.decode(matcher.group(i + 1), false));
      }
      return params;
    }

    private static int slashes(String path) {
      int count = 0;
      for (int i = 0; i < path.length(); i++) {
        if (path.charAt(i) == '/') {
          count++;
        }
      }
      return count;
    }
  }

  /**
   * A loaded document: its operations, its tree, the checks compiled from it (bodies, and the
   * parameters and media types of v2 and the control API) and, loaded after them, the request
   * validator with the parsed model (references resolved) and a schema validator for bodies the
   * request validator cannot read on its own. A v2 or control call is answered with the compiled
   * checks alone, so it need not wait for the validator, the slowest part of a cold start.
   */
  public record Api(
      List<Operation> operations,
      JsonNode document,
      BodySchemas bodies,
      ParameterChecks parameters,
      CompletableFuture<Validation> validation) {

    /** The request validator's parts, loaded after the compiled checks. */
    public record Validation(
        OpenApiInteractionValidator validator,
        OpenAPI model,
        SchemaValidator schemas,
        RequestValidator requests,
        Map<String, ApiOperationParts> parts) {}

    /** The request validator, waiting for it if it is still loading. */
    public OpenApiInteractionValidator validator() {
      return validation.join().validator();
    }

    /** The parsed model, references resolved, waiting for it if it is still loading. */
    public OpenAPI model() {
      return validation.join().model();
    }

    public SchemaValidator schemas() {
      return validation.join().schemas();
    }

    public RequestValidator requests() {
      return validation.join().requests();
    }

    /** The same document with other compiled parameter checks, for comparing checks in tests. */
    public Api withParameters(ParameterChecks other) {
      return new Api(operations, document, bodies, other, validation);
    }

    /** What the contract finds wrong with a request, and its JSON body when it was read. */
    public record Checked(List<String> findings, JsonNode body) {}

    /**
     * Checks a request against the operation the caller already matched it to. The same checks as
     * {@code validator().validateRequest}, without looking the operation up again among all paths,
     * which is the costliest part of the library's own lookup (it compiles regular expressions per
     * request).
     *
     * @param path the path to check the path parameters of (the raw request path, or the document's
     *     spelling for a v1 path matched in another letter case)
     */
    public ValidationReport validate(Request request, Operation operation, String path) {
      Validation loaded = validation.join();
      ApiOperationParts resolved =
          loaded
              .parts()
              .computeIfAbsent(
                  operation.id(), id -> ApiOperationParts.of(loaded.model(), operation));
      return loaded
          .requests()
          .validateRequest(
              request,
              new ApiOperation(
                  resolved.path(),
                  new NormalisedPathImpl(path, null),
                  resolved.method(),
                  resolved.operation()));
    }

    /**
     * What the contract finds wrong with a received request, one entry per failed check, each
     * naming its field.
     *
     * @param match the call's operation and path values, as {@link #match} found them
     * @param path the path to check it under (see {@link #validate})
     * @param withBody whether the body is checked too
     * @param bodyType the content type a body without one is taken to have, or null for none
     */
    public List<String> findings(
        HttpSupport.In in, Match match, String path, boolean withBody, String bodyType) {
      return check(in, match, path, withBody, bodyType).findings();
    }

    /**
     * Like {@link #findings}, reading a JSON body once: it is parsed, checked against the
     * operation's compiled schema and handed back, so the caller need not parse it again. Bodies of
     * another media type, and missing ones, go to the request validator as they are.
     */
    public Checked check(
        HttpSupport.In in, Match match, String path, boolean withBody, String bodyType) {
      Operation operation = match.operation();
      String mediaType = in.contentType() != null ? in.contentType() : bodyType;
      boolean jsonBody =
          withBody && in.hasBody() && bodies.covers(operation.id()) && isJson(mediaType);
      if (parameters.covers(operation.id()) && (jsonBody || !withBody || !in.hasBody())) {
        List<String> findings =
            new ArrayList<>(parameters.findings(in, operation, match.pathValues(), withBody));
        if (parameters.requiresBody(operation.id()) && !(withBody && in.hasBody())) {
          findings.add("body: a JSON body is required");
        }
        return withBody && in.hasBody() ? checkBody(in, operation, findings) : done(findings, null);
      }
      SimpleRequest.Builder request =
          new SimpleRequest.Builder(Request.Method.valueOf(in.method()), path);
      in.headers().forEach(request::withHeader);
      in.query().forEach(request::withQueryParam);
      if (withBody) {
        if (bodyType != null && in.contentType() == null) {
          request.withContentType(bodyType);
        }
        if (!jsonBody) {
          request.withBody(new String(in.body(), StandardCharsets.UTF_8));
        }
      }
      ValidationReport report = validate(request.build(), operation, path);
      List<String> findings =
          new ArrayList<>(
              ValidationMessages.errors(
                  jsonBody
                      ? ValidationReport.from(
                          report.getMessages().stream().filter(BODY_MISSING.negate()).toList())
                      : report));
      return jsonBody ? checkBody(in, operation, findings) : done(findings, null);
    }

    /** Adds the findings of the JSON body, read once, to those of the rest of the request. */
    private Checked checkBody(HttpSupport.In in, Operation operation, List<String> findings) {
      JsonNode body = null;
      try {
        body = Json.parse(in.body());
        findings.addAll(bodies.findings(operation.id(), body));
      } catch (JsonProcessingException e) {
        findings.add("body: not valid JSON (" + Json.problem(e) + ")");
      }
      return done(findings, body);
    }

    private static Checked done(List<String> findings, JsonNode body) {
      return new Checked(List.copyOf(new java.util.LinkedHashSet<>(findings)), body);
    }

    private static boolean isJson(String mediaType) {
      if (mediaType == null) {
        return false;
      }
      int parameters = mediaType.indexOf(';');
      return (parameters < 0 ? mediaType : mediaType.substring(0, parameters))
          .strip()
          .equalsIgnoreCase("application/json");
    }

    /**
     * The operation a call of this method to this raw path is, with the path's values: the one
     * place a call is matched to its operation.
     */
    public Match match(String method, String rawPath) {
      // Only the operations of the call's method are tried on every call; the others only when
      // none matched, to tell a 405 from a 404.
      for (Operation candidate : operations) {
        if (candidate.method().equals(method)) {
          Map<String, String> values = candidate.match(rawPath);
          if (values != null) {
            return new Match(candidate, values, true);
          }
        }
      }
      boolean pathKnown =
          operations.stream().anyMatch(candidate -> candidate.match(rawPath) != null);
      return new Match(null, Map.of(), pathKnown);
    }

    public Operation byId(String operationId) {
      for (Operation operation : operations) {
        if (operation.id().equals(operationId)) {
          return operation;
        }
      }
      throw new IllegalArgumentException("no operation " + operationId);
    }
  }

  /**
   * A call matched to its operation.
   *
   * @param operation null when no operation has the call's method and path
   * @param pathValues the path parameters' decoded values, none when no operation matched
   * @param pathKnown whether some operation has the path (with another method): 405, not 404
   */
  public record Match(Operation operation, Map<String, String> pathValues, boolean pathKnown) {}

  /** What the library needs to check a request against one operation, resolved once. */
  public record ApiOperationParts(
      ApiPath path, PathItem.HttpMethod method, io.swagger.v3.oas.models.Operation operation) {
    static ApiOperationParts of(OpenAPI model, Operation operation) {
      PathItem.HttpMethod method = PathItem.HttpMethod.valueOf(operation.method());
      return new ApiOperationParts(
          new ApiPathImpl(operation.template(), null),
          method,
          model.getPaths().get(operation.template()).readOperationsMap().get(method));
    }
  }

  /** The request validator's finding of no body, where the body was read and checked here. */
  private static final java.util.function.Predicate<ValidationReport.Message> BODY_MISSING =
      message -> message.getKey().equals("validation.request.body.missing");

  private static final Object LOCK = new Object();
  private static final Map<ApiSpec, List<Operation>> OPERATIONS = new ConcurrentHashMap<>();
  private static final Map<ApiSpec, JsonNode> DOCUMENTS = new ConcurrentHashMap<>();
  private static volatile CompletableFuture<Api> v2;
  private static volatile CompletableFuture<Api> v1;
  private static volatile CompletableFuture<Api> control;

  private Contracts() {}

  /** Starts loading both documents in the background unless that already happened. */
  public static void preload() {
    if (control != null) {
      return; // set last, so all three are there
    }
    synchronized (LOCK) {
      if (v2 == null) {
        v2 = new CompletableFuture<>();
        v1 = new CompletableFuture<>();
        control = new CompletableFuture<>();
        daemonThread(() -> load(List.of(ApiSpec.V2, ApiSpec.CONTROL, ApiSpec.V1)));
      }
    }
  }

  /**
   * Whether every document is loaded, its request validator too, so that nothing a call asks of
   * them waits.
   */
  public static boolean loaded() {
    CompletableFuture<Api> last = control;
    return last != null && complete(v2) && complete(v1) && complete(last);
  }

  private static boolean complete(CompletableFuture<Api> api) {
    return api.isDone() && (api.isCompletedExceptionally() || api.join().validation().isDone());
  }

  public static Api v2() {
    preload();
    return v2.join();
  }

  public static Api v1() {
    preload();
    return v1.join();
  }

  /** The sandbox's control document. */
  public static Api control() {
    preload();
    return control.join();
  }

  private static void daemonThread(Runnable task) {
    Thread thread = new Thread(task, "merchantpay-sandbox-contract-loader");
    thread.setDaemon(true);
    thread.start();
  }

  /**
   * The operation ids of a document, read without building its validator (a fraction of the time),
   * so the server can check its handlers against them before it opens its port.
   */
  public static List<String> operationIds(ApiSpec spec) {
    return operationsOf(spec).stream().map(Operation::id).toList();
  }

  /** The operations of a document, read once per JVM. */
  public static List<Operation> operations(ApiSpec spec) {
    return operationsOf(spec);
  }

  private static List<Operation> operationsOf(ApiSpec spec) {
    return OPERATIONS.computeIfAbsent(spec, s -> operations(documentOf(s)));
  }

  /**
   * A document's tree, read from YAML once per JVM (the slowest part of reading it); not changed.
   */
  private static JsonNode documentOf(ApiSpec spec) {
    return DOCUMENTS.computeIfAbsent(spec, s -> document(s.yaml()));
  }

  /**
   * Loads the documents one after another on one thread, the compiled checks of each first (all a
   * v2 or control call needs) and then the request validators, v1's first: the other core is left
   * to the calls that come meanwhile, and a v2 call waits only for what it uses.
   */
  private static void load(List<ApiSpec> specs) {
    Map<ApiSpec, CompletableFuture<Api.Validation>> validations = new LinkedHashMap<>();
    for (ApiSpec spec : specs) {
      CompletableFuture<Api.Validation> validation = new CompletableFuture<>();
      validations.put(spec, validation);
      try {
        future(spec).complete(compiled(spec, validation));
      } catch (RuntimeException | Error e) {
        future(spec).completeExceptionally(e);
        validation.completeExceptionally(e);
      }
    }
    List<ApiSpec> order = new ArrayList<>(specs);
    order.sort(Comparator.comparing(spec -> spec != ApiSpec.V1)); // v1 checks every call with it
    for (ApiSpec spec : order) {
      CompletableFuture<Api.Validation> validation = validations.get(spec);
      if (validation.isDone()) {
        continue; // its document could not be read
      }
      try {
        validation.complete(validation(spec));
        warmUp(spec, future(spec).join());
      } catch (RuntimeException | Error e) {
        validation.completeExceptionally(e);
      }
    }
  }

  private static CompletableFuture<Api> future(ApiSpec spec) {
    return switch (spec) {
      case V2 -> v2;
      case V1 -> v1;
      case CONTROL -> control;
    };
  }

  private static Api compiled(ApiSpec spec, CompletableFuture<Api.Validation> validation) {
    JsonNode document = documentOf(spec);
    BodySchemas.Compiler compiler = new BodySchemas.Compiler(document);
    return new Api(
        operationsOf(spec),
        document,
        BodySchemas.compile(document, operationsOf(spec), compiler),
        // v1's parameters (numbers, patterns written for ECMAScript, lists) stay with the request
        // validator.
        spec == ApiSpec.V1
            ? ParameterChecks.NONE
            : ParameterChecks.compile(document, operationsOf(spec), compiler),
        validation);
  }

  private static Api.Validation validation(ApiSpec spec) {
    String yaml = spec.yaml();
    // Parsed here, with the request validator's own loader and options, so that the model can also
    // serve the form checks of v1 (see V1Forms).
    ParseOptions options = new ParseOptions();
    options.setResolve(true);
    options.setResolveFully(true);
    options.setResolveCombinators(false);
    OpenAPI model =
        new OpenApiLoader()
            .loadApi(OpenApiInteractionValidator.SpecSource.inline(yaml), List.of(), options);
    LevelResolver levels =
        LevelResolver.create()
            // The documents never forbid extra members (clients must tolerate them), so neither do
            // we.
            .withLevel("validation.schema.additionalProperties", ValidationReport.Level.IGNORE)
            .withLevel(
                "validation.response.body.schema.additionalProperties",
                ValidationReport.Level.IGNORE)
            .withLevel(
                "validation.request.body.schema.additionalProperties",
                ValidationReport.Level.IGNORE)
            // Credentials are checked by the sandbox itself before validation, with the documented
            // codes.
            .withLevel("validation.request.security.missing", ValidationReport.Level.IGNORE)
            .withLevel("validation.request.security.invalid", ValidationReport.Level.IGNORE)
            // Unknown query parameters are ignored like unknown body members, and named in a
            // header.
            .withLevel(
                "validation.request.parameter.query.unexpected", ValidationReport.Level.IGNORE)
            .build();
    OpenApiInteractionValidator validator =
        OpenApiInteractionValidator.createFor(model).withLevelResolver(levels).build();
    SchemaValidator schemas = new SchemaValidator(model, new MessageResolver(levels));
    return new Api.Validation(
        validator,
        model,
        schemas,
        new RequestValidator(schemas, new MessageResolver(levels), model, List.of()),
        new ConcurrentHashMap<>());
  }

  private static final String WARM_UP_HASH =
      "AAAAAAAAAAAAAAAAAAAAAAAAAAA="; // the length of a Base64 SHA-1

  /**
   * Validates valid requests of the document, body and parameters included, so that the schema
   * machinery (built lazily on first use) is ready before the first request arrives rather than
   * during it. A request that matched no operation would warm nothing, hence valid ones (a test
   * checks the reports stay empty).
   */
  public static List<ValidationReport> warmUp(ApiSpec spec, Api api) {
    if (spec == ApiSpec.CONTROL) {
      return List.of(); // tests and tools call it; its first request may take a moment longer
    }
    if (spec == ApiSpec.V2) {
      return List.of(
          api.validator()
              .validateRequest(
                  SimpleRequest.Builder.post("/api/v2/payments")
                      .withContentType("application/json")
                      .withHeader("Idempotency-Key", "warm-up")
                      .withBody(
                          "{\"merchantId\":\"m\",\"amount\":{\"value\":1.5,\"currency\":\"RUB\"},"
                              + "\"paymentData\":{\"card\":{\"pan\":\"4111111111111111\",\"expiry\":\"12/30\"}}}")
                      .build()));
    }
    ValidationReport query =
        api.validator()
            .validateRequest(
                SimpleRequest.Builder.get("/api/v1/getPayment")
                    .withQueryParam("login", "l")
                    .withQueryParam("nonce", "n")
                    .withQueryParam("hash", WARM_UP_HASH)
                    .withQueryParam("paymentID", "1")
                    .build());
    // v1 form bodies go through the schema validator directly (see V1Forms).
    Schema<?> form = api.model().getComponents().getSchemas().get("CancelPaymentForm");
    ValidationReport body =
        api.schemas()
            .validate(
                () ->
                    Json.object()
                        .put("login", "l")
                        .put("nonce", "n")
                        .put("hash", WARM_UP_HASH)
                        .put("paymentID", 1),
                form,
                "request.body");
    return List.of(query, body);
  }

  private static JsonNode document(String yaml) {
    try {
      return new YAMLMapper().readTree(yaml);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the OpenAPI document", e);
    }
  }

  public static List<Operation> operations(String yaml) {
    return operations(document(yaml));
  }

  private static List<Operation> operations(JsonNode root) {
    List<Operation> operations = new ArrayList<>();
    for (Map.Entry<String, JsonNode> path : root.path("paths").properties()) {
      for (Map.Entry<String, JsonNode> entry : path.getValue().properties()) {
        String method = entry.getKey().toUpperCase(Locale.ROOT);
        if (!List.of("GET", "PUT", "POST", "DELETE", "PATCH").contains(method)) {
          continue;
        }
        JsonNode op = entry.getValue();
        List<String> pathParams = new ArrayList<>();
        Matcher names = Pattern.compile("\\{([^}]+)}").matcher(path.getKey());
        StringBuilder regex = new StringBuilder("^");
        int last = 0;
        while (names.find()) {
          regex
              .append(Pattern.quote(path.getKey().substring(last, names.start())))
              .append("([^/]+)");
          pathParams.add(names.group(1));
          last = names.end();
        }
        regex.append(Pattern.quote(path.getKey().substring(last))).append('$');
        // v1 path names are matched regardless of letter case, as the v1 document decides: the
        // service's own
        // samples spell them in several ways.
        int flags = path.getKey().startsWith("/api/v1/") ? Pattern.CASE_INSENSITIVE : 0;
        List<String> hashed = new ArrayList<>();
        op.path("x-hashed-parameters").forEach(name -> hashed.add(name.asText()));
        boolean xml = false;
        for (JsonNode parameter : op.path("parameters")) {
          if (parameter.path("$ref").asText().endsWith("/Xml")) {
            xml = true;
          }
        }
        operations.add(
            new Operation(
                op.path("operationId").asText(),
                method,
                path.getKey(),
                Pattern.compile(regex.toString(), flags),
                Collections.unmodifiableList(pathParams),
                op.has("requestBody"),
                Collections.unmodifiableList(hashed),
                op.path("x-required-role").isMissingNode()
                    ? null
                    : op.path("x-required-role").asText(),
                xml));
      }
    }
    return Collections.unmodifiableList(operations);
  }
}
