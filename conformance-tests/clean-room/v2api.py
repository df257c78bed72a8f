"""The REST/JSON interface under /api/v2."""

import hashlib
import json
import re
import time
from decimal import Decimal

import core
import testdata as TD
from core import CLOCK, LOCK, ST, TIMELINE
from util import (EMAIL, EXPIRY, PHONE, BadJson, Validator, b64url, b64url_dec, dumpb,
                  hmac_b64, iso_ms, loads, money, page_key, parse_ts, TsError)

ACQUIRER_DELAY = 0.03     # seconds a creating call spends "at the acquirer"
METHODS = ("bankcard", "sbp", "ewallet", "voucher", "mcommerce", "installment")
VAT = {"None", "Vat0", "Vat5", "Vat7", "Vat10", "Vat22", "Vat105", "Vat107", "Vat110", "Vat122"}
AGENT = {"BankPaymentAgent", "BankPaymentSubagent", "PaymentAgent", "PaymentSubagent",
         "Attorney", "Commissioner", "Agent"}
SUBJECT = {"Commodity", "Excise", "Job", "Service", "Gambling", "Lottery", "IntellectualActivity",
           "Payment", "AgentFee", "PropertyRights", "NonOperatingIncome", "InsurancePayment",
           "SalesTax", "ResortFee", "Other"}
SETTLEMENT = {"FullPrepayment", "PartialPrepayment", "Advance", "FullPayment", "PartialPayment",
              "Credit"}
MEASURE = {"Piece", "Gram", "Kilogram", "Tonne", "Centimeter", "Decimeter", "Meter",
           "SquareCentimeter", "SquareDecimeter", "SquareMeter", "Millilitre", "Litre",
           "QubicMeter", "KilowattHour", "Gigacal", "Day", "Hour", "Minute", "Second",
           "Kilobyte", "Megabyte", "Gigabyte", "Terabyte", "Other"}
INN = re.compile(r"^(\d{10}|\d{12})$")
KEY_RE = re.compile(r"^[\x21-\x7e]{1,64}$")
MAX_PERIOD = 92 * 86400


class ApiError(Exception):
    def __init__(self, status, code, message, errors=None, headers=None):
        self.status, self.code, self.message, self.errors = status, code, message, errors
        self.headers = headers or []


def verr(errors):
    return ApiError(400, "validation_error", "The request has %d invalid member%s"
                    % (len(errors), "" if len(errors) == 1 else "s"), errors)


def not_found(what, ident):
    return ApiError(404, "invalid_operation", "%s %s does not exist" % (what, ident))


def forbidden(msg="The access token does not act for this merchant"):
    return ApiError(403, "not_authorized", msg)


def wrong_state(msg):
    return ApiError(422, "invalid_operation", msg)


def amount_refused(msg):
    return ApiError(422, "invalid_operation", msg)


def error_response(e):
    body = {"code": e.code, "message": e.message}
    if e.errors is not None:
        body["errors"] = list(e.errors)
    return e.status, [("Content-Type", "application/json; charset=utf-8")] + e.headers, dumpb(body)


def json_response(status, obj, extra=None):
    return status, [("Content-Type", "application/json; charset=utf-8")] + (extra or []), dumpb(obj)


def empty_response():
    return 200, [], b""


# ================================================================ request context
class Ctx:
    def __init__(self, req, merchant, rights, ids):
        self.req = req
        self.merchant = merchant
        self.rights = rights
        self.ids = ids
        self.base = req.base
        self._body = None
        self._parsed = False

    def q(self, name):
        v = self.req.query.get(name)
        return v[0] if v else None

    def body(self, required=True):
        if self._parsed:
            return self._body
        raw = self.req.body
        self._parsed = True
        if not raw or not raw.strip():
            if required:
                raise verr(["body: a JSON object is required"])
            self._body = {}
            return self._body
        ctype = (self.req.headers.get("Content-Type") or "").split(";")[0].strip().lower()
        if ctype != "application/json" and not ctype.endswith("+json"):
            raise verr(["Content-Type: must be application/json"])
        try:
            b = loads(raw)
        except BadJson as e:
            raise verr(["body: %s" % e])
        if not isinstance(b, dict):
            raise verr(["body: must be a JSON object"])
        self._body = b
        return b


def check_merchant(ctx, b):
    mid = b.get("merchantId") if isinstance(b, dict) else None
    if isinstance(mid, str) and mid and mid != ctx.merchant:
        raise forbidden("The access token does not act for merchant %s" % mid)


def owned(ctx, table, ident, what):
    obj = table.get(ident)
    if obj is None:
        raise not_found(what, ident)
    if obj["merchant"] != ctx.merchant:
        raise forbidden("The %s belongs to another merchant" % what.lower())
    return obj


# ================================================================ shared structures
def v_invoice(v, b, for_invoice):
    inv = v.obj(b, "invoice", "invoice")
    out = {}
    if inv is None:
        return out
    out["description"] = v.string(inv, "description", "invoice.description", maxlen=250)
    out["orderNo"] = v.string(inv, "orderNo", "invoice.orderNo", maxlen=64)
    exp = v.timestamp(inv, "expires", "invoice.expires")
    if exp is not None:
        now = CLOCK.now()
        if exp <= now + 60:
            v.err("invoice.expires", "must be at least one minute in the future")
            exp = None
        elif exp > now + TD.INVOICE_MAX_SECONDS:
            v.err("invoice.expires", "must be at most 30 days in the future")
            exp = None
    out["expires"] = exp
    params = v.obj(inv, "params", "invoice.params")
    if params is not None:
        if len(params) > 20:
            v.err("invoice.params", "must hold at most 20 entries")
        else:
            clean = {}
            for k, val in params.items():
                if len(k) < 1 or len(k) > 64:
                    v.err("invoice.params", "keys must be 1 to 64 characters long")
                elif not isinstance(val, str):
                    v.err("invoice.params.%s" % k, "must be a string")
                elif len(val) > 256:
                    v.err("invoice.params.%s" % k, "must be at most 256 characters long")
                else:
                    clean[k] = val
            out["params"] = clean
    return {k: val for k, val in out.items() if val is not None}


