package com.merchantpay.conformance.internal;

import static com.merchantpay.conformance.internal.Fixtures.encode;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.merchantpay.conformance.internal.NegativeCoverage.Kind;
import com.merchantpay.conformance.internal.RequestConstraints.Constraint;
import com.merchantpay.conformance.judge.ExchangeJudge;
import com.merchantpay.conformance.judge.SpecModel;
import com.merchantpay.conformance.target.OpenPoint;
import com.merchantpay.spec.ApiSpec;
import io.swagger.v3.oas.models.parameters.Parameter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * Negative cases made from every request constraint of both specs ({@link RequestConstraints}):
 * each breaks one constraint of an otherwise valid request on a resource in the right state. A case
 * the documents forbid must be refused with the documented error body, validation_error where the
 * request is of incorrect format, never accepted and never a server error; a case only our spec
 * forbids may be accepted by a target that reads the open point otherwise, which is reported. The
 * error code (where the documents leave it open), its status and whether the errors name the member
 * are readings of open points.
 */
final class NegativeSuite {
  private static final String SUITE = "negative";

  private NegativeSuite() {}

  /** One request that breaks one constraint. */
  record Case(
      Constraint constraint,
      String description,
      Map<String, String> headers,
      byte[] body,
      String query) {}

  /**
   * A valid request on a resource in the right state, made afresh when a case was wrongly accepted.
   */
  record Fixture(String path, ObjectNode body) {}

  /**
   * An operation with a body: how to make a valid request on a resource in the right state, and
   * other valid bodies for the same request that carry members the first does not (another payment
   * instrument, say).
   */
  private record BodyOperation(
      String operationId,
      Function<CheckContext, Fixture> fixture,
      BiFunction<CheckContext, ObjectNode, List<ObjectNode>> variants) {
    BodyOperation(String operationId, Function<CheckContext, Fixture> fixture) {
      this(operationId, fixture, (c, body) -> List.of());
    }
  }

  private static final List<BodyOperation> BODY_OPERATIONS =
      List.of(
          new BodyOperation(
              "createInvoice",
              c -> new Fixture("/api/v2/invoices", RichBodies.invoice(c)),
              (c, body) -> withUnlistedMembers("createInvoice", body)),
          new BodyOperation(
              "createPayment",
              c -> new Fixture("/api/v2/payments", RichBodies.payment(c)),
              NegativeSuite::otherInstruments),
          new BodyOperation(
              "completePayment",
              c -> {
                Fixtures f = new Fixtures(c);
                String id = f.pay(f.confirmationPayment("SmsOtp", "10")).path("id").asText();
                ObjectNode body =
                    Json.object()
                        .put("code", "123456")
                        .put("threeDSCompInd", "Y")
                        .put("cres", "Y")
                        .put("PARes", "Y");
                return new Fixture(LifecycleSuite.path(id, "complete"), body);
              }),
          new BodyOperation(
              "capturePayment",
              c -> {
                String id = new Fixtures(c).heldPayment("100").path("id").asText();
                ObjectNode body = new Fixtures(c).capture("100");
                body.set("receipt", RichBodies.followUpReceipt("100"));
                return new Fixture(LifecycleSuite.path(id, "confirm"), body);
              }),
          new BodyOperation(
              "createRefund",
              c -> {
                Fixtures f = new Fixtures(c);
                ObjectNode body = f.refund(f.settledPayment("100").path("id").asText(), "10");
                body.set("receipt", RichBodies.followUpReceipt("10"));
                return new Fixture("/api/v2/refunds", body);
              }),
          new BodyOperation(
              "startTokenization",
              c -> new Fixture("/api/v2/tokenization", RichBodies.tokenization(c)),
              (c, body) -> withUnlistedMembers("startTokenization", body)),
          new BodyOperation(
              "createPaymentToken",
              c -> new Fixture("/api/v2/paymenttokens", RichBodies.token(c)),
              (c, body) -> {
                List<ObjectNode> variants = new ArrayList<>(besideTheCard(c, body));
                variants.addAll(withUnlistedMembers("createPaymentToken", body));
                return variants;
              }),
          new BodyOperation(
              "completePaymentToken",
              c -> {
                Fixtures f = new Fixtures(c);
                String id =
                    c.ok(
                            c.v2()
                                .post(
                                    "/api/v2/paymenttokens",
                                    f.tokenRequest(f.approvedCard().pan(), null)))
                        .path("id")
                        .asText();
                return new Fixture(
                    "/api/v2/paymenttokens/" + encode(id) + "/complete",
                    Json.object()
                        .put("code", "1")
                        .put("threeDSCompInd", "Y")
                        .put("cres", "Y")
                        .put("PARes", "Y"));
              }),
          new BodyOperation(
              "createReceipt", c -> new Fixture("/api/v2/receipts", RichBodies.receipt(c))),
          new BodyOperation(
              "createSticker", c -> new Fixture("/api/v2/stickers", RichBodies.sticker(c))),
          new BodyOperation(
              "setStickerActive",
              c -> {
                String id =
                    c.ok(
                            c.v2()
                                .post(
                                    "/api/v2/stickers", new Fixtures(c).sticker(false, null, null)))
                        .path("id")
                        .asText();
                return new Fixture(
                    "/api/v2/stickers/" + encode(id), Json.object().put("active", true));
              }));

