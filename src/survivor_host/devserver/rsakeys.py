"""The fake login server's RSA key, on the `cryptography` library.

The public key is written as a SubjectPublicKeyInfo PEM (``-----BEGIN PUBLIC KEY-----``, what Pokémon
Showdown's ``Config.loginserverpublickey`` holds and Node's ``crypto.createVerify`` accepts), the
private key as a PKCS#1 PEM (``-----BEGIN RSA PRIVATE KEY-----``), and signatures are RSASSA-PKCS1-v1_5
over SHA-1 ("RSA-SHA1", the PS server's ``Config.loginserverkeyalgo``). For the local demo and tests.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from pathlib import Path

from cryptography.exceptions import InvalidSignature, UnsupportedAlgorithm
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding, rsa


@dataclass(frozen=True)
class RSAKey:
    """An RSA private key able to produce RSA-SHA1 signatures."""

    private: rsa.RSAPrivateKey

    @property
    def size_bytes(self) -> int:
        return (self.private.key_size + 7) // 8

    @classmethod
    def generate(cls, bits: int = 2048, e: int = 65537) -> RSAKey:
        if bits < 512 or bits % 2:
            raise ValueError("bits must be an even number >= 512")
        return cls(rsa.generate_private_key(public_exponent=e, key_size=bits))

    def sign_sha1(self, data: bytes) -> bytes:
        """RSASSA-PKCS1-v1_5 signature of data with SHA-1 (the signature bytes)."""
        return self.private.sign(data, padding.PKCS1v15(), hashes.SHA1())

    def sign_sha1_hex(self, text: str) -> str:
        return self.sign_sha1(text.encode("utf-8")).hex()

    def verify_sha1(self, data: bytes, signature: bytes) -> bool:
        """Check a signature the way a PKCS#1 v1.5 verifier does (used by the harness's own tests)."""
        try:
            self.private.public_key().verify(signature, data, padding.PKCS1v15(), hashes.SHA1())
        except InvalidSignature:
            return False
        return True

    def public_pem(self) -> str:
        """SubjectPublicKeyInfo PEM (``BEGIN PUBLIC KEY``), the format of PS's config-example.js."""
        return self._public(serialization.PublicFormat.SubjectPublicKeyInfo)

    def public_pem_pkcs1(self) -> str:
        """PKCS#1 PEM (``BEGIN RSA PUBLIC KEY``); Node accepts this one too."""
        return self._public(serialization.PublicFormat.PKCS1)

    def _public(self, form: serialization.PublicFormat) -> str:
        return self.private.public_key().public_bytes(serialization.Encoding.PEM, form).decode("ascii")

    def private_pem(self) -> str:
        """PKCS#1 ``RSA PRIVATE KEY`` PEM."""
        return self.private.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.TraditionalOpenSSL,
            serialization.NoEncryption(),
        ).decode("ascii")

    @classmethod
    def from_private_pem(cls, text: str) -> RSAKey:
        try:
            key = serialization.load_pem_private_key(text.encode("ascii"), password=None)
        except UnsupportedAlgorithm as error:
            raise ValueError(f"not an RSA private key: {error}") from error
        if not isinstance(key, rsa.RSAPrivateKey):
            raise ValueError("not an RSA private key")
        return cls(key)

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