def v_customer(v, b, members=("email", "phone", "ip", "account")):
    c = v.obj(b, "customer", "customer")
    out = {}
    if c is None:
        return out
    if "email" in members:
        out["email"] = v.string(c, "email", "customer.email", maxlen=254, pattern=EMAIL,
                                pattern_msg="must be an e-mail address")
    if "phone" in members:
        out["phone"] = v.string(c, "phone", "customer.phone", maxlen=15, pattern=PHONE,
                                pattern_msg="must be an E.164 number without the + sign (8 to 15 digits)")
    if "ip" in members:
        out["ip"] = v.ip(c, "ip", "customer.ip")
    if "account" in members:
        out["account"] = v.string(c, "account", "customer.account", maxlen=64)
    return {k: val for k, val in out.items() if val is not None}


def v_protocol(v, b, members):
    pr = v.obj(b, "protocol", "protocol")
    out = {}
    if pr is None:
        return out
    for m in members:
        out[m] = v.url(pr, m, "protocol." + m)
    return {k: val for k, val in out.items() if val is not None}


def v_device(v, b):
    d = v.obj(b, "device", "device")
    out = {}
    if d is None:
        return out
    for m in ("language", "acceptHeader", "userAgent", "colorDepth", "screenHeight",
              "screenWidth", "utcOffsetMinutes"):
        out[m] = v.string(d, m, "device." + m, maxlen=2048)
    for m in ("colorDepth", "screenHeight", "screenWidth"):
        if out.get(m) is not None and not re.match(r"^\d{1,5}$", out[m]):
            v.err("device." + m, "must be a string of digits")
    if out.get("utcOffsetMinutes") is not None and not re.match(r"^-?\d{1,4}$", out["utcOffsetMinutes"]):
        v.err("device.utcOffsetMinutes", "must be a string holding a whole number of minutes")
    return {k: val for k, val in out.items() if val is not None}


def v_tokenization(v, b):
    t = v.obj(b, "tokenization", "tokenization")
    if t is None:
        return None
    out = {"type": v.string(t, "type", "tokenization.type", required=True, choices={"cof", "recurring"}),
           "purpose": v.string(t, "purpose", "tokenization.purpose", maxlen=210),
           "callbackUrl": v.url(t, "callbackUrl", "tokenization.callbackUrl")}
    return out


def v_client(v, c, path, need_contact=True):
    out = {"email": v.string(c, "email", path + ".email", maxlen=254, pattern=EMAIL,
                             pattern_msg="must be an e-mail address"),
           "phone": v.string(c, "phone", path + ".phone", maxlen=15, pattern=PHONE,
                             pattern_msg="must be an E.164 number without the + sign (8 to 15 digits)"),
           "name": v.string(c, "name", path + ".name", maxlen=256),
           "inn": v.string(c, "inn", path + ".inn", pattern=INN, pattern_msg="must hold 10 or 12 digits")}
    if need_contact and "email" not in c and "phone" not in c:
        v.err(path, "needs an email or a phone to send the receipt to")
    return {k: val for k, val in out.items() if val is not None}


def v_items(v, b, path="items", required=True):
    items = b.get("items") if isinstance(b, dict) else None
    if items is None:
        if required:
            v.err(path, "is required")
        return None
    if not isinstance(items, list):
        v.err(path, "must be an array")
        return None
    if not items:
        v.err(path, "must hold at least one position")
        return None
    if len(items) > 100:
        v.err(path, "must hold at most 100 positions")
        return None
    total = Decimal(0)
    out = []
    for i, it in enumerate(items):
        p = "%s[%d]" % (path, i)
        if not isinstance(it, dict):
            v.err(p, "must be an object")
            continue
        n0 = len(v.errors)
        o = {"name": v.string(it, "name", p + ".name", required=True, maxlen=128),
             "quantity": v.decimal(it, "quantity", p + ".quantity", required=True, frac=3,
                                   int_digits=8, allow_zero=False),
             "price": v.decimal(it, "price", p + ".price", required=True, frac=2, int_digits=10),
             "measure": v.string(it, "measure", p + ".measure", choices=MEASURE),
             "excise": v.decimal(it, "excise", p + ".excise", frac=2, int_digits=10),
             "vatType": v.string(it, "vatType", p + ".vatType", required=True, choices=VAT),
             "paymentSubject": v.string(it, "paymentSubject", p + ".paymentSubject", choices=SUBJECT),
             "paymentMethod": v.string(it, "paymentMethod", p + ".paymentMethod", choices=SETTLEMENT),
             "agentType": v.string(it, "agentType", p + ".agentType", choices=AGENT)}
        prod = v.obj(it, "product", p + ".product")
        if prod is not None:
            v.string(prod, "country", p + ".product.country", pattern=re.compile(r"^\d{3}$"),
                     pattern_msg="must be a three-digit country code (OKSM)")
            v.string(prod, "declaration", p + ".product.declaration", maxlen=32)
        mk = v.obj(it, "marking", p + ".marking")
        if mk is not None:
            v.string(mk, "code", p + ".marking.code", required=True, maxlen=256)
            mq = v.obj(mk, "quantity", p + ".marking.quantity")
            if mq is not None:
                num = v.integer(mq, "numerator", p + ".marking.quantity.numerator", required=True, minimum=1)
                den = v.integer(mq, "denominator", p + ".marking.quantity.denominator", required=True, minimum=1)
                if num is not None and den is not None and num >= den:
                    v.err(p + ".marking.quantity", "numerator must be smaller than denominator")
        sup = v.obj(it, "supplier", p + ".supplier")
        if sup is not None:
            v.string(sup, "name", p + ".supplier.name", maxlen=256)
            v.string(sup, "inn", p + ".supplier.inn", pattern=INN, pattern_msg="must hold 10 or 12 digits")
            v.string(sup, "phone", p + ".supplier.phone", maxlen=15, pattern=PHONE,
                     pattern_msg="must be an E.164 number without the + sign")
        if o["agentType"] is not None and sup is None:
            v.err(p + ".supplier", "is required with agentType")
        if len(v.errors) == n0:
            total += (o["quantity"] * o["price"]).quantize(Decimal("0.01"))
            out.append({k: val for k, val in o.items() if val is not None})
    return out, total