  /** The operations whose bodies the negative cases break. */
  static List<String> bodyOperations() {
    return BODY_OPERATIONS.stream().map(BodyOperation::operationId).toList();
  }

  /** The rules every check of this suite judges besides its own, by the interface it calls. */
  private static final Map<String, List<String>> EVERY_CHECK_JUDGES =
      Map.of(
          "v2",
          List.of(
              "v2.errors.body",
              "v2.errors.validation-errors",
              "v2.errors.validation",
              "v2.errors.server"),
          "v1",
          List.of("v1.errors.parse-failure"));

  /** The rules a check judges besides its own and those above, by the check's name. */
  private static final Map<String, List<String>> ALSO_JUDGES =
      Map.ofEntries(
          Map.entry(
              "createInvoice",
              List.of(
                  "v2.general.currency",
                  "v2.conv.missing-merchant",
                  "v2.request.amount",
                  "v2.request.invoice-phone",
                  "v2.request.tokenization",
                  "v2.request.vat-dictionary",
                  "v2.dict.receipt-items")),
          Map.entry(
              "createPayment",
              List.of(
                  "v2.general.currency",
                  "v2.conv.missing-merchant",
                  "v2.request.amount",
                  "v2.request.tokenization",
                  "v2.request.dsrp",
                  "v2.request.vat-dictionary",
                  "v2.dict.receipt-items")),
          Map.entry(
              "capturePayment",
              List.of(
                  "v2.general.currency",
                  "v2.request.amount",
                  "v2.request.vat-dictionary",
                  "v2.dict.receipt-items")),
          Map.entry(
              "createRefund",
              List.of(
                  "v2.general.currency",
                  "v2.request.amount",
                  "v2.request.vat-dictionary",
                  "v2.dict.receipt-items")),
          Map.entry(
              "startTokenization", List.of("v2.conv.missing-merchant", "v2.request.tokenization")),
          Map.entry(
              "createPaymentToken", List.of("v2.conv.missing-merchant", "v2.request.tokenization")),
          Map.entry(
              "createReceipt",
              List.of(
                  "v2.general.currency",
                  "v2.request.amount",
                  "v2.request.receipt-item",
                  "v2.request.vat-dictionary",
                  "v2.dict.receipt-type",
                  "v2.dict.receipt-items")),
          Map.entry(
              "createSticker",
              List.of("v2.general.currency", "v2.conv.missing-merchant", "v2.request.amount")),
          Map.entry("listPayments", List.of("v2.conv.missing-merchant")),
          Map.entry("listRefunds", List.of("v2.conv.missing-merchant")),
          Map.entry("listStickers", List.of("v2.conv.missing-merchant")));

