package com.merchantpay.v1;

import static com.github.tomakehurst.wiremock.client.WireMock.anyRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import com.merchantpay.testsupport.TestServers;
import com.merchantpay.v1.model.ErrorCode;
import com.merchantpay.v1.model.PaymentState;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Known-answer vectors for the signature. Each expected digest was computed outside this code base
 * with the shell command next to it; the canonical text and the digest are asserted separately, and
 * then the client is shown to put exactly that digest on the wire for the same call.
 */
class SignatureKnownAnswerTest {
  @RegisterExtension static WireMockExtension server = TestServers.wireMock();

  @BeforeEach
  void answerSuccess() {
    TestClients.answerSuccess(server);
  }

  // printf '%s' 'shop-auto-01;Pa55word!;4f7d2c9a-0b31-4e55-8d6a-91c0e2f3a7b1;50021467' | openssl
  // sha1 -binary | base64
  private static final String GET_PAYMENT_TEXT =
      "shop-auto-01;Pa55word!;4f7d2c9a-0b31-4e55-8d6a-91c0e2f3a7b1;50021467";
  private static final String GET_PAYMENT_HASH = "eZtENOUEg4mDiBIQgaCmkk4yW1M=";

  // printf '%s'
  // 'shop-auto-01;Pa55word!;n-20240305-0003;;3f6c2a9e-5d1b-4c8e-9a77-0b1e2d3c4f50;2024-03-01;2024-03-05;;COMPLETE' | openssl sha1 -binary | base64
  private static final String LIST_PAYMENTS_TEXT =
      "shop-auto-01;Pa55word!;n-20240305-0003;;3f6c2a9e-5d1b-4c8e-9a77-0b1e2d3c4f50;2024-03-01;2024-03-05;;COMPLETE";
  private static final String LIST_PAYMENTS_HASH = "xcachOV6zHOKSjNSh+AtT9q2EVY=";

  // printf '%s' 'shop-auto-01;Pa55word!;n-20240305-0004;50021467;250.5;RF-2024-0042' | openssl sha1
  // -binary | base64
  private static final String REFUND_TEXT =
      "shop-auto-01;Pa55word!;n-20240305-0004;50021467;250.5;RF-2024-0042";
  private static final String REFUND_HASH = "NsdwpNhqBTsZ0FzruijjS4n7gzw=";

  // printf '%s' 'shop-auto-01;Pa55word!;n-20240305-0006;50021470;990.75' | openssl sha1 -binary |
  // base64
  private static final String CONFIRM_TEXT =
      "shop-auto-01;Pa55word!;n-20240305-0006;50021470;990.75";
  private static final String CONFIRM_HASH = "dbVOcq4G8fBjAINC2HQNr6P3iN8=";

  // printf '%s' 'shop-auto-01;Pa55word!;n-20240305-0007;50021471;-17' | openssl sha1 -binary |
  // base64
  private static final String CANCEL_TEXT = "shop-auto-01;Pa55word!;n-20240305-0007;50021471;-17";
  private static final String CANCEL_HASH = "JRmWkxfjUJzKgPB/FN/UbETQxDw=";

  // printf '%s' 'shop-auto-01;Pa55word!;n-20240305-0010;50021471;' | openssl sha1 -binary | base64
  private static final String CANCEL_WITHOUT_REASON_TEXT =
      "shop-auto-01;Pa55word!;n-20240305-0010;50021471;";
  private static final String CANCEL_WITHOUT_REASON_HASH = "C51nYbNCdoyWYSAws2tQd0Rrh+c=";

  // printf '%s' 'shop-auto-01;Pa55word!;n-20240305-0009;50021467;1000;' | openssl sha1 -binary |
  // base64
  private static final String REFUND_PLAIN_AMOUNT_TEXT =
      "shop-auto-01;Pa55word!;n-20240305-0009;50021467;1000;";
  private static final String REFUND_PLAIN_AMOUNT_HASH = "Mxs8QXu/Ho3qAXFQAto4/HKkssw=";

  // printf '%s' 'shop-auto-01;Pa55word!;n-20240305-0008;;;;;' | openssl sha1 -binary | base64
  private static final String LIST_REFUNDS_UNFILTERED_TEXT =
      "shop-auto-01;Pa55word!;n-20240305-0008;;;;;";
  private static final String LIST_REFUNDS_UNFILTERED_HASH = "SuW2nmcuqcmoW8bLiS/SxdWZM2w=";

  // printf '%s' 'магазин-01;Pa55word!;n-utf8-0001;Счёт №7 —
  // café;3f6c2a9e-5d1b-4c8e-9a77-0b1e2d3c4f50' | openssl sha1 -binary | base64
  private static final String NON_ASCII_TEXT =
      "магазин-01;Pa55word!;n-utf8-0001;Счёт №7 — café;3f6c2a9e-5d1b-4c8e-9a77-0b1e2d3c4f50";
  private static final String NON_ASCII_HASH = "lMlX5u7gDZ74eHyl+iv8CwzSBSU=";

