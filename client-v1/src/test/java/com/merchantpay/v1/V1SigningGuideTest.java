package com.merchantpay.v1;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import com.merchantpay.testsupport.DocumentedV1Signature;
import com.merchantpay.testsupport.TestServers;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The worked example of the portal's v1 signing guide holds: the text and hash it shows follow from
 * the values in its table by the documented rule, and the client sends exactly that hash for that
 * call.
 */
class V1SigningGuideTest {
  private static final Path GUIDE = Path.of("../docs/guides/06-v1-signing.md");
  private static final Pattern ROW =
      Pattern.compile("(?m)^\\| `(\\w+)` \\| (?:`([^`]*)`|\\(absent\\)) \\|$");

  @RegisterExtension static WireMockExtension server = TestServers.wireMock();

  @Test
  void theGuidesTextAndHashFollowFromItsValuesAndTheClientSendsThatHash() throws IOException {
    String guide = Files.readString(GUIDE);
    Map<String, String> values = new LinkedHashMap<>();
    Matcher row = ROW.matcher(guide);
    while (row.find()) {
      if (row.group(2) != null) {
        values.put(row.group(1), row.group(2));
      }
    }
    String password = values.remove("password");
    String text = fenced(guide, "signed-text");
    String hash = fenced(guide, "hash");

    assertThat(values).containsOnlyKeys("login", "nonce", "paymentID", "amount");
    assertThat(DocumentedV1Signature.signedText("refundPayment", password, values)).isEqualTo(text);
    assertThat(DocumentedV1Signature.hash(text)).isEqualTo(hash);

    TestClients.answerSuccess(server);
    MerchantPayV1Client client =
        MerchantPayV1Client.builder()
            .baseUrl(server.baseUrl())
            .login(values.get("login"))
            .password(password)
            .nonceSupplier(() -> values.get("nonce"))
            .build();
    client.refundPayment(
        RefundRequest.builder(
                Long.parseLong(values.get("paymentID")), new BigDecimal(values.get("amount")))
            .build());

    List<LoggedRequest> sent =
        server.getAllServeEvents().stream().map(event -> event.getRequest()).toList();
    assertThat(sent)
        .singleElement()
        .satisfies(
            request -> assertThat(TestClients.received(request).get("hash")).containsExactly(hash));
  }

  private static String fenced(String markdown, String info) {
    Matcher block =
        Pattern.compile("(?ms)^```" + Pattern.quote(info) + "\\n(.*?)\\n```$").matcher(markdown);
    assertThat(block.find()).as("a ```%s block in the guide", info).isTrue();
    return block.group(1);
  }
}
