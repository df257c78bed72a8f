package com.merchantpay.v2;

import com.merchantpay.v2.internal.api.InvoicesApi;
import com.merchantpay.v2.model.CreateInvoiceRequest;
import com.merchantpay.v2.model.InvoiceCreated;
import java.util.Objects;

/** Payment links: the service hosts the payment page, the payer is sent to its {@code url}. */
public final class Invoices {
  private final InvoicesApi api;
  private final CallExecutor calls;
  private final RequestValidator validator;

  Invoices(InvoicesApi api, CallExecutor calls, RequestValidator validator) {
    this.api = api;
    this.calls = calls;
    this.validator = validator;
  }

  /** Creates an invoice; send the payer to the returned {@code url}. */
  public InvoiceCreated create(CreateInvoiceRequest request) {
    return createWithResponse(request, RequestOptions.none()).value();
  }

  /**
   * As {@link #create}, with per-call {@link RequestOptions}; the {@link Response} also carries the
   * status, headers, request id, attempts and idempotency key.
   */
  public Response<InvoiceCreated> createWithResponse(
      CreateInvoiceRequest request, RequestOptions options) {
    Objects.requireNonNull(options, "options");
    validator.validate(Operation.CREATE_INVOICE, request);
    return calls.execute(
        Operation.CREATE_INVOICE,
        options,
        timeouts -> api.createInvoiceWithHttpInfo(timeouts, request));
  }
}
