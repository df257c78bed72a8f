package com.merchantpay.sandbox.internal.domain;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/**
 * A payment as the sandbox keeps it. Everything outside this package reads it; only the domain's
 * rules change it, inside {@link Core#transact}. Its changeable fields hold values that are
 * replaced, never changed in place, so a failed change can put them back.
 */
public final class Payment {
  /** How the payment came to be, which decides how the payer finishes it. */
  public enum Source {
    DIRECT,
    INVOICE,
    STICKER_PAGE,
    CONTROL
  }

  /**
   * What an unfinished payment waits for: it decides what the payer, the merchant and time may do.
   */
  public enum Waiting {
    /**
     * Nothing: the payment is finished, or holds money until the merchant captures or cancels it.
     */
    NOTHING,
    /** An invoice's payer, who has not entered a card on the hosted page yet. */
    PAYER,
    /** The bank, whose answer comes later. */
    BANK,
    /** The confirmation step in {@link Payment#confirmation()}. */
    STEP
  }

  final String id;
  final String merchantId;
  final Instant created;
  final BigDecimal amount;
  final String currency;
  final Source source;
  Instant updated;
  Instant completed;
  boolean testMode;
  boolean dualMode;
  PaymentStatus status;
  String resultCode;
  String message;
  BigDecimal captured;

  /**
   * The request's invoice with its {@code expires} written in UTC, as JSON text ({@link
   * InvoiceText}); echoed in every view.
   */
  String invoice;

  Instant invoiceExpires;
  String customerIp;
  String phone;
  String paymentMethod;
  String instrumentTitle;
  CardInfo cardInfo;
  Confirmation confirmation;

  /**
   * The confirmation steps the card still asks for after the current one; replaced, never changed
   * in place.
   */
  List<ConfirmationStep> nextSteps = List.of();

  /** What the payment waits for; {@link Lifecycle} says which status allows which. */
  Waiting waiting = Waiting.NOTHING;

  /** When time moves the payment on by itself; null while nothing but a caller can. */
  Instant deadline;

  /** What the payment was waiting for when its deadline passed and it expired; null otherwise. */
  Waiting lapsed;

  MagicCards.Behaviour behaviour = MagicCards.Behaviour.APPROVE;
  String callbackUrl;
  String returnUrl;
  ObjectNode tokenization;

  /** Where the token made while paying reports its changes. */
  String tokenCallbackUrl;

  String createdTokenId;
  String chargedTokenId;
  String stickerId;
  ObjectNode receipt;
  Integer v1CancelCode;

  /** Set anew from {@link Store#nextVersion()} by every change a reader can see; never reused. */
  long version;

  /** What it weighs in the store, in bytes, counted once when it is added ({@link Store}). */
  int weight;

  Payment(
      String id,
      String merchantId,
      Instant created,
      BigDecimal amount,
      String currency,
      Source source) {
    this.id = id;
    this.merchantId = merchantId;
    this.created = created;
    this.updated = created;
    this.amount = amount;
    this.currency = currency;
    this.source = source;
  }

  public String id() {
    return id;
  }

  public String merchantId() {
    return merchantId;
  }

  public Instant created() {
    return created;
  }

  public Instant updated() {
    return updated;
  }

  /** When the payment reached a final status or took the money; null before. */
  public Instant completed() {
    return completed;
  }

  public BigDecimal amount() {
    return amount;
  }

  public String currency() {
    return currency;
  }

  public boolean testMode() {
    return testMode;
  }

  public PaymentStatus status() {
    return status;
  }

  public String resultCode() {
    return resultCode;
  }

  public String message() {
    return message;
  }

  /** The money taken by settling; null while none was taken. */
  public BigDecimal captured() {
    return captured;
  }

  /** A copy of the invoice, or null. */
  public ObjectNode invoice() {
    return invoice == null ? null : InvoiceText.tree(invoice);
  }

  /** Whether a text member of the invoice is {@code value}; cheaper than reading it to compare. */
  public boolean invoiceTextIs(String member, String value) {
    return invoice != null && value != null && InvoiceText.memberIs(invoice, member, value);
  }

  /** A text member of the invoice ({@code orderNo}, {@code description}), or null. */
  public String invoiceText(String member) {
    return invoice == null ? null : InvoiceText.member(invoice, member);
  }

  public String customerIp() {
    return customerIp;
  }

  public String phone() {
    return phone;
  }

  public String paymentMethod() {
    return paymentMethod;
  }

  public String instrumentTitle() {
    return instrumentTitle;
  }

  public CardInfo cardInfo() {
    return cardInfo;
  }

  /** The step the payment waits for while it is in Confirmation; null otherwise. */
  public Confirmation confirmation() {
    return confirmation;
  }

  public Waiting waiting() {
    return waiting;
  }

  /** Whether an invoice still waits for the payer to enter a card. */
  public boolean awaitingPayer() {
    return waiting == Waiting.PAYER;
  }

  /** Whether the invoice's {@code expires} passed before the payer paid. */
  public boolean invoiceExpired() {
    return lapsed == Waiting.PAYER;
  }

  public String returnUrl() {
    return returnUrl;
  }

  /** The token made while paying, or null. */
  public String createdTokenId() {
    return createdTokenId;
  }

  /** The v1 reason given when the payment was cancelled there, or null. */
  public Integer v1CancelCode() {
    return v1CancelCode;
  }

  /**
   * Grows with every change of the payment that its views show, so a view rendered earlier can be
   * reused.
   */
  public long version() {
    return version;
  }

  /**
   * Whether the payment waits for its payer on an External step (the hosted page can finish it).
   */
  public boolean awaitsExternalStep() {
    return waiting == Waiting.STEP && confirmation.type() == ConfirmationStep.External;
  }
}
