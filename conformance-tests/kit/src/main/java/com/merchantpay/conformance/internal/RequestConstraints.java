package com.merchantpay.conformance.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.merchantpay.conformance.internal.Constraint.ForbiddenBy;
import com.merchantpay.conformance.internal.Constraint.Kind;
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
            Constraint.of(
                "v2 " + op + " path identifier",
                Kind.IDENTIFIER,
                op,
                name,
                "a resource that does " + "not exist",
                ForbiddenBy.DOCUMENTS,
                NODES.textNode("no-such-resource")));
        continue;
      }
      Schema<?> schema = parameter.getSchema();
      if (Boolean.TRUE.equals(parameter.getRequired())) {
        out.add(
            Constraint.of(
                "v2 " + op + " " + name + " required",
                Kind.REQUIRED,
                op,
                name,
                "missing",
                ForbiddenBy.documentsIf(
                    name.equals("merchantId"), ForbiddenBy.DOCUMENTS_NAMING_THE_MEMBER)));
      }
      if (schema != null && "date-time".equals(schema.getFormat())) {
        out.add(
            Constraint.of(
                "v2 " + op + " " + name + " format:date-time",
                Kind.FORMAT,
                op,
                name,
                "not a date-time",
                ForbiddenBy.DOCUMENTS_AS_FORMAT,
                NODES.textNode("yesterday")));
      }
      if (schema != null && schema.getMaxLength() != null) {
        out.add(
            Constraint.of(
                "v2 " + op + " " + name + " length:max",
                Kind.LENGTH,
                op,
                name,
                "longer than " + schema.getMaxLength(),
                ForbiddenBy.OUR_SPEC_ONLY,
                NODES.textNode("k".repeat(schema.getMaxLength() + 1))));
      }
    }
    if (operation.hasParameter("query", "start") && operation.hasParameter("query", "end")) {
      out.add(
          Constraint.of(
              "v2 " + op + " start,end order",
              Kind.CROSS_FIELD,
              op,
              "start",
              "after end",
              ForbiddenBy.OUR_SPEC_ONLY,
              NODES.textNode("2035-01-01T00:00:00Z")));
    }
    if (operation.hasParameter("query", "cursor")) {
      out.add(
          Constraint.of(
              "v2 " + op + " cursor given",
              Kind.QUERY,
              op,
              "cursor",
              "a cursor the service never gave",
              ForbiddenBy.OUR_SPEC_ONLY,
              NODES.textNode("not-a-cursor-%%-\u00e9")));
    }
    Schema<?> body = operation.requestSchema("application/json");
    if (body != null) {
      out.add(
          Constraint.of(
              "v2 " + op + " body json",
              Kind.BODY,
              op,
              "body",
              "malformed JSON",
              ForbiddenBy.DOCUMENTS_AS_FORMAT,
              NODES.textNode("{\"merchantId\": ")));
      out.add(
          Constraint.of(
              "v2 " + op + " body content-type",
              Kind.BODY,
              op,
              "body",
              "labelled text/plain",
              ForbiddenBy.OUR_SPEC_ONLY,
              NODES.textNode("text/plain")));
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
            Constraint.of(
                "v2 " + op + " paymentData one-instrument",
                Kind.INSTRUMENT,
                op,
                "paymentData",
                "two instruments",
                ForbiddenBy.OUR_SPEC_ONLY));
      }
    }
    if (effective.getAdditionalProperties() instanceof Schema<?> values) {
      String member = path + ".*";
      out.add(
          Constraint.of(
              "v2 " + op + " " + member + " type",
              Kind.TYPE,
              op,
              member,
              "of a wrong type",
              ForbiddenBy.DOCUMENTS_AS_FORMAT,
              wrongType(Schemas.typeOf(values))));
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
    OfMember on = new OfMember("v2", op, member, out);
    String type = Schemas.typeOf(p);
    if (required) {
      boolean merchant = top && name.equals("merchantId");
      on.add(
          "required",
          Kind.REQUIRED,
          "missing",
          ForbiddenBy.documentsIf(merchant, ForbiddenBy.DOCUMENTS_NAMING_THE_MEMBER));
    }
    on.add("type", Kind.TYPE, "of a wrong type", ForbiddenBy.DOCUMENTS_AS_FORMAT, wrongType(type));
    if (p.getEnum() != null && !p.getEnum().isEmpty()) {
      Set<String> values = Set.copyOf(p.getEnum().stream().map(String::valueOf).toList());
      boolean documented =
          DOCUMENT_DICTIONARIES.contains(values)
              || DOCUMENT_DICTIONARY_MEMBERS.contains(name)
              || (name.equals("paymentMethod") && member.contains("items"));
      on.add(
          "dictionary",
          Kind.DICTIONARY,
          "outside its dictionary",
          ForbiddenBy.documentsIf(documented, ForbiddenBy.DOCUMENTS),
          NODES.textNode(name.equals("vatType") ? "Vat120" : "NotInTheDictionary"));
    }
    if (p.getPattern() != null) {
      String breaking = breaking(p.getPattern());
      // The one pattern the documents state: an invoice's customer phone is E.164 without '+'.
      boolean documented = op.equals("createInvoice") && member.equals("customer.phone");
      if (breaking != null) {
        on.add(
            "pattern",
            Kind.PATTERN,
            "not matching " + p.getPattern(),
            ForbiddenBy.documentsIf(documented, ForbiddenBy.DOCUMENTS_AS_FORMAT),
            NODES.textNode(breaking));
      }
    }
    bounds(on, p);
    formats(on, p);
    ProseConstraints.of(on, name, p);
  }

  /** Our spec's bounds of a member: lengths, ranges, array sizes. */
  private static void bounds(OfMember on, Schema<?> p) {
    if (p.getMaxLength() != null) {
      on.add(
          "length:max",
          Kind.LENGTH,
          "longer than " + p.getMaxLength(),
          ForbiddenBy.OUR_SPEC_ONLY,
          NODES.textNode("x".repeat(p.getMaxLength() + 1)));
    }
    if (p.getMinLength() != null && p.getMinLength() > 0) {
      on.add(
          "length:min",
          Kind.LENGTH,
          "shorter than " + p.getMinLength(),
          ForbiddenBy.OUR_SPEC_ONLY,
          NODES.textNode("x".repeat(p.getMinLength() - 1)));
    }
    if (p.getMinimum() != null) {
      BigDecimal below =
          Boolean.TRUE.equals(p.getExclusiveMinimum())
              ? p.getMinimum()
              : p.getMinimum().subtract(BigDecimal.ONE);
      on.add(
          "range:min",
          Kind.RANGE,
          "below its minimum",
          ForbiddenBy.OUR_SPEC_ONLY,
          NODES.numberNode(below));
    }
    if (p.getMaximum() != null) {
      on.add(
          "range:max",
          Kind.RANGE,
          "above its maximum",
          ForbiddenBy.OUR_SPEC_ONLY,
          NODES.numberNode(p.getMaximum().add(BigDecimal.ONE)));
    }
    if (p.getMinItems() != null && p.getMinItems() > 0) {
      on.add("array:min", Kind.ARRAY, "empty", ForbiddenBy.OUR_SPEC_ONLY, NODES.arrayNode());
    }
  }

  /** The formats of a member: date-times, e-mail addresses, 32-bit integers. */
  private static void formats(OfMember on, Schema<?> p) {
    if ("date-time".equals(p.getFormat())) {
      on.add(
          "format:date-time",
          Kind.FORMAT,
          "not a date-time",
          ForbiddenBy.DOCUMENTS_AS_FORMAT,
          NODES.textNode("tomorrow"));
    }
    if ("email".equals(p.getFormat())) {
      on.add(
          "format:email",
          Kind.FORMAT,
          "not an e-mail address",
          ForbiddenBy.OUR_SPEC_ONLY,
          NODES.textNode("no-at-sign.example.org"));
    }
    if ("int32".equals(p.getFormat())) {
      on.add(
          "integer:int32",
          Kind.INTEGER,
          "beyond a 32-bit integer",
          ForbiddenBy.OUR_SPEC_ONLY,
          NODES.numberNode(2147483648L));
    }
  }

  /**
   * Adds the constraints of one member of one operation's request, each keyed by the interface, the
   * operation, the member and what is checked.
   */
  record OfMember(String api, String op, String member, List<Constraint> out) {
    void add(String check, Kind kind, String what, ForbiddenBy by, JsonNode... breaking) {
      out.add(
          Constraint.of(
              api + " " + op + " " + member + " " + check, kind, op, member, what, by, breaking));
    }

    /** The same for a member inside this one ({@code amount.value}). */
    OfMember child(String name) {
      return new OfMember(api, op, member + "." + name, out);
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
    OfMember on = new OfMember("v1", op, name, out);
    String type = schema == null ? null : Schemas.typeOf(schema);
    if (required) {
      // The document lists the value and does not mark it optional, but does not say what a call
      // without it gets: an open point (v1.request.missing-values), never a failure on its own.
      on.add("required", Kind.REQUIRED, "missing", ForbiddenBy.OUR_SPEC_ONLY);
    }
    if ("integer".equals(type) || "number".equals(type)) {
      on.add(
          "type",
          Kind.TYPE,
          "not a number",
          ForbiddenBy.documentsIf(required, ForbiddenBy.DOCUMENTS),
          NODES.textNode("twelve"));
    }
    if (schema != null && "date".equals(schema.getFormat())) {
      on.add(
          "format:date",
          Kind.FORMAT,
          "not a yyyy-MM-dd day",
          ForbiddenBy.documentsIf(required, ForbiddenBy.DOCUMENTS),
          NODES.textNode("yesterday"));
    }
  }
}
