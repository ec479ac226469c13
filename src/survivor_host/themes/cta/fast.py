"""Chase the Ace on numpy (C1-C9, every mod): many whole games at once, under the same rulings as the engine.

Games play in blocks of `WIDTH`, seat sets as bits (`bits`), per-seat figures as (seats, games)
arrays that stay in the CPU cache; a block plays round after round until its last game ends, the
ended games dropping out at each round's end.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from survivor_host.engine.kernel import TIMING, FastGames, Ints, KernelEntry
from survivor_host.themes.cta.ai import CtaPolicy, named_policy
from survivor_host.themes.cta.bits import MOST_SEATS, Bits, Seats
from survivor_host.themes.cta.fast_round import cut, deal, finals, first_round, holding, jesters, levels, reveal
from survivor_host.themes.cta.fast_swaps import SwapRound
from survivor_host.themes.cta.fast_table import RANDOM, STICK, THRESHOLD, Table
from survivor_host.themes.cta.rules import FOURTEEN, KERNEL_RULES, KING, KernelRules
from survivor_host.themes.cta.spec import SPEC

OPTIONS = {"elim", "ties", "backsies", *TIMING}
"""The options the kernel plays (the others would change a game)."""
WIDTH = 65_536
"""Most games in a block (a batch plays as two): enough that numpy's cost per call is small beside its
work, few enough that a block's seat sets (a number a game) stay in the CPU's cache."""
TABLE_CELLS = 250_000
"""Most seats times games in a block where every seat chooses at once (All At Once with a threshold seat at
the table): its (seats, games) tables, and their temporaries a row per card bit, grow with the seats; at
10 and 20 players blocks of this size ran 3-8% faster than blocks of `WIDTH` games."""
COUNTS = (
    "swap turns",
    "swaps",
    "swaps won",
    "void swaps",
    "swaps saved the swapper",
    "jokers",
    "jester battles",
    "duels",
)
TURNS, SWAPS, WON, VOID, SAVED, JOKERS, BATTLES, DUELS = range(len(COUNTS))
KINDS = {"random": RANDOM, "stick": STICK, "threshold": THRESHOLD}


def batch(players: int) -> int:
    """Games per call of the kernel (it plays them in blocks of `WIDTH`)."""
    return 100_000


def run_cta(
    games: int,
    players: int,
    mods: Sequence[str],
    options: dict[str, object],
    seats: Sequence[CtaPolicy],
    rng: np.random.Generator,
    rules: KernelRules = KERNEL_RULES,
) -> FastGames:
    """`games` whole games with one policy per seat."""
    bits = Bits(players)
    top = max(len(p.threshold) for p in seats)
    table = Table(
        bits,
        np.array([KINDS[p.kind] for p in seats]),
        np.array([[p.threshold_for(a) for a in range(top)] for p in seats]),
        "adhesive" in mods,
        "no-backsies" in mods,
        str(options.get("backsies", "one-way")) == "both-ways",
        rules.swap_win,
        "all-at-once" in mods,
    )
    results = np.empty((3 + len(COUNTS) + 2 * KING, games), dtype=np.int64)
    results.fill(0)  # zeroed in one pass: its pages are mapped in order, not a row of each block at a time
    # (int64 and large on purpose: once it is freed, glibc maps no fresh pages for the kernel's largest
    # temporaries; in int32 and int16 a threshold seat's All At Once took twice the time)
    width = min(WIDTH, TABLE_CELLS // players) if table.smart and table.all_at_once else WIDTH
    blocks = -(-games // width)
    size = -(-games // blocks) if games else 0  # blocks of even size
    for start in range(0, games, size or 1):
        play_block(rng, table, mods, options, rules, results[:, start : start + size])
    counts = {name: results[3 + i] for i, name in enumerate(COUNTS)}
    for card in range(1, KING + 1):
        counts[f"r1 card {card}"] = results[3 + len(COUNTS) + 2 * (card - 1)]
        counts[f"r1 card {card} out"] = results[3 + len(COUNTS) + 2 * (card - 1) + 1]
    return FastGames(results[0], results[1], results[2], counts)


def play_block(
    rng: np.random.Generator,
    table: Table,
    mods: Sequence[str],
    options: dict[str, object],
    rules: KernelRules,
    results: Ints,
) -> None:
    """Play the games of one block to the end; `results` rows: winner, second, rounds, the counts
    (`COUNTS`), then per card the first round's holders in play and those of them out."""
    bits = table.bits
    elim = int(str(options.get("elim", 1)))
    ties_all = str(options.get("ties", "battle")) == "all"
    jester, joker, aao = "jesters-duel" in mods, "the-joker" in mods, "all-at-once" in mods
    sides = rules.card_sides + (1 if (jester or joker) else 0)
    g = results.shape[1]
    ids = np.arange(g)
    alive = np.full(g, bits.full, dtype=bits.dtype)
    local = np.zeros((len(COUNTS), g), dtype=np.int16)
    ended = np.empty((3 + len(COUNTS), g), dtype=np.int16)  # winner, second, rounds and counts, as games end
    rounds = 0
    while ids.size:
        rounds += 1
        n_start = bits.count(alive)
        k = np.minimum(elim, n_start // 2)  # C2
        cards, dealt = deal(rng, bits, alive, sides, joker)
        advanced = holding(bits, cards, KING) & alive
        fourteens: Seats = holding(bits, cards, FOURTEEN) if (jester or joker) else np.zeros_like(alive)
        if joker:
            jokers = fourteens & alive
            alive = alive & ~jokers
            local[JOKERS] += bits.count(jokers)
        if jester:
            alive, advanced, many, duels = jesters(rng, bits, alive, fourteens, advanced)
            local[BATTLES] += many
            local[DUELS] += duels
        in_play = alive & ~advanced & ~fourteens
        n_alive = bits.count(alive)
        n_in = bits.count(in_play)
        playing = (n_in > 0) & (n_alive > 2)
        local[TURNS] += n_in * (n_alive > 2)
        count = cut(k, n_in, n_alive)
        depth = int(count.max(initial=0))
        blind = not table.smart and rounds > 1  # nobody reads a card before the reveal (the first round's counts do)
        low = levels(bits, cards, in_play, depth) if blind else None
        swaps = SwapRound(table, cards, in_play, n_alive, playing, low, dealt)
        if aao:
            swaps.all_at_once(rng)
        else:
            swaps.turns(rng)
        local[SWAPS] += swaps.swaps
        local[WON] += swaps.swaps_won
        local[VOID] += swaps.void
        if low is None:  # the cards moved in the swaps: their levels as they are now
            low = levels(bits, cards, in_play, depth)
        out = reveal(rng, bits, alive, count, low, ties_all)  # C8
        alive = alive & ~out
        local[SAVED] += swaps.saved(out)
        if rounds == 1:
            base = 3 + len(COUNTS)
            for card, (held, gone) in enumerate(first_round(bits, in_play * (n_alive > 2), out, cards)):
                results[base + 2 * card], results[base + 2 * card + 1] = held, gone
        done = bits.count(alive) <= 2
        gone = np.flatnonzero(done)  # the games that end, by index (usually a few)
        if not gone.size:
            continue
        every = gone.size == g  # the whole block ends in this round (none ended before)
        at = slice(None) if every else ids.take(gone)
        winner, second = finals(rng, bits, alive if every else alive.take(gone))  # C9
        ended[0, at], ended[1, at], ended[2, at] = winner, second, rounds
        ended[3:, at] = local if every else local.take(gone, axis=1)
        kept = np.flatnonzero(~done)
        ids, alive, local = ids.take(kept), alive.take(kept), local.take(kept, axis=1)
    results[: len(ended)] = ended  # one pass into the wide results, not a scattered write a round


FAST = KernelEntry({mod.id for mod in SPEC.mods}, OPTIONS, named_policy, run_cta, KERNEL_RULES, lambda mods: MOST_SEATS)
"""The kernel's entry for the simulator: which settings it plays, and games from strategy names."""
