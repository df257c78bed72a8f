package com.merchantpay.v2;

import static org.assertj.core.api.Assertions.assertThat;

import com.merchantpay.v2.internal.ApiOperations;
import com.merchantpay.v2.internal.Redaction;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The shared masking rules (tested in codegen's {@code RedactionBehaviourTest}) cover this client's
 * contract: every secret member of its models, and its token operations by their names.
 */
class RedactionTest {

  @Test
  void everySecretPropertyOfTheModelsIsMaskedInMessagesToo() throws Exception {
    Set<String> secretMembers = SecretProperties.namesInGeneratedModels();
    assertThat(secretMembers)
        .contains("pan", "cvc", "expiry", "cryptogram", "tokenId", "id", "code", "cres", "PARes");
    for (String member : secretMembers) {
      assertThat(
              member.equals("id")
                  || member.equals("code")
                  || Redaction.SECRET_MEMBERS.contains(member))
          .as(
              "the x-sensitive member %s is masked by Redaction, or handled as a known secret",
              member)
          .isTrue();
    }
  }

  @Test
  void theTokenOperationsWhoseAnswerIdIsMaskedAreOperationsOfTheContract() {
    assertThat(ApiOperations.all())
        .extracting(ApiOperations.Operation::operationId)
        .containsAll(Redaction.TOKEN_OPERATIONS);
  }

  @Test
  void everySecretMemberTheProductNamesIsMaskedInAnEchoedBody() {
    for (String member : com.merchantpay.masking.SecretNames.MEMBERS) {
      String echoed = "{\"" + member + "\":\"s3cretValue4711\"}";
      assertThat(Redaction.redact(echoed)).as(member).doesNotContain("s3cretValue4711");
    }
  }
}
