package com.merchantpay.conformance.internal;

import static com.merchantpay.conformance.internal.Fixtures.values;
import static com.merchantpay.conformance.internal.V1Steps.check;
import static com.merchantpay.conformance.internal.V1Steps.everyValue;
import static com.merchantpay.conformance.internal.V1Steps.knownPayment;
import static com.merchantpay.conformance.internal.V1Steps.listed;
import static com.merchantpay.conformance.internal.V1Steps.outcome;

import com.merchantpay.conformance.judge.SpecModel;
import com.merchantpay.conformance.target.OpenPoint;
import com.merchantpay.spec.ApiSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** v1 checks of signatures and nonces: what is signed, in which order, and what a bad one gets. */
final class V1Signatures {
  private V1Signatures() {}

  static List<Check> signatures() {
    List<Check> checks = new ArrayList<>();
    checks.add(
        check(
                "a-correct-signature-is-accepted",
                "A call signed by the documented rule gets ErrorCode 0",
                "v1.auth.hash",
                List.of(Tag.SIGNATURE),
                V1Signatures::aCorrectSignatureIsAccepted)
            .judging("v1.auth.fields"));
    checks.add(
        check(
            "a-wrong-hash-is-minus-7",
            "A hash made with the wrong password is ErrorCode -7 in an HTTP 200 " + "envelope",
            "v1.auth.wrong-signature",
            List.of(Tag.SIGNATURE, Tag.NEGATIVE),
            V1Signatures::aWrongHashIsMinus7));
    checks.add(
        check(
            "a-value-changed-after-signing-is-minus-7",
            "Changing a signed value after signing is ErrorCode " + "-7",
            "v1.auth.wrong-signature",
            List.of(Tag.SIGNATURE, Tag.NEGATIVE),
            V1Signatures::aValueChangedAfterSigningIsMinus7));
    checks.add(
        check(
                "an-absent-optional-value-is-signed-empty",
                "Optional values left out are signed as empty strings and the call succeeds",
                "v1.auth.hash",
                List.of(Tag.SIGNATURE),
                V1Signatures::anAbsentOptionalValueIsSignedEmpty)
            .judging("v1.ep.filters"));
    for (SpecModel.Operation operation : SpecModel.of(ApiSpec.V1).operations()) {
      checks.add(
          check(
              "every-value-is-signed-in-the-listed-order." + operation.id(),
              operation.id()
                  + " with every signed value given is accepted as signed in the listed order",
              "v1.auth.hash",
              List.of(Tag.SIGNATURE),
              c -> everyValueIsSignedInTheListedOrder(c, operation)));
    }
    checks.add(
        check(
            "values-outside-ascii-are-signed-as-utf-8",
            "Values outside ASCII are signed as their UTF-8 bytes and accepted",
            "v1.auth.utf8",
            List.of(Tag.SIGNATURE),
            V1Signatures::valuesOutsideAsciiAreSignedAsUtf8));
    checks.add(
        check(
            "a-hash-with-plus-and-slash-is-read-url-decoded",
            "A hash holding '+' and '/' is sent URL-encoded and read decoded",
            "v1.auth.url-encoding",
            List.of(Tag.SIGNATURE),
            V1Signatures::aHashWithPlusAndSlashIsReadUrlDecoded));
    checks.add(
        check(
            "an-unknown-login-is-minus-6",
            "An unknown login is ErrorCode -6",
            "v1.auth.bad-login",
            List.of(Tag.NEGATIVE),
            V1Signatures::anUnknownLoginIsMinus6));
    checks.add(
        check(
            "a-call-without-login-nonce-or-hash-is-refused",
            "A call without login, without nonce, or without hash, is refused",
            "v1.auth.fields",
            List.of(Tag.NEGATIVE, Tag.SIGNATURE),
            V1Signatures::aCallWithoutLoginOrHashIsRefused));
    checks.add(
        check(
                "a-replayed-nonce-is-minus-14",
                "A nonce used before is ErrorCode -14, even with a correct hash",
                "v1.auth.repeated-nonce",
                List.of(Tag.NEGATIVE),
                V1Signatures::aReplayedNonceIsMinus14)
            .judging("v1.auth.nonce"));
    checks.add(
        check(
            "a-nonce-of-255-characters-is-accepted",
            "A nonce of 255 characters, the most allowed, is " + "accepted",
            "v1.auth.nonce",
            List.of(Tag.SIGNATURE),
            V1Signatures::aNonceOf255CharactersIsAccepted));
    checks.add(
        check(
            "a-malformed-nonce-is-minus-14",
            "A nonce longer than 255 characters or holding ';' is never accepted; ours is ErrorCode -14, an empty one too",
            "v1.auth.nonce",
            List.of(Tag.NEGATIVE),
            V1Signatures::aMalformedNonceIsMinus14));
    return checks;
  }

