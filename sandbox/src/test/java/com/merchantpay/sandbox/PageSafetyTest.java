package com.merchantpay.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The pages a payer sees run no script a merchant's request could place there, and no page of the
 * sandbox can be framed by another site: an address the payer is sent to or the sandbox calls is an
 * http(s) URL, and every page says, in its headers, that it runs nothing and may not be framed.
 */
class PageSafetyTest extends SandboxTestBase {

  @ParameterizedTest
  @ValueSource(
      strings = {
        "javascript:fetch('/docs/sandbox.js')",
        "JaVaScRiPt:alert(1)",
        " javascript:alert(1)",
        "java\tscript:alert(1)",
        "data:text/html,<script>alert(1)</script>",
        "vbscript:msgbox(1)",
        "//elsewhere.example/return",
        "/orders/10045"
      })
  void anAddressThatIsNoWebAddressIsRefusedWhereverARequestGivesOne(String address) {
    ObjectNode invoice = invoiceBody();
    invoice.putObject("protocol").put("returnUrl", address);
    ObjectNode payment = api.cardPayment("4111111111111111", "10.00", false);
    payment.putObject("protocol").put("threeDSCompleteUrl", address);
    ObjectNode tokenization = Api.object().put("merchantId", "merchant-a").put("type", "recurring");
    tokenization.put("returnUrl", address);

    for (Object[] call :
        List.of(
            new Object[] {"/api/v2/invoices", invoice, "protocol.returnUrl"},
            new Object[] {"/api/v2/payments", payment, "protocol.threeDSCompleteUrl"},
            new Object[] {"/api/v2/tokenization", tokenization, "returnUrl"})) {
      Api.Res res = api.post((String) call[0], call[1]);

      assertThat(res.status()).as("%s: %s", call[0], res.text()).isEqualTo(400);
      assertThat(res.json().path("code").asText()).isEqualTo("validation_error");
      assertThat(res.text()).contains((String) call[2]);
    }
  }

  @Test
  void everyPageRunsNoScriptOfItsOwnAndCannotBeFramed() {
    ObjectNode body = invoiceBody();
    body.putObject("protocol").put("returnUrl", "https://shop.example.org/orders/1");
    String page = api.post("/api/v2/invoices", body).json().path("url").asText();

    for (String url : List.of(page, "/acs/ThreeDSChallenge", "/")) {
      Api.Res res = api.page("GET", url, null);

      assertThat(res.header("Content-Security-Policy"))
          .as(url)
          .contains("default-src 'none'", "frame-ancestors 'none'", "form-action 'self'")
          .doesNotContain("script-src");
      assertThat(res.header("X-Frame-Options")).as(url).isEqualTo("DENY");
    }
    Api.Res portal = api.page("GET", "/docs/", null);
    assertThat(portal.header("Content-Security-Policy"))
        .contains("script-src 'self'", "frame-ancestors 'none'")
        .doesNotContain("unsafe-eval", "script-src 'self' 'unsafe-inline'");
    assertThat(portal.header("X-Frame-Options")).isEqualTo("DENY");
  }

  private static ObjectNode invoiceBody() {
    ObjectNode body = Api.object();
    body.put("merchantId", "merchant-a");
    body.set("amount", Api.amount("15.00", "RUB"));
    body.putObject("invoice").put("orderNo", "safe-1");
    return body;
  }
}
