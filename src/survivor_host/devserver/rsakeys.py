"""Pure-stdlib RSA for the fake login server.

Generates a key pair (Miller-Rabin primes), writes the public key as a SubjectPublicKeyInfo PEM
(``-----BEGIN PUBLIC KEY-----``, what Pokémon Showdown's ``Config.loginserverpublickey`` holds and
Node's ``crypto.createVerify`` accepts) and the private key as a PKCS#1 PEM
(``-----BEGIN RSA PRIVATE KEY-----``), and signs with RSASSA-PKCS1-v1_5 over SHA-1 ("RSA-SHA1",
the PS server's ``Config.loginserverkeyalgo``). For the local demo and tests only: not constant-time,
not for real secrets.
"""

from __future__ import annotations

import base64
import hashlib
import math
import secrets
from dataclasses import dataclass
from pathlib import Path

# DER DigestInfo header for SHA-1 (RFC 8017 section 9.2, note 1).
SHA1_DIGEST_INFO = bytes.fromhex("3021300906052b0e03021a05000414")
# rsaEncryption OID 1.2.840.113549.1.1.1 with NULL parameters.
_RSA_ALGORITHM_ID = bytes.fromhex("300d06092a864886f70d0101010500")

_SMALL_PRIMES = [p for p in range(3, 2000, 2) if all(p % q for q in range(3, math.isqrt(p) + 1, 2))]


def _is_probable_prime(n: int, rounds: int = 40) -> bool:
    if n < 2:
        return False
    for p in _SMALL_PRIMES:
        if n == p:
            return True
        if n % p == 0:
            return False
    d, s = n - 1, 0
    while d % 2 == 0:
        d //= 2
        s += 1
    for _ in range(rounds):
        a = secrets.randbelow(n - 3) + 2
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = pow(x, 2, n)
            if x == n - 1:
                break
        else:
            return False
    return True


def _random_prime(bits: int, e: int) -> int:
    while True:
        # Top two bits set so that p*q has exactly 2*bits bits; odd.
        candidate = secrets.randbits(bits) | (0b11 << (bits - 2)) | 1
        if math.gcd(candidate - 1, e) != 1:
            continue
        if _is_probable_prime(candidate):
            return candidate


# ---------------------------------------------------------------- DER helpers


def _der_length(n: int) -> bytes:
    if n < 0x80:
        return bytes([n])
    body = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(body)]) + body


def _der(tag: int, body: bytes) -> bytes:
    return bytes([tag]) + _der_length(len(body)) + body


