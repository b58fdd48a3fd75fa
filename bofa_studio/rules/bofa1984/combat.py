"""B-7 attacks and skirmishes: declaration, modifiers, resolution, losses and advance."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from bofa_studio.rules.bofa1984 import hysteria
from bofa_studio.rules.bofa1984.counters import other_side
from bofa_studio.rules.bofa1984.eagles import in_the_air
from bofa_studio.rules.bofa1984.leaders import invisible, note_thorin_left
from bofa_studio.rules.bofa1984.losses import attacker_candidates, defender_candidates, hit, loss_candidates
from bofa_studio.rules.bofa1984.reach import friends_in, has_side, shift
from bofa_studio.rules.bofa1984.stacking import hex_problem, stacking_problem
from bofa_studio.rules.bofa1984.state import Pending, Stage
from bofa_studio.rules.bofa1984.wording import names_text
from bofa_studio.rules.core import Event, RuleError

if TYPE_CHECKING:
    from bofa_studio.rules.bofa1984.game import BofaGame
    from bofa_studio.rules.bofa1984.state import State


def strength(game: BofaGame, state: State, cid: str) -> int:
    """Current combat strength: the side shown, less a leader's hit markers (S-10)."""
    s = game.specs[cid].strength[state.steps[cid] - 1]
    if state.hits:
        s -= state.hits.get(cid, 0)
    return max(s, 0)


def defence(game: BofaGame, state: State, cid: str) -> int:
    """O-4: hysterical units defend with a combat strength of 1."""
    return 1 if cid in state.hysteric else strength(game, state, cid)


def contested(game: BofaGame, state: State) -> list[int]:
    """Hexes holding counters of both sides: each is a skirmish (B-7)."""
    specs = game.specs
    out = []
    for h, stack in state.stacks.items():
        if len(stack) > 1:
            sides = {specs[c].side for c in stack}
            if len(sides) == 2:
                out.append(h)
    if out and game.option("s7_eagle_skirmishes"):
        # S-7: Eagles in the air over a Dark counter are no skirmish unless the Dark grounded them.
        out = [h for h in out if not in_the_air(game, state, h)]
    return sorted(out)


def open_skirmishes(game: BofaGame, state: State) -> list[int]:
    """B-7: skirmishes must be fought in every combat phase; these are still to fight."""
    return [h for h in contested(game, state) if h not in state.skirmished]


def _ready(game: BofaGame, state: State, h: int, side: str) -> list[str]:
    """The side's counters in ``h`` that may still attack this phase (O-4: not hysterical ones;
    S-7: Eagles are no second wave, but they attack, so only waves check for them)."""
    return [c for c in friends_in(game, state, h, side) if c not in state.fought and c not in state.hysteric]


def ready(game: BofaGame, state: State, h: int, side: str) -> tuple[str, ...]:
    return tuple(_ready(game, state, h, side))


def wave_ready(game: BofaGame, state: State, h: int, side: str) -> tuple[str, ...]:
    ready_ = _ready(game, state, h, side)
    if game.option("s7_eagle_skirmishes"):
        ready_ = [c for c in ready_ if not game.specs[c].is_eagle]
    return tuple(ready_)


def second_wave_hexes(game: BofaGame, state: State, h: int) -> list[int]:
    """B-7: one adjacent friendly counter or stack may join a skirmish as the second wave."""
    side = state.phase_player
    enemy = other_side(side)
    out = []
    for n in game.cb.adjacent_open[h]:
        if n in state.stacks and not has_side(game, state, n, enemy) and n not in state.attack_dir:
            if wave_ready(game, state, n, side):
                out.append(n)
    return sorted(out)


def attack_sources(game: BofaGame, state: State, target: int) -> list[int]:
    """Adjacent hexes whose ready counters may attack ``target`` (B-7, B-9 one direction)."""
    side = state.phase_player
    enemy = other_side(side)
    out = []
    for n in game.cb.adjacent_open[target]:
        if n not in state.stacks or has_side(game, state, n, enemy):
            continue
        if state.attack_dir.get(n, target) != target:
            continue
        if _ready(game, state, n, side):
            out.append(n)
    return sorted(out)


