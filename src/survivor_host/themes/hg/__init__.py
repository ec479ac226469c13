"""Hunger Games (`hg`): every round each player PMs one attack; each attack is a duel, loser out."""
