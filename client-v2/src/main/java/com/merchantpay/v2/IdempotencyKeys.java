package com.merchantpay.v2;

import java.util.UUID;

/** Idempotency keys: generated ones are random UUIDs; given ones must fit in an HTTP header. */
final class IdempotencyKeys {
  static final int MAX_LENGTH = 255;

  private IdempotencyKeys() {}

  static String generate() {
    return UUID.randomUUID().toString();
  }

  static String requireValid(String key) {
    if (key == null || key.isBlank()) {
      throw new IllegalArgumentException("idempotencyKey must not be blank");
    }
    if (key.length() > MAX_LENGTH) {
      throw new IllegalArgumentException(
          "idempotencyKey must be at most " + MAX_LENGTH + " characters, was " + key.length());
    }
    for (int i = 0; i < key.length(); i++) {
      char c = key.charAt(i);
      if (c < 0x21 || c > 0x7e) {
        throw new IllegalArgumentException(
            "idempotencyKey must be printable ASCII without spaces; character " + i + " is not");
      }
    }
    return key;
  }
}
