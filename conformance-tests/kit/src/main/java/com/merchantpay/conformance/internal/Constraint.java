package com.merchantpay.conformance.internal;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * One constraint of one operation's request, and how to break it ({@link RequestConstraints} finds
 * them).
 *
 * @param key stable identity: interface, operation, member and what is checked
 * @param kind the kind of constraint, for coverage
 * @param operationId the operation
 * @param member the member as a dotted path ({@code receipt.items[].price}), a parameter name, or a
 *     word for the whole request ({@code body}, {@code path})
 * @param what what breaking it means, for reports ({@code missing}, {@code zero})
 * @param forbiddenBy who forbids the broken request, and how the refusal must read
 * @param breaking the values that break it, or none for a member left out
 * @param listed whether the v2 document lists the member for this operation ({@link
 *     DocumentedRequests}); a member only our spec's shared schemas give it is not, and breaking it
 *     is then never a departure
 */
record Constraint(
    String key,
    Kind kind,
    String operationId,
    String member,
    String what,
    ForbiddenBy forbiddenBy,
    List<JsonNode> breaking,
    boolean listed) {

  /** Kinds of request constraint. */
  public enum Kind {
    REQUIRED("required"),
    TYPE("type"),
    DICTIONARY("dictionary"),
    PATTERN("pattern"),
    LENGTH("length"),
    RANGE("range"),
    FRACTION("fraction-digits"),
    INTEGER("integer-overflow"),
    FORMAT("format"),
    ARRAY("array-bounds"),
    INSTRUMENT("one-instrument"),
    CROSS_FIELD("cross-field"),
    QUERY("query-value"),
    IDENTIFIER("identifier"),
    BODY("body");

    private final String label;

    Kind(String label) {
      this.label = label;
    }

    public String label() {
      return label;
    }
  }

  /**
   * Who forbids a broken request, each step saying more than the one before: only our spec; the
   * service documents; the documents, as an incorrect request format (a validation_error); the
   * documents, naming the member in the error (a missing merchantId).
   */
  enum ForbiddenBy {
    OUR_SPEC_ONLY,
    DOCUMENTS,
    DOCUMENTS_AS_FORMAT,
    DOCUMENTS_NAMING_THE_MEMBER;

    /** The documents when they forbid it, else only our spec. */
    static ForbiddenBy documentsIf(boolean documented, ForbiddenBy how) {
      return documented ? how : OUR_SPEC_ONLY;
    }
  }

  /** A constraint on a member the operation's row of the v2 document lists. */
  static Constraint of(
      String key,
      Kind kind,
      String operationId,
      String member,
      String what,
      ForbiddenBy forbiddenBy,
      JsonNode... breaking) {
    return new Constraint(
        key, kind, operationId, member, what, forbiddenBy, List.of(breaking), true);
  }

  /** Whether the service documents themselves forbid the broken request (else only our spec). */
  boolean documented() {
    return forbiddenBy != ForbiddenBy.OUR_SPEC_ONLY;
  }

  /** Whether the documents make its refusal a validation_error (an incorrect request format). */
  boolean validation() {
    return forbiddenBy.compareTo(ForbiddenBy.DOCUMENTS_AS_FORMAT) >= 0;
  }

  /** Whether the documents say the error reports the member (a missing merchantId). */
  boolean reported() {
    return forbiddenBy == ForbiddenBy.DOCUMENTS_NAMING_THE_MEMBER;
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
        key, kind, operationId, member, what, ForbiddenBy.OUR_SPEC_ONLY, breaking, true);
  }

  /** The same constraint on a member the operation's row does not list: never a departure. */
  Constraint unlisted() {
    return new Constraint(
        key, kind, operationId, member, what, ForbiddenBy.OUR_SPEC_ONLY, breaking, false);
  }
}
