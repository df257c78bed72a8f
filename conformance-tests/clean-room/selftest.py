#!/usr/bin/env python3
"""Self-test of the sandbox: starts server.py on a free port and exercises
the main flows of /api/v2, /api/v1 and the payer pages with urllib.

    python3 selftest.py            exit 0 when every check passed
"""

import base64
import datetime as dt
import hashlib
import http.client
import json
import os
import re
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

HERE = os.path.dirname(os.path.abspath(__file__))
NW, KS = "NW-480115", "KS-733902"
TOK = "sbx-nw-5f8e1c2a9b7d4e60a3"
TOK_RO = "sbx-nw-ro-77c0d1e2f3a4b5c6"
TOK_KS = "sbx-ks-0c3b7a91e6f24d58b1"
ACCT, ACCT_PW = "nw-auto-acct", "Kq7-mP2x_tL9w"
CASH, CASH_PW = "nw-auto-cash", "hR4-wN8e_K1zb"
APPROVED = {"pan": "4180150000000015", "expiry": "12/2030", "cvc": "123"}

BASE = None
FAILS = []
PASSES = [0]
NOOPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def check(cond, what):
    if cond:
        PASSES[0] += 1
    else:
        FAILS.append(what)
        print("FAIL:", what, flush=True)


# ---------------------------------------------------------------- HTTP helpers
class Resp:
    def __init__(self, status, headers, body):
        self.status, self.headers, self.body = status, headers, body

    @property
    def json(self):
        return json.loads(self.body.decode()) if self.body else None

    @property
    def text(self):
        return self.body.decode("utf-8", "replace")


def call(method, path, body=None, token=TOK, key=None, headers=None, raw=None, ctype=None):
    url = path if path.startswith("http") else BASE + path
    h = {"Accept": "application/json"}
    if token:
        h["Authorization"] = "Bearer " + token
    data = None
    if raw is not None:
        data = raw
        h["Content-Type"] = ctype or "application/x-www-form-urlencoded"
    elif body is not None:
        data = json.dumps(body).encode()
        h["Content-Type"] = "application/json"
    if key:
        h["Idempotency-Key"] = key
    h.update(headers or {})
    req = urllib.request.Request(url, data=data, method=method, headers=h)
    try:
        with NOOPENER.open(req, timeout=15) as r:
            return Resp(r.status, r.headers, r.read())
    except urllib.error.HTTPError as e:
        return Resp(e.code, e.headers, e.read())


def k():
    return str(uuid.uuid4())


def pay_req(card=None, amount=100, dual=False, order=None, **extra):
    b = {"merchantId": NW, "dualMode": dual, "amount": {"value": amount, "currency": "RUB"},
         "invoice": {"description": "Selftest", "orderNo": order or ("ST-" + k()[:8])},
         "paymentData": {"paymentMethod": "bankcard", "card": dict(APPROVED, **(card or {}))},
         "protocol": {"returnUrl": "https://shop.example/return",
                      "threeDSCompleteUrl": "https://shop.example/3ds"},
         "customer": {"ip": "203.0.113.7", "email": "buyer@example.org"}}
    b.update(extra)
    return b


def advance(seconds):
    r = call("POST", "/sandbox/clock/advance", {"duration": "PT%dS" % seconds}, token=None)
    check(r.status == 200, "clock advance answers 200")


def form_of(html, name):
    m = re.search(r'name="%s" value="([^"]*)"' % re.escape(name), html)
    return m.group(1).replace("&amp;", "&").replace("&quot;", '"') if m else None


def v1(path, params, login=ACCT, pw=ACCT_PW, hashed=None, method="GET", nonce=None, xml=None):
    nonce = nonce or uuid.uuid4().hex
    values = [login, pw, nonce] + [params.get(f, "") for f in hashed]
    h = base64.b64encode(hashlib.sha1(";".join(values).encode()).digest()).decode()
    q = dict(params, login=login, nonce=nonce, hash=h)
    if xml:
        q["xml"] = "1"
    enc = urllib.parse.urlencode(q)
    if method == "GET":
        return call("GET", "/api/v1/%s?%s" % (path, enc), token=None)
    return call("POST", "/api/v1/" + path, token=None, raw=enc.encode())


# ---------------------------------------------------------------- callback receiver
RECEIVED = []
REFUSE_FIRST = set()


class CB(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *a):
        pass

    def do_POST(self):
        n = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(n)
        path = self.path
        refuse = path in REFUSE_FIRST
        if refuse:
            REFUSE_FIRST.discard(path)
        RECEIVED.append({"path": path, "body": json.loads(body), "refused": refuse,
                         "auth": self.headers.get("Authorization"),
                         "sig": self.headers.get("X-Notification-Signature"), "t": time.time()})
        self.send_response(500 if refuse else 200)
        self.send_header("Content-Length", "0")
        self.end_headers()


def got(path, status=None):
    return [r for r in RECEIVED if r["path"] == path and (status is None or r["body"].get("status") == status)]


def wait_for(fn, timeout=8.0):
    end = time.time() + timeout
    while time.time() < end:
        v = fn()
        if v:
            return v
        time.sleep(0.05)
    return fn()


