"""Pages a payer's browser sees: invoice payment page, External approval
page, tokenization page, sticker (QR) page and the sandbox ACS for 3-D Secure."""

import html
import json
import re
import urllib.parse

import core
import testdata as TD
from core import CLOCK, LOCK, ST, TIMELINE
from util import EXPIRY, PHONE, BadJson, loads, money

CSS = ("body{font-family:sans-serif;max-width:40em;margin:2em auto;color:#222}"
       "form{margin:1em 0}input{margin:.2em}.box{border:1px solid #ccc;padding:1em;border-radius:6px}"
       "code{word-break:break-all;background:#f4f4f4}")


def page(title, body, status=200):
    doc = ("<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>%s</title><style>%s</style>"
           "</head><body><h1>%s</h1>%s<p style=\"color:#888;font-size:small\">Nordwind Pay sandbox - "
           "no real money moves.</p></body></html>" % (html.escape(title), CSS, html.escape(title), body))
    return status, [("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-store")], doc.encode()


def esc(s):
    return html.escape(str(s), quote=True)


def form_fields(req):
    """Fields of a page request: the query string, then a form or JSON body."""
    out = {}
    for k, v in urllib.parse.parse_qsl(req.query_string, keep_blank_values=True):
        out.setdefault(k, v)
    if req.method == "POST" and req.body:
        ctype = (req.headers.get("Content-Type") or "").split(";")[0].strip().lower()
        if ctype == "application/json" or ctype.endswith("+json"):
            try:
                b = loads(req.body)
            except BadJson:
                b = None
            if isinstance(b, dict):
                for k, v in b.items():
                    if isinstance(v, (str, int)) and not isinstance(v, bool):
                        out[k] = str(v)
        else:
            try:
                text = req.body.decode("utf-8")
            except UnicodeDecodeError:
                text = ""
            for k, v in urllib.parse.parse_qsl(text, keep_blank_values=True):
                out[k] = v
    return out


def amount_text(p):
    return "%s %s" % (money(p["amount"]), p["currency"])


def merchant_name(mid):
    return TD.MERCHANTS[mid]["name"]


def return_link(url):
    if not url:
        return ""
    return '<p><a id="return" href="%s">Return to the shop</a></p>' % esc(url)


def status_page(p, title=None):
    st = p["status"]
    text = {
        "Settled": "The payment is complete.",
        "Authorized": "The amount is held on your card; the shop will charge it.",
        "Pending": "Your bank is processing the payment.",
        "Rejected": "The payment was declined (%s)." % (p["resultCode"] or ""),
        "Cancelled": "The payment was cancelled.",
        "Confirmation": "The payment needs a further step.",
    }.get(st, st)
    body = ('<div class="box"><p>Payment <code id="paymentId">%s</code> of %s to %s</p>'
            '<p>Status: <b id="status">%s</b></p><p>%s</p></div>%s'
            % (esc(p["id"]), esc(amount_text(p)), esc(merchant_name(p["merchant"])), esc(st), esc(text),
               return_link(p["protocol"].get("returnUrl"))))
    return page(title or "Payment %s" % st.lower(), body)


# ================================================================ 3-D Secure return address
def three_ds_return(p):
    if p["is_invoice"]:
        return "%s/pay/i/%s/3ds" % (p["base"], p["invoice_key"])
    return p["protocol"].get("threeDSCompleteUrl") or p["protocol"].get("returnUrl") or ""


