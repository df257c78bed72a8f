package com.merchantpay.pacts;

import static com.merchantpay.pacts.Bodies.MERCHANT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import au.com.dius.pact.consumer.MockServer;
import au.com.dius.pact.consumer.dsl.PactDslJsonBody;
import au.com.dius.pact.consumer.dsl.PactDslWithProvider;
import au.com.dius.pact.consumer.junit5.PactConsumerTestExt;
import au.com.dius.pact.consumer.junit5.PactTestFor;
import au.com.dius.pact.core.model.PactSpecVersion;
import au.com.dius.pact.core.model.V4Pact;
import au.com.dius.pact.core.model.annotations.Pact;
import com.merchantpay.v2.IdempotencyKeyViolationException;
import com.merchantpay.v2.InvalidOperationException;
import com.merchantpay.v2.MerchantPayClient;
import com.merchantpay.v2.NotAuthorizedException;
import com.merchantpay.v2.Page;
import com.merchantpay.v2.RequestOptions;
import com.merchantpay.v2.RetryPolicy;
import com.merchantpay.v2.ValidationErrorException;
import com.merchantpay.v2.model.Amount;
import com.merchantpay.v2.model.CaptureRequest;
import com.merchantpay.v2.model.Card;
import com.merchantpay.v2.model.CompleteConfirmationRequest;
import com.merchantpay.v2.model.CreateInvoiceRequest;
import com.merchantpay.v2.model.CreatePaymentRequest;
import com.merchantpay.v2.model.CreatePaymentTokenRequest;
import com.merchantpay.v2.model.CreateReceiptRequest;
import com.merchantpay.v2.model.CreateRefundRequest;
import com.merchantpay.v2.model.CreateStickerRequest;
import com.merchantpay.v2.model.Invoice;
import com.merchantpay.v2.model.PaymentData;
import com.merchantpay.v2.model.PaymentListItem;
import com.merchantpay.v2.model.PaymentStatus;
import com.merchantpay.v2.model.PaymentTokenStatus;
import com.merchantpay.v2.model.ReceiptItem;
import com.merchantpay.v2.model.ReceiptType;
import com.merchantpay.v2.model.TokenType;
import com.merchantpay.v2.model.TokenizationRequest;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The v2 client's contract with the v2 interface: every one of the 22 operations and the main
 * errors, each recorded from a call the real client makes. Values a provider makes up (ids) come
 * from provider states.
 */
@ExtendWith(PactConsumerTestExt.class)
@PactTestFor(providerName = V2ConsumerPactTest.PROVIDER, pactVersion = PactSpecVersion.V4)
class V2ConsumerPactTest {
  static final String PROVIDER = "merchantpay-v2";
  static final String CONSUMER = "merchantpay-client-v2";
  static final String TOKEN = "pact-consumer-token";
  static final String APPROVED_CARD = "4111111111111111";
  static final String DECLINED_CARD = "4000000000001083";
  static final String KEY = "[0-9a-fA-F-]{8,}";
  static final String KEY_EXAMPLE = "6f1c2b7e-0d4a-4e39-9b8f-2a5c7d1e3f90";
  static final String USED_KEY = "pact-used-idempotency-key";
  static final String JSON_TYPE = "application/json(;.*)?";
  static final String BEARER = "^Bearer .+$";
  static final String ANY = "^.+$";
  static final String PERIOD =
      "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:\\d{2})$";

  private static MerchantPayClient client(MockServer server) {
    return client(server, TOKEN);
  }

  private static MerchantPayClient client(MockServer server, String token) {
    return MerchantPayClient.builder()
        .baseUrl(server.getUrl())
        .accessToken(token)
        .retryPolicy(RetryPolicy.none())
        .build();
  }

  private static Amount rub(String value) {
    return new Amount().value(new BigDecimal(value)).currency("RUB");
  }

  private static CreatePaymentRequest cardPayment(String pan, boolean dualMode) {
    return new CreatePaymentRequest()
        .merchantId(MERCHANT)
        .dualMode(dualMode)
        .amount(rub("100.00"))
        .invoice(new Invoice().orderNo("pact-order-1"))
        .paymentData(
            new PaymentData()
                .paymentMethod("bankcard")
                .card(new Card().pan(pan).expiry("12/30").cvc("123")));
  }

  private static PactDslJsonBody cardPaymentBody(String pan, boolean dualMode) {
    return cardPaymentBody(pan, dualMode, Bodies.CURRENCY);
  }

