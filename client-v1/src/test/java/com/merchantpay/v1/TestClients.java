package com.merchantpay.v1;

import com.github.tomakehurst.wiremock.verification.LoggedRequest;
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
    return MerchantPayV1Client.builder().baseUrl(baseUrl).login(LOGIN).password(PASSWORD.toCharArray());
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

  /** What the server received: the query string for GET, the form body for POST. */
  static Map<String, List<String>> received(LoggedRequest request) {
    if (request.getMethod().getName().equals("POST")) {
      return DocumentedHashRule.parse(request.getBodyAsString());
    }
    return DocumentedHashRule.parse(rawQuery(request));
  }

  static String rawQuery(LoggedRequest request) {
    String url = request.getUrl();
    int question = url.indexOf('?');
    return question < 0 ? "" : url.substring(question + 1);
  }
}
