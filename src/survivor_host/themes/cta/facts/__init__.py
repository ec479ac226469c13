"""What happens in Chase the Ace, as typed facts, by what they describe; `text.py` words them for the room
and each player.

A card is a secret (G3): facts that carry one are addressed (`to`) to its holder only.
"""
