package com.merchantpay.v2;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.slf4j.Marker;
import org.slf4j.event.Level;
import org.slf4j.helpers.AbstractLogger;
import org.slf4j.helpers.MessageFormatter;

/**
 * An SLF4J logger with every level enabled that keeps what it was given, stack traces included, and
 * passes it on to the real logging of the test run (see simplelogger.properties), which {@link
 * TestRunLogTest} scans.
 */
final class CapturingLogger extends AbstractLogger {
  private static final long serialVersionUID = 1L;
  private static final org.slf4j.Logger RUN_LOG =
      org.slf4j.LoggerFactory.getLogger("com.merchantpay.v2.test-client");
  final List<String> lines = new CopyOnWriteArrayList<>();

  CapturingLogger() {
    this.name = "capture";
  }

  String text() {
    return String.join("\n", lines);
  }

  @Override
  protected String getFullyQualifiedCallerName() {
    return null;
  }

  @Override
  protected void handleNormalizedLoggingCall(
      Level level, Marker marker, String pattern, Object[] arguments, Throwable throwable) {
    StringBuilder line =
        new StringBuilder(level + " " + MessageFormatter.basicArrayFormat(pattern, arguments));
    for (Throwable t = throwable; t != null; t = t.getCause()) {
      line.append(" | ").append(t);
    }
    lines.add(line.toString());
    RUN_LOG.atLevel(level).setCause(throwable).log(pattern, arguments);
  }

  @Override
  public boolean isTraceEnabled() {
    return true;
  }

  @Override
  public boolean isTraceEnabled(Marker marker) {
    return true;
  }

  @Override
  public boolean isDebugEnabled() {
    return true;
  }

  @Override
  public boolean isDebugEnabled(Marker marker) {
    return true;
  }

  @Override
  public boolean isInfoEnabled() {
    return true;
  }

  @Override
  public boolean isInfoEnabled(Marker marker) {
    return true;
  }

  @Override
  public boolean isWarnEnabled() {
    return true;
  }

  @Override
  public boolean isWarnEnabled(Marker marker) {
    return true;
  }

  @Override
  public boolean isErrorEnabled() {
    return true;
  }

  @Override
  public boolean isErrorEnabled(Marker marker) {
    return true;
  }
}