def attack_targets(game: BofaGame, state: State) -> list[int]:
    return [t for t, _ in attack_options(game, state)]


def attack_options(game: BofaGame, state: State) -> list[tuple[int, list[int]]]:
    """Each enemy hex the phase player may attack (no skirmish in it, B-7), in order, with
    the hexes its attackers may come from (:func:`attack_sources`)."""
    side = state.phase_player
    side_of = game.side_of
    # Most enemy hexes have no friend next door: find the hexes holding friends first, and
    # look for attackers only round an enemy hex that touches one.
    enemy_only: list[int] = []
    friendly: set[int] = set()
    for h, stack in state.stacks.items():
        if side_of[stack[0]] == side if len(stack) == 1 else any(side_of[c] == side for c in stack):
            friendly.add(h)
        else:
            enemy_only.append(h)
    adjacent_open = game.cb.adjacent_open
    options = []
    for h in enemy_only:
        if adjacent_open[h].isdisjoint(friendly) or invisible(game, state, h):
            continue
        sources = attack_sources(game, state, h)
        if sources:
            options.append((h, sources))
    return sorted(options)


def attack_modifiers(game: BofaGame, state: State, sources: set[int], target: int) -> list[str]:
    """Which Basic Game terrain modifiers (B-7) apply; their values are table data."""
    cb = game.cb
    ids = []
    if any(cb.level[s] < cb.level[target] for s in sources):
        ids.append("attack_from_lower_level")
    if any((s, target) in cb.river_between for s in sources):
        ids.append("attack_across_river")
    if cb.dale[target]:
        ids.append("defender_in_dale")
    if cb.guard_room[target]:
        ids.append("defender_in_guard_room")
    if cb.front_gate[target]:
        ids.append("defender_in_front_gate")
    return [m for m in ids if game.modifier_active(m, "attack")]


def declare_attack(game: BofaGame, state: State, attackers: tuple[str, ...], target: int) -> list[Event]:
    side = state.phase_player
    enemy = other_side(side)
    cb = game.cb
    if not attackers:
        raise RuleError("B-7", "an attack needs at least one attacking counter")
    if len(set(attackers)) != len(attackers):
        raise RuleError("B-7", "a counter is named twice in one attack")
    if not has_side(game, state, target, enemy):
        raise RuleError("B-7", f"there is no enemy counter in {cb.label(target)} to attack")
    if has_side(game, state, target, side):
        raise RuleError("B-7", f"{cb.label(target)} holds a skirmish; join it as a second wave instead")
    groups: dict[int, list[str]] = {}
    for cid in attackers:
        spec = game.specs.get(cid)
        if spec is None or spec.side != side:
            raise RuleError("B-7", f"{cid} is not one of the phase player's counters")
        h = state.pos.get(cid)
        if h is None:
            raise RuleError("B-7", f"{spec.name} is not on the map")
        if cid in state.fought:
            raise RuleError("B-7", f"{spec.name} has already fought this phase (one attack or skirmish each)")
        if cid in state.hysteric:
            raise RuleError("O-4", f"{spec.name} is hysterical and cannot attack")
        if h == target or target not in cb.adjacent_open[h]:
            if h != target and cb.distance(h, target) == 1:
                # B-7: "The two red hexsides of the Front Gate can neither be crossed, nor can
                # attacks be made across these sides." Say so, not "not adjacent" (issue 17).
                raise RuleError("B-7", f"{spec.name} cannot attack {cb.label(target)} across the Front Gate wall "
                                       f"between {cb.label(h)} and {cb.label(target)}")
            raise RuleError("B-7", f"{spec.name} is not adjacent to {cb.label(target)}")
        if has_side(game, state, h, enemy):
            raise RuleError("B-7", f"{spec.name} is in a skirmish and must fight it")
        if state.attack_dir.get(h, target) != target:
            raise RuleError("B-9", f"counters stacked in {cb.label(h)} may not attack in two different directions")
        groups.setdefault(h, []).append(cid)
    defenders = tuple(friends_in(game, state, target, enemy))
    att = sum(strength(game, state, c) for c in attackers)
    dfn = sum(defence(game, state, c) for c in defenders)
    mods = attack_modifiers(game, state, set(groups), target)
    if game.option("s7_combat_modifiers"):
        mods += [m for m in standard_attack_modifiers(game, attackers, defenders) if game.modifier_active(m, "attack")]
    for h in groups:
        state.attack_dir[h] = target
    state.fought.update(attackers)
    stacks = state.stacks
    state.pending = Pending(
        kind="attack", side=side, attackers=tuple(attackers), target=target, strength=att, defence=dfn,
        modifier=sum(game.tables.modifier(m).value for m in mods), modifier_ids=tuple(mods),
        att_groups=tuple(tuple(c for c in stacks[h] if c in groups[h]) for h in sorted(groups)),
        att_ordered=False, def_groups=(tuple(defenders),), shift=column_shift(game, state, target),
    )
    state.stage = Stage.ROLL
    state.die = CombatRoll()

    def describe() -> tuple[str, dict[str, Any]]:
        who = names_text(game.specs[c].name for c in attackers)
        return (f"{who} {'attack' if len(attackers) > 1 else 'attacks'} {cb.label(target)}: {att} against {dfn} "
                f"(difference {att - dfn:+d})", {"difference": att - dfn, "modifiers": mods})

    return [Event.deferred("attack", describe)]


