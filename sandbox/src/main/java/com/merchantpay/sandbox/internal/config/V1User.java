package com.merchantpay.sandbox.internal.config;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;

/** A v1 user with the Automatic access login method. */
public record V1User(String login, String password, String merchantId, Set<V1Role> roles) {
  public V1User {
    Objects.requireNonNull(login, "login");
    Objects.requireNonNull(password, "password");
    Objects.requireNonNull(merchantId, "merchantId");
    roles =
        Collections.unmodifiableSet(
            roles.isEmpty() ? EnumSet.noneOf(V1Role.class) : EnumSet.copyOf(roles));
  }

  /** Leaves the password out. */
  @Override
  public String toString() {
    return "V1User[login=" + login + ", merchantId=" + merchantId + ", roles=" + roles + "]";
  }
}