def v_settlements(v, b, path="settlements"):
    s = v.obj(b, "settlements", path)
    if s is None:
        return None
    out = {}
    for m in ("cashless", "advance", "loan", "consideration"):
        d = v.decimal(s, m, path + "." + m, frac=2, int_digits=12)
        if d is not None:
            out[m] = d
    if not out:
        v.err(path, "must hold at least one of cashless, advance, loan, consideration")
    return out


def v_receipt_embedded(v, b, with_settlements):
    r = v.obj(b, "receipt", "receipt")
    if r is None:
        return None
    c = v.obj(r, "client", "receipt.client", required=True)
    client = v_client(v, c, "receipt.client") if c is not None else {}
    res = v_items(v, r, "receipt.items")
    out = {"client": client, "items": res[0] if res else []}
    if with_settlements:
        out["settlements"] = v_settlements(v, r, "receipt.settlements")
    return out


def business_amount(merchant, amt, what="amount"):
    value, cur = amt
    if value <= 0:
        raise amount_refused("%s.value must be greater than zero" % what)
    if cur not in TD.MERCHANTS[merchant]["currencies"]:
        raise amount_refused("%s.currency %s is not accepted for merchant %s (accepted: %s)"
                             % (what, cur, merchant, ", ".join(sorted(TD.MERCHANTS[merchant]["currencies"]))))


def method_of(v, holder, key, path, required):
    m = v.string(holder, key, path, required=required, maxlen=32)
    if m is None:
        return None
    ml = m.lower()
    if ml not in METHODS:
        v.err(path, "must be one of %s" % ", ".join(METHODS))
        return None
    return ml


# ================================================================ 1 invoices
def create_invoice(ctx):
    b = ctx.body()
    check_merchant(ctx, b)
    v = Validator()
    v.string(b, "merchantId", "merchantId", required=True, maxlen=64)
    dual = v.boolean(b, "dualMode", "dualMode", default=False)
    test = v.boolean(b, "testMode", "testMode", default=False)
    tz = v_tokenization(v, b)
    inv = v_invoice(v, b, True)
    amt = v.amount(b, "amount", "amount")
    pm = method_of(v, b, "paymentMethod", "paymentMethod", False)
    proto = v_protocol(v, b, ("returnUrl", "callbackUrl"))
    cust = v_customer(v, b)
    rec = v_receipt_embedded(v, b, True)
    if v.errors:
        raise verr(v.errors)
    business_amount(ctx.merchant, amt)
    if dual and pm not in (None, "bankcard"):
        raise wrong_state("two-stage payments (dualMode) are offered for bankcard only")
    if tz and pm not in (None, "bankcard"):
        raise wrong_state("tokenization is offered for bankcard only")
    if "expires" not in inv:
        inv["expires"] = int(CLOCK.now() + TD.INVOICE_DEFAULT_SECONDS)
    key = page_key()
    p = core.new_payment(ctx.merchant, ctx.base, amt[0], amt[1], testMode=test, dualMode=dual,
                         invoice=inv, customer=cust, protocol=proto, tokenization=tz, receipt=rec,
                         is_invoice=True, invoice_key=key, invoice_method=pm,
                         phone=cust.get("phone"))
    ST.pages[key] = ("invoice", p["id"])
    url = "%s/pay/i/%s" % (ctx.base, key)
    p["invoice_url"] = url
    cid = next(ST.conf_seq)
    p["conf"] = {"type": "External", "cid": cid, "attempts": 0,
                 "public": {"type": "External", "paymentUrl": url, "universalLink": False,
                            "instruction": "The payer pays the invoice on paymentUrl."}}
    p["status"] = "Confirmation"
    TIMELINE.at(inv["expires"], _invoice_expiry, p["id"])
    return json_response(201, {"paymentId": p["id"], "url": url})


def _invoice_expiry(pid):
    p = ST.payments.get(pid)
    if p and p["status"] == "Confirmation":
        core.set_status(p, "Cancelled", "PaymentExpired", v1_error=-9)


