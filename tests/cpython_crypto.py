"""The crypto of tabletop.secure on CPython, with the `cryptography` package: the same algorithms
as webui.browser.WebCrypto (ECDSA P-256 with SHA-256, signatures as r||s; ECDH P-256; HKDF-SHA256;
AES-256 in counter mode for the keystreams), so a test's forged signature really fails (and a
tampered box, against tabletop.secure's HMAC).

`deferred=True` answers every call later, when `run()` is called, in a shuffled order: the
browser's promises may settle in any order, and the sessions must keep messages in order all the same."""

import base64
import json
import random

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature, encode_dss_signature
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

CURVE = ec.SECP256R1()


def b64(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def unb64(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def _public(text):
    return ec.EllipticCurvePublicKey.from_encoded_point(CURVE, unb64(text))


def _raw(public_key):
    return b64(public_key.public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint))


class CPythonCrypto:
    def __init__(self, deferred=False, seed=0):
        self.deferred = deferred
        self.waiting = []
        self.rng = random.Random(seed)
        self.calls = 0
        self.forgotten = 0

    def _answer(self, then, compute):
        self.calls += 1
        if self.deferred:
            self.waiting.append((then, compute))
        else:
            then(compute())

    def run(self):
        """Answer the calls waiting (and those they make), in a shuffled order; how many."""
        n = 0
        while self.waiting:
            self.rng.shuffle(self.waiting)
            then, compute = self.waiting.pop()
            then(compute())
            n += 1
        return n

    def signing_key(self, then):
        def make():
            key = ec.generate_private_key(CURVE)
            private = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                        serialization.NoEncryption()).decode("ascii")
            return {"private": json.dumps({"pem": private}), "public": _raw(key.public_key())}
        self._answer(then, make)

    def sign(self, private, text, then):
        def make():
            key = serialization.load_pem_private_key(json.loads(private)["pem"].encode("ascii"), None)
            r, s = decode_dss_signature(key.sign(text.encode("utf-8"), ec.ECDSA(hashes.SHA256())))
            return b64(r.to_bytes(32, "big") + s.to_bytes(32, "big"))
        self._answer(then, make)

    def verify(self, public, text, signature, then):
        def check():
            try:
                raw = unb64(signature)
                if len(raw) != 64:
                    return False
                der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
                _public(public).verify(der, text.encode("utf-8"), ec.ECDSA(hashes.SHA256()))
                return True
            except (InvalidSignature, ValueError, TypeError):
                return False
        self._answer(then, check)

    def exchange_key(self, then):
        def make():
            key = ec.generate_private_key(CURVE)
            return key, _raw(key.public_key())
        self._answer(then, make)

    def session_key(self, private, public, salt, info, then):
        def make():
            try:
                shared = private.exchange(ec.ECDH(), _public(public))
            except (ValueError, TypeError):
                return None
            keys = HKDF(hashes.SHA256(), 64, salt.encode("utf-8"), info.encode("utf-8")).derive(shared)
            return keys[:32], b64(keys[32:])  # the AES key (its "handle" here), the HMAC key
        self._answer(then, make)

    def keystream(self, key, counter, length, then):
        def make():
            return b64(Cipher(algorithms.AES(key), modes.CTR(bytes.fromhex(counter))).encryptor().update(bytes(length)))
        self._answer(then, make)

    def forget(self, handle):
        self.forgotten += 1
