package com.merchantpay.conformance.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.merchantpay.conformance.internal.NegativeCoverage.Kind;
import com.merchantpay.conformance.judge.Schemas;
import com.merchantpay.conformance.judge.SpecModel;
import com.merchantpay.spec.ApiSpec;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Every constraint our specs put on requests, found in the request schemas and parameters of both
 * documents (required members, types, dictionaries, patterns, lengths, bounds, formats, array
 * sizes) and in the rules the v2 spec states in words (amounts above zero with at most four
 * fraction digits and fifteen integer digits, ISO 4217 currencies, offered payment method aliases,
 * card number, expiry and security code forms, absolute callback URLs, one payment instrument, a
 * period whose start is not after its end, a cursor the service gave). Each knows how to break it
 * and whether the service documents themselves forbid breaking it: the negative cases are made from
 * these, and their coverage is counted against all of them.
 */
final class RequestConstraints {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  /** The v2 document's own dictionaries: a request value outside one departs from the document. */
  private static final Set<Set<String>> DOCUMENT_DICTIONARIES =
      Set.of(
          Set.of("cof", "recurring"), Set.of("ApplePay", "GooglePay"), Set.of("Payment", "Refund"));

  private static final Set<String> DOCUMENT_DICTIONARY_MEMBERS =
      Set.of("vatType", "agentType", "paymentSubject", "measure", "type");

  /** The v1 values of signing and format, which the v1 suite checks on its own. */
  private static final Set<String> SIGNING = Set.of("login", "nonce", "hash", "xml");

  private static final List<Constraint> ALL = inventory();

  /**
   * One constraint of one operation's request.
   *
   * @param key stable identity: interface, operation, member and what is checked
   * @param kind the kind of constraint, for coverage
   * @param operationId the operation
   * @param member the member as a dotted path ({@code receipt.items[].price}), a parameter name, or
   *     a word for the whole request ({@code body}, {@code path})
   * @param what what breaking it means, for reports ({@code missing}, {@code zero})
   * @param documented whether the service documents themselves forbid the broken request (else only
   *     our spec)
   * @param validation whether the documents make its refusal a validation_error (an incorrect
   *     request format)
   * @param reported whether the documents say the error reports the member (a missing merchantId)
   * @param breaking the values that break it, or none for a member left out
   * @param listed whether the v2 document lists the member for this operation ({@link
   *     DocumentedRequests}); a member only our spec's shared schemas give it is not, and breaking
   *     it is then never a departure
   */
  record Constraint(
      String key,
      Kind kind,
      String operationId,
      String member,
      String what,
      boolean documented,
      boolean validation,
      boolean reported,
      List<JsonNode> breaking,
      boolean listed) {
    Constraint(
        String key,
        Kind kind,
        String operationId,
        String member,
        String what,
        boolean documented,
        boolean validation,
        boolean reported,
        List<JsonNode> breaking) {
      this(key, kind, operationId, member, what, documented, validation, reported, breaking, true);
    }

    boolean removes() {
      return breaking.isEmpty();
    }

    /**
     * The same constraint on a member the request's step does not take: never a departure, and read
     * as a constraint only our spec sets.
     */
    Constraint otherStep() {
      return new Constraint(
          key, kind, operationId, member, what, false, false, false, breaking, true);
    }

    /** The same constraint on a member the operation's row does not list: never a departure. */
    Constraint unlisted() {
      return new Constraint(
          key, kind, operationId, member, what, false, false, false, breaking, false);
    }
  }

  private RequestConstraints() {}

  /** Every constraint of both specs. */
  static List<Constraint> all() {
    return ALL;
  }

  /** The constraints of one operation. */
  static List<Constraint> of(ApiSpec spec, String operationId) {
    String prefix = (spec == ApiSpec.V2 ? "v2 " : "v1 ") + operationId + " ";
    return ALL.stream().filter(c -> c.key().startsWith(prefix)).toList();
  }

