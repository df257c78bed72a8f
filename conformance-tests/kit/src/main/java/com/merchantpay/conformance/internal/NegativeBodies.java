package com.merchantpay.conformance.internal;

import static com.merchantpay.conformance.internal.NegativeVerdicts.judgeAll;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.merchantpay.conformance.internal.Constraint.Kind;
import com.merchantpay.conformance.internal.NegativeVerdicts.Case;
import com.merchantpay.conformance.internal.NegativeVerdicts.Fixture;
import com.merchantpay.conformance.judge.SpecModel;
import com.merchantpay.spec.ApiSpec;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * The negative cases of request bodies: a valid request per operation with a body, on a resource in
 * the right state, and each case made from it by breaking one constraint.
 */
final class NegativeBodies {
  private NegativeBodies() {}

  /**
   * An operation with a body: how to make a valid request on a resource in the right state, and
   * other valid bodies for the same request that carry members the first does not (another payment
   * instrument, say).
   */
  record BodyOperation(
      String operationId,
      Function<CheckContext, Fixture> fixture,
      BiFunction<CheckContext, ObjectNode, List<ObjectNode>> variants) {
    BodyOperation(String operationId, Function<CheckContext, Fixture> fixture) {
      this(operationId, fixture, (c, body) -> List.of());
    }
  }

  static final List<BodyOperation> BODY_OPERATIONS =
      List.of(
          new BodyOperation(
              "createInvoice",
              c -> new Fixture(Paths.v2("createInvoice"), RichBodies.invoice(c)),
              (c, body) -> withUnlistedMembers("createInvoice", body)),
          new BodyOperation(
              "createPayment",
              c -> new Fixture(Paths.v2("createPayment"), RichBodies.payment(c)),
              NegativeBodies::otherInstruments),
          new BodyOperation(
              "completePayment",
              c -> {
                Fixtures f = new Fixtures(c);
                // Made holding the payer's inbox: its code must not land on another check's.
                String id =
                    c.run()
                        .withConfirmations(() -> f.pay(f.confirmationPayment("SmsOtp", "10")))
                        .path("id")
                        .asText();
                ObjectNode body =
                    Json.object()
                        .put("code", "123456")
                        .put("threeDSCompInd", "Y")
                        .put("cres", "Y")
                        .put("PARes", "Y");
                return new Fixture(Paths.v2("completePayment", id), body);
              }),
          new BodyOperation(
              "capturePayment",
              c -> {
                String id = new Fixtures(c).heldPayment("100").path("id").asText();
                ObjectNode body = new Fixtures(c).capture("100");
                body.set("receipt", RichBodies.followUpReceipt("100"));
                return new Fixture(Paths.v2("capturePayment", id), body);
              }),
          new BodyOperation(
              "createRefund",
              c -> {
                Fixtures f = new Fixtures(c);
                ObjectNode body = f.refund(f.settledPayment("100").path("id").asText(), "10");
                body.set("receipt", RichBodies.followUpReceipt("10"));
                return new Fixture(Paths.v2("createRefund"), body);
              }),
          new BodyOperation(
              "startTokenization",
              c -> new Fixture(Paths.v2("startTokenization"), RichBodies.tokenization(c)),
              (c, body) -> withUnlistedMembers("startTokenization", body)),
          new BodyOperation(
              "createPaymentToken",
              c -> new Fixture(Paths.v2("createPaymentToken"), RichBodies.token(c)),
              (c, body) -> {
                List<ObjectNode> variants = new ArrayList<>(besideTheCard(c, body));
                variants.addAll(withUnlistedMembers("createPaymentToken", body));
                return variants;
              }),
          new BodyOperation(
              "completePaymentToken",
              c -> {
                Fixtures f = new Fixtures(c);
                String id = f.createdTokenId();
                return new Fixture(
                    Paths.v2("completePaymentToken", id),
                    Json.object()
                        .put("code", "1")
                        .put("threeDSCompInd", "Y")
                        .put("cres", "Y")
                        .put("PARes", "Y"));
              }),
          new BodyOperation(
              "createReceipt", c -> new Fixture(Paths.v2("createReceipt"), RichBodies.receipt(c))),
          new BodyOperation(
              "createSticker", c -> new Fixture(Paths.v2("createSticker"), RichBodies.sticker(c))),
          new BodyOperation(
              "setStickerActive",
              c -> {
                String id =
                    c.ok(
                            c.v2()
                                .post(
                                    Paths.v2("createSticker"),
                                    new Fixtures(c).sticker(false, null, null)))
                        .path("id")
                        .asText();
                return new Fixture(
                    Paths.v2("setStickerActive", id), Json.object().put("active", true));
              }));

  /** The operations whose bodies the negative cases break. */
  static List<String> bodyOperations() {
    return BODY_OPERATIONS.stream().map(BodyOperation::operationId).toList();
  }

  static void runBodyCases(CheckContext c, SpecModel.Operation operation, BodyOperation made)
      throws Exception {
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
    judgeAll(c, cases, answers, false);
  }

  /** A member of a complete request that a step other than an SmsOtp code takes. */
  static boolean stepMember(String member) {
    return List.of("threeDSCompInd", "cres", "PARes").contains(member);
  }

  static Exchange send(
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
  static List<Case> bodyCases(Constraint constraint, ObjectNode valid) {
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
  static List<ObjectNode> otherInstruments(CheckContext c, ObjectNode rich) {
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
        .put("stickerId", f.cashlinkSticker("100", null).path("id").asText());
    variants.add(sticker);
    return variants;
  }

  /**
   * The body with the members our spec's shared schemas give the operation but its row in the
   * documents does not list: breaking one of them is never a departure.
   */
  static List<ObjectNode> withUnlistedMembers(String operation, ObjectNode rich) {
    ObjectNode variant = RichBodies.unlisted(operation, rich);
    return variant == null ? List.of() : List.of(variant);
  }

  /**
   * The token request with each other member of paymentData beside its card, which a token is made
   * from.
   */
  static List<ObjectNode> besideTheCard(CheckContext c, ObjectNode rich) {
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
}