def _der_int(value: int) -> bytes:
    body = value.to_bytes(value.bit_length() // 8 + 1, "big")  # leading zero keeps it positive
    return _der(0x02, body)


def _der_read(data: bytes, pos: int) -> tuple[int, bytes, int]:
    """Read one TLV at pos; return (tag, value, next_pos)."""
    tag = data[pos]
    length = data[pos + 1]
    pos += 2
    if length & 0x80:
        count = length & 0x7F
        length = int.from_bytes(data[pos : pos + count], "big")
        pos += count
    return tag, data[pos : pos + length], pos + length


def _der_sequence_items(body: bytes) -> list[tuple[int, bytes]]:
    items: list[tuple[int, bytes]] = []
    pos = 0
    while pos < len(body):
        tag, value, pos = _der_read(body, pos)
        items.append((tag, value))
    return items


def _pem(label: str, der: bytes) -> str:
    b64 = base64.b64encode(der).decode("ascii")
    lines = [b64[i : i + 64] for i in range(0, len(b64), 64)]
    return f"-----BEGIN {label}-----\n" + "\n".join(lines) + f"\n-----END {label}-----\n"


def _unpem(text: str, label: str) -> bytes:
    begin, end = f"-----BEGIN {label}-----", f"-----END {label}-----"
    start = text.index(begin) + len(begin)
    stop = text.index(end, start)
    return base64.b64decode("".join(text[start:stop].split()))


# ---------------------------------------------------------------- keys


@dataclass(frozen=True)
class RSAKey:
    """An RSA private key (with CRT parts) able to produce RSA-SHA1 signatures."""

    n: int
    e: int
    d: int
    p: int
    q: int

    @property
    def size_bytes(self) -> int:
        return (self.n.bit_length() + 7) // 8

    # -- generation

    @classmethod
    def generate(cls, bits: int = 2048, e: int = 65537) -> RSAKey:
        if bits < 512 or bits % 2:
            raise ValueError("bits must be an even number >= 512")
        while True:
            p = _random_prime(bits // 2, e)
            q = _random_prime(bits // 2, e)
            if p == q:
                continue
            n = p * q
            if n.bit_length() != bits:
                continue
            phi = math.lcm(p - 1, q - 1)
            d = pow(e, -1, phi)
            return cls(n=n, e=e, d=d, p=max(p, q), q=min(p, q))

    # -- signing

    def sign_sha1(self, data: bytes) -> bytes:
        """RSASSA-PKCS1-v1_5 signature of data with SHA-1 (the signature bytes)."""
        digest_info = SHA1_DIGEST_INFO + hashlib.sha1(data).digest()
        k = self.size_bytes
        padding = b"\xff" * (k - len(digest_info) - 3)
        em = b"\x00\x01" + padding + b"\x00" + digest_info
        m = int.from_bytes(em, "big")
        # CRT: much faster than pow(m, d, n).
        dp, dq, qinv = self.d % (self.p - 1), self.d % (self.q - 1), pow(self.q, -1, self.p)
        m1, m2 = pow(m, dp, self.p), pow(m, dq, self.q)
        s = m2 + self.q * ((qinv * (m1 - m2)) % self.p)
        return s.to_bytes(k, "big")

    def sign_sha1_hex(self, text: str) -> str:
        return self.sign_sha1(text.encode("utf-8")).hex()

    def verify_sha1(self, data: bytes, signature: bytes) -> bool:
        """Check a signature the way a PKCS#1 v1.5 verifier does (used by the harness's own tests)."""
        k = self.size_bytes
        if len(signature) != k:
            return False
        em = pow(int.from_bytes(signature, "big"), self.e, self.n).to_bytes(k, "big")
        digest_info = SHA1_DIGEST_INFO + hashlib.sha1(data).digest()
        expected = b"\x00\x01" + b"\xff" * (k - len(digest_info) - 3) + b"\x00" + digest_info
        return em == expected

    # -- serialisation

    def public_der_pkcs1(self) -> bytes:
        return _der(0x30, _der_int(self.n) + _der_int(self.e))

    def public_pem(self) -> str:
        """SubjectPublicKeyInfo PEM (``BEGIN PUBLIC KEY``), the format of PS's config-example.js."""
        spki = _der(0x30, _RSA_ALGORITHM_ID + _der(0x03, b"\x00" + self.public_der_pkcs1()))
        return _pem("PUBLIC KEY", spki)

    def public_pem_pkcs1(self) -> str:
        """PKCS#1 PEM (``BEGIN RSA PUBLIC KEY``); Node accepts this one too."""
        return _pem("RSA PUBLIC KEY", self.public_der_pkcs1())

    def private_pem(self) -> str:
        """PKCS#1 ``RSA PRIVATE KEY`` PEM."""
        fields = [
            0,
            self.n,
            self.e,
            self.d,
            self.p,
            self.q,
            self.d % (self.p - 1),
            self.d % (self.q - 1),
            pow(self.q, -1, self.p),
        ]
        return _pem("RSA PRIVATE KEY", _der(0x30, b"".join(_der_int(f) for f in fields)))

    @classmethod
    def from_private_pem(cls, text: str) -> RSAKey:
        tag, body, _ = _der_read(_unpem(text, "RSA PRIVATE KEY"), 0)
        if tag != 0x30:
            raise ValueError("not a PKCS#1 RSA private key")
        ints = [int.from_bytes(v, "big") for t, v in _der_sequence_items(body) if t == 0x02]
        if len(ints) < 6:
            raise ValueError("truncated RSA private key")
        _, n, e, d, p, q = ints[:6]
        return cls(n=n, e=e, d=d, p=p, q=q)

    def save(self, path: Path) -> None:
        """Write the private key PEM (mode 0600) to path."""
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(path.name + f".tmp{secrets.token_hex(4)}")
        tmp.write_text(self.private_pem())
        tmp.chmod(0o600)
        tmp.replace(path)

    @classmethod
    def load(cls, path: Path) -> RSAKey:
        return cls.from_private_pem(path.read_text())


def load_or_create_key(path: Path, bits: int = 2048) -> RSAKey:
    """Reuse the key at path, or generate one and store it there (atomic rename, so races are harmless)."""
    try:
        return RSAKey.load(path)
    except (FileNotFoundError, ValueError):
        key = RSAKey.generate(bits)
        key.save(path)
        return RSAKey.load(path)