  private static List<Constraint> inventory() {
    List<Constraint> all = new ArrayList<>();
    for (SpecModel.Operation operation : SpecModel.of(ApiSpec.V2).operations()) {
      v2(operation, all);
    }
    for (SpecModel.Operation operation : SpecModel.of(ApiSpec.V1).operations()) {
      v1(operation, all);
    }
    return List.copyOf(all);
  }

  // ---------------------------------------------------------------- v2

  private static void v2(SpecModel.Operation operation, List<Constraint> out) {
    String op = operation.id();
    for (Parameter parameter : operation.parameters()) {
      String name = parameter.getName();
      if ("path".equals(parameter.getIn())) {
        out.add(
            new Constraint(
                "v2 " + op + " path identifier",
                Kind.IDENTIFIER,
                op,
                name,
                "a resource that does " + "not exist",
                true,
                false,
                false,
                List.of(NODES.textNode("no-such-resource"))));
        continue;
      }
      Schema<?> schema = parameter.getSchema();
      if (Boolean.TRUE.equals(parameter.getRequired())) {
        out.add(
            new Constraint(
                "v2 " + op + " " + name + " required",
                Kind.REQUIRED,
                op,
                name,
                "missing",
                name.equals("merchantId"),
                name.equals("merchantId"),
                name.equals("merchantId"),
                List.of()));
      }
      if (schema != null && "date-time".equals(schema.getFormat())) {
        out.add(
            new Constraint(
                "v2 " + op + " " + name + " format:date-time",
                Kind.FORMAT,
                op,
                name,
                "not a date-time",
                true,
                true,
                false,
                List.of(NODES.textNode("yesterday"))));
      }
      if (schema != null && schema.getMaxLength() != null) {
        out.add(
            new Constraint(
                "v2 " + op + " " + name + " length:max",
                Kind.LENGTH,
                op,
                name,
                "longer than " + schema.getMaxLength(),
                false,
                false,
                false,
                List.of(NODES.textNode("k".repeat(schema.getMaxLength() + 1)))));
      }
    }
    if (operation.hasParameter("query", "start") && operation.hasParameter("query", "end")) {
      out.add(
          new Constraint(
              "v2 " + op + " start,end order",
              Kind.CROSS_FIELD,
              op,
              "start",
              "after end",
              false,
              false,
              false,
              List.of(NODES.textNode("2035-01-01T00:00:00Z"))));
    }
    if (operation.hasParameter("query", "cursor")) {
      out.add(
          new Constraint(
              "v2 " + op + " cursor given",
              Kind.QUERY,
              op,
              "cursor",
              "a cursor the service never gave",
              false,
              false,
              false,
              List.of(NODES.textNode("not-a-cursor-%%-\u00e9"))));
    }
    Schema<?> body = operation.requestSchema("application/json");
    if (body != null) {
      out.add(
          new Constraint(
              "v2 " + op + " body json",
              Kind.BODY,
              op,
              "body",
              "malformed JSON",
              true,
              true,
              false,
              List.of(NODES.textNode("{\"merchantId\": "))));
      out.add(
          new Constraint(
              "v2 " + op + " body content-type",
              Kind.BODY,
              op,
              "body",
              "labelled text/plain",
              false,
              false,
              false,
              List.of(NODES.textNode("text/plain"))));
      List<Constraint> members = new ArrayList<>();
      walk(op, body, "", members, new IdentityHashMap<>());
      for (Constraint constraint : members) {
        out.add(
            DocumentedRequests.lists(op, constraint.member()) ? constraint : constraint.unlisted());
      }
    }
  }

