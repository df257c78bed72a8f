package com.merchantpay.pacts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import au.com.dius.pact.consumer.MockServer;
import au.com.dius.pact.consumer.dsl.FormPostBuilder;
import au.com.dius.pact.consumer.dsl.PactDslJsonBody;
import au.com.dius.pact.consumer.dsl.PactDslRequestWithPath;
import au.com.dius.pact.consumer.dsl.PactDslResponse;
import au.com.dius.pact.consumer.dsl.PactDslWithProvider;
import au.com.dius.pact.consumer.dsl.PactDslWithState;
import au.com.dius.pact.consumer.junit5.PactConsumerTestExt;
import au.com.dius.pact.consumer.junit5.PactTestFor;
import au.com.dius.pact.core.model.PactSpecVersion;
import au.com.dius.pact.core.model.V4Pact;
import au.com.dius.pact.core.model.annotations.Pact;
import com.merchantpay.v1.MerchantPayV1Client;
import com.merchantpay.v1.PaymentFilter;
import com.merchantpay.v1.RefundFilter;
import com.merchantpay.v1.V1ErrorCodeException;
import java.math.BigDecimal;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The v1 client's contract with the v1 interface: the 11 operations and the signature, login and
 * nonce refusals. Login, nonce and hash come from provider states (the last, {@code a signed v1
 * call}, signs over the call's values), so a verifier of any Pact implementation sends requests the
 * provider takes, with no request filter of its own.
 */
@ExtendWith(PactConsumerTestExt.class)
@PactTestFor(providerName = V1ConsumerPactTest.PROVIDER, pactVersion = PactSpecVersion.V4)
class V1ConsumerPactTest {
  static final String PROVIDER = "merchantpay-v1";
  static final String CONSUMER = "merchantpay-client-v1";
  static final String LOGIN = "pact-login";
  static final String PASSWORD = "pact-password";
  static final String USED_NONCE = "pact-used-nonce";
  static final String HASH = "^[A-Za-z0-9+/]{27}=$";
  static final String UNKNOWN_LOGIN = "pact-unknown-login";
  static final String WRONG_HASH_NONCE = "pact-wrong-hash-nonce";
  static final String EXAMPLE_HASH = "eZtENOUEg4mDiBIQgaCmkk4yW1M=";
  static final String WRONG_HASH = "AAAAAAAAAAAAAAAAAAAAAAAAAAA=";
  static final String SIGNED = "a signed v1 call";
  static final String ANY = "^.+$";
  static final String NONCE = "^[^;]{1,255}$";
  private static final String JSON = "application/json";
  private static final String FORM = "application/x-www-form-urlencoded";
  private static final au.com.dius.pact.core.model.ContentType FORM_TYPE =
      new au.com.dius.pact.core.model.ContentType(FORM);

  /** The client under a fixed nonce sequence, so the pact is the same every run. */
  private static MerchantPayV1Client client(
      MockServer server, String login, String password, String nonce) {
    AtomicInteger next = new AtomicInteger();
    return MerchantPayV1Client.builder()
        .baseUrl(server.getUrl())
        .login(login)
        .password(password)
        .nonceSupplier(() -> nonce != null ? nonce : "pact-nonce-" + next.incrementAndGet())
        .build();
  }

  /**
   * The states of a signed call: those the interaction names, then {@code a signed v1 call} over
   * the call's values, which gives the login, nonce and hash any verifier sends (its params name a
   * value another state made as {@code ${paymentId}}).
   */
  private static PactDslWithState signed(
      PactDslWithState states, String operation, Map<String, String> values) {
    Map<String, Object> params = new LinkedHashMap<>();
    params.put("operation", operation);
    params.putAll(values);
    return states.given(SIGNED, params);
  }

  /** A signed GET: login, nonce and hash from the provider states, the other values as given. */
  private static PactDslRequestWithPath signedQuery(
      PactDslRequestWithPath request, Map<String, String> values) {
    PactDslRequestWithPath out = fromState(request, "login", "${v1Login}", ANY, LOGIN);
    out = fromState(out, "nonce", "${v1Nonce}", NONCE, "pact-nonce-1");
    out = withValues(out, values);
    return fromState(out, "hash", "${v1Hash}", HASH, EXAMPLE_HASH);
  }

  /** A query value a verifier takes from the provider states, matched by form on the consumer. */
  private static PactDslRequestWithPath fromState(
      PactDslRequestWithPath request,
      String name,
      String expression,
      String regex,
      String example) {
    return request
        .queryParameterFromProviderState(name, expression, example)
        .matchQuery(name, regex, example);
  }

  private static PactDslRequestWithPath withValues(
      PactDslRequestWithPath request, Map<String, String> values) {
    PactDslRequestWithPath out = request;
    for (Map.Entry<String, String> value : values.entrySet()) {
      out =
          value.getValue().startsWith("${")
              ? fromState(out, value.getKey(), value.getValue(), ANY, "10000001")
              : out.matchQuery(value.getKey(), Bodies.literal(value.getValue()), value.getValue());
    }
    return out;
  }

  /**
   * A signed POST form: login, nonce and hash from the provider states, the other values as given.
   */
  private static FormPostBuilder signedForm(Map<String, String> values) {
    FormPostBuilder form =
        fromState(new FormPostBuilder(FORM_TYPE), "login", "${v1Login}", ANY, LOGIN);
    form = fromState(form, "nonce", "${v1Nonce}", NONCE, "pact-nonce-1");
    for (Map.Entry<String, String> value : values.entrySet()) {
      form =
          value.getValue().startsWith("${")
              ? fromState(form, value.getKey(), value.getValue(), ANY, "10000001")
              : form.stringMatcher(
                  value.getKey(), Bodies.literal(value.getValue()), value.getValue());
    }
    return fromState(form, "hash", "${v1Hash}", HASH, EXAMPLE_HASH);
  }

  /** A form value a verifier takes from the provider states, matched by form on the consumer. */
  private static FormPostBuilder fromState(
      FormPostBuilder form, String name, String expression, String regex, String example) {
    return form.parameterFromProviderState(name, expression, example)
        .stringMatcher(name, regex, example);
  }

  private static PactDslJsonBody payment(String state) {
    return (PactDslJsonBody)
        new PactDslJsonBody()
            .numberValue("ErrorCode", 0)
            .object("Payment")
            .integerType("PaymentID", 10000001L)
            .stringValue("CurrencyCode", "RUB")
            .numberType("Amount", 100)
            .numberType("PaymentAmount", 100)
            .stringValue("State", state)
            .numberType("ErrorCode", 0)
            .closeObject();
  }

  private static PactDslJsonBody code(int errorCode) {
    return new PactDslJsonBody().numberValue("ErrorCode", errorCode);
  }

  @Pact(consumer = CONSUMER)
  V4Pact v1(PactDslWithProvider builder) {
    Map<String, String> byId = Map.of("paymentID", "${paymentId}");
    PactDslResponse pact =
        signedQuery(
                signed(builder.given("a settled payment"), "getPayment", byId)
                    .uponReceiving("a payment is read by its id")
                    .method("GET")
                    .path("/api/v1/getPayment"),
                byId)
            .willRespondWith()
            .status(200)
            .matchHeader("Content-Type", JSON + ".*", JSON)
            .body(payment("COMPLETE"));
    Map<String, String> byInvoice =
        ordered("invoiceID", "pact-order-1", "siteAlias", "${siteAlias}");
    pact =
        signedQuery(
                signed(
                        pact.given("a settled payment with an invoice number"),
                        "getPaymentByInvoiceID",
                        byInvoice)
                    .uponReceiving("a payment is read by its invoice number")
                    .method("GET")
                    .path("/api/v1/getPaymentByInvoiceID"),
                byInvoice)
            .willRespondWith()
            .status(200)
            .body(payment("COMPLETE"));
    Map<String, String> period = ordered("periodFrom", "2024-05-01", "periodTo", "2034-05-01");
    pact =
        signedQuery(
                signed(pact.given("a settled payment"), "listPaymentsFilter", period)
                    .uponReceiving("payments are listed by filter")
                    .method("GET")
                    .path("/api/v1/listPaymentsFilter"),
                period)
            .willRespondWith()
            .status(200)
            .body(
                (PactDslJsonBody)
                    new PactDslJsonBody()
                        .numberValue("ErrorCode", 0)
                        .object("Response")
                        .booleanType("Overflow", false)
                        .minArrayLike("Payments", 1)
                        .integerType("PaymentID", 10000001L)
                        .stringType("State", "COMPLETE")
                        .closeObject()
                        .closeArray()
                        .closeObject());
    Map<String, String> refund = ordered("paymentID", "${paymentId}", "amount", "40.00");
    pact =
        signed(pact.given("a settled payment"), "refundPayment", refund)
            .uponReceiving("a payment is refunded in part")
            .method("POST")
            .path("/api/v1/refundPayment")
            .body(signedForm(refund))
            .willRespondWith()
            .status(200)
            .body(
                (PactDslJsonBody)
                    new PactDslJsonBody()
                        .numberValue("ErrorCode", 0)
                        .object("Refund")
                        .integerType("PaymentID", 10000001L)
                        .numberType("Amount", 40)
                        .closeObject());
    pact =
        signedQuery(
                signed(pact.given("a refund"), "listRefunds", byId)
                    .uponReceiving("the refunds of a payment are listed")
                    .method("GET")
                    .path("/api/v1/listRefunds"),
                byId)
            .willRespondWith()
            .status(200)
            .body(
                (PactDslJsonBody)
                    new PactDslJsonBody()
                        .numberValue("ErrorCode", 0)
                        .object("Response")
                        .booleanType("Overflow", false)
                        .minArrayLike("Refunds", 1)
                        .integerType("PaymentID", 10000001L)
                        .numberType("Amount", 40)
                        .closeObject()
                        .closeArray()
                        .closeObject());
    Map<String, String> confirm = ordered("paymentID", "${paymentId}", "amount", "100.00");
    pact =
        signed(pact.given("a held payment"), "confirmPayment", confirm)
            .uponReceiving("a held payment is confirmed")
            .method("POST")
            .path("/api/v1/confirmPayment")
            .body(signedForm(confirm))
            .willRespondWith()
            .status(200)
            .body(payment("COMPLETE"));
    pact =
        signed(pact.given("a held payment"), "cancelPayment", byId)
            .uponReceiving("a held payment is cancelled")
            .method("POST")
            .path("/api/v1/cancelPayment")
            .body(signedForm(byId))
            .willRespondWith()
            .status(200)
            .body(payment("CANCELLED"));
    Map<String, String> years = ordered("periodFrom", "2020-01-01", "periodTo", "2034-12-31");
    pact =
        signedQuery(
                signed(pact.given("a document"), "listDocuments", years)
                    .uponReceiving("documents are listed")
                    .method("GET")
                    .path("/api/v1/listDocuments"),
                years)
            .willRespondWith()
            .status(200)
            .body(
                (PactDslJsonBody)
                    new PactDslJsonBody()
                        .numberValue("ErrorCode", 0)
                        .object("Response")
                        .minArrayLike("Documents", 1)
                        .stringType("DocumentID", "doc-1")
                        .stringType("FileName", "act.pdf")
                        .closeObject()
                        .closeArray()
                        .closeObject());
    Map<String, String> document = Map.of("documentID", "${documentId}");
    pact =
        signedQuery(
                signed(pact.given("a document"), "getDocumentContent", document)
                    .uponReceiving("a document is downloaded")
                    .method("GET")
                    .path("/api/v1/getDocumentContent"),
                document)
            .willRespondWith()
            .status(200);
    pact =
        signedQuery(
                signed(pact.given("a transfer register"), "listTransfers", years)
                    .uponReceiving("transfers are listed")
                    .method("GET")
                    .path("/api/v1/listTransfers"),
                years)
            .willRespondWith()
            .status(200)
            .body(
                (PactDslJsonBody)
                    new PactDslJsonBody()
                        .numberValue("ErrorCode", 0)
                        .object("Response")
                        .minArrayLike("Transfers", 1)
                        .stringType("RegisterID", "reg-1")
                        .stringType("CurrencyCode", "RUB")
                        .closeObject()
                        .closeArray()
                        .closeObject());
    Map<String, String> register = Map.of("registerID", "${registerId}");
    pact =
        signedQuery(
                signed(pact.given("a transfer register"), "getTransferRegister", register)
                    .uponReceiving("a transfer register is read")
                    .method("GET")
                    .path("/api/v1/getTransferRegister"),
                register)
            .willRespondWith()
            .status(200)
            .body(
                (PactDslJsonBody)
                    new PactDslJsonBody()
                        .numberValue("ErrorCode", 0)
                        .object("Response")
                        .stringType("RegisterID", "reg-1")
                        .closeObject());
    return pact.toPact(V4Pact.class);
  }

  // The refusals are pacts of their own: each request differs from a good one only in a value a
  // matcher cannot tell apart without look-around, which Pact's other implementations lack.

  @Pact(consumer = CONSUMER)
  V4Pact wrongSignature(PactDslWithProvider builder) {
    Map<String, String> one = Map.of("paymentID", "1");
    return withValues(
            signed(builder.given("the signature is wrong"), "getPayment", one)
                .uponReceiving("a wrong signature is ErrorCode -7")
                .method("GET")
                .path("/api/v1/getPayment")
                .queryParameterFromProviderState("login", "${v1Login}", LOGIN)
                .matchQuery("login", ANY, LOGIN)
                .queryParameterFromProviderState("nonce", "${v1Nonce}", WRONG_HASH_NONCE)
                .matchQuery("nonce", NONCE, WRONG_HASH_NONCE),
            one)
        .matchQuery("hash", HASH, WRONG_HASH)
        .willRespondWith()
        .status(200)
        .body(code(-7))
        .toPact(V4Pact.class);
  }

  @Pact(consumer = CONSUMER)
  V4Pact unknownLogin(PactDslWithProvider builder) {
    return withValues(
            builder
                .given("the login is unknown")
                .uponReceiving("an unknown login is ErrorCode -6")
                .method("GET")
                .path("/api/v1/getPayment")
                .matchQuery("login", Bodies.literal(UNKNOWN_LOGIN), UNKNOWN_LOGIN)
                .matchQuery("nonce", NONCE, "pact-nonce-1"),
            Map.of("paymentID", "1"))
        .matchQuery("hash", HASH, EXAMPLE_HASH)
        .willRespondWith()
        .status(200)
        .body(code(-6))
        .toPact(V4Pact.class);
  }

  @Pact(consumer = CONSUMER)
  V4Pact repeatedNonce(PactDslWithProvider builder) {
    Map<String, String> used = ordered("nonce", USED_NONCE, "paymentID", "1");
    return withValues(
            signed(
                    builder.given("the nonce was used before", Map.of("nonce", USED_NONCE)),
                    "getPayment",
                    used)
                .uponReceiving("a repeated nonce is ErrorCode -14")
                .method("GET")
                .path("/api/v1/getPayment")
                .queryParameterFromProviderState("login", "${v1Login}", LOGIN)
                .matchQuery("login", ANY, LOGIN)
                .matchQuery("nonce", Bodies.literal(USED_NONCE), USED_NONCE),
            Map.of("paymentID", "1"))
        .queryParameterFromProviderState("hash", "${v1Hash}", EXAMPLE_HASH)
        .matchQuery("hash", HASH, EXAMPLE_HASH)
        .willRespondWith()
        .status(200)
        .body(code(-14))
        .toPact(V4Pact.class);
  }

  @Test
  @PactTestFor(pactMethod = "v1")
  void v1(MockServer server) {
    MerchantPayV1Client client = client(server, LOGIN, PASSWORD, null);
    assertThat(client.getPayment(10000001L).getPaymentID()).isEqualTo(10000001L);
    assertThat(client.getPaymentByInvoiceId("pact-order-1", Bodies.MERCHANT).getPaymentID())
        .isEqualTo(10000001L);
    assertThat(
            client
                .listPayments(
                    PaymentFilter.builder()
                        .periodFrom(LocalDate.parse("2024-05-01"))
                        .periodTo(LocalDate.parse("2034-05-01"))
                        .build())
                .getItems())
        .isNotEmpty();
    assertThat(client.refundPayment(10000001L, new BigDecimal("40.00")).getAmount())
        .isEqualByComparingTo("40");
    assertThat(client.listRefunds(RefundFilter.builder().paymentId(10000001L).build()).getItems())
        .isNotEmpty();
    assertThat(client.confirmPayment(10000001L, new BigDecimal("100.00")).getState().getValue())
        .isEqualTo("COMPLETE");
    assertThat(client.cancelPayment(10000001L).getState().getValue()).isEqualTo("CANCELLED");
    assertThat(client.listDocuments(LocalDate.parse("2020-01-01"), LocalDate.parse("2034-12-31")))
        .isNotEmpty();
    assertThat(client.downloadDocument("10000001", Path.of("target", "pact-document.bin")))
        .isGreaterThanOrEqualTo(0);
    assertThat(client.listTransfers(LocalDate.parse("2020-01-01"), LocalDate.parse("2034-12-31")))
        .isNotEmpty();
    assertThat(client.getTransferRegister("10000001").getRegisterID()).isNotNull();
  }

  @Test
  @PactTestFor(pactMethod = "wrongSignature")
  void wrongSignature(MockServer server) {
    assertThatThrownBy(
            () -> client(server, LOGIN, "not-the-password", WRONG_HASH_NONCE).getPayment(1L))
        .isInstanceOfSatisfying(
            V1ErrorCodeException.class, e -> assertThat(e.getCode()).isEqualTo(-7));
  }

  @Test
  @PactTestFor(pactMethod = "unknownLogin")
  void unknownLogin(MockServer server) {
    assertThatThrownBy(() -> client(server, UNKNOWN_LOGIN, PASSWORD, null).getPayment(1L))
        .isInstanceOfSatisfying(
            V1ErrorCodeException.class, e -> assertThat(e.getCode()).isEqualTo(-6));
  }

  @Test
  @PactTestFor(pactMethod = "repeatedNonce")
  void repeatedNonce(MockServer server) {
    assertThatThrownBy(() -> client(server, LOGIN, PASSWORD, USED_NONCE).getPayment(1L))
        .isInstanceOfSatisfying(
            V1ErrorCodeException.class, e -> assertThat(e.getCode()).isEqualTo(-14));
  }

  private static Map<String, String> ordered(String... pairs) {
    Map<String, String> map = new LinkedHashMap<>();
    for (int i = 0; i < pairs.length; i += 2) {
      map.put(pairs[i], pairs[i + 1]);
    }
    return map;
  }

  private static String enc(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8);
  }
}
