"""The sandbox's own test data: merchants, access tokens, v1 users, test
cards, phones, wallets and vouchers. See README.md for the table."""

# ---------------------------------------------------------------- v2 merchants
MERCHANTS = {
    "NW-480115": {
        "name": "Nordwind Outdoor LLC",
        "currencies": {"RUB"},
        "site": "nordwind-shop",
        "notify_secret": "whsec-nw-3a91f0c7d2",
        "max_amount": "500000.00",
    },
    "KS-733902": {
        "name": "Kestrel Books LLP",
        "currencies": {"RUB", "KZT"},
        "site": "kestrel-store",
        "notify_secret": "whsec-ks-8d24b6e1f5",
        "max_amount": "500000.00",
    },
}

# bearer token -> merchant and rights ("full": every operation; "read": GET only)
ACCESS_TOKENS = {
    "sbx-nw-5f8e1c2a9b7d4e60a3": {"merchant": "NW-480115", "rights": "full"},
    "sbx-nw-ro-77c0d1e2f3a4b5c6": {"merchant": "NW-480115", "rights": "read"},
    "sbx-ks-0c3b7a91e6f24d58b1": {"merchant": "KS-733902", "rights": "full"},
}

# ---------------------------------------------------------------- v1 (legacy)
ACCOUNTS = {
    "4800117": {"merchant": "NW-480115", "sites": ["nordwind-shop"]},
    "4800125": {"merchant": "NW-480115", "sites": ["nordwind-b2b"]},
    "7339021": {"merchant": "KS-733902", "sites": ["kestrel-store"]},
}

SITES = {
    "nordwind-shop": {"SiteID": 48011, "account": "4800117", "merchant": "NW-480115"},
    "nordwind-b2b": {"SiteID": 48012, "account": "4800125", "merchant": None},
    "kestrel-store": {"SiteID": 73391, "account": "7339021", "merchant": "KS-733902"},
}

V1_USERS = {
    "nw-auto-acct": {"password": "Kq7-mP2x_tL9w", "role": "Accountant",
                     "accounts": ["4800117", "4800125"], "automatic": True},
    "nw-auto-cash": {"password": "hR4-wN8e_K1zb", "role": "Cashier",
                     "accounts": ["4800117", "4800125"], "automatic": True},
    "nw-owner": {"password": "owner-Pass-2024", "role": "Accountant",
                 "accounts": ["4800117", "4800125"], "automatic": False},
    "ks-auto-acct": {"password": "Zt5-pL0q_X3mr", "role": "Accountant",
                     "accounts": ["7339021"], "automatic": True},
}

# ---------------------------------------------------------------- cards
# behaviour:
#   approve            pays at once (Authorized with dualMode, else Settled)
#   pending            Pending, then approved after PENDING_SECONDS
#   pending-decline    Pending, then Rejected IssuerUnavailable
#   decline            Rejected with "code"
# "steps": confirmation steps asked before the authorization
# "after": outcome after the steps ("approve" or a decline code)
_VISA = {"brand": "Visa", "issuer": "Sandbox Volga Bank", "country": "RU",
         "type": "debit", "category": "classic"}
_MC = {"brand": "Mastercard", "issuer": "Sandbox Kama Bank", "country": "RU",
       "type": "credit", "category": "gold"}
_MIR = {"brand": "Mir", "issuer": "Sandbox Oka Bank", "country": "RU",
        "type": "debit", "category": "classic"}


def _c(info, **kw):
    d = dict(info)
    d.setdefault("steps", [])
    d.update(kw)
    return d