def declare_skirmish(game: BofaGame, state: State, h: int, second_wave: tuple[str, ...]) -> list[Event]:
    side = state.phase_player
    enemy = other_side(side)
    cb = game.cb
    if not (has_side(game, state, h, side) and has_side(game, state, h, enemy)):
        raise RuleError("B-7", f"there is no skirmish in {cb.label(h)}")
    if h in state.skirmished:
        raise RuleError("B-7", f"the skirmish in {cb.label(h)} has already been fought this phase")
    if h not in contested(game, state):
        raise RuleError("S-7", f"the Giant Eagles in {cb.label(h)} are in the air: no skirmish unless the Dark ground them")
    mine = tuple(friends_in(game, state, h, side))
    wave_hex = -1
    for cid in second_wave:
        spec = game.specs.get(cid)
        if spec is None or spec.side != side or cid not in state.pos:
            raise RuleError("B-7", f"{cid} cannot join the skirmish")
        where = state.pos[cid]
        if wave_hex == -1:
            wave_hex = where
        elif where != wave_hex:
            raise RuleError("B-7", "the second wave is one counter or stack from one adjacent hex")
        if where not in second_wave_hexes(game, state, h):
            raise RuleError("B-7", f"{spec.name} is not in a free adjacent hex that may send a second wave")
        if cid in state.fought:
            raise RuleError("B-7", f"{spec.name} has already fought this phase")
        if cid not in wave_ready(game, state, where, side):
            raise RuleError("S-7", f"{spec.name} cannot join as a second wave (an Eagle, or hysterical)")
    defenders = tuple(friends_in(game, state, h, enemy))
    fighters = mine + tuple(second_wave)
    att = sum(defence(game, state, c) for c in fighters)
    dfn = sum(defence(game, state, c) for c in defenders)
    mods: list[str] = []
    if game.option("s7_combat_modifiers"):
        mods = [m for m in skirmish_modifiers(game, state, h, fighters, wave_hex, second_wave)
                if game.modifier_active(m, "skirmish")]
    state.skirmished.add(h)
    state.fought.update(fighters)
    if wave_hex != -1:
        state.attack_dir[wave_hex] = h
    stacks = state.stacks
    groups = [tuple(mine)]
    if second_wave:
        groups.append(tuple(c for c in stacks[wave_hex] if c in second_wave))
    state.pending = Pending(
        kind="skirmish", side=side, attackers=fighters, target=h, strength=att, defence=dfn,
        modifier=sum(game.tables.modifier(m).value for m in mods), modifier_ids=tuple(mods),
        att_groups=tuple(groups), att_ordered=True, def_groups=(defenders,), shift=column_shift(game, state, h),
    )
    state.stage = Stage.ROLL
    state.die = CombatRoll()
    return [Event("skirmish", f"skirmish in {cb.label(h)}: {att} against {dfn} (difference {att - dfn:+d})",
                  {"difference": att - dfn})]


