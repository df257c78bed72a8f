package com.merchantpay.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.merchantpay.testsupport.CallbackReceiver;
import java.util.Map;
import org.junit.jupiter.api.Test;

class InvoiceTest extends SandboxTestBase {

  private JsonNode invoice(String expires) {
    ObjectNode body = Api.object();
    body.put("merchantId", "merchant-a");
    body.set("amount", Api.amount("1500.50", "RUB"));
    ObjectNode invoice =
        body.putObject("invoice").put("description", "Order <10045> & co").put("orderNo", "10045");
    if (expires != null) {
      invoice.put("expires", expires);
    }
    invoice.putObject("params").put("basketId", "b-77812");
    body.putObject("protocol").put("returnUrl", "https://shop.example.org/orders/10045");
    Api.Res res = api.post("/api/v2/invoices", body);
    assertThat(res.status()).as(res.text()).isEqualTo(200);
    return res.json();
  }

  @Test
  void invoiceHasAPaymentPageWhereAPersonPaysWithATestCard() {
    JsonNode created = invoice(null);
    String id = created.path("paymentId").asText();
    assertThat(created.path("url").asText()).isEqualTo(sandbox.baseUrl() + "/pay/" + id);
    assertThat(api.payment(id).path("status").asText()).isEqualTo("Pending");

    Api.Res page = api.page("GET", created.path("url").asText(), null);
    assertThat(page.status()).isEqualTo(200);
    assertThat(page.header("Content-Type")).startsWith("text/html");
    assertThat(page.text())
        .contains(
            "<form method=\"post\">",
            "name=\"pan\"",
            "1500.50 RUB",
            "Order &lt;10045&gt; &amp; co");

    Api.Res posted =
        api.page(
            "POST",
            created.path("url").asText(),
            "pan=4111+1111+1111+1111&expiry=12%2F30&cvc=123&action=pay");
    assertThat(posted.status()).isEqualTo(303);

    JsonNode payment = api.payment(id);
    assertThat(payment.path("status").asText()).isEqualTo("Settled");
    assertThat(payment.path("invoice").path("params").path("basketId").asText())
        .isEqualTo("b-77812");
    assertThat(api.page("GET", created.path("url").asText(), null).text())
        .contains("Settled", "https://shop.example.org/orders/10045");
  }

  @Test
  void theHostedPageRunsConfirmationStepsItself() {
    String url = invoice(null).path("url").asText();

    api.page("POST", url, "pan=4000000000002032&expiry=12%2F30&action=pay");

    assertThat(api.payment(url.substring(url.lastIndexOf('/') + 1)).path("status").asText())
        .isEqualTo("Settled");
  }

  @Test
  void aMistypedCardShowsTheFormAgainAndChangesNothing() {
    String url = invoice(null).path("url").asText();

    Api.Res res = api.page("POST", url, "pan=4111&expiry=12%2F30&action=pay");

    assertThat(res.status()).isEqualTo(400);
    assertThat(res.text()).contains("12 to 19 digits", "name=\"pan\"");
    assertThat(api.payment(url.substring(url.lastIndexOf('/') + 1)).path("status").asText())
        .isEqualTo("Pending");
  }

  @Test
  void cancellingOnThePageRejectsWithCancelledByUser() {
    String url = invoice(null).path("url").asText();

    api.page("POST", url, "action=cancel");

    assertThat(api.payment(url.substring(url.lastIndexOf('/') + 1)).path("resultCode").asText())
        .isEqualTo("CancelledByUser");
  }

  @Test
  void anUnpaidInvoiceExpires() {
    String id = invoice("2024-05-14T10:00:00Z").path("paymentId").asText();

    api.advance("PT1H");

    JsonNode payment = api.payment(id);
    assertThat(payment.path("status").asText()).isEqualTo("Rejected");
    assertThat(payment.path("resultCode").asText()).isEqualTo("PaymentExpired");
  }

  @Test
  void v1ShowsAnUnpaidInvoiceAsInitiatedAndFindsItByInvoiceNumber() {
    String id = invoice(null).path("paymentId").asText();

    JsonNode byInvoice =
        api.v1(
                "getPaymentByInvoiceID",
                cashier(),
                Map.of("invoiceID", "10045", "siteAlias", "merchant-a"))
            .json();

    assertThat(byInvoice.path("Payment").path("PaymentID").asText()).isEqualTo(id);
    assertThat(byInvoice.path("Payment").path("State").asText()).isEqualTo("INITIATED");
    assertThat(byInvoice.path("Payment").path("Purpose").asText()).isEqualTo("Order <10045> & co");
    assertThat(
            api.v1(
                    "getPaymentByInvoiceID",
                    cashier(),
                    Map.of("invoiceID", "nope", "siteAlias", "merchant-a"))
                .errorCode())
        .isEqualTo(-13);
  }

  @Test
  void timestampsAreWrittenInUtcWhateverOffsetTheRequestUsed() {
    try (CallbackReceiver receiver = new CallbackReceiver(0)) {
      ObjectNode body = api.cardPayment("4111111111111111", "10", false);
      body.putObject("invoice").put("orderNo", "utc-1").put("expires", "2030-01-01T12:00:00+03:00");
      body.putObject("protocol").put("callbackUrl", receiver.url());

      JsonNode created = api.post("/api/v2/payments", body).json();
      String id = created.path("id").asText();
      JsonNode listed =
          api.get(
                  "/api/v2/payments?merchantId=merchant-a&start=2024-05-01T00:00:00Z"
                      + "&end=2024-06-01T00:00:00Z")
              .json()
              .path("items")
              .get(0);
      api.deliveries(id);

      assertThat(created.path("invoice").path("expires").asText())
          .isEqualTo("2030-01-01T09:00:00Z");
      assertThat(api.payment(id).path("invoice").path("expires").asText())
          .isEqualTo("2030-01-01T09:00:00Z");
      assertThat(listed.path("invoice").path("expires").asText()).isEqualTo("2030-01-01T09:00:00Z");
      assertThat(receiver.bodies())
          .isNotEmpty()
          .allSatisfy(
              notification ->
                  assertThat(notification.path("invoice").path("expires").asText())
                      .isEqualTo("2030-01-01T09:00:00Z"));
    }
  }
}
