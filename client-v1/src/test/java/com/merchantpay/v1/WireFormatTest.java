package com.merchantpay.v1;

import static com.github.tomakehurst.wiremock.client.WireMock.anyRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import com.merchantpay.testsupport.DocumentedV1Signature;
import com.merchantpay.testsupport.TestServers;
import com.merchantpay.v1.model.ErrorCode;
import com.merchantpay.v1.model.PaymentState;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every operation on the wire, against a real local HTTP server: method, path name exactly as
 * documented, values in the query string (GET) or in a form body (POST), percent-encoding, and a
 * hash that an independent implementation of the documented rule ({@link DocumentedHashRule})
 * accepts, both with every optional value given and with the optional values left out.
 */
class WireFormatTest {
  @RegisterExtension static WireMockExtension server = TestServers.wireMock();

  private MerchantPayV1Client client;

  @BeforeEach
  void start() {
    TestClients.answerSuccess(server);
    client = TestClients.client(server.baseUrl());
  }

  record Case(
      String operation,
      String method,
      Consumer<MerchantPayV1Client> call,
      Map<String, String> values) {
    @Override
    public String toString() {
      return operation + " " + values.keySet();
    }
  }

  static Stream<Arguments> everyOperationWithAndWithoutOptionalValues() {
    LocalDate from = LocalDate.of(2024, 3, 1);
    LocalDate to = LocalDate.of(2024, 3, 5);
    return Stream.of(
            new Case(
                "getPayment", "GET", c -> c.getPayment(50021467L), values("paymentID", "50021467")),
            new Case(
                "getPaymentByInvoiceID",
                "GET",
                c -> c.getPaymentByInvoiceId("INV 1/2+3=4&5;6", "site-é"),
                values("invoiceID", "INV 1/2+3=4&5;6", "siteAlias", "site-é")),
            new Case(
                "listPaymentsFilter",
                "GET",
                c -> c.listPayments(PaymentFilter.builder().build()),
                values()),
            new Case(
                "listPaymentsFilter",
                "GET",
                c ->
                    c.listPayments(
                        PaymentFilter.builder()
                            .accountId("104522")
                            .siteAlias("site-1")
                            .periodFrom(from)
                            .periodTo(to)
                            .invoiceId("INV-7")
                            .state(PaymentState.HOLD)
                            .build()),
                values(
                    "accountID",
                    "104522",
                    "siteAlias",
                    "site-1",
                    "periodFrom",
                    "2024-03-01",
                    "periodTo",
                    "2024-03-05",
                    "invoiceID",
                    "INV-7",
                    "state",
                    "HOLD")),
            new Case(
                "refundPayment",
                "POST",
                c -> c.refundPayment(50021467L, new BigDecimal("250.50")),
                values("paymentID", "50021467", "amount", "250.50")),
            new Case(
                "refundPayment",
                "POST",
                c ->
                    c.refundPayment(
                        RefundRequest.builder(50021467L, new BigDecimal("10"))
                            .externalId("RF-1")
                            .cartLine("Чай", new BigDecimal("2"), new BigDecimal("5.00"), "vat20")
                            .build()),
                values("paymentID", "50021467", "amount", "10", "externalID", "RF-1")),
            new Case(
                "listRefunds", "GET", c -> c.listRefunds(RefundFilter.builder().build()), values()),
            new Case(
                "listRefunds",
                "GET",
                c ->
                    c.listRefunds(
                        RefundFilter.builder()
                            .accountId("104522")
                            .paymentId(50021467L)
                            .periodFrom(from)
                            .periodTo(to)
                            .externalId("RF+1")
                            .build()),
                values(
                    "accountID",
                    "104522",
                    "paymentID",
                    "50021467",
                    "periodFrom",
                    "2024-03-01",
                    "periodTo",
                    "2024-03-05",
                    "externalID",
                    "RF+1")),
            new Case(
                "confirmPayment",
                "POST",
                c -> c.confirmPayment(50021470L, new BigDecimal("990.75")),
                values("paymentID", "50021470", "amount", "990.75")),
            new Case(
                "cancelPayment",
                "POST",
                c -> c.cancelPayment(50021471L),
                values("paymentID", "50021471")),
            new Case(
                "cancelPayment",
                "POST",
                c -> c.cancelPayment(50021471L, ErrorCode.CANCELLED_BY_USER),
                values("paymentID", "50021471", "error", "-17")),
            new Case(
                "listDocuments",
                "GET",
                c -> c.listDocuments(from, to),
                values("periodFrom", "2024-03-01", "periodTo", "2024-03-05")),
            new Case(
                "listDocuments",
                "GET",
                c -> c.listDocuments("104522", from, to),
                values(
                    "accountID", "104522", "periodFrom", "2024-03-01", "periodTo", "2024-03-05")),
            new Case(
                "getDocumentContent",
                "GET",
                c -> close(c.openDocumentContent("88412/a")),
                values("documentID", "88412/a")),
            new Case(
                "listTransfers",
                "GET",
                c -> c.listTransfers(from, to),
                values("periodFrom", "2024-03-01", "periodTo", "2024-03-05")),
            new Case(
                "listTransfers",
                "GET",
                c -> c.listTransfers("104522", from, to),
                values(
                    "accountID", "104522", "periodFrom", "2024-03-01", "periodTo", "2024-03-05")),
            new Case(
                "getTransferRegister",
                "GET",
                c -> c.getTransferRegister("5521"),
                values("registerID", "5521")))
        .map(Arguments::of);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("everyOperationWithAndWithoutOptionalValues")
  void requestCarriesItsValuesWhereDocumentedAndAHashTheDocumentedRuleAccepts(Case call) {
    call.call().accept(client);

    LoggedRequest request = only();
    assertThat(request.getMethod().getName()).isEqualTo(call.method());
    assertThat(request.getUrl())
        .startsWith("/api/v1/" + call.operation() + (call.method().equals("GET") ? "?" : ""));
    Map<String, List<String>> received = TestClients.received(request);
    if (call.method().equals("POST")) {
      assertThat(request.getHeader("Content-Type")).startsWith("application/x-www-form-urlencoded");
      assertThat(request.getUrl()).isEqualTo("/api/v1/" + call.operation());
    } else {
      assertThat(request.getBodyAsString()).isEmpty();
    }
    Map<String, String> expected = new LinkedHashMap<>();
    expected.put("login", TestClients.LOGIN);
    expected.put("nonce", "test-nonce-1");
    expected.putAll(call.values());
    Map<String, String> ownValues = new LinkedHashMap<>();
    received.forEach(
        (name, values) -> {
          if (!name.equals("hash") && !name.startsWith("shoppingcart.")) {
            assertThat(values).as(name).hasSize(1);
            ownValues.put(name, values.get(0));
          }
        });
    assertThat(ownValues).isEqualTo(expected);
    assertThat(DocumentedV1Signature.accepts(call.operation(), received, TestClients.PASSWORD))
        .as("hash accepted by the documented rule")
        .isTrue();
    assertThat(request.getUrl() + request.getBodyAsString() + request.getHeaders())
        .doesNotContain(TestClients.PASSWORD, "Pa55word", "password");
  }

  @Test
  void pathNamesAreSentInTheirDocumentedLetterCase() {
    client.getPaymentByInvoiceId("INV-1", "site-1");
    client.listPayments(PaymentFilter.builder().build());

    assertThat(server.findAll(anyRequestedFor(anyUrl())))
        .extracting(request -> request.getUrl().substring(0, request.getUrl().indexOf('?')))
        .containsExactly("/api/v1/getPaymentByInvoiceID", "/api/v1/listPaymentsFilter");
  }

  @Test
  void everyQueryValueIsPercentEncodedIncludingTheHash() {
    client.getPaymentByInvoiceId("A%41 +/=&;", "ü");

    String query = TestClients.rawQuery(only());
    assertThat(query).contains("invoiceID=A%2541%20%2B%2F%3D%26%3B", "siteAlias=%C3%BC");
    String hash = query.replaceAll(".*hash=([^&]*).*", "$1");
    assertThat(hash).matches("[A-Za-z0-9%]+").endsWith("%3D").doesNotContain("+", "/", "=");
  }

  @Test
  void shoppingCartLinesAreSentAsUnsignedFormFieldsNumberedFromZero() {
    client.refundPayment(
        RefundRequest.builder(50021467L, new BigDecimal("250.5"))
            .externalId("RF-2024-0042")
            .cartLine("Phone case", BigDecimal.ONE, new BigDecimal("200.5"), "vat20")
            .cartLine("Strap & clip", new BigDecimal("2"), new BigDecimal("25"), "vat10")
            .build());

    LoggedRequest request = only();
    assertThat(request.getBodyAsString())
        .endsWith(
            "&paymentID=50021467&amount=250.5&externalID=RF-2024-0042"
                + "&shoppingcart.items%5B0%5D.name=Phone+case&shoppingcart.items%5B0%5D.qty=1"
                + "&shoppingcart.items%5B0%5D.price=200.5&shoppingcart.items%5B0%5D.tax=vat20"
                + "&shoppingcart.items%5B1%5D.name=Strap+%26+clip&shoppingcart.items%5B1%5D.qty=2"
                + "&shoppingcart.items%5B1%5D.price=25&shoppingcart.items%5B1%5D.tax=vat10");
    // The documented rule ignores the cart; a hash over it would be rejected.
    assertThat(
            DocumentedV1Signature.accepts(
                "refundPayment", TestClients.received(request), TestClients.PASSWORD))
        .isTrue();
  }

  @Test
  void xmlIsRequestedUnsignedOnlyWhereOfferedWhenPreferred() {
    MerchantPayV1Client xmlClient =
        TestClients.builder(server.baseUrl())
            .preferXml(true)
            .nonceSupplier(TestClients.counting("x-"))
            .build();

    xmlClient.listDocuments(LocalDate.of(2024, 2, 1), LocalDate.of(2024, 2, 29));
    xmlClient.listTransfers(LocalDate.of(2024, 2, 1), LocalDate.of(2024, 2, 29));
    xmlClient.getTransferRegister("5521");
    xmlClient.getPayment(1L);
    client.listDocuments(LocalDate.of(2024, 2, 1), LocalDate.of(2024, 2, 29));

    List<LoggedRequest> requests = server.findAll(anyRequestedFor(anyUrl()));
    assertThat(requests)
        .extracting(request -> TestClients.received(request).get("xml"))
        .containsExactly(List.of("1"), List.of("1"), List.of("1"), null, null);
    for (LoggedRequest request : requests.subList(0, 3)) {
      String operation =
          request.getUrl().substring("/api/v1/".length(), request.getUrl().indexOf('?'));
      assertThat(
              DocumentedV1Signature.accepts(
                  operation, TestClients.received(request), TestClients.PASSWORD))
          .isTrue();
    }
  }

  @Test
  void everyCallCarriesANewNonce() {
    MerchantPayV1Client randomNonces = TestClients.builder(server.baseUrl()).build();

    randomNonces.getPayment(1L);
    randomNonces.getPayment(1L);

    List<LoggedRequest> requests = server.findAll(anyRequestedFor(anyUrl()));
    String first = TestClients.received(requests.get(0)).get("nonce").get(0);
    String second = TestClients.received(requests.get(1)).get("nonce").get(0);
    assertThat(first).isNotEqualTo(second).matches("[A-Za-z0-9_-]{22}");
    assertThat(TestClients.received(requests.get(0)).get("hash"))
        .isNotEqualTo(TestClients.received(requests.get(1)).get("hash"));
  }

  private static Map<String, String> values(String... pairs) {
    Map<String, String> values = new LinkedHashMap<>();
    for (int i = 0; i < pairs.length; i += 2) {
      values.put(pairs[i], pairs[i + 1]);
    }
    return values;
  }

  @Test
  void successIsNoReasonToCancelAndNothingIsSent() {
    assertThatThrownBy(() -> client.cancelPayment(50021471L, ErrorCode.SUCCESS))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("reason")
        .hasMessageContaining("0");
    assertThatThrownBy(() -> client.cancelPayment(50021471L, ErrorCode.fromValue(0)))
        .isInstanceOf(IllegalArgumentException.class);

    assertThat(server.getAllServeEvents()).isEmpty();
  }

  private static void close(InputStream stream) {
    try (stream) {
      stream.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static LoggedRequest only() {
    List<LoggedRequest> requests = server.findAll(anyRequestedFor(anyUrl()));
    assertThat(requests).hasSize(1);
    return requests.get(0);
  }
}
