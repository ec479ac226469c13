"""The fast path: whole games vectorised with numpy, many at once, under the same rulings as the engine.

Each kernel keeps one row per running game and one column per seat, plays a round for every row
at once and drops the rows whose game is over. Only distributions match the engine (its dice are
drawn differently); the tests check that they do, and `bench/sim_speed.py` measures the gain.
Roll battles between equal dice are drawn as fair picks and unequal ones (70 vs 100, 125 vs 100)
as one draw with the exact G1 chance: the same distribution as rolling until decided.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

import numpy as np
from numpy.typing import NDArray

from survivor_host.ai.cta import CtaPolicy
from survivor_host.ai.cta import named_policy as cta_policy
from survivor_host.ai.ftl import FtlPolicy
from survivor_host.ai.ftl import named_policy as ftl_policy
from survivor_host.analysis.odds import battle_win
from survivor_host.themes.ftl.tug_of_war import START_DIE, STEP

Ints = NDArray[np.int64]
Bools = NDArray[np.bool_]
Floats = NDArray[np.float64]

TIMING = {"idle", "secret_deadline", "public_deadline", "reminder", "leave_grace", "max_players"}
"""Options that never change a game between AI seats, which always answer in time."""
FTL_OPTIONS = {"leader", "tug_floor", *TIMING}
CTA_OPTIONS = {"elim", "ties", "backsies", *TIMING}
FTL_MODS = {"tug-of-war", "no-mercy"}
CTA_MODS = {"adhesive", "jesters-duel", "no-backsies", "the-joker", "all-at-once"}


@dataclass(frozen=True)
class Rules:
    """The figures the kernels use; a test perturbs one to show the agreement tests catch a wrong rule."""

    leader_die: int = 109
    leader_bonus: int = 20
    player_die: int = 150
    suspect_die: int = 120
    scapegoat_win: float = float(battle_win(70, 100))
    swap_win: float = float(battle_win(125, 100))
    card_sides: int = 13
    tug_step: int = STEP


RULES = Rules()


@dataclass
class FastGames:
    """Per game: winner and second seat (-1 for none), rounds, and per-game counts by name."""

    winner: Ints
    second: Ints
    rounds: Ints
    counts: dict[str, Ints] = field(default_factory=dict)


def fast_unsupported(theme: str, mods: Sequence[str], options: dict[str, object], strategies: Sequence[str]) -> str:
    """Why this setting needs the engine path, or '' when the fast path plays it."""
    allowed = FTL_MODS if theme == "ftl" else CTA_MODS
    extra = [m for m in mods if m not in allowed]
    if extra:
        return f"the fast path does not know {', '.join(extra)}"
    known = FTL_OPTIONS if theme == "ftl" else CTA_OPTIONS
    odd = [name for name in options if name not in known]
    if odd:
        return f"the fast path does not know option {', '.join(odd)}"
    lookup = ftl_policy if theme == "ftl" else cta_policy
    missing = [s for s in strategies if lookup(s, mods) is None]
    if missing:
        return f"strategy {', '.join(sorted(set(missing)))} has no fast-path policy"
    return ""


class _Counter:
    """Per-game counts, indexed by the global game number."""

    def __init__(self, games: int) -> None:
        self.games = games
        self.counts: dict[str, Ints] = {}

    def add(self, name: str, ids: Ints, values: NDArray[np.int64] | Bools) -> None:
        if name not in self.counts:
            self.counts[name] = np.zeros(self.games, dtype=np.int64)
        self.counts[name][ids] += np.asarray(values, dtype=np.int64)  # ids are distinct games


def _pick(rng: np.random.Generator, mask: Bools) -> Ints:
    """One True column per row, uniformly (rows without any give an arbitrary column)."""
    picked: Ints = np.where(mask, rng.random(mask.shape), -1.0).argmax(axis=1)
    return picked


def _highest(rng: np.random.Generator, mask: Bools, score: Ints) -> Ints:
    """Per row, the True column with the highest integer `score`; ties broken uniformly (an even battle)."""
    best: Ints = np.where(mask, score + 0.5 * rng.random(mask.shape), -np.inf).argmax(axis=1)
    return best


def _shuffled(rng: np.random.Generator, mask: Bools) -> Ints:
    """Per row, the True columns in a random order first (G2 shuffle), then the others."""
    keys = np.where(mask, rng.random(mask.shape), 2.0)
    order: Ints = np.argsort(keys, axis=1)
    return order


def _rolls(rng: np.random.Generator, dice: Ints) -> Ints:
    """A uniform roll 1..die for each entry (G2)."""
    rolled: Ints = (rng.random(dice.shape) * dice).astype(np.int64) + 1
    return rolled


# ----------------------------------------------------------------------------------------------
# Follow the Leader (F1-F13)


def run_ftl(
    games: int,
    players: int,
    mods: Sequence[str],
    options: dict[str, object],
    seats: Sequence[FtlPolicy],
    rng: np.random.Generator,
    rules: Rules = RULES,
) -> FastGames:
    """`games` whole games with one policy per seat (without mods: the lean kernel of `fast_plain`)."""
    tug, mercy = "tug-of-war" in mods, "no-mercy" in mods
    if not tug and not mercy:
        from survivor_host.analysis.fast_plain import run_ftl_plain

        return run_ftl_plain(games, players, seats, rng, rules)
    floor = int(str(options.get("tug_floor", 20)))
    n = players
    top = max(len(p.rebel) for p in seats)
    rebel_table = np.array([[p.rebel_chance(a) for a in range(top)] for p in seats])  # (seat, alive)
    flat_chance = rebel_table[:, :1].T if (rebel_table == rebel_table[:, :1]).all() else None
    winner = np.full(games, -1, dtype=np.int64)
    second = np.full(games, -1, dtype=np.int64)
    rounds_out = np.zeros(games, dtype=np.int64)
    tally = _Counter(games)

    ids = np.arange(games)
    alive = np.ones((games, n), dtype=bool)
    leader = rng.integers(0, n, games)  # F2: random votes or a pick: every seat alike
    first_leader = leader.copy()
    immune_next = np.zeros((games, n), dtype=bool)
    rounds = np.zeros(games, dtype=np.int64)
    seat_cols = np.arange(n)[None, :]
    while ids.size:
        g = ids.size
        row = np.arange(g)
        rounds += 1
        start = alive.copy()
        n_alive = alive.sum(axis=1)
        is_leader = seat_cols == leader[:, None]
        immune_now = immune_next & alive & ~is_leader
        others = alive & ~is_leader
        chooser = others & ~immune_now
        gives_immunity = n_alive >= 4  # F6
        chance = flat_chance if flat_chance is not None else rebel_table[:, np.minimum(n_alive, top - 1)].T
        rebel = chooser & (rng.random((g, n)) < chance)
        follow = chooser & ~rebel
        tally.add("choice phases", ids, chooser.any(axis=1))
        dice = np.full((g, n), rules.player_die, dtype=np.int64)
        leader_roll = rng.integers(1, rules.leader_die + 1, g) + rules.leader_bonus
        order = _shuffled(rng, others)  # G2: the roll order (Tug of War and No Mercy both use it)
        if tug:
            running = np.full(g, START_DIE, dtype=np.int64)
            for place in range(n):
                seat = order[:, place]
                takes = others[row, seat]
                moves = chooser[row, seat] & takes
                step = np.where(rebel[row, seat], -rules.tug_step, rules.tug_step)
                new = np.maximum(running + step, floor)
                dice[row[takes], seat[takes]] = np.where(moves, new, START_DIE)[takes]
                running = np.where(moves, new, running)
        if tug:
            rolls = np.where(others, _rolls(rng, dice), 0)
        else:  # No Mercy alone: every die is the 150 (nobody is suspected under a mod)
            rolls = rng.integers(1, rules.player_die + 1, (g, n))
            rolls[~others] = 0
        out = np.zeros((g, n), dtype=bool)
        deposed = np.zeros(g, dtype=np.int64)
        immune_next = np.zeros((g, n), dtype=bool)
        judged_roll = leader_roll
        if mercy:
            standing = leader.copy()
            roll_now = leader_roll.copy()
            for place in range(n):
                seat = order[:, place]
                takes = others[row, seat]
                r = rolls[row, seat]
                tie = takes & (r == roll_now)
                immune_next[row[tie & gives_immunity], seat[tie & gives_immunity]] = True
                judged = takes & ~tie & ~immune_now[row, seat]
                goes = judged & ((follow[row, seat] & (r > roll_now)) | (rebel[row, seat] & (r < roll_now)))
                out[row[goes], seat[goes]] = True
                deposes = judged & rebel[row, seat] & (r > roll_now)
                if deposes.any():
                    out[row[deposes], standing[deposes]] = True
                    immune_next[deposes] = False  # F13: immunity gained against the deposed leader is lost
                    standing = np.where(deposes, seat, standing)
                    roll_now = np.where(deposes, r, roll_now)
                    deposed += deposes
        else:
            tie = others & (rolls == leader_roll[:, None])
            immune_next = tie & gives_immunity[:, None]
            out = others & ~tie & ~immune_now
            out &= (follow & (rolls > leader_roll[:, None])) | (rebel & (rolls < leader_roll[:, None]))
        alive = alive & ~out
        # F8, F9: the round's outcome and who leads next
        any_rebel = rebel.any(axis=1)
        handover = chooser.any(axis=1) & ~any_rebel
        rebellion = any_rebel & ~(rebel & (rolls < judged_roll[:, None])).any(axis=1)
        if mercy:
            handover &= deposed == 0
            rebellion &= deposed == 0
            tally.add("deposed", ids, deposed > 0)
            tally.add("r1 deposed", ids, (deposed > 0) & (rounds == 1))
            tally.add("depositions", ids, deposed)
            leader = np.where(deposed > 0, standing, leader)
        alive[row[rebellion], leader[rebellion]] = False
        normal = ~handover & ~rebellion & (deposed == 0)
        tally.add("handover", ids, handover)
        tally.add("rebellion", ids, rebellion)
        tally.add("normal", ids, normal)
        first = rounds == 1
        if first.any():
            plain_follow = follow & (dice == rules.player_die) & first[:, None]
            tally.add("r1 followers on 150", ids, plain_follow.sum(axis=1))
            tally.add("r1 followers on 150 out", ids, (plain_follow & out).sum(axis=1))
        left = alive.sum(axis=1)
        done = left <= 2
        if done.any():
            _ftl_finals(rng, ids[done], alive[done], start[done], winner, second)
            rounds_out[ids[done]] = rounds[done]
        going = ~done
        if going.any():
            # successors: handover the lowest roll, rebellion the highest rebel, else the highest roll
            pool = alive & ~(seat_cols == leader[:, None])
            rebels_left = pool & rebel
            pool = np.where((rebellion & rebels_left.any(axis=1))[:, None], rebels_left, pool)
            # F9: a tie for the lowest or highest roll is an even battle of 100 among the tied
            successor = _highest(rng, pool, np.where(handover[:, None], -rolls, rolls))
            leader = np.where((deposed > 0) | ~going, leader, successor)
        keep = ~done
        ids, alive, leader, immune_next = ids[keep], alive[keep], leader[keep], immune_next[keep]
        rounds = rounds[keep]
    tally.add("first leader won", np.arange(games), winner == first_leader)
    return FastGames(winner, second, rounds_out, tally.counts)


def _ftl_finals(rng: np.random.Generator, ids: Ints, alive: Bools, start: Bools, winner: Ints, second: Ints) -> None:
    """F10: two left battle 150 vs 150; one left wins and the round's other players battle for second."""
    two = alive.sum(axis=1) == 2
    first_pick = _pick(rng, alive)
    other = alive.copy()
    other[np.arange(len(ids)), first_pick] = False
    last = _pick(rng, other)
    winner[ids[two]] = first_pick[two]
    second[ids[two]] = last[two]
    one = ~two
    if one.any():
        sole = alive[one].argmax(axis=1)
        rivals = start[one].copy()
        rivals[np.arange(int(one.sum())), sole] = False
        runner = np.where(rivals.any(axis=1), _pick(rng, rivals), -1)
        winner[ids[one]] = sole
        second[ids[one]] = runner