  static List<Check> checks() {
    return Check.judgingAlso(declared(), EVERY_CHECK_JUDGES, ALSO_JUDGES);
  }

  private static List<Check> declared() {
    List<Check> checks = new ArrayList<>();
    SpecModel model = SpecModel.of(ApiSpec.V2);
    for (BodyOperation operation : BODY_OPERATIONS) {
      SpecModel.Operation definition = model.byId(operation.operationId());
      checks.add(
          Check.of(
              SUITE,
              operation.operationId(),
              "Every constraint of "
                  + operation.operationId()
                  + "'s request is enforced as the documents or our spec say",
              "v2.errors.validation",
              List.of(),
              c -> runBodyCases(c, definition, operation)));
    }
    for (SpecModel.Operation list : model.operations()) {
      if (list.method().equals("GET")
          && list.parameters().stream()
              .anyMatch(p -> "query".equals(p.getIn()) && Boolean.TRUE.equals(p.getRequired()))) {
        checks.add(
            Check.of(
                SUITE,
                list.id(),
                "Every constraint of "
                    + list.id()
                    + "'s query is enforced as the "
                    + "documents or our spec say",
                "v2.errors.validation",
                List.of(),
                c -> runQueryCases(c, list)));
      }
    }
    checks.add(
        Check.of(
            SUITE,
            "unknown-identifiers",
            "A request naming a payment, refund, token, receipt or sticker "
                + "that does not exist is refused, for every operation that names one",
            "v2.ep.unknown-resource",
            List.of(),
            NegativeSuite::runIdentifierCases));
    for (SpecModel.Operation v1 : SpecModel.of(ApiSpec.V1).operations()) {
      checks.add(
          Check.of(
              SUITE,
              "v1-" + v1.id(),
              v1.id()
                  + " with a value left out or of the wrong form never "
                  + "succeeds and never fails the server",
              "v1.errors.parse-failure",
              List.of(),
              c -> runV1Cases(c, v1)));
    }
    return checks;
  }

  // ---------------------------------------------------------------- v2 bodies

  private static void runBodyCases(
      CheckContext c, SpecModel.Operation operation, BodyOperation made) throws Exception {
    Function<CheckContext, Fixture> make = made.fixture();
    Fixture fixture = make.apply(c);
    List<ObjectNode> bodies = new ArrayList<>();
    bodies.add(fixture.body());
    bodies.addAll(made.variants().apply(c, fixture.body()));
    boolean creating = operation.hasParameter("header", "Idempotency-Key");
    List<Case> cases = new ArrayList<>();
    for (Constraint constraint : RequestConstraints.of(ApiSpec.V2, operation.id())) {
      if (operation.id().startsWith("complete") && stepMember(constraint.member())) {
        // Each step takes its own member (Endpoints, rule 1): the fixture's step is an SmsOtp
        // code, and a target may ignore the members of other steps, broken or not.
        constraint = constraint.otherStep();
      }
      for (ObjectNode body : bodies) {
        List<Case> broken = bodyCases(constraint, body);
        if (!broken.isEmpty()) {
          cases.addAll(broken);
          break;
        }
      }
    }
    String path = fixture.path();
    List<Callable<Exchange>> sends = new ArrayList<>();
    cases.forEach(negative -> sends.add(() -> send(c, operation, negative, path, creating)));
    List<Exchange> answers = c.run().parallel(sends);
    // A case wrongly accepted may have changed the resource (captured the payment, say): the cases
    // refused for
    // another reason than their own are sent again, one by one, each on a resource made afresh.
    if (answers.stream().anyMatch(answer -> answer.answered() && answer.status() / 100 == 2)) {
      for (int i = 0; i < cases.size(); i++) {
        Exchange answer = answers.get(i);
        if (answer.answered()
            && answer.status() / 100 == 4
            && !"validation_error".equals(answer.errorCode())) {
          answers.set(i, send(c, operation, cases.get(i), make.apply(c).path(), creating));
        }
      }
    }
    Verdicts verdicts = new Verdicts();
    for (int i = 0; i < cases.size(); i++) {
      c.run().negativeCoverage().sent(cases.get(i).constraint());
      verdicts.judge(c, cases.get(i), answers.get(i));
    }
    verdicts.report(c);
  }