# ================================================================ tests
def test_auth():
    r = call("GET", "/api/v2/payments/pm_x", token=None)
    check(r.status == 401 and r.json["code"] == "not_authorized", "no Authorization -> 401 not_authorized")
    r = call("GET", "/api/v2/payments/pm_x", token="nope")
    check(r.status == 401, "unknown token -> 401")
    r = call("POST", "/api/v2/payments", pay_req(), token=TOK_RO, key=k())
    check(r.status == 403 and r.json["code"] == "not_authorized", "read-only token cannot create -> 403")
    r = call("POST", "/api/v2/payments", dict(pay_req(), merchantId=KS), key=k())
    check(r.status == 403 and r.json["code"] == "not_authorized", "token acts for its own merchant only")
    r = call("GET", "/api/v2/nothing")
    check(r.status == 404, "unknown path -> 404")


def test_validation_and_idempotency():
    b = pay_req()
    del b["merchantId"]
    r = call("POST", "/api/v2/payments", b, key=k())
    check(r.status == 400 and r.json["code"] == "validation_error"
          and any(e.startswith("merchantId") for e in r.json["errors"]), "missing merchantId -> validation_error")
    r = call("POST", "/api/v2/payments", pay_req(amount=0), key=k())
    check(r.status == 422 and r.json["code"] == "invalid_operation", "zero amount -> 422 invalid_operation")
    r = call("POST", "/api/v2/payments", pay_req(card={"expiry": "12/30"}), key=k())
    check(r.status == 400 and any("expiry" in e for e in r.json["errors"]), "expiry must be MM/YYYY")
    b = pay_req()
    b["invoice"]["expires"] = "2031-01-01T10:00:00+03:00"
    r = call("POST", "/api/v2/payments", b, key=k())
    check(r.status == 400, "timestamp with a non-UTC offset refused")

    key = k()
    body = pay_req()
    r1 = call("POST", "/api/v2/payments", body, key=key)
    r2 = call("POST", "/api/v2/payments", body, key=key)
    check(r1.status == 201 and r1.json["status"] == "Settled", "approved card -> 201 Settled")
    check(r2.status == 201 and r2.body == r1.body, "same key + same request -> first answer again")
    r3 = call("POST", "/api/v2/payments", pay_req(amount=5), key=key)
    check(r3.status == 409 and r3.json["code"] == "idempotency_key_violation", "same key, other request -> 409")
    # a refused request keeps its key
    key = k()
    bad = pay_req()
    bad["paymentData"]["card"]["cvc"] = "1"
    r = call("POST", "/api/v2/payments", bad, key=key)
    check(r.status == 400, "bad cvc -> 400")
    r = call("POST", "/api/v2/payments", pay_req(), key=key)
    check(r.status == 409, "key of a refused request stays bound to it")
    r = call("POST", "/api/v2/payments", pay_req())
    check(r.status == 201, "a creating call without Idempotency-Key is accepted")
    # a repeat while the first call is still running
    key, body, out = k(), pay_req(), []
    ts = [threading.Thread(target=lambda: out.append(call("POST", "/api/v2/payments", body, key=key)))
          for _ in range(2)]
    [t.start() for t in ts]
    [t.join() for t in ts]
    sts = sorted(x.status for x in out)
    check(sts == [201, 409] or sts == [201, 201], "concurrent same-key calls: one runs, the other 409 or replay")


def test_declines_and_states():
    codes = {"5213720000000310": "TransactionDeclined", "5213720000000328": "InsufficientFunds",
             "5213720000000336": "ExpiredAccount", "5213720000000344": "BlockedAccount",
             "5213720000000351": "RejectedByFraud", "4111111111111111": "InvalidAccount",
             "4180150000000016": "InvalidAccount"}
    for pan, code in codes.items():
        r = call("POST", "/api/v2/payments", pay_req(card={"pan": pan}), key=k())
        check(r.status == 201 and r.json["status"] == "Rejected" and r.json["resultCode"] == code,
              "card %s -> Rejected %s (got %s)" % (pan, code, r.json and r.json.get("resultCode")))
    r = call("POST", "/api/v2/payments", pay_req(card={"expiry": "01/2020"}), key=k())
    check(r.json["resultCode"] == "ExpiredAccount", "past expiry -> ExpiredAccount")

    # two-stage, partial capture, refunds
    r = call("POST", "/api/v2/payments", pay_req(amount=300, dual=True), key=k())
    p = r.json
    check(p["status"] == "Authorized", "dualMode -> Authorized")
    r = call("PUT", "/api/v2/payments/%s/confirm" % p["id"], {"amount": {"value": 400, "currency": "RUB"}})
    check(r.status == 422 and r.json["code"] == "invalid_operation", "capture above the hold refused")
    r = call("PUT", "/api/v2/payments/%s/confirm" % p["id"], {"amount": {"value": 250, "currency": "RUB"}})
    check(r.status == 200 and r.body == b"", "partial capture -> 200 empty")
    r = call("GET", "/api/v2/payments/" + p["id"])
    check(r.json["status"] == "Settled" and "capturedAmount" not in r.json, "captured -> Settled")
    r = call("POST", "/api/v2/refunds", {"paymentId": p["id"], "amount": {"value": 260, "currency": "RUB"}}, key=k())
    check(r.status == 422, "refund above the captured sum refused")
    r = call("POST", "/api/v2/refunds", {"paymentId": p["id"], "amount": {"value": 100, "currency": "RUB"}}, key=k())
    check(r.status == 201 and r.json["status"] == "Pending" and r.json["resultCode"] == "Success",
          "refund -> 201 Pending with resultCode")
    rid = r.json["id"]
    r = call("GET", "/api/v2/refunds/" + rid)
    check(r.json["status"] == "Pending" and "resultCode" not in r.json, "a Pending refund read shows no resultCode")
    r = call("POST", "/api/v2/refunds", {"paymentId": p["id"], "amount": {"value": 150.01, "currency": "RUB"}}, key=k())
    check(r.status == 422, "refunds add up to at most the captured sum")
    r = call("GET", "/api/v2/refunds/" + rid, token=TOK_KS)
    check(r.status == 403, "another merchant's refund -> 403")
    STATE["refund"] = rid
    STATE["captured_payment"] = p

    r = call("POST", "/api/v2/payments", pay_req(dual=True), key=k())
    pid = r.json["id"]
    r = call("POST", "/api/v2/refunds", {"paymentId": pid, "amount": {"value": 10, "currency": "RUB"}}, key=k())
    check(r.status == 422, "refund of a held payment refused")
    check(call("PUT", "/api/v2/payments/%s/cancel" % pid).status == 200, "cancel hold -> 200")
    check(call("GET", "/api/v2/payments/" + pid).json["status"] == "Cancelled", "-> Cancelled")
    check(call("PUT", "/api/v2/payments/%s/cancel" % pid).status == 200, "cancel again -> 200")
    r = call("PUT", "/api/v2/payments/%s/confirm" % pid, {})
    check(r.status == 422, "capture of a cancelled payment -> 422")
    r = call("GET", "/api/v2/payments/" + pid, token=TOK_KS)
    check(r.status == 403 and r.json["code"] == "not_authorized", "another merchant's payment -> 403")
    r = call("GET", "/api/v2/payments/pm_doesnotexist")
    check(r.status == 404 and r.json["code"] == "invalid_operation", "unknown payment -> 404")


