"""The legacy signed interface under /api/v1."""

import base64
import datetime as dt
import hashlib
import hmac
import re
import urllib.parse
import xml.etree.ElementTree as ET
from decimal import Decimal

import core
import testdata as TD
from core import CLOCK, LOCK, ST, TIMELINE
from util import dumpb, money, parse_day, v1_time, day_start

START_TIME = None   # set by the server at start; history before it is synthesized

STATES = ("INITIATED", "PROCESSING", "COMPLETE", "CANCELLED", "HOLD")
TAXES = {"none", "vat0", "vat5", "vat7", "vat10", "vat22", "vat105", "vat107", "vat110", "vat122"}
TAX_TO_VAT = {"none": "None", "vat0": "Vat0", "vat5": "Vat5", "vat7": "Vat7", "vat10": "Vat10",
              "vat22": "Vat22", "vat105": "Vat105", "vat107": "Vat107", "vat110": "Vat110",
              "vat122": "Vat122"}
KNOWN_CODES = {0, -1, -2, -6, -7, -8, -9, -10, -13, -14, -15, -17, -18, -19, -22, -25, -26, -27,
               -28, -29, -30, -31}


class Bad(Exception):
    """A request the service cannot parse: HTTP 400."""


class V1Err(Exception):
    def __init__(self, code, msg=""):
        self.code, self.msg = code, msg


# ================================================================ answers
def json_answer(obj):
    return 200, [("Content-Type", "application/json; charset=utf-8")], dumpb(obj)


def _xml_fill(parent, value):
    if isinstance(value, dict):
        for k, v in value.items():
            if v is None:
                continue
            _xml_fill(ET.SubElement(parent, k), v)
    elif isinstance(value, bool):
        parent.text = "true" if value else "false"
    else:
        parent.text = str(value)


def xml_answer(code, response=None, lists=None):
    """lists: (container, element, [dict, ...]) placed inside Response"""
    root = ET.Element("RestController.RestResponse")
    ET.SubElement(root, "ErrorCode").text = str(code)
    if response is not None or lists is not None:
        resp = ET.SubElement(root, "Response")
        if response:
            _xml_fill(resp, response)
        if lists:
            container, element, items = lists
            c = ET.SubElement(resp, container)
            for it in items:
                _xml_fill(ET.SubElement(c, element), it)
    body = ET.tostring(root, encoding="utf-8", xml_declaration=True)
    return 200, [("Content-Type", "text/xml; charset=utf-8")], body


def error_answer(code, msg, as_xml):
    if as_xml:
        return xml_answer(code)
    body = {"ErrorCode": code}
    if msg:
        body["ErrorMessage"] = msg
    return json_answer(body)


def bad_request(msg):
    return 400, [("Content-Type", "text/plain; charset=utf-8")], ("Bad Request: %s\n" % msg).encode()


# ================================================================ parameter helpers
def p_int(params, name, required=True):
    v = params.get(name.lower())
    if v is None or v == "":
        if required:
            raise Bad("%s is required" % name)
        return None
    if not re.match(r"^-?\d{1,18}$", v):
        raise Bad("%s must be an integer" % name)
    return int(v)


def p_str(params, name, required=True, maxlen=255):
    v = params.get(name.lower())
    if v is None or v == "":
        if required:
            raise Bad("%s is required" % name)
        return None
    if len(v) > maxlen:
        raise Bad("%s is longer than %d characters" % (name, maxlen))
    return v


def p_day(params, name, required=True):
    v = params.get(name.lower())
    if v is None or v == "":
        if required:
            raise Bad("%s is required (yyyy-MM-dd)" % name)
        return None
    try:
        return parse_day(v)
    except ValueError:
        raise Bad("%s must be a date yyyy-MM-dd" % name)


def p_amount(params, name):
    v = params.get(name.lower())
    if v is None or v == "":
        raise Bad("%s is required" % name)
    if not re.match(r"^-?\d{1,12}(\.\d{1,6})?$", v):
        raise Bad("%s must be a number with a dot as decimal separator" % name)
    d = Decimal(v)
    if d != d.quantize(Decimal("0.01")) or d <= 0:
        raise V1Err(-18, "%s must be a positive amount with at most two fraction digits" % name)
    return d


