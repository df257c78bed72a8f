package com.merchantpay.sandbox.internal.faults;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import com.merchantpay.sandbox.Fault;
import com.merchantpay.spec.ApiSpec;
import java.io.IOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;

/**
 * A fault effect is one file and one name: these are the places the name must also reach, each
 * checked here so that a new effect missing from one fails the build, naming it.
 */
class FaultEffectVocabularyTest {
  private static final OperationNames OPERATIONS =
      new OperationNames(List.of("createPayment"), List.of());

  @Test
  void everyPermittedEffectIsListedByItsName() {
    Set<Class<?>> listed =
        FaultEffect.Known.ALL.stream()
            .map(kind -> example(kind).getClass())
            .collect(Collectors.toSet());

    assertThat(listed).containsExactlyInAnyOrder(FaultEffect.class.getPermittedSubclasses());
  }

  @Test
  void theControlApiNamesExactlyTheEffectsThereAre() throws IOException {
    JsonNode kinds =
        new YAMLMapper()
            .readTree(ApiSpec.CONTROL.yaml())
            .path("components")
            .path("schemas")
            .path("FaultKind")
            .path("enum");

    assertThat(StreamSupport.stream(kinds.spliterator(), false).map(JsonNode::asText))
        .containsExactlyInAnyOrderElementsOf(names());
  }

  @Test
  void theJavaBuilderMakesEachEffectWithAMethodOfItsName() {
    Set<String> methods =
        Arrays.stream(Fault.Builder.class.getDeclaredMethods())
            .filter(method -> Modifier.isPublic(method.getModifiers()))
            .filter(method -> method.getReturnType() == Fault.class)
            .map(Method::getName)
            .collect(Collectors.toSet());

    assertThat(methods).containsExactlyInAnyOrderElementsOf(names());
  }

  @Test
  void theSandboxReadmeShowsEveryEffectInEveryForm() throws IOException {
    String readme = Files.readString(Path.of("README.md"));

    for (FaultEffect.Kind kind : FaultEffect.Known.ALL) {
      String text = "`" + kind.name() + (kind.setting() == FaultEffect.Setting.NONE ? "`" : "=");
      assertThat(readme)
          .as("the README's fault table, for %s", kind.name())
          .contains("`" + kind.name() + "(")
          .contains(text)
          .contains("{kind: " + kind.name());
    }
  }

  @Test
  void theStandaloneJarsHelpAndTheTestingGuideNameEveryEffect() throws Exception {
    String help =
        com.merchantpay.sandbox.Main.class
            .getDeclaredField("faults")
            .getAnnotation(picocli.CommandLine.Option.class)
            .description()[0];
    String guide = Files.readString(Path.of("../docs/guides/09-testing-your-integration.md"));

    for (FaultEffect.Kind kind : FaultEffect.Known.ALL) {
      // The name as a word of its own: a new effect "drop" is not named by "dropAfter".
      assertThat(help)
          .as("--fault's help, for %s", kind.name())
          .containsPattern("(?<![A-Za-z])" + kind.name() + "(?![A-Za-z])");
      assertThat(guide).as("the testing guide, for %s", kind.name()).contains(kind.name() + "(");
    }
  }

  @Test
  void eachEffectReadsBackFromItsTextAndItsJson() {
    for (FaultEffect.Kind kind : FaultEffect.Known.ALL) {
      FaultRule rule = new FaultRule("v2:createPayment", null, null, null, 0, null, example(kind));

      assertThat(FaultRule.parse(rule.describe(), OPERATIONS)).isEqualTo(rule);
      assertThat(FaultRule.fromJson(rule.toJson(), OPERATIONS)).isEqualTo(rule);
    }
  }

  private static List<String> names() {
    return FaultEffect.Known.ALL.stream().map(FaultEffect.Kind::name).toList();
  }

  private static FaultEffect example(FaultEffect.Kind kind) {
    return kind.make().apply(503, Duration.ofSeconds(2));
  }
}