  // printf '%s' 'shop-auto-01;p@ss;w+rd/=&;n-special-0002;50021467;0.10;a+b/c=d&e;f' | openssl sha1
  // -binary | base64
  private static final String SPECIAL_CHARACTERS_TEXT =
      "shop-auto-01;p@ss;w+rd/=&;n-special-0002;50021467;0.10;a+b/c=d&e;f";
  private static final String SPECIAL_CHARACTERS_HASH = "9kvh3HkIGrJ76bMy9Tu+7Q8FizM=";

  @Test
  void canonicalTextJoinsTheSignedValuesInOrderWithSemicolons() {
    assertThat(
            text("shop-auto-01", "Pa55word!", "4f7d2c9a-0b31-4e55-8d6a-91c0e2f3a7b1", "50021467"))
        .isEqualTo(GET_PAYMENT_TEXT);
    assertThat(
            text(
                "shop-auto-01",
                "Pa55word!",
                "n-20240305-0004",
                "50021467",
                "250.5",
                "RF-2024-0042"))
        .isEqualTo(REFUND_TEXT);
  }

  @Test
  void canonicalTextKeepsAnAbsentOptionalValueAsAnEmptyField() {
    assertThat(
            text(
                "shop-auto-01",
                "Pa55word!",
                "n-20240305-0003",
                "",
                "3f6c2a9e-5d1b-4c8e-9a77-0b1e2d3c4f50",
                "2024-03-01",
                "2024-03-05",
                "",
                "COMPLETE"))
        .isEqualTo(LIST_PAYMENTS_TEXT);
    assertThat(text("shop-auto-01", "Pa55word!", "n-20240305-0010", "50021471", ""))
        .isEqualTo(CANCEL_WITHOUT_REASON_TEXT);
  }

  @Test
  void digestIsBase64OfTheBinarySha1OfTheUtf8Text() {
    assertThat(RequestSigner.digest(GET_PAYMENT_TEXT)).isEqualTo(GET_PAYMENT_HASH);
    assertThat(RequestSigner.digest(LIST_PAYMENTS_TEXT)).isEqualTo(LIST_PAYMENTS_HASH);
    assertThat(RequestSigner.digest(REFUND_TEXT)).isEqualTo(REFUND_HASH);
    assertThat(RequestSigner.digest(CONFIRM_TEXT)).isEqualTo(CONFIRM_HASH);
    assertThat(RequestSigner.digest(CANCEL_TEXT)).isEqualTo(CANCEL_HASH);
    assertThat(RequestSigner.digest(CANCEL_WITHOUT_REASON_TEXT))
        .isEqualTo(CANCEL_WITHOUT_REASON_HASH);
    assertThat(RequestSigner.digest(REFUND_PLAIN_AMOUNT_TEXT)).isEqualTo(REFUND_PLAIN_AMOUNT_HASH);
    assertThat(RequestSigner.digest(LIST_REFUNDS_UNFILTERED_TEXT))
        .isEqualTo(LIST_REFUNDS_UNFILTERED_HASH);
  }

  @Test
  void digestEncodesNonAsciiTextAsUtf8() {
    assertThat(RequestSigner.digest(NON_ASCII_TEXT)).isEqualTo(NON_ASCII_HASH);
  }

  @Test
  void digestTakesPlusSlashEqualsAmpersandAndSemicolonLiterally() {
    assertThat(RequestSigner.digest(SPECIAL_CHARACTERS_TEXT)).isEqualTo(SPECIAL_CHARACTERS_HASH);
  }

  @Test
  void getPaymentSendsTheKnownHashPercentEncoded() {
    LoggedRequest request =
        send("4f7d2c9a-0b31-4e55-8d6a-91c0e2f3a7b1", client -> client.getPayment(50021467L));

    assertThat(TestClients.rawQuery(request)).contains("hash=eZtENOUEg4mDiBIQgaCmkk4yW1M%3D");
    assertThat(TestClients.received(request).get("hash")).containsExactly(GET_PAYMENT_HASH);
  }

  @Test
  void listPaymentsSignsLeftOutFiltersAsEmptyAndEncodesThePlusOfTheHash() {
    LoggedRequest request =
        send(
            "n-20240305-0003",
            client ->
                client.listPayments(
                    PaymentFilter.builder()
                        .siteAlias("3f6c2a9e-5d1b-4c8e-9a77-0b1e2d3c4f50")
                        .periodFrom(LocalDate.of(2024, 3, 1))
                        .periodTo(LocalDate.of(2024, 3, 5))
                        .state(PaymentState.COMPLETE)
                        .build()));

    assertThat(TestClients.rawQuery(request))
        .contains("hash=xcachOV6zHOKSjNSh%2BAtT9q2EVY%3D")
        .doesNotContain("accountID", "invoiceID");
  }

