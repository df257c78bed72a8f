"""Small helpers shared by the sandbox modules: JSON writing with exact
decimals, timestamps, ISO 8601 parsing, request validation."""

import base64
import datetime as _dt
import hashlib
import hmac
import ipaddress
import json
import os
import re
import secrets
from decimal import Decimal, InvalidOperation

# One secret per process: binds 3-D Secure answers, cursors and page keys.
SERVER_SECRET = os.urandom(32)

CENT = Decimal("0.01")


# ---------------------------------------------------------------- JSON out
class Money(Decimal):
    """A decimal written with exactly two fraction digits."""


def _enc(o, out):
    if o is None:
        out.append("null")
    elif o is True:
        out.append("true")
    elif o is False:
        out.append("false")
    elif isinstance(o, str):
        out.append(json.dumps(o, ensure_ascii=False))
    elif isinstance(o, Money):
        out.append(format(Decimal(o).quantize(CENT), "f"))
    elif isinstance(o, Decimal):
        s = format(o, "f")
        out.append(s)
    elif isinstance(o, int):
        out.append(str(o))
    elif isinstance(o, float):
        out.append(repr(o))
    elif isinstance(o, dict):
        out.append("{")
        first = True
        for k, v in o.items():
            if not first:
                out.append(",")
            first = False
            out.append(json.dumps(str(k), ensure_ascii=False))
            out.append(":")
            _enc(v, out)
        out.append("}")
    elif isinstance(o, (list, tuple)):
        out.append("[")
        for i, v in enumerate(o):
            if i:
                out.append(",")
            _enc(v, out)
        out.append("]")
    else:
        raise TypeError("cannot encode %r" % type(o))


def dumps(o):
    out = []
    _enc(o, out)
    return "".join(out)


def dumpb(o):
    return dumps(o).encode("utf-8")


def money(d):
    return Money(Decimal(d).quantize(CENT))


def amount_obj(value, currency):
    return {"value": money(value), "currency": currency}


# ---------------------------------------------------------------- JSON in
class BadJson(Exception):
    pass


def _bad_constant(name):
    raise BadJson("the body holds %s, which is not a JSON number" % name)


def loads(raw):
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise BadJson("the body is not UTF-8")
    try:
        return json.loads(text, parse_float=Decimal, parse_int=int,
                          parse_constant=_bad_constant)
    except BadJson:
        raise
    except RecursionError:
        raise BadJson("the body nests too deeply")
    except ValueError as e:
        raise BadJson("the body is not valid JSON (%s)" % e)