  /** Runs {@code v1.a-wrong-hash-is-minus-7}. */
  private static void aWrongHashIsMinus7(CheckContext c) throws Exception {
    V1Calls v1 = c.v1();
    Map<String, String> params = values("paymentID", knownPayment(c));
    String nonce = c.run().unique("kit-nonce");
    String wrong =
        V1Signer.hash(
            V1Signer.signedText(
                V1Calls.signedOrder("getPayment"), v1.login(), "not-the-password", nonce, params));
    V1Support.errorCode(c, v1.signed("getPayment", params, nonce, wrong), -7);
  }

  /** Runs {@code v1.a-value-changed-after-signing-is-minus-7}. */
  private static void aValueChangedAfterSigningIsMinus7(CheckContext c) throws Exception {
    V1Calls v1 = c.v1();
    String nonce = c.run().unique("kit-nonce");
    String known = knownPayment(c);
    String hash = v1.hash("getPayment", values("paymentID", known + "0"), nonce);
    V1Support.errorCode(c, v1.signed("getPayment", values("paymentID", known), nonce, hash), -7);
  }

  /** Runs {@code v1.an-absent-optional-value-is-signed-empty}. */
  /**
   * Runs {@code v1.an-absent-optional-value-is-signed-empty}: a refund without its externalID,
   * which the document marks optional, signed with an empty place for it.
   */
  private static void anAbsentOptionalValueIsSignedEmpty(CheckContext c) throws Exception {
    String id = V1Support.paymentId(c, new Fixtures(c).settledPayment("12"));
    Exchange refunded = c.v1().call("refundPayment", values("paymentID", id, "amount", "2"));
    c.decimal(refunded, V1Support.success(c, refunded, "Refund"), "Refund.Amount", "2");
  }

  /** Runs {@code v1.values-outside-ascii-are-signed-as-utf-8}. */
  private static void valuesOutsideAsciiAreSignedAsUtf8(CheckContext c) throws Exception {
    Exchange listed =
        c.v1().call("listPaymentsFilter", values("invoiceID", "Заказ-№-" + c.run().unique("ü")));
    V1Support.success(c, listed, "Response");
    String id = V1Support.paymentId(c, new Fixtures(c).settledPayment("7"));
    Exchange refunded =
        c.v1()
            .call(
                "refundPayment",
                values(
                    "paymentID",
                    id,
                    "amount",
                    "1",
                    "externalID",
                    "Возврат-" + c.run().unique("é")));
    V1Support.success(c, refunded, "Refund");
  }

  /** Runs {@code v1.a-hash-with-plus-and-slash-is-read-url-decoded}. */
  private static void aHashWithPlusAndSlashIsReadUrlDecoded(CheckContext c) throws Exception {
    V1Calls v1 = c.v1();
    Map<String, String> params = values("paymentID", knownPayment(c));
    String nonce = null;
    for (int i = 0; i < 10_000 && nonce == null; i++) {
      String candidate = c.run().unique("kit-nonce");
      String hash = v1.hash("getPayment", params, candidate);
      nonce = hash.contains("+") && hash.contains("/") ? candidate : null;
    }
    c.require(nonce != null, "no nonce gave a hash with both '+' and '/'");
    V1Support.success(c, v1.call("getPayment", params, nonce), "Payment");
  }

  /** Runs {@code v1.an-unknown-login-is-minus-6}. */
  private static void anUnknownLoginIsMinus6(CheckContext c) throws Exception {
    V1Calls v1 = c.v1();
    Map<String, String> values = new LinkedHashMap<>();
    values.put("login", c.run().unique("kit-nobody"));
    values.put("nonce", c.run().unique("kit-nonce"));
    values.put("paymentID", "1");
    values.put("hash", V1Signer.hash(values.get("login") + ";x;" + values.get("nonce") + ";1"));
    V1Support.errorCode(c, v1.raw("getPayment", values), -6);
  }

