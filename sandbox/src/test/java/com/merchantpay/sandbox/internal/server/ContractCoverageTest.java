package com.merchantpay.sandbox.internal.server;

import com.merchantpay.sandbox.internal.contract.Contracts;
import com.merchantpay.sandbox.internal.v1.V1Api;
import com.merchantpay.sandbox.internal.v2.V2Api;
import static org.assertj.core.api.Assertions.assertThat;

import com.merchantpay.spec.ApiSpec;
import java.util.List;
import org.junit.jupiter.api.Test;

class ContractCoverageTest {

  @Test
  void everyV2OperationOfTheDocumentHasAHandler() {
    List<String> documented = Contracts.operations(ApiSpec.V2.yaml()).stream().map(Contracts.Operation::id).toList();

    assertThat(documented).hasSize(22).containsExactlyInAnyOrderElementsOf(V2Api.OPERATIONS);
  }

  @Test
  void everyV1OperationOfTheDocumentHasAHandler() {
    List<String> documented = Contracts.operations(ApiSpec.V1.yaml()).stream().map(Contracts.Operation::id).toList();

    assertThat(documented).hasSize(11).containsExactlyInAnyOrderElementsOf(V1Api.OPERATIONS);
  }

  @Test
  void v1SignedValuesAndRolesComeFromTheDocument() {
    Contracts.Operation listPayments = Contracts.operations(ApiSpec.V1.yaml()).stream()
        .filter(op -> op.id().equals("listPaymentsFilter")).findFirst().orElseThrow();

    assertThat(listPayments.hashed()).containsExactly("login", "password", "nonce", "accountID", "siteAlias",
        "periodFrom", "periodTo", "invoiceID", "state");
    assertThat(listPayments.requiredRole()).isEqualTo("Cashier");
    assertThat(listPayments.xml()).isFalse();
  }

  @Test
  void theWarmUpRequestsAreValidRequestsOfTheirDocuments() {
    // A request that matches no operation (as GET / did) never reaches the schema machinery it should warm.
    assertThat(Contracts.warmUp(ApiSpec.V2, Contracts.v2())).hasSize(1)
        .allSatisfy(report -> assertThat(report.getMessages()).isEmpty());
    assertThat(Contracts.warmUp(ApiSpec.V1, Contracts.v1())).hasSize(2)
        .allSatisfy(report -> assertThat(report.getMessages()).isEmpty());
  }

  @Test
  void pathTemplatesMatchOnlyTheirOwnShape() {
    Contracts.Operation complete = Contracts.operations(ApiSpec.V2.yaml()).stream()
        .filter(op -> op.id().equals("completePayment")).findFirst().orElseThrow();

    assertThat(complete.match("/api/v2/payments/10000001/complete")).containsEntry("id", "10000001");
    assertThat(complete.match("/api/v2/payments/a%2Fb/complete")).containsEntry("id", "a/b");
    assertThat(complete.match("/api/v2/payments/1/2/complete")).isNull();
  }
}
