package com.merchantpay.v1;

import com.merchantpay.observation.AttemptEnd;
import com.merchantpay.observation.CallEnd;
import com.merchantpay.observation.CallListener;
import com.merchantpay.observation.CallListeners;
import com.merchantpay.observation.CallObserver;
import com.merchantpay.observation.CallStart;
import com.merchantpay.v1.internal.ApiOperations;
import feign.FeignException;
import feign.RetryableException;
import java.io.IOException;
import java.time.Duration;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one generated call, tells the call listener of it, and turns Feign's exceptions into ours.
 * Feign's own exceptions are never chained: their messages and requests carry the URL, and with it
 * the signature.
 */
final class Calls {
  private static final Logger LOG = LoggerFactory.getLogger(MerchantPayV1Client.class);

  /**
   * The calls that change something, one that got no answer may have done it: those the contract
   * sends as a POST form (refunds, confirmations, cancels), as v2's are told by their method too.
   */
  static final Set<String> CHANGES =
      ApiOperations.all().stream()
          .filter(operation -> operation.method().equalsIgnoreCase("POST"))
          .map(ApiOperations.Operation::operationId)
          .collect(Collectors.toUnmodifiableSet());

  private final CallListener listener;

  Calls(CallListener listener) {
    this.listener =
        listener == null
            ? null
            : CallListeners.isolated(
                listener, e -> LOG.warn("the call listener failed: {}", e.toString()));
  }

  <T> T run(String operation, Supplier<T> call) {
    if (listener == null) {
      return translated(operation, call);
    }
    long started = System.nanoTime();
    CallObserver observer = start(operation);
    try {
      T result = translated(operation, call);
      end(observer, started, 200, null, false);
      return result;
    } catch (MerchantPayV1Exception e) {
      int status =
          e instanceof V1ServerFailureException failure
              ? failure.getStatus()
              : e instanceof V1TransportException ? 0 : 200;
      boolean unknown = e instanceof V1TransportException && CHANGES.contains(operation);
      end(observer, started, status, e.getClass().getSimpleName(), unknown);
      throw e;
    } catch (RuntimeException e) {
      end(observer, started, 0, e.getClass().getSimpleName(), false);
      throw e;
    }
  }

  private CallObserver start(String operation) {
    return listener.callStarted(new CallStart("v1", operation, null));
  }

  /** v1 sends every call once, so its one attempt and the call end together. */
  private static void end(
      CallObserver observer, long started, int status, String failure, boolean unknown) {
    Duration took = Duration.ofNanos(System.nanoTime() - started);
    observer.attemptEnded(new AttemptEnd(1, status, failure, took));
    observer.callEnded(new CallEnd(1, status, failure, unknown, took));
  }

  private static <T> T translated(String operation, Supplier<T> call) {
    try {
      return call.get();
    } catch (MerchantPayV1Exception e) {
      throw e;
    } catch (RetryableException e) {
      throw new V1TransportException(operation, ioCause(e));
    } catch (FeignException e) {
      if (e.getCause() instanceof MerchantPayV1Exception failure) {
        throw failure;
      }
      if (e.getCause() instanceof IOException io) {
        throw new V1TransportException(operation, io);
      }
      throw new V1ServerFailureException(
          operation,
          e.status(),
          "the answer could not be handled (" + e.getClass().getSimpleName() + ")",
          "",
          null);
    }
  }

  private static IOException ioCause(RetryableException e) {
    return e.getCause() instanceof IOException io
        ? io
        : new IOException(e.getClass().getSimpleName());
  }
}