# ================================================================ 2 payments
def create_payment(ctx):
    b = ctx.body()
    check_merchant(ctx, b)
    v = Validator()
    v.string(b, "merchantId", "merchantId", required=True, maxlen=64)
    dual = v.boolean(b, "dualMode", "dualMode", default=False)
    test = v.boolean(b, "testMode", "testMode", default=False)
    tz = v_tokenization(v, b)
    inv = v_invoice(v, b, False)
    amt = v.amount(b, "amount", "amount")
    proto = v_protocol(v, b, ("returnUrl", "callbackUrl", "threeDSCompleteUrl"))
    cust = v_customer(v, b)
    dev = v_device(v, b)
    rec = v_receipt_embedded(v, b, True)
    pd = v.obj(b, "paymentData", "paymentData", required=True)
    instr = {}
    method = None
    if pd is not None:
        method = method_of(v, pd, "paymentMethod", "paymentData.paymentMethod", True)
        if method == "bankcard":
            has_card, has_tok, has_dsrp = ("card" in pd), ("token" in pd), ("dsrp" in pd)
            if has_tok and (has_card or has_dsrp):
                v.err("paymentData", "give either token or card (with dsrp), not both")
            elif not (has_card or has_tok or has_dsrp):
                v.err("paymentData", "bankcard needs card, token or dsrp")
            elif has_tok:
                t = v.obj(pd, "token", "paymentData.token", required=True)
                if t is not None:
                    instr["token"] = v.string(t, "id", "paymentData.token.id", required=True, maxlen=64)
            else:
                if has_dsrp:
                    d = v.obj(pd, "dsrp", "paymentData.dsrp", required=True)
                    if d is not None:
                        v.string(d, "type", "paymentData.dsrp.type", required=True,
                                 choices={"ApplePay", "GooglePay"})
                        v.string(d, "cryptogram", "paymentData.dsrp.cryptogram", required=True,
                                 maxlen=512, pattern=re.compile(r"^[A-Za-z0-9+/=_-]+$"),
                                 pattern_msg="must be base64")
                        v.string(d, "eci", "paymentData.dsrp.eci", required=True,
                                 pattern=re.compile(r"^\d{2}$"), pattern_msg="must be two digits")
                        instr["dsrp"] = True
                c = v.obj(pd, "card", "paymentData.card", required=True)
                if c is not None:
                    instr["pan"] = v.string(c, "pan", "paymentData.card.pan", required=True,
                                            pattern=re.compile(r"^\d{13,19}$"),
                                            pattern_msg="must be 13 to 19 digits")
                    e = v.string(c, "expiry", "paymentData.card.expiry", required=True,
                                 pattern=EXPIRY, pattern_msg="must be MM/YYYY, for example 09/2029")
                    if e:
                        instr["expiry"] = (e[:2], e[3:])
                    if not has_dsrp:
                        v.string(c, "cvc", "paymentData.card.cvc", required=True,
                                 pattern=re.compile(r"^\d{3}$"), pattern_msg="must be 3 digits")
        elif method == "sbp":
            if "stickerId" in pd:
                instr["sticker"] = v.string(pd, "stickerId", "paymentData.stickerId", required=True, maxlen=64)
            else:
                instr["phone"] = v.string(pd, "phone", "paymentData.phone", maxlen=15, pattern=PHONE,
                                          pattern_msg="must be an E.164 number without the + sign")
        elif method == "mcommerce":
            instr["phone"] = v.string(pd, "phone", "paymentData.phone", required=True, maxlen=15,
                                      pattern=PHONE, pattern_msg="must be an E.164 number without the + sign")
        elif method == "ewallet":
            instr["account"] = v.string(pd, "account", "paymentData.account", required=True, maxlen=64)
        elif method == "voucher":
            instr["code"] = v.string(pd, "authorizationCode", "paymentData.authorizationCode",
                                     required=True, maxlen=64)
        if method != "sbp" and "stickerId" in pd:
            v.err("paymentData.stickerId", "is used with the sbp method only")
    if v.errors:
        raise verr(v.errors)
    business_amount(ctx.merchant, amt)
    if dual and method != "bankcard":
        raise wrong_state("two-stage payments (dualMode) are offered for bankcard only")
    if tz and (method != "bankcard" or "token" in instr):
        if method != "bankcard":
            raise wrong_state("tokenization is offered for bankcard only")
        tz = None   # a token charge does not make another token

    common = dict(testMode=test, dualMode=dual, invoice=inv, customer=cust, protocol=proto,
                  device=dev, tokenization=tz, receipt=rec)
    if method == "bankcard" and "token" in instr:
        t = owned(ctx, ST.tokens, instr["token"], "Payment token")
        if t["status"] == "Revoked":
            raise ApiError(422, "payment_token_revoked", "Payment token %s is revoked" % t["id"])
        if t["status"] != "Active":
            raise wrong_state("Payment token %s is %s, not Active" % (t["id"], t["status"]))
        if t["blocked"]:
            raise ApiError(422, "payment_token_blocked", "Payment token %s is temporarily locked" % t["id"])
        p = core.new_payment(ctx.merchant, ctx.base, amt[0], amt[1], **common)
        mm_yyyy = (time.strftime("%m", time.gmtime(t["expires"])), time.strftime("%Y", time.gmtime(t["expires"])))
        core.plan_card(p, t["pan"], mm_yyyy[0], mm_yyyy[1], via_token=True)
        p["token_used"] = t["id"]
        p["agreement"] = t["agreement"]
    elif method == "bankcard":
        p = core.new_payment(ctx.merchant, ctx.base, amt[0], amt[1], **common)
        core.plan_card(p, instr["pan"], instr["expiry"][0], instr["expiry"][1],
                       via_dsrp=bool(instr.get("dsrp")))
    elif method == "sbp" and instr.get("sticker"):
        s = owned(ctx, ST.stickers, instr["sticker"], "Sticker")
        if not s["cashlink"]:
            raise wrong_state("Sticker %s is not a cashlink sticker; its payer pays on its payload" % s["id"])
        if s["status"] != "Active":
            raise wrong_state("Sticker %s is %s" % (s["id"], s["status"]))
        if s.get("pending_payment"):
            raise wrong_state("Sticker %s already has payment %s waiting for the payer"
                              % (s["id"], s["pending_payment"]))
        if s["amount"] is not None:
            if amt[1] != s["currency"]:
                raise amount_refused("amount.currency must be %s, the sticker's currency" % s["currency"])
            if amt[0] > s["amount"]:
                raise amount_refused("amount.value exceeds the sticker's limit of %s" % money(s["amount"]))
        p = core.new_payment(ctx.merchant, ctx.base, amt[0], amt[1], sticker=s["id"], **common)
        p["method"] = "sbp"
        s["pending_payment"] = p["id"]
        cid = next(ST.conf_seq)
        p["conf"] = {"type": "External", "cid": cid, "attempts": 0,
                     "public": {"type": "External", "paymentUrl": s["payload"], "universalLink": True,
                                "instruction": "The payer scans sticker %s in the bank's app." % s["id"]}}
        p["status"] = "Confirmation"
        core.schedule_conf_timeout(p)
        return json_response(201, core.payment_public(p))
    elif method == "sbp":
        p = core.new_payment(ctx.merchant, ctx.base, amt[0], amt[1], **common)
        if instr.get("phone"):
            core.plan_simple(p, TD.SBP_PHONES, instr["phone"], "sbp", instr["phone"], pending=True)
            p["phone"] = instr["phone"]
        else:
            p["method"] = "sbp"
            p["after"] = "approve"
            p["steps"] = ["External"]
    elif method == "mcommerce":
        p = core.new_payment(ctx.merchant, ctx.base, amt[0], amt[1], **common)
        p["phone"] = instr["phone"]
        core.plan_simple(p, TD.MCOMMERCE_PHONES, instr["phone"], "mcommerce", instr["phone"],
                         steps=["SmsOtp"])
    elif method == "ewallet":
        p = core.new_payment(ctx.merchant, ctx.base, amt[0], amt[1], **common)
        p["account"] = instr["account"]
        core.plan_simple(p, TD.EWALLET_ACCOUNTS, instr["account"], "ewallet", instr["account"])
    elif method == "voucher":
        p = core.new_payment(ctx.merchant, ctx.base, amt[0], amt[1], **common)
        core.plan_simple(p, TD.VOUCHERS, instr["code"], "voucher",
                         instr["code"][:4] + "****" + instr["code"][-4:])
    else:  # installment
        p = core.new_payment(ctx.merchant, ctx.base, amt[0], amt[1], **common)
        p["method"] = "installment"
        p["title"] = "Installment plan"
        p["after"] = "approve"
        p["steps"] = ["External"]
    core.start_authorization(p)
    return json_response(201, core.payment_public(p))


