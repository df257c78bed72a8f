package com.merchantpay.docs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import com.merchantpay.spec.ApiSpec;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;

/**
 * Builds the documentation portal: the reference of both interfaces (the OpenAPI documents as
 * published in {@code merchantpay-spec}, rendered in the browser by Swagger UI from its webjar),
 * the guides (Markdown under {@code docs/guides}, with their code included from the tests that run
 * it), the list of decisions the specs make where the service documents are silent, and a home
 * page. Everything is static: the site works from any web server or a directory, and the sandbox
 * serves the same files at {@code /docs}.
 *
 * <p>Arguments: the repository root (guides and the test sources they include), then one or more
 * directories to write the site to.
 */
public final class PortalBuilder {
  private static final String ASSETS = "com/merchantpay/docs/assets/";
  private static final String WEBJAR = "META-INF/resources/webjars/swagger-ui/";

  /**
   * The Swagger UI files the reference pages load; source maps and the other bundles are left out.
   */
  private static final List<String> SWAGGER_UI_FILES =
      List.of("swagger-ui-bundle.js", "swagger-ui.css", "favicon-32x32.png");

  private final Path repository;
  private final Path site;

  private PortalBuilder(Path repository, Path site) {
    this.repository = repository;
    this.site = site;
  }

  public static void main(String[] args) throws IOException {
    if (args.length < 2) {
      throw new IllegalArgumentException(
          "usage: PortalBuilder <repository root> <output directory>...");
    }
    Path repository = Path.of(args[0]).toRealPath();
    for (int i = 1; i < args.length; i++) {
      Path site = Path.of(args[i]).toAbsolutePath().normalize();
      new PortalBuilder(repository, site).build();
      System.out.println("docs portal written to " + site);
    }
  }

  private void build() throws IOException {
    deleteTree(site);
    Files.createDirectories(site.resolve("reference/swagger-ui"));
    Files.createDirectories(site.resolve("guides"));

    for (String file : SWAGGER_UI_FILES) {
      copyResource(
          WEBJAR + swaggerUiVersion() + "/" + file, site.resolve("reference/swagger-ui/" + file));
    }
    copyResource(ASSETS + "portal.css", site.resolve("portal.css"));
    copyResource(ASSETS + "reference.js", site.resolve("reference/reference.js"));
    // The static site has no sandbox behind it; the sandbox serves its own sandbox.js at this path.
    write(site.resolve("sandbox.js"), "window.MERCHANTPAY_SANDBOX = null;\n");

    List<Reference> references =
        List.of(
            new Reference("v2", ApiSpec.V2, "/api/v2"),
            new Reference("v1", ApiSpec.V1, "/api/v1"),
            new Reference("control", ApiSpec.CONTROL, "/_sandbox"));
    for (Reference reference : references) {
      write(
          site.resolve("reference/" + reference.name() + "/openapi.yaml"), reference.spec().yaml());
      write(site.resolve("reference/" + reference.name() + ".html"), Pages.reference(reference));
    }

    List<Guide> guides = guides();
    for (Guide guide : guides) {
      write(site.resolve("guides/" + guide.slug() + ".html"), Pages.guide(guide, guides));
    }
    write(site.resolve("decisions.html"), Pages.decisions(references, guides));
    write(site.resolve("index.html"), Pages.home(references, guides));
  }

  /**
   * One interface's reference: its name in the portal's paths, its document, where it is served.
   */
  record Reference(String name, ApiSpec spec, String basePath) {
    JsonNode document() {
      try {
        return new YAMLMapper().readTree(spec.yaml());
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    String title() {
      return document().path("info").path("title").asText(name);
    }

    /** The document's operations, as {@code METHOD /path}. */
    List<String> operations() {
      List<String> operations = new ArrayList<>();
      for (Map.Entry<String, JsonNode> path : document().path("paths").properties()) {
        for (Map.Entry<String, JsonNode> method : path.getValue().properties()) {
          if (method.getValue().has("operationId")) {
            operations.add(method.getKey().toUpperCase(Locale.ROOT) + " " + path.getKey());
          }
        }
      }
      return operations;
    }
  }

  private List<Guide> guides() throws IOException {
    Path folder = repository.resolve("docs/guides");
    List<Guide> guides = new ArrayList<>();
    try (Stream<Path> files = Files.list(folder)) {
      for (Path file :
          files
              .filter(f -> f.toString().endsWith(".md"))
              .sorted(Comparator.comparing(Path::toString))
              .toList()) {
        guides.add(Guide.read(file, repository, Boolean.getBoolean("merchantpay.guides.update")));
      }
    }
    if (guides.isEmpty()) {
      throw new IllegalStateException("no guides in " + folder);
    }
    return guides;
  }

  private static String swaggerUiVersion() throws IOException {
    try (InputStream in = resource("META-INF/maven/org.webjars/swagger-ui/pom.properties")) {
      Properties properties = new Properties();
      properties.load(in);
      return properties.getProperty("version");
    }
  }

  private static InputStream resource(String name) {
    InputStream in = PortalBuilder.class.getClassLoader().getResourceAsStream(name);
    if (in == null) {
      throw new IllegalStateException("not on the class path: " + name);
    }
    return in;
  }

  private static void copyResource(String name, Path target) throws IOException {
    try (InputStream in = resource(name)) {
      Files.createDirectories(target.getParent());
      Files.copy(in, target);
    }
  }

  static void write(Path file, String text) throws IOException {
    Files.createDirectories(file.getParent());
    Files.writeString(file, text, StandardCharsets.UTF_8);
  }

  private static void deleteTree(Path root) throws IOException {
    if (!Files.exists(root)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(root)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(path);
      }
    }
  }
}
