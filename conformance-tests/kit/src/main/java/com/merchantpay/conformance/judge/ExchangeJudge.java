package com.merchantpay.conformance.judge;

import com.atlassian.oai.validator.OpenApiInteractionValidator;
import com.atlassian.oai.validator.report.LevelResolver;
import com.atlassian.oai.validator.report.MessageResolver;
import com.atlassian.oai.validator.report.ValidationReport;
import com.atlassian.oai.validator.schema.SchemaValidator;
import com.fasterxml.jackson.databind.JsonNode;
import com.merchantpay.conformance.target.OpenPoint;
import com.merchantpay.spec.ApiSpec;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Judges one raw HTTP answer against an OpenAPI document of the service, and tells apart what
 * breaks the service documents (a <em>departure</em>) from what only differs from a decision our
 * spec took where the documents are silent (a <em>reading</em> of an open point): a status our spec
 * does not declare but of the right class with the documented body, another XML media type, a bare
 * array for the receipt list, another name for a switched-off sticker. It judges what came over the
 * wire, never a decoded object, so a tolerant decoder cannot hide a departure.
 *
 * <p>{@link #of} allows members the document does not define, as the documents ask of every client;
 * {@link #strict} refuses them too, for an implementation that means to send exactly what is
 * documented.
 *
 * <pre>{@code
 * ExchangeJudge.Verdict verdict = ExchangeJudge.of(ApiSpec.V2)
 *     .verdict("GET", "/api/v2/payments/42", 200, headers, body);
 * verdict.departures(); // what breaks the documents
 * verdict.readings();   // open points read otherwise than our spec
 * }</pre>
 *
 * <p>A judge is safe to share between threads, and one per document and strictness serves the whole
 * JVM: its validators compile each schema the first time an answer needs it and keep it, so a run
 * that follows another judges at once instead of compiling the documents' schemas again.
 */
public final class ExchangeJudge {

  /**
   * How a departure for members the documents list but the answer lacks begins: a recorded answer
   * of a pact, which holds only what its consumer relies on, is not judged for them.
   */
  public static final String MISSING_MEMBERS = "Resources: the document lists ";

  /**
   * What one answer shows.
   *
   * @param departures each way the answer breaks the service documents
   * @param readings the open points the answer shows a reading of, ours or another
   */
  public record Verdict(List<String> departures, List<Reading> readings) {
    public Verdict {
      departures = List.copyOf(departures);
      readings = List.copyOf(readings);
    }

    /**
     * Every departure and every reading other than ours, described: all the ways the answer differs
     * from our spec.
     */
    public List<String> all() {
      List<String> all = new ArrayList<>(departures);
      readings.stream().filter(Reading::differs).forEach(reading -> all.add(reading.toString()));
      return all;
    }
  }

  /**
   * How an answer reads an open point: ours, or otherwise. Every success says its status and every
   * v1 answer its media type, so that a reading a profile declares can be checked even where it
   * differs from ours.
   *
   * @param point the open point
   * @param theirs the target's reading, in the point's terms
   * @param detail what showed it
   */
  public record Reading(OpenPoint point, String theirs, String detail) {
    /** Whether the target reads the point otherwise than our spec. */
    public boolean differs() {
      return !point.isOurs(theirs);
    }

    @Override
    public String toString() {
      return point.id()
          + ": "
          + theirs
          + " where our spec reads "
          + point.ours()
          + " ("
          + detail
          + ")";
    }
  }

  /** The judges made, by document and strictness: each is made once and shared. */
  private static final Map<ApiSpec, ExchangeJudge> TOLERANT = new EnumMap<>(ApiSpec.class);

  private static final Map<ApiSpec, ExchangeJudge> STRICT = new EnumMap<>(ApiSpec.class);

  private final ApiSpec spec;
  private final SpecModel model;
  private final SchemaValidator schemas;
  private final V2Answers v2;
  private final V1Answers v1;

  private ExchangeJudge(ApiSpec spec, boolean strict) {
    this.spec = spec;
    this.model = SpecModel.of(spec);
    ValidationReport.Level extra =
        strict ? ValidationReport.Level.ERROR : ValidationReport.Level.IGNORE;
    LevelResolver levels =
        LevelResolver.create()
            .withLevel("validation.schema.additionalProperties", extra)
            .withLevel("validation.response.body.schema.additionalProperties", extra)
            .build();
    OpenApiInteractionValidator validator =
        OpenApiInteractionValidator.createFor(model.openApi()).withLevelResolver(levels).build();
    this.schemas = new SchemaValidator(model.openApi(), new MessageResolver(levels));
    this.v2 = new V2Answers(model, validator, schemas);
    this.v1 = new V1Answers(model, validator, schemas);
  }

  /**
   * A judge that allows members the document does not define (the documents' own tolerance rule).
   */
  public static ExchangeJudge of(ApiSpec spec) {
    return shared(TOLERANT, spec, false);
  }

  /** A judge that also refuses every member and XML element the document does not define. */
  public static ExchangeJudge strict(ApiSpec spec) {
    return shared(STRICT, spec, true);
  }

  private static ExchangeJudge shared(
      Map<ApiSpec, ExchangeJudge> made, ApiSpec spec, boolean strict) {
    synchronized (made) {
      return made.computeIfAbsent(spec, s -> new ExchangeJudge(s, strict));
    }
  }

  /**
   * Whether the document has an operation for this method and path, so {@link #problems} can judge
   * its answers.
   */
  public boolean knows(String method, String path) {
    return model.operation(method, path) != null;
  }

  /**
   * Every way the answer differs from our spec, departures from the documents and other readings of
   * open points alike; empty when it conforms, or when the call was to a path or method the
   * document does not have.
   *
   * @param method the request method
   * @param path the request path without the query
   * @param status the answer's HTTP status
   * @param headers the answer's headers (names in any case)
   * @param body the answer's raw body, empty when there was none
   */
  public List<String> problems(
      String method, String path, int status, Map<String, List<String>> headers, byte[] body) {
    return verdict(method, path, status, headers, body).all();
  }

  /**
   * The answer judged: what departs from the service documents, and which open points it reads
   * otherwise than our spec. Empty when the document has no such operation.
   */
  public Verdict verdict(
      String method, String path, int status, Map<String, List<String>> headers, byte[] body) {
    SpecModel.Operation operation = model.operation(method, path);
    List<String> departures = new ArrayList<>();
    List<Reading> readings = new ArrayList<>();
    if (operation == null) {
      return new Verdict(departures, readings);
    }
    if (spec == ApiSpec.V1) {
      v1.judge(operation, status, headers, body, departures, readings);
    } else {
      v2.judge(operation, status, headers, body, departures, readings);
    }
    return new Verdict(departures, readings);
  }

  /** What breaks the v2 document's error body; empty when the body is one. */
  public static List<String> errorBodyProblems(JsonNode body, String contentType) {
    return V2Answers.errorBodyProblems(body, contentType);
  }

  // ---------------------------------------------------------------- notifications

  /**
   * Every way a callback body breaks the named schema of the document (for example {@code
   * PaymentNotification}); empty when it conforms.
   */
  public List<String> schemaProblems(String schemaName, JsonNode body) {
    return AnswerBodies.schemaProblems(schemas, model.schema(schemaName), body);
  }
}
