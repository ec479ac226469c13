"""Chase the Ace (`cta`), with Adhesive, Jester's Duel, No Backsies, The Joker and All At Once."""

from survivor_host.themes.cta.game import ChaseTheAce, CtaView

__all__ = ["ChaseTheAce", "CtaView"]