  /** A member of a complete request that a step other than an SmsOtp code takes. */
  private static boolean stepMember(String member) {
    return List.of("threeDSCompInd", "cres", "PARes").contains(member);
  }

  private static Exchange send(
      CheckContext c, SpecModel.Operation operation, Case negative, String path, boolean creating) {
    Map<String, String> headers = new LinkedHashMap<>();
    headers.put("Content-Type", "application/json");
    if (creating) {
      headers.put("Idempotency-Key", c.run().unique("kit-negative"));
    }
    headers.putAll(negative.headers());
    headers.values().removeIf(String::isEmpty);
    return c.v2().send(operation.method(), path, headers, negative.body());
  }

  /**
   * The cases that break one constraint of the valid body; none when the body does not carry the
   * member.
   */
  private static List<Case> bodyCases(Constraint constraint, ObjectNode valid) {
    List<Case> cases = new ArrayList<>();
    String member = constraint.member();
    String description = member + " " + constraint.what();
    if (constraint.kind() == Kind.BODY) {
      String breaking = constraint.breaking().get(0).asText();
      if (member.equals("body") && constraint.key().endsWith("json")) {
        cases.add(
            new Case(
                constraint,
                "malformed JSON",
                Map.of(),
                breaking.getBytes(StandardCharsets.UTF_8),
                null));
      } else {
        cases.add(
            new Case(
                constraint,
                "a body labelled " + breaking,
                Map.of("Content-Type", breaking),
                Json.bytes(valid),
                null));
      }
      return cases;
    }
    if (constraint.kind() == Kind.REQUIRED && member.equals("Idempotency-Key")) {
      cases.add(
          new Case(
              constraint,
              "no Idempotency-Key",
              Map.of("Idempotency-Key", ""),
              Json.bytes(valid),
              null));
      return cases;
    }
    if (constraint.kind() == Kind.LENGTH && member.equals("Idempotency-Key")) {
      cases.add(
          new Case(
              constraint,
              "an Idempotency-Key " + constraint.what(),
              Map.of("Idempotency-Key", constraint.breaking().get(0).asText()),
              Json.bytes(valid),
              null));
      return cases;
    }
    if (constraint.kind() == Kind.INSTRUMENT) {
      ObjectNode twice = valid.deepCopy();
      if (twice.path("paymentData").isObject()) {
        ((ObjectNode) twice.path("paymentData"))
            .putObject("token")
            .put("id", "tok-kit-not-a-token");
        cases.add(
            new Case(
                constraint,
                "paymentData with a card and a token",
                Map.of(),
                Json.bytes(twice),
                null));
      }
      return cases;
    }
    String concrete = member.replace("[]", "[0]");
    int dot = concrete.lastIndexOf('.');
    String parentPath = dot < 0 ? "" : concrete.substring(0, dot);
    String name = dot < 0 ? concrete : concrete.substring(dot + 1);
    ObjectNode probe = valid.deepCopy();
    JsonNode parent = parentPath.isEmpty() ? probe : Json.at(probe, parentPath);
    if (!(parent instanceof ObjectNode)) {
      return cases;
    }
    if (name.equals("*")) {
      if (!parent.fieldNames().hasNext()) {
        return cases;
      }
      name = parent.fieldNames().next();
    } else if (!parent.has(name)) {
      return cases;
    }
    if (constraint.removes()) {
      ObjectNode copy = valid.deepCopy();
      ((ObjectNode) (parentPath.isEmpty() ? copy : Json.at(copy, parentPath))).remove(name);
      cases.add(new Case(constraint, description, Map.of(), Json.bytes(copy), null));
      return cases;
    }
    for (JsonNode breaking : constraint.breaking()) {
      ObjectNode copy = valid.deepCopy();
      ((ObjectNode) (parentPath.isEmpty() ? copy : Json.at(copy, parentPath))).set(name, breaking);
      cases.add(
          new Case(
              constraint, description + " (" + breaking + ")", Map.of(), Json.bytes(copy), null));
    }
    return cases;
  }