  @SuppressWarnings("rawtypes")
  private static void walk(
      String op,
      Schema<?> schema,
      String path,
      List<Constraint> out,
      IdentityHashMap<Schema<?>, Boolean> seen) {
    Schema<?> effective = Schemas.effective(schema);
    if (seen.put(effective, true) != null) {
      return;
    }
    Map<String, Schema> properties = Schemas.properties(effective);
    if (properties != null) {
      List<String> required = Schemas.required(effective);
      for (Map.Entry<String, Schema> entry : properties.entrySet()) {
        String name = entry.getKey();
        String member = path.isEmpty() ? name : path + "." + name;
        Schema<?> property = Schemas.effective(entry.getValue());
        member(op, member, name, property, required.contains(name), path.isEmpty(), out);
        walk(op, property, member, out, seen);
      }
      if (properties.keySet().containsAll(List.of("card", "token"))
          && path.equals("paymentData")
          && op.equals("createPayment")) {
        out.add(
            new Constraint(
                "v2 " + op + " paymentData one-instrument",
                Kind.INSTRUMENT,
                op,
                "paymentData",
                "two instruments",
                false,
                false,
                false,
                List.of()));
      }
    }
    if (effective.getAdditionalProperties() instanceof Schema<?> values) {
      String member = path + ".*";
      out.add(
          new Constraint(
              "v2 " + op + " " + member + " type",
              Kind.TYPE,
              op,
              member,
              "of a wrong type",
              true,
              true,
              false,
              List.of(wrongType(Schemas.typeOf(values)))));
    }
    if (effective.getItems() != null) {
      walk(op, effective.getItems(), path + "[]", out, seen);
    }
    seen.remove(effective);
  }

  private static void member(
      String op,
      String member,
      String name,
      Schema<?> p,
      boolean required,
      boolean top,
      List<Constraint> out) {
    String key = "v2 " + op + " " + member + " ";
    String type = Schemas.typeOf(p);
    if (required) {
      boolean merchant = top && name.equals("merchantId");
      out.add(
          new Constraint(
              key + "required",
              Kind.REQUIRED,
              op,
              member,
              "missing",
              merchant,
              merchant,
              merchant,
              List.of()));
    }
    out.add(
        new Constraint(
            key + "type",
            Kind.TYPE,
            op,
            member,
            "of a wrong type",
            true,
            true,
            false,
            List.of(wrongType(type))));
    if (p.getEnum() != null && !p.getEnum().isEmpty()) {
      Set<String> values = Set.copyOf(p.getEnum().stream().map(String::valueOf).toList());
      boolean documented =
          DOCUMENT_DICTIONARIES.contains(values)
              || DOCUMENT_DICTIONARY_MEMBERS.contains(name)
              || (name.equals("paymentMethod") && member.contains("items"));
      out.add(
          new Constraint(
              key + "dictionary",
              Kind.DICTIONARY,
              op,
              member,
              "outside its dictionary",
              documented,
              false,
              false,
              List.of(NODES.textNode(name.equals("vatType") ? "Vat120" : "NotInTheDictionary"))));
    }
    if (p.getPattern() != null) {
      String breaking = breaking(p.getPattern());
      // The one pattern the documents state: an invoice's customer phone is E.164 without '+'.
      boolean documented = op.equals("createInvoice") && member.equals("customer.phone");
      if (breaking != null) {
        out.add(
            new Constraint(
                key + "pattern",
                Kind.PATTERN,
                op,
                member,
                "not matching " + p.getPattern(),
                documented,
                documented,
                false,
                List.of(NODES.textNode(breaking))));
      }
    }
    if (p.getMaxLength() != null) {
      out.add(
          new Constraint(
              key + "length:max",
              Kind.LENGTH,
              op,
              member,
              "longer than " + p.getMaxLength(),
              false,
              false,
              false,
              List.of(NODES.textNode("x".repeat(p.getMaxLength() + 1)))));
    }
    if (p.getMinLength() != null && p.getMinLength() > 0) {
      out.add(
          new Constraint(
              key + "length:min",
              Kind.LENGTH,
              op,
              member,
              "shorter than " + p.getMinLength(),
              false,
              false,
              false,
              List.of(NODES.textNode("x".repeat(p.getMinLength() - 1)))));
    }
    if (p.getMinimum() != null) {
      BigDecimal below =
          Boolean.TRUE.equals(p.getExclusiveMinimum())
              ? p.getMinimum()
              : p.getMinimum().subtract(BigDecimal.ONE);
      out.add(
          new Constraint(
              key + "range:min",
              Kind.RANGE,
              op,
              member,
              "below its minimum",
              false,
              false,
              false,
              List.of(NODES.numberNode(below))));
    }
    if (p.getMaximum() != null) {
      out.add(
          new Constraint(
              key + "range:max",
              Kind.RANGE,
              op,
              member,
              "above its maximum",
              false,
              false,
              false,
              List.of(NODES.numberNode(p.getMaximum().add(BigDecimal.ONE)))));
    }
    if (p.getMinItems() != null && p.getMinItems() > 0) {
      out.add(
          new Constraint(
              key + "array:min",
              Kind.ARRAY,
              op,
              member,
              "empty",
              false,
              false,
              false,
              List.of(NODES.arrayNode())));
    }
    if ("date-time".equals(p.getFormat())) {
      out.add(
          new Constraint(
              key + "format:date-time",
              Kind.FORMAT,
              op,
              member,
              "not a date-time",
              true,
              true,
              false,
              List.of(NODES.textNode("tomorrow"))));
    }
    if ("email".equals(p.getFormat())) {
      out.add(
          new Constraint(
              key + "format:email",
              Kind.FORMAT,
              op,
              member,
              "not an e-mail address",
              false,
              false,
              false,
              List.of(NODES.textNode("no-at-sign.example.org"))));
    }
    if ("int32".equals(p.getFormat())) {
      out.add(
          new Constraint(
              key + "integer:int32",
              Kind.INTEGER,
              op,
              member,
              "beyond a 32-bit integer",
              false,
              false,
              false,
              List.of(NODES.numberNode(2147483648L))));
    }
    prose(op, member, name, p, key, out);
  }

