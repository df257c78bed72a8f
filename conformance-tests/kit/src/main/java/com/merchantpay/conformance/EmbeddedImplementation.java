package com.merchantpay.conformance;

import com.merchantpay.conformance.target.Profile;
import com.merchantpay.conformance.target.Target;

/**
 * An implementation the kit can start in its own JVM when no base URL is given, found with {@link
 * java.util.ServiceLoader}. The runnable kit provides one that starts the sandbox.
 */
public interface EmbeddedImplementation {
  /** What it is, for the report: {@code embedded sandbox}, say. */
  String name();

  /** Starts it; the kit closes what it gets back when the run is over. */
  Started start();

  /** A started implementation: where it listens, the credentials and test data that fit it. */
  interface Started extends AutoCloseable {
    Target target();

    Profile profile();

    @Override
    void close();
  }
}
