package com.merchantpay.sandbox.internal.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatNoException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.merchantpay.sandbox.internal.config.Retention;
import com.merchantpay.sandbox.internal.config.SandboxConfig;
import com.merchantpay.sandbox.internal.contract.Contracts;
import com.merchantpay.sandbox.internal.contract.Routes;
import com.merchantpay.sandbox.internal.domain.Core;
import com.merchantpay.sandbox.internal.domain.IdSource;
import com.merchantpay.sandbox.internal.domain.SandboxClock;
import com.merchantpay.sandbox.internal.domain.StatusListener;
import com.merchantpay.sandbox.internal.v1.NonceMemory;
import com.merchantpay.sandbox.internal.v1.V1Api;
import com.merchantpay.sandbox.internal.v2.Idempotency;
import com.merchantpay.sandbox.internal.v2.RuntimeOptions;
import com.merchantpay.sandbox.internal.v2.V2Api;
import com.merchantpay.spec.ApiSpec;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ContractCoverageTest {
  private static final Instant T0 = Instant.parse("2024-05-14T09:00:00Z");

  @Test
  void theRouteTablesHoldExactlyTheOperationsOfTheDocuments() {
    SandboxConfig config =
        new SandboxConfig(
            0,
            List.of(),
            Map.of(),
            List.of(),
            T0,
            1L,
            1,
            Duration.ofSeconds(1),
            100,
            false,
            Retention.DEFAULT,
            SandboxConfig.PAGE_SIZE,
            null,
            null);
    SandboxClock clock = new SandboxClock(T0, Clock.systemUTC());
    Core core =
        new Core(
            new IdSource(1L), clock, "http://127.0.0.1:1", Retention.DEFAULT, StatusListener.NONE);
    V2Api v2 =
        new V2Api(
            core,
            new Idempotency(clock, Retention.DEFAULT.maxBytes() / 2),
            new RuntimeOptions(config));
    V1Api v1 = new V1Api(config, core, clock, new NonceMemory(), Map.of());
    List<String> documented = Contracts.operationIds(ApiSpec.V2);

    assertThatNoException().isThrownBy(() -> v2.requireHandlersFor(documented));
    assertThatNoException()
        .isThrownBy(() -> v1.requireHandlersFor(Contracts.operationIds(ApiSpec.V1)));
    List<String> grown = new ArrayList<>(documented);
    grown.add("refundEverything");
    assertThatThrownBy(() -> v2.requireHandlersFor(grown))
        .hasMessageEndingWith("no handler for [refundEverything]");
    List<String> shrunk = new ArrayList<>(documented);
    shrunk.remove("getSticker");
    assertThatThrownBy(() -> v2.requireHandlersFor(shrunk))
        .hasMessageEndingWith("does not have: [getSticker]");
  }

  @Test
  void aTableThatMissesAnOperationOrHasOneTooManyStopsTheStartNamingBoth() {
    Routes<Runnable> routes =
        new Routes<Runnable>("v2").on("getPayment", () -> {}).on("refundEverything", () -> {});

    assertThatThrownBy(() -> routes.requireExactly(List.of("getPayment", "createPayment")))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "v2 handlers do not match the document: no handler for [createPayment]; "
                + "handlers for operations the document does not have: [refundEverything]");
    assertThatThrownBy(() -> routes.on("getPayment", () -> {}))
        .hasMessageContaining("two handlers");
  }

  @Test
  void v1SignedValuesAndRolesComeFromTheDocument() {
    Contracts.Operation listPayments =
        Contracts.operations(ApiSpec.V1.yaml()).stream()
            .filter(op -> op.id().equals("listPaymentsFilter"))
            .findFirst()
            .orElseThrow();

    assertThat(listPayments.hashed())
        .containsExactly(
            "login",
            "password",
            "nonce",
            "accountID",
            "siteAlias",
            "periodFrom",
            "periodTo",
            "invoiceID",
            "state");
    assertThat(listPayments.requiredRole()).isEqualTo("Cashier");
    assertThat(listPayments.xml()).isFalse();
  }

  @Test
  void theWarmUpRequestsAreValidRequestsOfTheirDocuments() {
    // A request that matches no operation (as GET / did) never reaches the schema machinery it
    // should warm.
    assertThat(Contracts.warmUp(ApiSpec.V2, Contracts.v2()))
        .hasSize(1)
        .allSatisfy(report -> assertThat(report.getMessages()).isEmpty());
    assertThat(Contracts.warmUp(ApiSpec.V1, Contracts.v1()))
        .hasSize(2)
        .allSatisfy(report -> assertThat(report.getMessages()).isEmpty());
  }

  @Test
  void pathTemplatesMatchOnlyTheirOwnShape() {
    Contracts.Operation complete =
        Contracts.operations(ApiSpec.V2.yaml()).stream()
            .filter(op -> op.id().equals("completePayment"))
            .findFirst()
            .orElseThrow();

    assertThat(complete.match("/api/v2/payments/10000001/complete"))
        .containsEntry("id", "10000001");
    assertThat(complete.match("/api/v2/payments/a%2Fb/complete")).containsEntry("id", "a/b");
    assertThat(complete.match("/api/v2/payments/1/2/complete")).isNull();
  }
}