# ================================================================ invoice page
def step_page(p):
    """Renders the current step of an invoice payment for the payer."""
    # the payer's browser runs the 3DS Method in a hidden frame: finished here
    while p["status"] == "Confirmation" and p["conf"] and p["conf"]["type"] == "ThreeDSMethod":
        p["conf"]["compInd"] = "Y"
        core.finish_step(p)
    if p["status"] != "Confirmation" or not p["conf"]:
        return status_page(p)
    c = p["conf"]
    pub = c["public"]
    key = p["invoice_key"]
    if c["type"] == "External":
        body = ('<p>Your bank asks you to approve the payment.</p>'
                '<p><a id="next" href="%s">Continue at your bank</a></p>' % esc(pub["paymentUrl"]))
    elif c["type"] == "SmsOtp":
        body = ('<p>Enter the code sent to %s (sandbox code: %s).</p>'
                '<form method="post" action="%s/pay/i/%s/otp"><input name="code" autocomplete="one-time-code">'
                '<button type="submit">Confirm</button></form>'
                % (esc(pub["maskedPhone"]), TD.SMS_CODE, esc(p["base"]), esc(key)))
    elif c["type"] == "ThreeDSChallenge":
        body = ('<form id="acs" method="post" action="%s"><input type="hidden" name="creq" value="%s">'
                '<button type="submit">Continue to 3-D Secure</button></form>'
                '<script>document.getElementById("acs").submit()</script>'
                % (esc(pub["acsUrl"]), esc(pub["creq"])))
    else:  # ThreeDSv1
        body = ('<form id="acs" method="post" action="%s"><input type="hidden" name="PaReq" value="%s">'
                '<input type="hidden" name="MD" value="%s"><input type="hidden" name="TermUrl" value="%s">'
                '<button type="submit">Continue to 3-D Secure</button></form>'
                '<script>document.getElementById("acs").submit()</script>'
                % (esc(pub["acsUrl"]), esc(pub["PAReq"]), esc(p["id"]), esc(three_ds_return(p))))
    return page("Confirm the payment", body)


def invoice_form(p, key, msg=""):
    methods = [p["invoice_method"]] if p["invoice_method"] else (["bankcard"] if p["dualMode"] else ["bankcard", "sbp"])
    parts = ['<div class="box"><p>%s</p><p>Amount: <b>%s</b></p><p>%s</p>'
             % (esc(merchant_name(p["merchant"])), esc(amount_text(p)),
                esc(p["invoice"].get("description") or ""))]
    if msg:
        parts.append('<p style="color:#b00" id="error">%s</p>' % esc(msg))
    if "bankcard" in methods:
        parts.append('<form method="post"><input type="hidden" name="method" value="bankcard">'
                     '<label>Card number <input name="pan" inputmode="numeric"></label><br>'
                     '<label>Expiry (MM/YYYY) <input name="expiry" placeholder="09/2029"></label><br>'
                     '<label>CVC <input name="cvc" inputmode="numeric"></label><br>'
                     '<button type="submit">Pay %s</button></form>' % esc(amount_text(p)))
    if "sbp" in methods:
        parts.append('<form method="post"><input type="hidden" name="method" value="sbp">'
                     '<label>Phone for the Faster Payments System <input name="phone"></label>'
                     '<button type="submit">Pay with SBP</button></form>')
    other = [m for m in methods if m not in ("bankcard", "sbp")]
    for m in other:
        parts.append('<p>Method %s: <form method="post"><input type="hidden" name="method" value="%s">'
                     '<input name="phone" placeholder="phone"><input name="account" placeholder="account">'
                     '<input name="authorizationCode" placeholder="code">'
                     '<button type="submit">Pay</button></form></p>' % (esc(m), esc(m)))
    parts.append("</div>")
    return "".join(parts)