  /** The rules the v2 spec states in words for members of this name and form. */
  @SuppressWarnings("rawtypes")
  private static void prose(
      String op, String member, String name, Schema<?> p, String key, List<Constraint> out) {
    Map<String, Schema> properties = Schemas.properties(p);
    if (properties != null && properties.keySet().equals(Set.of("value", "currency"))) {
      String value = member + ".value";
      String currency = member + ".currency";
      out.add(
          new Constraint(
              "v2 " + op + " " + value + " range:positive",
              Kind.RANGE,
              op,
              value,
              "zero or below",
              true,
              false,
              false,
              List.of(NODES.numberNode(BigDecimal.ZERO), NODES.numberNode(new BigDecimal("-5")))));
      out.add(
          new Constraint(
              "v2 " + op + " " + value + " fraction:4",
              Kind.FRACTION,
              op,
              value,
              "with five fraction digits",
              false,
              false,
              false,
              List.of(NODES.numberNode(new BigDecimal("1.23456")))));
      out.add(
          new Constraint(
              "v2 " + op + " " + value + " range:digits",
              Kind.RANGE,
              op,
              value,
              "with sixteen integer digits",
              false,
              false,
              false,
              List.of(NODES.numberNode(new BigDecimal("1234567890123456")))));
      out.add(
          new Constraint(
              "v2 " + op + " " + currency + " format:iso4217",
              Kind.FORMAT,
              op,
              currency,
              "not an ISO 4217 code",
              true,
              false,
              false,
              List.of(NODES.textNode("XXQ"))));
    }
    if (name.equals("paymentMethod") && p.getEnum() == null && "string".equals(Schemas.typeOf(p))) {
      out.add(
          new Constraint(
              key + "dictionary:alias",
              Kind.DICTIONARY,
              op,
              member,
              "no alias the service offers",
              false,
              false,
              false,
              List.of(NODES.textNode("FullPayment"))));
    }
    if (properties != null && properties.keySet().containsAll(List.of("pan", "expiry", "cvc"))) {
      out.add(
          new Constraint(
              "v2 " + op + " " + member + ".pan format:pan",
              Kind.FORMAT,
              op,
              member + ".pan",
              "not 12 to 19 digits",
              false,
              false,
              false,
              List.of(NODES.textNode("1234"))));
      out.add(
          new Constraint(
              "v2 " + op + " " + member + ".expiry format:expiry",
              Kind.FORMAT,
              op,
              member + ".expiry",
              "not MM/YY",
              false,
              false,
              false,
              List.of(NODES.textNode("2030-12"))));
      out.add(
          new Constraint(
              "v2 " + op + " " + member + ".cvc format:cvc",
              Kind.FORMAT,
              op,
              member + ".cvc",
              "not 3 or 4 digits",
              false,
              false,
              false,
              List.of(NODES.textNode("12345"))));
    }
    if (name.equals("callbackUrl")) {
      out.add(
          new Constraint(
              key + "format:url",
              Kind.FORMAT,
              op,
              member,
              "not an absolute http(s) URL",
              false,
              false,
              false,
              List.of(NODES.textNode("hooks/payments"))));
    }
  }