@dataclass(frozen=True, slots=True)
class CombatRoll:
    """B-7/B-8: the die of the pending attack, skirmish or shot (``State.pending``)."""

    digest_tag: ClassVar[str] = "combat"

    def rolled(self, game: BofaGame, state: State, value: int) -> list[Event]:
        return resolve_roll(game, state, value)


def resolve_roll(game: BofaGame, state: State, roll: int) -> list[Event]:
    state.die = None
    p = state.pending
    assert p is not None
    p.roll = roll
    modified = roll + p.modifier
    events: list[Event] = []
    if p.kind == "fire":
        hits, prov = game.tables.fire(p.strength, modified)
        p.def_hits = hits
        fired = p.strength
        events.append(Event.deferred("fire_result", lambda: (
            f"fire {fired} rolls {roll} (modified {modified}): {hits} hit(s)",
            {"roll": roll, "hits": hits, "provenance": str(prov)})))
    else:
        r = game.tables.combat(p.strength - p.defence, modified, p.shift)
        p.att_hits, p.def_hits = r.attacker_hits, r.defender_hits
        p.hysteria = r.hysteria and game.option("o4_hysteria")
        events.append(Event.deferred("combat_result", lambda: (
            f"column {r.column}, roll {roll} (modified {modified}): attacker {r.attacker_hits}, defender {r.defender_hits}",
            {"roll": roll, "column": r.column, "attacker_hits": r.attacker_hits,
             "defender_hits": r.defender_hits, "hysteria": r.hysteria, "provenance": str(r.provenance)},
        )))
    state.stage = Stage.LOSS
    events += continue_losses(game, state)
    return events


def continue_losses(game: BofaGame, state: State) -> list[Event]:
    """Apply hits until a choice is needed or all are taken, then offer the advance."""
    p = state.pending
    assert p is not None
    events: list[Event] = []
    for side, remaining, pick in ((other_side(p.side), "def_hits", defender_candidates),
                                  (p.side, "att_hits", attacker_candidates)):
        while getattr(p, remaining) > 0:
            choice = pick(game, state, p)
            if not choice:
                setattr(p, remaining, 0)
                break
            if len(choice) > 1:
                state.pending_side = side  # the owner decides (B-7)
                return events
            setattr(p, remaining, getattr(p, remaining) - 1)
            hit(game, state, choice[0], p, events)
    state.pending_side = None
    if p.kind == "attack" and p.target not in state.stacks and advance_options(game, state):
        state.stage = Stage.ADVANCE
        return events
    return events + finish(state, game)


def take_loss(game: BofaGame, state: State, cid: str) -> list[Event]:
    p = state.pending
    assert p is not None
    choice = loss_candidates(game, state, p)
    if cid not in choice:
        names = ", ".join(game.specs[c].name for c in choice)
        raise RuleError("B-7", f"the next hit must go to one of: {names} (stacks lose from the top)")
    if state.pending_side == p.side:
        p.att_hits -= 1
    else:
        p.def_hits -= 1
    events: list[Event] = []
    hit(game, state, cid, p, events)
    return events + continue_losses(game, state)


def advance_options(game: BofaGame, state: State) -> list[tuple[str, ...]]:
    """B-7: survivors from one attacking hex may move into the emptied hex.

    An advance is a move into that hex, so it obeys the hex rules a move does (S-6: only
    Dwarves of the Free Peoples may occupy the Front Gate)."""
    p = state.pending
    assert p is not None
    by_hex: dict[int, list[str]] = {}
    for c in p.attackers:
        if c in state.pos:
            by_hex.setdefault(state.pos[c], []).append(c)
    options: list[tuple[str, ...]] = []
    for h in sorted(by_hex):
        group = by_hex[h]
        for c in group:
            if hex_problem(game, state, (c,), p.target) is None:
                options.append((c,))
        if len(group) > 1 and stacking_problem(game, state, group) is None \
                and hex_problem(game, state, group, p.target) is None:
            options.append(tuple(group))
    return options


