package com.merchantpay.micrometer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.merchantpay.sandbox.Fault;
import com.merchantpay.sandbox.Sandbox;
import com.merchantpay.testsupport.ReadmeSnippets;
import com.merchantpay.v1.MerchantPayV1Client;
import com.merchantpay.v1.V1ErrorCodeException;
import com.merchantpay.v2.MerchantPayClient;
import com.merchantpay.v2.MerchantPayException;
import com.merchantpay.v2.RetryPolicy;
import com.merchantpay.v2.model.Amount;
import com.merchantpay.v2.model.Card;
import com.merchantpay.v2.model.CreatePaymentRequest;
import com.merchantpay.v2.model.PaymentData;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.tracing.exporter.FinishedSpan;
import io.micrometer.tracing.handler.DefaultTracingObservationHandler;
import io.micrometer.tracing.test.simple.SimpleTracer;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The clients' calls as Micrometer sees them, with meters and a tracer, under the sandbox's faults.
 */
class MicrometerCallListenerTest {
  private static Sandbox sandbox;

  private MeterRegistry meters;
  private SimpleTracer tracer;
  private ObservationRegistry observations;

  @BeforeAll
  static void start() {
    sandbox = Sandbox.builder().start();
  }

  @AfterAll
  static void stop() {
    sandbox.close();
  }

  @BeforeEach
  void registries() {
    sandbox.reset();
    meters = new SimpleMeterRegistry();
    tracer = new SimpleTracer();
    // README metrics begins
    observations = ObservationRegistry.create();
    observations
        .observationConfig()
        .observationHandler(new DefaultMeterObservationHandler(meters)) // timers and counters
        .observationHandler(new DefaultTracingObservationHandler(tracer)); // spans
    // README metrics ends
  }

  private MerchantPayClient client() {
    return MerchantPayClient.builder()
        .baseUrl(sandbox.baseUrl().toString())
        .accessToken(sandbox.bearerToken())
        // README listener begins
        .callListener(MicrometerCallListener.of(observations))
        // README listener ends
        .retryPolicy(
            RetryPolicy.builder()
                .maxAttempts(3)
                .initialBackoff(Duration.ofMillis(5))
                .maxBackoff(Duration.ofMillis(20))
                .build())
        .build();
  }

  private static CreatePaymentRequest payment() {
    return new CreatePaymentRequest()
        .merchantId(sandbox.merchantId())
        .amount(new Amount().value(new BigDecimal("10.00")).currency("RUB"))
        .paymentData(
            new PaymentData()
                .paymentMethod("bankcard")
                .card(new Card().pan("4111111111111111").expiry("12/30").cvc("123")));
  }

  @Test
  void aRetriedCallIsOneTimedSuccessWithItsFailedAttemptCounted() {
    sandbox.faults().add(Fault.on("createPayment").once().failAfter(502));

    client().payments().create(payment());

    Timer timer =
        meters
            .get(MicrometerCallListener.CALL)
            .tags("client", "v2", "operation", "createPayment", "outcome", "success")
            .tag("status", "200")
            .timer();
    assertThat(timer.count()).isEqualTo(1);
    assertThat(
            meters
                .get(MicrometerCallListener.CALL + "." + MicrometerCallListener.ATTEMPT_FAILED)
                .tags("operation", "createPayment")
                .counter()
                .count())
        .isEqualTo(1);
  }

  @Test
  void aCallThatNeverGotAnAnswerIsTimedAsOutcomeUnknownAndItsSpanSaysSo() {
    sandbox.faults().add(Fault.on("createPayment").times(3).dropAfter());

    assertThatThrownBy(() -> client().payments().create(payment()))
        .isInstanceOfSatisfying(
            MerchantPayException.class, e -> assertThat(e.isOutcomeUnknown()).isTrue());

    assertThat(
            meters
                .get(MicrometerCallListener.CALL)
                .tags("outcome", "unknown", "status", "none", "failure", "TransportException")
                .timer()
                .count())
        .isEqualTo(1);
    List<FinishedSpan> spans = tracer.getSpans().stream().map(s -> (FinishedSpan) s).toList();
    assertThat(spans)
        .singleElement()
        .satisfies(
            span -> {
              // The tracing handler writes span names in kebab case.
              assertThat(span.getName()).isEqualTo("v2 create-payment");
              assertThat(span.getTags())
                  .containsEntry("outcome", "unknown")
                  .containsEntry("attempts", "3")
                  .hasEntrySatisfying("idempotency.key", k -> assertThat(k).contains("…"));
              assertThat(span.getEvents()).hasSize(3);
            });
  }

  @Test
  void aRefusalIsAFailureWithItsStatusAndAV1CallIsTimedToo() throws Exception {
    assertThatThrownBy(() -> client().payments().get("no-such-payment"))
        .isInstanceOf(MerchantPayException.class);
    MerchantPayV1Client v1 =
        MerchantPayV1Client.builder()
            .baseUrl(sandbox.baseUrl().toString())
            .login(sandbox.v1Login(Sandbox.Role.ACCOUNTANT).login())
            .password(sandbox.v1Login(Sandbox.Role.ACCOUNTANT).password())
            .callListener(MicrometerCallListener.of(observations))
            .build();
    assertThatThrownBy(() -> v1.getPayment(999_999L)).isInstanceOf(V1ErrorCodeException.class);

    assertThat(
            meters
                .get(MicrometerCallListener.CALL)
                .tags("client", "v2", "operation", "getPayment", "outcome", "failure")
                .tag("status", "404")
                .timer()
                .count())
        .isEqualTo(1);
    assertThat(
            meters
                .get(MicrometerCallListener.CALL)
                .tags("client", "v1", "operation", "getPayment", "outcome", "failure")
                .timer()
                .count())
        .isEqualTo(1);
  }

  @Test
  void theReadmeShowsTheTestedCode() throws Exception {
    Path source =
        Path.of("src/test/java/com/merchantpay/micrometer/MicrometerCallListenerTest.java");
    String readme = Files.readString(Path.of("../README.md"));

    assertThat(readme)
        .contains(
            ReadmeSnippets.between(source, "// README metrics begins", "// README metrics ends"))
        .contains(
            ReadmeSnippets.between(source, "// README listener begins", "// README listener ends"));
  }
}
