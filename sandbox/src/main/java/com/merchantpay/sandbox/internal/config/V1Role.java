package com.merchantpay.sandbox.internal.config;

import java.util.Set;

/** What a v1 user may call; an Accountant may call everything a Cashier may. */
public enum V1Role {
  CASHIER("Cashier"),
  ACCOUNTANT("Accountant");

  private final String documentName;

  V1Role(String documentName) {
    this.documentName = documentName;
  }

  /** The name the v1 document gives the role. */
  public String documentName() {
    return documentName;
  }

  /**
   * Whether a user with these roles may call an operation that needs {@code required} (null:
   * anyone).
   */
  public static boolean allows(Set<V1Role> roles, String required) {
    if (required == null || roles.contains(ACCOUNTANT)) {
      return true;
    }
    return CASHIER.documentName.equals(required) && roles.contains(CASHIER);
  }
}