  private static PactDslJsonBody cardPaymentBody(String pan, boolean dualMode, String currency) {
    PactDslJsonBody body =
        new PactDslJsonBody()
            .valueFromProviderState("merchantId", "${merchantId}", MERCHANT)
            .booleanValue("dualMode", dualMode)
            .booleanValue("testMode", false);
    body.object("amount")
        .numberType("value", new BigDecimal("100.00"))
        .stringValue("currency", currency)
        .closeObject();
    body.object("invoice")
        .stringType("orderNo", "pact-order-1")
        .object("params")
        .closeObject()
        .closeObject();
    body.object("paymentData")
        .stringValue("paymentMethod", "bankcard")
        .object("card")
        .stringValue("pan", pan)
        .stringType("expiry", "12/30")
        .stringType("cvc", "123")
        .closeObject()
        .closeObject();
    return body;
  }

  /** An amount whose value tells two otherwise equal calls apart. */
  private static PactDslJsonBody exactAmount(String value) {
    return (PactDslJsonBody)
        new PactDslJsonBody()
            .object("amount")
            .numberValue("value", new BigDecimal(value))
            .stringValue("currency", Bodies.CURRENCY)
            .closeObject();
  }

  // ---------------------------------------------------------------- payments

  @Pact(consumer = CONSUMER)
  V4Pact payments(PactDslWithProvider builder) {
    PactDslJsonBody invoice =
        new PactDslJsonBody()
            .valueFromProviderState("merchantId", "${merchantId}", MERCHANT)
            .booleanValue("dualMode", false)
            .booleanValue("testMode", false);
    Bodies.amount(invoice, "amount", "150.50");
    invoice
        .object("invoice")
        .stringType("orderNo", "pact-order-2")
        .object("params")
        .closeObject()
        .closeObject();
    return builder
        .given("a merchant")
        .uponReceiving("an invoice is created")
        .method("POST")
        .path("/api/v2/invoices")
        .headerFromProviderState("Authorization", "Bearer ${accessToken}", "Bearer " + TOKEN)
        .matchHeader("Authorization", BEARER, "Bearer " + TOKEN)
        .headerFromProviderState("Idempotency-Key", "${idempotencyKey}", KEY_EXAMPLE)
        .matchHeader("Idempotency-Key", KEY, KEY_EXAMPLE)
        .matchHeader("Content-Type", JSON_TYPE, "application/json")
        .body(invoice)
        .willRespondWith()
        .status(200)
        .body(
            new PactDslJsonBody()
                .stringType("paymentId", "10000001")
                .stringType("url", "https://payments.example.com/pay/10000001"))
        .given("a merchant")
        .uponReceiving("a card payment is created and settles")
        .method("POST")
        .path("/api/v2/payments")
        .headerFromProviderState("Authorization", "Bearer ${accessToken}", "Bearer " + TOKEN)
        .matchHeader("Authorization", BEARER, "Bearer " + TOKEN)
        .headerFromProviderState("Idempotency-Key", "${idempotencyKey}", KEY_EXAMPLE)
        .matchHeader("Idempotency-Key", KEY, KEY_EXAMPLE)
        .matchHeader("Content-Type", JSON_TYPE, "application/json")
        .body(cardPaymentBody(APPROVED_CARD, false))
        .willRespondWith()
        .status(200)
        .body(Bodies.payment("Settled"))
        .given("a merchant")
        .uponReceiving("a declined card is a Rejected payment, not an error")
        .method("POST")
        .path("/api/v2/payments")
        .headerFromProviderState("Authorization", "Bearer ${accessToken}", "Bearer " + TOKEN)
        .matchHeader("Authorization", BEARER, "Bearer " + TOKEN)
        .headerFromProviderState("Idempotency-Key", "${idempotencyKey}", KEY_EXAMPLE)
        .matchHeader("Idempotency-Key", KEY, KEY_EXAMPLE)
        .matchHeader("Content-Type", JSON_TYPE, "application/json")
        .body(cardPaymentBody(DECLINED_CARD, false))
        .willRespondWith()
        .status(200)
        .body(Bodies.payment("Rejected").stringValue("resultCode", "InsufficientFunds"))
        .given("a payment waits for an SmsOtp step")
        .uponReceiving("the SmsOtp step is completed")
        .method("PUT")
        .pathFromProviderState(
            "/api/v2/payments/${paymentId}/complete", "/api/v2/payments/10000001/complete")
        .headerFromProviderState("Authorization", "Bearer ${accessToken}", "Bearer " + TOKEN)
        .matchHeader("Authorization", BEARER, "Bearer " + TOKEN)
        .matchHeader("Content-Type", JSON_TYPE, "application/json")
        .body(new PactDslJsonBody().stringType("code", "123456"))
        .willRespondWith()
        .status(200)
        .body(Bodies.payment("Settled"))
        .given("a held payment")
        .uponReceiving("a held payment is captured in part")
        .method("PUT")
        .pathFromProviderState(
            "/api/v2/payments/${paymentId}/confirm", "/api/v2/payments/10000001/confirm")
        .headerFromProviderState("Authorization", "Bearer ${accessToken}", "Bearer " + TOKEN)
        .matchHeader("Authorization", BEARER, "Bearer " + TOKEN)
        .matchHeader("Content-Type", JSON_TYPE, "application/json")
        .body(exactAmount("60.50"))
        .willRespondWith()
        .status(200)
        .given("a held payment")
        .uponReceiving("a held payment is cancelled")
        .method("PUT")
        .pathFromProviderState(
            "/api/v2/payments/${paymentId}/cancel", "/api/v2/payments/10000001/cancel")
        .headerFromProviderState("Authorization", "Bearer ${accessToken}", "Bearer " + TOKEN)
        .matchHeader("Authorization", BEARER, "Bearer " + TOKEN)
        .willRespondWith()
        .status(200)
        .given("a settled payment")
        .uponReceiving("a payment is read")
        .method("GET")
        .pathFromProviderState("/api/v2/payments/${paymentId}", "/api/v2/payments/10000001")
        .headerFromProviderState("Authorization", "Bearer ${accessToken}", "Bearer " + TOKEN)
        .matchHeader("Authorization", BEARER, "Bearer " + TOKEN)
        .willRespondWith()
        .status(200)
        .body(Bodies.payment("Settled"))
        .given("a settled payment")
        .uponReceiving("payments of a period are listed")
        .method("GET")
        .path("/api/v2/payments")
        .headerFromProviderState("Authorization", "Bearer ${accessToken}", "Bearer " + TOKEN)
        .matchHeader("Authorization", BEARER, "Bearer " + TOKEN)
        .queryParameterFromProviderState("merchantId", "${merchantId}", MERCHANT)
        .matchQuery("merchantId", ANY, MERCHANT)
        .matchQuery("start", PERIOD, "2024-05-01T00:00:00Z")
        .matchQuery("end", PERIOD, "2034-05-01T00:00:00Z")
        .willRespondWith()
        .status(200)
        .body(
            new PactDslJsonBody()
                .minArrayLike("items", 1)
                .stringType("id", "10000001")
                .stringMatcher("created", Bodies.UTC, Bodies.CREATED)
                .stringType("status", "Settled")
                .stringType("merchantId", MERCHANT)
                .closeObject()
                .closeArray())
        .given("a settled payment")
        .uponReceiving("capturing a settled payment is invalid_operation")
        .method("PUT")
        .pathFromProviderState(
            "/api/v2/payments/${paymentId}/confirm", "/api/v2/payments/10000001/confirm")
        .headerFromProviderState("Authorization", "Bearer ${accessToken}", "Bearer " + TOKEN)
        .matchHeader("Authorization", BEARER, "Bearer " + TOKEN)
        .matchHeader("Content-Type", JSON_TYPE, "application/json")
        .body(exactAmount("100.00"))
        .willRespondWith()
        .status(409)
        .body(Bodies.error("invalid_operation"))
        .given("a merchant")
        .uponReceiving("a currency outside ISO 4217 is validation_error naming it")
        .method("POST")
        .path("/api/v2/payments")
        .headerFromProviderState("Authorization", "Bearer ${accessToken}", "Bearer " + TOKEN)
        .matchHeader("Authorization", BEARER, "Bearer " + TOKEN)
        .headerFromProviderState("Idempotency-Key", "${idempotencyKey}", KEY_EXAMPLE)
        .matchHeader("Idempotency-Key", KEY, KEY_EXAMPLE)
        .matchHeader("Content-Type", JSON_TYPE, "application/json")
        .body(cardPaymentBody(APPROVED_CARD, false, "XXQ"))
        .willRespondWith()
        .status(400)
        .body(Bodies.validationError("amount.currency"))
        .given("an idempotency key was used for another payment", Map.of("key", USED_KEY))
        .uponReceiving("the same idempotency key with another body is idempotency_key_violation")
        .method("POST")
        .path("/api/v2/payments")
        .headerFromProviderState("Authorization", "Bearer ${accessToken}", "Bearer " + TOKEN)
        .matchHeader("Authorization", BEARER, "Bearer " + TOKEN)
        .headers("Idempotency-Key", USED_KEY)
        .matchHeader("Content-Type", JSON_TYPE, "application/json")
        .body(cardPaymentBody(APPROVED_CARD, false))
        .willRespondWith()
        .status(422)
        .body(Bodies.error("idempotency_key_violation"))
        .toPact(V4Pact.class);
  }

