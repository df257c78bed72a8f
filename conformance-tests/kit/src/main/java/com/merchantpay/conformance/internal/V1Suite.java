package com.merchantpay.conformance.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The legacy interface's own rules: signatures, nonces, roles, the envelope, XML answers and lists.
 *
 * <p>The registry of the family: the checks are declared and written per topic in {@link
 * V1Signatures}, {@link V1Payments} and {@link V1Lists}, which share {@link V1Steps}.
 */
final class V1Suite {

  private V1Suite() {}

  /** The rules every check of this suite judges besides its own, by the interface it calls. */
  private static final Map<String, List<String>> EVERY_CHECK_JUDGES =
      Map.of("v1", List.of("v1.errors.http-200"));

  static List<Check> checks() {
    return Check.judgingEvery(declared(), EVERY_CHECK_JUDGES);
  }

  private static List<Check> declared() {
    List<Check> checks = new ArrayList<>();
    checks.addAll(V1Signatures.signatures());
    checks.addAll(V1Payments.roles());
    checks.addAll(V1Lists.envelopes());
    checks.addAll(V1Lists.lists());
    checks.addAll(V1Payments.payments());
    return checks;
  }
}
