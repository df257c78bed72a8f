package com.merchantpay.docs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import com.merchantpay.spec.ApiSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PortalBuilderTest {
  private static final Path REPOSITORY = Path.of("..");

  @Test
  void everyGuideIsRenderedWithItsCodeIncludedFromTheTestsThatRunIt(@TempDir Path site)
      throws Exception {
    PortalBuilder.main(new String[] {REPOSITORY.toString(), site.toString()});

    try (Stream<Path> guides = Files.list(REPOSITORY.resolve("docs/guides"))) {
      assertThat(guides.count()).isEqualTo(9);
    }
    String idempotency = Files.readString(site.resolve("guides/idempotency-and-retries.html"));
    assertThat(idempotency)
        .doesNotContain("<!-- include")
        .contains("RequestOptions.builder().idempotencyKey(&quot;order-4711-payment&quot;)");
    assertThat(Files.readString(site.resolve("index.html")))
        .contains(
            operations(ApiSpec.V2) + " operations",
            operations(ApiSpec.V1) + " operations",
            operations(ApiSpec.CONTROL) + " operations under <code>/_sandbox</code>",
            "guides/v1-signing.html");
    assertThat(Files.readString(site.resolve("decisions.html"))).contains(Pages.DECISION);
    assertThat(site.resolve("reference/v2/openapi.yaml")).exists();
    assertThat(site.resolve("reference/control.html")).exists();
    assertThat(site.resolve("reference/swagger-ui/swagger-ui-bundle.js")).exists();
  }

  @Test
  void anIncludeWhoseMarkersAreMissingFailsTheBuildNamingThem(@TempDir Path repository)
      throws Exception {
    Files.createDirectories(repository.resolve("docs/guides"));
    Files.writeString(repository.resolve("Example.java"), "class Example {}\n");
    Files.writeString(
        repository.resolve("docs/guides/01-broken.md"),
        "# Broken\n\nText.\n\n<!-- include: Example.java#missing block -->\n");

    assertThatThrownBy(
            () ->
                Guide.read(repository.resolve("docs/guides/01-broken.md"), repository.toRealPath()))
        .hasMessageContaining("missing block begins")
        .hasMessageContaining("Example.java");
  }

  @Test
  void aGuideKeepsItsCodeInPlaceAndTheBuildFailsWhenItIsNoLongerTheTestedCode(
      @TempDir Path repository) throws Exception {
    Files.createDirectories(repository.resolve("docs/guides"));
    Path example = repository.resolve("ExampleTest.java");
    Files.writeString(
        example,
        "import java.math.BigDecimal;\nimport java.util.List;\n\nclass ExampleTest {\n"
            + "  void pay() {\n    // pay begins\n    BigDecimal amount = new BigDecimal(\"10.00\");\n"
            + "    // pay ends\n  }\n}\n");
    Path guide = repository.resolve("docs/guides/01-paying.md");
    Files.writeString(guide, "# Paying\n\nText.\n\n<!-- include: ExampleTest.java#pay -->\n");
    Path real = repository.toRealPath();

    assertThatThrownBy(() -> Guide.read(guide, real))
        .as("a guide without the code under its include")
        .hasMessageContaining("01-paying.md")
        .hasMessageContaining("ExampleTest.java#pay")
        .hasMessageContaining(Guide.UPDATE);

    Guide updated = Guide.read(guide, real, true);

    assertThat(Files.readString(guide))
        .as("the code in place, with the imports it uses and only those")
        .contains(
            "<!-- include: ExampleTest.java#pay -->\n```java\nimport java.math.BigDecimal;\n\n"
                + "BigDecimal amount = new BigDecimal(\"10.00\");\n```\n")
        .doesNotContain("java.util.List");
    assertThat(updated.markdown()).doesNotContain("<!-- include").contains("BigDecimal amount");
    assertThat(Guide.read(guide, real).markdown()).isEqualTo(updated.markdown());

    Files.writeString(example, Files.readString(example).replace("10.00", "12.50"));
    assertThatThrownBy(() -> Guide.read(guide, real))
        .as("code that changed under the guide")
        .hasMessageContaining("is not the code the tests run");
  }

  /**
   * The document's operations: its paths' HTTP methods, counted apart from how the builder reads
   * them.
   */
  private static long operations(ApiSpec spec) throws IOException {
    long count = 0;
    for (JsonNode path : new YAMLMapper().readTree(spec.yaml()).path("paths")) {
      count +=
          path.properties().stream()
              .filter(
                  entry -> Set.of("get", "put", "post", "delete", "patch").contains(entry.getKey()))
              .count();
    }
    return count;
  }
}
