"""Domain state of the sandbox: clock, timeline of delayed work, notification
sender, payments, refunds, tokens, receipts, stickers.

Every function that reads or changes state runs while the caller holds LOCK.
"""

import base64
import bisect
import collections
import heapq
import hmac
import itertools
import json
import re
import sys
import threading
import time
import traceback
import urllib.parse
import uuid
import xml.etree.ElementTree as ET
import zlib
from concurrent.futures import ThreadPoolExecutor
from decimal import Decimal

import testdata as TD
from util import (amount_obj, b64url, b64url_dec, dumpb, hmac_b64, iso_ms, iso_s,
                  luhn_ok, mask_pan, mask_phone, money, new_id, page_key)

LOCK = threading.RLock()


# ================================================================ clock
class Clock:
    """Sandbox clock: real time plus an offset that only grows. While the
    timeline runs an item, now() answers the item's due time (thread-local),
    so work that falls due during a jump is stamped with its own time."""

    def __init__(self):
        self.offset = 0.0
        self.local = threading.local()
        self.last_stamp = 0.0

    def now(self):
        f = getattr(self.local, "frozen", None)
        if f is not None:
            return f
        return time.time() + self.offset

    def stamp(self):
        """A creation time, strictly increasing across the sandbox."""
        t = self.now()
        if t <= self.last_stamp:
            t = self.last_stamp + 0.001
        self.last_stamp = t
        return t


CLOCK = Clock()


class Timeline:
    def __init__(self):
        self.heap = []
        self.seq = itertools.count()
        self.wake = threading.Event()

    def at(self, due, fn, *args):
        heapq.heappush(self.heap, (due, next(self.seq), fn, args))
        self.wake.set()

    def after(self, secs, fn, *args):
        self.at(CLOCK.now() + secs, fn, *args)

    def run_due(self):
        # caller holds LOCK
        if not self.heap or self.heap[0][0] > CLOCK.now():
            return
        while self.heap and self.heap[0][0] <= CLOCK.now():
            due, _, fn, args = heapq.heappop(self.heap)
            CLOCK.local.frozen = max(due, CLOCK.last_stamp)
            try:
                fn(*args)
            except Exception:
                traceback.print_exc(file=sys.stderr)
            finally:
                CLOCK.local.frozen = None

    def loop(self):
        while True:
            with LOCK:
                self.run_due()
                nd = self.heap[0][0] if self.heap else None
            wait = 1.0 if nd is None else max(0.0, min(1.0, nd - CLOCK.now()))
            if wait > 0:
                self.wake.wait(wait)
            self.wake.clear()


TIMELINE = Timeline()


def advance_clock(secs):
    with LOCK:
        CLOCK.offset += secs
        TIMELINE.run_due()
        now = CLOCK.now()
    TIMELINE.wake.set()
    return now


# ================================================================ notifications
class Delivery:
    __slots__ = ("id", "key", "url", "body", "secret", "attempts", "log")

    def __init__(self, key, url, body, secret):
        self.id = str(uuid.uuid4())
        self.key = key
        self.url = url
        self.body = body
        self.secret = secret
        self.attempts = 0
        self.log = []


def http_post(url, body, headers, timeout=5.0):
    import http.client
    import ssl
    u = urllib.parse.urlsplit(url)
    path = u.path or "/"
    if u.query:
        path += "?" + u.query
    try:
        if u.scheme == "https":
            conn = http.client.HTTPSConnection(u.hostname, u.port or 443, timeout=timeout,
                                               context=ssl.create_default_context())
        else:
            conn = http.client.HTTPConnection(u.hostname, u.port or 80, timeout=timeout)
        try:
            conn.request("POST", path, body=body, headers=headers)
            resp = conn.getresponse()
            resp.read(65536)
            return 200 <= resp.status < 300, "HTTP %d" % resp.status
        finally:
            conn.close()
    except Exception as e:  # network failure counts as "not acknowledged"
        return False, "%s: %s" % (type(e).__name__, e)


