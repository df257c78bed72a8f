package com.merchantpay.conformance.internal;

import static com.merchantpay.conformance.internal.Fixtures.encode;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.merchantpay.conformance.judge.Schemas;
import com.merchantpay.conformance.judge.SpecModel;
import com.merchantpay.spec.ApiSpec;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * Negative cases derived from the v2 document's request schemas, one per constraint of a member the valid
 * request carries: each required member missing, each member of a wrong type, each dictionary given a value
 * outside it, each length, range, pattern and format crossed; plus malformed JSON, a wrong content type, an
 * over-long Idempotency-Key and the list parameters. Every case must be refused with validation_error naming
 * the member, never a 5xx and never accepted. The v1 operations get their required values left out or
 * mistyped, which must never succeed.
 */
final class NegativeSuite {
  private static final String SUITE = "negative";
  private static final Rule RULE = Rule.v2("Errors, rule 1", "an incorrect request format is validation_error, whose "
      + "errors hold one message per failed check (the constraints, and that each message names its member, are "
      + "the spec's decisions)");

  private NegativeSuite() {}

  /** One request that breaks one constraint. */
  record Case(String description, String member, ObjectNode body, String contentType, byte[] raw) {}

  /** A valid request on a resource in the right state, made afresh when a case was wrongly accepted. */
  record Fixture(String path, ObjectNode body) {}

  private record BodyOperation(String operationId, Function<CheckContext, Fixture> fixture) {}

  private static final List<BodyOperation> BODY_OPERATIONS = List.of(
      new BodyOperation("createInvoice", c -> new Fixture("/api/v2/invoices", richInvoice(c))),
      new BodyOperation("createPayment", c -> new Fixture("/api/v2/payments", richPayment(c))),
      new BodyOperation("completePayment", c -> {
        Fixtures f = new Fixtures(c);
        String id = f.pay(f.confirmationPayment("SmsOtp", "10")).path("id").asText();
        ObjectNode body = Json.object().put("code", "123456").put("threeDSCompInd", "Y").put("cres", "Y")
            .put("PARes", "Y");
        return new Fixture(LifecycleSuite.path(id, "complete"), body);
      }),
      new BodyOperation("capturePayment", c -> {
        String id = new Fixtures(c).heldPayment("100").path("id").asText();
        ObjectNode body = Json.object();
        body.set("amount", c.amount("100"));
        body.set("receipt", followUpReceipt("100"));
        return new Fixture(LifecycleSuite.path(id, "confirm"), body);
      }),
      new BodyOperation("createRefund", c -> {
        Fixtures f = new Fixtures(c);
        ObjectNode body = f.refund(f.settledPayment("100").path("id").asText(), "10");
        body.set("receipt", followUpReceipt("10"));
        return new Fixture("/api/v2/refunds", body);
      }),
      new BodyOperation("startTokenization", c -> {
        ObjectNode body = Json.object();
        body.put("merchantId", c.target().merchantId());
        body.put("testMode", true);
        body.put("type", "recurring");
        body.put("purpose", "Conformance");
        body.put("paymentMethod", "bankcard");
        body.put("callbackUrl", "https://shop.example.org/hooks/tokens");
        body.put("returnUrl", "https://shop.example.org/cards");
        body.set("customer", customer());
        return new Fixture("/api/v2/tokenization", body);
      }),
      new BodyOperation("createPaymentToken", c -> {
        Fixtures f = new Fixtures(c);
        ObjectNode body = f.tokenRequest(f.approvedCard().pan(), "https://shop.example.org/hooks/tokens");
        ((ObjectNode) body.path("protocol")).put("returnUrl", "https://shop.example.org/cards")
            .put("threeDSCompleteUrl", "https://shop.example.org/3ds");
        body.set("customer", customer());
        body.set("device", device());
        return new Fixture("/api/v2/paymenttokens", body);
      }),
      new BodyOperation("completePaymentToken", c -> {
        Fixtures f = new Fixtures(c);
        String id = c.ok(c.v2().post("/api/v2/paymenttokens", f.tokenRequest(f.approvedCard().pan(), null)))
            .path("id").asText();
        return new Fixture("/api/v2/paymenttokens/" + encode(id) + "/complete", Json.object().put("code", "1"));
      }),
      new BodyOperation("createReceipt", c -> {
        Fixtures f = new Fixtures(c);
        ObjectNode body = f.receipt(f.settledPayment("100").path("id").asText(), "100");
        body.set("items", Json.array().add(fullItem("100")));
        ((ObjectNode) body.path("client")).put("phone", "79161234567").put("name", "Demo LLC").put("inn", "7707083893");
        ((ObjectNode) body.path("settlements")).put("advance", 0).put("loan", 0).put("consideration", 0);
        return new Fixture("/api/v2/receipts", body);
      }),
      new BodyOperation("createSticker", c -> new Fixture("/api/v2/stickers",
          new Fixtures(c).sticker(false, "350", "https://shop.example.org/hooks/stickers"))),
      new BodyOperation("setStickerActive", c -> {
        String id = c.ok(c.v2().post("/api/v2/stickers", new Fixtures(c).sticker(false, null, null))).path("id")
            .asText();
        return new Fixture("/api/v2/stickers/" + encode(id), Json.object().put("active", true));
      }));

