package com.merchantpay.v1;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import com.merchantpay.testsupport.TestServers;
import com.merchantpay.v1.model.DocumentInfo;
import com.merchantpay.v1.model.ErrorCode;
import com.merchantpay.v1.model.Register;
import com.merchantpay.v1.model.RegisterOperation;
import com.merchantpay.v1.model.TransferInfo;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The three lists the service can answer in XML, decoded from XML fixtures into the same objects as
 * JSON.
 */
class XmlDecodingTest {
  private static final LocalDate FROM = LocalDate.of(2024, 2, 1);
  private static final LocalDate TO = LocalDate.of(2024, 2, 29);

  @RegisterExtension static WireMockExtension server = TestServers.wireMock();

  private MerchantPayV1Client client;

  @BeforeEach
  void buildClient() {
    client =
        TestClients.builder(server.baseUrl())
            .preferXml(true)
            .nonceSupplier(TestClients.counting("x-"))
            .build();
  }

  @Test
  void documentListDecodesFromXmlIgnoringUnknownElements() {
    answer("/api/v1/listDocuments", "documents.xml");

    List<DocumentInfo> documents = client.listDocuments(FROM, TO);

    assertThat(documents).hasSize(2);
    assertThat(documents.get(0).getDocumentID()).isEqualTo("88412");
    assertThat(documents.get(0).getFileName()).isEqualTo("act-2024-02.pdf");
    assertThat(documents.get(0).getCreated()).isEqualTo(LocalDateTime.of(2024, 3, 1, 6, 15));
    assertThat(documents.get(1).getDescription()).isEqualTo("Акт сверки & счёт");
    assertThat(documents.get(1).getCreated())
        .isEqualTo(LocalDateTime.of(2024, 3, 2, 10, 0, 0, 500_000_000));
  }

  @Test
  void aListWithOneEntryIsStillAList() {
    answer("/api/v1/listDocuments", "documents-single.xml");

    assertThat(client.listDocuments(FROM, TO))
        .extracting(DocumentInfo::getDocumentID)
        .containsExactly("88412");
  }

  @Test
  void anEmptyListDecodesToNoEntries() {
    answer("/api/v1/listDocuments", "documents-empty.xml");

    assertThat(client.listDocuments(FROM, TO)).isEmpty();
  }

  @Test
  void transferListDecodesFromXmlWithExactAmounts() {
    answer("/api/v1/listTransfers", "transfers.xml");

    List<TransferInfo> transfers = client.listTransfers(FROM, TO);

    assertThat(transfers).extracting(TransferInfo::getRegisterID).containsExactly("5521", "5604");
    assertThat(transfers.get(1).getTransferAmount()).isEqualByComparingTo("51377.10");
    assertThat(transfers.get(1).getTransferAmount().scale()).isEqualTo(2);
    assertThat(transfers.get(0).getPaymentOrderID()).isEqualTo("1187");
  }

  @Test
  void registerDecodesFromXmlWithItsOperationsAndNegativeAmounts() {
    answer("/api/v1/getTransferRegister", "register.xml");

    Register register = client.getTransferRegister("5521");

    assertThat(register.getRegisterNumber()).isEqualTo("R-2024-0212-01");
    assertThat(register.getPeriodTo()).isEqualTo(LocalDateTime.of(2024, 2, 11, 23, 59, 59));
    assertThat(register.getOperations())
        .extracting(RegisterOperation::getOperationID)
        .containsExactly("50021377", "9001133");
    assertThat(register.getOperations().get(1).getOperationAmount())
        .isEqualByComparingTo("-200.00");
    assertThat(register.getOperations().get(0).getStamp())
        .isEqualTo(LocalDateTime.of(2024, 2, 7, 14, 5, 12));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {"/api/v1/listDocuments", "/api/v1/listTransfers", "/api/v1/getTransferRegister"})
  void anXmlFailureEnvelopeThrowsItsErrorCode(String path) {
    answer(path, "invalid-signature.xml");

    assertThatThrownBy(
            () -> {
              switch (path) {
                case "/api/v1/listDocuments" -> client.listDocuments(FROM, TO);
                case "/api/v1/listTransfers" -> client.listTransfers(FROM, TO);
                default -> client.getTransferRegister("5521");
              }
            })
        .isInstanceOfSatisfying(
            V1ErrorCodeException.class,
            failure -> assertThat(failure.getErrorCode()).isEqualTo(ErrorCode.INVALID_SIGNATURE));
  }

