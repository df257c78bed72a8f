package com.merchantpay.sandbox;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * JUnit 5 extension that runs one {@link Sandbox} per test class and hands it to constructors, test
 * and lifecycle methods that declare a {@code Sandbox} parameter.
 *
 * <pre>{@code
 * @ExtendWith(SandboxExtension.class)
 * class CheckoutTest {
 *   @Test
 *   void paysAnInvoice(Sandbox sandbox) { ... }
 * }
 *
 * // or, with settings:
 * class SettlementTest {
 *   @RegisterExtension
 *   static final SandboxExtension SANDBOX =
 *       SandboxExtension.using(Sandbox.builder().fixedClock(Instant.parse("2024-05-14T09:00:00Z")));
 * }
 * }</pre>
 *
 * <p>Each test starts with an empty {@link Journal}, so what it verifies is what it made happen,
 * and the fault rules a test adds are removed when it ends (rules the sandbox was built with stay).
 * Resources stay across the tests of the class, and no id is given twice, so a test never finds an
 * earlier test's payment under an id it made up; call {@link Sandbox#reset()} in a
 * {@code @BeforeEach} method to start each test from nothing. Register it on a static field: one
 * sandbox per class is the point.
 */
public final class SandboxExtension
    implements BeforeAllCallback,
        AfterAllCallback,
        BeforeEachCallback,
        AfterEachCallback,
        ParameterResolver {
  private static final ExtensionContext.Namespace MARKS =
      ExtensionContext.Namespace.create(SandboxExtension.class);

  private final Sandbox.Builder builder;
  private final boolean strict;
  private Sandbox sandbox;

  /**
   * Nested test classes see the outer class's sandbox; it stops when the outermost class is done.
   */
  private int depth;

  /** An extension with the default sandbox configuration. */
  public SandboxExtension() {
    this(Sandbox.builder(), false);
  }

  private SandboxExtension(Sandbox.Builder builder, boolean strict) {
    this.builder = builder;
    this.strict = strict;
  }

  /** An extension whose sandbox is built from this builder. */
  public static SandboxExtension using(Sandbox.Builder builder) {
    return new SandboxExtension(builder, false);
  }

  /**
   * The same extension in strict mode: a test fails when, during it, the application sent the
   * sandbox a request its interface's contract does not allow, with what the contract found. For an
   * application that calls the service with its own HTTP code, this checks every request it makes
   * in its own tests.
   */
  public SandboxExtension strict() {
    return new SandboxExtension(builder, true);
  }

  @Override
  public void beforeEach(ExtensionContext context) {
    context.getStore(MARKS).put("scope", sandbox().beginTest());
  }

  @Override
  public void afterEach(ExtensionContext context) {
    TestScope scope = context.getStore(MARKS).remove("scope", TestScope.class);
    if (scope == null) {
      return;
    }
    scope.end();
    AssertionError invalid = strict ? scope.contractFailure() : null;
    if (invalid != null) {
      throw invalid;
    }
  }

  /**
   * The sandbox of the current test class.
   *
   * @throws IllegalStateException outside the lifetime of a test class
   */
  public synchronized Sandbox sandbox() {
    if (sandbox == null) {
      throw new IllegalStateException("the sandbox runs only while the test class runs");
    }
    return sandbox;
  }

  @Override
  public synchronized void beforeAll(ExtensionContext context) {
    depth++;
    startIfNeeded();
  }

  @Override
  public synchronized void afterAll(ExtensionContext context) {
    if (--depth == 0 && sandbox != null) {
      sandbox.stop();
      sandbox = null;
    }
  }

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    return parameter.getParameter().getType() == Sandbox.class;
  }

  @Override
  public synchronized Object resolveParameter(
      ParameterContext parameter, ExtensionContext context) {
    // With @TestInstance(PER_CLASS) the constructor asks before beforeAll runs.
    startIfNeeded();
    return sandbox;
  }

  private void startIfNeeded() {
    if (sandbox == null) {
      sandbox = builder.start();
    }
  }
}
