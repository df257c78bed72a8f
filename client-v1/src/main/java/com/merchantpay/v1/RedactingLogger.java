package com.merchantpay.v1;

import com.merchantpay.v1.internal.Redaction;
import feign.slf4j.Slf4jLogger;

/**
 * Feign's SLF4J logger with the signature, nonce, any password-named value and whatever else {@link
 * Redaction} masks removed from every line, at every level including request and response bodies.
 * Logs at DEBUG under {@value #NAME}.
 */
final class RedactingLogger extends Slf4jLogger {
  static final String NAME = "com.merchantpay.v1.wire";

  RedactingLogger() {
    super(NAME);
  }

  @Override
  protected void log(String configKey, String format, Object... args) {
    super.log(configKey, "%s", Redaction.redact(String.format(format, args)));
  }
}
