package com.merchantpay.v1.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.merchantpay.sandbox.Fault;
import com.merchantpay.sandbox.Sandbox;
import com.merchantpay.sandbox.SandboxExtension;
import com.merchantpay.v1.ListResult;
import com.merchantpay.v1.MerchantPayV1Client;
import com.merchantpay.v1.PaymentFilter;
import com.merchantpay.v1.RefundFilter;
import com.merchantpay.v1.V1ErrorCodeException;
import com.merchantpay.v1.V1TransportException;
import com.merchantpay.v1.model.DocumentInfo;
import com.merchantpay.v1.model.Payment;
import com.merchantpay.v1.model.PaymentState;
import com.merchantpay.v1.model.Refund;
import com.merchantpay.v1.model.Register;
import com.merchantpay.v1.model.TransferInfo;
import java.io.InputStream;
import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The v1 client against the embedded sandbox, whose signature check, envelope and state mapping
 * were written independently of the client: every operation, signed by one and accepted by the
 * other.
 */
class SandboxEndToEndTest {
  private static final Instant T0 = Instant.parse("2026-03-20T09:00:00Z");
  private static final ObjectMapper JSON = new ObjectMapper();

  @RegisterExtension
  static final SandboxExtension SANDBOX =
      SandboxExtension.using(Sandbox.builder().fixedClock(T0).v1ListLimit(5));

  private Sandbox sandbox;
  private MerchantPayV1Client accountant;

  @BeforeEach
  void connect(Sandbox sandbox) {
    this.sandbox = sandbox;
    sandbox.reset();
    accountant =
        client(
            sandbox.v1Login(Sandbox.Role.ACCOUNTANT).login(),
            sandbox.v1Login(Sandbox.Role.ACCOUNTANT).password());
  }

  private MerchantPayV1Client client(String login, String password) {
    return MerchantPayV1Client.builder()
        .baseUrl(sandbox.baseUrl().toString())
        .login(login)
        .password(password)
        .build();
  }

