package com.merchantpay.sandbox.internal.domain;

import java.time.Instant;

/**
 * The rules of stickers: made active, switched on and off by the merchant; the payer pays on its
 * page.
 */
final class Stickers {
  private final Workspace work;

  Stickers(Workspace work) {
    this.work = work;
  }

  Sticker create(String id, String merchantId, StickerDraft draft, Instant now) {
    String stickerId = id == null ? work.ids.sticker() : id;
    Sticker sticker =
        new Sticker(stickerId, merchantId, now, draft, work.baseUrl + "/sticker/" + stickerId);
    work.store.add(sticker);
    return sticker;
  }

  void setActive(Sticker sticker, boolean active, Instant now) {
    sticker.active = active;
    sticker.updated = now;
  }
}