def test_confirmations():
    # SmsOtp
    r = call("POST", "/api/v2/payments", pay_req(card={"pan": "4180150000000122"}), key=k())
    p = r.json
    check(p["status"] == "Confirmation" and p["confirmation"]["type"] == "SmsOtp", "SmsOtp card asks for a code")
    r = call("PUT", "/api/v2/payments/%s/complete" % p["id"], {})
    check(r.status == 400 and any(e.startswith("code") for e in r.json["errors"]), "complete without code -> 400")
    r = call("PUT", "/api/v2/payments/%s/complete" % p["id"], {"code": "000000"})
    check(r.json["status"] == "Confirmation", "wrong code leaves another try")
    r = call("PUT", "/api/v2/payments/%s/complete" % p["id"], {"code": "271828"})
    check(r.json["status"] == "Settled", "right code -> Settled")

    # 3DS Method -> frictionless
    r = call("POST", "/api/v2/payments", pay_req(card={"pan": "4180150000000130"}), key=k())
    c = r.json["confirmation"]
    check(c["type"] == "ThreeDSMethod" and c["methodUrl"] and c["transactionId"], "ThreeDSMethod step")
    check(call("GET", c["methodUrl"], token=None).status == 200, "method page served")
    r = call("PUT", "/api/v2/payments/%s/complete" % r.json["id"], {"threeDSCompInd": "Y"})
    check(r.json["status"] == "Settled", "method completed -> Settled")

    # 3DS Method -> Challenge, with the ACS page
    r = call("POST", "/api/v2/payments", pay_req(card={"pan": "4180150000000148"}), key=k())
    pid = r.json["id"]
    r = call("PUT", "/api/v2/payments/%s/complete" % pid, {"threeDSCompInd": "N"})
    c = r.json["confirmation"]
    check(c["type"] == "ThreeDSChallenge" and c["acsUrl"] and c["creq"], "then a ThreeDSChallenge step")
    r = call("PUT", "/api/v2/payments/%s/complete" % pid, {"cres": "eyJ0cmFuc1N0YXR1cyI6IlkifQ"})
    check(r.json["status"] == "Confirmation", "a made-up cres does not pass")
    page = call("POST", c["acsUrl"], token=None, raw=urllib.parse.urlencode({"creq": c["creq"]}).encode())
    check(page.status == 200 and "Authenticate" in page.text, "ACS challenge page")
    res = call("POST", BASE + "/acs/v2/challenge/result", token=None,
               raw=urllib.parse.urlencode({"creq": c["creq"], "decision": "authenticate"}).encode())
    cres = form_of(res.text, "cres")
    check(bool(cres), "ACS answer carries cres")
    r = call("PUT", "/api/v2/payments/%s/complete" % pid, {"cres": cres})
    check(r.json["status"] == "Settled", "cres from the ACS -> Settled")

    # a cres of one authentication does not pass another
    r1 = call("POST", "/api/v2/payments", pay_req(card={"pan": "4180150000000155"}), key=k()).json
    r2 = call("POST", "/api/v2/payments", pay_req(card={"pan": "4180150000000155"}), key=k()).json
    res = call("POST", BASE + "/acs/v2/challenge/result", token=None,
               raw=urllib.parse.urlencode({"creq": r1["confirmation"]["creq"], "decision": "authenticate"}).encode())
    cres1 = form_of(res.text, "cres")
    r = call("PUT", "/api/v2/payments/%s/complete" % r2["id"], {"cres": cres1})
    check(r.json["status"] == "Confirmation", "cres bound to its own authentication")
    res = call("POST", BASE + "/acs/v2/challenge/result", token=None,
               raw=urllib.parse.urlencode({"creq": r2["confirmation"]["creq"], "decision": "fail"}).encode())
    r = call("PUT", "/api/v2/payments/%s/complete" % r2["id"], {"cres": form_of(res.text, "cres")})
    check(r.json["status"] == "Rejected" and r.json["resultCode"] == "ThreeDSecureFailed",
          "failed authentication -> Rejected ThreeDSecureFailed")

    # 3DS v1
    r = call("POST", "/api/v2/payments", pay_req(card={"pan": "4180150000000163"}), key=k())
    pid, c = r.json["id"], r.json["confirmation"]
    check(c["type"] == "ThreeDSv1" and c["PAReq"], "ThreeDSv1 step")
    page = call("POST", c["acsUrl"], token=None,
                raw=urllib.parse.urlencode({"PaReq": c["PAReq"], "MD": "m1", "TermUrl": "https://shop.example/3ds"}).encode())
    check(page.status == 200, "ACS v1 page")
    res = call("POST", BASE + "/acs/v1/pareq/result", token=None,
               raw=urllib.parse.urlencode({"PaReq": c["PAReq"], "MD": "m1", "decision": "authenticate"}).encode())
    pares = form_of(res.text, "PaRes")
    r = call("PUT", "/api/v2/payments/%s/complete" % pid, {"code": "1", "PARes": pares})
    check(r.status == 400, "an answer member of another step type is refused")
    r = call("PUT", "/api/v2/payments/%s/complete" % pid, {"PARes": pares})
    check(r.json["status"] == "Settled", "PARes from the ACS -> Settled")

    # External
    r = call("POST", "/api/v2/payments", pay_req(card={"pan": "4180150000000114"}, dual=True), key=k())
    c = r.json["confirmation"]
    check(c["type"] == "External" and c["paymentUrl"], "External step")
    check(call("GET", c["paymentUrl"], token=None).status == 200, "External page served")
    r2 = call("POST", c["paymentUrl"], token=None, raw=b"decision=approve")
    check(r2.status == 200, "approve on the page")
    check(call("GET", "/api/v2/payments/" + r.json["id"]).json["status"] == "Authorized", "-> Authorized")
    r = call("POST", "/api/v2/payments", pay_req(card={"pan": "4180150000000114"}), key=k())
    call("POST", r.json["confirmation"]["paymentUrl"], token=None, raw=b"decision=decline")
    p = call("GET", "/api/v2/payments/" + r.json["id"]).json
    check(p["status"] == "Rejected" and p["resultCode"] == "CancelledByUser", "decline on the page -> CancelledByUser")

    # other methods
    r = call("POST", "/api/v2/payments", pay_req(paymentData={"paymentMethod": "mcommerce", "phone": "79035550301"}), key=k())
    check(r.json["confirmation"]["type"] == "SmsOtp", "mcommerce -> SmsOtp")
    r = call("PUT", "/api/v2/payments/%s/complete" % r.json["id"], {"code": "271828"})
    check(r.json["status"] == "Settled", "mcommerce paid")
    r = call("POST", "/api/v2/payments", pay_req(paymentData={"paymentMethod": "voucher", "authorizationCode": "VCH-7731-0001"}), key=k())
    check(r.json["status"] == "Settled", "voucher paid")
    r = call("POST", "/api/v2/payments", pay_req(paymentData={"paymentMethod": "ewallet", "account": "nw-wallet-frozen"}), key=k())
    check(r.json["resultCode"] == "BlockedAccount", "frozen wallet -> BlockedAccount")
    r = call("POST", "/api/v2/payments", pay_req(paymentData={"paymentMethod": "bankcard", "card": {"pan": "5213720000000013", "expiry": "10/2031"},
                                                              "dsrp": {"type": "ApplePay", "cryptogram": "AbCdEf0123==", "eci": "05"}}), key=k())
    check(r.json["status"] == "Settled", "ApplePay (dsrp) paid")
    r = call("POST", "/api/v2/payments", pay_req(paymentData={"paymentMethod": "sbp", "phone": "79035550101"}), key=k())
    check(r.json["status"] == "Pending", "sbp with phone -> Pending")
    STATE["sbp"] = r.json["id"]