  @Test
  @PactTestFor(pactMethod = "payments")
  void payments(MockServer server) {
    MerchantPayClient client = client(server);
    assertThat(
            client
                .invoices()
                .create(
                    new CreateInvoiceRequest()
                        .merchantId(MERCHANT)
                        .amount(rub("150.50"))
                        .invoice(new Invoice().orderNo("pact-order-2")))
                .getUrl())
        .isNotBlank();
    assertThat(client.payments().create(cardPayment(APPROVED_CARD, false)).getStatus())
        .isEqualTo(PaymentStatus.SETTLED);
    assertThat(client.payments().create(cardPayment(DECLINED_CARD, false)).getStatus())
        .isEqualTo(PaymentStatus.REJECTED);
    assertThat(
            client
                .payments()
                .complete("10000001", new CompleteConfirmationRequest().code("123456"))
                .getStatus())
        .isEqualTo(PaymentStatus.SETTLED);
    client.payments().capture("10000001", new CaptureRequest().amount(rub("60.50")));
    client.payments().cancel("10000001");
    assertThat(client.payments().get("10000001").getAmount().getValue())
        .isEqualByComparingTo("100.00");
    assertThat(
            client
                .payments()
                .list(
                    MERCHANT,
                    OffsetDateTime.parse("2024-05-01T00:00:00Z"),
                    OffsetDateTime.parse("2034-05-01T00:00:00Z"))
                .items())
        .isNotEmpty();
    assertThatThrownBy(
            () -> client.payments().capture("10000001", new CaptureRequest().amount(rub("100.00"))))
        .isInstanceOf(InvalidOperationException.class);
    assertThatThrownBy(
            () ->
                client
                    .payments()
                    .create(
                        cardPayment(APPROVED_CARD, false)
                            .amount(new Amount().value(new BigDecimal("100.00")).currency("XXQ"))))
        .isInstanceOf(ValidationErrorException.class);
    assertThatThrownBy(
            () ->
                client
                    .payments()
                    .createWithResponse(
                        cardPayment(APPROVED_CARD, false),
                        RequestOptions.builder().idempotencyKey(USED_KEY).build()))
        .isInstanceOf(IdempotencyKeyViolationException.class);
  }