class Notifier:
    """Deliveries to one (resource, url) go out in order; a delivery is
    acknowledged by any 2xx answer. Otherwise it is sent again after
    NOTIFY_RETRY[n] seconds of the sandbox clock, then given up."""

    def __init__(self):
        self.lock = threading.Lock()
        self.queues = {}
        self.pool = ThreadPoolExecutor(max_workers=16, thread_name_prefix="notify")
        self.history = collections.deque(maxlen=2000)

    def send(self, key, url, obj, secret):
        if not url:
            return
        d = Delivery(key, url, dumpb(obj), secret)
        with self.lock:
            q = self.queues.setdefault((key, url), collections.deque())
            q.append(d)
            first = len(q) == 1
        if first:
            self.dispatch(d)

    def dispatch(self, d):
        self.pool.submit(self.attempt, d)

    def attempt(self, d):
        sig = hmac.new(d.secret.encode(), d.body, "sha256").hexdigest()
        headers = {
            "Content-Type": "application/json",
            "User-Agent": "NordwindPay-Sandbox-Notifier/2.3",
            "X-Notification-Id": d.id,
            "X-Notification-Signature": "sha256=" + sig,
        }
        ok, info = http_post(d.url, d.body, headers)
        d.attempts += 1
        d.log.append(info)
        if ok or d.attempts > len(TD.NOTIFY_RETRY):
            self.history.append({"id": d.id, "url": d.url, "attempts": d.attempts,
                                 "delivered": ok, "results": list(d.log)})
            nxt = None
            with self.lock:
                q = self.queues.get((d.key, d.url))
                if q:
                    q.popleft()
                    if q:
                        nxt = q[0]
                    else:
                        del self.queues[(d.key, d.url)]
            if nxt is not None:
                self.dispatch(nxt)
        else:
            with LOCK:
                TIMELINE.after(TD.NOTIFY_RETRY[d.attempts - 1], self.dispatch, d)


NOTIFIER = Notifier()


# ================================================================ state
class State:
    def __init__(self):
        self.payments = {}
        self.by_v1 = {}
        self.merchant_payments = collections.defaultdict(list)   # created order
        self.merchant_payment_times = collections.defaultdict(list)
        self.refunds = {}
        self.refunds_by_v1 = {}
        self.merchant_refunds = collections.defaultdict(list)
        self.merchant_refund_times = collections.defaultdict(list)
        self.tokens = {}
        self.receipts = {}
        self.payment_receipts = collections.defaultdict(list)
        self.stickers = {}
        self.merchant_stickers = collections.defaultdict(list)
        self.sticker_by_code = {}
        self.pages = {}          # page key -> (kind, id)
        self.tx = {}             # 3DS transaction id / xid -> payment or token id
        self.idem = {}           # (merchant, key) -> entry
        self.nonces = collections.defaultdict(set)
        self.v1_payment_seq = itertools.count(880000101)
        self.v1_refund_seq = itertools.count(550000301)
        self.conf_seq = itertools.count(1)


ST = State()

NOTIFY_STATUSES = {"Authorized", "Settled", "Cancelled", "Rejected"}
FINAL = {"Settled", "Cancelled", "Rejected"}

MESSAGES = {
    "Success": "Approved",
    "TransactionDeclined": "Declined by the issuer",
    "IssuerUnavailable": "The issuer is not available",
    "RejectedByFraud": "Rejected by fraud monitoring",
    "InvalidAmount": "Invalid amount",
    "InvalidAccount": "Wrong or nonexistent card number or account",
    "BlockedAccount": "Card or account blocked or lost",
    "OperationNotAllowed": "Operation not allowed for this instrument",
    "InsufficientFunds": "Insufficient funds",
    "ExpiredAccount": "Card expired or wrong expiry date",
    "PaymentLimitExceeded": "Payment amount limit exceeded",
    "PaymentCountExceeded": "Payment count limit exceeded",
    "CardNotEnrolled": "Card not enrolled for 3-D Secure",
    "ThreeDSecureFailed": "3-D Secure authentication failed",
    "CancelledByUser": "Cancelled by the payer",
    "PaymentExpired": "Payment expired",
}

# authorization result code -> v1 ErrorCode
V1_ERROR = {
    "TransactionDeclined": -10, "IssuerUnavailable": -2, "RejectedByFraud": -10,
    "InvalidAmount": -18, "InvalidAccount": -26, "BlockedAccount": -28,
    "OperationNotAllowed": -31, "InsufficientFunds": -19, "ExpiredAccount": -27,
    "PaymentLimitExceeded": -29, "PaymentCountExceeded": -30, "CardNotEnrolled": -25,
    "ThreeDSecureFailed": -25, "CancelledByUser": -17, "PaymentExpired": -15,
}

V1_METHOD = {"bankcard": "BankCard", "sbp": "SBP", "ewallet": "EWallet", "voucher": "Voucher",
             "mcommerce": "MobileCommerce", "installment": "Installment"}


def merchant_secret(mid):
    return TD.MERCHANTS[mid]["notify_secret"]


# ================================================================ helpers
def card_info_of(card):
    return {"brand": card["brand"], "issuer": card["issuer"], "country": card["country"],
            "type": card["type"], "category": card["category"]}


def card_lookup(pan):
    """-> (card definition or None, decline code or None)"""
    if not luhn_ok(pan):
        return None, "InvalidAccount"
    c = TD.CARDS.get(pan)
    if c is None:
        return None, "InvalidAccount"
    return c, None


def brand_of(pan):
    if pan.startswith("4"):
        return "Visa"
    if pan[:2] in ("51", "52", "53", "54", "55") or pan[:4] in ("2221", "2720"):
        return "Mastercard"
    if pan.startswith("220"):
        return "Mir"
    return "Card"