  static List<Check> checks() {
    List<Check> checks = new ArrayList<>();
    SpecModel model = SpecModel.of(ApiSpec.V2);
    for (BodyOperation operation : BODY_OPERATIONS) {
      SpecModel.Operation definition = model.byId(operation.operationId());
      checks.add(Check.of(SUITE, operation.operationId(), "Every constraint of " + operation.operationId()
          + "'s request is enforced with validation_error naming the member", RULE, List.of(),
          c -> runBodyCases(c, definition, operation.fixture())));
    }
    for (SpecModel.Operation list : model.operations()) {
      if (list.method().equals("GET") && list.requestSchema("application/json") == null
          && list.parameters().stream().anyMatch(p -> "query".equals(p.getIn()) && Boolean.TRUE.equals(p.getRequired()))) {
        checks.add(Check.of(SUITE, list.id(), "Every constraint of " + list.id() + "'s query is enforced with "
            + "validation_error naming the parameter", RULE, List.of(), c -> runQueryCases(c, list)));
      }
    }
    for (SpecModel.Operation v1 : SpecModel.of(ApiSpec.V1).operations()) {
      checks.add(Check.of(SUITE, "v1-" + v1.id(), v1.id() + " with a required value left out or of the wrong type "
          + "never succeeds and never fails the server", Rule.v1("Errors, rule 1", "a handled request answers 200 "
          + "with its ErrorCode; any other status is a failure to read the request"), List.of(),
          c -> runV1Cases(c, v1)));
    }
    return checks;
  }

  // ---------------------------------------------------------------- v2 bodies

  private static void runBodyCases(CheckContext c, SpecModel.Operation operation, Function<CheckContext, Fixture> make) {
    Schema<?> schema = operation.requestSchema("application/json");
    Fixture fixture = make.apply(c);
    List<Case> cases = new ArrayList<>();
    walk(schema, fixture.body(), "", fixture.body(), cases);
    cases.add(new Case("malformed JSON", null, null, "application/json",
        "{\"merchantId\": ".getBytes(StandardCharsets.UTF_8)));
    cases.add(new Case("a text/plain body", null, null, "text/plain", Json.bytes(fixture.body())));
    boolean creating = operation.hasParameter("header", "Idempotency-Key");
    Failures failures = new Failures();
    for (Case negative : cases) {
      Map<String, String> headers = new LinkedHashMap<>();
      headers.put("Content-Type", negative.contentType());
      if (creating) {
        headers.put("Idempotency-Key", c.run().unique("kit-negative"));
      }
      byte[] body = negative.raw() != null ? negative.raw() : Json.bytes(negative.body());
      Exchange answer = c.v2().send(operation.method(), fixture.path(), headers, body);
      failures.judge(c, negative, answer);
      if (answer.status() >= 200 && answer.status() < 300) {
        fixture = new Fixture(make.apply(c).path(), fixture.body()); // the resource may have changed
      }
    }
    if (creating) {
      Map<String, String> headers = Map.of("Content-Type", "application/json", "Idempotency-Key", "k".repeat(256));
      failures.judge(c, new Case("an Idempotency-Key of 256 characters", "Idempotency-Key", null, null, null),
          c.v2().send(operation.method(), fixture.path(), headers, Json.bytes(fixture.body())));
    }
    c.run().countNegative(cases.size() + (creating ? 1 : 0), constraints(operation));
    failures.report(c);
  }

