package com.merchantpay.conformance;

import com.merchantpay.conformance.internal.V1Calls;
import com.merchantpay.conformance.internal.V1Signer;
import java.util.List;
import java.util.Map;

/**
 * The v1 signature of a call, by the v1 document's rule alone: the operation's signed values in the
 * order the document lists them, login, password and nonce first, an absent one signed empty,
 * joined with {@code ;}, hashed with SHA-1 and written in base64. For tools that replay or bend v1
 * calls (a Pact verification, a breakage behind a proxy) and must sign them as the kit does.
 *
 * <pre>{@code
 * String hash = V1Signature.hash("getPayment", login, password, nonce, Map.of("paymentID", "42"));
 * }</pre>
 */
public final class V1Signature {
  private V1Signature() {}

  /**
   * The hash of a v1 call.
   *
   * @param operationId the v1 operation ({@code getPayment})
   * @param values the call's values by name; login, password and nonce are taken from the other
   *     arguments
   * @throws IllegalArgumentException when the v1 document has no such operation
   */
  public static String hash(
      String operationId, String login, String password, String nonce, Map<String, String> values) {
    return V1Signer.hash(
        V1Signer.signedText(signedOrder(operationId), login, password, nonce, values));
  }

  /**
   * The names of the values the operation signs, in the document's order.
   *
   * @throws IllegalArgumentException when the v1 document has no such operation
   */
  public static List<String> signedOrder(String operationId) {
    return List.copyOf(V1Calls.signedOrder(operationId));
  }
}