def expiry_end(mm, yyyy):
    import datetime as dt
    y, m = int(yyyy), int(mm)
    if m == 12:
        nxt = dt.datetime(y + 1, 1, 1, tzinfo=dt.timezone.utc)
    else:
        nxt = dt.datetime(y, m + 1, 1, tzinfo=dt.timezone.utc)
    return nxt.timestamp() - 1


# ================================================================ payments
def _index_payment(p):
    ST.payments[p["id"]] = p
    ST.by_v1[p["v1id"]] = p
    ST.merchant_payments[p["merchant"]].append(p)
    ST.merchant_payment_times[p["merchant"]].append(p["created"])


def new_payment(merchant, base, amount, currency, **kw):
    now = CLOCK.stamp()
    p = {
        "id": new_id("pm_"), "v1id": next(ST.v1_payment_seq), "merchant": merchant,
        "created": now, "updated": now, "completed": None, "testMode": False,
        "dualMode": False, "status": "Pending", "resultCode": None, "message": None,
        "invoice": {}, "amount": amount, "currency": currency, "held": None,
        "captured": None, "customer": {}, "protocol": {}, "device": {}, "tokenization": None,
        "receipt": None, "method": None, "title": None, "cardInfo": None, "agreement": None,
        "card": None, "pan": None, "expiry": None, "phone": None, "account": None,
        "steps": [], "conf": None, "after": None, "token_out": None, "token_used": None,
        "is_invoice": False, "invoice_key": None, "invoice_method": None, "sticker": None,
        "v1_error": None, "refunds": [], "base": base, "paid_via_page": False,
    }
    p.update(kw)
    _index_payment(p)
    return p


def payment_public(p, base=None):
    o = {"id": p["id"], "created": iso_ms(p["created"])}
    if p["completed"] is not None:
        o["completed"] = iso_ms(p["completed"])
    o["testMode"] = p["testMode"]
    o["status"] = p["status"]
    if p["resultCode"] is not None:
        o["resultCode"] = p["resultCode"]
        o["message"] = p["message"]
    o["merchantId"] = p["merchant"]
    inv = invoice_public(p)
    if inv:
        o["invoice"] = inv
    o["amount"] = amount_obj(p["amount"], p["currency"])
    if p["customer"].get("ip"):
        o["customer"] = {"ip": p["customer"]["ip"]}
    method = p["method"] or p["invoice_method"]
    if method:
        pd = {"paymentMethod": method}
        if p["title"]:
            pd["paymentInstrumentTitle"] = p["title"]
        if p["agreement"]:
            pd["agreement"] = p["agreement"]
        if p["cardInfo"]:
            pd["cardInfo"] = dict(p["cardInfo"])
        o["paymentData"] = pd
    if p["conf"] is not None:
        o["confirmation"] = dict(p["conf"]["public"])
    tid = p["token_out"] or p["token_used"]
    if tid and tid in ST.tokens:
        t = ST.tokens[tid]
        o["paymentToken"] = {"id": t["id"], "expires": iso_s(t["expires"]), "title": t["title"]}
    return o


def invoice_public(p, with_params=True):
    inv = {}
    src = p["invoice"]
    for k in ("description", "orderNo"):
        if src.get(k) is not None:
            inv[k] = src[k]
    if src.get("expires") is not None:
        inv["expires"] = iso_s(src["expires"])
    if with_params and src.get("params"):
        inv["params"] = dict(src["params"])
    return inv


def payment_list_item(p):
    o = {"id": p["id"], "created": iso_ms(p["created"])}
    if p["completed"] is not None:
        o["completed"] = iso_ms(p["completed"])
    o["status"] = p["status"]
    o["merchantId"] = p["merchant"]
    inv = invoice_public(p, with_params=False)
    if inv:
        o["invoice"] = inv
    o["amount"] = amount_obj(p["amount"], p["currency"])
    method = p["method"] or p["invoice_method"]
    if method:
        pd = {"paymentMethod": method}
        if p["title"]:
            pd["paymentInstrumentTitle"] = p["title"]
        o["paymentData"] = pd
    return o


def payment_event(p):
    o = {"id": p["id"], "created": iso_ms(p["created"]), "testMode": p["testMode"],
         "status": p["status"], "merchantId": p["merchant"]}
    inv = invoice_public(p)
    if inv:
        o["invoice"] = inv
    o["amount"] = amount_obj(p["amount"], p["currency"])
    method = p["method"] or p["invoice_method"]
    if method:
        pd = {"paymentMethod": method}
        if p["title"]:
            pd["paymentInstrumentTitle"] = p["title"]
        o["paymentData"] = pd
    return o


def payment_callback_urls(p):
    urls = []
    if p["sticker"] and p["sticker"] in ST.stickers:
        u = ST.stickers[p["sticker"]].get("callbackUrl")
        if u:
            urls.append(u)
    u = p["protocol"].get("callbackUrl")
    if u and u not in urls:
        urls.append(u)
    return urls