def test_tokens():
    cb = CB_BASE + "/token-a"
    r = call("POST", "/api/v2/paymenttokens", {"merchantId": NW, "type": "recurring", "purpose": "subscription",
                                               "paymentData": {"paymentMethod": "bankcard", "card": APPROVED},
                                               "protocol": {"returnUrl": "https://shop.example/r", "callbackUrl": cb},
                                               "customer": {"account": "c-1", "email": "a@example.org"}}, key=k())
    t = r.json
    check(r.status == 201 and t["status"] == "Created" and t["confirmation"]["type"] == "External", "token Created + External")
    r = call("PUT", "/api/v2/paymenttokens/%s/complete" % t["id"], {})
    check(r.status == 422, "completing before the cardholder finished -> 422")
    call("POST", t["confirmation"]["paymentUrl"], token=None, raw=b"decision=approve")
    r = call("PUT", "/api/v2/paymenttokens/%s/complete" % t["id"], {})
    check(r.status == 200 and r.json["status"] == "Active", "token Active after the page")
    check(wait_for(lambda: got("/token-a", "Active")), "token Active notified")
    r = call("POST", "/api/v2/payments", pay_req(paymentData={"paymentMethod": "bankcard", "token": {"id": t["id"]}}), key=k())
    check(r.json["status"] == "Settled" and r.json["paymentToken"]["id"] == t["id"], "payment with the token")
    check(call("PUT", "/api/v2/paymenttokens/%s/revoke" % t["id"]).status == 200, "revoke -> 200")
    check(call("PUT", "/api/v2/paymenttokens/%s/revoke" % t["id"]).status == 200, "revoke again -> 200")
    check(call("GET", "/api/v2/paymenttokens/" + t["id"]).json["status"] == "Revoked", "token Revoked")
    r = call("POST", "/api/v2/payments", pay_req(paymentData={"paymentMethod": "bankcard", "token": {"id": t["id"]}}), key=k())
    check(r.status == 422 and r.json["code"] == "payment_token_revoked", "revoked token -> payment_token_revoked")
    check(wait_for(lambda: got("/token-a", "Revoked")), "token Revoked notified")

    # tokenization page with the blocked-token card
    r = call("POST", "/api/v2/tokenization", {"merchantId": NW, "type": "recurring", "purpose": "p",
                                              "paymentMethod": "bankcard", "returnUrl": "https://shop.example/r"}, key=k())
    check(r.status == 201 and r.json["tokenId"] and r.json["url"], "tokenization -> tokenId + url")
    page = call("POST", r.json["url"], token=None, raw=b"pan=4180150000000213&expiry=11%2F2030&cvc=321")
    check(page.status == 200, "card entered on the tokenization page")
    tid = r.json["tokenId"]
    check(call("GET", "/api/v2/paymenttokens/" + tid).json["status"] == "Active", "tokenization -> Active")
    r = call("POST", "/api/v2/payments", pay_req(paymentData={"paymentMethod": "bankcard", "token": {"id": tid}}), key=k())
    check(r.status == 422 and r.json["code"] == "payment_token_blocked", "blocked token -> payment_token_blocked")

    # token made by a payment
    r = call("POST", "/api/v2/payments", pay_req(tokenization={"type": "cof", "callbackUrl": CB_BASE + "/token-b"}), key=k())
    check(r.json.get("paymentToken", {}).get("id"), "payment with tokenization returns paymentToken")


