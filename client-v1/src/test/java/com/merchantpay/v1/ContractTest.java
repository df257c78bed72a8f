package com.merchantpay.v1;

import static org.assertj.core.api.Assertions.assertThat;

import com.merchantpay.testsupport.DocumentedV1Signature;
import com.merchantpay.v1.internal.ApiOperations;
import com.merchantpay.v1.model.ErrorCode;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The contract the client is generated from agrees with the service document on what the signer
 * needs.
 */
class ContractTest {
  @Test
  void signedValuesOfEveryOperationMatchTheDocumentedTable() {
    Map<String, Object> fromContract =
        ApiOperations.all().stream()
            .collect(
                Collectors.toMap(
                    ApiOperations.Operation::operationId,
                    ApiOperations.Operation::hashedParameters));

    assertThat(fromContract).isEqualTo(Map.copyOf(DocumentedV1Signature.SIGNED_VALUES));
  }

  @Test
  void readsAreGetAndChangesArePostUnderApiV1() {
    assertThat(ApiOperations.all())
        .allSatisfy(
            operation -> {
              assertThat(operation.path()).isEqualTo("/api/v1/" + operation.operationId());
              boolean changes =
                  Set.of("refundPayment", "confirmPayment", "cancelPayment")
                      .contains(operation.operationId());
              assertThat(operation.method()).isEqualTo(changes ? "POST" : "GET");
            });
  }

  @Test
  void everyDocumentedErrorCodeIsKnown() {
    assertThat(ErrorCode.knownValues())
        .extracting(ErrorCode::getValue)
        .containsExactly(
            0, -1, -2, -6, -7, -8, -9, -10, -13, -14, -15, -17, -18, -19, -22, -25, -26, -27, -28,
            -29, -30, -31);
    assertThat(ErrorCode.knownValues())
        .allSatisfy(code -> assertThat(code.getDescription()).isNotBlank());
  }
}
