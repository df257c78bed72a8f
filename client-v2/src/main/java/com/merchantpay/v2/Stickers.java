package com.merchantpay.v2;

import com.merchantpay.v2.internal.api.StickersApi;
import com.merchantpay.v2.model.CreateStickerRequest;
import com.merchantpay.v2.model.Sticker;
import com.merchantpay.v2.model.StickerActivationRequest;
import com.merchantpay.v2.model.StickerList;
import com.merchantpay.v2.model.StickerStatus;
import java.util.Objects;

/**
 * Payment stickers (payment links or codes); payments made through one are notified to its callback
 * URL.
 */
public final class Stickers {
  private final StickersApi api;
  private final CallExecutor calls;
  private final RequestValidator validator;

  Stickers(StickersApi api, CallExecutor calls, RequestValidator validator) {
    this.api = api;
    this.calls = calls;
    this.validator = validator;
  }

  /** Registers a sticker; it starts {@code Active}. */
  public Sticker create(CreateStickerRequest request) {
    return createWithResponse(request, RequestOptions.none()).value();
  }

  /**
   * As {@link #create}, with per-call {@link RequestOptions}; the {@link Response} also carries the
   * status, headers, request id, attempts and idempotency key.
   */
  public Response<Sticker> createWithResponse(
      CreateStickerRequest request, RequestOptions options) {
    Objects.requireNonNull(options, "options");
    validator.validate(Operation.CREATE_STICKER, request);
    return calls.execute(
        Operation.CREATE_STICKER,
        options,
        timeouts -> api.createStickerWithHttpInfo(timeouts, request));
  }

  /** Switches a sticker on or off. */
  public void setActive(String stickerId, boolean active) {
    setActiveWithResponse(stickerId, active, RequestOptions.none());
  }

  /**
   * As {@link #setActive}, with per-call {@link RequestOptions}; the {@link Response} also carries
   * the status, headers, request id and attempts, and whether a retry found the update already
   * done.
   */
  public Response<Void> setActiveWithResponse(
      String stickerId, boolean active, RequestOptions options) {
    Objects.requireNonNull(options, "options");
    validator.requireText(Operation.SET_STICKER_ACTIVE, "stickerId", stickerId);
    StickerActivationRequest request = new StickerActivationRequest().active(active);
    return calls.execute(
        Operation.SET_STICKER_ACTIVE,
        options,
        timeouts -> api.setStickerActiveWithHttpInfo(timeouts, stickerId, request),
        () -> {
          Response<Sticker> read = getWithResponse(stickerId, options.forRead());
          boolean isActive = read.value().getStatus().equals(StickerStatus.ACTIVE);
          return isActive == active ? new CallExecutor.Reconciled<Void>(read, null) : null;
        });
  }

  /** Reads a sticker. */
  public Sticker get(String stickerId) {
    return getWithResponse(stickerId, RequestOptions.none()).value();
  }

  /**
   * As {@link #get}, with per-call {@link RequestOptions}; the {@link Response} also carries the
   * status, headers, request id and attempts.
   */
  public Response<Sticker> getWithResponse(String stickerId, RequestOptions options) {
    Objects.requireNonNull(options, "options");
    validator.requireText(Operation.GET_STICKER, "stickerId", stickerId);
    return calls.execute(
        Operation.GET_STICKER,
        options,
        timeouts -> api.getStickerWithHttpInfo(timeouts, stickerId));
  }

  /** The stickers of a merchant. */
  public Page<Sticker> list(String merchantId) {
    return list(merchantId, RequestOptions.none());
  }

  /**
   * As the {@code list} above, with per-call options; every following page is fetched with them
   * too.
   */
  public Page<Sticker> list(String merchantId, RequestOptions options) {
    Objects.requireNonNull(options, "options");
    validator.requireText(Operation.LIST_STICKERS, "merchantId", merchantId);
    return calls.page(
        Operation.LIST_STICKERS,
        options,
        null,
        cursor -> timeouts -> api.listStickersWithHttpInfo(timeouts, merchantId, cursor),
        StickerList::getItems,
        StickerList::getCursor);
  }
}
