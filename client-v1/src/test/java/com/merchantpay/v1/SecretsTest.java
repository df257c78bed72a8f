package com.merchantpay.v1;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import com.merchantpay.testsupport.DocumentedV1Signature;
import com.merchantpay.testsupport.TestServers;
import feign.Logger;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The password, the signature and the nonce stay out of toString(), logs and exception messages.
 */
class SecretsTest {
  private static final String PASSWORD = "S3cret-Pa55-for-log-test";
  private static final Path WIRE_LOG =
      Path.of(System.getProperty("org.slf4j.simpleLogger.logFile", "target/wire-test.log"));

  @RegisterExtension static WireMockExtension server = TestServers.wireMock();

  @Test
  void toStringOfClientAndBuilderNeverShowsThePassword() {
    MerchantPayV1Client.Builder builder = TestClients.builder(server.baseUrl()).password(PASSWORD);

    assertThat(builder.toString()).contains("password=***").doesNotContain(PASSWORD);
    assertThat(builder.build().toString())
        .contains("login=shop-auto-01", "password=***")
        .doesNotContain(PASSWORD);
  }

  @Test
  void thePasswordIsNeverSentInAnyForm() {
    TestClients.answerSuccess(server);
    MerchantPayV1Client client = TestClients.builder(server.baseUrl()).password(PASSWORD).build();

    client.getPayment(1L);
    client.refundPayment(1L, BigDecimal.ONE);
    client.cancelPayment(1L);

    for (LoggedRequest request : server.findAll(anyRequestedFor(anyUrl()))) {
      String everything = request.getUrl() + request.getHeaders() + request.getBodyAsString();
      assertThat(everything).doesNotContain(PASSWORD, "password", "S3cret");
    }
  }

  @Test
  void thePasswordArrayIsCopiedSoTheCallerMayClearIt() {
    TestClients.answerSuccess(server);
    char[] password = PASSWORD.toCharArray();
    MerchantPayV1Client client = TestClients.builder(server.baseUrl()).password(password).build();
    Arrays.fill(password, '\0');

    client.getPayment(1L);

    LoggedRequest request = server.findAll(anyRequestedFor(anyUrl())).get(0);
    assertThat(DocumentedV1Signature.accepts("getPayment", TestClients.received(request), PASSWORD))
        .isTrue();
  }

  @Test
  void wireLogsAtEveryLevelMaskTheHashAndNeverContainThePassword() throws IOException {
    TestClients.answerSuccess(server);
    server.stubFor(
        any(urlPathEqualTo("/api/v1/getDocumentContent"))
            .willReturn(
                aResponse()
                    .withHeader("Content-Type", "application/octet-stream")
                    .withBody("%PDF-1.4")));
    long logStart = Files.exists(WIRE_LOG) ? Files.size(WIRE_LOG) : 0;
    List<String> hashes = new ArrayList<>();

    for (Logger.Level level :
        List.of(Logger.Level.BASIC, Logger.Level.HEADERS, Logger.Level.FULL)) {
      MerchantPayV1Client client =
          TestClients.builder(server.baseUrl()).password(PASSWORD).logLevel(level).build();
      client.getPayment(50021467L);
      client.refundPayment(
          RefundRequest.builder(50021467L, new BigDecimal("250.5")).externalId("RF-1").build());
      client.listDocuments(LocalDate.of(2024, 2, 1), LocalDate.of(2024, 2, 29));
      try (InputStream content = client.openDocumentContent("88412")) {
        assertThat(content.readAllBytes())
            .isEqualTo("%PDF-1.4".getBytes(StandardCharsets.US_ASCII));
      }
    }
    MerchantPayV1Client.builder()
        .baseUrl(server.baseUrl())
        .login("shop-auto-01")
        .password(PASSWORD)
        .wireLogging(true)
        .build()
        .getPayment(1L);
    for (LoggedRequest request : server.findAll(anyRequestedFor(anyUrl()))) {
      hashes.addAll(TestClients.received(request).get("hash"));
    }

    String log = newLogLines(logStart);
    assertThat(hashes).hasSize(13);
    assertThat(log)
        .contains(
            "---> GET "
                + server.baseUrl()
                + "/api/v1/getPayment?login=shop-auto-01&nonce=***&hash=***")
        .contains(
            "login=shop-auto-01&nonce=***&hash=***&paymentID=50021467&amount=250.5&externalID=RF-1")
        .contains("<--- HTTP/1.1 200")
        .doesNotContain(PASSWORD);
    for (String hash : hashes) {
      assertThat(log)
          .doesNotContain(hash, hash.replace("+", "%2B").replace("/", "%2F").replace("=", "%3D"));
    }
  }