def invoice_page(req, key, sub):
    ref = ST.pages.get(key)
    if not ref or ref[0] != "invoice":
        return page("Invoice not found", "<p>There is no invoice at this address.</p>", 404)
    p = ST.payments[ref[1]]
    f = form_fields(req)
    if sub == "otp":
        if req.method != "POST":
            return step_page(p)
        if p["status"] != "Confirmation" or not p["conf"] or p["conf"]["type"] != "SmsOtp":
            return status_page(p)
        if f.get("code") == p["conf"]["code"]:
            core.finish_step(p)
        else:
            core.fail_attempt(p)
        return step_page(p)
    if sub == "3ds":
        if p["status"] != "Confirmation" or not p["conf"]:
            return status_page(p)
        c = p["conf"]
        if c["type"] == "ThreeDSChallenge" and f.get("cres"):
            st = core.verify_cres(c, f["cres"])
        elif c["type"] == "ThreeDSv1" and (f.get("PaRes") or f.get("PARes")):
            st = core.verify_pares(c, f.get("PaRes") or f.get("PARes"))
        else:
            return page("Missing answer", "<p>The 3-D Secure answer is missing.</p>", 400)
        if st in ("Y", "A"):
            core.finish_step(p)
        elif st is not None:
            core.set_status(p, "Rejected", "ThreeDSecureFailed")
        else:
            core.fail_attempt(p)
        return step_page(p)
    # the invoice page itself
    if p["status"] != "Confirmation":
        return status_page(p, "Invoice %s" % p["status"].lower())
    if p["method"]:
        return step_page(p)   # a step is already under way
    if req.method == "GET":
        return page("Pay invoice", invoice_form(p, key))
    if req.method != "POST":
        return page("Method not allowed", "", 405)
    method = (f.get("method") or "").lower()
    if not method:
        method = "bankcard" if f.get("pan") else ("sbp" if f.get("phone") else "")
    if p["dualMode"] and method != "bankcard":
        return page("Pay invoice", invoice_form(p, key, "This invoice is paid by card."), 400)
    if p["invoice_method"] and method != p["invoice_method"]:
        return page("Pay invoice", invoice_form(p, key, "This invoice is paid with %s." % p["invoice_method"]), 400)
    if method == "bankcard":
        pan, expiry, cvc = f.get("pan", "").replace(" ", ""), f.get("expiry", ""), f.get("cvc", "")
        if not re.match(r"^\d{13,19}$", pan) or not EXPIRY.match(expiry) or not re.match(r"^\d{3}$", cvc):
            return page("Pay invoice", invoice_form(p, key, "Enter card number, expiry as MM/YYYY and 3-digit CVC."), 400)
        p["paid_via_page"] = True
        core.plan_card(p, pan, expiry[:2], expiry[3:])
    elif method == "sbp":
        phone = f.get("phone", "")
        if not PHONE.match(phone):
            return page("Pay invoice", invoice_form(p, key, "Enter the phone as digits, for example 79035550101."), 400)
        p["paid_via_page"] = True
        p["phone"] = phone
        core.plan_simple(p, TD.SBP_PHONES, phone, "sbp", phone, pending=True)
    elif method == "mcommerce" and PHONE.match(f.get("phone", "")):
        p["paid_via_page"] = True
        p["phone"] = f["phone"]
        core.plan_simple(p, TD.MCOMMERCE_PHONES, f["phone"], "mcommerce", f["phone"], steps=["SmsOtp"])
    elif method == "ewallet" and f.get("account"):
        p["paid_via_page"] = True
        core.plan_simple(p, TD.EWALLET_ACCOUNTS, f["account"], "ewallet", f["account"])
    elif method == "voucher" and f.get("authorizationCode"):
        c = f["authorizationCode"]
        p["paid_via_page"] = True
        core.plan_simple(p, TD.VOUCHERS, c, "voucher", c[:4] + "****" + c[-4:])
    elif method == "installment":
        p["paid_via_page"] = True
        p["method"], p["title"], p["after"], p["steps"] = "installment", "Installment plan", "approve", ["External"]
    else:
        return page("Pay invoice", invoice_form(p, key, "Choose a payment method and fill it in."), 400)
    if p["tokenization"] and p["method"] != "bankcard":
        p["tokenization"] = None
    p["conf"] = None
    core.start_authorization(p)
    return step_page(p)