  /**
   * The payment with each other instrument instead of its card: wallet, codes, accounts, a token, a
   * sticker.
   */
  private static List<ObjectNode> otherInstruments(CheckContext c, ObjectNode rich) {
    List<ObjectNode> variants = new ArrayList<>();
    for (JsonNode data : c.profile().paymentMethods().values()) {
      ObjectNode variant = rich.deepCopy();
      variant.set("paymentData", data.deepCopy());
      variants.add(variant);
    }
    Fixtures f = new Fixtures(c);
    ObjectNode token = rich.deepCopy();
    token
        .putObject("paymentData")
        .put("paymentMethod", "bankcard")
        .putObject("token")
        .put("id", f.activeToken(f.approvedCard().pan(), null).path("id").asText());
    variants.add(token);
    ObjectNode sticker = rich.deepCopy();
    sticker.set("amount", c.amount("100"));
    sticker
        .putObject("paymentData")
        .put("paymentMethod", "sbp")
        .put(
            "stickerId",
            c.ok(c.v2().post("/api/v2/stickers", f.sticker(true, "100", null)))
                .path("id")
                .asText());
    variants.add(sticker);
    return variants;
  }

  /**
   * The body with the members our spec's shared schemas give the operation but its row in the
   * documents does not list: breaking one of them is never a departure.
   */
  private static List<ObjectNode> withUnlistedMembers(String operation, ObjectNode rich) {
    ObjectNode variant = RichBodies.unlisted(operation, rich);
    return variant == null ? List.of() : List.of(variant);
  }

  /**
   * The token request with each other member of paymentData beside its card, which a token is made
   * from.
   */
  private static List<ObjectNode> besideTheCard(CheckContext c, ObjectNode rich) {
    ObjectNode variant = rich.deepCopy();
    ObjectNode data = (ObjectNode) variant.path("paymentData");
    data.putObject("dsrp")
        .put("type", "ApplePay")
        .put("cryptogram", "AgAAAAAABk4DWZ4C28yUQAAAAAA=")
        .put("eci", "05");
    data.put("authorizationCode", "738201")
        .put("account", "payer-login-42")
        .put("phone", "79161234567")
        .put("stickerId", "stk-kit")
        .putObject("token")
        .put("id", "tok-kit");
    return List.of(variant);
  }

  // ---------------------------------------------------------------- v2 queries

  private static void runQueryCases(CheckContext c, SpecModel.Operation operation)
      throws Exception {
    Map<String, String> valid = new LinkedHashMap<>();
    for (Parameter parameter : operation.parameters()) {
      if (!"query".equals(parameter.getIn())) {
        continue;
      }
      String value =
          switch (parameter.getName()) {
            case "merchantId" -> c.target().merchantId();
            case "paymentId" -> new Fixtures(c).settledPayment("10").path("id").asText();
            case "start" -> "2024-01-01T00:00:00Z";
            case "end" -> "2034-01-01T00:00:00Z";
            default -> null;
          };
      if (value != null) {
        valid.put(parameter.getName(), value);
      }
    }
    List<Case> cases = new ArrayList<>();
    for (Constraint constraint : RequestConstraints.of(ApiSpec.V2, operation.id())) {
      Map<String, String> query = new LinkedHashMap<>(valid);
      String member = constraint.member();
      if (constraint.kind() == Kind.REQUIRED) {
        if (query.remove(member) == null) {
          continue;
        }
      } else if (constraint.kind() == Kind.QUERY
          || constraint.kind() == Kind.CROSS_FIELD
          || constraint.kind() == Kind.FORMAT) {
        if (constraint.kind() != Kind.QUERY && !query.containsKey(member)) {
          continue;
        }
        query.put(member, constraint.breaking().get(0).asText());
      } else {
        continue;
      }
      cases.add(
          new Case(constraint, member + " " + constraint.what(), Map.of(), null, query(query)));
    }
    List<Callable<Exchange>> sends = new ArrayList<>();
    cases.forEach(negative -> sends.add(() -> c.v2().get(operation.template() + negative.query())));
    judgeAll(c, cases, c.run().parallel(sends), false);
  }