def user_accounts(user, account_id):
    if account_id is None:
        if len(user["accounts"]) == 1:
            return user["accounts"][0]
        raise Bad("accountID is required: the user has access to %d accounts" % len(user["accounts"]))
    if account_id not in user["accounts"]:
        raise V1Err(-6, "no access to account %s" % account_id)
    return account_id


def user_sites(user):
    return {s for a in user["accounts"] for s in TD.ACCOUNTS[a]["sites"]}


def user_merchants(user):
    return {TD.ACCOUNTS[a]["merchant"] for a in user["accounts"]}


def payment_of_user(user, pid):
    p = ST.by_v1.get(pid)
    if p is None or p["merchant"] not in user_merchants(user):
        raise V1Err(-6, "no access to payment %s" % pid)
    return p


def day_range(t_from, t_to):
    if t_from is not None and t_to is not None and t_to < t_from:
        raise Bad("periodTo is before periodFrom")
    lo = t_from if t_from is not None else float("-inf")
    hi = (t_to + 86400 - 0.000001) if t_to is not None else float("inf")
    return lo, hi


# ================================================================ payments
def v1_state(p):
    s = p["status"]
    if s == "Authorized":
        return "HOLD"
    if s == "Settled":
        return "COMPLETE"
    if s in ("Cancelled", "Rejected"):
        return "CANCELLED"
    if s == "Confirmation" and (p["is_invoice"] or p["sticker"]) and not p.get("pan") \
            and not p.get("paid_via_page") and (p["conf"] or {}).get("type") == "External":
        return "INITIATED"
    return "PROCESSING"


def site_of_merchant(mid):
    return TD.MERCHANTS[mid]["site"]


def v1_payment(p):
    site = TD.SITES[site_of_merchant(p["merchant"])]
    st = v1_state(p)
    paid = p["captured"] if st == "COMPLETE" else (p["held"] if st == "HOLD" else Decimal(0))
    upd = p["completed"] if p["completed"] is not None else p["updated"]
    method = p["method"] or p["invoice_method"]
    phone = p["customer"].get("phone") or p.get("phone")
    return {
        "PaymentID": p["v1id"],
        "SiteInvoiceID": p["invoice"].get("orderNo"),
        "SiteID": site["SiteID"],
        "CurrencyCode": p["currency"],
        "Amount": money(p["amount"]),
        "PaymentCurrencyCode": p["currency"],
        "PaymentAmount": money(paid or 0),
        "PaymentMethod": core.V1_METHOD.get(method) if method else None,
        "State": st,
        "Purpose": p["invoice"].get("description"),
        "IsTestPayment": p["testMode"],
        "LastUpdateTime": v1_time(upd),
        "ErrorCode": p["v1_error"] or 0,
        "UserIdentifier": p["title"] or p["customer"].get("account"),
        "UserPhoneNumber": phone,
    }


def op_get_payment(user, params):
    pid = p_int(params, "paymentID")
    p = payment_of_user(user, pid)
    return json_answer({"ErrorCode": 0, "Payment": v1_payment(p)})


def op_get_by_invoice(user, params):
    inv = p_str(params, "invoiceID", maxlen=64)
    alias = p_str(params, "siteAlias", maxlen=64)
    if alias not in user_sites(user):
        raise V1Err(-6, "no access to site %s" % alias)
    mid = TD.SITES[alias]["merchant"]
    cands = [p for p in ST.merchant_payments.get(mid, []) if p["invoice"].get("orderNo") == inv] if mid else []
    if not cands:
        raise V1Err(-13, "no payment with invoice number %s" % inv)
    paid = [p for p in cands if p["status"] in ("Authorized", "Settled")]
    p = (paid or cands)[-1]
    return json_answer({"ErrorCode": 0, "Payment": v1_payment(p)})