# ================================================================ External page
def external_page(req, key):
    ref = ST.pages.get(key)
    if not ref or ref[0] not in ("ext", "tokext"):
        return page("Not found", "<p>There is nothing to approve at this address.</p>", 404)
    f = form_fields(req)
    if ref[0] == "tokext":
        t = ST.tokens[ref[1]]
        if t["status"] != "Created":
            return page("Card %s" % t["status"].lower(),
                        '<p>Card %s: <b id="status">%s</b></p>%s'
                        % (esc(t["title"]), esc(t["status"]), return_link(t["returnUrl"])), 409)
        if req.method == "GET":
            return page("Save your card", '<div class="box"><p>%s asks to save card %s for future payments.</p>'
                        '<form method="post"><button name="decision" value="approve">Approve</button>'
                        '<button name="decision" value="decline">Decline</button></form></div>'
                        % (esc(merchant_name(t["merchant"])), esc(t["title"])))
        d = f.get("decision")
        if d == "approve":
            code = core.verify_token_card(t)
            core.token_set_status(t, "Active" if code == "Success" else "Declined", code)
        elif d == "decline":
            core.token_set_status(t, "Declined", "CancelledByUser")
        else:
            return page("Choose", "<p>Send decision=approve or decision=decline.</p>", 400)
        return page("Card %s" % t["status"].lower(), '<p>Card %s: <b id="status">%s</b></p>%s'
                    % (esc(t["title"]), esc(t["status"]), return_link(t["returnUrl"])))
    p = ST.payments[ref[1]]
    c = p["conf"]
    live = (p["status"] == "Confirmation" and c is not None and c["type"] == "External"
            and c["public"]["paymentUrl"].endswith("/" + key))
    if not live:
        return status_page(p) if req.method == "GET" else \
            (lambda r: (409, r[1], r[2]))(status_page(p, "Nothing to approve"))
    if req.method == "GET":
        who = "your bank" if p["method"] == "bankcard" else ("your bank's app" if p["method"] == "sbp"
                                                            else "the installment provider")
        return page("Approve the payment",
                    '<div class="box"><p>%s asks %s to approve %s to %s.</p>'
                    '<form method="post"><button name="decision" value="approve">Approve</button>'
                    '<button name="decision" value="decline">Decline</button></form></div>'
                    % (esc(who.capitalize()), esc(who), esc(amount_text(p)), esc(merchant_name(p["merchant"]))))
    d = f.get("decision")
    if d == "approve":
        core.finish_step(p)
    elif d == "decline":
        core.set_status(p, "Rejected", "CancelledByUser")
    else:
        return page("Choose", "<p>Send decision=approve or decision=decline.</p>", 400)
    if p["is_invoice"]:
        return step_page(p)
    return status_page(p)


# ================================================================ tokenization page
def tokenize_page(req, key):
    ref = ST.pages.get(key)
    if not ref or ref[0] != "tokenize":
        return page("Not found", "<p>There is no card form at this address.</p>", 404)
    t = ST.tokens[ref[1]]
    if t["status"] != "Created":
        return page("Card %s" % t["status"].lower(), '<p>Status: <b id="status">%s</b></p>%s'
                    % (esc(t["status"]), return_link(t["returnUrl"])), 409)
    form = ('<div class="box"><p>%s will save your card for %s payments.</p>'
            '<form method="post"><label>Card number <input name="pan"></label><br>'
            '<label>Expiry (MM/YYYY) <input name="expiry"></label><br><label>CVC <input name="cvc"></label><br>'
            '<button type="submit">Save card</button></form></div>'
            % (esc(merchant_name(t["merchant"])), esc(t["type"])))
    if req.method == "GET":
        return page("Save your card", form)
    f = form_fields(req)
    pan, expiry, cvc = f.get("pan", "").replace(" ", ""), f.get("expiry", ""), f.get("cvc", "")
    if not re.match(r"^\d{13,19}$", pan) or not EXPIRY.match(expiry) or not re.match(r"^\d{3}$", cvc):
        return page("Save your card", '<p id="error">Enter card number, expiry as MM/YYYY and 3-digit CVC.</p>'
                    + form, 400)
    core.attach_card(t, pan, (expiry[:2], expiry[3:]))
    code = core.verify_token_card(t)
    core.token_set_status(t, "Active" if code == "Success" else "Declined", code)
    return page("Card %s" % t["status"].lower(), '<p>Card %s: <b id="status">%s</b></p>%s'
                % (esc(t["title"]), esc(t["status"]), return_link(t["returnUrl"])))


