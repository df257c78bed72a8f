package com.merchantpay.conformance.internal;

import com.merchantpay.conformance.target.Profile;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A check's waits: as long as the target asks (429, or 503 with Retry-After) within the run's
 * budget, and for time to pass on the target's clock, through its control path or by waiting.
 */
final class CheckPacing {
  private final CheckContext context;

  CheckPacing(CheckContext context) {
    this.context = context;
  }

  Duration slowDown(Exchange exchange) {
    if (!exchange.answered() || (exchange.status() != 429 && exchange.status() != 503)) {
      return null;
    }
    String header = exchange.header("Retry-After");
    if (header == null) {
      return exchange.status() == 429 ? Duration.ofSeconds(1) : null;
    }
    try {
      return Duration.ofSeconds(Math.max(0, Long.parseLong(header.trim())));
    } catch (NumberFormatException e) {
      try {
        Instant at =
            ZonedDateTime.parse(header.trim(), DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
        return Duration.ofMillis(Math.max(0, at.toEpochMilli() - System.currentTimeMillis()));
      } catch (DateTimeParseException unreadable) {
        return Duration.ofSeconds(1);
      }
    }
  }

  void waitOut(Duration wait, Exchange asked) {
    if (wait.compareTo(context.run().limits().remaining()) >= 0) {
      throw new TargetUnavailable(
          "the target to accept calls again within the run's budget",
          "it asked the kit "
              + "to wait "
              + wait.toSeconds()
              + " s (HTTP "
              + asked.status()
              + ", Retry-After "
              + asked.header("Retry-After")
              + ") with "
              + context.run().limits().remaining().toSeconds()
              + " s of the budget left",
          asked);
    }
    context.run().sloweddown(wait);
    try {
      Thread.sleep(wait.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new TargetUnavailable(
          "the check to finish", "interrupted while waiting as the target asked", asked);
    }
  }

  void advanceClock(Duration by) {
    if (context.profile().clockControl() == null) {
      Duration longest = context.profile().longestWait();
      context.require(
          by.compareTo(longest) <= 0,
          "the profile names no clock control (clockControl), and waiting "
              + by.toSeconds()
              + " s for time to pass is longer than maxWait ("
              + longest.toSeconds()
              + " s)");
      try {
        pause(by);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new CheckSkipped("interrupted while waiting for time to pass");
      }
      return;
    }
    Profile.ClockControl clock = context.profile().clockControl();
    String path = clock.urlFor(by);
    Map<String, String> headers = new LinkedHashMap<>();
    clock.headers().forEach((header, value) -> headers.put(header, context.withBearerToken(value)));
    headers.putIfAbsent(
        "Content-Type", clock.contentType() == null ? "application/json" : clock.contentType());
    Exchange moved =
        context.send(
            clock.method() == null ? "POST" : clock.method(),
            path,
            headers,
            clock.bodyFor(by).getBytes(StandardCharsets.UTF_8));
    if (!moved.answered() || moved.status() / 100 != 2) {
      throw new CheckSkipped(
          "the clock control at " + path + " did not move the clock: " + moved.summary());
    }
    context.run().clockMoved(by);
  }

  void pause(Duration wait) throws InterruptedException {
    Thread.sleep(context.run().limits().bound(wait).toMillis());
  }
}