# ================================================================ 3 complete
EXPECT = {"SmsOtp": "code", "ThreeDSMethod": "threeDSCompInd", "ThreeDSChallenge": "cres",
          "ThreeDSv1": "PARes"}
ANSWERS = ("code", "threeDSCompInd", "cres", "PARes")


def complete_payment(ctx):
    p = owned(ctx, ST.payments, ctx.ids[0], "Payment")
    b = ctx.body(required=False)
    v = Validator()
    vals = {}
    for m in ANSWERS:
        vals[m] = v.string(b, m, m, maxlen=16384)
    if v.errors:
        raise verr(v.errors)
    if p["status"] != "Confirmation" or p["conf"] is None:
        raise wrong_state("Payment %s is %s and awaits no confirmation" % (p["id"], p["status"]))
    conf = p["conf"]
    t = conf["type"]
    if t == "External":
        raise wrong_state("An External step is finished by the payer on paymentUrl, not by this call")
    need = EXPECT[t]
    for m in ANSWERS:
        if m != need and m in b:
            v.err(m, "is not expected for a step of type %s" % t)
    if vals[need] is None:
        v.err(need, "is required for a step of type %s" % t)
    elif t == "SmsOtp" and not re.match(r"^\d{4,8}$", vals[need]):
        v.err("code", "must be 4 to 8 digits")
    elif t == "ThreeDSMethod" and vals[need] not in ("Y", "N", "U"):
        v.err("threeDSCompInd", "must be Y, N or U")
    if v.errors:
        raise verr(v.errors)
    ans = vals[need]
    if t == "SmsOtp":
        if ans == conf["code"]:
            core.finish_step(p)
        else:
            core.fail_attempt(p)
    elif t == "ThreeDSMethod":
        conf["compInd"] = ans
        core.finish_step(p)
    elif t == "ThreeDSChallenge":
        st = core.verify_cres(conf, ans)
        if st == "Y":
            core.finish_step(p)
        elif st is not None:
            core.set_status(p, "Rejected", "ThreeDSecureFailed")
        else:
            core.fail_attempt(p)
    elif t == "ThreeDSv1":
        st = core.verify_pares(conf, ans)
        if st in ("Y", "A"):
            core.finish_step(p)
        elif st is not None:
            core.set_status(p, "Rejected", "ThreeDSecureFailed")
        else:
            core.fail_attempt(p)
    return json_response(200, core.payment_public(p))


# ================================================================ 4 capture, 5 cancel, 6 read
def capture_payment(ctx):
    p = owned(ctx, ST.payments, ctx.ids[0], "Payment")
    b = ctx.body(required=False)
    v = Validator()
    amt = v.amount(b, "amount", "amount", required=False)
    rec = None
    if "receipt" in b:
        rec = v_receipt_embedded(v, b, False)
    if v.errors:
        raise verr(v.errors)
    if p["status"] != "Authorized":
        raise wrong_state("Payment %s is %s; only an Authorized payment is captured" % (p["id"], p["status"]))
    value = p["held"]
    if amt is not None:
        if amt[1] != p["currency"]:
            raise amount_refused("amount.currency must be %s, the payment's currency" % p["currency"])
        if amt[0] <= 0:
            raise amount_refused("amount.value must be greater than zero")
        if amt[0] > p["held"]:
            raise amount_refused("amount.value %s exceeds the held %s" % (money(amt[0]), money(p["held"])))
        value = amt[0]
    if rec is not None:
        prev = p["receipt"] or {}
        rec["settlements"] = prev.get("settlements")
        p["receipt"] = rec
    core.capture(p, value)
    return empty_response()


def cancel_payment(ctx):
    p = owned(ctx, ST.payments, ctx.ids[0], "Payment")
    if p["status"] == "Cancelled":
        return empty_response()
    if p["status"] not in ("Authorized", "Confirmation"):
        raise wrong_state("Payment %s is %s and cannot be cancelled" % (p["id"], p["status"]))
    core.cancel(p)
    return empty_response()


def get_payment(ctx):
    p = owned(ctx, ST.payments, ctx.ids[0], "Payment")
    return json_response(200, core.payment_public(p))


# ================================================================ lists and cursors
def make_cursor(kind, merchant, filt, created):
    body = b64url(json.dumps([kind, merchant, filt, repr(created)], separators=(",", ":")).encode())
    return body + "." + hmac_b64("cursor", body)[:16]


def read_cursor(s, kind, merchant, filt):
    try:
        body, tag = s.split(".", 1)
        if tag != hmac_b64("cursor", body)[:16]:
            raise ValueError
        k, m, f, created = json.loads(b64url_dec(body).decode())
    except Exception:
        raise verr(["cursor: is not a cursor this service gave out"])
    if k != kind or m != merchant or f != filt:
        raise verr(["cursor: belongs to another request; repeat the same request with the cursor added"])
    return float(created)


def period_query(ctx, v):
    mid = ctx.q("merchantId")
    start_s, end_s = ctx.q("start"), ctx.q("end")
    q = {"merchantId": mid, "start": start_s, "end": end_s}
    v.string(q, "merchantId", "merchantId", required=True, maxlen=64)
    start = v.timestamp(q, "start", "start", required=True)
    end = v.timestamp(q, "end", "end", required=True)
    if start is not None and end is not None:
        if end < start:
            v.err("end", "must not be before start")
        elif end - start > MAX_PERIOD:
            v.err("end", "the period must not exceed 92 days")
    return mid, start, end, start_s, end_s


def paged(items, times, lo_t, hi_t, cursor_created, to_json, kind, merchant, filt):
    import bisect
    lo = bisect.bisect_left(times, lo_t)
    hi = bisect.bisect_right(times, hi_t)
    if cursor_created is not None:
        hi = min(hi, bisect.bisect_left(times, cursor_created))
    first = max(lo, hi - TD.PAGE_SIZE)
    page = items[first:hi][::-1]
    out = {"items": [to_json(x) for x in page]}
    pg = {"limit": TD.PAGE_SIZE}
    if first > lo and page:
        pg["nextCursor"] = make_cursor(kind, merchant, filt, page[-1]["created"])
    out["page"] = pg
    return out


