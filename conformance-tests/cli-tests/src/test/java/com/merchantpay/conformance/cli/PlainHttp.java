package com.merchantpay.conformance.cli;

import com.merchantpay.conformance.report.CheckResult;

/**
 * Most tests reach their targets over plain HTTP, as a test deployment behind its own TLS is
 * reached: there the HTTPS-only checks skip, saying why, and nothing else may.
 */
final class PlainHttp {
  private PlainHttp() {}

  /** Whether a result is an HTTPS-only check skipped because the target was given as http. */
  static boolean httpsOnlySkipped(CheckResult result) {
    return result.suite().equals("transport")
        && result.outcome() == CheckResult.Outcome.SKIPPED
        && result.actual().contains("given as http://");
  }
}
