package com.merchantpay.v1;

import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import com.merchantpay.testsupport.DocumentedV1Signature;
import com.merchantpay.testsupport.ReadmeSnippets;
import com.merchantpay.testsupport.TestServers;
import com.merchantpay.v1.model.Payment;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The root README's v1 example runs as written against a local server, every request it makes is
 * accepted by the independent implementation of the hash rule, and the README shows exactly this
 * code.
 */
class ReadmeExampleTest {
  private static final String BEGIN = "// README v1 example begins";
  private static final String END = "// README v1 example ends";

  @RegisterExtension static WireMockExtension server = TestServers.wireMock();

  @Test
  void theReadmeExampleRunsAndEveryRequestIsCorrectlySigned() {
    String held =
        "{\"PaymentID\":50021467,\"State\":\"HOLD\",\"Amount\":1499.00,\"CurrencyCode\":\"RUB\"}";
    server.stubFor(
        get(urlPathEqualTo("/api/v1/getPayment"))
            .willReturn(okJson("{\"ErrorCode\":0,\"Payment\":" + held + "}")));
    server.stubFor(
        post(urlPathEqualTo("/api/v1/confirmPayment"))
            .willReturn(
                okJson("{\"ErrorCode\":0,\"Payment\":" + held.replace("HOLD", "COMPLETE") + "}")));
    server.stubFor(
        get(urlPathEqualTo("/api/v1/listPaymentsFilter"))
            .willReturn(
                okJson(
                    "{\"ErrorCode\":0,\"Response\":{\"Overflow\":false,\"Payments\":["
                        + held
                        + "]}}")));
    String baseUrl = server.baseUrl();
    char[] passwordChars = TestClients.PASSWORD.toCharArray();

    // README v1 example begins
    MerchantPayV1Client legacy =
        MerchantPayV1Client.builder()
            .baseUrl(baseUrl) // https://... in production
            .login("shop-auto-01") // a user with the Automatic access login method
            .password(passwordChars) // used for the signature only: never sent, logged or printed
            .build();

    Payment payment = legacy.getPayment(50021467L);
    legacy.confirmPayment(
        payment.getPaymentID(), new BigDecimal("1499.00")); // capture a held payment
    List<Payment> march =
        legacy.listAllPayments(
            PaymentFilter.builder() // splits the period
                .periodFrom(LocalDate.of(2026, 3, 1))
                .periodTo(LocalDate.of(2026, 3, 31)) // while a page overflows
                .build());
    // README v1 example ends

    assertThat(march).extracting(Payment::getPaymentID).containsExactly(50021467L);
    List<LoggedRequest> requests =
        server.getAllServeEvents().stream().map(event -> event.getRequest()).toList();
    assertThat(requests)
        .hasSize(3)
        .allSatisfy(
            request -> {
              String operation = request.getUrl().replaceAll("^/api/v1/|\\?.*$", "");
              assertThat(
                      DocumentedV1Signature.accepts(
                          operation, TestClients.received(request), TestClients.PASSWORD))
                  .as(operation)
                  .isTrue();
            });
  }

  @Test
  void theRootReadmeShowsTheTestedCode() throws IOException {
    String tested =
        ReadmeSnippets.between(
            Path.of("src/test/java/com/merchantpay/v1/ReadmeExampleTest.java"), BEGIN, END);

    assertThat(tested).contains("MerchantPayV1Client.builder()");
    assertThat(tested.lines().count()).as("lines of example code").isGreaterThan(10);
    assertThat(Files.readString(Path.of("../README.md"))).contains(tested);
  }
}
