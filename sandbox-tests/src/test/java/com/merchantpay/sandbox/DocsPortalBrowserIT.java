package com.merchantpay.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.merchantpay.sandbox.internal.contract.Contracts;
import com.merchantpay.spec.ApiSpec;
import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.logging.Level;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The documentation portal as a person sees it, in the system's headless Chromium (Debian's
 * chromium and chromium-driver; {@code .ci/run} installs them): every page loads without a console
 * error, the reference shows every operation of both documents, every guide is reachable from the
 * home page, and "Try it out" calls this sandbox, v2 with its token and v1 signed in the page.
 * Screenshots go to {@code target/portal-screenshots}. Skipped, saying why, only where there is no
 * Chromium.
 */
class DocsPortalBrowserIT {
  private static final Path SCREENSHOTS = Path.of("target/portal-screenshots");
  private static final Duration WAIT = Duration.ofSeconds(30);

  private static Sandbox sandbox;
  private static WebDriver browser;
  private static String docs;

  @BeforeAll
  static void start() throws IOException {
    File chromium = executable("CHROMIUM", "/usr/bin/chromium", "/usr/bin/chromium-browser");
    File driver =
        executable("CHROMEDRIVER", "/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver");
    Assumptions.assumeTrue(
        chromium != null && driver != null,
        "no Chromium here: install Debian's chromium and "
            + "chromium-driver (apt-get install chromium chromium-driver; .ci/run does), or set CHROMIUM and CHROMEDRIVER");
    sandbox = Sandbox.builder().fixedClock(Instant.parse("2026-03-02T09:00:00Z")).start();
    docs = sandbox.baseUrl() + "/docs/";
    ChromeOptions options = new ChromeOptions();
    options.setBinary(chromium);
    options.addArguments(
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
        "--window-size=1280,1400");
    LoggingPreferences logs = new LoggingPreferences();
    logs.enable(LogType.BROWSER, Level.ALL);
    options.setCapability("goog:loggingPrefs", logs);
    ChromeDriverService service =
        new ChromeDriverService.Builder().usingDriverExecutable(driver).usingAnyFreePort().build();
    browser = new ChromeDriver(service, options);
    Files.createDirectories(SCREENSHOTS);
  }

  @AfterAll
  static void stop() {
    if (browser != null) {
      browser.quit();
    }
    if (sandbox != null) {
      sandbox.stop();
    }
  }

  @Test
  void theHomePageLeadsToEveryGuideAndEachLoadsCleanly() throws IOException {
    open("", "home");
    List<String> guides = new ArrayList<>();
    for (WebElement link : browser.findElements(By.cssSelector("ul.cards a[href^='guides/']"))) {
      guides.add(link.getAttribute("href"));
    }

    try (Stream<Path> written = Files.list(Path.of("..", "docs", "guides"))) {
      assertThat(guides).hasSize((int) written.filter(f -> f.toString().endsWith(".md")).count());
    }
    for (String guide : guides) {
      String name = guide.substring(guide.lastIndexOf('/') + 1).replace(".html", "");
      open("guides/" + name + ".html", "guide-" + name);
      assertThat(browser.findElement(By.tagName("h1")).getText()).isNotBlank();
      assertThat(browser.findElements(By.cssSelector("article pre code")))
          .as("code in %s", name)
          .isNotEmpty();
    }
    open("decisions.html", "decisions");
    assertThat(browser.findElements(By.cssSelector("article h3"))).hasSizeGreaterThan(20);
  }

  @Test
  void theReferenceShowsEveryOperationOfAllThreeDocuments() throws IOException {
    open("reference/v2.html", null);
    int v2 = Contracts.operationIds(ApiSpec.V2).size();
    assertThat(operations(v2)).isEqualTo(v2);
    screenshot("reference-v2");
    assertNoConsoleErrors("reference/v2.html");

    open("reference/v1.html", null);
    int v1 = Contracts.operationIds(ApiSpec.V1).size();
    assertThat(operations(v1)).isEqualTo(v1);
    screenshot("reference-v1");
    assertNoConsoleErrors("reference/v1.html");

    open("reference/control.html", null);
    int control = Contracts.operationIds(ApiSpec.CONTROL).size();
    assertThat(operations(control)).isEqualTo(control);
    screenshot("reference-control");
    assertNoConsoleErrors("reference/control.html");
  }

  @Test
  void tryItOutCallsThisSandboxWithItsTokenAndSignsV1Calls() throws Exception {
    String paymentId = aPayment();

    open("reference/v2.html#/Payments/getPayment", null);
    WebElement v2 = operation("get", "/api/v2/payments/{id}");
    tryItOut(v2, List.of(paymentId));
    String v2Answer = answer(v2);
    screenshot("try-it-v2");
    assertThat(v2Answer)
        .contains("\"id\": \"" + paymentId + "\"")
        .contains("\"status\": \"Settled\"");

    open("reference/v1.html#/Payments/getPayment", null);
    WebElement v1 = operation("get", "/api/v1/getPayment");
    // login, nonce and hash keep the examples the page fills in: the page signs the call before it
    // leaves.
    tryItOut(v1, Arrays.asList(null, null, null, paymentId));
    String v1Answer = answer(v1);
    screenshot("try-it-v1");
    assertThat(v1Answer)
        .as("signed in the page, so not ErrorCode -7")
        .contains("\"ErrorCode\": 0")
        .contains("\"PaymentID\": " + paymentId);
    assertNoConsoleErrors("try it out");
  }

  // ---------------------------------------------------------------- helpers

