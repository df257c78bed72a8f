package com.merchantpay.v1;

import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import com.merchantpay.testsupport.DocumentedV1Signature;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/** Clients and request parsing shared by the tests. */
final class TestClients {
  static final String LOGIN = "shop-auto-01";
  static final String PASSWORD = "Pa55word!";

  private TestClients() {}

  static MerchantPayV1Client.Builder builder(String baseUrl) {
    return MerchantPayV1Client.builder()
        .baseUrl(baseUrl)
        .login(LOGIN)
        .password(PASSWORD.toCharArray());
  }

  static MerchantPayV1Client client(String baseUrl) {
    return builder(baseUrl).nonceSupplier(counting("test-nonce-")).build();
  }

  static Supplier<String> counting(String prefix) {
    AtomicInteger next = new AtomicInteger();
    return () -> prefix + next.incrementAndGet();
  }

  static Supplier<String> fixed(String nonce) {
    return () -> nonce;
  }

  /**
   * Makes the server answer every operation with success: single-object operations with their
   * payload (a success without it is a failure), lists and the rest with a bare {@code
   * {"ErrorCode":0}}. Stubs added later win over these.
   */
  static void answerSuccess(WireMockExtension server) {
    server.stubFor(any(anyUrl()).atPriority(10).willReturn(okJson("{\"ErrorCode\":0}")));
    String payment = "{\"ErrorCode\":0,\"Payment\":{\"PaymentID\":50021467}}";
    for (String operation :
        List.of("getPayment", "getPaymentByInvoiceID", "confirmPayment", "cancelPayment")) {
      server.stubFor(
          any(urlPathEqualTo("/api/v1/" + operation)).atPriority(9).willReturn(okJson(payment)));
    }
    server.stubFor(
        any(urlPathEqualTo("/api/v1/refundPayment"))
            .atPriority(9)
            .willReturn(okJson("{\"ErrorCode\":0,\"Refund\":{\"RefundID\":70001}}")));
    server.stubFor(
        any(urlPathEqualTo("/api/v1/getTransferRegister"))
            .atPriority(9)
            .willReturn(okJson("{\"ErrorCode\":0,\"Response\":{\"RegisterID\":\"5521\"}}")));
  }

  /** What the server received: the query string for GET, the form body for POST. */
  static Map<String, List<String>> received(LoggedRequest request) {
    if (request.getMethod().getName().equals("POST")) {
      return DocumentedV1Signature.parse(request.getBodyAsString());
    }
    return DocumentedV1Signature.parse(rawQuery(request));
  }

  static String rawQuery(LoggedRequest request) {
    String url = request.getUrl();
    int question = url.indexOf('?');
    return question < 0 ? "" : url.substring(question + 1);
  }
}
