package com.merchantpay.v1;

import com.merchantpay.v1.internal.Redaction;
import com.merchantpay.v1.internal.TlsContexts;
import java.io.IOException;

/**
 * No complete answer arrived: the connection failed, a timeout expired, or the stream broke.
 * Whether the service received and carried out the call is unknown; the client never repeats a call
 * by itself (a repeated refund would be a second refund).
 */
public final class V1TransportException extends MerchantPayV1Exception {
  private static final long serialVersionUID = 1L;

  V1TransportException(String operation, IOException cause) {
    super(
        operation,
        TlsContexts.isCertificateRefused(cause)
            ? TlsContexts.describeHandshake(cause)
            : "no complete answer from the service: " + Redaction.describe(cause),
        cause);
  }
}
