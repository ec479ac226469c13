"""Hunger Games Spotlight (`hgs`): a player drawn at random attacks someone in the room; a duel, loser out."""
