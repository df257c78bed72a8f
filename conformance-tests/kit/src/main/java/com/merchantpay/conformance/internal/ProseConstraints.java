package com.merchantpay.conformance.internal;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.merchantpay.conformance.internal.Constraint.ForbiddenBy;
import com.merchantpay.conformance.internal.Constraint.Kind;
import com.merchantpay.conformance.judge.Schemas;
import io.swagger.v3.oas.models.media.Schema;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The request constraints the v2 spec states in words rather than in a schema: amounts above zero
 * with at most four fraction digits and fifteen integer digits, ISO 4217 currencies, offered
 * payment method aliases, card number, expiry and security code forms, absolute callback URLs.
 */
final class ProseConstraints {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private ProseConstraints() {}

  /** The rules the v2 spec states in words for members of this name and form. */
  @SuppressWarnings("rawtypes")
  static void of(
      String op, String member, String name, Schema<?> p, String key, List<Constraint> out) {
    Map<String, Schema> properties = Schemas.properties(p);
    if (properties != null && properties.keySet().equals(Set.of("value", "currency"))) {
      String value = member + ".value";
      String currency = member + ".currency";
      out.add(
          Constraint.of(
              "v2 " + op + " " + value + " range:positive",
              Kind.RANGE,
              op,
              value,
              "zero or below",
              ForbiddenBy.DOCUMENTS,
              NODES.numberNode(BigDecimal.ZERO),
              NODES.numberNode(new BigDecimal("-5"))));
      out.add(
          Constraint.of(
              "v2 " + op + " " + value + " fraction:4",
              Kind.FRACTION,
              op,
              value,
              "with five fraction digits",
              ForbiddenBy.OUR_SPEC_ONLY,
              NODES.numberNode(new BigDecimal("1.23456"))));
      out.add(
          Constraint.of(
              "v2 " + op + " " + value + " range:digits",
              Kind.RANGE,
              op,
              value,
              "with sixteen integer digits",
              ForbiddenBy.OUR_SPEC_ONLY,
              NODES.numberNode(new BigDecimal("1234567890123456"))));
      out.add(
          Constraint.of(
              "v2 " + op + " " + currency + " format:iso4217",
              Kind.FORMAT,
              op,
              currency,
              "not an ISO 4217 code",
              ForbiddenBy.DOCUMENTS,
              NODES.textNode("XXQ")));
    }
    if (name.equals("paymentMethod") && p.getEnum() == null && "string".equals(Schemas.typeOf(p))) {
      out.add(
          Constraint.of(
              key + "dictionary:alias",
              Kind.DICTIONARY,
              op,
              member,
              "no alias the service offers",
              ForbiddenBy.OUR_SPEC_ONLY,
              NODES.textNode("FullPayment")));
    }
    if (properties != null && properties.keySet().containsAll(List.of("pan", "expiry", "cvc"))) {
      out.add(
          Constraint.of(
              "v2 " + op + " " + member + ".pan format:pan",
              Kind.FORMAT,
              op,
              member + ".pan",
              "not 12 to 19 digits",
              ForbiddenBy.OUR_SPEC_ONLY,
              NODES.textNode("1234")));
      out.add(
          Constraint.of(
              "v2 " + op + " " + member + ".expiry format:expiry",
              Kind.FORMAT,
              op,
              member + ".expiry",
              "not MM/YY",
              ForbiddenBy.OUR_SPEC_ONLY,
              NODES.textNode("2030-12")));
      out.add(
          Constraint.of(
              "v2 " + op + " " + member + ".cvc format:cvc",
              Kind.FORMAT,
              op,
              member + ".cvc",
              "not 3 or 4 digits",
              ForbiddenBy.OUR_SPEC_ONLY,
              NODES.textNode("12345")));
    }
    if (name.equals("callbackUrl")) {
      out.add(
          Constraint.of(
              key + "format:url",
              Kind.FORMAT,
              op,
              member,
              "not an absolute http(s) URL",
              ForbiddenBy.OUR_SPEC_ONLY,
              NODES.textNode("hooks/payments")));
    }
  }
}