  /** Adds a case for each constraint of each member the valid body carries. */
  @SuppressWarnings("rawtypes")
  private static void walk(Schema<?> schema, JsonNode node, String path, ObjectNode root, List<Case> cases) {
    Schema<?> effective = Schemas.effective(schema);
    if (node.isArray() && effective.getItems() != null && node.size() > 0) {
      walk(effective.getItems(), node.get(0), path + "[0]", root, cases);
      return;
    }
    if (!node.isObject()) {
      return;
    }
    Map<String, Schema> properties = Schemas.properties(effective);
    for (String required : Schemas.required(effective)) {
      if (node.has(required)) {
        cases.add(mutated(root, path, required, "missing", null, true));
      }
    }
    for (Map.Entry<String, JsonNode> member : node.properties()) {
      String name = member.getKey();
      String where = path.isEmpty() ? name : path + "." + name;
      Schema<?> property = properties == null ? null : properties.get(name);
      if (property == null && effective.getAdditionalProperties() instanceof Schema<?> values) {
        property = values;
      }
      if (property == null) {
        continue;
      }
      Schema<?> p = Schemas.effective(property);
      String type = Schemas.typeOf(p);
      cases.add(mutated(root, path, name, "of a wrong type", wrongType(type), false));
      if (p.getEnum() != null && !p.getEnum().isEmpty()) {
        cases.add(mutated(root, path, name, "outside its dictionary", Json.MAPPER.getNodeFactory()
            .textNode("NotInTheDictionary"), false));
      }
      if (p.getPattern() != null) {
        String breaking = breaking(p.getPattern());
        if (breaking != null) {
          cases.add(mutated(root, path, name, "not matching " + p.getPattern(), Json.MAPPER.getNodeFactory()
              .textNode(breaking), false));
        }
      }
      if (p.getMaxLength() != null) {
        cases.add(mutated(root, path, name, "longer than " + p.getMaxLength(), Json.MAPPER.getNodeFactory()
            .textNode("x".repeat(p.getMaxLength() + 1)), false));
      }
      if (p.getMinLength() != null && p.getMinLength() > 0) {
        cases.add(mutated(root, path, name, "shorter than " + p.getMinLength(), Json.MAPPER.getNodeFactory()
            .textNode("x".repeat(p.getMinLength() - 1)), false));
      }
      if (p.getMaximum() != null) {
        cases.add(mutated(root, path, name, "above " + p.getMaximum(), Json.MAPPER.getNodeFactory()
            .numberNode(p.getMaximum().add(BigDecimal.ONE)), false));
      }
      if (p.getMinimum() != null) {
        cases.add(mutated(root, path, name, "below " + p.getMinimum(), Json.MAPPER.getNodeFactory()
            .numberNode(p.getMinimum().subtract(BigDecimal.ONE)), false));
      }
      if ("date-time".equals(p.getFormat())) {
        cases.add(mutated(root, path, name, "not a date-time", Json.MAPPER.getNodeFactory().textNode("tomorrow"),
            false));
      }
      walk(p, member.getValue(), where, root, cases);
    }
  }

  private static Case mutated(ObjectNode root, String parentPath, String name, String what, JsonNode value,
      boolean remove) {
    ObjectNode copy = root.deepCopy();
    ObjectNode parent = parentPath.isEmpty() ? copy : (ObjectNode) Json.at(copy, parentPath);
    if (remove) {
      parent.remove(name);
    } else {
      parent.set(name, value);
    }
    String member = parentPath.isEmpty() ? name : parentPath + "." + name;
    return new Case(member + " " + what, member, copy, "application/json", null);
  }

