package com.merchantpay.codegen;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.openapitools.codegen.DefaultGenerator;
import org.openapitools.codegen.config.CodegenConfigurator;

/**
 * Generates the fixture spec with the {@code merchantpay-java} generator, once per test run, and
 * compiles the result, so tests can compare the sources and load the classes.
 */
final class FixtureClient {
  static final Path SOURCES = Path.of("target", "fixture-client");
  static final Path CLASSES = Path.of("target", "fixture-classes");
  static final String BASE_PACKAGE = "fixture";

  private static ClassLoader loader;

  private FixtureClient() {}

  static synchronized ClassLoader classLoader() {
    if (loader == null) {
      generate();
      loader = compile(SOURCES, CLASSES);
    }
    return loader;
  }

  /**
   * Generates the fixture client with these generator options into {@code output}, compiles it
   * beside it, and loads it.
   */
  static ClassLoader generateAndLoad(Path output, Map<String, Object> options) {
    generate(output, options);
    return compile(output, output.resolveSibling(output.getFileName() + "-classes"));
  }

  static Class<?> load(String className) throws ClassNotFoundException {
    return classLoader().loadClass(BASE_PACKAGE + "." + className);
  }

  static Path generatedSource(String relativePath) {
    classLoader();
    return SOURCES.resolve("src/main/java").resolve(relativePath);
  }

  private static void generate() {
    generate(SOURCES, Map.of());
  }

  /**
   * Generates the fixture client with these generator options into {@code output}, without
   * compiling it.
   */
  static void generate(Path output, Map<String, Object> options) {
    deleteRecursively(output);
    CodegenConfigurator configurator =
        new CodegenConfigurator()
            .setGeneratorName(MerchantPayJavaCodegen.NAME)
            .setInputSpec("src/test/resources/fixture/openapi.yaml")
            .setOutputDir(output.toString())
            .setApiPackage(BASE_PACKAGE + ".api")
            .setModelPackage(BASE_PACKAGE + ".model")
            .setInvokerPackage(BASE_PACKAGE)
            .setValidateSpec(true);
    options.forEach(configurator::addAdditionalProperty);
    new DefaultGenerator().opts(configurator.toClientOptInput()).generate();
  }

  private static ClassLoader compile(Path generated, Path classes) {
    deleteRecursively(classes);
    List<Path> sources;
    try (Stream<Path> files = Files.walk(generated)) {
      sources = files.filter(file -> file.toString().endsWith(".java")).toList();
      Files.createDirectories(classes);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    try (StandardJavaFileManager files = compiler.getStandardFileManager(diagnostics, null, null)) {
      List<String> options =
          new ArrayList<>(
              List.of(
                  "-classpath",
                  System.getProperty("java.class.path"),
                  "-d",
                  classes.toString(),
                  "--release",
                  "17",
                  "-Xlint:-options"));
      boolean compiled =
          compiler
              .getTask(
                  null,
                  files,
                  diagnostics,
                  options,
                  null,
                  files.getJavaFileObjectsFromPaths(sources))
              .call();
      assertThat(compiled)
          .withFailMessage(
              () -> "generated fixture client does not compile:\n" + diagnostics.getDiagnostics())
          .isTrue();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    try {
      return new URLClassLoader(
          new URL[] {classes.toUri().toURL()}, FixtureClient.class.getClassLoader());
    } catch (MalformedURLException e) {
      throw new IllegalStateException(e);
    }
  }

  private static void deleteRecursively(Path root) {
    if (!Files.exists(root)) {
      return;
    }
    try (Stream<Path> files = Files.walk(root)) {
      for (Path file : files.sorted((a, b) -> b.getNameCount() - a.getNameCount()).toList()) {
        Files.delete(file);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
