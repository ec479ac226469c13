"""Provably fair play: the HMAC-SHA256 dice stream, record verification and self-checking HTML replays."""
