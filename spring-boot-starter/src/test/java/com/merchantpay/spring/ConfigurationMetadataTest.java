package com.merchantpay.spring;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What an IDE completes and documents of {@code merchantpay.*}: the metadata the build writes into
 * the starter's jar, every property with its description, and the README's table of them.
 */
class ConfigurationMetadataTest {
  private static JsonNode metadata() throws Exception {
    try (InputStream in =
        MerchantPayProperties.class
            .getClassLoader()
            .getResourceAsStream("META-INF/spring-configuration-metadata.json")) {
      assertThat(in).as("the configuration metadata in the starter's jar").isNotNull();
      return new ObjectMapper().readTree(in);
    }
  }

  private static List<JsonNode> properties() throws Exception {
    List<JsonNode> properties = new ArrayList<>();
    metadata().path("properties").forEach(properties::add);
    return properties;
  }

  @Test
  void everyPropertyHasADescriptionAndTheDurationsTheirDefaults() throws Exception {
    List<JsonNode> properties = properties();

    assertThat(properties)
        .extracting(p -> p.path("name").asText())
        .contains(
            "merchantpay.v2.base-url",
            "merchantpay.v2.access-token",
            "merchantpay.v2.max-attempts",
            "merchantpay.v2.ssl.bundle",
            "merchantpay.v1.password",
            "merchantpay.notifications.public-url");
    assertThat(properties)
        .allSatisfy(
            p ->
                assertThat(p.path("description").asText())
                    .as(p.path("name").asText())
                    .isNotBlank());
    assertThat(properties)
        .filteredOn(p -> p.path("name").asText().equals("merchantpay.v2.read-timeout"))
        .singleElement()
        .satisfies(p -> assertThat(p.path("defaultValue").asText()).isEqualTo("30s"));
  }

  @Test
  void theReadmeListsEveryProperty() throws Exception {
    String readme = Files.readString(Path.of("README.md"));

    assertThat(properties())
        .allSatisfy(p -> assertThat(readme).contains("`" + p.path("name").asText() + "`"));
  }
}