def op_list_payments(user, params):
    acct = user_accounts(user, p_str(params, "accountID", required=False, maxlen=32))
    alias = p_str(params, "siteAlias", maxlen=64)
    t_from = p_day(params, "periodFrom")
    t_to = p_day(params, "periodTo")
    inv = p_str(params, "invoiceID", required=False, maxlen=64)
    state = p_str(params, "state", required=False, maxlen=16)
    if state is not None:
        state = state.upper()
        if state not in STATES:
            raise Bad("state must be one of %s" % ", ".join(STATES))
    if alias not in TD.ACCOUNTS[acct]["sites"]:
        raise V1Err(-6, "site %s is not in account %s" % (alias, acct))
    lo, hi = day_range(t_from, t_to)
    mid = TD.SITES[alias]["merchant"]
    rows = []
    overflow = False
    if mid:
        items = core.range_slice(ST.merchant_payments[mid], ST.merchant_payment_times[mid], lo, hi)
        for p in items:
            if inv is not None and p["invoice"].get("orderNo") != inv:
                continue
            if state is not None and v1_state(p) != state:
                continue
            if len(rows) == TD.V1_LIST_LIMIT:
                overflow = True
                break
            rows.append(v1_payment(p))
    return json_answer({"ErrorCode": 0, "Response": {"Overflow": overflow, "Payments": rows}})


# ================================================================ refunds
def v1_refund(r, creation=False):
    o = {"RefundID": r["v1id"], "ExternalID": r["externalID"],
         "PaymentID": ST.payments[r["payment"]]["v1id"], "Amount": money(r["amount"]),
         "State": r["v1state"]}
    if creation:
        o["Status"] = r["v1state"]
    o["ErrorCode"] = r["error_code"]
    o["ErrorDesc"] = r["error_desc"]
    o["LastUpdate"] = v1_time(r["updated"])
    return o


def parse_cart(params):
    lines = {}
    rx = re.compile(r"^shoppingcart\.items\[(\d+)\]\.(name|qty|price|tax)$")
    for k, v in params.items():
        m = rx.match(k)
        if m:
            lines.setdefault(int(m.group(1)), {})[m.group(2)] = v
        elif k.startswith("shoppingcart"):
            raise Bad("unknown shopping cart parameter %s" % k)
    if not lines:
        return None
    if sorted(lines) != list(range(len(lines))):
        raise Bad("shoppingcart.items must be numbered 0, 1, 2, ... without gaps")
    items, total = [], Decimal(0)
    for i in range(len(lines)):
        ln = lines[i]
        for f in ("name", "qty", "price", "tax"):
            if not ln.get(f):
                raise Bad("shoppingcart.items[%d].%s is required" % (i, f))
        if len(ln["name"]) > 128:
            raise Bad("shoppingcart.items[%d].name is longer than 128 characters" % i)
        if not re.match(r"^\d{1,8}(\.\d{1,3})?$", ln["qty"]) or Decimal(ln["qty"]) <= 0:
            raise Bad("shoppingcart.items[%d].qty must be a positive number" % i)
        if not re.match(r"^\d{1,10}(\.\d{1,2})?$", ln["price"]):
            raise Bad("shoppingcart.items[%d].price must be a number with at most two fraction digits" % i)
        tax = ln["tax"].lower()
        if tax not in TAXES:
            raise Bad("shoppingcart.items[%d].tax must be one of %s" % (i, ", ".join(sorted(TAXES))))
        q, pr = Decimal(ln["qty"]), Decimal(ln["price"])
        total += (q * pr).quantize(Decimal("0.01"))
        items.append({"name": ln["name"], "quantity": q, "price": pr, "vatType": TAX_TO_VAT[tax],
                      "paymentSubject": "Commodity", "paymentMethod": "FullPayment"})
    return items, total


def op_refund(user, params):
    pid = p_int(params, "paymentID")
    amount = p_amount(params, "amount")
    ext = p_str(params, "externalID", required=False, maxlen=64)
    cart = parse_cart(params)
    p = payment_of_user(user, pid)
    st = v1_state(p)
    if st == "CANCELLED":
        raise V1Err(-15, "payment %s expired or was cancelled" % pid)
    if st != "COMPLETE":
        raise V1Err(-31, "payment %s is %s; only a COMPLETE payment is refunded" % (pid, st))
    left = core.refundable(p)
    if amount > left:
        raise V1Err(-18, "amount %s exceeds the refundable %s" % (money(amount), money(left)))
    rec = None
    if cart is not None:
        items, total = cart
        if total != amount:
            raise V1Err(-18, "the shopping cart adds up to %s, not to amount %s" % (money(total), money(amount)))
        client = {k: v for k, v in (("email", p["customer"].get("email")),
                                    ("phone", p["customer"].get("phone"))) if v}
        if not client:
            client = {"email": "receipts@nordwind.test"}
        rec = {"client": client, "items": items}
    r = core.new_refund(p, amount, external_id=ext, receipt=rec, source="v1")
    return json_answer({"ErrorCode": 0, "Refund": v1_refund(r, creation=True)})