def set_status(p, status, code=None, v1_error=None):
    old = p["status"]
    p["status"] = status
    p["updated"] = CLOCK.now()
    if code is not None:
        p["resultCode"] = code
        p["message"] = MESSAGES.get(code, code)
    if status != "Confirmation":
        p["conf"] = None
    if status in FINAL:
        p["completed"] = CLOCK.now()
    if status == "Rejected":
        p["v1_error"] = v1_error if v1_error is not None else V1_ERROR.get(code, -10)
    elif status == "Cancelled":
        p["v1_error"] = v1_error if v1_error is not None else -15
    if status in ("Authorized", "Settled") and old not in ("Authorized", "Settled"):
        _on_success(p)
    if status == "Settled" and p["receipt"] is not None:
        create_receipt(p, "Payment", p["captured"], p["receipt"], auto=True)
    if status in ("Cancelled", "Rejected"):
        for rid in ST.payment_receipts.get(p["id"], []):
            rc = ST.receipts[rid]
            if rc["status"] == "Pending" and rc["type"] == "Payment":
                rc["status"] = "Cancelled"
        if p["sticker"] and p["sticker"] in ST.stickers:
            s = ST.stickers[p["sticker"]]
            if s.get("pending_payment") == p["id"]:
                s["pending_payment"] = None
    if status != old and status in NOTIFY_STATUSES:
        ev = payment_event(p)
        for url in payment_callback_urls(p):
            NOTIFIER.send(("payment", p["id"]), url, ev, merchant_secret(p["merchant"]))


def _on_success(p):
    if p["sticker"] and p["sticker"] in ST.stickers:
        s = ST.stickers[p["sticker"]]
        if s.get("pending_payment") == p["id"]:
            s["pending_payment"] = None
    tz = p["tokenization"]
    if tz and p["method"] == "bankcard" and p["pan"] and not p["token_used"] and not p["token_out"]:
        t = new_token(p["merchant"], p["base"], kind="payment", ttype=tz.get("type") or "recurring",
                      purpose=tz.get("purpose"), callback=tz.get("callbackUrl"),
                      test_mode=p["testMode"], customer=p["customer"])
        attach_card(t, p["pan"], p["expiry"])
        p["token_out"] = t["id"]
        p["agreement"] = t["agreement"]
        token_set_status(t, "Active", "Success")


def schedule_conf_timeout(p):
    cid = p["conf"]["cid"]
    TIMELINE.after(TD.CONFIRMATION_SECONDS, _conf_timeout, p["id"], cid)


def _conf_timeout(pid, cid):
    p = ST.payments.get(pid)
    if p and p["status"] == "Confirmation" and p["conf"] and p["conf"]["cid"] == cid:
        if p["is_invoice"] and not p["method"]:
            return  # an unpaid invoice waits for its own expiry
        set_status(p, "Cancelled", "PaymentExpired", v1_error=-15)


def begin_step(p, stype):
    cid = next(ST.conf_seq)
    conf = {"type": stype, "cid": cid, "attempts": 0}
    base = p["base"]
    if stype == "External":
        key = page_key()
        ST.pages[key] = ("ext", p["id"])
        url = "%s/pay/x/%s" % (base, key)
        if p["method"] == "sbp":
            pub = {"type": "External", "paymentUrl": url, "universalLink": True,
                   "instruction": "Open the link on the payer's phone or show it as a QR code; "
                                  "the payer confirms in the bank's app."}
        elif p["method"] == "installment":
            pub = {"type": "External", "paymentUrl": url, "universalLink": False,
                   "instruction": "Send the payer to paymentUrl to sign the installment agreement."}
        else:
            pub = {"type": "External", "paymentUrl": url, "universalLink": False,
                   "instruction": "Send the payer to paymentUrl to approve the payment at the issuer."}
    elif stype == "SmsOtp":
        conf["code"] = TD.SMS_CODE
        phone = p["phone"] if p["method"] == "mcommerce" else (p["card"] or {}).get("sms_phone", "79160000000")
        pub = {"type": "SmsOtp", "maskedPhone": mask_phone(phone)}
    elif stype == "ThreeDSMethod":
        tx = str(uuid.uuid4())
        ST.tx[tx] = ("payment", p["id"])
        conf["tx"] = tx
        conf["method_loaded"] = False
        pub = {"type": "ThreeDSMethod", "methodUrl": "%s/acs/v2/method/%s" % (base, tx),
               "transactionId": tx}
    elif stype == "ThreeDSChallenge":
        tx = p.get("three_ds_tx") or str(uuid.uuid4())
        p["three_ds_tx"] = tx
        acs = str(uuid.uuid4())
        ST.tx[tx] = ("payment", p["id"])
        conf["tx"] = tx
        conf["acs"] = acs
        creq = b64url(json.dumps({"threeDSServerTransID": tx, "acsTransID": acs,
                                  "challengeWindowSize": "05", "messageType": "CReq",
                                  "messageVersion": "2.2.0"}, separators=(",", ":")).encode())
        pub = {"type": "ThreeDSChallenge", "acsUrl": "%s/acs/v2/challenge" % base, "creq": creq}
    elif stype == "ThreeDSv1":
        xid = base64.b64encode(uuid.uuid4().bytes + b"\x00\x00\x00\x00").decode()
        ST.tx[xid] = ("payment", p["id"])
        conf["xid"] = xid
        pub = {"type": "ThreeDSv1", "acsUrl": "%s/acs/v1/pareq" % base, "PAReq": make_pareq(p, xid)}
    else:
        raise ValueError(stype)
    conf["public"] = pub
    p["conf"] = conf
    if p["status"] != "Confirmation":
        set_status(p, "Confirmation")
    p["conf"] = conf
    p["updated"] = CLOCK.now()
    schedule_conf_timeout(p)


