package com.merchantpay.codegen;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The generated fixture client, file by file, against the expected output kept beside the fixture,
 * so a template change shows up as a reviewable diff. After an intended change, regenerate the
 * expected files with {@code mvn -pl codegen test -Dfixture.update=true} and review them.
 */
class TemplateOutputTest {
  private static final Path EXPECTED = Path.of("src/test/resources/fixture/expected");

  @ParameterizedTest
  @ValueSource(
      strings = {
        "fixture/ApiClient.java",
        "fixture/FormEncoder.java",
        "fixture/BoundedTransport.java",
        "fixture/Redaction.java",
        "fixture/BaseUrl.java",
        "fixture/TlsContexts.java",
        "fixture/WireValueExpander.java",
        "fixture/ApiOperations.java",
        "fixture/api/WidgetsApi.java",
        "fixture/api/FormsApi.java",
        "fixture/model/Widget.java",
        "fixture/model/WidgetList.java",
        "fixture/model/Color.java",
        "fixture/model/Level.java",
        "fixture/model/Check.java",
        "fixture/model/SmsCheck.java",
      })
  void generatedFileMatchesExpectedOutput(String file) throws IOException {
    String actual = Files.readString(FixtureClient.generatedSource(file));
    Path expected = EXPECTED.resolve(file);
    if (Boolean.getBoolean("fixture.update")) {
      Files.createDirectories(expected.getParent());
      Files.writeString(expected, actual);
    }
    assertThat(actual).isEqualTo(Files.readString(expected));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {"pom.xml", "build.gradle", "README.md", ".travis.yml", "api/openapi.yaml"})
  void standaloneProjectFilesAreNotGenerated(String file) {
    FixtureClient.classLoader();
    assertThat(FixtureClient.SOURCES.resolve(file)).doesNotExist();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "fixture/model/ApiResponse.java",
        "fixture/RFC3339DateFormat.java",
        "fixture/ParamExpander.java"
      })
  void replacedSupportFilesAreNotGenerated(String file) {
    assertThat(FixtureClient.generatedSource(file)).doesNotExist();
  }
}