  /** Judges each case by its answer, in order, and reports them: the v1 way or the v2 way. */
  private static void judgeAll(
      CheckContext c, List<Case> cases, List<Exchange> answers, boolean v1) {
    Verdicts verdicts = new Verdicts();
    for (int i = 0; i < cases.size(); i++) {
      c.run().negativeCoverage().sent(cases.get(i).constraint());
      if (v1) {
        verdicts.judgeV1(c, cases.get(i), answers.get(i));
      } else {
        verdicts.judge(c, cases.get(i), answers.get(i));
      }
    }
    verdicts.report(c);
  }

  private static String query(Map<String, String> values) {
    StringBuilder query = new StringBuilder();
    values.forEach(
        (name, value) ->
            query
                .append(query.length() == 0 ? "?" : "&")
                .append(name)
                .append('=')
                .append(encode(value)));
    return query.toString();
  }

  // ---------------------------------------------------------------- identifiers

  private static void runIdentifierCases(CheckContext c) throws Exception {
    List<Case> cases = new ArrayList<>();
    List<Callable<Exchange>> sends = new ArrayList<>();
    for (SpecModel.Operation operation : SpecModel.of(ApiSpec.V2).operations()) {
      for (Constraint constraint : RequestConstraints.of(ApiSpec.V2, operation.id())) {
        if (constraint.kind() != Kind.IDENTIFIER) {
          continue;
        }
        String path =
            SpecModel.expand(operation.template(), Map.of("id", c.run().unique("kit-no-such")));
        Map<String, String> headers = new LinkedHashMap<>();
        byte[] body = null;
        if (operation.requestSchema("application/json") != null) {
          headers.put("Content-Type", "application/json");
          body = Json.bytes(AuthSuite.validBody(c, operation.id()));
        }
        byte[] sent = body;
        cases.add(
            new Case(constraint, operation.id() + " on " + constraint.what(), headers, body, null));
        sends.add(() -> c.v2().send(operation.method(), path, headers, sent));
      }
    }
    judgeAll(c, cases, c.run().parallel(sends), false);
  }

  // ---------------------------------------------------------------- v1

  private static void runV1Cases(CheckContext c, SpecModel.Operation operation) throws Exception {
    V1Calls v1 = c.v1();
    // A request that would succeed but for the value each case breaks: real resources, so that a
    // case is never refused only because what it names does not exist.
    Map<String, String> valid = V1Suite.validValues(c, operation.id());
    List<Constraint> constraints = RequestConstraints.of(ApiSpec.V1, operation.id());
    List<Case> cases = new ArrayList<>();
    List<Callable<Exchange>> sends = new ArrayList<>();
    for (Constraint constraint : constraints) {
      Map<String, String> values = new LinkedHashMap<>(valid);
      if (constraint.removes()) {
        values.remove(constraint.member());
      } else {
        values.put(constraint.member(), constraint.breaking().get(0).asText());
      }
      cases.add(
          new Case(
              constraint, constraint.member() + " " + constraint.what(), Map.of(), null, null));
      sends.add(() -> v1.call(operation.id(), values));
    }
    judgeAll(c, cases, c.run().parallel(sends), true);
  }

  // ---------------------------------------------------------------- judging