def op_list_refunds(user, params):
    acct = user_accounts(user, p_str(params, "accountID", required=False, maxlen=32))
    pid = p_int(params, "paymentID", required=False)
    t_from = p_day(params, "periodFrom", required=False)
    t_to = p_day(params, "periodTo", required=False)
    ext = p_str(params, "externalID", required=False, maxlen=64)
    lo, hi = day_range(t_from, t_to)
    mids = {TD.SITES[s]["merchant"] for s in TD.ACCOUNTS[acct]["sites"]} - {None}
    rows, overflow = [], False
    for mid in sorted(mids):
        for r in core.range_slice(ST.merchant_refunds[mid], ST.merchant_refund_times[mid], lo, hi):
            if pid is not None and ST.payments[r["payment"]]["v1id"] != pid:
                continue
            if ext is not None and r["externalID"] != ext:
                continue
            if len(rows) == TD.V1_LIST_LIMIT:
                overflow = True
                break
            rows.append(v1_refund(r))
    return json_answer({"ErrorCode": 0, "Response": {"Overflow": overflow, "Refunds": rows}})


# ================================================================ holds
def op_confirm(user, params):
    pid = p_int(params, "paymentID")
    amount = p_amount(params, "amount")
    p = payment_of_user(user, pid)
    st = v1_state(p)
    if st == "CANCELLED":
        raise V1Err(-15, "payment %s expired or was cancelled" % pid)
    if st != "HOLD":
        raise V1Err(-31, "payment %s is %s; only a HOLD payment is confirmed" % (pid, st))
    if amount > p["held"]:
        raise V1Err(-18, "amount %s exceeds the held %s" % (money(amount), money(p["held"])))
    core.capture(p, amount)
    return json_answer({"ErrorCode": 0, "Payment": v1_payment(p)})


def op_cancel(user, params):
    pid = p_int(params, "paymentID")
    err = p_int(params, "error", required=False)
    if err is not None and (err >= 0 or err not in KNOWN_CODES):
        raise Bad("error must be one of the negative ErrorCode values")
    p = payment_of_user(user, pid)
    if p["status"] == "Cancelled":
        return json_answer({"ErrorCode": 0, "Payment": v1_payment(p)})
    if p["status"] not in ("Authorized", "Confirmation"):
        st = v1_state(p)
        if st == "CANCELLED":
            raise V1Err(-15, "payment %s was declined" % pid)
        raise V1Err(-31, "payment %s is %s and cannot be cancelled" % (pid, st))
    core.cancel(p, v1_error=err if err is not None else -15)
    return json_answer({"ErrorCode": 0, "Payment": v1_payment(p)})


# ================================================================ transfers, registers, documents
def _account_index(acct):
    return sorted(TD.ACCOUNTS).index(acct) + 1


def _history_ops(acct, day_t):
    """Deterministic operations for days before the sandbox started."""
    ymd = dt.datetime.fromtimestamp(day_t, dt.timezone.utc).strftime("%Y%m%d")
    h = hashlib.sha256(("%s|%s" % (acct, ymd)).encode()).digest()
    ops = []
    for i in range(3 + h[0] % 4):
        amount = Decimal(500 + (h[i + 1] * 37 + h[i + 9] * 11) % 9000) + Decimal(h[i + 17] % 100) / 100
        is_refund = (h[i + 5] % 7 == 0)
        op = {"OperationID": 610000000 + (int(ymd) % 100000) * 100 + _account_index(acct) * 10 + i,
              "InvoiceID": "H-%s-%s-%d" % (acct, ymd, i + 1),
              "Stamp": v1_time(day_t + 3600 * (8 + i * 2) + h[i + 3] * 13),
              "CurrencyCode": "RUB"}
        if is_refund:
            op["OperationAmount"] = money(-amount)
            op["TransferAmount"] = money(-amount)
        else:
            op["OperationAmount"] = money(amount)
            op["TransferAmount"] = money(amount - (amount * Decimal(TD.COMMISSION)).quantize(Decimal("0.01")))
        ops.append(op)
    return ops