  private static JsonNode wrongType(String type) {
    var nodes = Json.MAPPER.getNodeFactory();
    return switch (type == null ? "string" : type) {
      case "number", "integer" -> nodes.textNode("twelve");
      case "boolean" -> nodes.textNode("yes");
      case "object" -> nodes.textNode("not an object");
      case "array" -> nodes.textNode("not an array");
      default -> nodes.numberNode(12345);
    };
  }

  /** A text the pattern does not match, from a few candidates, or null. */
  private static String breaking(String regex) {
    Pattern pattern = Pattern.compile(regex);
    for (String candidate : List.of("", "rub", "+7 (916) abc", "!", "x".repeat(300), "0")) {
      if (!pattern.matcher(candidate).find()) {
        return candidate;
      }
    }
    return null;
  }

  // ---------------------------------------------------------------- v2 queries

  private static void runQueryCases(CheckContext c, SpecModel.Operation operation) {
    Map<String, String> valid = new LinkedHashMap<>();
    for (Parameter parameter : operation.parameters()) {
      if (!"query".equals(parameter.getIn())) {
        continue;
      }
      String value = switch (parameter.getName()) {
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
    Failures failures = new Failures();
    int cases = 0;
    for (Parameter parameter : operation.parameters()) {
      if (!"query".equals(parameter.getIn()) || !valid.containsKey(parameter.getName())) {
        continue;
      }
      if (Boolean.TRUE.equals(parameter.getRequired())) {
        Map<String, String> query = new LinkedHashMap<>(valid);
        query.remove(parameter.getName());
        failures.judge(c, new Case(parameter.getName() + " missing", parameter.getName(), null, null, null),
            c.v2().get(operation.template() + query(query)));
        cases++;
      }
      if (parameter.getSchema() != null && "date-time".equals(parameter.getSchema().getFormat())) {
        Map<String, String> query = new LinkedHashMap<>(valid);
        query.put(parameter.getName(), "yesterday");
        failures.judge(c, new Case(parameter.getName() + " not a date-time", parameter.getName(), null, null, null),
            c.v2().get(operation.template() + query(query)));
        cases++;
      }
    }
    c.run().countNegative(cases, constraints(operation));
    failures.report(c);
  }

  private static String query(Map<String, String> values) {
    StringBuilder query = new StringBuilder();
    values.forEach((name, value) -> query.append(query.length() == 0 ? "?" : "&").append(name).append('=')
        .append(encode(value)));
    return query.toString();
  }

  // ---------------------------------------------------------------- v1

  private static void runV1Cases(CheckContext c, SpecModel.Operation operation) {
    V1Calls v1 = c.v1();
    Map<String, String> valid = new LinkedHashMap<>();
    List<String> required = new ArrayList<>();
    Map<String, String> types = new LinkedHashMap<>();
    for (Parameter parameter : operation.parameters()) {
      if ("query".equals(parameter.getIn()) && Boolean.TRUE.equals(parameter.getRequired())) {
        required.add(parameter.getName());
        types.put(parameter.getName(), parameter.getSchema() == null ? null : Schemas.typeOf(parameter.getSchema()));
      }
    }
    Schema<?> form = operation.requestSchema("application/x-www-form-urlencoded");
    if (form != null) {
      for (String name : Schemas.required(form)) {
        required.add(name);
        Schema<?> property = Schemas.properties(form).get(name);
        types.put(name, property == null ? null : Schemas.typeOf(property));
      }
    }
    required.removeAll(Set.of("login", "nonce", "hash"));
    for (String name : required) {
      valid.put(name, switch (name) {
        case "amount" -> "1";
        case "siteAlias" -> V1Support.siteAlias(c);
        default -> "integer".equals(types.get(name)) ? "1" : "kit";
      });
    }
    Failures failures = new Failures();
    int cases = 0;
    for (String name : required) {
      Map<String, String> missing = new LinkedHashMap<>(valid);
      missing.remove(name);
      failures.judgeV1(new Case(name + " missing", name, null, null, null), v1.call(operation.id(), missing));
      cases++;
      if ("integer".equals(types.get(name)) || "number".equals(types.get(name))) {
        Map<String, String> mistyped = new LinkedHashMap<>(valid);
        mistyped.put(name, "twelve");
        failures.judgeV1(new Case(name + " not a number", name, null, null, null), v1.call(operation.id(), mistyped));
        cases++;
      }
    }
    c.run().countNegative(cases, cases);
    failures.report(c);
  }

  // ---------------------------------------------------------------- judging

  /** The cases that were not refused as they should be. */
  private static final class Failures {
    private final List<String> lines = new ArrayList<>();
    private Exchange first;

    void judge(CheckContext c, Case negative, Exchange answer) {
      String problem = null;
      if (!answer.answered() || answer.status() / 100 != 4 || !"validation_error".equals(answer.errorCode())) {
        problem = answer.summary();
      } else if (negative.member() != null && !CheckContext.names(answer.json().path("errors"), negative.member())) {
        problem = "errors do not name " + negative.member() + ": " + answer.json().path("errors");
      }
      add(negative, answer, problem);
    }

    void judgeV1(Case negative, Exchange answer) {
      String problem = null;
      Integer code = answer.v1ErrorCode();
      if (!answer.answered() || answer.status() >= 500) {
        problem = answer.summary();
      } else if (answer.status() == 200 && (code == null || code == 0)) {
        problem = "accepted: " + answer.summary();
      } else if (answer.status() != 200 && answer.status() < 400) {
        problem = answer.summary();
      }
      add(negative, answer, problem);
    }

    private void add(Case negative, Exchange answer, String problem) {
      if (problem != null) {
        lines.add(negative.description() + " -> " + problem);
        if (first == null) {
          first = answer;
        }
      }
    }

    void report(CheckContext c) {
      if (!lines.isEmpty()) {
        List<String> shown = lines.size() > 20 ? lines.subList(0, 20) : lines;
        c.fail("each case refused (a 4xx) with validation_error naming the member (v1: a non-zero ErrorCode or a 4xx)",
            lines.size() + " case(s) were not:\n  - " + String.join("\n  - ", shown)
                + (lines.size() > shown.size() ? "\n  ... and " + (lines.size() - shown.size()) + " more" : ""),
            first);
      }
    }
  }

  // ---------------------------------------------------------------- coverage

  /** The constraints the document states for an operation's request: what a full set of cases would cover. */
  static int constraints(SpecModel.Operation operation) {
    int count = 0;
    for (Parameter parameter : operation.parameters()) {
      if ("path".equals(parameter.getIn())) {
        continue;
      }
      count += Boolean.TRUE.equals(parameter.getRequired()) ? 1 : 0;
      if (parameter.getSchema() != null) {
        count += schemaConstraints(parameter.getSchema());
      }
    }
    Schema<?> body = operation.requestSchema("application/json");
    if (body != null) {
      count += 2 + members(body, new IdentityHashMap<>());
    }
    return count;
  }

  @SuppressWarnings("rawtypes")
  private static int members(Schema<?> schema, IdentityHashMap<Schema<?>, Boolean> seen) {
    Schema<?> effective = Schemas.effective(schema);
    if (seen.put(effective, true) != null) {
      return 0;
    }
    int count = 0;
    if (effective.getItems() != null) {
      count += members(effective.getItems(), seen);
    }
    Map<String, Schema> properties = Schemas.properties(effective);
    if (properties != null) {
      count += Schemas.required(effective).size();
      for (Schema property : properties.values()) {
        count += 1 + schemaConstraints(Schemas.effective(property)) + members(property, seen);
      }
    }
    if (effective.getAdditionalProperties() instanceof Schema<?> values) {
      count += 1 + members(values, seen);
    }
    seen.remove(effective);
    return count;
  }

  private static int schemaConstraints(Schema<?> schema) {
    int count = 0;
    count += schema.getEnum() != null && !schema.getEnum().isEmpty() ? 1 : 0;
    count += schema.getPattern() != null ? 1 : 0;
    count += schema.getMaxLength() != null ? 1 : 0;
    count += schema.getMinLength() != null && schema.getMinLength() > 0 ? 1 : 0;
    count += schema.getMaximum() != null ? 1 : 0;
    count += schema.getMinimum() != null ? 1 : 0;
    count += "date-time".equals(schema.getFormat()) ? 1 : 0;
    return count;
  }

  // ---------------------------------------------------------------- rich valid bodies

  private static ObjectNode richInvoice(CheckContext c) {
    ObjectNode body = Json.object();
    body.put("merchantId", c.target().merchantId());
    body.put("dualMode", false);
    body.put("testMode", true);
    body.putObject("tokenization").put("type", "cof").put("purpose", "Faster checkout")
        .put("callbackUrl", "https://shop.example.org/hooks/tokens");
    body.putObject("invoice").put("description", "Conformance").put("orderNo", c.run().unique("kit-order"))
        .put("expires", "2034-01-01T00:00:00Z").putObject("params").put("basket", "b-1");
    body.set("amount", c.amount("100"));
    body.put("paymentMethod", "bankcard");
    body.putObject("protocol").put("returnUrl", "https://shop.example.org/return")
        .put("callbackUrl", "https://shop.example.org/hooks/payments");
    body.set("customer", customer());
    body.set("receipt", fullReceipt("100"));
    return body;
  }

  private static ObjectNode richPayment(CheckContext c) {
    ObjectNode body = new Fixtures(c).approvedPayment("100", false);
    ((ObjectNode) body.path("invoice")).put("expires", "2034-01-01T00:00:00Z").putObject("params").put("basket", "b-1");
    body.putObject("tokenization").put("type", "cof").put("purpose", "Faster checkout")
        .put("callbackUrl", "https://shop.example.org/hooks/tokens");
    body.putObject("protocol").put("returnUrl", "https://shop.example.org/return")
        .put("callbackUrl", "https://shop.example.org/hooks/payments")
        .put("threeDSCompleteUrl", "https://shop.example.org/3ds");
    body.set("customer", customer());
    body.set("device", device());
    body.set("receipt", fullReceipt("100"));
    return body;
  }

  private static ObjectNode customer() {
    return Json.object().put("email", "buyer@example.org").put("phone", "79161234567").put("ip", "203.0.113.24")
        .put("account", "customer-1");
  }

  private static ObjectNode device() {
    return Json.object().put("language", "en-GB").put("acceptHeader", "text/html").put("userAgent", "Mozilla/5.0")
        .put("colorDepth", "24").put("screenHeight", "1080").put("screenWidth", "1920").put("utcOffsetMinutes", "0");
  }

  private static ObjectNode fullItem(String price) {
    ObjectNode item = Json.object();
    item.put("name", "Espresso beans");
    item.put("quantity", 1);
    item.put("price", new BigDecimal(price));
    item.put("measure", "Piece");
    item.put("excise", 0);
    item.putObject("product").put("country", "076").put("declaration", "10702070/140524/0012345");
    item.put("vatType", "Vat22");
    item.put("paymentSubject", "Commodity");
    item.put("paymentMethod", "FullPayment");
    item.putObject("marking").put("code", "010460406000590021N4N57RSCBUZTQ").putObject("quantity")
        .put("numerator", 1).put("denominator", 2);
    item.put("agentType", "Commissioner");
    item.putObject("supplier").put("name", "Roasters JSC").put("inn", "7736207543").put("phone", "74951234567");
    return item;
  }

  private static ObjectNode followUpReceipt(String price) {
    ObjectNode receipt = Json.object();
    receipt.putObject("client").put("email", "buyer@example.org").put("phone", "79161234567").put("name", "Demo LLC")
        .put("inn", "7707083893");
    ArrayNode items = receipt.putArray("items");
    items.add(fullItem(price));
    return receipt;
  }

  private static ObjectNode fullReceipt(String price) {
    ObjectNode receipt = followUpReceipt(price);
    receipt.putObject("settlements").put("cashless", new BigDecimal(price)).put("advance", 0).put("loan", 0)
        .put("consideration", 0);
    return receipt;
  }
}
