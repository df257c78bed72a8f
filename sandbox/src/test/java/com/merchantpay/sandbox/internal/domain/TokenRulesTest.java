package com.merchantpay.sandbox.internal.domain;

import static com.merchantpay.sandbox.internal.domain.Domain.refusal;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

class TokenRulesTest {
  private final Domain domain = new Domain();
  private final Core core = domain.core;

  private PaymentToken token(String pan) {
    return domain.in(
        now -> core.createToken(Domain.MERCHANT, true, Domain.CALLBACK, pan, Domain.EXPIRY, now));
  }

  @Test
  void aTokenWaitsForTheCustomerAndIsActiveOnceTheyAnswer() {
    PaymentToken token = token(Domain.PAYS);
    assertThat(token.status()).isEqualTo(TokenStatus.CREATED);
    assertThat(token.confirmation().type()).isEqualTo(ConfirmationStep.External);

    Refused noAnswer =
        refusal(() -> domain.run(now -> core.completeToken(token, member -> null, now)));
    assertThat(noAnswer.kind()).isEqualTo(Refused.Kind.INVALID);
    assertThat(noAnswer.value()).isEqualTo("code");
    domain.run(
        now -> core.completeToken(token, member -> "code".equals(member) ? "123456" : null, now));

    assertThat(token.status()).isEqualTo(TokenStatus.ACTIVE);
    assertThat(domain.heard.delivered).containsExactly("token " + token.id() + " Active");
  }

  @Test
  void aFailingAnswerDeclinesTheTokenWithoutACallback() {
    PaymentToken token = token(Domain.PAYS);

    domain.run(
        now ->
            core.completeToken(
                token, member -> "code".equals(member) ? MagicCards.FAILING_OTP : null, now));

    assertThat(token.status()).isEqualTo(TokenStatus.DECLINED);
    assertThat(domain.heard.delivered).isEmpty();
    assertThat(refusal(() -> domain.run(now -> core.revoke(token, now))).kind())
        .isEqualTo(Refused.Kind.NOT_NOW);
  }

  @Test
  void aRevokedTokenIsNeitherRevokedAgainNorCharged() {
    PaymentToken token = token(Domain.PAYS);
    domain.run(now -> core.revoke(token, now));

    assertThat(refusal(() -> domain.run(now -> core.revoke(token, now))).kind())
        .isEqualTo(Refused.Kind.TOKEN_REVOKED);
    assertThat(
            refusal(
                    () ->
                        domain.in(
                            now ->
                                core.pay(
                                    Domain.draft("1", false, null),
                                    new Instrument.StoredToken(token.id()),
                                    now)))
                .kind())
        .isEqualTo(Refused.Kind.TOKEN_REVOKED);
    assertThat(core.payments(p -> true)).as("a refused charge makes no payment").isEmpty();
  }

  @Test
  void aPaymentThatAsksForATokenMakesAnActiveOneAndABlockedCardsTokenIsNotCharged() {
    PaymentDraft asking =
        new PaymentDraft(
            Domain.MERCHANT,
            new BigDecimal("3"),
            "RUB",
            false,
            true,
            null,
            null,
            null,
            null,
            null,
            null,
            JsonNodeFactory.instance.objectNode(),
            null,
            null,
            null);
    Payment payment =
        domain.in(
            now ->
                core.pay(
                    asking,
                    new Instrument.Card(
                        MagicCards.withCheckDigit("400000000000401"), Domain.EXPIRY),
                    now));
    PaymentToken made = core.token(payment.createdTokenId());

    assertThat(made.status()).isEqualTo(TokenStatus.ACTIVE);
    assertThat(
            refusal(
                    () ->
                        domain.in(
                            now ->
                                core.pay(
                                    Domain.draft("1", false, null),
                                    new Instrument.StoredToken(made.id()),
                                    now)))
                .kind())
        .isEqualTo(Refused.Kind.TOKEN_BLOCKED);
  }

  @Test
  void anotherMerchantsTokenLooksAbsent() {
    PaymentToken token = token(Domain.PAYS);

    assertThat(refusal(() -> core.ownedToken("another-merchant", token.id())).kind())
        .isEqualTo(Refused.Kind.NOT_FOUND);
  }
}