def _live_ops(acct, day_t):
    ops = []
    mids = {TD.SITES[s]["merchant"] for s in TD.ACCOUNTS[acct]["sites"]} - {None}
    lo, hi = day_t, day_t + 86400
    for mid in mids:
        for p in ST.merchant_payments.get(mid, []):
            if p["status"] == "Settled" and p["completed"] is not None and lo <= p["completed"] < hi:
                a = p["captured"]
                ops.append({"OperationID": p["v1id"], "InvoiceID": p["invoice"].get("orderNo") or "",
                            "Stamp": v1_time(p["completed"]), "CurrencyCode": p["currency"],
                            "OperationAmount": money(a),
                            "TransferAmount": money(a - (a * Decimal(TD.COMMISSION)).quantize(Decimal("0.01"))),
                            "_t": p["completed"]})
        for r in ST.merchant_refunds.get(mid, []):
            if r["status"] == "Success" and lo <= r["updated"] < hi:
                p = ST.payments[r["payment"]]
                ops.append({"OperationID": r["v1id"], "InvoiceID": p["invoice"].get("orderNo") or "",
                            "Stamp": v1_time(r["updated"]), "CurrencyCode": r["currency"],
                            "OperationAmount": money(-r["amount"]), "TransferAmount": money(-r["amount"]),
                            "_t": r["updated"]})
    ops.sort(key=lambda o: o["_t"])
    for o in ops:
        del o["_t"]
    return ops