  /** A payment made through the sandbox's control API, as v2 would have made it. */
  private long payment(String status, String amount, String orderNo, String created)
      throws Exception {
    String body =
        "{\"status\":\""
            + status
            + "\",\"amount\":{\"value\":"
            + amount
            + ",\"currency\":\"RUB\"},"
            + "\"invoice\":{\"orderNo\":\""
            + orderNo
            + "\"}"
            + (created == null ? "" : ",\"created\":\"" + created + "\"")
            + "}";
    HttpResponse<String> response =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(URI.create(sandbox.baseUrl() + "/_sandbox/payments"))
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(body))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isBetween(200, 299);
    JsonNode payment = JSON.readTree(response.body());
    return Long.parseLong(payment.get("id").asText());
  }

  @Test
  void aHeldPaymentIsCapturedThroughV1AndFoundByInvoiceNumber() throws Exception {
    long id = payment("Authorized", "100.00", "INV-7", null);

    assertThat(accountant.getPayment(id).getState()).isEqualTo(PaymentState.HOLD);
    Payment captured = accountant.confirmPayment(id, new BigDecimal("60.00"));

    assertThat(captured.getState()).isEqualTo(PaymentState.COMPLETE);
    assertThat(captured.getPaymentAmount()).isEqualByComparingTo("60.00");
    assertThat(accountant.getPaymentByInvoiceId("INV-7", sandbox.merchantId()).getPaymentID())
        .isEqualTo(id);
  }

  @Test
  void aHeldPaymentIsCancelledThroughV1() throws Exception {
    long id = payment("Authorized", "100.00", "INV-8", null);

    assertThat(accountant.cancelPayment(id).getState()).isEqualTo(PaymentState.CANCELLED);
    assertThatThrownBy(() -> accountant.confirmPayment(id, BigDecimal.ONE))
        .isInstanceOf(V1ErrorCodeException.class)
        .satisfies(e -> assertThat(((V1ErrorCodeException) e).getCode()).isEqualTo(-15));
  }

  @Test
  void aSettledPaymentIsRefundedAndItsRefundListed() throws Exception {
    long id = payment("Settled", "100.00", "INV-9", null);

    Refund refund = accountant.refundPayment(id, new BigDecimal("30.50"));
    ListResult<Refund> refunds =
        accountant.listRefunds(RefundFilter.builder().paymentId(id).build());

    assertThat(refund.getPaymentID()).isEqualTo(id);
    assertThat(refund.getAmount()).isEqualByComparingTo("30.50");
    assertThat(refunds.getItems())
        .extracting(Refund::getRefundID)
        .containsExactly(refund.getRefundID());
    assertThatThrownBy(() -> accountant.refundPayment(id, new BigDecimal("500.00")))
        .isInstanceOf(V1ErrorCodeException.class)
        .satisfies(e -> assertThat(((V1ErrorCodeException) e).getCode()).isEqualTo(-18));
  }

  @Test
  void aLongPeriodIsSplitUntilNoAnswerOverflows() throws Exception {
    for (int day = 1; day <= 12; day++) {
      payment("Settled", "10.00", "INV-D" + day, String.format("2026-03-%02dT12:00:00Z", day));
    }
    PaymentFilter march =
        PaymentFilter.builder()
            .periodFrom(LocalDate.of(2026, 3, 1))
            .periodTo(LocalDate.of(2026, 3, 31))
            .build();

    assertThat(accountant.listPayments(march).isOverflow()).isTrue();
    List<Payment> all = accountant.listAllPayments(march);

    assertThat(all).hasSize(12);
    assertThat(all.stream().map(Payment::getPaymentID).collect(Collectors.toSet())).hasSize(12);
  }

  @Test
  void documentsTransfersAndRegistersReadInJsonAndXml() throws Exception {
    LocalDate from = LocalDate.of(2025, 12, 1);
    LocalDate to = LocalDate.of(2026, 3, 31);
    MerchantPayV1Client xml =
        MerchantPayV1Client.builder()
            .baseUrl(sandbox.baseUrl().toString())
            .login(sandbox.v1Login(Sandbox.Role.ACCOUNTANT).login())
            .password(sandbox.v1Login(Sandbox.Role.ACCOUNTANT).password())
            .preferXml(true)
            .build();

    List<DocumentInfo> documents = accountant.listDocuments(from, to);
    assertThat(documents).isNotEmpty();
    assertThat(xml.listDocuments(from, to))
        .extracting(DocumentInfo::getDocumentID)
        .containsExactlyElementsOf(documents.stream().map(DocumentInfo::getDocumentID).toList());
    try (InputStream content = accountant.openDocumentContent(documents.get(0).getDocumentID())) {
      assertThat(content.readAllBytes()).isNotEmpty();
    }

    List<TransferInfo> transfers = accountant.listTransfers(from, to);
    assertThat(transfers).isNotEmpty();
    Register register = xml.getTransferRegister(transfers.get(0).getRegisterID());
    assertThat(register.getRegisterID()).isEqualTo(transfers.get(0).getRegisterID());
    assertThat(register.getOperations()).isNotEmpty();
  }

  @Test
  void theSandboxRefusesAWrongPasswordAMissingRoleAndAnUnknownPayment() throws Exception {
    long id = payment("Settled", "100.00", "INV-10", null);
    MerchantPayV1Client wrongPassword =
        client(sandbox.v1Login(Sandbox.Role.ACCOUNTANT).login(), "not-the-password");
    MerchantPayV1Client cashier =
        client(
            sandbox.v1Login(Sandbox.Role.CASHIER).login(),
            sandbox.v1Login(Sandbox.Role.CASHIER).password());

    assertThatThrownBy(() -> wrongPassword.getPayment(id))
        .satisfies(e -> assertThat(((V1ErrorCodeException) e).getCode()).isEqualTo(-7));
    assertThat(cashier.getPayment(id).getPaymentID()).isEqualTo(id);
    assertThatThrownBy(() -> cashier.refundPayment(id, BigDecimal.ONE))
        .satisfies(e -> assertThat(((V1ErrorCodeException) e).getCode()).isEqualTo(-6));
    assertThatThrownBy(() -> accountant.getPayment(99_999_999L))
        .satisfies(e -> assertThat(((V1ErrorCodeException) e).getCode()).isEqualTo(-13));
  }

  @Test
  void theCallListenerHearsEachCallAndARefundWhoseAnswerWasLostAsOutcomeUnknown() throws Exception {
    long id = payment("Settled", "100.00", "INV-20", null);
    List<String> heard = new CopyOnWriteArrayList<>();
    MerchantPayV1Client observed =
        MerchantPayV1Client.builder()
            .baseUrl(sandbox.baseUrl().toString())
            .login(sandbox.v1Login(Sandbox.Role.ACCOUNTANT).login())
            .password(sandbox.v1Login(Sandbox.Role.ACCOUNTANT).password())
            .callListener(
                start ->
                    end ->
                        heard.add(
                            start.client()
                                + " "
                                + start.operation()
                                + " "
                                + end.outcome()
                                + " "
                                + end.status()
                                + " "
                                + end.attempts()))
            .build();
    sandbox.faults().add(Fault.on("refundPayment").once().dropAfter());

    observed.getPayment(id);
    assertThatThrownBy(() -> observed.refundPayment(id, new BigDecimal("10.00")))
        .isInstanceOf(V1TransportException.class);
    assertThatThrownBy(() -> observed.refundPayment(id, new BigDecimal("500.00")))
        .isInstanceOf(V1ErrorCodeException.class);

    assertThat(heard)
        .containsExactly(
            "v1 getPayment SUCCESS 200 1",
            "v1 refundPayment UNKNOWN 0 1",
            "v1 refundPayment FAILURE 200 1");
  }
}