  /**
   * The answers to one check's cases: departures from the documents (which fail the check, all
   * listed) and the open points the answers read, gathered per point so that a lenient target gets
   * one line per point.
   */
  static final class Verdicts {
    private final List<String> departures = new ArrayList<>();
    private Exchange first;
    private String firstRule;
    private final Map<OpenPoint, Map<String, Set<String>>> readings = new LinkedHashMap<>();
    private final Map<OpenPoint, Exchange> shown = new LinkedHashMap<>();

    void judge(CheckContext c, Case negative, Exchange answer) {
      Constraint constraint = negative.constraint();
      String rule = constraint.documented() ? documentRule(constraint) : "v2.errors.body";
      // Every case can fail for a server error or a refusal without the error body; a case the
      // documents forbid, for the rule that forbids it.
      c.asserted("v2.errors.server", "v2.errors.body");
      if (constraint.documented()) {
        c.asserted(rule);
      }
      if (constraint.validation()) {
        c.asserted("v2.errors.validation");
      }
      if (!answer.answered()) {
        depart(negative, answer, "no answer: " + answer.transportError(), "v2.errors.server");
        return;
      }
      if (answer.status() >= 500) {
        depart(negative, answer, "a server error: " + answer.summary(), "v2.errors.server");
        return;
      }
      if (answer.status() / 100 == 2) {
        if (constraint.documented()) {
          depart(negative, answer, "accepted: " + answer.summary(), rule);
        } else if (!constraint.listed()) {
          read(OpenPoint.UNLISTED_MEMBERS, "ignored", negative, answer);
        } else {
          read(OpenPoint.REQUEST_CONSTRAINTS, "accepted", negative, answer);
        }
        return;
      }
      if (answer.status() / 100 != 4) {
        depart(
            negative,
            answer,
            "neither accepted nor refused: " + answer.summary(),
            "v2.errors.body");
        return;
      }
      List<String> body =
          ExchangeJudge.errorBodyProblems(answer.json(), answer.header("Content-Type"));
      if (!body.isEmpty()) {
        depart(
            negative,
            answer,
            "a refusal without the error body ("
                + String.join("; ", body)
                + "): "
                + answer.summary(),
            "v2.errors.body");
        return;
      }
      read(
          constraint.listed() ? OpenPoint.REQUEST_CONSTRAINTS : OpenPoint.UNLISTED_MEMBERS,
          constraint.listed() ? "refused" : "checked",
          negative,
          answer);
      String code = answer.errorCode();
      if (constraint.validation() && !"validation_error".equals(code)) {
        depart(
            negative,
            answer,
            "refused with " + code + ", not validation_error: " + answer.summary(),
            "v2.errors.validation");
        return;
      }
      boolean amount =
          constraint.member().endsWith("amount.value")
              || constraint.member().endsWith("amount.currency");
      if (!constraint.validation()) {
        read(
            amount
                ? OpenPoint.AMOUNT_REFUSAL_CODE
                : constraint.kind() == Kind.IDENTIFIER
                    ? OpenPoint.NOT_FOUND_CODE
                    : OpenPoint.REFUSAL_CODE,
            code,
            negative,
            answer);
      }
      if ("validation_error".equals(code)) {
        read(OpenPoint.VALIDATION_STATUS, Integer.toString(answer.status()), negative, answer);
        String member = constraint.member().replace("[]", "[0]").replace(".*", "");
        boolean named = CheckContext.names(answer.json().path("errors"), member);
        if (constraint.reported() && !named) {
          depart(
              negative,
              answer,
              "errors do not report " + member + ": " + answer.json().path("errors"),
              "v2.conv.missing-merchant");
        } else if (!constraint.member().equals("body") && constraint.kind() != Kind.IDENTIFIER) {
          read(OpenPoint.NAMES_MEMBER, named ? "named" : "unnamed", negative, answer);
        }
      } else if (constraint.kind() == Kind.IDENTIFIER && "invalid_operation".equals(code)) {
        read(OpenPoint.NOT_FOUND_STATUS, Integer.toString(answer.status()), negative, answer);
      }
    }

