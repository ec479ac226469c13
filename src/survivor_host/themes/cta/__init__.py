"""Chase the Ace (`cta`), with Adhesive, Jester's Duel, No Backsies, The Joker and All At Once."""

from survivor_host.themes.cta.game import ChaseTheAce
from survivor_host.themes.cta.view import CtaView

__all__ = ["ChaseTheAce", "CtaView"]
