package com.merchantpay.conformance.internal;

import com.merchantpay.conformance.judge.ExchangeJudge;
import com.merchantpay.conformance.judge.SpecModel;
import com.merchantpay.spec.ApiSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Every exchange of the run, judged against the document of its interface as it happens and filed
 * under its operation: the wire checks read what broke the contract, the summary reads what was
 * covered.
 */
final class WireLedger {
  /** A departure from the document seen on the wire. */
  public record Departure(Exchange exchange, List<String> problems) {}

  /** An open point an answer read otherwise than our spec. */
  public record Read(ExchangeJudge.Reading reading, Exchange exchange) {}

  /** What was seen of one operation. */
  public static final class Seen {
    private int calls;
    private final TreeSet<Integer> statuses = new TreeSet<>();
    private final List<Departure> departures = new ArrayList<>();
    private final Map<String, Read> readings = new LinkedHashMap<>();
    private int departuresCount;

    public int calls() {
      return calls;
    }

    public TreeSet<Integer> statuses() {
      return statuses;
    }

    public List<Departure> departures() {
      return departures;
    }

    public int departuresCount() {
      return departuresCount;
    }

    /**
     * The open points read otherwise than our spec, once per point and reading, with the first
     * answer showing it.
     */
    public List<Read> readings() {
      return List.copyOf(readings.values());
    }
  }

  private static final int KEPT_PER_OPERATION = 5;

  /**
   * Different readings kept per operation: more than the open points of any operation, fewer than a
   * target answering a new value each time could make the ledger hold.
   */
  private static final int KEPT_READINGS_PER_OPERATION = 50;

  private final ExchangeJudge v2 = ExchangeJudge.of(ApiSpec.V2);
  private final ExchangeJudge v1 = ExchangeJudge.of(ApiSpec.V1);
  private final SpecModel v2Model = SpecModel.of(ApiSpec.V2);
  private final SpecModel v1Model = SpecModel.of(ApiSpec.V1);
  private final Map<String, Seen> byOperation = new LinkedHashMap<>();
  private final List<String> cardNumbers;
  private final RunFacts facts;
  private final List<Departure> cardData = new ArrayList<>();
  private int answersScanned;

  /**
   * A ledger that also looks for these card numbers, and for card security codes, in every answer.
   */
  public WireLedger(List<String> cardNumbers) {
    this(cardNumbers, new RunFacts(Map.of()));
  }

  /** A ledger that also files what each answer shows of its resources into the run's facts. */
  WireLedger(List<String> cardNumbers, RunFacts facts) {
    this.cardNumbers = List.copyOf(cardNumbers);
    this.facts = facts;
  }

  /**
   * Judges and files one exchange; calls outside both documents (hosted pages, control API) are
   * ignored.
   *
   * @param basePath the path of the target's base URL, which comes before {@code /api/v2} and
   *     {@code /api/v1}
   */
  public synchronized void record(Exchange exchange, String basePath) {
    String path = exchange.path();
    if (!basePath.isEmpty() && path.startsWith(basePath)) {
      path = path.substring(basePath.length());
    }
    boolean isV2 = path.startsWith("/api/v2/");
    boolean isV1 = path.startsWith("/api/v1/");
    if (!isV2 && !isV1) {
      return;
    }
    if (exchange.answered()) {
      answersScanned++;
      List<String> leaks = cardData(exchange.text(), cardNumbers);
      if (!leaks.isEmpty() && cardData.size() < KEPT_PER_OPERATION) {
        cardData.add(new Departure(exchange.kept(), leaks));
      }
    }
    SpecModel model = isV2 ? v2Model : v1Model;
    SpecModel.Operation operation = model.operation(exchange.method(), path);
    if (operation == null) {
      return;
    }
    Seen seen =
        byOperation.computeIfAbsent(
            key(isV2 ? ApiSpec.V2 : ApiSpec.V1, operation.id()), k -> new Seen());
    seen.calls++;
    facts.record(exchange, isV2, operation.id());
    List<String> problems = new ArrayList<>();
    if (!exchange.answered()) {
      problems.add("no answer: " + exchange.transportError());
    } else {
      seen.statuses.add(exchange.status());
      ExchangeJudge.Verdict verdict =
          (isV2 ? v2 : v1)
              .verdict(
                  exchange.method(), path, exchange.status(), exchange.headers(), exchange.body());
      problems.addAll(verdict.departures());
      for (ExchangeJudge.Reading reading : verdict.readings()) {
        if (seen.readings.size() < KEPT_READINGS_PER_OPERATION) {
          seen.readings.putIfAbsent(
              reading.point().id() + " " + reading.theirs(), new Read(reading, exchange.kept()));
        }
      }
    }
    if (!problems.isEmpty()) {
      seen.departuresCount++;
      if (seen.departures.size() < KEPT_PER_OPERATION) {
        seen.departures.add(new Departure(exchange.kept(), problems));
      }
    }
  }

  /**
   * The answers that carried a full card number or a security code (the first few), and how many
   * were looked at.
   */
  public synchronized List<Departure> cardData() {
    return List.copyOf(cardData);
  }

  public synchronized int answersScanned() {
    return answersScanned;
  }

  /** A security code member holding a code in the clear: three or four digits, not a mask. */
  private static final java.util.regex.Pattern SECURITY_CODE =
      java.util.regex.Pattern.compile(
          "\"(?i:cvc|cvv|cvc2|cvv2)\"\\s*:\\s*\"?[0-9]{3,4}\"?(?![0-9])");

  /**
   * What of a card's secrets a text shows: one of the full card numbers, or a security code member
   * holding digits (a masked one, or an error that names the member, shows nothing).
   */
  static List<String> cardData(String text, List<String> cardNumbers) {
    List<String> found = new ArrayList<>();
    for (String pan : cardNumbers) {
      if (text.contains(pan)) {
        found.add("the full card number " + Redaction.text(pan));
      }
    }
    if (SECURITY_CODE.matcher(text).find()) {
      found.add("a card security code member");
    }
    return found;
  }

  public synchronized Seen seen(ApiSpec spec, String operationId) {
    return byOperation.get(key(spec, operationId));
  }

  private static String key(ApiSpec spec, String operationId) {
    return spec + " " + operationId;
  }
}
