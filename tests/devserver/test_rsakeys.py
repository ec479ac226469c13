"""The fake login server's key: RSA-SHA1 PKCS#1 v1.5 signatures and the PEM forms PS and Node read."""

from __future__ import annotations

import hashlib
from pathlib import Path

from survivor_host.devserver.rsakeys import RSAKey, load_or_create_key

SHA1_DIGEST_INFO = bytes.fromhex("3021300906052b0e03021a05000414")  # RFC 8017 section 9.2, note 1


def test_signature_is_pkcs1_v1_5_over_sha1_by_the_textbook() -> None:
    key = RSAKey.generate(1024)
    numbers = key.private.public_key().public_numbers()
    text = "bot,player,2,1700000000,localhost,0123abcd,,"
    signature = bytes.fromhex(key.sign_sha1_hex(text))
    assert len(signature) == key.size_bytes == 128
    encoded = pow(int.from_bytes(signature, "big"), numbers.e, numbers.n).to_bytes(key.size_bytes, "big")
    digest_info = SHA1_DIGEST_INFO + hashlib.sha1(text.encode()).digest()
    assert encoded == b"\x00\x01" + b"\xff" * (128 - len(digest_info) - 3) + b"\x00" + digest_info
    assert key.verify_sha1(text.encode(), signature)
    assert not key.verify_sha1(b"another text", signature)
    assert not key.verify_sha1(text.encode(), signature[:-1])


def test_pem_forms() -> None:
    key = RSAKey.generate(1024)
    assert key.public_pem().startswith("-----BEGIN PUBLIC KEY-----\n")
    assert key.public_pem_pkcs1().startswith("-----BEGIN RSA PUBLIC KEY-----\n")
    assert key.private_pem().startswith("-----BEGIN RSA PRIVATE KEY-----\n")
    assert RSAKey.from_private_pem(key.private_pem()).public_pem() == key.public_pem()


def test_load_or_create_reuses_a_saved_key_and_replaces_a_broken_one(tmp_path: Path) -> None:
    path = tmp_path / "keys" / "login.pem"
    first = load_or_create_key(path, bits=1024)
    assert path.stat().st_mode & 0o777 == 0o600
    assert load_or_create_key(path, bits=1024).public_pem() == first.public_pem()
    path.write_text("not a key")
    assert load_or_create_key(path, bits=1024).public_pem() != first.public_pem()