# ----------------------------------------------------------------------------------------------
# Chase the Ace (C1-C9)


def run_cta(
    games: int,
    players: int,
    mods: Sequence[str],
    options: dict[str, object],
    seats: Sequence[CtaPolicy],
    rng: np.random.Generator,
    rules: Rules = RULES,
) -> FastGames:
    """`games` whole games with one policy per seat."""
    n = players
    elim = int(str(options.get("elim", 1)))
    ties_all = str(options.get("ties", "battle")) == "all"
    both_ways = str(options.get("backsies", "one-way")) == "both-ways"
    jester, joker = "jesters-duel" in mods, "the-joker" in mods
    adhesive, backsies, aao = "adhesive" in mods, "no-backsies" in mods, "all-at-once" in mods
    sides = rules.card_sides + (1 if (jester or joker) else 0)
    kind = np.array([{"random": 0, "stick": 1, "threshold": 2}[p.kind] for p in seats])
    top = max(len(p.threshold) for p in seats)
    thresholds = np.array([[p.threshold_for(a) for a in range(top)] for p in seats])
    winner = np.full(games, -1, dtype=np.int64)
    second = np.full(games, -1, dtype=np.int64)
    rounds_out = np.zeros(games, dtype=np.int64)
    tally = _Counter(games)
    ids = np.arange(games)
    alive = np.ones((games, n), dtype=bool)
    rounds = np.zeros(games, dtype=np.int64)
    while ids.size:
        g = ids.size
        row = np.arange(g)
        rounds += 1
        n_alive = alive.sum(axis=1)
        k = np.minimum(elim, n_alive // 2)  # C2
        cards = rng.integers(1, sides + 1, (g, n))
        if joker:  # C4: deal again while the Jokers would leave fewer than 2
            while True:
                bad = (alive & (cards != 14)).sum(axis=1) < 2
                if not bad.any():
                    break
                cards[bad] = rng.integers(1, sides + 1, (int(bad.sum()), n))
        kings = alive & (cards == 13)
        advanced = kings.copy()
        if joker:
            jokers = alive & (cards == 14)
            alive = alive & ~jokers
            tally.add("jokers", ids, jokers.sum(axis=1))
        if jester:
            _jesters(rng, alive, cards, kings, advanced, tally, ids)
        in_play = alive & ~advanced & (cards != 14)
        tally.add("swap turns", ids, np.where(alive.sum(axis=1) > 2, in_play.sum(axis=1), 0))
        stuck = np.zeros((g, n), dtype=bool)
        swapped = np.zeros((g, n, n), dtype=bool)  # [by, target]: successful swaps this round
        known = np.zeros((g, n, n), dtype=np.int8)  # [viewer, other]: a card the viewer knows
        lost = np.zeros((g, n), dtype=bool)
        saved_pairs: list[tuple[Ints, Ints, Ints]] = []  # (rows, swapper, target) of successful swaps
        state = _SwapState(cards, in_play, stuck, swapped, known, lost, adhesive, backsies, both_ways)
        n_now = alive.sum(axis=1)  # what a player sees when choosing: the players still in
        playing = in_play.any(axis=1) & (n_now > 2)
        if aao:
            for _swap_round in (1, 2):
                choice = _choose(rng, state, row, None, kind, thresholds, n_now, playing)
                order = _shuffled(rng, in_play)
                for place in range(n):
                    by = order[:, place]
                    acts = in_play[row, by] & playing
                    target = choice[row, by]
                    sticks = acts & (target < 0)
                    stuck[row[sticks], by[sticks]] = True
                    tries = acts & (target >= 0)
                    if tries.any():
                        legal = tries & state.legal(row, by, np.maximum(target, 0))
                        tally.add("void swaps", ids, tries & ~legal)
                        _swap(rng, state, row, by, target, legal, tally, ids, saved_pairs, rules)
        else:
            order = _shuffled(rng, in_play)
            for place in range(n):
                by = order[:, place]
                acts = in_play[row, by] & playing
                if not acts.any():
                    continue
                choice = _choose(rng, state, row, by, kind, thresholds, n_now, acts)
                target = choice[row, by]
                sticks = acts & (target < 0)
                stuck[row[sticks], by[sticks]] = True
                _swap(rng, state, row, by, target, acts & (target >= 0), tally, ids, saved_pairs, rules)
        cards = state.cards
        # C8: the reveal
        out = _reveal(rng, alive, in_play, cards, k, ties_all)
        alive = alive & ~out
        for rows, by, target in saved_pairs:
            saved = out[rows, target] & ~out[rows, by]
            tally.add("swaps saved the swapper", ids[rows], saved)
        first = rounds == 1
        if first.any():
            for card in range(1, 14):
                held = (first & (n_now > 2))[:, None] & in_play & (cards == card)  # a reveal took place
                tally.add(f"r1 card {card}", ids, held.sum(axis=1))
                tally.add(f"r1 card {card} out", ids, (held & out).sum(axis=1))
        done = alive.sum(axis=1) <= 2
        if done.any():
            pair = alive[done]
            one = _pick(rng, pair)  # C9: 13 vs 13, an even battle
            rest = pair.copy()
            rest[np.arange(int(done.sum())), one] = False
            winner[ids[done]] = one
            second[ids[done]] = np.where(rest.any(axis=1), rest.argmax(axis=1), -1)
            rounds_out[ids[done]] = rounds[done]
        keep = ~done
        ids, alive, rounds = ids[keep], alive[keep], rounds[keep]
    return FastGames(winner, second, rounds_out, tally.counts)


def _jesters(
    rng: np.random.Generator,
    alive: Bools,
    cards: Ints,
    kings: Bools,
    advanced: Bools,
    tally: _Counter,
    ids: Ints,
) -> None:
    """C5, in place: a lone Jester duels a random legal opponent; several battle among themselves."""
    g = alive.shape[0]
    row = np.arange(g)
    jesters = alive & (cards == 14)
    count = jesters.sum(axis=1)
    many = count >= 2
    if many.any():
        lose = np.minimum(count - 1, alive.sum(axis=1) - 2)
        keys = np.where(jesters, rng.random(jesters.shape), 2.0)
        rank = keys.argsort(axis=1).argsort(axis=1)  # 0 = lowest roll
        losers = many[:, None] & jesters & (rank < lose[:, None])
        alive &= ~losers
        sole = many & (count - lose == 1)
        best = np.where(jesters & ~losers, 1, 0).argmax(axis=1)
        advanced[row[sole], best[sole]] = True
        tally.add("jester battles", ids, many)
    lone = count == 1
    if lone.any():
        who = jesters.argmax(axis=1)
        foes = alive & ~kings & ~advanced & (cards != 14)
        has = lone & foes.any(axis=1)
        advanced[row[lone & ~has], who[lone & ~has]] = True
        target = _pick(rng, foes)
        jester_wins = rng.random(g) < 0.5  # 100 vs 100 (G1)
        win_seat = np.where(jester_wins, who, target)
        lose_seat = np.where(jester_wins, target, who)
        advanced[row[has], win_seat[has]] = True
        alive[row[has], lose_seat[has]] = False
        tally.add("duels", ids, has)


@dataclass
class _SwapState:
    cards: Ints
    in_play: Bools
    stuck: Bools
    swapped: Bools
    known: NDArray[np.int8]
    lost: Bools
    adhesive: bool
    backsies: bool
    both_ways: bool

    def targets(self, row: Ints, by: Ints) -> Bools:
        """Whom `by` (one seat per row) may swap with now (C6)."""
        n = self.cards.shape[1]
        ok: Bools = self.in_play & (np.arange(n)[None, :] != by[:, None])
        if self.adhesive:
            ok &= ~self.stuck
        if self.backsies:
            ok &= ~self.swapped[row, :, by]
            if self.both_ways:
                ok &= ~self.swapped[row, by, :]
        return ok

    def legal(self, row: Ints, by: Ints, target: Ints) -> Bools:
        ok: Bools = self.targets(row, by)[row, target]
        return ok


def _worth(state: _SwapState, row: Ints, by: Ints) -> Floats:
    """What `by` expects each other player's card to be worth (as `Threshold.worth`)."""
    known = state.known[row, by, :]
    given = state.swapped[row, by, :]
    worth = np.full(known.shape, 7.0)
    worth[state.lost] = 4.0
    worth[state.stuck] = 8.0
    worth[given] = 0.0
    worth = np.where(known > 0, known, worth)
    return worth


def _choose(
    rng: np.random.Generator,
    state: _SwapState,
    row: Ints,
    by: Ints | None,
    kind: Ints,
    thresholds: Ints,
    n_alive: Ints,
    acts: Bools,
) -> Ints:
    """Target per (row, seat), -1 to stick: for one seat per row (`by`), or for every seat (All At Once)."""
    g, n = state.cards.shape
    choice = np.full((g, n), -1, dtype=np.int64)
    seats = [by] if by is not None else [np.full(g, s, dtype=np.int64) for s in range(n)]
    top = thresholds.shape[1] - 1
    for seat in seats:
        live = acts & state.in_play[row, seat]
        if not live.any():
            continue
        targets = state.targets(row, seat)
        count = targets.sum(axis=1)
        policy = kind[seat]
        # random: stick or any legal target, uniformly
        pick = (rng.random(g) * (count + 1)).astype(np.int64)
        ranks = np.cumsum(targets, axis=1)
        randomly = np.where(pick > 0, (ranks == pick[:, None]).argmax(axis=1), -1)
        # threshold: swap when the card is at or below it, with the best-looking target worth more
        card = state.cards[row, seat]
        limit = thresholds[seat, np.minimum(n_alive, top)]
        worth = _worth(state, row, seat)
        better = targets & (worth > card[:, None])
        keyed = np.where(better, worth + 0.5 * rng.random((g, n)), -1.0)
        wants = (card <= limit) & better.any(axis=1)
        by_threshold = np.where(wants, keyed.argmax(axis=1), -1)
        chosen = np.where(policy == 0, randomly, np.where(policy == 1, -1, by_threshold))
        chosen = np.where(live & (count > 0), chosen, -1)
        choice[row, seat] = chosen
    return choice


def _swap(
    rng: np.random.Generator,
    state: _SwapState,
    row: Ints,
    by: Ints,
    target: Ints,
    tries: Bools,
    tally: _Counter,
    ids: Ints,
    saved_pairs: list[tuple[Ints, Ints, Ints]],
    rules: Rules,
) -> None:
    """Swap battles 125 vs 100 (C6) for the rows in `tries`; the winners exchange cards."""
    if not tries.any():
        return
    wins = tries & (rng.random(len(row)) < rules.swap_win)
    tally.add("swaps", ids, tries)
    tally.add("swaps won", ids, wins)
    r, b, t = row[wins], by[wins], target[wins]
    mine, theirs = state.cards[r, b].copy(), state.cards[r, t].copy()
    state.cards[r, b], state.cards[r, t] = theirs, mine
    state.swapped[r, b, t] = True
    state.lost[r, t] = True
    state.known[r, :, b] = 0
    state.known[r, :, t] = 0
    state.known[r, b, t] = mine
    state.known[r, t, b] = theirs
    saved_pairs.append((r, b, t))


def _reveal(rng: np.random.Generator, alive: Bools, in_play: Bools, cards: Ints, k: Ints, ties_all: bool) -> Bools:
    """C8: the `k` lowest in play go (never leaving fewer than 2); ties at the cut-off by battle or all."""
    g, n = cards.shape
    row = np.arange(g)
    count = np.minimum(np.minimum(k, in_play.sum(axis=1)), alive.sum(axis=1) - 2)
    ranked = np.sort(np.where(in_play, cards, 99), axis=1)
    cutoff = ranked[row, np.maximum(count - 1, 0)]
    below = in_play & (cards < cutoff[:, None])
    tied = in_play & (cards == cutoff[:, None])
    need = count - below.sum(axis=1)
    n_tied = tied.sum(axis=1)
    everyone = n_tied == need
    if ties_all:
        everyone |= alive.sum(axis=1) - below.sum(axis=1) - n_tied >= 2
    keys = np.where(tied, rng.random((g, n)), 2.0)
    rank = keys.argsort(axis=1).argsort(axis=1)
    by_battle = tied & (rank < need[:, None])  # G1 among the tied: an even battle
    out: Bools = below | np.where(everyone[:, None], tied, by_battle)
    out &= (count > 0)[:, None]
    return out


def run_fast(
    theme: str,
    games: int,
    players: int,
    mods: Sequence[str],
    options: dict[str, object],
    strategies: Sequence[str],
    rng: np.random.Generator,
    rules: Rules = RULES,
) -> FastGames:
    """Dispatch to a kernel; `strategies` has one name per seat."""
    if theme == "ftl":
        ftl_seats = [ftl_policy(name, mods) for name in strategies]
        assert all(p is not None for p in ftl_seats)
        return run_ftl(games, players, mods, options, [p for p in ftl_seats if p], rng, rules)
    cta_seats = [cta_policy(name, mods) for name in strategies]
    assert all(p is not None for p in cta_seats)
    return run_cta(games, players, mods, options, [p for p in cta_seats if p], rng, rules)


__all__ = ["RULES", "FastGames", "Rules", "fast_unsupported", "replace", "run_cta", "run_fast", "run_ftl"]
