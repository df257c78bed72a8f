package com.merchantpay.v2;

import static com.github.tomakehurst.wiremock.client.WireMock.anyRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.merchantpay.v2.model.Amount;
import com.merchantpay.v2.model.CreatePaymentRequest;
import com.merchantpay.v2.model.CreateRefundRequest;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import org.junit.jupiter.api.Test;

/** An invalid request is refused with every problem named, and nothing is sent. */
class RequestValidationTest extends ClientTestSupport {

  @Test
  void everyViolationIsListedAndNothingIsSent() {
    CreatePaymentRequest request = cardPayment().merchantId(null);
    request.getAmount().currency("rub");
    request.getPaymentData().getCard().pan(null);

    assertThatThrownBy(() -> client().payments().create(request))
        .isInstanceOf(RequestValidationException.class)
        .hasMessageStartingWith("createPayment: invalid request, not sent: ")
        .hasMessageContaining("merchantId: must not be null")
        .hasMessageContaining("amount.currency: must match")
        .hasMessageContaining("paymentData.card.pan: must not be null")
        .hasMessageNotContaining(TEST_CVC);

    server.verify(0, anyRequestedFor(anyUrl()));
  }

  @Test
  void aMissingBodyOrIdIsNamed() {
    MerchantPayClient client = client();

    assertThatThrownBy(() -> client.refunds().create(null))
        .hasMessageContaining("request body: must not be null");
    assertThatThrownBy(() -> client.payments().get(" "))
        .hasMessageContaining("paymentId: must not be blank");
    assertThatThrownBy(() -> client.payments().list("m-1", null, OffsetDateTime.now()))
        .hasMessageContaining("start: must not be null");
    assertThatThrownBy(
            () ->
                client
                    .refunds()
                    .create(
                        new CreateRefundRequest()
                            .paymentId("p-1")
                            .amount(new Amount().value(BigDecimal.ONE))))
        .hasMessageContaining("amount.currency: must not be null");

    server.verify(0, anyRequestedFor(anyUrl()));
  }
}
