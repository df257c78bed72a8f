package com.merchantpay.sandbox.internal.v2;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.merchantpay.sandbox.internal.config.SandboxConfig;
import com.merchantpay.sandbox.internal.contract.Ignored;
import com.merchantpay.sandbox.internal.http.ApiError;
import com.merchantpay.sandbox.internal.http.Json;

/**
 * Choices between readings of points the service documents leave open, switchable while the sandbox
 * runs (builder, command line, control API), so a team can test its client against each reading. A
 * reset puts them back to how the sandbox was started.
 */
public final class RuntimeOptions {
  static final String RECEIPT_LIST_AS_ARRAY = "receiptListAsArray";

  private final boolean startReceiptListAsArray;
  private volatile boolean receiptListAsArray;
  private final int pageSize;

  public RuntimeOptions(SandboxConfig config) {
    this.startReceiptListAsArray = config.receiptListAsArray();
    this.receiptListAsArray = startReceiptListAsArray;
    this.pageSize = config.pageSize();
  }

  /** How many items a page of a v2 list holds at most. */
  int pageSize() {
    return pageSize;
  }

  /**
   * Whether the receipt list is answered as a bare JSON array instead of an object with {@code
   * items}.
   */
  boolean receiptListAsArray() {
    return receiptListAsArray;
  }

  public void reset() {
    receiptListAsArray = startReceiptListAsArray;
  }

  public ObjectNode view() {
    ObjectNode node = Json.object();
    node.put(RECEIPT_LIST_AS_ARRAY, receiptListAsArray);
    return node;
  }

  /**
   * Applies the options a control call names; every other member is refused so a typo is never
   * silent.
   */
  public void apply(JsonNode body) {
    for (String name : Ignored.allMembers(body)) {
      if (!name.equals(RECEIPT_LIST_AS_ARRAY)) {
        throw ApiError.validation(
            name + ": not an option; the options are " + RECEIPT_LIST_AS_ARRAY);
      }
    }
    JsonNode value = body.get(RECEIPT_LIST_AS_ARRAY);
    if (value != null) {
      if (!value.isBoolean()) {
        throw ApiError.validation(RECEIPT_LIST_AS_ARRAY + ": must be true or false");
      }
      receiptListAsArray = value.booleanValue();
    }
  }
}
