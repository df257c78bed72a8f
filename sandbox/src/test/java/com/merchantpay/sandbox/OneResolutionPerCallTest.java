package com.merchantpay.sandbox;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.merchantpay.sandbox.internal.config.SandboxConfig;
import com.merchantpay.sandbox.internal.contract.Contracts;
import com.merchantpay.sandbox.internal.v2.V2Caller;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * A call is matched to its operation and its caller identified in one place, dispatch's resolver;
 * everything after reads what it found. A second matching or a second reading of the credentials
 * could disagree with the first (a fault meeting one operation, the interface answering another).
 */
class OneResolutionPerCallTest {
  private static final JavaClasses MAIN =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages("com.merchantpay.sandbox");
  private static final String RESOLVER = "com.merchantpay.sandbox.internal.server.CallResolver";

  @Test
  void onlyTheResolverMatchesACallToAnInterfacesOperation() {
    noClasses()
        .that()
        .doNotHaveFullyQualifiedName(RESOLVER)
        .should()
        .callMethod(Contracts.Api.class, "match", String.class, String.class)
        .because("dispatch resolves each call once and carries the match down")
        .check(MAIN);
  }

  @Test
  void onlyTheResolverReadsAV2CallersCredentials() {
    noClasses()
        .that()
        .doNotHaveFullyQualifiedName(RESOLVER)
        .should()
        .callMethod(V2Caller.class, "identify", SandboxConfig.class, String.class)
        .because("the interface's 401 and a fault narrowed to a merchant read one answer")
        .check(MAIN);
  }

  @Test
  void onlyTheDocumentMatchesAPathToOneOfItsOperations() {
    noClasses()
        .that()
        .doNotHaveFullyQualifiedName(Contracts.Api.class.getName())
        .should()
        .callMethod(Contracts.Operation.class, "match", String.class)
        .check(MAIN);
  }
}
