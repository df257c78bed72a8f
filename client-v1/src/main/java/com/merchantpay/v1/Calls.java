package com.merchantpay.v1;

import feign.FeignException;
import feign.RetryableException;
import java.io.IOException;
import java.util.function.Supplier;

/**
 * Runs one generated call and turns Feign's exceptions into ours. Feign's own exceptions are never
 * chained: their messages and requests carry the URL, and with it the signature.
 */
final class Calls {
  private Calls() {}

  static <T> T run(String operation, Supplier<T> call) {
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