  /**
   * Runs {@code v1.a-call-without-login-nonce-or-hash-is-refused}. Every request carries all three:
   * which refusal a target gives is a reading, that it refuses is not.
   */
  private static void aCallWithoutLoginOrHashIsRefused(CheckContext c) throws Exception {
    V1Calls v1 = c.v1();
    String id = knownPayment(c);
    String nonce = c.run().unique("kit-nonce");
    Map<String, String> noLogin =
        values(
            "nonce",
            nonce,
            "paymentID",
            id,
            "hash",
            v1.hash("getPayment", values("paymentID", id), nonce));
    Exchange withoutLogin = v1.raw("getPayment", noLogin);
    Map<String, String> noHash =
        values("login", v1.login(), "nonce", c.run().unique("kit-nonce"), "paymentID", id);
    Exchange withoutHash = v1.raw("getPayment", noHash);
    // Signed as the document signs an absent value: the nonce's place left empty.
    Map<String, String> noNonce =
        values(
            "login",
            v1.login(),
            "paymentID",
            id,
            "hash",
            v1.hash("getPayment", values("paymentID", id), ""));
    Exchange withoutNonce = v1.raw("getPayment", noNonce);
    for (Exchange refused : List.of(withoutLogin, withoutNonce, withoutHash)) {
      c.expect(
          refused.answered()
              && !(refused.status() == 200 && Integer.valueOf(0).equals(refused.v1ErrorCode())),
          "refused: a non-zero ErrorCode, or a status " + "saying the request could not be read",
          refused::summary,
          refused);
    }
    c.reading(
        OpenPoint.V1_MISSING_CREDENTIALS,
        outcome(withoutLogin) + "/" + outcome(withoutHash),
        withoutHash);
  }

  /** Runs {@code v1.a-replayed-nonce-is-minus-14}. */
  private static void aReplayedNonceIsMinus14(CheckContext c) throws Exception {
    String id = knownPayment(c);
    String nonce = c.run().unique("kit-nonce");
    V1Support.success(c, c.v1().call("getPayment", values("paymentID", id), nonce), "Payment");
    V1Support.errorCode(c, c.v1().call("getPayment", values("paymentID", id), nonce), -14);
  }

  /** Runs {@code v1.a-nonce-of-255-characters-is-accepted}. */
  private static void aNonceOf255CharactersIsAccepted(CheckContext c) throws Exception {
    String nonce = c.run().unique("kit-nonce");
    nonce = nonce + "n".repeat(255 - nonce.length());
    V1Support.success(
        c, c.v1().call("getPayment", values("paymentID", knownPayment(c)), nonce), "Payment");
  }

  /** Runs {@code v1.a-malformed-nonce-is-minus-14}. */
  private static void aMalformedNonceIsMinus14(CheckContext c) throws Exception {
    // The document bounds a nonce's length and bars ';' but does not say it may not be
    // empty: an empty one taken is a reading.
    Exchange empty = c.v1().call("getPayment", values("paymentID", knownPayment(c)), "");
    boolean emptyTaken = empty.status() == 200 && Integer.valueOf(0).equals(empty.v1ErrorCode());
    c.reading(
        OpenPoint.V1_EMPTY_NONCE,
        emptyTaken ? "accepted" : "refused",
        emptyTaken ? null : outcome(empty),
        empty);
    for (String nonce : List.of("n".repeat(256), "a;b")) {
      Exchange refused = c.v1().call("getPayment", values("paymentID", knownPayment(c)), nonce);
      c.expect(
          refused.answered()
              && !(refused.status() == 200 && Integer.valueOf(0).equals(refused.v1ErrorCode())),
          "the nonce refused",
          refused::summary,
          refused);
      c.reading(OpenPoint.V1_MALFORMED_NONCE, outcome(refused), refused);
    }
  }

  /** Runs {@code v1.every-value-is-signed-in-the-listed-order.*}. */
  private static void everyValueIsSignedInTheListedOrder(
      CheckContext c, SpecModel.Operation operation) throws Exception {
    Exchange answer = c.v1().call(operation.id(), everyValue(c, operation.id()));
    c.status(answer, 200);
    Integer code = answer.v1ErrorCode();
    boolean document = operation.id().equals("getDocumentContent") && code == null;
    c.expect(
        document || (code != null && code != -7),
        "the signature accepted: any ErrorCode but -7",
        answer::summary,
        answer);
  }

  /** Runs {@code v1.a-correct-signature-is-accepted}. */
  private static void aCorrectSignatureIsAccepted(CheckContext c) throws Exception {
    V1Support.success(
        c, c.v1().call("getPayment", values("paymentID", knownPayment(c))), "Payment");
  }
}