  // A pact of its own: the token is all that tells this request from a good read, and telling
  // them apart would take a look-around, which Pact's other implementations lack.
  @Pact(consumer = CONSUMER)
  V4Pact unknownToken(PactDslWithProvider builder) {
    return builder
        .given("the access token is unknown")
        .uponReceiving("an unknown access token is not_authorized")
        .method("GET")
        .path("/api/v2/payments/10000001")
        .headers("Authorization", "Bearer pact-unknown-token")
        .willRespondWith()
        .status(401)
        .body(Bodies.error("not_authorized"))
        .toPact(V4Pact.class);
  }

  @Test
  @PactTestFor(pactMethod = "unknownToken")
  void unknownToken(MockServer server) {
    assertThatThrownBy(() -> client(server, "pact-unknown-token").payments().get("10000001"))
        .isInstanceOf(NotAuthorizedException.class);
  }

  // ---------------------------------------------------------------- pages

  @Pact(consumer = CONSUMER)
  V4Pact pages(PactDslWithProvider builder) {
    return builder
        .given("two pages of payments")
        .uponReceiving("the first page of payments names the cursor to the next")
        .method("GET")
        .path("/api/v2/payments")
        .headerFromProviderState("Authorization", "Bearer ${accessToken}", "Bearer " + TOKEN)
        .matchHeader("Authorization", BEARER, "Bearer " + TOKEN)
        .queryParameterFromProviderState("merchantId", "${merchantId}", MERCHANT)
        .matchQuery("merchantId", ANY, MERCHANT)
        .queryParameterFromProviderState("start", "${start}", "2024-05-13T09:00:00Z")
        .matchQuery("start", PERIOD, "2024-05-13T09:00:00Z")
        .queryParameterFromProviderState("end", "${end}", "2024-05-15T09:00:00Z")
        .matchQuery("end", PERIOD, "2024-05-15T09:00:00Z")
        .willRespondWith()
        .status(200)
        .body(
            ((PactDslJsonBody)
                    new PactDslJsonBody()
                        .minArrayLike("items", 1)
                        .stringType("id", "10000001")
                        .stringType("status", "Settled")
                        .closeObject()
                        .closeArray())
                .stringType("cursor", "cGFnZS0y"))
        .given("two pages of payments")
        .uponReceiving("the next page of payments is read with the cursor")
        .method("GET")
        .path("/api/v2/payments")
        .headerFromProviderState("Authorization", "Bearer ${accessToken}", "Bearer " + TOKEN)
        .matchHeader("Authorization", BEARER, "Bearer " + TOKEN)
        .queryParameterFromProviderState("merchantId", "${merchantId}", MERCHANT)
        .matchQuery("merchantId", ANY, MERCHANT)
        .queryParameterFromProviderState("start", "${start}", "2024-05-13T09:00:00Z")
        .matchQuery("start", PERIOD, "2024-05-13T09:00:00Z")
        .queryParameterFromProviderState("end", "${end}", "2024-05-15T09:00:00Z")
        .matchQuery("end", PERIOD, "2024-05-15T09:00:00Z")
        .queryParameterFromProviderState("cursor", "${cursor}", "cGFnZS0y")
        .matchQuery("cursor", ANY, "cGFnZS0y")
        .willRespondWith()
        .status(200)
        .body(
            new PactDslJsonBody()
                .minArrayLike("items", 1)
                .stringType("id", "10000002")
                .stringType("status", "Settled")
                .closeObject()
                .closeArray())
        .toPact(V4Pact.class);
  }