def test_invoice_and_v1():
    order = "INV-" + k()[:8]
    r = call("POST", "/api/v2/invoices", {"merchantId": NW, "amount": {"value": 1500, "currency": "RUB"},
                                          "invoice": {"description": "Sleeping bag", "orderNo": order},
                                          "protocol": {"returnUrl": "https://shop.example/r", "callbackUrl": CB_BASE + "/inv"},
                                          "customer": {"phone": "79161234567", "email": "b@example.org"}}, key=k())
    check(r.status == 201 and r.json["paymentId"] and r.json["url"], "invoice -> paymentId + url")
    pid, url = r.json["paymentId"], r.json["url"]
    check(call("GET", url, token=None).status == 200, "invoice page served")
    p = call("GET", "/api/v2/payments/" + pid).json
    check(p["status"] == "Confirmation", "unpaid invoice is Confirmation")
    v = v1("getPaymentByInvoiceID", {"invoiceID": order, "siteAlias": "nordwind-shop"}, hashed=["invoiceID", "siteAlias"])
    check(v.json["ErrorCode"] == 0 and v.json["Payment"]["State"] == "INITIATED", "v1 sees the unpaid invoice INITIATED")
    r = call("POST", url, token=None, raw=urllib.parse.urlencode(APPROVED).encode())
    check(r.status == 200, "invoice paid on its page")
    p = call("GET", "/api/v2/payments/" + pid).json
    check(p["status"] == "Settled", "invoice payment Settled")
    check(wait_for(lambda: got("/inv", "Settled")), "invoice payment notified Settled")
    n = got("/inv", "Settled")[0]
    check(n["auth"] is None and n["sig"], "notification without Authorization, with a signature header")
    v = v1("getPayment", {"paymentID": str(0)}, hashed=["paymentID"])
    check(v.json["ErrorCode"] == -6, "v1 unknown PaymentID -> -6")
    vp = v1("getPaymentByInvoiceID", {"invoiceID": order, "siteAlias": "nordwind-shop"}, hashed=["invoiceID", "siteAlias"]).json
    check(vp["Payment"]["State"] == "COMPLETE" and vp["Payment"]["PaymentMethod"] == "BankCard", "v1 COMPLETE / BankCard")
    v1id = vp["Payment"]["PaymentID"]
    check(isinstance(v1id, int), "v1 PaymentID is an integer")
    v = v1("getPayment", {"paymentID": str(v1id)}, login=CASH, pw=CASH_PW, hashed=["paymentID"])
    check(v.status == 200 and v.json["ErrorCode"] == 0, "Cashier reads a payment")
    v = v1("refundPayment", {"paymentID": str(v1id), "amount": "100.00"}, login=CASH, pw=CASH_PW,
           hashed=["paymentID", "amount", "externalID"], method="POST")
    check(v.json["ErrorCode"] == -6, "Cashier cannot refund -> -6")
    v = v1("getPayment", {"paymentID": str(v1id)}, hashed=["paymentID"], nonce="fixed-nonce-1")
    check(v.json["ErrorCode"] == 0, "signed call ok")
    v = v1("getPayment", {"paymentID": str(v1id)}, hashed=["paymentID"], nonce="fixed-nonce-1")
    check(v.json["ErrorCode"] == -14, "repeated nonce -> -14")
    v = v1("getPayment", {"paymentID": str(v1id)}, pw="wrong", hashed=["paymentID"])
    check(v.json["ErrorCode"] == -7, "wrong signature -> -7")
    v = v1("getPayment", {"paymentID": str(v1id)}, login="nw-owner", pw="owner-Pass-2024", hashed=["paymentID"])
    check(v.json["ErrorCode"] == -6, "personal-account login refused -> -6")
    v = v1("getpayment", {"paymentID": str(v1id)}, hashed=["paymentID"])
    check(v.json["ErrorCode"] == 0, "path in other letter case")
    v = v1("getPayment", {"paymentID": str(v1id)}, hashed=["paymentID"], nonce="a;b")
    check(v.status == 400, "nonce with ';' -> HTTP 400")
    cart = {"shoppingcart.items[0].name": "Sleeping bag", "shoppingcart.items[0].qty": "1",
            "shoppingcart.items[0].price": "400.00", "shoppingcart.items[0].tax": "vat22"}
    v = v1("refundPayment", dict(cart, paymentID=str(v1id), amount="400.00", externalID="ext-1"),
           hashed=["paymentID", "amount", "externalID"], method="POST")
    check(v.json["ErrorCode"] == 0 and v.json["Refund"]["State"] == "PENDING", "v1 refund with a cart -> PENDING")
    v = v1("refundPayment", {"paymentID": str(v1id), "amount": "2000.00"},
           hashed=["paymentID", "amount", "externalID"], method="POST")
    check(v.json["ErrorCode"] == -18, "v1 refund above the paid sum -> -18")
    v = v1("listRefunds", {"accountID": "4800117", "paymentID": str(v1id)},
           hashed=["accountID", "paymentID", "periodFrom", "periodTo", "externalID"])
    check(v.json["ErrorCode"] == 0 and len(v.json["Response"]["Refunds"]) == 1, "v1 listRefunds")
    v2r = call("GET", "/api/v2/payments/" + pid)
    check(v2r.json["status"] == "Settled", "v2 still Settled")
    # holds via v1
    r = call("POST", "/api/v2/payments", pay_req(amount=700, dual=True), key=k()).json
    lst = v1("listPaymentsFilter", {"accountID": "4800117", "siteAlias": "nordwind-shop",
                                    "periodFrom": day(0), "periodTo": day(0), "invoiceID": r["invoice"]["orderNo"]},
             hashed=["accountID", "siteAlias", "periodFrom", "periodTo", "invoiceID", "state"]).json
    check(lst["ErrorCode"] == 0 and len(lst["Response"]["Payments"]) == 1
          and lst["Response"]["Payments"][0]["State"] == "HOLD", "v2 Authorized is v1 HOLD")
    hid = lst["Response"]["Payments"][0]["PaymentID"]
    v = v1("confirmPayment", {"paymentID": str(hid), "amount": "800.00"}, hashed=["paymentID", "amount"], method="POST")
    check(v.json["ErrorCode"] == -18, "confirm above the hold -> -18")
    v = v1("confirmPayment", {"paymentID": str(hid), "amount": "650.00"}, hashed=["paymentID", "amount"], method="POST")
    check(v.json["ErrorCode"] == 0 and v.json["Payment"]["State"] == "COMPLETE"
          and v.json["Payment"]["PaymentAmount"] == 650, "confirm less than the hold")
    r = call("POST", "/api/v2/payments", pay_req(amount=70, dual=True), key=k()).json
    lst = v1("listPaymentsFilter", {"accountID": "4800117", "siteAlias": "nordwind-shop",
                                    "periodFrom": day(0), "periodTo": day(0), "invoiceID": r["invoice"]["orderNo"]},
             hashed=["accountID", "siteAlias", "periodFrom", "periodTo", "invoiceID", "state"]).json
    hid = lst["Response"]["Payments"][0]["PaymentID"]
    v = v1("cancelPayment", {"paymentID": str(hid)}, hashed=["paymentID", "error"], method="POST")
    check(v.json["ErrorCode"] == 0 and v.json["Payment"]["State"] == "CANCELLED", "v1 cancel hold")
    check(call("GET", "/api/v2/payments/" + r["id"]).json["status"] == "Cancelled", "v2 sees the v1 cancel")
    v = v1("listPaymentsFilter", {"siteAlias": "nordwind-shop", "periodFrom": day(0), "periodTo": day(0)},
           hashed=["accountID", "siteAlias", "periodFrom", "periodTo", "invoiceID", "state"])
    check(v.status == 400, "accountID needed when the user has two accounts")