def start_authorization(p):
    if p["steps"]:
        begin_step(p, p["steps"].pop(0))
    else:
        finalize(p)


def finish_step(p):
    p["conf"] = None
    if p["steps"]:
        begin_step(p, p["steps"].pop(0))
    else:
        finalize(p)


def approve(p):
    if p["dualMode"]:
        p["held"] = p["amount"]
        set_status(p, "Authorized", "Success", v1_error=0)
        TIMELINE.after(TD.HOLD_SECONDS, _hold_expiry, p["id"])
    else:
        p["captured"] = p["amount"]
        set_status(p, "Settled", "Success", v1_error=0)


def _hold_expiry(pid):
    p = ST.payments.get(pid)
    if p and p["status"] == "Authorized":
        p["held"] = None
        set_status(p, "Cancelled", "PaymentExpired", v1_error=-15)


def finalize(p):
    after = p["after"]
    p["conf"] = None
    if after == "approve":
        approve(p)
    elif after == "pending":
        set_status(p, "Pending")
        TIMELINE.after(TD.PENDING_SECONDS, _resolve_pending, p["id"], "approve")
    elif after and after.startswith("pending:"):
        set_status(p, "Pending")
        TIMELINE.after(TD.PENDING_SECONDS, _resolve_pending, p["id"], after.split(":", 1)[1])
    elif after and after.startswith("sbp:"):
        set_status(p, "Pending")
        TIMELINE.after(TD.SBP_SECONDS, _resolve_pending, p["id"], after.split(":", 1)[1])
    else:
        set_status(p, "Rejected", after or "TransactionDeclined")


def _resolve_pending(pid, outcome):
    p = ST.payments.get(pid)
    if not p or p["status"] != "Pending":
        return
    if outcome == "approve":
        approve(p)
    else:
        set_status(p, "Rejected", outcome)


def fail_attempt(p):
    conf = p["conf"]
    conf["attempts"] += 1
    p["updated"] = CLOCK.now()
    if conf["attempts"] >= TD.MAX_CONFIRMATION_ATTEMPTS:
        code = "TransactionDeclined" if conf["type"] == "SmsOtp" else "ThreeDSecureFailed"
        set_status(p, "Rejected", code)
        return False
    return True


# ---------------------------------------------------------------- instruments
def plan_card(p, pan, mm, yyyy, via_token=False, via_dsrp=False):
    """Sets the card members and p['steps'] / p['after']."""
    p["method"] = "bankcard"
    p["pan"] = pan
    p["expiry"] = (mm, yyyy)
    p["title"] = mask_pan(pan)
    card, code = card_lookup(pan)
    p["card"] = card
    if card:
        p["cardInfo"] = card_info_of(card)
    if code:
        p["after"] = code
        return
    if expiry_end(mm, yyyy) < CLOCK.now():
        p["after"] = "ExpiredAccount"
        return
    if p["amount"] > Decimal(TD.MERCHANTS[p["merchant"]]["max_amount"]):
        p["after"] = "PaymentLimitExceeded"
        return
    b = card["behaviour"]
    if b == "approve":
        p["after"] = "approve"
    elif b == "pending":
        p["after"] = "pending"
    elif b == "pending-decline":
        p["after"] = "pending:" + card["code"]
    else:
        p["after"] = card["code"]
    if not via_token and not via_dsrp:
        p["steps"] = list(card["steps"])


def plan_simple(p, table, key, method, title, pending=False, steps=None):
    p["method"] = method
    p["title"] = title
    outcome = table.get(key, "InvalidAccount")
    if outcome == "approve" and p["amount"] > Decimal(TD.MERCHANTS[p["merchant"]]["max_amount"]):
        outcome = "PaymentLimitExceeded"
    if pending and key in table:
        p["after"] = "sbp:" + outcome
    else:
        p["after"] = outcome
    if steps and key in table:
        p["steps"] = list(steps)


