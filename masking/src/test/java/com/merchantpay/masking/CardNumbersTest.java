package com.merchantpay.masking;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CardNumbersTest {

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "pan 4111111111111111 declined | pan 411111******1111 declined",
        "4111 1111 1111 1111 | 411111******1111",
        "4111-1111-1111-1111 | 411111******1111",
        "4111.1111.1111.1111 | 411111******1111",
        "{\"pan\":\"5555555555554444\"} | {\"pan\":\"555555******4444\"}",
        "a 12-digit card 501800000009 | a 12-digit card 501800**0009",
        "19 digits 6011000990139424124 | 19 digits 601100*********4124",
        "pan=4111111111111111&cvc=123 | pan=411111******1111&cvc=123",
        "two 4111111111111111,5555555555554444 | two 411111******1111,555555******4444",
        "one digit off 4111111111111112 | one digit off 411111******1112",
        "echoed by a parser 'x4111111111111111' | echoed by a parser 'x411111******1111'",
        "inside a word tok_4111111111111111 | inside a word tok_411111******1111",
        "an order number 202603011234568 | an order number 202603*****4568",
      })
  void everyCardNumberKeepsItsFirstSixAndLastFourDigits(String text, String masked) {
    assertThat(CardNumbers.mask(text)).isEqualTo(masked);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "an amount 150.50 and a v1 id 50021467",
        "eleven digits 12345678901",
        "twenty digits 12345678901234567890",
        "a uuid 8e0a2c43-1111-4111-8111-111111111111",
        "a timestamp 2026-11-27T17:15:00Z",
        "a uuid glued to text x550e8400-e29b-41d4-a716-446655440000y",
      })
  void otherTextIsLeftAsItIs(String text) {
    assertThat(CardNumbers.mask(text)).isEqualTo(text);
  }
}
