package com.merchantpay.v1;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import com.merchantpay.testsupport.TestServers;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Nonces: fresh for every request, at most 255 characters, never a ';', and replaceable in tests.
 */
class NonceTest {
  @RegisterExtension static WireMockExtension server = TestServers.wireMock();

  @Test
  void defaultNoncesAreDistinctAcrossThreadsAndUrlSafe() throws Exception {
    Supplier<String> nonces = Nonces.random();
    Set<String> seen = ConcurrentHashMap.newKeySet();
    ExecutorService threads = Executors.newFixedThreadPool(8);
    try {
      List<Future<?>> work = new ArrayList<>();
      for (int t = 0; t < 8; t++) {
        work.add(
            threads.submit(
                () -> {
                  for (int i = 0; i < 10_000; i++) {
                    String nonce = nonces.get();
                    assertThat(seen.add(nonce)).as("repeated nonce %s", nonce).isTrue();
                  }
                }));
      }
      for (Future<?> done : work) {
        done.get();
      }
    } finally {
      threads.shutdownNow();
    }

    assertThat(seen)
        .hasSize(80_000)
        .allSatisfy(nonce -> assertThat(nonce).matches("[A-Za-z0-9_-]{22}"));
  }

  @Test
  void twoClientsDoNotShareASequence() {
    // Random, not counted: separate instances (and so separate processes) draw independently.
    assertThat(Nonces.random().get()).isNotEqualTo(Nonces.random().get());
  }

  @Test
  void aNonceOf255CharactersIsAccepted() {
    TestClients.answerSuccess(server);
    String longest = "é".repeat(255);

    TestClients.builder(server.baseUrl()).nonceSupplier(() -> longest).build().getPayment(1L);

    assertThat(server.getAllServeEvents()).hasSize(1);
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "with;semicolon", "256"})
  void anInvalidSuppliedNonceFailsBeforeAnythingIsSent(String kind) {
    String nonce = kind.equals("256") ? "n".repeat(256) : kind;
    MerchantPayV1Client client =
        TestClients.builder(server.baseUrl()).nonceSupplier(() -> nonce).build();

    assertThatThrownBy(() -> client.getPayment(1L))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining(
            kind.isEmpty() ? "empty" : kind.equals("256") ? "256 characters" : "';'");
    assertThat(server.getAllServeEvents()).isEmpty();
  }
}