def advance(game: BofaGame, state: State, counters: tuple[str, ...]) -> list[Event]:
    p = state.pending
    assert p is not None
    if counters:
        problem = hex_problem(game, state, counters, p.target)
        if problem:  # "S-6: ..." names its own rule
            rule, _, reason = problem.partition(": ")
            raise RuleError(rule, reason)
        if tuple(counters) not in advance_options(game, state) and not _is_subset_option(game, state, counters):
            raise RuleError("B-7", "only surviving attackers from one attacking hex may advance")
        from_hex = state.pos[counters[0]]
        note_thorin_left(game, state, counters, from_hex)
        for c in counters:
            state.pos[c] = p.target
        shift(state, tuple(counters), from_hex, p.target)
    label = game.cb.label(p.target)
    events = [Event("advance", f"{len(counters)} counter(s) advance into {label}" if counters else "no advance")]
    return events + finish(state, game)


def _is_subset_option(game: BofaGame, state: State, counters: tuple[str, ...]) -> bool:
    p = state.pending
    assert p is not None
    if not all(c in p.attackers and c in state.pos for c in counters):
        return False
    if len({state.pos[c] for c in counters}) != 1:
        return False
    return stacking_problem(game, state, counters) is None and hex_problem(game, state, counters, p.target) is None


def finish(state: State, game: BofaGame | None = None) -> list[Event]:
    p = state.pending
    state.pending = None
    state.pending_side = None
    state.stage = state.phase_kind or Stage.COMBAT
    if game is not None and p is not None and p.hysteria:
        return hysteria.after_combat(game, state, p)
    return []


def column_shift(game: BofaGame, state: State, target: int) -> int:
    """S-10 Bolg: one column right for the Dark within 3 hexes of him in their combat phase;
    O-3: one column right for the Free Peoples once Thorin has left the Front Gate."""
    shift = 0
    if state.phase_player == "dark" and game.option("s7_combat_modifiers"):
        b = state.pos.get("bolg")
        if b is not None and game.cb.distance(b, target) <= 3:
            shift += 1
    if state.phase_player == "free_peoples" and game.option("o3_thorin") and state.thorin_left:
        shift += 1
    return shift


def standard_attack_modifiers(game: BofaGame, attackers: tuple[str, ...], defenders: tuple[str, ...]) -> list[str]:
    """S-7 Attacks: spearmen against non-spearmen, Bolg and his bodyguard alone, Beorn alone."""
    specs = game.specs
    ids = []
    if all(specs[c].weapon == "spear" for c in attackers) and not any(specs[c].weapon == "spear" for c in defenders):
        ids.append("spearmen_only_attack")
    if all(c == "bolg" or "bodyguard" in specs[c].flags for c in attackers):
        ids.append("bolg_bodyguard_attack")
    if all(specs[c].is_beorn for c in attackers):
        ids.append("beorn_attack")
    return ids


def skirmish_modifiers(game: BofaGame, state: State, h: int, fighters: tuple[str, ...], wave_hex: int,
                       wave: tuple[str, ...]) -> list[str]:
    """S-7 Skirmishes: goblins (not archers or spearmen), Beorn, and a second wave from
    below, across the river or into the Front Gate (the defender's advantages)."""
    specs = game.specs
    cb = game.cb
    ids = []
    units = [c for c in fighters if not specs[c].leader]
    if units and all("goblin" in specs[c].flags and specs[c].weapon not in ("spear", "short_bow") for c in units):
        ids.append("goblin_skirmish")
    if any(specs[c].is_beorn for c in fighters):
        ids.append("beorn_skirmish")
    if wave:
        if cb.level[wave_hex] < cb.level[h]:
            ids.append("second_wave_from_below")
        if (wave_hex, h) in cb.river_between:
            ids.append("second_wave_across_river")
        if cb.front_gate[h]:
            ids.append("second_wave_at_front_gate")
            if len(wave) > 1:
                ids.append("second_wave_second_counter")
    return ids