CARDS = {
    "4180150000000015": _c(_VISA, behaviour="approve", note="approved, no confirmation"),
    "5213720000000013": _c(_MC, behaviour="approve", note="approved, no confirmation (Mastercard credit gold)"),
    "2200730000000014": _c(_MIR, behaviour="approve", note="approved, no confirmation (Mir)"),
    "4180150000000023": _c(_VISA, behaviour="pending", note="Pending, approved after 8 s"),
    "4180150000000031": _c(_VISA, behaviour="pending-decline", code="IssuerUnavailable",
                           note="Pending, Rejected IssuerUnavailable after 8 s"),
    "4180150000000114": _c(_VISA, behaviour="approve", steps=["External"],
                           note="External step (bank page with approve/decline)"),
    "4180150000000122": _c(_VISA, behaviour="approve", steps=["SmsOtp"], sms_phone="79165550142",
                           note="SmsOtp step, code 271828"),
    "4180150000000130": _c(_VISA, behaviour="approve", steps=["ThreeDSMethod"],
                           note="ThreeDSMethod step, then frictionless approval"),
    "4180150000000148": _c(_VISA, behaviour="approve", steps=["ThreeDSMethod", "ThreeDSChallenge"],
                           note="ThreeDSMethod step, then ThreeDSChallenge step"),
    "4180150000000155": _c(_VISA, behaviour="approve", steps=["ThreeDSChallenge"],
                           note="ThreeDSChallenge step (3-D Secure 2)"),
    "4180150000000163": _c(_VISA, behaviour="approve", steps=["ThreeDSv1"],
                           note="ThreeDSv1 step (3-D Secure 1, PAReq/PARes)"),
    "2200730000000154": _c(_MIR, behaviour="approve", steps=["ThreeDSChallenge"],
                           note="ThreeDSChallenge step (Mir)"),
    "5213720000000153": _c(_MC, behaviour="decline", code="InsufficientFunds", steps=["ThreeDSChallenge"],
                           note="ThreeDSChallenge step, then Rejected InsufficientFunds"),
    "4180150000000213": _c(_VISA, behaviour="approve", blocked_token=True,
                           note="approved; a payment token made from it is blocked (payment_token_blocked)"),
    "4180150000000221": _c(_VISA, behaviour="approve", refunds_rejected=True,
                           note="approved; its refunds end Rejected"),
    "5213720000000310": _c(_MC, behaviour="decline", code="TransactionDeclined", note="Rejected TransactionDeclined"),
    "5213720000000328": _c(_MC, behaviour="decline", code="InsufficientFunds", note="Rejected InsufficientFunds"),
    "5213720000000336": _c(_MC, behaviour="decline", code="ExpiredAccount", note="Rejected ExpiredAccount"),
    "5213720000000344": _c(_MC, behaviour="decline", code="BlockedAccount", note="Rejected BlockedAccount"),
    "5213720000000351": _c(_MC, behaviour="decline", code="RejectedByFraud", note="Rejected RejectedByFraud"),
    "5213720000000369": _c(_MC, behaviour="decline", code="IssuerUnavailable", note="Rejected IssuerUnavailable"),
    "5213720000000377": _c(_MC, behaviour="decline", code="OperationNotAllowed", note="Rejected OperationNotAllowed"),
    "5213720000000385": _c(_MC, behaviour="decline", code="PaymentLimitExceeded", note="Rejected PaymentLimitExceeded"),
    "5213720000000393": _c(_MC, behaviour="decline", code="PaymentCountExceeded", note="Rejected PaymentCountExceeded"),
    "5213720000000401": _c(_MC, behaviour="decline", code="CardNotEnrolled", note="Rejected CardNotEnrolled"),
    "5213720000000419": _c(_MC, behaviour="decline", code="InvalidAmount", note="Rejected InvalidAmount"),
    "5213720000000427": _c(_MC, behaviour="decline", code="InvalidAccount", note="Rejected InvalidAccount"),
}

SMS_CODE = "271828"

# ---------------------------------------------------------------- other methods
# sbp: phone -> outcome (payments with a phone are Pending for SBP_SECONDS)
SBP_PHONES = {
    "79035550101": "approve",
    "79035550105": "approve",
    "79035550102": "RejectedByFraud",
    "79035550103": "InsufficientFunds",
}
# mcommerce (mobile balance): phone -> outcome after the SmsOtp step
MCOMMERCE_PHONES = {
    "79035550301": "approve",
    "79035550302": "InsufficientFunds",
}
EWALLET_ACCOUNTS = {
    "nw-wallet-0001": "approve",
    "nw-wallet-empty": "InsufficientFunds",
    "nw-wallet-frozen": "BlockedAccount",
}
VOUCHERS = {
    "VCH-7731-0001": "approve",
    "VCH-7731-0002": "approve",
    "VCH-7731-0099": "ExpiredAccount",
}

# ---------------------------------------------------------------- timings (seconds of the sandbox clock)
PENDING_SECONDS = 8          # card "pending" outcomes
SBP_SECONDS = 5              # SBP payments with a phone
REFUND_QUEUE_SECONDS = 5     # v1 PENDING -> EXECUTING
REFUND_SECONDS = 20          # refunds final
RECEIPT_SECONDS = 15         # receipts final
HOLD_SECONDS = 5 * 86400     # an uncaptured hold is released
CONFIRMATION_SECONDS = 15 * 60   # an unfinished confirmation step expires
INVOICE_DEFAULT_SECONDS = 86400  # invoice lifetime when invoice.expires is absent
INVOICE_MAX_SECONDS = 30 * 86400
IDEMPOTENCY_SECONDS = 86400
MAX_CONFIRMATION_ATTEMPTS = 3
NOTIFY_RETRY = [10, 30, 120, 600, 1800, 3600]   # after the 1st, 2nd, ... failure
PAGE_SIZE = 10
V1_LIST_LIMIT = 25
RECEIPT_REJECT_EMAIL = "fiscal-reject@nordwind.test"
COMMISSION = "0.024"