  @Test
  void exceptionMessagesNeverCarryHashNonceOrPasswordEvenWhenTheServerEchoesThem() {
    MerchantPayV1Client client =
        TestClients.builder(server.baseUrl())
            .password(PASSWORD)
            .nonceSupplier(TestClients.fixed("nonce-that-must-not-leak"))
            .build();
    // Known hash of this call: echoed back by a broken server in plain text, without its name.
    TestClients.answerSuccess(server);
    client.getPayment(42L);
    String hash =
        TestClients.received(server.findAll(anyRequestedFor(anyUrl())).get(0)).get("hash").get(0);
    server.stubFor(
        any(anyUrl())
            .willReturn(
                aResponse()
                    .withStatus(500)
                    .withBody(
                        "cannot parse signature "
                            + hash
                            + " with nonce-that-must-not-leak; password "
                            + PASSWORD)));

    Throwable failure = catchThrowable(() -> client.getPayment(42L));

    assertThat(failure).isInstanceOf(V1ServerFailureException.class);
    for (Throwable t = failure; t != null; t = t.getCause()) {
      assertThat(String.valueOf(t.getMessage()))
          .doesNotContain(hash, "nonce-that-must-not-leak", PASSWORD);
      assertThat(t.toString()).doesNotContain(hash, PASSWORD);
    }
  }

  @Test
  void anUnreadableSuccessNeverCarriesTheEchoedHashOrNonce() {
    MerchantPayV1Client client =
        TestClients.builder(server.baseUrl())
            .password(PASSWORD)
            .nonceSupplier(TestClients.fixed("nonce-that-must-not-leak"))
            .build();
    TestClients.answerSuccess(server);
    client.getPayment(42L);
    String hash =
        TestClients.received(server.findAll(anyRequestedFor(anyUrl())).get(0)).get("hash").get(0);
    List<String> brokenAnswers =
        List.of(
            "{\"ErrorCode\":0,\"Payment\":{\"PaymentID\":\""
                + hash
                + "\",\"Note\":\"nonce-that-must-not-leak\"}}",
            "{\"ErrorCode\":0,\"Payment\":{\"PaymentID\":" + hash + "}}",
            "{\"ErrorCode\":0,\"Payment\":{\"PaymentID\":nonce-that-must-not-leak}}",
            "{\"ErrorCode\":\"" + hash + "\"}");

    for (String answer : brokenAnswers) {
      server.stubFor(any(anyUrl()).willReturn(okJson(answer)));

      Throwable failure = catchThrowable(() -> client.getPayment(42L));

      assertThat(failure).as(answer).isInstanceOf(V1ServerFailureException.class);
      assertThat(((V1ServerFailureException) failure).getBodyExcerpt())
          .doesNotContain(hash, "nonce-that-must-not-leak");
      for (Throwable t = failure; t != null; t = t.getCause()) {
        assertThat(String.valueOf(t.getMessage()))
            .as(answer)
            .doesNotContain(hash, "nonce-that-must-not-leak");
        assertThat(t.toString()).doesNotContain(hash, "nonce-that-must-not-leak");
      }
    }
  }

  @Test
  void errorCodeAndTransportFailuresDoNotMentionTheRequest() {
    MerchantPayV1Client client = TestClients.builder(server.baseUrl()).password(PASSWORD).build();
    server.stubFor(any(anyUrl()).willReturn(okJson("{\"ErrorCode\":-7}")));
    Throwable errorCode = catchThrowable(() -> client.getPayment(42L));
    MerchantPayV1Client unreachable =
        TestClients.builder("http://127.0.0.1:1").password(PASSWORD).build();
    Throwable transport = catchThrowable(() -> unreachable.getPayment(42L));

    for (Throwable failure : List.of(errorCode, transport)) {
      for (Throwable t = failure; t != null; t = t.getCause()) {
        assertThat(String.valueOf(t.getMessage()))
            .doesNotContain("hash=", "nonce=", PASSWORD, "/api/v1/getPayment?");
      }
    }
  }

  private static String newLogLines(long from) throws IOException {
    byte[] all = Files.readAllBytes(WIRE_LOG);
    return new String(all, (int) from, all.length - (int) from, StandardCharsets.UTF_8);
  }
}