# ---------------------------------------------------------------- 3-D Secure
def make_pareq(p, xid):
    root = ET.Element("ThreeDSecure")
    msg = ET.SubElement(root, "Message", id="pareq-" + p["id"])
    pareq = ET.SubElement(msg, "PAReq")
    ET.SubElement(pareq, "version").text = "1.0.2"
    m = ET.SubElement(pareq, "Merchant")
    ET.SubElement(m, "acqBIN").text = "418015"
    ET.SubElement(m, "merID").text = p["merchant"]
    ET.SubElement(m, "name").text = TD.MERCHANTS[p["merchant"]]["name"]
    pu = ET.SubElement(pareq, "Purchase")
    ET.SubElement(pu, "xid").text = xid
    ET.SubElement(pu, "date").text = time.strftime("%Y%m%d %H:%M:%S", time.gmtime(CLOCK.now()))
    ET.SubElement(pu, "amount").text = "%s %s" % (money(p["amount"]), p["currency"])
    ET.SubElement(pu, "purchAmount").text = str(int(p["amount"] * 100))
    ET.SubElement(pu, "currency").text = "643" if p["currency"] == "RUB" else "398"
    ET.SubElement(pu, "exponent").text = "2"
    ch = ET.SubElement(pareq, "CH")
    ET.SubElement(ch, "acctID").text = mask_pan(p["pan"] or "0000000000000000")
    mm, yyyy = p["expiry"] or ("01", "2099")
    ET.SubElement(ch, "expiry").text = yyyy[2:] + mm
    raw = ET.tostring(root, encoding="utf-8")
    return base64.b64encode(zlib.compress(raw)).decode()


def read_pareq(s):
    """-> xid or None"""
    try:
        raw = _inflate(base64.b64decode(s.strip(), validate=False))
    except Exception:
        return None
    m = re.search(rb"<xid>([A-Za-z0-9+/=]{8,64})</xid>", raw)
    return m.group(1).decode() if m else None


def _inflate(data, limit=65536):
    d = zlib.decompressobj()
    out = d.decompress(data, limit)
    if d.unconsumed_tail:
        raise ValueError("too large")
    return out


def make_pares(p, xid, status):
    root = ET.Element("ThreeDSecure")
    msg = ET.SubElement(root, "Message", id="pares-" + p["id"])
    pares = ET.SubElement(msg, "PARes")
    ET.SubElement(pares, "version").text = "1.0.2"
    m = ET.SubElement(pares, "Merchant")
    ET.SubElement(m, "merID").text = p["merchant"]
    pu = ET.SubElement(pares, "Purchase")
    ET.SubElement(pu, "xid").text = xid
    ET.SubElement(pu, "purchAmount").text = str(int(p["amount"] * 100))
    tx = ET.SubElement(pares, "TX")
    ET.SubElement(tx, "time").text = time.strftime("%Y%m%d %H:%M:%S", time.gmtime(CLOCK.now()))
    ET.SubElement(tx, "status").text = status
    ET.SubElement(tx, "cavv").text = hmac_b64("cavv", xid)[:28] if status == "Y" else ""
    ET.SubElement(tx, "eci").text = "05" if status == "Y" else "07"
    ET.SubElement(msg, "Signature").text = hmac_b64("pares", xid, status)
    raw = ET.tostring(root, encoding="utf-8")
    return base64.b64encode(zlib.compress(raw)).decode()


def verify_pares(conf, s):
    """-> 'Y' / 'N' when the PARes is genuine for this step, else None"""
    try:
        raw = _inflate(base64.b64decode(s.strip(), validate=False))
    except Exception:
        return None
    mx = re.search(rb"<xid>([^<]{1,80})</xid>", raw)
    ms = re.search(rb"<status>([YNAU])</status>", raw)
    mg = re.search(rb"<Signature>([^<]{1,100})</Signature>", raw)
    if not (mx and ms and mg):
        return None
    xid, status, sig = mx.group(1).decode(), ms.group(1).decode(), mg.group(1).decode()
    if xid != conf.get("xid"):
        return None
    if not hmac.compare_digest(sig, hmac_b64("pares", xid, status)):
        return None
    return status


def make_cres(tx, acs, status):
    return b64url(json.dumps({
        "threeDSServerTransID": tx, "acsTransID": acs, "messageType": "CRes",
        "messageVersion": "2.2.0", "transStatus": status, "challengeCompletionInd": "Y",
        "acsSignature": hmac_b64("cres", tx, acs, status)}, separators=(",", ":")).encode())


def read_creq(s):
    try:
        o = json.loads(b64url_dec(s).decode())
        return o.get("threeDSServerTransID"), o.get("acsTransID")
    except Exception:
        return None, None