  @Test
  @PactTestFor(pactMethod = "pages")
  void pages(MockServer server) {
    Page<PaymentListItem> first =
        client(server)
            .payments()
            .list(
                MERCHANT,
                OffsetDateTime.parse("2024-05-13T09:00:00Z"),
                OffsetDateTime.parse("2024-05-15T09:00:00Z"));

    assertThat(first.nextCursor()).contains("cGFnZS0y");
    assertThat(first.nextPage().items()).isNotEmpty();
  }

  // ---------------------------------------------------------------- refunds

  @Pact(consumer = CONSUMER)
  V4Pact refunds(PactDslWithProvider builder) {
    PactDslJsonBody refund =
        new PactDslJsonBody().valueFromProviderState("paymentId", "${paymentId}", "10000001");
    Bodies.amount(refund, "amount", "40.00");
    return builder
        .given("a settled payment")
        .uponReceiving("a settled payment is refunded in part")
        .method("POST")
        .path("/api/v2/refunds")
        .headerFromProviderState("Authorization", "Bearer ${accessToken}", "Bearer " + TOKEN)
        .matchHeader("Authorization", BEARER, "Bearer " + TOKEN)
        .headerFromProviderState("Idempotency-Key", "${idempotencyKey}", KEY_EXAMPLE)
        .matchHeader("Idempotency-Key", KEY, KEY_EXAMPLE)
        .matchHeader("Content-Type", JSON_TYPE, "application/json")
        .body(refund)
        .willRespondWith()
        .status(200)
        .body(Bodies.refund())
        .given("a refund")
        .uponReceiving("a refund is read")
        .method("GET")
        .pathFromProviderState("/api/v2/refunds/${refundId}", "/api/v2/refunds/20000001")
        .headerFromProviderState("Authorization", "Bearer ${accessToken}", "Bearer " + TOKEN)
        .matchHeader("Authorization", BEARER, "Bearer " + TOKEN)
        .willRespondWith()
        .status(200)
        .body(Bodies.refund())
        .given("a refund")
        .uponReceiving("refunds of a period are listed")
        .method("GET")
        .path("/api/v2/refunds")
        .headerFromProviderState("Authorization", "Bearer ${accessToken}", "Bearer " + TOKEN)
        .matchHeader("Authorization", BEARER, "Bearer " + TOKEN)
        .queryParameterFromProviderState("merchantId", "${merchantId}", MERCHANT)
        .matchQuery("merchantId", ANY, MERCHANT)
        .matchQuery("start", PERIOD, "2024-05-01T00:00:00Z")
        .matchQuery("end", PERIOD, "2034-05-01T00:00:00Z")
        .willRespondWith()
        .status(200)
        .body(
            new PactDslJsonBody()
                .minArrayLike("items", 1)
                .stringType("id", "20000001")
                .stringType("paymentId", "10000001")
                .stringType("status", "Pending")
                .closeObject()
                .closeArray())
        .toPact(V4Pact.class);
  }

