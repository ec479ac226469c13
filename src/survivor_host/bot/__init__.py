"""The Showdown bot: one `RoomHost` per room (signups, games, deadlines, hand-hosting), the `Bot` that
routes Showdown messages to them, its config, and `serve` that runs it."""