def day(offset_days):
    r = call("GET", "/sandbox/clock", token=None).json["now"]
    t = dt.datetime.strptime(r[:19], "%Y-%m-%dT%H:%M:%S") + dt.timedelta(days=offset_days)
    return t.strftime("%Y-%m-%d")


def test_lists():
    start = call("GET", "/sandbox/clock", token=None).json["now"]
    ids = []
    for i in range(27):
        ids.append(call("POST", "/api/v2/payments", pay_req(amount=10 + i), key=k()).json["id"])
    end = call("GET", "/sandbox/clock", token=None).json["now"]
    seen, cursor, pages = [], None, 0
    while True:
        q = {"merchantId": NW, "start": start, "end": end}
        if cursor:
            q["cursor"] = cursor
        r = call("GET", "/api/v2/payments?" + urllib.parse.urlencode(q))
        check(r.status == 200, "list page 200")
        pages += 1
        seen += [x["id"] for x in r.json["items"]]
        cursor = r.json.get("page", {}).get("nextCursor")
        if not cursor or pages > 10:
            break
    check(set(ids) <= set(seen) and pages >= 3, "paging through 27 payments (%d pages)" % pages)
    check(seen.index(ids[-1]) < seen.index(ids[0]), "newest first")
    r = call("GET", "/api/v2/payments?" + urllib.parse.urlencode({"merchantId": NW, "start": start, "end": end,
                                                                   "cursor": "garbage"}))
    check(r.status == 400, "bad cursor -> 400")
    r = call("GET", "/api/v2/payments?" + urllib.parse.urlencode({"merchantId": KS, "start": start, "end": end}))
    check(r.status == 403, "list of another merchant -> 403")
    v = v1("listPaymentsFilter", {"accountID": "4800117", "siteAlias": "nordwind-shop", "periodFrom": day(0),
                                  "periodTo": day(0)},
           hashed=["accountID", "siteAlias", "periodFrom", "periodTo", "invoiceID", "state"]).json
    check(v["Response"]["Overflow"] is True and len(v["Response"]["Payments"]) == 25, "v1 Overflow beyond 25")


