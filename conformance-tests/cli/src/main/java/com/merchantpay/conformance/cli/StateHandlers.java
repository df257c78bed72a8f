package com.merchantpay.conformance.cli;

import au.com.dius.pact.provider.junitsupport.State;
import java.util.Map;

/**
 * Pact's hooks for every state of the {@link StateVocabulary}: Pact JVM finds a state's maker by an
 * annotation whose name must be a constant, so each state has its one-line method here, and a test
 * checks that the two lists agree.
 */
final class StateHandlers {

  @State(StateVocabulary.SETTLED_PAYMENT)
  Map<String, Object> settledPayment(Map<String, Object> params) {
    return ProviderStates.setUp(StateVocabulary.SETTLED_PAYMENT, params);
  }

  @State(StateVocabulary.SETTLED_PAYMENT_WITH_ORDER)
  Map<String, Object> settledPaymentWithOrder(Map<String, Object> params) {
    return ProviderStates.setUp(StateVocabulary.SETTLED_PAYMENT_WITH_ORDER, params);
  }

  @State(StateVocabulary.HELD_PAYMENT)
  Map<String, Object> heldPayment(Map<String, Object> params) {
    return ProviderStates.setUp(StateVocabulary.HELD_PAYMENT, params);
  }

  @State(StateVocabulary.CANCELLED_PAYMENT)
  Map<String, Object> cancelledPayment(Map<String, Object> params) {
    return ProviderStates.setUp(StateVocabulary.CANCELLED_PAYMENT, params);
  }

  @State(StateVocabulary.DECLINED_PAYMENT)
  Map<String, Object> declinedPayment(Map<String, Object> params) {
    return ProviderStates.setUp(StateVocabulary.DECLINED_PAYMENT, params);
  }

  @State(StateVocabulary.CONFIRMATION_STEP)
  Map<String, Object> confirmationStep(Map<String, Object> params) {
    return ProviderStates.setUp(StateVocabulary.CONFIRMATION_STEP, params);
  }

  @State(StateVocabulary.SMS_OTP_STEP)
  Map<String, Object> smsOtpStep(Map<String, Object> params) {
    return ProviderStates.setUp(StateVocabulary.SMS_OTP_STEP, params);
  }

  @State(StateVocabulary.REFUND)
  Map<String, Object> refund(Map<String, Object> params) {
    return ProviderStates.setUp(StateVocabulary.REFUND, params);
  }

  @State(StateVocabulary.ACTIVE_TOKEN)
  Map<String, Object> activeToken(Map<String, Object> params) {
    return ProviderStates.setUp(StateVocabulary.ACTIVE_TOKEN, params);
  }

  @State(StateVocabulary.TOKEN_WAITING)
  Map<String, Object> tokenWaiting(Map<String, Object> params) {
    return ProviderStates.setUp(StateVocabulary.TOKEN_WAITING, params);
  }

  @State(StateVocabulary.REVOKED_TOKEN)
  Map<String, Object> revokedToken(Map<String, Object> params) {
    return ProviderStates.setUp(StateVocabulary.REVOKED_TOKEN, params);
  }

  @State(StateVocabulary.RECEIPT)
  Map<String, Object> receipt(Map<String, Object> params) {
    return ProviderStates.setUp(StateVocabulary.RECEIPT, params);
  }

  @State(StateVocabulary.STICKER)
  Map<String, Object> sticker(Map<String, Object> params) {
    return ProviderStates.setUp(StateVocabulary.STICKER, params);
  }

  @State(StateVocabulary.USED_KEY)
  Map<String, Object> usedKey(Map<String, Object> params) {
    return ProviderStates.setUp(StateVocabulary.USED_KEY, params);
  }

  @State(StateVocabulary.UNKNOWN_TOKEN)
  Map<String, Object> unknownToken(Map<String, Object> params) {
    return ProviderStates.setUp(StateVocabulary.UNKNOWN_TOKEN, params);
  }

  @State(StateVocabulary.DOCUMENT)
  Map<String, Object> document(Map<String, Object> params) {
    return ProviderStates.setUp(StateVocabulary.DOCUMENT, params);
  }

  @State(StateVocabulary.TRANSFER_REGISTER)
  Map<String, Object> transferRegister(Map<String, Object> params) {
    return ProviderStates.setUp(StateVocabulary.TRANSFER_REGISTER, params);
  }

  @State(StateVocabulary.USED_NONCE)
  Map<String, Object> usedNonce(Map<String, Object> params) {
    return ProviderStates.setUp(StateVocabulary.USED_NONCE, params);
  }

  @State(StateVocabulary.WRONG_SIGNATURE)
  Map<String, Object> wrongSignature(Map<String, Object> params) {
    return ProviderStates.setUp(StateVocabulary.WRONG_SIGNATURE, params);
  }

  @State(StateVocabulary.UNKNOWN_LOGIN)
  Map<String, Object> unknownLogin(Map<String, Object> params) {
    return ProviderStates.setUp(StateVocabulary.UNKNOWN_LOGIN, params);
  }

  @State(StateVocabulary.MERCHANT)
  Map<String, Object> merchant(Map<String, Object> params) {
    return ProviderStates.setUp(StateVocabulary.MERCHANT, params);
  }

  @State(StateVocabulary.TWO_PAGES)
  Map<String, Object> twoPages(Map<String, Object> params) {
    return ProviderStates.setUp(StateVocabulary.TWO_PAGES, params);
  }

  @State(StateVocabulary.SIGNED_V1_CALL)
  Map<String, Object> signedV1Call(Map<String, Object> params) {
    return ProviderStates.setUp(StateVocabulary.SIGNED_V1_CALL, params);
  }
}