  @Test
  void xmlIsReadEvenWhenJsonWasAskedForAndJsonWhenXmlWas() {
    answer("/api/v1/listTransfers", "transfers.xml");
    server.stubFor(
        any(urlPathEqualTo("/api/v1/listDocuments"))
            .willReturn(
                aResponse()
                    .withHeader("Content-Type", "application/json")
                    .withBody(
                        "{\"ErrorCode\":0,\"Response\":{\"Documents\":[{\"DocumentID\":88412,\"FileName\":\"a.pdf\"}]}}")));
    MerchantPayV1Client json = TestClients.client(server.baseUrl());

    assertThat(json.listTransfers(FROM, TO)).hasSize(2);
    assertThat(client.listDocuments(FROM, TO))
        .extracting(DocumentInfo::getDocumentID)
        .containsExactly("88412");
  }

  @Test
  void xmlWithoutContentTypeIsRecognisedByItsFirstCharacter() {
    server.stubFor(
        any(urlPathEqualTo("/api/v1/getTransferRegister"))
            .willReturn(aResponse().withStatus(200).withBody(fixture("register.xml"))));

    assertThat(client.getTransferRegister("5521").getRegisterID()).isEqualTo("5521");
  }

  @Test
  void anAnswerThatDeclaresEntitiesNeverReadsAFileOrCallsAUrl(@TempDir Path dir) throws Exception {
    Path secret = dir.resolve("secret.txt");
    Files.writeString(secret, "SERVER-READ-THIS-9K");
    server.stubFor(any(urlPathEqualTo("/dtd")).willReturn(aResponse().withStatus(200)));
    String body =
        "<?xml version=\"1.0\"?><!DOCTYPE RestController.RestResponse [<!ENTITY f SYSTEM \""
            + secret.toUri()
            + "\"><!ENTITY % p SYSTEM \""
            + server.baseUrl()
            + "/dtd\"> %p;]><RestController.RestResponse><ErrorCode>0</ErrorCode><Response>"
            + "<Documents><RestDocumentInfo><DocumentID>&f;</DocumentID></RestDocumentInfo>"
            + "</Documents></Response></RestController.RestResponse>";
    server.stubFor(
        any(urlPathEqualTo("/api/v1/listDocuments"))
            .willReturn(
                aResponse()
                    .withStatus(200)
                    .withHeader("Content-Type", "application/xml")
                    .withBody(body)));

    Throwable thrown = catchThrowable(() -> client.listDocuments(FROM, TO));

    assertThat(thrown).isInstanceOf(MerchantPayV1Exception.class);
    assertThat(thrown.toString()).doesNotContain("SERVER-READ-THIS-9K");
    assertThat(
            server.findAll(
                com.github.tomakehurst.wiremock.client.WireMock.anyRequestedFor(
                    urlPathEqualTo("/dtd"))))
        .isEmpty();
  }

  private static void answer(String path, String fixture) {
    server.stubFor(
        any(urlPathEqualTo(path))
            .willReturn(
                aResponse()
                    .withStatus(200)
                    .withHeader("Content-Type", "application/xml; charset=utf-8")
                    .withBody(fixture(fixture))));
  }

  private static String fixture(String name) {
    try (InputStream in = XmlDecodingTest.class.getResourceAsStream("/xml/" + name)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