  @Test
  @PactTestFor(pactMethod = "refunds")
  void refunds(MockServer server) {
    MerchantPayClient client = client(server);
    assertThat(
            client
                .refunds()
                .create(new CreateRefundRequest().paymentId("10000001").amount(rub("40.00")))
                .getPaymentId())
        .isEqualTo("10000001");
    assertThat(client.refunds().get("20000001").getId()).isEqualTo("20000001");
    assertThat(
            client
                .refunds()
                .list(
                    MERCHANT,
                    OffsetDateTime.parse("2024-05-01T00:00:00Z"),
                    OffsetDateTime.parse("2034-05-01T00:00:00Z"))
                .items())
        .isNotEmpty();
  }

  // ---------------------------------------------------------------- tokens

  @Pact(consumer = CONSUMER)
  V4Pact tokens(PactDslWithProvider builder) {
    PactDslJsonBody token =
        new PactDslJsonBody()
            .valueFromProviderState("merchantId", "${merchantId}", MERCHANT)
            .booleanValue("testMode", false)
            .stringValue("type", "recurring");
    token
        .object("paymentData")
        .stringValue("paymentMethod", "bankcard")
        .object("card")
        .stringValue("pan", APPROVED_CARD)
        .stringType("expiry", "12/30")
        .closeObject()
        .closeObject();
    return builder
        .given("a merchant")
        .uponReceiving("hosted tokenization is started")
        .method("POST")
        .path("/api/v2/tokenization")
        .headerFromProviderState("Authorization", "Bearer ${accessToken}", "Bearer " + TOKEN)
        .matchHeader("Authorization", BEARER, "Bearer " + TOKEN)
        .headerFromProviderState("Idempotency-Key", "${idempotencyKey}", KEY_EXAMPLE)
        .matchHeader("Idempotency-Key", KEY, KEY_EXAMPLE)
        .matchHeader("Content-Type", JSON_TYPE, "application/json")
        .body(
            new PactDslJsonBody()
                .valueFromProviderState("merchantId", "${merchantId}", MERCHANT)
                .booleanValue("testMode", false)
                .stringValue("type", "recurring"))
        .willRespondWith()
        .status(200)
        .body(
            new PactDslJsonBody()
                .stringType("tokenId", "tok_1")
                .stringType("url", "https://payments.example.com/tokenize/tok_1"))
        .given("a merchant")
        .uponReceiving("a payment token is created with an External step")
        .method("POST")
        .path("/api/v2/paymenttokens")
        .headerFromProviderState("Authorization", "Bearer ${accessToken}", "Bearer " + TOKEN)
        .matchHeader("Authorization", BEARER, "Bearer " + TOKEN)
        .headerFromProviderState("Idempotency-Key", "${idempotencyKey}", KEY_EXAMPLE)
        .matchHeader("Idempotency-Key", KEY, KEY_EXAMPLE)
        .matchHeader("Content-Type", JSON_TYPE, "application/json")
        .body(token)
        .willRespondWith()
        .status(200)
        .body(
            new PactDslJsonBody()
                .stringType("id", "tok_1")
                .stringValue("status", "Created")
                .object("confirmation")
                .stringValue("type", "External")
                .stringType("paymentUrl", "https://payments.example.com/tokenize/tok_1")
                .closeObject())
        .given("a payment token waits for its confirmation")
        .uponReceiving("the token's step is completed")
        .method("PUT")
        .pathFromProviderState(
            "/api/v2/paymenttokens/${tokenId}/complete", "/api/v2/paymenttokens/tok_1/complete")
        .headerFromProviderState("Authorization", "Bearer ${accessToken}", "Bearer " + TOKEN)
        .matchHeader("Authorization", BEARER, "Bearer " + TOKEN)
        .matchHeader("Content-Type", JSON_TYPE, "application/json")
        .body(new PactDslJsonBody().stringType("code", "1"))
        .willRespondWith()
        .status(200)
        .body(new PactDslJsonBody().stringType("id", "tok_1").stringValue("status", "Active"))
        .given("an active payment token")
        .uponReceiving("a payment token is read")
        .method("GET")
        .pathFromProviderState("/api/v2/paymenttokens/${tokenId}", "/api/v2/paymenttokens/tok_1")
        .headerFromProviderState("Authorization", "Bearer ${accessToken}", "Bearer " + TOKEN)
        .matchHeader("Authorization", BEARER, "Bearer " + TOKEN)
        .willRespondWith()
        .status(200)
        .body(new PactDslJsonBody().stringType("id", "tok_1").stringValue("status", "Active"))
        .given("an active payment token")
        .uponReceiving("a payment token is revoked")
        .method("PUT")
        .pathFromProviderState(
            "/api/v2/paymenttokens/${tokenId}/revoke", "/api/v2/paymenttokens/tok_1/revoke")
        .headerFromProviderState("Authorization", "Bearer ${accessToken}", "Bearer " + TOKEN)
        .matchHeader("Authorization", BEARER, "Bearer " + TOKEN)
        .willRespondWith()
        .status(200)
        .toPact(V4Pact.class);
  }

