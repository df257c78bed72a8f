package com.merchantpay.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.xml.XmlMapper;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class V1Test extends SandboxTestBase {

  @Test
  void theSigningRuleOfTheTestsMatchesTheDocumentsKnownAnswer() {
    String text =
        Api.signedText(
            "getPayment",
            "shop-auto-01",
            "Pa55word!",
            "4f7d2c9a-0b31-4e55-8d6a-91c0e2f3a7b1",
            Map.of("paymentID", "50021467"));

    assertThat(text)
        .isEqualTo("shop-auto-01;Pa55word!;4f7d2c9a-0b31-4e55-8d6a-91c0e2f3a7b1;50021467");
    assertThat(Api.hash(text)).isEqualTo("eZtENOUEg4mDiBIQgaCmkk4yW1M=");
  }

  @Test
  void aCorrectlySignedCallSucceedsWithAbsentOptionalValuesSignedEmpty() {
    Api.Res res =
        api.v1(
            "listPaymentsFilter",
            cashier(),
            Map.of("periodFrom", "2024-05-14", "state", "COMPLETE"));

    assertThat(res.status()).isEqualTo(200);
    assertThat(res.errorCode()).isZero();
    assertThat(res.json().path("Response").path("Overflow").asBoolean()).isFalse();
  }

  @Test
  void aWrongSignatureIsMinus7() {
    Map<String, String> values = new LinkedHashMap<>();
    values.put("login", "cashier-a");
    values.put("nonce", "n-wrong-hash");
    values.put("paymentID", "1");
    values.put("hash", Api.hash("cashier-a;not-the-password;n-wrong-hash;1"));

    Api.Res res = api.v1Raw("getPayment", values);

    assertThat(res.status()).isEqualTo(200);
    assertThat(res.json()).isEqualTo(Api.JSON.createObjectNode().put("ErrorCode", -7));
  }

  @Test
  void aMissingSignatureIsMinus7() {
    Api.Res res =
        api.v1Raw("getPayment", Map.of("login", "cashier-a", "nonce", "n-1", "paymentID", "1"));

    assertThat(res.errorCode()).isEqualTo(-7);
  }

  @Test
  void aValueChangedAfterSigningIsMinus7() {
    Map<String, String> values = new LinkedHashMap<>();
    values.put("login", "cashier-a");
    values.put("nonce", "n-tamper");
    values.put("paymentID", "2");
    values.put(
        "hash",
        Api.hash(
            Api.signedText(
                "getPayment", "cashier-a", "Pa55word!", "n-tamper", Map.of("paymentID", "1"))));

    assertThat(api.v1Raw("getPayment", values).errorCode()).isEqualTo(-7);
  }

  @Test
  void anUnknownLoginIsMinus6() {
    assertThat(api.v1("getPayment", "nobody", "x", "n-2", Map.of("paymentID", "1")).errorCode())
        .isEqualTo(-6);
  }

  @Test
  void aCashierMayReadButNotRefundConfirmOrList() {
    String id = api.pay("4111111111111111", "10", true).path("id").asText();

    assertThat(api.v1("getPayment", cashier(), Map.of("paymentID", id)).errorCode()).isZero();
    assertThat(
            api.v1("refundPayment", cashier(), Map.of("paymentID", id, "amount", "1")).errorCode())
        .isEqualTo(-6);
    assertThat(
            api.v1("confirmPayment", cashier(), Map.of("paymentID", id, "amount", "1")).errorCode())
        .isEqualTo(-6);
    assertThat(api.v1("listDocuments", cashier(), Map.of()).errorCode()).isEqualTo(-6);
    assertThat(api.payment(id).path("status").asText()).isEqualTo("Authorized");
  }

  @Test
  void aReusedNonceIsMinus14() {
    String id = api.pay("4111111111111111", "10", false).path("id").asText();

    Api.Res first = api.v1("getPayment", "cashier-a", "Pa55word!", "once", Map.of("paymentID", id));
    Api.Res again = api.v1("getPayment", "cashier-a", "Pa55word!", "once", Map.of("paymentID", id));

    assertThat(first.errorCode()).isZero();
    assertThat(again.errorCode()).isEqualTo(-14);
    assertThat(
            api.v1("getPayment", "accountant-a", "Pa55word!", "once", Map.of("paymentID", id))
                .errorCode())
        .as("nonces are remembered per login")
        .isZero();
  }

  @Test
  void anotherMerchantsPaymentIsNotFound() {
    String id = api.pay("4111111111111111", "10", false).path("id").asText();
    Sandbox.V1Login other =
        sandbox.v1Logins().stream()
            .filter(l -> l.login().equals("accountant-b"))
            .findFirst()
            .orElseThrow();

    assertThat(api.v1("getPayment", other, Map.of("paymentID", id)).errorCode()).isEqualTo(-13);
    assertThat(api.v1("listPaymentsFilter", other, Map.of("accountID", "104522")).errorCode())
        .isEqualTo(-6);
  }

  @Test
  void aMalformedValueIsAnHttp400NamingTheField() {
    Api.Res query = api.v1("getPayment", cashier(), Map.of("paymentID", "abc"));
    Api.Res form =
        api.v1(
            "refundPayment",
            accountant(),
            Map.of("paymentID", "1", "amount", "lots", "shoppingcart.items[0].qty", "two"));

    assertThat(query.status()).isEqualTo(400);
    assertThat(query.text()).startsWith("paymentID:");
    assertThat(form.status()).isEqualTo(400);
    assertThat(form.text())
        .contains(
            "amount: must be of type number", "shoppingcart.items[0].qty: must be of type number");
  }

  @Test
  void aNumberWithSurroundingSpacesIsAContractFailureNamingTheField() {
    String id = api.pay("4111111111111111", "10", true).path("id").asText();

    Api.Res query = api.v1("getPayment", cashier(), Map.of("paymentID", " " + id));
    Api.Res form = api.v1("confirmPayment", accountant(), Map.of("paymentID", id, "amount", " 10"));
    Api.Res formId = api.v1("cancelPayment", accountant(), Map.of("paymentID", id + " "));

    assertThat(query.status()).isEqualTo(400);
    assertThat(query.text()).isEqualTo("paymentID: must be of type integer\n");
    assertThat(form.status()).isEqualTo(400);
    assertThat(form.text()).isEqualTo("amount: must be of type number\n");
    assertThat(formId.status()).isEqualTo(400);
    assertThat(formId.text()).isEqualTo("paymentID: must be of type integer\n");
    assertThat(api.payment(id).path("status").asText()).isEqualTo("Authorized");
  }

  @Test
  void contractFailuresNameTheFieldAndTheProblemOnly() {
    Api.Res plus = api.v1("getPayment", cashier(), Map.of("paymentID", "+1"));
    Api.Res refunds = api.v1("listRefunds", accountant(), Map.of("paymentID", "+1"));

    assertThat(plus.status()).isEqualTo(400);
    assertThat(plus.text()).isEqualTo("paymentID: must be of type integer\n");
    assertThat(refunds.text()).isEqualTo("paymentID: must be of type integer\n");
  }

  @Test
  void listsStopAtTheLimitAndSayOverflow() {
    for (int i = 0; i < 6; i++) {
      api.pay("4111111111111111", "1" + i, false);
    }

    JsonNode all = api.v1("listPaymentsFilter", cashier(), Map.of()).json().path("Response");
    JsonNode narrowed =
        api.v1("listPaymentsFilter", cashier(), Map.of("state", "COMPLETE", "invoiceID", "none"))
            .json()
            .path("Response");

    assertThat(all.path("Overflow").asBoolean()).isTrue();
    assertThat(all.path("Payments")).hasSize(5);
    assertThat(narrowed.path("Overflow").asBoolean()).isFalse();
    assertThat(narrowed.path("Payments")).isEmpty();
  }

  @Test
  void periodsAreWholeUtcDaysWithBothEndsIncluded() {
    String today = api.pay("4111111111111111", "1", false).path("id").asText();
    api.advance("PT24H");
    String tomorrow = api.pay("4111111111111111", "2", false).path("id").asText();

    assertThat(ids(Map.of("periodFrom", "2024-05-14", "periodTo", "2024-05-14")))
        .containsExactly(today);
    assertThat(ids(Map.of("periodFrom", "2024-05-15"))).containsExactly(tomorrow);
    assertThat(ids(Map.of("periodTo", "2024-05-15"))).containsExactly(today, tomorrow);
  }

  @Test
  void documentsAreListedAndDownloaded() {
    JsonNode documents =
        api.v1("listDocuments", accountant(), Map.of()).json().path("Response").path("Documents");
    assertThat(documents).hasSize(3);
    String id = documents.get(0).path("DocumentID").asText();

    Api.Res content = api.v1("getDocumentContent", accountant(), Map.of("documentID", id));

    assertThat(content.header("Content-Type")).isEqualTo("application/octet-stream");
    assertThat(content.text()).startsWith("%PDF-1.4");
    assertThat(api.v1("getDocumentContent", accountant(), Map.of("documentID", "nope")).errorCode())
        .isEqualTo(-13);
  }

  @Test
  void documentsTransfersAndRegistersComeAsXmlWhenAsked() throws Exception {
    XmlMapper xml = new XmlMapper();
    Api.Res documents =
        api.v1("listDocuments", accountant(), Map.of("xml", "1", "periodFrom", "2024-01-01"));
    Api.Res transfers = api.v1("listTransfers", accountant(), Map.of("xml", "1"));

    assertThat(documents.header("Content-Type")).startsWith("application/xml");
    assertThat(documents.text())
        .startsWith("<?xml")
        .contains(
            "<RestController.RestResponse><ErrorCode>0</ErrorCode>",
            "<Documents><RestDocumentInfo><Created>");
    JsonNode transferTree = xml.readTree(transfers.bytes());
    String registerId =
        transferTree
            .path("Response")
            .path("Transfers")
            .path("RestTransferInfo")
            .get(0)
            .path("RegisterID")
            .asText();

    Api.Res register =
        api.v1("getTransferRegister", accountant(), Map.of("registerID", registerId, "xml", "1"));
    Api.Res registerJson =
        api.v1("getTransferRegister", accountant(), Map.of("registerID", registerId));

    assertThat(register.text()).contains("<Operations><RestRegisterOperationInfo><OperationID>");
    JsonNode operations = registerJson.json().path("Response").path("Operations");
    assertThat(operations).hasSize(3);
    BigDecimal sum = BigDecimal.ZERO;
    for (JsonNode operation : operations) {
      sum = sum.add(operation.path("TransferAmount").decimalValue());
    }
    JsonNode transfer =
        api.v1("listTransfers", accountant(), Map.of())
            .json()
            .path("Response")
            .path("Transfers")
            .get(0);
    assertThat(transfer.path("TransferAmount").decimalValue()).isEqualByComparingTo(sum);
  }

  @Test
  void failuresComeAsXmlToo() {
    Api.Res res = api.v1("listTransfers", "cashier-a", "wrong", "n-x", Map.of("xml", "1"));

    assertThat(res.status()).isEqualTo(200);
    assertThat(res.text())
        .contains(
            "<RestController.RestResponse><ErrorCode>-7</ErrorCode></RestController.RestResponse>");
  }

  private List<String> ids(Map<String, String> filter) {
    List<String> ids = new ArrayList<>();
    api.v1("listPaymentsFilter", cashier(), filter)
        .json()
        .path("Response")
        .path("Payments")
        .forEach(p -> ids.add(p.path("PaymentID").asText()));
    return ids;
  }

  @Test
  void anInvoiceLeftUnpaidPastItsExpiryIsMinus9InV1() {
    ObjectNode body = Api.object();
    body.put("merchantId", "merchant-a");
    body.set("amount", Api.amount("100", "RUB"));
    body.putObject("invoice").put("orderNo", "EXP-1").put("expires", "2024-05-14T09:30:00Z");
    String id = api.post("/api/v2/invoices", body).json().path("paymentId").asText();
    api.advance("PT31M");

    JsonNode payment =
        api.v1("getPayment", accountant(), Map.of("paymentID", id)).json().path("Payment");

    assertThat(payment.path("State").asText()).isEqualTo("CANCELLED");
    assertThat(payment.path("ErrorCode").asInt()).isEqualTo(-9);
    assertThat(
            api.v1("confirmPayment", accountant(), Map.of("paymentID", id, "amount", "100"))
                .errorCode())
        .isEqualTo(-9);
    assertThat(
            api.v1("refundPayment", accountant(), Map.of("paymentID", id, "amount", "100"))
                .errorCode())
        .isEqualTo(-9);
    assertThat(api.payment(id).path("resultCode").asText())
        .as("v2 keeps its own code")
        .isEqualTo("PaymentExpired");
  }

  @Test
  void v1ShowsItsOwnSpellingOfThePaymentMethod() {
    ObjectNode sbp = Api.object();
    sbp.put("merchantId", "merchant-a");
    sbp.set("amount", Api.amount("780", "RUB"));
    sbp.putObject("paymentData").put("paymentMethod", "sbp").put("phone", "79161234567");
    String sbpId = api.post("/api/v2/payments", sbp).json().path("id").asText();
    String cardId = api.pay("4111111111111111", "10", false).path("id").asText();

    assertThat(
            api.v1("getPayment", cashier(), Map.of("paymentID", sbpId))
                .json()
                .path("Payment")
                .path("PaymentMethod")
                .asText())
        .isEqualTo("Sbp");
    assertThat(
            api.v1("getPayment", cashier(), Map.of("paymentID", cardId))
                .json()
                .path("Payment")
                .path("PaymentMethod")
                .asText())
        .isEqualTo("BankCard");
  }

  @Test
  void aRepeatedInvoiceNumberAnswersWithThePaymentThatTookTheMoney() {
    String settled = invoicePayment("4111111111111111", "INV-7");
    invoicePayment("4000000000001083", "INV-7");
    invoicePayment("4000000000003014", "INV-7");

    JsonNode payment =
        api.v1(
                "getPaymentByInvoiceID",
                cashier(),
                Map.of("invoiceID", "INV-7", "siteAlias", "merchant-a"))
            .json()
            .path("Payment");

    assertThat(payment.path("PaymentID").asText()).isEqualTo(settled);
    assertThat(payment.path("State").asText()).isEqualTo("COMPLETE");
  }

  private String invoicePayment(String pan, String orderNo) {
    ObjectNode body = api.cardPayment(pan, "10", false);
    body.putObject("invoice").put("orderNo", orderNo);
    return api.post("/api/v2/payments", body).json().path("id").asText();
  }
}