  private static File executable(String environment, String... candidates) {
    String given = System.getenv(environment);
    for (String path : given != null ? new String[] {given} : candidates) {
      File file = new File(path);
      if (file.canExecute()) {
        return file;
      }
    }
    return null;
  }

  private void open(String page, String screenshot) throws IOException {
    browser.get(docs + page);
    new WebDriverWait(browser, WAIT)
        .until(
            d ->
                "complete"
                    .equals(
                        ((org.openqa.selenium.JavascriptExecutor) d)
                            .executeScript("return document.readyState")));
    if (screenshot != null) {
      screenshot(screenshot);
      assertNoConsoleErrors(page);
    }
  }

  /**
   * Waits until Swagger UI has rendered the expected number of operations, and returns how many
   * there are.
   */
  private int operations(int expected) {
    new WebDriverWait(browser, WAIT)
        .until(d -> d.findElements(By.cssSelector(".opblock")).size() >= expected);
    return browser.findElements(By.cssSelector(".opblock")).size();
  }

  private WebElement operation(String method, String path) {
    return new WebDriverWait(browser, WAIT)
        .until(
            d -> {
              for (WebElement block :
                  d.findElements(By.cssSelector(".opblock.opblock-" + method))) {
                if (block
                        .findElement(By.cssSelector(".opblock-summary-path"))
                        .getText()
                        .replace("\u200b", "")
                        .equals(path)
                    && !block.findElements(By.cssSelector(".opblock-body")).isEmpty()) {
                  return block;
                }
              }
              return null;
            });
  }

  /**
   * Presses "Try it out", types the parameters in the order shown over what the page filled in (a
   * null keeps it), and executes.
   */
  private void tryItOut(WebElement operation, List<String> values) {
    click(operation.findElement(By.cssSelector(".try-out__btn")));
    // The page fills each parameter with its example first; typing before that would be
    // overwritten.
    List<WebElement> inputs =
        new WebDriverWait(browser, WAIT)
            .until(
                d -> {
                  List<WebElement> found =
                      operation.findElements(By.cssSelector(".parameters input[type='text']"));
                  return found.size() >= values.size()
                          && !found.get(0).getAttribute("value").isEmpty()
                      ? found
                      : null;
                });
    for (int i = 0; i < values.size(); i++) {
      if (values.get(i) == null) {
        continue;
      }
      WebElement input = inputs.get(i);
      scrollTo(input);
      // Leaving the field hands the value over at once (the page otherwise waits for typing to
      // pause).
      input.sendKeys(
          org.openqa.selenium.Keys.chord(org.openqa.selenium.Keys.CONTROL, "a"),
          values.get(i),
          org.openqa.selenium.Keys.TAB);
      new WebDriverWait(browser, WAIT)
          .until(d -> values.get(inputs.indexOf(input)).equals(input.getAttribute("value")));
    }
    click(operation.findElement(By.cssSelector(".btn.execute")));
  }

  private void scrollTo(WebElement element) {
    ((org.openqa.selenium.JavascriptExecutor) browser)
        .executeScript("arguments[0].scrollIntoView({block: 'center'});", element);
  }

  /**
   * Clicks through the page's own handler: Swagger UI re-lays out the page while it renders, so a
   * click by position can land on the element that just moved there.
   */
  private void click(WebElement element) {
    scrollTo(element);
    ((org.openqa.selenium.JavascriptExecutor) browser)
        .executeScript("arguments[0].click();", element);
  }

  /** The body of the answer Swagger UI shows for the executed call, once it is there. */
  private String answer(WebElement operation) throws IOException {
    try {
      return new WebDriverWait(browser, WAIT)
          .until(
              d -> {
                List<WebElement> bodies =
                    operation.findElements(
                        By.cssSelector(".live-responses-table .response-col_description pre"));
                return bodies.isEmpty() || bodies.get(0).getText().isBlank()
                    ? null
                    : bodies.get(0).getText();
              });
    } catch (org.openqa.selenium.TimeoutException e) {
      screenshot("no-answer");
      throw new AssertionError(
          "no answer shown; the operation reads: "
              + operation.getText()
              + "; console: "
              + browser.manage().logs().get(LogType.BROWSER).getAll(),
          e);
    }
  }

  private void assertNoConsoleErrors(String where) {
    List<String> errors = new ArrayList<>();
    for (LogEntry entry : browser.manage().logs().get(LogType.BROWSER)) {
      if (entry.getLevel().intValue() >= Level.SEVERE.intValue()) {
        errors.add(entry.getMessage());
      }
    }
    assertThat(errors).as("console errors on %s", where).isEmpty();
  }

  private void screenshot(String name) throws IOException {
    byte[] png = ((org.openqa.selenium.TakesScreenshot) browser).getScreenshotAs(OutputType.BYTES);
    Files.write(SCREENSHOTS.resolve(name + ".png"), png);
  }

  private String aPayment() throws Exception {
    String body =
        "{\"merchantId\":\""
            + sandbox.merchantId()
            + "\",\"amount\":{\"value\":10.00,\"currency\":\"RUB\"},"
            + "\"paymentData\":{\"card\":{\"pan\":\"4111111111111111\",\"expiry\":\"12/29\",\"cvc\":\"123\"}}}";
    HttpResponse<String> created =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(URI.create(sandbox.baseUrl() + "/api/v2/payments"))
                    .header("Authorization", "Bearer " + sandbox.bearerToken())
                    .header("Content-Type", "application/json")
                    .header("Idempotency-Key", "portal-try-it")
                    .POST(HttpRequest.BodyPublishers.ofString(body))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
    assertThat(created.statusCode()).isEqualTo(200);
    return Api.JSON.readTree(created.body()).path("id").asText();
  }
}
