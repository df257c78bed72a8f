package com.merchantpay.micrometer;

import com.merchantpay.observation.AttemptEnd;
import com.merchantpay.observation.CallEnd;
import com.merchantpay.observation.CallListener;
import com.merchantpay.observation.CallObserver;
import com.merchantpay.observation.CallStart;
import io.micrometer.common.KeyValue;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import java.util.Locale;
import java.util.Objects;

/**
 * Records every call of the clients as a Micrometer {@link Observation} named {@value #CALL}: with
 * a meter handler registered that is a timer per call and a counter per failed attempt, and with a
 * tracing bridge a span per call.
 *
 * <p>Low-cardinality tags (on the timer and the counters): {@code client} ({@code v2}, {@code v1}),
 * {@code operation}, and once the call ended {@code outcome} ({@code success}, {@code failure},
 * {@code unknown}: the service may have acted unseen), {@code status} (the last HTTP status, or
 * {@code none}) and {@code failure} (the exception's class name, or {@code none}). The masked
 * idempotency key and the number of attempts are high-cardinality: on spans, never on meters.
 *
 * <pre>{@code
 * MerchantPayClient client = MerchantPayClient.builder()
 *     .callListener(MicrometerCallListener.of(observationRegistry))
 *     ...
 * }</pre>
 */
public final class MicrometerCallListener implements CallListener {
  /** The observation's name, and with a meter handler the timer's. */
  public static final String CALL = "merchantpay.client.call";

  /**
   * The event of each attempt that failed, and with a meter handler the counter {@code
   * merchantpay.client.call.attempt.failed}.
   */
  public static final String ATTEMPT_FAILED = "attempt.failed";

  private final ObservationRegistry registry;

  private MicrometerCallListener(ObservationRegistry registry) {
    this.registry = registry;
  }

  public static MicrometerCallListener of(ObservationRegistry registry) {
    return new MicrometerCallListener(Objects.requireNonNull(registry, "registry"));
  }

  @Override
  public CallObserver callStarted(CallStart call) {
    Observation observation =
        Observation.createNotStarted(CALL, registry)
            .contextualName(call.client() + " " + call.operation())
            .lowCardinalityKeyValue("client", call.client())
            .lowCardinalityKeyValue("operation", call.operation());
    if (call.idempotencyKey() != null) {
      observation.highCardinalityKeyValue("idempotency.key", call.idempotencyKey());
    }
    observation.start();
    return new CallObserver() {
      @Override
      public void attemptEnded(AttemptEnd attempt) {
        if (!attempt.succeeded()) {
          observation.event(
              Observation.Event.of(
                  ATTEMPT_FAILED,
                  "attempt " + attempt.attempt() + " failed: " + describe(attempt)));
        }
      }

      @Override
      public void callEnded(CallEnd end) {
        observation
            .lowCardinalityKeyValue("outcome", end.outcome().name().toLowerCase(Locale.ROOT))
            .lowCardinalityKeyValue(status(end.status()))
            .lowCardinalityKeyValue("failure", end.failure() == null ? "none" : end.failure())
            .highCardinalityKeyValue("attempts", Integer.toString(end.attempts()));
        observation.stop();
      }
    };
  }

  private static KeyValue status(int status) {
    return KeyValue.of("status", status == 0 ? "none" : Integer.toString(status));
  }

  private static String describe(AttemptEnd attempt) {
    return attempt.status() == 0
        ? attempt.failure()
        : "HTTP " + attempt.status() + " (" + attempt.failure() + ")";
  }
}
