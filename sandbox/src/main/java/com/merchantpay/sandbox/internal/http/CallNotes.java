package com.merchantpay.sandbox.internal.http;

import java.util.ArrayList;
import java.util.List;

/**
 * What the interfaces learn about one call while they handle it, for the journal: the operation,
 * the merchant it acts for, its idempotency key or nonce, and what the contract found wrong with
 * it. Written by the one thread that handles the call.
 */
public final class CallNotes {
  private String api;
  private String operation;
  private String merchant;
  private String idempotencyKey;
  private String nonce;
  private final List<String> findings = new ArrayList<>();

  public void operation(String api, String operation) {
    this.api = api;
    this.operation = operation;
  }

  public void merchant(String merchant) {
    this.merchant = merchant;
  }

  public void idempotencyKey(String key) {
    this.idempotencyKey = key;
  }

  public void nonce(String nonce) {
    this.nonce = nonce;
  }

  /** Something the contract does not allow in the request, naming the member or parameter. */
  public void finding(String finding) {
    findings.add(finding);
  }

  public void findings(List<String> found) {
    findings.addAll(found);
  }

  public String api() {
    return api;
  }

  public String operation() {
    return operation;
  }

  public String merchant() {
    return merchant;
  }

  public String idempotencyKey() {
    return idempotencyKey;
  }

  public String nonce() {
    return nonce;
  }

  public List<String> findings() {
    return List.copyOf(findings);
  }
}
