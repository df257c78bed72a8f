package com.merchantpay.sandbox;

import com.merchantpay.sandbox.internal.faults.OperationNames;
import java.util.Arrays;

/** The names of {@link Operation}'s constants, for reading names given as text. */
final class KnownOperations {
  static final OperationNames NAMES =
      new OperationNames(
          Arrays.stream(Operation.V2.values()).map(Operation.V2::id).toList(),
          Arrays.stream(Operation.V1.values()).map(Operation.V1::id).toList());

  private KnownOperations() {}
}