def list_payments(ctx):
    v = Validator()
    mid = ctx.q("merchantId")
    if mid and mid != ctx.merchant:
        raise forbidden("The access token does not act for merchant %s" % mid)
    mid, start, end, s_s, e_s = period_query(ctx, v)
    if v.errors:
        raise verr(v.errors)
    filt = [repr(start), repr(end)]
    cur = ctx.q("cursor")
    cc = read_cursor(cur, "payments", ctx.merchant, filt) if cur else None
    return json_response(200, paged(ST.merchant_payments[ctx.merchant],
                                    ST.merchant_payment_times[ctx.merchant], start, end, cc,
                                    core.payment_list_item, "payments", ctx.merchant, filt))


# ================================================================ 8-10 refunds
def create_refund(ctx):
    b = ctx.body()
    v = Validator()
    pid = v.string(b, "paymentId", "paymentId", required=True, maxlen=64)
    amt = v.amount(b, "amount", "amount")
    rec = v_receipt_embedded(v, b, False) if "receipt" in b else None
    if v.errors:
        raise verr(v.errors)
    p = owned(ctx, ST.payments, pid, "Payment")
    if p["status"] != "Settled":
        raise wrong_state("Payment %s is %s; only a Settled payment is refunded" % (p["id"], p["status"]))
    if amt[1] != p["currency"]:
        raise amount_refused("amount.currency must be %s, the payment's currency" % p["currency"])
    if amt[0] <= 0:
        raise amount_refused("amount.value must be greater than zero")
    left = core.refundable(p)
    if amt[0] > left:
        raise amount_refused("amount.value %s exceeds the refundable %s" % (money(amt[0]), money(left)))
    r = core.new_refund(p, amt[0], receipt=rec)
    return json_response(201, core.refund_public(r, creation=True))


def get_refund(ctx):
    r = owned(ctx, ST.refunds, ctx.ids[0], "Refund")
    return json_response(200, core.refund_public(r))


def list_refunds(ctx):
    v = Validator()
    mid = ctx.q("merchantId")
    if mid and mid != ctx.merchant:
        raise forbidden("The access token does not act for merchant %s" % mid)
    mid, start, end, s_s, e_s = period_query(ctx, v)
    if v.errors:
        raise verr(v.errors)
    filt = [repr(start), repr(end)]
    cur = ctx.q("cursor")
    cc = read_cursor(cur, "refunds", ctx.merchant, filt) if cur else None
    return json_response(200, paged(ST.merchant_refunds[ctx.merchant],
                                    ST.merchant_refund_times[ctx.merchant], start, end, cc,
                                    core.refund_list_item, "refunds", ctx.merchant, filt))


# ================================================================ 11-15 tokens
def start_tokenization(ctx):
    b = ctx.body()
    check_merchant(ctx, b)
    v = Validator()
    v.string(b, "merchantId", "merchantId", required=True, maxlen=64)
    test = v.boolean(b, "testMode", "testMode", default=False)
    ttype = v.string(b, "type", "type", required=True, choices={"cof", "recurring"})
    purpose = v.string(b, "purpose", "purpose", maxlen=210)
    pm = method_of(v, b, "paymentMethod", "paymentMethod", False)
    cb = v.url(b, "callbackUrl", "callbackUrl")
    ru = v.url(b, "returnUrl", "returnUrl")
    cust = v_customer(v, b, members=("account", "email"))
    if v.errors:
        raise verr(v.errors)
    if pm not in (None, "bankcard"):
        raise wrong_state("tokenization is offered for bankcard only")
    t = core.new_token(ctx.merchant, ctx.base, "tokenization", ttype, purpose, cb, test, cust, ru)
    key = page_key()
    ST.pages[key] = ("tokenize", t["id"])
    url = "%s/pay/t/%s" % (ctx.base, key)
    t["conf"] = {"type": "External", "paymentUrl": url, "universalLink": False,
                 "instruction": "The customer enters the card on paymentUrl."}
    return json_response(201, {"tokenId": t["id"], "url": url})


def create_token(ctx):
    b = ctx.body()
    check_merchant(ctx, b)
    v = Validator()
    v.string(b, "merchantId", "merchantId", required=True, maxlen=64)
    test = v.boolean(b, "testMode", "testMode", default=False)
    ttype = v.string(b, "type", "type", required=True, choices={"cof", "recurring"})
    purpose = v.string(b, "purpose", "purpose", maxlen=210)
    proto = v_protocol(v, b, ("returnUrl", "callbackUrl", "threeDSCompleteUrl"))
    cust = v_customer(v, b, members=("account", "email"))
    v_device(v, b)
    pd = v.obj(b, "paymentData", "paymentData", required=True)
    pan = exp = None
    if pd is not None:
        m = method_of(v, pd, "paymentMethod", "paymentData.paymentMethod", True)
        if m is not None and m != "bankcard":
            v.err("paymentData.paymentMethod", "payment tokens are made from bank cards (bankcard)")
        c = v.obj(pd, "card", "paymentData.card", required=True)
        if c is not None:
            pan = v.string(c, "pan", "paymentData.card.pan", required=True,
                           pattern=re.compile(r"^\d{13,19}$"), pattern_msg="must be 13 to 19 digits")
            e = v.string(c, "expiry", "paymentData.card.expiry", required=True, pattern=EXPIRY,
                         pattern_msg="must be MM/YYYY, for example 09/2029")
            exp = (e[:2], e[3:]) if e else None
            v.string(c, "cvc", "paymentData.card.cvc", required=True,
                     pattern=re.compile(r"^\d{3}$"), pattern_msg="must be 3 digits")
    if v.errors:
        raise verr(v.errors)
    t = core.new_token(ctx.merchant, ctx.base, "paymenttoken", ttype, purpose,
                       proto.get("callbackUrl"), test, cust, proto.get("returnUrl"))
    core.attach_card(t, pan, exp)
    key = page_key()
    ST.pages[key] = ("tokext", t["id"])
    t["conf"] = {"type": "External", "paymentUrl": "%s/pay/x/%s" % (ctx.base, key),
                 "universalLink": False,
                 "instruction": "Send the cardholder to paymentUrl to confirm the card at the issuer."}
    return json_response(201, core.token_public(t))


