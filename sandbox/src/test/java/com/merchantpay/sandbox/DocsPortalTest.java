package com.merchantpay.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DocsPortalTest extends SandboxTestBase {

  @Test
  void thePortalIsServedAtDocs() {
    Api.Res bare = api.page("GET", "/docs", null);
    Api.Res home = api.page("GET", "/docs/", null);

    assertThat(bare.status()).isEqualTo(302);
    assertThat(bare.header("Location")).isEqualTo("/docs/");
    assertThat(home.status()).isEqualTo(200);
    assertThat(home.header("Content-Type")).startsWith("text/html");
    assertThat(home.text())
        .contains("reference/v2.html", "reference/v1.html", "guides/v1-signing.html");
    assertThat(
            api.page("GET", "/docs/reference/swagger-ui/swagger-ui-bundle.js", null)
                .header("Content-Type"))
        .startsWith("text/javascript");
  }

  @Test
  void theReferenceNamesThisSandboxAsItsServer() throws Exception {
    for (String version : new String[] {"v2", "v1"}) {
      Api.Res document = api.page("GET", "/docs/reference/" + version + "/openapi.yaml", null);

      JsonNode servers = new YAMLMapper().readTree(document.bytes()).path("servers");
      assertThat(document.status()).isEqualTo(200);
      assertThat(servers).hasSize(1);
      assertThat(servers.get(0).path("url").asText()).isEqualTo(sandbox.baseUrl().toString());
    }
  }

  @Test
  void sandboxJsGivesThePagesWhatTheyNeedToCallThisSandbox() throws Exception {
    String script =
        api.page("GET", "/docs/sandbox.js", null, Map.of("Sec-Fetch-Site", "same-origin")).text();
    JsonNode sandboxConfig =
        Api.JSON.readTree(script.substring(script.indexOf('{'), script.lastIndexOf('}') + 1));

    assertThat(sandboxConfig.path("baseUrl").asText()).isEqualTo(sandbox.baseUrl().toString());
    assertThat(sandboxConfig.path("token").asText()).isEqualTo(sandbox.bearerToken());
    assertThat(sandboxConfig.path("v1").path("login").asText()).isEqualTo(accountant().login());
    assertThat(sandboxConfig.path("v1").path("signed").path("/api/v1/refundPayment").toString())
        .isEqualTo("[\"login\",\"password\",\"nonce\",\"paymentID\",\"amount\",\"externalID\"]");
  }

  @Test
  void nothingOutsideThePortalIsServed() {
    assertThat(api.page("GET", "/docs/../sandbox.js", null).status()).isEqualTo(404);
    assertThat(api.page("GET", "/docs/%2e%2e/pom.xml", null).status()).isEqualTo(404);
    assertThat(api.page("GET", "/docs/no-such-page.html", null).status()).isEqualTo(404);
    assertThat(api.page("POST", "/docs/", "a=b").status()).isEqualTo(405);
  }
}