# ================================================================ sticker page
def sticker_page(req, code):
    sid = ST.sticker_by_code.get(code)
    if not sid:
        return page("Unknown QR code", "<p>This code is not known to the Faster Payments System.</p>", 404)
    s = ST.stickers[sid]
    if s["status"] != "Active":
        return page("Sticker not active", "<p>This sticker does not take payments now.</p>", 409)
    pending = ST.payments.get(s["pending_payment"]) if s["cashlink"] and s.get("pending_payment") else None
    if s["cashlink"] and pending is None:
        return page("Nothing to pay", "<p>The shop has not set an amount for this sticker yet.</p>", 409)
    amount = pending["amount"] if pending else s["amount"]
    cur = pending["currency"] if pending else s["currency"]
    if req.method == "GET":
        return page("Pay by QR", '<div class="box"><p>%s</p><p>%s</p><p>Amount: <b>%s %s</b></p>'
                    '<form method="post"><label>Your phone (bank app) <input name="phone"></label>'
                    '<button type="submit">Pay</button></form></div>'
                    % (esc(merchant_name(s["merchant"])), esc(s.get("paymentPurpose") or s.get("description") or ""),
                       esc(money(amount)), esc(cur)))
    f = form_fields(req)
    phone = f.get("phone", "")
    if not PHONE.match(phone):
        return page("Pay by QR", "<p>Give the payer's phone as digits, for example 79035550101.</p>", 400)
    if pending:
        p = pending
        p["conf"] = None
        p["status"] = "Pending"
    else:
        p = core.new_payment(s["merchant"], s["base"], s["amount"], s["currency"], sticker=s["id"],
                             invoice={k: v for k, v in (("description", s.get("paymentPurpose") or s.get("description")),) if v})
    p["paid_via_page"] = True
    p["phone"] = phone
    core.plan_simple(p, TD.SBP_PHONES, phone, "sbp", phone, pending=True)
    core.finalize(p)
    return status_page(p, "Payment sent")


# ================================================================ ACS
def acs_method(req, tx):
    ref = ST.tx.get(tx)
    if not ref:
        return page("Unknown transaction", "", 404)
    p = ST.payments.get(ref[1])
    if p and p["conf"] and p["conf"].get("tx") == tx and p["conf"]["type"] == "ThreeDSMethod":
        p["conf"]["method_loaded"] = True
    return 200, [("Content-Type", "text/html; charset=utf-8")], \
        b"<!DOCTYPE html><html><body><!-- 3DS Method: device data collected --></body></html>"


def _challenge_payment(creq):
    tx, acs = core.read_creq(creq or "")
    ref = ST.tx.get(tx) if tx else None
    if not ref:
        return None, None
    p = ST.payments.get(ref[1])
    if not p or not p["conf"] or p["conf"]["type"] != "ThreeDSChallenge" or p["conf"].get("acs") != acs:
        return p, None
    return p, p["conf"]


def acs_challenge(req, sub):
    f = form_fields(req)
    creq = f.get("creq")
    p, c = _challenge_payment(creq)
    if c is None:
        return page("3-D Secure", "<p>This authentication is unknown or already finished.</p>", 400)
    session = f.get("threeDSSessionData", "")
    if sub == "":
        return page("3-D Secure verification",
                    '<div class="box"><p>%s - verify the payment of %s to %s with card %s.</p>'
                    '<form method="post" action="%s/acs/v2/challenge/result">'
                    '<input type="hidden" name="creq" value="%s"><input type="hidden" name="threeDSSessionData" value="%s">'
                    '<button name="decision" value="authenticate">Authenticate</button>'
                    '<button name="decision" value="fail">Fail authentication</button></form></div>'
                    % (esc(p["cardInfo"]["issuer"] if p["cardInfo"] else "Issuer"), esc(amount_text(p)),
                       esc(merchant_name(p["merchant"])), esc(p["title"] or ""), esc(p["base"]),
                       esc(creq), esc(session)))
    d = f.get("decision")
    if d not in ("authenticate", "fail"):
        return page("3-D Secure", "<p>Send decision=authenticate or decision=fail.</p>", 400)
    cres = core.make_cres(c["tx"], c["acs"], "Y" if d == "authenticate" else "N")
    target = three_ds_return(p)
    return page("3-D Secure finished",
                '<p>Authentication %s. Returning to the shop...</p>'
                '<form id="back" method="post" action="%s"><input type="hidden" name="cres" value="%s">'
                '<input type="hidden" name="threeDSSessionData" value="%s"><button type="submit">Continue</button></form>'
                '<p>cres: <code id="cres">%s</code></p>%s'
                % ("succeeded" if d == "authenticate" else "failed", esc(target), esc(cres), esc(session),
                   esc(cres), '<script>document.getElementById("back").submit()</script>' if target else ""))