# ---------------------------------------------------------------- time
def iso_ms(t):
    """UTC timestamp with milliseconds: 2024-05-01T10:20:30.123Z"""
    d = _dt.datetime.fromtimestamp(t, _dt.timezone.utc)
    return d.strftime("%Y-%m-%dT%H:%M:%S.") + "%03dZ" % (d.microsecond // 1000)


def iso_s(t):
    """UTC timestamp without fraction: 2024-05-01T10:20:30Z"""
    d = _dt.datetime.fromtimestamp(int(t), _dt.timezone.utc)
    return d.strftime("%Y-%m-%dT%H:%M:%SZ")


def v1_time(t):
    """Legacy form: UTC, no zone: 2024-05-01T10:20:30"""
    d = _dt.datetime.fromtimestamp(int(t), _dt.timezone.utc)
    return d.strftime("%Y-%m-%dT%H:%M:%S")


def day_str(t):
    return _dt.datetime.fromtimestamp(t, _dt.timezone.utc).strftime("%Y-%m-%d")


def day_start(t):
    d = _dt.datetime.fromtimestamp(t, _dt.timezone.utc)
    return _dt.datetime(d.year, d.month, d.day, tzinfo=_dt.timezone.utc).timestamp()


_TS = re.compile(r"^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?"
                 r"(Z|z|[+-]\d{2}:\d{2})$")


class TsError(ValueError):
    pass


def parse_ts(s):
    """Parse an ISO 8601 UTC timestamp. Offsets other than UTC are refused."""
    if not isinstance(s, str):
        raise TsError("must be a string timestamp")
    m = _TS.match(s)
    if not m:
        raise TsError("must be an ISO 8601 timestamp such as 2024-05-01T10:20:30Z")
    zone = m.group(8)
    if zone not in ("Z", "z", "+00:00", "-00:00"):
        raise TsError("must be written in UTC (suffix Z); offset %s is not accepted" % zone)
    try:
        d = _dt.datetime(int(m.group(1)), int(m.group(2)), int(m.group(3)),
                         int(m.group(4)), int(m.group(5)), int(m.group(6)),
                         tzinfo=_dt.timezone.utc)
    except ValueError:
        raise TsError("is not a valid date and time")
    frac = m.group(7)
    t = d.timestamp()
    if frac:
        t += float("0" + frac)
    return t


def parse_day(s):
    """yyyy-MM-dd -> epoch of 00:00 UTC"""
    if not isinstance(s, str) or not re.match(r"^\d{4}-\d{2}-\d{2}$", s):
        raise ValueError("not a yyyy-MM-dd date")
    d = _dt.datetime.strptime(s, "%Y-%m-%d").replace(tzinfo=_dt.timezone.utc)
    return d.timestamp()


_DUR = re.compile(r"^P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$")


def parse_duration(s):
    if not isinstance(s, str):
        raise ValueError("duration must be a string")
    m = _DUR.match(s.strip().upper())
    if not m or s.strip().upper() in ("P", "PT"):
        raise ValueError("not an ISO 8601 duration such as PT10S")
    w, d, h, mi, sec = m.groups()
    return (int(w or 0) * 7 * 86400 + int(d or 0) * 86400 + int(h or 0) * 3600
            + int(mi or 0) * 60 + float(sec or 0))


# ---------------------------------------------------------------- ids
_B32 = "0123456789abcdefghjkmnpqrstvwxyz"


def new_id(prefix, n=20):
    return prefix + "".join(secrets.choice(_B32) for _ in range(n))


def page_key(n=28):
    return secrets.token_urlsafe(n)[:n]


def hmac_b64(*parts):
    msg = "|".join(str(p) for p in parts).encode("utf-8")
    return base64.urlsafe_b64encode(hmac.new(SERVER_SECRET, msg, hashlib.sha256).digest()).decode().rstrip("=")


def b64url(data):
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def b64url_dec(s):
    s = s.strip()
    return base64.urlsafe_b64decode(s + "=" * (-len(s) % 4))


# ---------------------------------------------------------------- cards
def luhn_ok(pan):
    s = 0
    for i, ch in enumerate(reversed(pan)):
        d = ord(ch) - 48
        if i % 2 == 1:
            d *= 2
            if d > 9:
                d -= 9
        s += d
    return s % 10 == 0


def mask_pan(pan):
    return pan[:6] + "*" * (len(pan) - 10) + pan[-4:]


def mask_phone(phone):
    if len(phone) <= 6:
        return "*" * len(phone)
    return phone[:4] + "*" * (len(phone) - 6) + phone[-2:]


# ---------------------------------------------------------------- validation
ISO_CURRENCIES = set("""AED AMD AUD AZN BYN BGN BRL CAD CHF CNY CZK DKK EUR GBP GEL HKD HUF IDR
ILS INR JPY KGS KRW KZT MDL MXN NOK NZD PLN RON RSD RUB SEK SGD THB TJS TMT TRY UAH USD UZS ZAR""".split())

EMAIL = re.compile(r"^[^@\s]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$")
PHONE = re.compile(r"^[1-9][0-9]{7,14}$")
URL = re.compile(r"^https?://[^\s/$.?#][^\s]*$", re.I)
EXPIRY = re.compile(r"^(0[1-9]|1[0-2])/(20\d\d)$")


class Validator:
    """Collects one message per failed check; every message starts with the
    member it is about (JSON path)."""

    def __init__(self):
        self.errors = []

    def err(self, path, msg):
        self.errors.append("%s: %s" % (path, msg))

    def obj(self, parent, key, path, required=False):
        if not isinstance(parent, dict) or key not in parent or parent[key] is None:
            if required:
                self.err(path, "is required")
            return None
        v = parent[key]
        if not isinstance(v, dict):
            self.err(path, "must be an object")
            return None
        return v

    def string(self, parent, key, path, required=False, maxlen=None, pattern=None,
               pattern_msg=None, choices=None, minlen=1):
        if not isinstance(parent, dict) or key not in parent or parent[key] is None:
            if required:
                self.err(path, "is required")
            return None
        v = parent[key]
        if not isinstance(v, str):
            self.err(path, "must be a string")
            return None
        if len(v) < minlen:
            self.err(path, "must not be empty" if required or minlen == 1 else "is too short")
            return None
        if maxlen is not None and len(v) > maxlen:
            self.err(path, "must be at most %d characters long" % maxlen)
            return None
        if any(ord(c) < 32 for c in v):
            self.err(path, "must not hold control characters")
            return None
        if choices is not None and v not in choices:
            self.err(path, "must be one of %s" % ", ".join(sorted(choices)))
            return None
        if pattern is not None and not pattern.match(v):
            self.err(path, pattern_msg or "has an invalid format")
            return None
        return v

    def boolean(self, parent, key, path, required=False, default=None):
        if not isinstance(parent, dict) or key not in parent or parent[key] is None:
            if required:
                self.err(path, "is required")
            return default
        v = parent[key]
        if not isinstance(v, bool):
            self.err(path, "must be true or false")
            return default
        return v

    def decimal(self, parent, key, path, required=False, frac=2, int_digits=12,
                allow_zero=True, allow_negative=False):
        if not isinstance(parent, dict) or key not in parent or parent[key] is None:
            if required:
                self.err(path, "is required")
            return None
        v = parent[key]
        if isinstance(v, bool) or not isinstance(v, (int, Decimal)):
            self.err(path, "must be a JSON number")
            return None
        d = Decimal(v)
        if not d.is_finite():
            self.err(path, "must be a finite number")
            return None
        q = Decimal(1).scaleb(-frac)
        try:
            if d != d.quantize(q):
                self.err(path, "must have at most %d fraction digits" % frac)
                return None
        except InvalidOperation:
            self.err(path, "is out of range")
            return None
        if abs(d) >= Decimal(10) ** int_digits:
            self.err(path, "must have at most %d integer digits" % int_digits)
            return None
        if d < 0 and not allow_negative:
            self.err(path, "must not be negative")
            return None
        if d == 0 and not allow_zero:
            self.err(path, "must be greater than zero")
            return None
        return d

    def integer(self, parent, key, path, required=False, minimum=None):
        if not isinstance(parent, dict) or key not in parent or parent[key] is None:
            if required:
                self.err(path, "is required")
            return None
        v = parent[key]
        if isinstance(v, bool) or not isinstance(v, int):
            self.err(path, "must be an integer")
            return None
        if minimum is not None and v < minimum:
            self.err(path, "must be at least %d" % minimum)
            return None
        return v

    def url(self, parent, key, path, required=False):
        return self.string(parent, key, path, required, maxlen=2048, pattern=URL,
                           pattern_msg="must be an absolute http or https URL")

    def timestamp(self, parent, key, path, required=False):
        v = self.string(parent, key, path, required, maxlen=40)
        if v is None:
            return None
        try:
            return parse_ts(v)
        except TsError as e:
            self.err(path, str(e))
            return None

    def amount(self, parent, key, path, required=True):
        """Returns (value, currency) or None. Format only; business rules
        (positive, refundable, currency of the merchant) are checked by the
        operation and answered with invalid_operation."""
        a = self.obj(parent, key, path, required)
        if a is None:
            return None
        n = len(self.errors)
        val = self.decimal(a, "value", path + ".value", required=True, frac=2,
                           int_digits=12, allow_negative=True)
        cur = self.string(a, "currency", path + ".currency", required=True, maxlen=3,
                          pattern=re.compile(r"^[A-Z]{3}$"),
                          pattern_msg="must be a three-letter ISO 4217 code in capitals")
        if cur is not None and cur not in ISO_CURRENCIES:
            self.err(path + ".currency", "is not an ISO 4217 currency code")
            cur = None
        if len(self.errors) != n:
            return None
        return (val, cur)

    def ip(self, parent, key, path):
        v = self.string(parent, key, path, maxlen=45)
        if v is None:
            return None
        try:
            ipaddress.ip_address(v)
        except ValueError:
            self.err(path, "must be an IPv4 or IPv6 address")
            return None
        return v