def complete_token(ctx):
    t = owned(ctx, ST.tokens, ctx.ids[0], "Payment token")
    b = ctx.body(required=False)
    v = Validator()
    for m in ANSWERS:
        if m in b:
            v.err(m, "is not expected: a payment token's step is External and is finished by the "
                     "cardholder on paymentUrl")
    if v.errors:
        raise verr(v.errors)
    if t["status"] == "Created":
        raise wrong_state("The cardholder has not finished the step on paymentUrl yet")
    return json_response(200, core.token_public(t))


def get_token(ctx):
    t = owned(ctx, ST.tokens, ctx.ids[0], "Payment token")
    return json_response(200, core.token_public(t))


def revoke_token(ctx):
    t = owned(ctx, ST.tokens, ctx.ids[0], "Payment token")
    if t["status"] == "Revoked":
        return empty_response()
    if t["status"] == "Declined":
        raise wrong_state("Payment token %s is Declined and cannot be revoked" % t["id"])
    core.token_set_status(t, "Revoked")
    return empty_response()


# ================================================================ 16-18 receipts
def create_receipt(ctx):
    b = ctx.body()
    v = Validator()
    pid = v.string(b, "paymentId", "paymentId", required=True, maxlen=64)
    amt = v.amount(b, "amount", "amount")
    rtype = v.string(b, "type", "type", required=True, choices={"Payment", "Refund"})
    c = v.obj(b, "client", "client", required=True)
    client = v_client(v, c, "client") if c is not None else {}
    res = v_items(v, b)
    sett = v_settlements(v, b)
    if not v.errors and amt is not None:
        total = res[1]
        if total != amt[0]:
            v.err("items", "the positions add up to %s, not to amount.value %s" % (money(total), money(amt[0])))
        if sett is not None:
            s = sum(sett.values(), Decimal(0))
            if s != amt[0]:
                v.err("settlements", "add up to %s, not to amount.value %s" % (money(s), money(amt[0])))
    if v.errors:
        raise verr(v.errors)
    p = owned(ctx, ST.payments, pid, "Payment")
    if amt[1] != p["currency"]:
        raise amount_refused("amount.currency must be %s, the payment's currency" % p["currency"])
    if amt[0] <= 0:
        raise amount_refused("amount.value must be greater than zero")
    if rtype == "Payment":
        if p["status"] not in ("Authorized", "Settled"):
            raise wrong_state("Payment %s is %s; a Payment receipt needs an Authorized or Settled payment"
                              % (p["id"], p["status"]))
        cap = p["captured"] if p["status"] == "Settled" else p["held"]
        if amt[0] > cap:
            raise amount_refused("amount.value %s exceeds the paid %s" % (money(amt[0]), money(cap)))
    else:
        done = core.refunded_total(p)
        if done <= 0:
            raise wrong_state("Payment %s has no refund to register a Refund receipt for" % p["id"])
        if amt[0] > done:
            raise amount_refused("amount.value %s exceeds the refunded %s" % (money(amt[0]), money(done)))
    rc = core.create_receipt(p, rtype, amt[0], {"client": client, "items": res[0], "settlements": sett})
    return json_response(201, core.receipt_public(rc))


def get_receipt(ctx):
    rc = owned(ctx, ST.receipts, ctx.ids[0], "Receipt")
    return json_response(200, core.receipt_public(rc))


def list_receipts(ctx):
    pid = ctx.q("paymentId")
    if not pid:
        raise verr(["paymentId: is required"])
    p = owned(ctx, ST.payments, pid, "Payment")
    return json_response(200, [core.receipt_public(ST.receipts[r]) for r in ST.payment_receipts.get(p["id"], [])])


# ================================================================ 19-22 stickers
def create_sticker(ctx):
    b = ctx.body()
    check_merchant(ctx, b)
    v = Validator()
    v.string(b, "merchantId", "merchantId", required=True, maxlen=64)
    stype = v.string(b, "stickerType", "stickerType", required=True, choices={"Sbp"})
    cash = v.boolean(b, "cashlink", "cashlink", default=False)
    desc = v.string(b, "description", "description", maxlen=140)
    pcode = v.string(b, "productCode", "productCode", maxlen=64)
    purpose = v.string(b, "paymentPurpose", "paymentPurpose", maxlen=140)
    amt = v.amount(b, "amount", "amount", required=not cash)
    cb = v.url(b, "callbackUrl", "callbackUrl")
    if v.errors:
        raise verr(v.errors)
    if amt is not None:
        business_amount(ctx.merchant, amt)
    code = "AS" + "".join(c for c in page_key(60).upper() if c.isalnum())[:30]
    while len(code) < 32:
        code += "0"
    if cash:
        payload = "%s/qr/%s?type=02" % (ctx.base, code)
    else:
        payload = "%s/qr/%s?type=01&sum=%d&cur=%s" % (ctx.base, code, int(amt[0] * 100), amt[1])
    now = CLOCK.stamp()
    from util import new_id
    s = {"id": new_id("st_"), "merchant": ctx.merchant, "created": now, "stickerType": stype,
         "cashlink": cash, "description": desc, "productCode": pcode, "paymentPurpose": purpose,
         "amount": amt[0] if amt else None, "currency": amt[1] if amt else None,
         "callbackUrl": cb, "status": "Active", "code": code, "payload": payload,
         "pending_payment": None, "base": ctx.base}
    ST.stickers[s["id"]] = s
    ST.merchant_stickers[ctx.merchant].append(s)
    ST.sticker_by_code[code] = s["id"]
    return json_response(201, core.sticker_public(s))


def set_sticker(ctx):
    s = owned(ctx, ST.stickers, ctx.ids[0], "Sticker")
    b = ctx.body()
    v = Validator()
    active = v.boolean(b, "active", "active", required=True)
    if v.errors:
        raise verr(v.errors)
    s["status"] = "Active" if active else "Disabled"
    return empty_response()


def get_sticker(ctx):
    s = owned(ctx, ST.stickers, ctx.ids[0], "Sticker")
    return json_response(200, core.sticker_public(s))


