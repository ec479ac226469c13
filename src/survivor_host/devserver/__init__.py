"""A local Showdown world for the demo and the end-to-end tests: a real PS server on 127.0.0.1
(``ps_server``), a fake login server that signs its own assertions (``fake_login``), and the
RSA key it signs with (``rsakeys``, on the cryptography library). Nothing here talks to a public server."""