def test_receipts_stickers():
    p = STATE["captured_payment"]
    item = {"name": "Tent", "quantity": 1, "price": 250, "vatType": "Vat22", "paymentSubject": "Commodity",
            "paymentMethod": "FullPayment", "measure": "Piece"}
    body = {"paymentId": p["id"], "amount": {"value": 250, "currency": "RUB"}, "type": "Payment",
            "client": {"email": "c@example.org"}, "items": [item]}
    r = call("POST", "/api/v2/receipts", dict(body, items=[dict(item, vatType="Vat120")]), key=k())
    check(r.status == 400, "Vat120 is not in the dictionary")
    r = call("POST", "/api/v2/receipts", body, key=k())
    check(r.status == 201 and r.json["status"] == "Pending", "receipt -> Pending")
    STATE["receipt"] = r.json["id"]
    r = call("GET", "/api/v2/receipts?paymentId=" + p["id"])
    check(r.status == 200 and isinstance(r.json, list) and len(r.json) == 1, "receipt list is a bare array")

    cb = CB_BASE + "/sticker"
    r = call("POST", "/api/v2/stickers", {"merchantId": NW, "stickerType": "Sbp", "cashlink": False,
                                          "description": "Coffee", "productCode": "cof-1", "paymentPurpose": "Coffee",
                                          "amount": {"value": 150, "currency": "RUB"}, "callbackUrl": cb}, key=k())
    s = r.json
    check(r.status == 201 and s["status"] == "Active" and s["payload"], "sticker Active with payload")
    r = call("POST", s["payload"], token=None, raw=b"phone=79035550101")
    check(r.status == 200, "payer pays the sticker")
    STATE["sticker_cb"] = cb
    check(call("PUT", "/api/v2/stickers/" + s["id"], {"active": False}).status == 200, "sticker off")
    check(call("GET", "/api/v2/stickers/" + s["id"]).json["status"] == "Disabled", "sticker Disabled")
    r = call("POST", s["payload"], token=None, raw=b"phone=79035550101")
    check(r.status == 409, "a disabled sticker takes no payment")
    r = call("POST", "/api/v2/stickers", {"merchantId": NW, "stickerType": "Sbp", "cashlink": True,
                                          "description": "Till 2", "callbackUrl": CB_BASE + "/cash"}, key=k())
    cs = r.json
    r = call("POST", "/api/v2/payments", {"merchantId": NW, "amount": {"value": 99.9, "currency": "RUB"},
                                          "paymentData": {"paymentMethod": "sbp", "stickerId": cs["id"]}}, key=k())
    check(r.status == 201 and r.json["status"] == "Confirmation", "cashlink payment waits for the payer")
    STATE["cashlink"] = r.json["id"]
    call("POST", cs["payload"], token=None, raw=b"phone=79035550105")
    r = call("GET", "/api/v2/stickers?merchantId=" + NW)
    check(r.status == 200 and len(r.json["items"]) >= 2, "sticker list")