def verify_cres(conf, s):
    try:
        o = json.loads(b64url_dec(s).decode())
    except Exception:
        return None
    if not isinstance(o, dict):
        return None
    tx, acs, st, sig = (o.get("threeDSServerTransID"), o.get("acsTransID"),
                        o.get("transStatus"), o.get("acsSignature"))
    if not all(isinstance(x, str) for x in (tx, acs, st, sig)):
        return None
    if tx != conf.get("tx") or acs != conf.get("acs"):
        return None
    if not hmac.compare_digest(sig, hmac_b64("cres", tx, acs, st)):
        return None
    return st


# ---------------------------------------------------------------- capture / cancel / refunds
def capture(p, value):
    p["captured"] = value
    p["held"] = None
    set_status(p, "Settled", v1_error=0)


def cancel(p, v1_error=None):
    p["held"] = None
    set_status(p, "Cancelled", v1_error=v1_error)


def refundable(p):
    if p["status"] != "Settled" or p["captured"] is None:
        return Decimal(0)
    used = sum((ST.refunds[r]["amount"] for r in p["refunds"]
                if ST.refunds[r]["status"] != "Rejected"), Decimal(0))
    return p["captured"] - used


def refunded_total(p):
    return sum((ST.refunds[r]["amount"] for r in p["refunds"]
                if ST.refunds[r]["status"] != "Rejected"), Decimal(0))


def new_refund(p, value, external_id=None, receipt=None, source="v2"):
    now = CLOCK.stamp()
    r = {"id": new_id("rf_"), "v1id": next(ST.v1_refund_seq), "payment": p["id"],
         "merchant": p["merchant"], "created": now, "updated": now, "amount": value,
         "currency": p["currency"], "status": "Pending", "v1state": "PENDING",
         "externalID": external_id, "receipt": receipt, "error_code": None,
         "error_desc": None, "resultCode": None, "source": source}
    ST.refunds[r["id"]] = r
    ST.refunds_by_v1[r["v1id"]] = r
    ST.merchant_refunds[p["merchant"]].append(r)
    ST.merchant_refund_times[p["merchant"]].append(now)
    p["refunds"].append(r["id"])
    TIMELINE.after(TD.REFUND_QUEUE_SECONDS, _refund_executing, r["id"])
    TIMELINE.after(TD.REFUND_SECONDS, _refund_final, r["id"])
    return r


def _refund_executing(rid):
    r = ST.refunds[rid]
    if r["status"] == "Pending":
        r["v1state"] = "EXECUTING"
        r["updated"] = CLOCK.now()


def _refund_final(rid):
    r = ST.refunds[rid]
    if r["status"] != "Pending":
        return
    p = ST.payments[r["payment"]]
    r["updated"] = CLOCK.now()
    if p["card"] and p["card"].get("refunds_rejected"):
        r["status"] = "Rejected"
        r["v1state"] = "FAILURE"
        r["resultCode"] = "OperationNotAllowed"
        r["error_code"] = -31
        r["error_desc"] = "The acquirer refused the refund for this card"
    else:
        r["status"] = "Success"
        r["v1state"] = "SUCCESS"
        r["resultCode"] = "Success"
        if r["receipt"] is not None:
            create_receipt(p, "Refund", r["amount"], r["receipt"], auto=True)


def refund_public(r, creation=False):
    o = {"id": r["id"], "created": iso_ms(r["created"]), "paymentId": r["payment"],
         "amount": amount_obj(r["amount"], r["currency"]), "status": r["status"]}
    if creation:
        o["resultCode"] = "Success"
    elif r["resultCode"] is not None:
        o["resultCode"] = r["resultCode"]
    return o


def refund_list_item(r):
    return {"id": r["id"], "created": iso_ms(r["created"]), "paymentId": r["payment"],
            "amount": amount_obj(r["amount"], r["currency"]), "status": r["status"]}


# ================================================================ receipts
def create_receipt(p, rtype, value, req, auto=False):
    now = CLOCK.stamp()
    client = dict(req.get("client") or {})
    rc = {"id": new_id("rc_"), "payment": p["id"], "merchant": p["merchant"], "created": now,
          "amount": value if value is not None else p["amount"], "currency": p["currency"],
          "type": rtype, "status": "Pending",
          "providerOperationId": "OFD-%d-%s" % (int(now), new_id("", 8).upper()),
          "fiscalData": None, "client": client, "items": req.get("items") or [],
          "settlements": req.get("settlements"),
          "reject": client.get("email") == TD.RECEIPT_REJECT_EMAIL}
    ST.receipts[rc["id"]] = rc
    ST.payment_receipts[p["id"]].append(rc["id"])
    TIMELINE.after(TD.RECEIPT_SECONDS, _receipt_final, rc["id"])
    return rc


_fiscal_counter = itertools.count(1201)


