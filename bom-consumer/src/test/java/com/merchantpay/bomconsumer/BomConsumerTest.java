package com.merchantpay.bomconsumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.merchantpay.micrometer.MicrometerCallListener;
import com.merchantpay.sandbox.Sandbox;
import com.merchantpay.v1.MerchantPayV1Client;
import com.merchantpay.v2.MerchantPayClient;
import com.merchantpay.v2.model.Amount;
import com.merchantpay.v2.model.Card;
import com.merchantpay.v2.model.CreatePaymentRequest;
import com.merchantpay.v2.model.Payment;
import com.merchantpay.v2.model.PaymentData;
import com.merchantpay.v2.model.PaymentStatus;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import java.math.BigDecimal;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * A project whose only versions come from merchantpay-bom builds, and both clients work against the
 * sandbox, the v2 client observed through merchantpay-micrometer.
 */
class BomConsumerTest {
  @Test
  void bothClientsWorkWithTheVersionsTheBomChose() {
    try (Sandbox sandbox = Sandbox.builder().start()) {
      List<String> observed = new CopyOnWriteArrayList<>();
      ObservationRegistry observations = ObservationRegistry.create();
      observations
          .observationConfig()
          .observationHandler(
              new ObservationHandler<>() {
                @Override
                public boolean supportsContext(Observation.Context context) {
                  return true;
                }

                @Override
                public void onStop(Observation.Context context) {
                  observed.add(
                      context.getName()
                          + " "
                          + context.getLowCardinalityKeyValue("operation").getValue()
                          + " "
                          + context.getLowCardinalityKeyValue("outcome").getValue());
                }
              });
      MerchantPayClient client =
          MerchantPayClient.builder()
              .baseUrl(sandbox.baseUrl().toString())
              .accessToken(sandbox.bearerToken())
              .callListener(MicrometerCallListener.of(observations))
              .build();
      Payment payment =
          client
              .payments()
              .create(
                  new CreatePaymentRequest()
                      .merchantId(sandbox.merchantId())
                      .amount(new Amount().value(new BigDecimal("10.00")).currency("RUB"))
                      .paymentData(
                          new PaymentData()
                              .paymentMethod("bankcard")
                              .card(
                                  new Card().pan("4111111111111111").expiry("12/30").cvc("123"))));
      assertEquals(PaymentStatus.SETTLED, payment.getStatus());
      assertEquals(List.of("merchantpay.client.call createPayment success"), observed);

      Sandbox.V1Login login = sandbox.v1Login(Sandbox.Role.CASHIER);
      MerchantPayV1Client v1 =
          MerchantPayV1Client.builder()
              .baseUrl(sandbox.baseUrl().toString())
              .login(login.login())
              .password(login.password())
              .build();
      assertEquals(
          Long.parseLong(payment.getId()),
          v1.getPayment(Long.parseLong(payment.getId())).getPaymentID());
      assertEquals(
          "2.22.4",
          com.fasterxml.jackson.databind.cfg.PackageVersion.VERSION.toString(),
          "the Jackson version the clients were tested with");
    }
  }

  @Test
  void aPlainJavaUserOfTheClientsGetsNothingOfSpring() {
    // The Spring Boot starter is an artifact of its own; neither client nor the Micrometer module
    // brings Spring along.
    assertThrows(
        ClassNotFoundException.class,
        () -> Class.forName("org.springframework.context.ApplicationContext"));
  }
}
