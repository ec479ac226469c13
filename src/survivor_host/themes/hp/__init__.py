"""Hot Potato (`hp`): a holder drawn at random passes the potato in the room; it explodes on whoever holds it."""
