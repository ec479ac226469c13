"""The provably fair dice stream: HMAC-SHA256 draws, the commitment and the client seed (stdlib only)."""