  @Test
  void listRefundsWithoutAnyFilterSignsFiveEmptyValues() {
    LoggedRequest request =
        send("n-20240305-0008", client -> client.listRefunds(RefundFilter.builder().build()));

    assertThat(TestClients.received(request).get("hash"))
        .containsExactly(LIST_REFUNDS_UNFILTERED_HASH);
  }

  @Test
  void refundSendsTheKnownHashInTheFormBody() {
    LoggedRequest request =
        send(
            "n-20240305-0004",
            client ->
                client.refundPayment(
                    RefundRequest.builder(50021467L, new BigDecimal("250.5"))
                        .externalId("RF-2024-0042")
                        .build()));

    assertThat(request.getBodyAsString()).contains("hash=NsdwpNhqBTsZ0FzruijjS4n7gzw%3D");
  }

  @Test
  void refundAmountIsSignedAndSentAsThePlainDecimalItIsFormattedToOnce() {
    LoggedRequest request =
        send("n-20240305-0009", client -> client.refundPayment(50021467L, new BigDecimal("1E+3")));

    assertThat(request.getBodyAsString())
        .endsWith("&amount=1000")
        .doesNotContain("E+3", "E%2B3", "externalID");
    assertThat(TestClients.received(request).get("hash")).containsExactly(REFUND_PLAIN_AMOUNT_HASH);
  }

  @Test
  void confirmAndCancelSendTheKnownHashes() {
    LoggedRequest confirm =
        send(
            "n-20240305-0006",
            client -> client.confirmPayment(50021470L, new BigDecimal("990.75")));
    LoggedRequest cancel =
        send(
            "n-20240305-0007",
            client -> client.cancelPayment(50021471L, ErrorCode.CANCELLED_BY_USER));
    LoggedRequest cancelWithoutReason =
        send("n-20240305-0010", client -> client.cancelPayment(50021471L));

    assertThat(TestClients.received(confirm).get("hash")).containsExactly(CONFIRM_HASH);
    assertThat(cancel.getBodyAsString())
        .contains("hash=JRmWkxfjUJzKgPB%2FFN%2FUbETQxDw%3D", "error=-17");
    assertThat(TestClients.received(cancelWithoutReason).get("hash"))
        .containsExactly(CANCEL_WITHOUT_REASON_HASH);
  }

  @Test
  void nonAsciiLoginAndValuesAreSignedAsUtf8AndSentPercentEncoded() {
    server.resetRequests();
    MerchantPayV1Client client =
        TestClients.builder(server.baseUrl())
            .login("магазин-01")
            .nonceSupplier(TestClients.fixed("n-utf8-0001"))
            .build();

    client.getPaymentByInvoiceId("Счёт №7 — café", "3f6c2a9e-5d1b-4c8e-9a77-0b1e2d3c4f50");

    LoggedRequest request = only();
    assertThat(TestClients.rawQuery(request))
        .contains("login=%D0%BC%D0%B0%D0%B3%D0%B0%D0%B7%D0%B8%D0%BD-01")
        .contains("invoiceID=%D0%A1%D1%87%D1%91%D1%82%20%E2%84%967%20%E2%80%94%20caf%C3%A9");
    assertThat(TestClients.received(request).get("hash")).containsExactly(NON_ASCII_HASH);
  }

  @Test
  void valuesWithPlusSlashEqualsAmpersandAndSemicolonArriveIntactAndSigned() {
    server.resetRequests();
    MerchantPayV1Client client =
        TestClients.builder(server.baseUrl())
            .password("p@ss;w+rd/=&")
            .nonceSupplier(TestClients.fixed("n-special-0002"))
            .build();

    client.refundPayment(
        RefundRequest.builder(50021467L, new BigDecimal("0.10")).externalId("a+b/c=d&e;f").build());

    LoggedRequest request = only();
    assertThat(request.getBodyAsString())
        .contains("externalID=a%2Bb%2Fc%3Dd%26e%3Bf", "amount=0.10");
    assertThat(TestClients.received(request).get("externalID")).containsExactly("a+b/c=d&e;f");
    assertThat(TestClients.received(request).get("hash")).containsExactly(SPECIAL_CHARACTERS_HASH);
  }

  private static String text(String... values) {
    return RequestSigner.canonical(List.of(values)).toString();
  }

  private static LoggedRequest send(String nonce, Consumer<MerchantPayV1Client> call) {
    server.resetRequests();
    call.accept(
        TestClients.builder(server.baseUrl()).nonceSupplier(TestClients.fixed(nonce)).build());
    return only();
  }

  private static LoggedRequest only() {
    List<LoggedRequest> requests = server.findAll(anyRequestedFor(anyUrl()));
    assertThat(requests).hasSize(1);
    return requests.get(0);
  }
}