    void judgeV1(CheckContext c, Case negative, Exchange answer) {
      Constraint constraint = negative.constraint();
      c.asserted("v1.errors.parse-failure");
      Integer code = answer.v1ErrorCode();
      if (!answer.answered()) {
        depart(
            negative, answer, "no answer: " + answer.transportError(), "v1.errors.parse-failure");
      } else if (answer.status() == 200 && (code == null || code == 0)) {
        if (constraint.documented()) {
          depart(negative, answer, "accepted: " + answer.summary(), "v1.errors.parse-failure");
        } else {
          read(OpenPoint.V1_UNREADABLE, "accepted", negative, answer);
        }
      } else {
        read(
            OpenPoint.V1_UNREADABLE,
            answer.status() == 200 ? Integer.toString(code) : Integer.toString(answer.status()),
            negative,
            answer);
      }
    }

    private static String documentRule(Constraint constraint) {
      if (constraint.reported()) {
        return "v2.conv.missing-merchant";
      }
      if (constraint.member().endsWith("amount.value") && constraint.kind() == Kind.RANGE) {
        return "v2.request.amount";
      }
      if (constraint.member().endsWith("amount.currency")) {
        return "v2.general.currency";
      }
      if (constraint.operationId().equals("createInvoice")
          && constraint.member().equals("customer.phone")) {
        return "v2.request.invoice-phone";
      }
      if (constraint.kind() == Kind.DICTIONARY) {
        String member = constraint.member();
        if (member.endsWith("vatType")) {
          return "v2.request.vat-dictionary";
        }
        if (member.equals("dsrp.type") || member.endsWith("dsrp.type")) {
          return "v2.request.dsrp";
        }
        if (member.endsWith("tokenization.type")
            || (member.equals("type") && !constraint.operationId().equals("createReceipt"))) {
          return "v2.request.tokenization";
        }
        return member.equals("type") ? "v2.dict.receipt-type" : "v2.dict.receipt-items";
      }
      if (constraint.kind() == Kind.IDENTIFIER) {
        return "v2.ep.unknown-resource";
      }
      return "v2.errors.validation";
    }

    private void depart(Case negative, Exchange answer, String problem, String rule) {
      departures.add(negative.description() + " -> " + problem);
      if (first == null) {
        first = answer;
        firstRule = rule;
      }
    }

    private void read(OpenPoint point, String observed, Case negative, Exchange answer) {
      readings
          .computeIfAbsent(point, p -> new LinkedHashMap<>())
          .computeIfAbsent(observed, o -> new LinkedHashSet<>())
          .add(negative.description());
      shown.putIfAbsent(point, answer);
      if (!point.ours().equals(observed)) {
        shown.put(point, answer);
      }
    }

    /**
     * Reports the readings, then fails the check with every departure, citing the first one's rule.
     */
    void report(CheckContext c) {
      readings.forEach(
          (point, observed) -> {
            List<String> others = new ArrayList<>();
            observed.forEach(
                (reading, cases) -> {
                  if (!OpenPoint.matches(point.ours(), reading)) {
                    List<String> some = cases.stream().limit(3).toList();
                    others.add(
                        reading
                            + " for "
                            + cases.size()
                            + " case(s), e.g. "
                            + String.join("; ", some));
                  }
                });
            c.reading(
                point,
                others.isEmpty() ? point.ours() : String.join(" | ", others),
                shown.get(point));
          });
      if (!departures.isEmpty()) {
        c.rule(firstRule);
        List<String> listed = departures.size() > 20 ? departures.subList(0, 20) : departures;
        c.fail(
            "each case refused as the documents say: a 4xx with the error body (validation_error for a request "
                + "of incorrect format), never accepted, never a server error (v1: a non-zero ErrorCode or a 4xx)",
            departures.size()
                + " case(s) were not:\n  - "
                + String.join("\n  - ", listed)
                + (departures.size() > listed.size()
                    ? "\n  ... and " + (departures.size() - listed.size()) + " more"
                    : ""),
            first);
      }
    }
  }
}