  @Test
  @PactTestFor(pactMethod = "tokens")
  void tokens(MockServer server) {
    MerchantPayClient client = client(server);
    assertThat(
            client
                .tokenization()
                .start(new TokenizationRequest().merchantId(MERCHANT).type(TokenType.RECURRING))
                .getUrl())
        .isNotBlank();
    assertThat(
            client
                .paymentTokens()
                .create(
                    new CreatePaymentTokenRequest()
                        .merchantId(MERCHANT)
                        .type(TokenType.RECURRING)
                        .paymentData(
                            new PaymentData()
                                .paymentMethod("bankcard")
                                .card(new Card().pan(APPROVED_CARD).expiry("12/30"))))
                .getStatus())
        .isEqualTo(PaymentTokenStatus.CREATED);
    assertThat(
            client
                .paymentTokens()
                .complete("tok_1", new CompleteConfirmationRequest().code("1"))
                .getStatus())
        .isEqualTo(PaymentTokenStatus.ACTIVE);
    assertThat(client.paymentTokens().get("tok_1").getStatus())
        .isEqualTo(PaymentTokenStatus.ACTIVE);
    client.paymentTokens().revoke("tok_1");
  }

  // ---------------------------------------------------------------- receipts and stickers

  @Pact(consumer = CONSUMER)
  V4Pact receiptsAndStickers(PactDslWithProvider builder) {
    PactDslJsonBody receipt =
        new PactDslJsonBody()
            .valueFromProviderState("paymentId", "${paymentId}", "10000001")
            .stringValue("type", "Payment");
    Bodies.amount(receipt, "amount", "100.00");
    receipt
        .minArrayLike("items", 1)
        .stringType("name", "Espresso beans")
        .numberType("quantity", 1)
        .numberType("price", new BigDecimal("100.00"))
        .closeObject()
        .closeArray();
    return builder
        .given("a settled payment")
        .uponReceiving("a receipt is registered for a payment")
        .method("POST")
        .path("/api/v2/receipts")
        .headerFromProviderState("Authorization", "Bearer ${accessToken}", "Bearer " + TOKEN)
        .matchHeader("Authorization", BEARER, "Bearer " + TOKEN)
        .headerFromProviderState("Idempotency-Key", "${idempotencyKey}", KEY_EXAMPLE)
        .matchHeader("Idempotency-Key", KEY, KEY_EXAMPLE)
        .matchHeader("Content-Type", JSON_TYPE, "application/json")
        .body(receipt)
        .willRespondWith()
        .status(200)
        .body(Bodies.receipt())
        .given("a receipt")
        .uponReceiving("a receipt is read")
        .method("GET")
        .pathFromProviderState("/api/v2/receipts/${receiptId}", "/api/v2/receipts/rcp-1")
        .headerFromProviderState("Authorization", "Bearer ${accessToken}", "Bearer " + TOKEN)
        .matchHeader("Authorization", BEARER, "Bearer " + TOKEN)
        .willRespondWith()
        .status(200)
        .body(Bodies.receipt())
        .given("a receipt")
        .uponReceiving("the receipts of a payment are listed")
        .method("GET")
        .path("/api/v2/receipts")
        .headerFromProviderState("Authorization", "Bearer ${accessToken}", "Bearer " + TOKEN)
        .matchHeader("Authorization", BEARER, "Bearer " + TOKEN)
        .queryParameterFromProviderState("paymentId", "${paymentId}", "10000001")
        .matchQuery("paymentId", ANY, "10000001")
        .willRespondWith()
        .status(200)
        .body(
            new PactDslJsonBody()
                .minArrayLike("items", 1)
                .stringType("id", "rcp-1")
                .stringValue("type", "Payment")
                .stringType("status", "Pending")
                .closeObject()
                .closeArray())
        .given("a merchant")
        .uponReceiving("a sticker is registered")
        .method("POST")
        .path("/api/v2/stickers")
        .headerFromProviderState("Authorization", "Bearer ${accessToken}", "Bearer " + TOKEN)
        .matchHeader("Authorization", BEARER, "Bearer " + TOKEN)
        .headerFromProviderState("Idempotency-Key", "${idempotencyKey}", KEY_EXAMPLE)
        .matchHeader("Idempotency-Key", KEY, KEY_EXAMPLE)
        .matchHeader("Content-Type", JSON_TYPE, "application/json")
        .body(
            new PactDslJsonBody()
                .valueFromProviderState("merchantId", "${merchantId}", MERCHANT)
                .stringValue("stickerType", "Sbp")
                .booleanValue("cashlink", false))
        .willRespondWith()
        .status(200)
        .body(Bodies.sticker("Active"))
        .given("a sticker")
        .uponReceiving("a sticker is switched off")
        .method("PUT")
        .pathFromProviderState("/api/v2/stickers/${stickerId}", "/api/v2/stickers/stk-1")
        .headerFromProviderState("Authorization", "Bearer ${accessToken}", "Bearer " + TOKEN)
        .matchHeader("Authorization", BEARER, "Bearer " + TOKEN)
        .matchHeader("Content-Type", JSON_TYPE, "application/json")
        .body(new PactDslJsonBody().booleanValue("active", false))
        .willRespondWith()
        .status(200)
        .given("a sticker")
        .uponReceiving("a sticker is read")
        .method("GET")
        .pathFromProviderState("/api/v2/stickers/${stickerId}", "/api/v2/stickers/stk-1")
        .headerFromProviderState("Authorization", "Bearer ${accessToken}", "Bearer " + TOKEN)
        .matchHeader("Authorization", BEARER, "Bearer " + TOKEN)
        .willRespondWith()
        .status(200)
        .body(Bodies.sticker("Active"))
        .given("a sticker")
        .uponReceiving("the stickers of a merchant are listed")
        .method("GET")
        .path("/api/v2/stickers")
        .headerFromProviderState("Authorization", "Bearer ${accessToken}", "Bearer " + TOKEN)
        .matchHeader("Authorization", BEARER, "Bearer " + TOKEN)
        .queryParameterFromProviderState("merchantId", "${merchantId}", MERCHANT)
        .matchQuery("merchantId", ANY, MERCHANT)
        .willRespondWith()
        .status(200)
        .body(
            new PactDslJsonBody()
                .minArrayLike("items", 1)
                .stringType("id", "stk-1")
                .stringType("status", "Active")
                .closeObject()
                .closeArray())
        .toPact(V4Pact.class);
  }

