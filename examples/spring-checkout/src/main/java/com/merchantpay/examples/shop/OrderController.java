package com.merchantpay.examples.shop;

import java.math.BigDecimal;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/** The shop's own API: place an order, pay it with a card, read it. */
@RestController
public class OrderController {
  private final Checkout checkout;

  public OrderController(Checkout checkout) {
    this.checkout = checkout;
  }

  /** The card a shopper pays with. */
  public record CardForm(String pan, String expiry, String cvc) {}

  @PostMapping("/orders/{id}")
  public Order place(@PathVariable("id") String id, @RequestBody BigDecimal amount) {
    return checkout.place(id, amount);
  }

  @PostMapping("/orders/{id}/pay")
  public Order pay(@PathVariable("id") String id, @RequestBody CardForm card) {
    return checkout.pay(id, card.pan(), card.expiry(), card.cvc());
  }

  @GetMapping("/orders/{id}")
  public ResponseEntity<Order> read(@PathVariable("id") String id) {
    return ResponseEntity.of(checkout.find(id));
  }
}