def acs_v1(req, sub):
    f = form_fields(req)
    pareq = f.get("PaReq") or f.get("PAReq") or ""
    xid = core.read_pareq(pareq) if pareq else None
    ref = ST.tx.get(xid) if xid else None
    p = ST.payments.get(ref[1]) if ref else None
    c = p["conf"] if p else None
    if not c or c["type"] != "ThreeDSv1" or c.get("xid") != xid:
        return page("3-D Secure", "<p>This authentication is unknown or already finished.</p>", 400)
    md = f.get("MD", "")
    term = f.get("TermUrl") or three_ds_return(p)
    if sub == "":
        return page("3-D Secure verification",
                    '<div class="box"><p>Verified by your bank - payment of %s to %s with card %s.</p>'
                    '<form method="post" action="%s/acs/v1/pareq/result">'
                    '<input type="hidden" name="PaReq" value="%s"><input type="hidden" name="MD" value="%s">'
                    '<input type="hidden" name="TermUrl" value="%s">'
                    '<button name="decision" value="authenticate">Authenticate</button>'
                    '<button name="decision" value="fail">Fail authentication</button></form></div>'
                    % (esc(amount_text(p)), esc(merchant_name(p["merchant"])), esc(p["title"] or ""),
                       esc(p["base"]), esc(pareq), esc(md), esc(term)))
    d = f.get("decision")
    if d not in ("authenticate", "fail"):
        return page("3-D Secure", "<p>Send decision=authenticate or decision=fail.</p>", 400)
    pares = core.make_pares(p, xid, "Y" if d == "authenticate" else "N")
    return page("3-D Secure finished",
                '<p>Authentication %s. Returning to the shop...</p>'
                '<form id="back" method="post" action="%s"><input type="hidden" name="PaRes" value="%s">'
                '<input type="hidden" name="MD" value="%s"><button type="submit">Continue</button></form>'
                '<p>PARes: <code id="PARes">%s</code></p>%s'
                % ("succeeded" if d == "authenticate" else "failed", esc(term), esc(pares), esc(md), esc(pares),
                   '<script>document.getElementById("back").submit()</script>' if term else ""))


# ================================================================ dispatch
def handle(req):
    path = req.path
    with LOCK:
        TIMELINE.run_due()
        m = re.match(r"^/pay/i/([A-Za-z0-9_-]+)(?:/(otp|3ds))?/?$", path)
        if m:
            return invoice_page(req, m.group(1), m.group(2))
        m = re.match(r"^/pay/x/([A-Za-z0-9_-]+)/?$", path)
        if m:
            return external_page(req, m.group(1))
        m = re.match(r"^/pay/t/([A-Za-z0-9_-]+)/?$", path)
        if m:
            return tokenize_page(req, m.group(1))
        m = re.match(r"^/qr/([A-Z0-9]+)/?$", path)
        if m:
            return sticker_page(req, m.group(1))
        m = re.match(r"^/acs/v2/method/([0-9a-f-]+)$", path)
        if m:
            return acs_method(req, m.group(1))
        m = re.match(r"^/acs/v2/challenge(/result)?$", path)
        if m:
            return acs_challenge(req, "result" if m.group(1) else "")
        m = re.match(r"^/acs/v1/pareq(/result)?$", path)
        if m:
            return acs_v1(req, "result" if m.group(1) else "")
    return page("Not found", "<p>No page here.</p>", 404)