def list_stickers(ctx):
    mid = ctx.q("merchantId")
    if not mid:
        raise verr(["merchantId: is required"])
    if mid != ctx.merchant:
        raise forbidden("The access token does not act for merchant %s" % mid)
    items = ST.merchant_stickers[ctx.merchant]
    times = [s["created"] for s in items]
    filt = ["all"]
    cur = ctx.q("cursor")
    cc = read_cursor(cur, "stickers", ctx.merchant, filt) if cur else None
    return json_response(200, paged(items, times, 0, float("inf"), cc, core.sticker_public,
                                    "stickers", ctx.merchant, filt))


# ================================================================ routing
ROUTES = [
    ("POST", r"/api/v2/invoices", create_invoice, True),
    ("POST", r"/api/v2/payments", create_payment, True),
    ("PUT", r"/api/v2/payments/([^/]+)/complete", complete_payment, False),
    ("PUT", r"/api/v2/payments/([^/]+)/confirm", capture_payment, False),
    ("PUT", r"/api/v2/payments/([^/]+)/cancel", cancel_payment, False),
    ("GET", r"/api/v2/payments/([^/]+)", get_payment, False),
    ("GET", r"/api/v2/payments", list_payments, False),
    ("POST", r"/api/v2/refunds", create_refund, True),
    ("GET", r"/api/v2/refunds/([^/]+)", get_refund, False),
    ("GET", r"/api/v2/refunds", list_refunds, False),
    ("POST", r"/api/v2/tokenization", start_tokenization, True),
    ("POST", r"/api/v2/paymenttokens", create_token, True),
    ("PUT", r"/api/v2/paymenttokens/([^/]+)/complete", complete_token, False),
    ("GET", r"/api/v2/paymenttokens/([^/]+)", get_token, False),
    ("PUT", r"/api/v2/paymenttokens/([^/]+)/revoke", revoke_token, False),
    ("POST", r"/api/v2/receipts", create_receipt, True),
    ("GET", r"/api/v2/receipts/([^/]+)", get_receipt, False),
    ("GET", r"/api/v2/receipts", list_receipts, False),
    ("POST", r"/api/v2/stickers", create_sticker, True),
    ("PUT", r"/api/v2/stickers/([^/]+)", set_sticker, False),
    ("GET", r"/api/v2/stickers/([^/]+)", get_sticker, False),
    ("GET", r"/api/v2/stickers", list_stickers, False),
]
ROUTES = [(m, re.compile("^" + p + "$"), f, c) for (m, p, f, c) in ROUTES]


def authenticate(req):
    h = req.headers.get("Authorization")
    chal = [("WWW-Authenticate", 'Bearer realm="merchantpay-sandbox"')]
    if not h:
        raise ApiError(401, "not_authorized", "The Authorization header is missing", headers=chal)
    scheme, _, tok = h.strip().partition(" ")
    tok = tok.strip()
    if scheme.lower() != "bearer" or not tok:
        raise ApiError(401, "not_authorized", "Use the Bearer scheme with an access token", headers=chal)
    info = TD.ACCESS_TOKENS.get(tok)
    if info is None:
        raise ApiError(401, "not_authorized", "The access token is not known",
                       headers=[("WWW-Authenticate", 'Bearer realm="merchantpay-sandbox", error="invalid_token"')])
    return info


def fingerprint(req, path):
    raw = req.body or b""
    try:
        canon = json.dumps(json.loads(raw.decode("utf-8"), parse_float=str), sort_keys=True,
                           separators=(",", ":")) if raw.strip() else ""
    except Exception:
        canon = "raw:" + hashlib.sha256(raw).hexdigest()
    return hashlib.sha256(("%s %s\n%s" % (req.method, path, canon)).encode()).hexdigest()


def handle(req):
    try:
        return _handle(req)
    except ApiError as e:
        return error_response(e)


def _handle(req):
    path = req.path
    match = None
    allowed = []
    for (m, rx, fn, creating) in ROUTES:
        mo = rx.match(path)
        if mo:
            if m == req.method:
                match = (fn, mo.groups(), creating)
                break
            allowed.append(m)
    if match is None:
        if allowed:
            raise ApiError(405, "invalid_operation", "Method %s is not offered on %s" % (req.method, path),
                           headers=[("Allow", ", ".join(sorted(set(allowed))))])
        raise ApiError(404, "invalid_operation", "No operation at %s" % path)
    fn, ids, creating = match
    info = authenticate(req)
    if info["rights"] != "full" and req.method != "GET":
        raise forbidden("The access token has read-only rights")
    ctx = Ctx(req, info["merchant"], info["rights"], ids)
    with LOCK:
        TIMELINE.run_due()
    if not creating:
        with LOCK:
            return fn(ctx)

    key = req.headers.get("Idempotency-Key")
    if key is None:
        time.sleep(ACQUIRER_DELAY)
        with LOCK:
            return fn(ctx)
    if not KEY_RE.match(key):
        raise verr(["Idempotency-Key: must be 1 to 64 visible ASCII characters"])
    fp = fingerprint(req, path)
    ik = (ctx.merchant, key)
    with LOCK:
        now = CLOCK.now()
        e = ST.idem.get(ik)
        if e is not None and e["expires"] < now:
            e = None
        if e is not None:
            if e["fp"] != fp:
                raise ApiError(409, "idempotency_key_violation",
                               "Idempotency-Key %s was used with another request" % key)
            if e["state"] == "inflight":
                raise ApiError(409, "idempotency_key_violation",
                               "A request with Idempotency-Key %s is still being processed" % key)
            st, hd, body = e["answer"]
            return st, hd + [("Idempotent-Replayed", "true")], body
        ST.idem[ik] = {"fp": fp, "state": "inflight", "expires": now + TD.IDEMPOTENCY_SECONDS}
    answer = None
    try:
        time.sleep(ACQUIRER_DELAY)
        with LOCK:
            try:
                answer = fn(ctx)
            except ApiError as err:
                answer = error_response(err)
            return answer
    finally:
        with LOCK:
            if answer is None:
                ST.idem.pop(ik, None)
            else:
                ST.idem[ik] = {"fp": fp, "state": "done", "answer": answer,
                               "expires": CLOCK.now() + TD.IDEMPOTENCY_SECONDS}
