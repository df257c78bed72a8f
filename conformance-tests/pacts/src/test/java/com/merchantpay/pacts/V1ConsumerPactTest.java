package com.merchantpay.pacts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import au.com.dius.pact.consumer.MockServer;
import au.com.dius.pact.consumer.dsl.PactDslJsonBody;
import au.com.dius.pact.consumer.dsl.PactDslRequestWithPath;
import au.com.dius.pact.consumer.dsl.PactDslResponse;
import au.com.dius.pact.consumer.dsl.PactDslWithProvider;
import au.com.dius.pact.consumer.junit5.PactConsumerTestExt;
import au.com.dius.pact.consumer.junit5.PactTestFor;
import au.com.dius.pact.core.model.PactSpecVersion;
import au.com.dius.pact.core.model.V4Pact;
import au.com.dius.pact.core.model.annotations.Pact;
import com.merchantpay.testsupport.DocumentedV1Signature;
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
import java.util.StringJoiner;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The v1 client's contract with the v1 interface: the 11 operations and the signature, login and
 * nonce refusals. Nonces come from a fixed sequence, so the recorded hashes are the same in every
 * run; a verifier signs each request again with a fresh nonce (see the kit's pact verification).
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
  private static final String JSON = "application/json";
  private static final String FORM = "application/x-www-form-urlencoded";

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
   * A GET with its query: the values as sent, nonce and hash matched by form (a verifier makes them
   * anew).
   */
  private static PactDslRequestWithPath get(
      PactDslRequestWithPath request, Map<String, String> values) {
    return get(request, values, null, null);
  }

  /**
   * A GET whose login or nonce must be exactly this one (the refusals tell calls apart by them).
   */
  private static PactDslRequestWithPath get(
      PactDslRequestWithPath request, Map<String, String> values, String login, String nonce) {
    PactDslRequestWithPath out =
        request
            .matchQuery(
                "login",
                login == null ? "(?!pact-unknown-login).+" : Pattern.quote(login),
                login == null ? LOGIN : login)
            .matchQuery(
                "nonce",
                nonce == null
                    ? "(?!pact-used-nonce|pact-wrong-hash-nonce)[^;]{1,255}"
                    : Pattern.quote(nonce),
                nonce == null ? "pact-nonce-1" : nonce);
    for (Map.Entry<String, String> value : values.entrySet()) {
      out =
          value.getValue().startsWith("${")
              ? out.queryParameterFromProviderState(value.getKey(), value.getValue(), "10000001")
              : out.matchQuery(value.getKey(), Pattern.quote(value.getValue()), value.getValue());
    }
    return out.matchQuery("hash", HASH, "eZtENOUEg4mDiBIQgaCmkk4yW1M=");
  }

  /**
   * The form body a POST sends: pact cannot match form bodies, so it is recorded exactly, signed as
   * sent.
   */
  private static String form(String operation, String nonce, Map<String, String> values) {
    Map<String, String> all = new LinkedHashMap<>();
    all.put("login", LOGIN);
    all.put("nonce", nonce);
    all.putAll(values);
    all.put("hash", DocumentedV1Signature.hash(operation, PASSWORD, all));
    StringJoiner body = new StringJoiner("&");
    all.forEach((k, v) -> body.add(enc(k) + "=" + enc(v)));
    return body.toString();
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
    PactDslResponse pact =
        get(
                builder
                    .given("a settled payment")
                    .uponReceiving("a payment is read by its id")
                    .method("GET")
                    .path("/api/v1/getPayment"),
                Map.of("paymentID", "${paymentId}"))
            .willRespondWith()
            .status(200)
            .matchHeader("Content-Type", JSON + ".*", JSON)
            .body(payment("COMPLETE"));
    pact =
        get(
                pact.given("a settled payment with an invoice number")
                    .uponReceiving("a payment is read by its invoice " + "number")
                    .method("GET")
                    .path("/api/v1/getPaymentByInvoiceID"),
                ordered("invoiceID", "pact-order-1", "siteAlias", Bodies.MERCHANT))
            .willRespondWith()
            .status(200)
            .body(payment("COMPLETE"));
    pact =
        get(
                pact.given("a settled payment")
                    .uponReceiving("payments are listed by filter")
                    .method("GET")
                    .path("/api/v1/listPaymentsFilter"),
                ordered("periodFrom", "2024-05-01", "periodTo", "2034-05-01"))
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
    pact =
        pact.given("a settled payment")
            .uponReceiving("a payment is refunded in part")
            .method("POST")
            .path("/api/v1/refundPayment")
            .body(
                form(
                    "refundPayment",
                    "pact-nonce-1",
                    ordered("paymentID", "10000001", "amount", "40.00")),
                FORM)
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
        get(
                pact.given("a refund")
                    .uponReceiving("the refunds of a payment are listed")
                    .method("GET")
                    .path("/api/v1/listRefunds"),
                Map.of("paymentID", "${paymentId}"))
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
    pact =
        pact.given("a held payment")
            .uponReceiving("a held payment is confirmed")
            .method("POST")
            .path("/api/v1/confirmPayment")
            .body(
                form(
                    "confirmPayment",
                    "pact-nonce-1",
                    ordered("paymentID", "10000001", "amount", "100.00")),
                FORM)
            .willRespondWith()
            .status(200)
            .body(payment("COMPLETE"));
    pact =
        pact.given("a held payment")
            .uponReceiving("a held payment is cancelled")
            .method("POST")
            .path("/api/v1/cancelPayment")
            .body(form("cancelPayment", "pact-nonce-1", ordered("paymentID", "10000001")), FORM)
            .willRespondWith()
            .status(200)
            .body(payment("CANCELLED"));
    pact =
        get(
                pact.uponReceiving("documents are listed")
                    .method("GET")
                    .path("/api/v1/listDocuments"),
                ordered("periodFrom", "2020-01-01", "periodTo", "2034-12-31"))
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
    pact =
        get(
                pact.given("a document")
                    .uponReceiving("a document is downloaded")
                    .method("GET")
                    .path("/api/v1/getDocumentContent"),
                Map.of("documentID", "${documentId}"))
            .willRespondWith()
            .status(200);
    pact =
        get(
                pact.uponReceiving("transfers are listed")
                    .method("GET")
                    .path("/api/v1/listTransfers"),
                ordered("periodFrom", "2020-01-01", "periodTo", "2034-12-31"))
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
    pact =
        get(
                pact.given("a transfer register")
                    .uponReceiving("a transfer register is read")
                    .method("GET")
                    .path("/api/v1/getTransferRegister"),
                Map.of("registerID", "${registerId}"))
            .willRespondWith()
            .status(200)
            .body(
                (PactDslJsonBody)
                    new PactDslJsonBody()
                        .numberValue("ErrorCode", 0)
                        .object("Response")
                        .stringType("RegisterID", "reg-1")
                        .closeObject());
    pact =
        get(
                pact.given("the signature is wrong")
                    .uponReceiving("a wrong signature is ErrorCode -7")
                    .method("GET")
                    .path("/api/v1/getPayment"),
                Map.of("paymentID", "1"),
                null,
                WRONG_HASH_NONCE)
            .willRespondWith()
            .status(200)
            .body(code(-7));
    pact =
        get(
                pact.given("the login is unknown")
                    .uponReceiving("an unknown login is ErrorCode -6")
                    .method("GET")
                    .path("/api/v1/getPayment"),
                Map.of("paymentID", "1"),
                UNKNOWN_LOGIN,
                null)
            .willRespondWith()
            .status(200)
            .body(code(-6));
    pact =
        get(
                pact.given("the nonce was used before", Map.of("nonce", USED_NONCE))
                    .uponReceiving("a repeated nonce is ErrorCode -14")
                    .method("GET")
                    .path("/api/v1/getPayment"),
                Map.of("paymentID", "1"),
                null,
                USED_NONCE)
            .willRespondWith()
            .status(200)
            .body(code(-14));
    return pact.toPact(V4Pact.class);
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
    assertThat(
            client(server, LOGIN, PASSWORD, "pact-nonce-1")
                .refundPayment(10000001L, new BigDecimal("40.00"))
                .getAmount())
        .isEqualByComparingTo("40");
    assertThat(client.listRefunds(RefundFilter.builder().paymentId(10000001L).build()).getItems())
        .isNotEmpty();
    assertThat(
            client(server, LOGIN, PASSWORD, "pact-nonce-1")
                .confirmPayment(10000001L, new BigDecimal("100.00"))
                .getState()
                .getValue())
        .isEqualTo("COMPLETE");
    assertThat(
            client(server, LOGIN, PASSWORD, "pact-nonce-1")
                .cancelPayment(10000001L)
                .getState()
                .getValue())
        .isEqualTo("CANCELLED");
    assertThat(client.listDocuments(LocalDate.parse("2020-01-01"), LocalDate.parse("2034-12-31")))
        .isNotEmpty();
    assertThat(client.downloadDocument("10000001", Path.of("target", "pact-document.bin")))
        .isGreaterThanOrEqualTo(0);
    assertThat(client.listTransfers(LocalDate.parse("2020-01-01"), LocalDate.parse("2034-12-31")))
        .isNotEmpty();
    assertThat(client.getTransferRegister("10000001").getRegisterID()).isNotNull();
    assertThatThrownBy(
            () -> client(server, LOGIN, "not-the-password", WRONG_HASH_NONCE).getPayment(1L))
        .isInstanceOfSatisfying(
            V1ErrorCodeException.class, e -> assertThat(e.getCode()).isEqualTo(-7));
    assertThatThrownBy(() -> client(server, UNKNOWN_LOGIN, PASSWORD, null).getPayment(1L))
        .isInstanceOfSatisfying(
            V1ErrorCodeException.class, e -> assertThat(e.getCode()).isEqualTo(-6));
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