def registers(acct, lo, hi):
    """Payout registers of an account whose transfer was created within [lo, hi]."""
    now = CLOCK.now()
    first_day = day_start(START_TIME) - 14 * 86400
    out = []
    d = max(first_day, day_start(lo) - 86400) if lo != float("-inf") else first_day
    while d + 86400 + 6 * 3600 <= now:
        created = d + 86400 + 6 * 3600
        if created > hi:
            break
        if created >= lo:
            ops = _history_ops(acct, d) if d < day_start(START_TIME) else _live_ops(acct, d)
            by_cur = {}
            for o in ops:
                by_cur.setdefault(o["CurrencyCode"], []).append(o)
            for ci, cur in enumerate(sorted(by_cur)):
                dayno = int(d // 86400)
                ymd = dt.datetime.fromtimestamp(d, dt.timezone.utc).strftime("%Y%m%d")
                total = sum((Decimal(o["TransferAmount"]) for o in by_cur[cur]), Decimal(0))
                out.append({
                    "RegisterID": dayno * 1000 + _account_index(acct) * 10 + ci,
                    "RegisterNumber": "R-%s-%s-%s" % (acct, ymd, cur),
                    "PaymentOrderID": "%06d" % ((dayno * 31 + _account_index(acct) * 7 + ci) % 1000000),
                    "PeriodFrom": dt.datetime.fromtimestamp(d, dt.timezone.utc).strftime("%Y-%m-%d"),
                    "PeriodTo": dt.datetime.fromtimestamp(d, dt.timezone.utc).strftime("%Y-%m-%d"),
                    "Created": created, "CurrencyCode": cur, "TransferAmount": money(total),
                    "Operations": by_cur[cur], "Account": acct, "Day": d,
                })
        d += 86400
    return out


def documents(acct, lo, hi):
    docs = []
    agreement_t = day_start(START_TIME) - 20 * 86400 + 9 * 3600
    if lo <= agreement_t <= hi:
        docs.append({"Created": agreement_t, "Description": "Merchant service agreement, account %s" % acct,
                     "DocumentID": "DOC-%s-AGREEMENT" % acct, "FileName": "agreement-%s.txt" % acct})
    for reg in registers(acct, lo - 3600, hi):
        t = reg["Created"] + 1800
        if lo <= t <= hi:
            docs.append({"Created": t, "Description": "Payout register %s" % reg["RegisterNumber"],
                         "DocumentID": "DOC-%s" % reg["RegisterNumber"],
                         "FileName": "register-%s.csv" % reg["RegisterNumber"]})
    docs.sort(key=lambda x: x["Created"])
    return docs


def op_list_documents(user, params, as_xml):
    acct = user_accounts(user, p_str(params, "accountID", required=False, maxlen=32))
    lo, hi = day_range(p_day(params, "periodFrom"), p_day(params, "periodTo"))
    docs = [{"Created": v1_time(d["Created"]), "Description": d["Description"],
             "DocumentID": d["DocumentID"], "FileName": d["FileName"]} for d in documents(acct, lo, hi)]
    if as_xml:
        return xml_answer(0, lists=("Documents", "RestDocumentInfo", docs))
    return json_answer({"ErrorCode": 0, "Response": {"Documents": docs}})


def _doc_answer(did, name, ctype, data):
    """The file travels base64-encoded inside the usual envelope, so that
    ErrorCode is present in this answer too."""
    return json_answer({"ErrorCode": 0, "Response": {
        "DocumentID": did, "FileName": name, "ContentType": ctype, "Size": len(data),
        "Content": base64.b64encode(data).decode()}})


def op_document_content(user, params):
    did = p_str(params, "documentID", maxlen=128)
    for acct in user["accounts"]:
        if did == "DOC-%s-AGREEMENT" % acct:
            text = ("Merchant service agreement (sandbox copy)\r\nAccount: %s\r\n"
                    "Commission: %s%% of each payment\r\nPayouts: daily at 06:00 UTC\r\n"
                    % (acct, Decimal(TD.COMMISSION) * 100))
            return _doc_answer(did, "agreement-%s.txt" % acct, "text/plain; charset=utf-8", text.encode())
        m = re.match(r"^DOC-R-%s-(\d{8})-([A-Z]{3})$" % acct, did)
        if m:
            day = dt.datetime.strptime(m.group(1), "%Y%m%d").replace(tzinfo=dt.timezone.utc).timestamp()
            for reg in registers(acct, day + 86400, day + 2 * 86400):
                if reg["RegisterNumber"] == did[4:]:
                    lines = ["OperationID;InvoiceID;Stamp;CurrencyCode;OperationAmount;TransferAmount"]
                    for o in reg["Operations"]:
                        lines.append("%s;%s;%s;%s;%s;%s" % (o["OperationID"], o["InvoiceID"], o["Stamp"],
                                                            o["CurrencyCode"], o["OperationAmount"],
                                                            o["TransferAmount"]))
                    body = ("\r\n".join(lines) + "\r\n").encode("utf-8")
                    return _doc_answer(did, "register-%s.csv" % reg["RegisterNumber"],
                                       "text/csv; charset=utf-8", body)
    raise V1Err(-6, "no access to document %s" % did)


def op_list_transfers(user, params, as_xml):
    acct = user_accounts(user, p_str(params, "accountID", required=False, maxlen=32))
    lo, hi = day_range(p_day(params, "periodFrom"), p_day(params, "periodTo"))
    rows = [{"Created": v1_time(r["Created"]), "CurrencyCode": r["CurrencyCode"],
             "PaymentOrderID": r["PaymentOrderID"], "RegisterID": r["RegisterID"],
             "TransferAmount": r["TransferAmount"]} for r in registers(acct, lo, hi)]
    if as_xml:
        return xml_answer(0, lists=("Transfers", "RestTransferInfo", rows))
    return json_answer({"ErrorCode": 0, "Response": {"Transfers": rows}})


def op_register(user, params, as_xml):
    rid = p_int(params, "registerID")
    dayno, rest = divmod(rid, 1000)
    idx = rest // 10
    accts = [a for a in user["accounts"] if _account_index(a) == idx]
    reg = None
    if accts:
        d = dayno * 86400
        for r in registers(accts[0], d + 86400, d + 2 * 86400):
            if r["RegisterID"] == rid:
                reg = r
    if reg is None:
        raise V1Err(-6, "no access to register %s" % rid)
    head = {"RegisterID": reg["RegisterID"], "RegisterNumber": reg["RegisterNumber"],
            "PeriodFrom": reg["PeriodFrom"], "PeriodTo": reg["PeriodTo"]}
    if as_xml:
        return xml_answer(0, response=head, lists=("Operations", "RestRegisterOperationInfo", reg["Operations"]))
    head["Operations"] = reg["Operations"]
    return json_answer({"ErrorCode": 0, "Response": head})


# ================================================================ dispatch
OPS = {
    "getpayment": ("GET", ["paymentID"], op_get_payment, "Cashier", False),
    "getpaymentbyinvoiceid": ("GET", ["invoiceID", "siteAlias"], op_get_by_invoice, "Cashier", False),
    "listpaymentsfilter": ("GET", ["accountID", "siteAlias", "periodFrom", "periodTo", "invoiceID", "state"],
                           op_list_payments, "Cashier", False),
    "refundpayment": ("POST", ["paymentID", "amount", "externalID"], op_refund, "Accountant", False),
    "listrefunds": ("GET", ["accountID", "paymentID", "periodFrom", "periodTo", "externalID"],
                    op_list_refunds, "Accountant", False),
    "confirmpayment": ("POST", ["paymentID", "amount"], op_confirm, "Accountant", False),
    "cancelpayment": ("POST", ["paymentID", "error"], op_cancel, "Accountant", False),
    "listdocuments": ("GET", ["accountID", "periodFrom", "periodTo"], op_list_documents, "Accountant", True),
    "getdocumentcontent": ("GET", ["documentID"], op_document_content, "Accountant", False),
    "listtransfers": ("GET", ["accountID", "periodFrom", "periodTo"], op_list_transfers, "Accountant", True),
    "gettransferregister": ("GET", ["registerID"], op_register, "Accountant", True),
}


def sign(values):
    return base64.b64encode(hashlib.sha1(";".join(values).encode("utf-8")).digest()).decode()


def read_params(req):
    if req.method == "GET":
        raw = req.query_string
    else:
        ctype = (req.headers.get("Content-Type") or "").split(";")[0].strip().lower()
        if req.body and ctype != "application/x-www-form-urlencoded":
            raise Bad("POST parameters must be sent as application/x-www-form-urlencoded")
        try:
            raw = (req.body or b"").decode("utf-8")
        except UnicodeDecodeError:
            raise Bad("the body is not UTF-8")
    try:
        pairs = urllib.parse.parse_qsl(raw, keep_blank_values=True, strict_parsing=False,
                                       encoding="utf-8", errors="strict")
    except (ValueError, UnicodeDecodeError):
        raise Bad("the parameters cannot be decoded")
    params = {}
    for k, v in pairs:
        lk = k.lower()
        if lk in params:
            raise Bad("parameter %s is given more than once" % k)
        params[lk] = v
    return params


def handle(req):
    name = req.path[len("/api/v1/"):].strip("/").lower()
    op = OPS.get(name)
    if op is None:
        return 404, [("Content-Type", "text/plain; charset=utf-8")], b"Not Found\n"
    method, fields, fn, role, xml_capable = op
    if req.method != method:
        return 405, [("Allow", method), ("Content-Type", "text/plain; charset=utf-8")], \
            ("Method Not Allowed: use %s\n" % method).encode()
    try:
        params = read_params(req)
    except Bad as e:
        return bad_request(str(e))
    as_xml = False
    if xml_capable:
        x = params.get("xml")
        if x not in (None, "", "0", "1"):
            return bad_request("xml must be 1 (XML) or 0 (JSON)")
        as_xml = x == "1"
    login = params.get("login")
    if not login:
        return error_answer(-6, "login is missing", as_xml)
    user = TD.V1_USERS.get(login)
    if user is None or not user["automatic"]:
        return error_answer(-6, "unknown login or not an automatic-access login", as_xml)
    nonce = params.get("nonce")
    if nonce is None or nonce == "" or len(nonce) > 255 or ";" in nonce:
        return bad_request("nonce must be 1 to 255 characters without ';'")
    given = params.get("hash")
    if not given:
        return error_answer(-7, "hash is missing", as_xml)
    values = [login, user["password"], nonce] + [params.get(f.lower(), "") for f in fields]
    if not hmac.compare_digest(given.encode(), sign(values).encode()):
        return error_answer(-7, "invalid request signature", as_xml)
    with LOCK:
        seen = ST.nonces[login]
        if nonce in seen:
            return error_answer(-14, "this nonce was used before", as_xml)
        seen.add(nonce)
    if role == "Accountant" and user["role"] != "Accountant":
        return error_answer(-6, "the user's role %s does not allow %s" % (user["role"], name), as_xml)
    with LOCK:
        TIMELINE.run_due()
        try:
            if xml_capable:
                return fn(user, params, as_xml)
            return fn(user, params)
        except Bad as e:
            return bad_request(str(e))
        except V1Err as e:
            return error_answer(e.code, e.msg, as_xml)
