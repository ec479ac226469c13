"""The phases of Chase the Ace, one file each: the deal (C2-C4), the swap turns (C6), the reveal (C8)
and the finals (C9). Mods add their own (Jester's Duel's duel) or replace one (All At Once's swaps)."""