  /** A value of another JSON type that no reader could take for the documented one. */
  static JsonNode wrongType(String type) {
    return switch (type == null ? "string" : type) {
      case "number", "integer" -> NODES.textNode("twelve");
      case "boolean" -> NODES.textNode("yes");
      case "object" -> NODES.textNode("not an object");
      case "array" -> NODES.textNode("not an array");
      default -> NODES.objectNode().put("not", "a string");
    };
  }

  /** A text the pattern does not match, from a few candidates, or null. */
  private static String breaking(String regex) {
    Pattern pattern = Pattern.compile(regex);
    for (String candidate : List.of("rub", "+7 (916) abc", "", "!", "x".repeat(300), "0")) {
      if (!pattern.matcher(candidate).find()) {
        return candidate;
      }
    }
    return null;
  }

  // ---------------------------------------------------------------- v1

  private static void v1(SpecModel.Operation operation, List<Constraint> out) {
    String op = operation.id();
    for (Parameter parameter : operation.parameters()) {
      if ("query".equals(parameter.getIn()) && !SIGNING.contains(parameter.getName())) {
        v1Value(
            op,
            parameter.getName(),
            parameter.getSchema(),
            Boolean.TRUE.equals(parameter.getRequired()),
            out);
      }
    }
    Schema<?> form = operation.requestSchema("application/x-www-form-urlencoded");
    if (form != null) {
      List<String> required = Schemas.required(form);
      Schemas.properties(form)
          .forEach(
              (name, schema) -> {
                if (!SIGNING.contains(name) && !name.startsWith("shoppingcart")) {
                  v1Value(op, name, schema, required.contains(name), out);
                }
              });
    }
  }

  private static void v1Value(
      String op, String name, Schema<?> schema, boolean required, List<Constraint> out) {
    String key = "v1 " + op + " " + name + " ";
    String type = schema == null ? null : Schemas.typeOf(schema);
    if (required) {
      // The document lists the value and does not mark it optional, but does not say what a call
      // without it gets: an open point (v1.request.missing-values), never a failure on its own.
      out.add(
          new Constraint(
              key + "required",
              Kind.REQUIRED,
              op,
              name,
              "missing",
              false,
              false,
              false,
              List.of()));
    }
    if ("integer".equals(type) || "number".equals(type)) {
      out.add(
          new Constraint(
              key + "type",
              Kind.TYPE,
              op,
              name,
              "not a number",
              required,
              false,
              false,
              List.of(NODES.textNode("twelve"))));
    }
    if (schema != null && "date".equals(schema.getFormat())) {
      out.add(
          new Constraint(
              key + "format:date",
              Kind.FORMAT,
              op,
              name,
              "not a yyyy-MM-dd day",
              required,
              false,
              false,
              List.of(NODES.textNode("yesterday"))));
    }
  }
}