  @Test
  @PactTestFor(pactMethod = "receiptsAndStickers")
  void receiptsAndStickers(MockServer server) {
    MerchantPayClient client = client(server);
    assertThat(
            client
                .receipts()
                .create(
                    new CreateReceiptRequest()
                        .paymentId("10000001")
                        .type(ReceiptType.PAYMENT)
                        .amount(rub("100.00"))
                        .items(
                            List.of(
                                new ReceiptItem()
                                    .name("Espresso beans")
                                    .quantity(BigDecimal.ONE)
                                    .price(new BigDecimal("100.00")))))
                .getPaymentId())
        .isEqualTo("10000001");
    assertThat(client.receipts().get("rcp-1").getId()).isEqualTo("rcp-1");
    assertThat(client.receipts().list("10000001").items()).isNotEmpty();
    assertThat(
            client
                .stickers()
                .create(
                    new CreateStickerRequest()
                        .merchantId(MERCHANT)
                        .stickerType("Sbp")
                        .cashlink(false))
                .getPayload())
        .isNotBlank();
    client.stickers().setActive("stk-1", false);
    assertThat(client.stickers().get("stk-1").getId()).isEqualTo("stk-1");
    assertThat(client.stickers().list(MERCHANT).items()).isNotEmpty();
  }
}
