package com.merchantpay.sandbox.internal.contract;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ValidationMessagesTest {

  @Test
  void pointersBecomeDottedFieldNamesWithIndexes() {
    assertThat(ValidationMessages.fromPointer("/receipt/items/0/vatType"))
        .isEqualTo("receipt.items[0].vatType");
    assertThat(ValidationMessages.fromPointer("/a~1b/c~0d")).isEqualTo("a/b.c~d");
    assertThat(ValidationMessages.fromPointer("")).isEmpty();
  }
}