def test_time_and_notifications():
    # a refused notification is sent again
    REFUSE_FIRST.add("/retry")
    r = call("POST", "/api/v2/payments", pay_req(protocol={"callbackUrl": CB_BASE + "/retry"}), key=k())
    check(wait_for(lambda: got("/retry")), "first notification sent")
    check(got("/retry")[0]["refused"] and len(got("/retry")) == 1, "refused once")
    # pending card, pending refund, receipt, sbp, sticker, invoice expiry
    pend = call("POST", "/api/v2/payments", pay_req(card={"pan": "4180150000000023"}), key=k()).json
    check(pend["status"] == "Pending", "pending card -> Pending")
    exp_at = (dt.datetime.utcnow() + dt.timedelta(seconds=int(call("GET", "/sandbox/clock", token=None).json["offsetSeconds"]) + 120)).strftime("%Y-%m-%dT%H:%M:%SZ")
    inv = call("POST", "/api/v2/invoices", {"merchantId": NW, "amount": {"value": 10, "currency": "RUB"},
                                            "invoice": {"description": "expires", "expires": exp_at,
                                                        "orderNo": "EXP-" + k()[:8]}}, key=k()).json
    exp_order = call("GET", "/api/v2/payments/" + inv["paymentId"]).json["invoice"]["orderNo"]
    advance(25)
    check(wait_for(lambda: len(got("/retry")) >= 2), "notification sent again after the retry delay")
    check(call("GET", "/api/v2/payments/" + pend["id"]).json["status"] == "Settled", "pending -> Settled")
    r = call("GET", "/api/v2/refunds/" + STATE["refund"]).json
    check(r["status"] == "Success" and r["resultCode"] == "Success", "refund -> Success")
    rc = call("GET", "/api/v2/receipts/" + STATE["receipt"]).json
    check(rc["status"] == "Success" and rc["fiscalData"]["fiscalDeviceId"], "receipt -> Success with fiscalData")
    check(call("GET", "/api/v2/payments/" + STATE["sbp"]).json["status"] == "Settled", "sbp -> Settled")
    check(wait_for(lambda: got("/sticker", "Settled")), "sticker payment notified to the sticker's callbackUrl")
    check(call("GET", "/api/v2/payments/" + STATE["cashlink"]).json["status"] == "Settled", "cashlink -> Settled")
    advance(180)
    p = call("GET", "/api/v2/payments/" + inv["paymentId"]).json
    check(p["status"] == "Cancelled" and p["resultCode"] == "PaymentExpired", "expired invoice -> Cancelled PaymentExpired")
    vp = v1("getPaymentByInvoiceID", {"invoiceID": exp_order, "siteAlias": "nordwind-shop"},
            hashed=["invoiceID", "siteAlias"]).json["Payment"]
    check(vp["State"] == "CANCELLED" and vp["ErrorCode"] == -9, "v1: expired invoice CANCELLED with -9")
    v = v1("refundPayment", {"paymentID": str(vp["PaymentID"]), "amount": "10.00"},
           hashed=["paymentID", "amount", "externalID"], method="POST")
    check(v.json["ErrorCode"] == -15, "refund of an expired invoice -> -15")
    # payouts appear the next morning
    advance(2 * 86400)
    v = v1("listTransfers", {"accountID": "4800117", "periodFrom": day(-3), "periodTo": day(0)},
           hashed=["accountID", "periodFrom", "periodTo"])
    check(v.json["ErrorCode"] == 0 and v.json["Response"]["Transfers"], "v1 transfers")
    reg = v.json["Response"]["Transfers"][-1]["RegisterID"]
    x = v1("getTransferRegister", {"registerID": str(reg)}, hashed=["registerID"], xml=True)
    check(x.status == 200 and x.headers["Content-Type"].startswith("text/xml")
          and b"<RestRegisterOperationInfo>" in x.body, "v1 register as XML")
    x = v1("listDocuments", {"accountID": "4800117", "periodFrom": day(-30), "periodTo": day(0)},
           hashed=["accountID", "periodFrom", "periodTo"], xml=True)
    check(b"<Documents><RestDocumentInfo>" in x.body, "v1 documents as XML")
    did = re.findall(rb"<DocumentID>([^<]+)</DocumentID>", x.body)[-1].decode()
    d = v1("getDocumentContent", {"documentID": did}, hashed=["documentID"])
    check(d.status == 200 and d.json["ErrorCode"] == 0
          and base64.b64decode(d.json["Response"]["Content"]), "document content (base64 in the envelope)")
    v = v1("listDocuments", {"accountID": "4800117", "periodFrom": day(-1), "periodTo": day(0)},
           login=CASH, pw=CASH_PW, hashed=["accountID", "periodFrom", "periodTo"])
    check(v.json["ErrorCode"] == -6, "documents need the Accountant role")


def test_concurrency():
    host, port = BASE[len("http://"):].split(":")
    errors = []

    def worker():
        try:
            c = http.client.HTTPConnection(host, int(port), timeout=10)
            for _ in range(10):
                c.request("GET", "/api/v2/payments/pm_none", headers={"Authorization": "Bearer " + TOK})
                r = c.getresponse()
                r.read()
                if r.status != 404:
                    errors.append(r.status)
            c.close()
        except Exception as e:
            errors.append(repr(e))

    t0 = time.time()
    ts = [threading.Thread(target=worker) for _ in range(64)]
    [t.start() for t in ts]
    [t.join() for t in ts]
    el = time.time() - t0
    check(not errors, "64 keep-alive connections x 10 calls (%s)" % errors[:3])
    print("  640 calls on 64 connections in %.2f s" % el)


STATE = {}


def main():
    global BASE, CB_BASE
    cbsrv = ThreadingHTTPServer(("127.0.0.1", 0), CB)
    threading.Thread(target=cbsrv.serve_forever, daemon=True).start()
    CB_BASE = "http://127.0.0.1:%d" % cbsrv.server_address[1]
    proc = subprocess.Popen([sys.executable, os.path.join(HERE, "server.py"), "--port", "0"],
                            stdout=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline().strip()
        m = re.match(r"^listening on (http://127\.0\.0\.1:\d+)$", line)
        if not m:
            print("server did not start: %r" % line)
            return 1
        BASE = m.group(1)
        for t in (test_auth, test_validation_and_idempotency, test_declines_and_states, test_confirmations,
                  test_tokens, test_invoice_and_v1, test_lists, test_receipts_stickers,
                  test_time_and_notifications, test_concurrency):
            print("-", t.__name__, flush=True)
            try:
                t()
            except Exception as e:
                import traceback
                traceback.print_exc()
                FAILS.append("%s raised %r" % (t.__name__, e))
    finally:
        proc.terminate()
        proc.wait(5)
        cbsrv.shutdown()
    print("%d checks passed, %d failed" % (PASSES[0], len(FAILS)))
    return 1 if FAILS else 0


CB_BASE = None

if __name__ == "__main__":
    sys.exit(main())
