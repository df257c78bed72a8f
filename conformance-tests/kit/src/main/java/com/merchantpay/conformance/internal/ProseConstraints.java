package com.merchantpay.conformance.internal;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.merchantpay.conformance.internal.Constraint.ForbiddenBy;
import com.merchantpay.conformance.internal.Constraint.Kind;
import com.merchantpay.conformance.internal.RequestConstraints.OfMember;
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
  static void of(OfMember on, String name, Schema<?> p) {
    Map<String, Schema> properties = Schemas.properties(p);
    if (properties != null && properties.keySet().equals(Set.of("value", "currency"))) {
      OfMember value = on.child("value");
      value.add(
          "range:positive",
          Kind.RANGE,
          "zero or below",
          ForbiddenBy.DOCUMENTS,
          NODES.numberNode(BigDecimal.ZERO),
          NODES.numberNode(new BigDecimal("-5")));
      value.add(
          "fraction:4",
          Kind.FRACTION,
          "with five fraction digits",
          ForbiddenBy.OUR_SPEC_ONLY,
          NODES.numberNode(new BigDecimal("1.23456")));
      value.add(
          "range:digits",
          Kind.RANGE,
          "with sixteen integer digits",
          ForbiddenBy.OUR_SPEC_ONLY,
          NODES.numberNode(new BigDecimal("1234567890123456")));
      on.child("currency")
          .add(
              "format:iso4217",
              Kind.FORMAT,
              "not an ISO 4217 code",
              ForbiddenBy.DOCUMENTS,
              NODES.textNode("XXQ"));
    }
    if (name.equals("paymentMethod") && p.getEnum() == null && "string".equals(Schemas.typeOf(p))) {
      on.add(
          "dictionary:alias",
          Kind.DICTIONARY,
          "no alias the service offers",
          ForbiddenBy.OUR_SPEC_ONLY,
          NODES.textNode("FullPayment"));
    }
    if (properties != null && properties.keySet().containsAll(List.of("pan", "expiry", "cvc"))) {
      on.child("pan")
          .add(
              "format:pan",
              Kind.FORMAT,
              "not 12 to 19 digits",
              ForbiddenBy.OUR_SPEC_ONLY,
              NODES.textNode("1234"));
      on.child("expiry")
          .add(
              "format:expiry",
              Kind.FORMAT,
              "not MM/YY",
              ForbiddenBy.OUR_SPEC_ONLY,
              NODES.textNode("2030-12"));
      on.child("cvc")
          .add(
              "format:cvc",
              Kind.FORMAT,
              "not 3 or 4 digits",
              ForbiddenBy.OUR_SPEC_ONLY,
              NODES.textNode("12345"));
    }
    if (name.equals("callbackUrl")) {
      on.add(
          "format:url",
          Kind.FORMAT,
          "not an absolute http(s) URL",
          ForbiddenBy.OUR_SPEC_ONLY,
          NODES.textNode("hooks/payments"));
    }
  }
}