def _receipt_final(rid):
    rc = ST.receipts[rid]
    if rc["status"] != "Pending":
        return
    p = ST.payments[rc["payment"]]
    if rc["type"] == "Payment" and p["status"] in ("Cancelled", "Rejected"):
        rc["status"] = "Cancelled"
        return
    if rc["reject"]:
        rc["status"] = "Rejected"
        return
    n = next(_fiscal_counter)
    rc["status"] = "Success"
    rc["fiscalData"] = {
        "fiscalDeviceId": "0004210359017702",
        "shiftNumber": str(100 + (int(CLOCK.now()) // 86400) % 300),
        "receiptNumber": str(n % 1000 + 1),
        "documentId": str(n),
        "fiscalAttribute": str(int(hmac_b64("fpd", rc["id"]).encode().hex(), 16) % 10**10).zfill(10),
        "timestamp": iso_s(CLOCK.now()),
    }


def receipt_public(rc):
    o = {"id": rc["id"], "created": iso_ms(rc["created"]), "paymentId": rc["payment"],
         "amount": amount_obj(rc["amount"], rc["currency"]), "type": rc["type"],
         "status": rc["status"], "providerOperationId": rc["providerOperationId"]}
    if rc["fiscalData"]:
        o["fiscalData"] = dict(rc["fiscalData"])
    return o


# ================================================================ tokens
def new_token(merchant, base, kind, ttype, purpose, callback, test_mode, customer, return_url=None):
    now = CLOCK.stamp()
    t = {"id": new_id("pt_"), "merchant": merchant, "created": now, "status": "Created",
         "resultCode": None, "title": None, "expires": None, "cardInfo": None,
         "pan": None, "card": None, "type": ttype, "purpose": purpose, "callback": callback,
         "returnUrl": return_url, "testMode": test_mode, "customer": dict(customer or {}),
         "conf": None, "kind": kind, "blocked": False, "page_key": None, "base": base,
         "agreement": "AGR-" + new_id("", 10).upper(), "finished": False}
    ST.tokens[t["id"]] = t
    return t


def attach_card(t, pan, expiry):
    mm, yyyy = expiry
    t["pan"] = pan
    card = TD.CARDS.get(pan) if luhn_ok(pan) else None
    t["card"] = card
    brand = card["brand"] if card else brand_of(pan)
    t["title"] = "%s *%s" % (brand, pan[-4:])
    t["expires"] = expiry_end(mm, yyyy)
    if card:
        t["cardInfo"] = card_info_of(card)
        t["blocked"] = bool(card.get("blocked_token"))


def verify_token_card(t):
    """Zero-amount verification of the token's card -> result code"""
    pan = t["pan"]
    card, code = card_lookup(pan)
    if code:
        return code
    if t["expires"] < CLOCK.now():
        return "ExpiredAccount"
    if card["behaviour"] in ("decline", "pending-decline"):
        return card["code"]
    return "Success"


def token_set_status(t, status, code=None):
    old = t["status"]
    t["status"] = status
    if code is not None:
        t["resultCode"] = code
    if status != "Created":
        t["conf"] = None
        t["finished"] = True
    if status != old and status in ("Active", "Revoked") and t["callback"]:
        ev = {"id": t["id"], "status": status, "title": t["title"]}
        if t["expires"] is not None:
            ev["expires"] = iso_s(t["expires"])
        NOTIFIER.send(("token", t["id"]), t["callback"], ev, merchant_secret(t["merchant"]))


def token_public(t):
    o = {"id": t["id"], "status": t["status"]}
    if t["resultCode"] is not None:
        o["resultCode"] = t["resultCode"]
    if t["title"] is not None:
        o["title"] = t["title"]
    if t["expires"] is not None:
        o["expires"] = iso_s(t["expires"])
    if t["cardInfo"]:
        o["cardInfo"] = dict(t["cardInfo"])
    if t["conf"] is not None:
        o["confirmation"] = dict(t["conf"])
    return o


# ================================================================ stickers
def sticker_public(s):
    o = {"id": s["id"], "stickerType": s["stickerType"], "cashlink": s["cashlink"]}
    for k in ("description", "productCode", "paymentPurpose"):
        if s.get(k) is not None:
            o[k] = s[k]
    if s["amount"] is not None:
        o["amount"] = amount_obj(s["amount"], s["currency"])
    o["status"] = s["status"]
    o["payload"] = s["payload"]
    return o


# ================================================================ lists
def range_slice(items, times, start, end):
    """items whose created is within [start, end] (both inclusive)"""
    lo = bisect.bisect_left(times, start)
    hi = bisect.bisect_right(times, end)
    return items[lo:hi]


TIMELINE_THREAD = None


def start_background():
    global TIMELINE_THREAD
    TIMELINE_THREAD = threading.Thread(target=TIMELINE.loop, name="timeline", daemon=True)
    TIMELINE_THREAD.start()
