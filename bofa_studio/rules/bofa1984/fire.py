"""B-8 archery: bow value by range, combined fire, and the Basic Game restrictions."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bofa_studio.rules.bofa1984.combat import CombatRoll
from bofa_studio.rules.bofa1984.counters import other_side
from bofa_studio.rules.bofa1984.leaders import invisible
from bofa_studio.rules.bofa1984.reach import friends_in, has_side
from bofa_studio.rules.bofa1984.state import Pending, Stage
from bofa_studio.rules.bofa1984.wording import names_text
from bofa_studio.rules.core import Event, RuleError

if TYPE_CHECKING:
    from bofa_studio.los import LosTable
    from bofa_studio.rules.bofa1984.game import BofaGame
    from bofa_studio.rules.bofa1984.state import State


def bow_at_range(bow: int, rng: int) -> int:
    """B-8: strength at ``rng`` hexes is the bow value less one per hex beyond the first."""
    if rng < 1:
        return 0
    return max(0, bow - (rng - 1))


def bow(game: BofaGame, state: State, cid: str) -> int:
    return game.specs[cid].bow[state.steps[cid] - 1]


def firing_units(game: BofaGame, state: State) -> list[tuple[str, ...]]:
    """Archers that shoot as one unit, per hex.

    B-8/B-9: stacked reduced archers must add their bow values, and Bard stacked
    with Men adds his to theirs; since a hex holds at most two combat counters and
    one leader, "all archers of a hex together" covers both cases. Archers in a
    skirmish cannot shoot.
    """
    side = state.phase_player
    enemy = other_side(side)
    units: list[tuple[str, ...]] = []
    archer_side = game.archer_side
    pos = state.pos
    # A side has a dozen archers and the map a hundred stacks: find the archers' hexes
    # first, then visit them in the stacks' order (the order legal_actions lists them in).
    archer_hexes = {pos[c] for c in game.archers_of.get(side, ()) if c in pos}  # type: ignore[arg-type]
    if not archer_hexes:
        return units
    stacks = state.stacks
    for h in [h for h in stacks if h in archer_hexes]:
        archers = tuple(c for c in stacks[h] if archer_side.get(c) == side)
        if any(c in state.fired for c in archers):
            continue
        if has_side(game, state, h, enemy):
            continue
        if game.cb.guard_room[h] and game.option("s8_fire"):
            continue  # S-8: "Archers cannot shoot out of the guard rooms"
        units.append(archers)
    return units


def unit_strength(game: BofaGame, state: State, unit: tuple[str, ...], target: int) -> int:
    cb = game.cb
    h = state.pos[unit[0]]
    if cb.front_gate[target] and target not in cb.adjacent_open[h]:
        return 0  # B-6: the Front Gate is fired at only from its two plain hexes
    d = cb.distance(h, target)
    return sum(bow_at_range(bow(game, state, c), d) for c in unit)


def open_targets(game: BofaGame, state: State) -> list[int]:
    """Hexes with enemy counters and no skirmish in them (B-8)."""
    side = state.phase_player
    side_of = game.side_of
    out = []
    for h, stack in state.stacks.items():
        for c in stack:
            if side_of[c] == side:
                break
        else:
            out.append(h)
    bilbo = state.pos.get("bilbo")
    if bilbo in out and invisible(game, state, bilbo):  # type: ignore[arg-type]
        out.remove(bilbo)  # type: ignore[arg-type]
    return sorted(out)


def occupancy(state: State) -> int:
    """The occupied hexes as a bit mask, the form the line-of-sight table reads (S-8)."""
    return sum(map((1).__lshift__, state.stacks))  # distinct bits: the sum is their union


def units_targets(game: BofaGame, state: State, units: list[tuple[str, ...]], targets: list[int]) -> list[list[int]]:
    """:func:`targets_for` of each unit, with the lines of sight they need built together."""
    cb = game.cb
    ranges = []
    for unit in units:
        h = state.pos[unit[0]]
        ranges.append((h, cb.disk(h, max(bow(game, state, c) for c in unit))))
    table = occupied = None
    if game.option("s8_fire"):
        from bofa_studio.los import los_table

        table, occupied = los_table(game.board), occupancy(state)
        table.prepare_lines([(h, t) for h, near in ranges for t in near.intersection(targets) if t != h])
    return [_targets_in_sight(game, h, near, targets, table, occupied) for h, near in ranges]


def targets_for(game: BofaGame, state: State, unit: tuple[str, ...], targets: list[int] | None = None,
                occupied: int | None = None) -> list[int]:
    """The targets the archers of ``unit`` may shoot at: in range (B-8) and, in the Standard
    Game, in sight with any counter blocking (S-8). The line of sight comes from the board's
    table (bofa_studio.los), whose hex indexes are the compiled board's (both number
    ``sorted(board.hexes())``); ``occupied`` may be passed in when many units share a state."""
    h = state.pos[unit[0]]
    near = game.cb.disk(h, max(bow(game, state, c) for c in unit))
    table = None
    if game.option("s8_fire"):
        from bofa_studio.los import los_table

        table = los_table(game.board)
        if occupied is None:
            occupied = occupancy(state)
    return _targets_in_sight(game, h, near, open_targets(game, state) if targets is None else targets, table, occupied)


def _targets_in_sight(game: BofaGame, h: int, near: frozenset[int], targets: list[int], table: LosTable | None,
                      occupied: int | None) -> list[int]:
    """Of ``targets``, those within ``near`` (the disk of the unit's longest bow around its hex
    ``h``) that it may shoot at: not its own hex, the Front Gate only from its two plain hexes
    (B-6), and with a ``table`` (S-8) only along a clear line."""
    # Every hex of the disk is within the longest bow's range, so the unit's strength there
    # (unit_strength) is positive unless B-6's Front Gate rule leaves it none.
    front_gate, next_door = game.cb.front_gate, game.cb.adjacent_open[h]
    out = []
    for t in sorted(near.intersection(targets)):
        if t == h or (front_gate[t] and t not in next_door):
            continue
        if table is not None and not table.clear(h, t, occupied):  # type: ignore[arg-type]
            continue
        out.append(t)
    return out


def fire_modifiers(game: BofaGame, state: State, sources: set[int], target: int) -> list[str]:
    """S-8 aiming: Dale, uphill (or at the summit from off it), guard rooms, the Front Gate,
    Eagles in the air (a target hex holding an Eagle and no skirmish)."""
    cb = game.cb
    ids = []
    if cb.dale[target]:
        ids.append("fire_at_dale")
    summit = cb.terrain[target] == "summit"
    if any(cb.level[s] < cb.level[target] or (summit and cb.terrain[s] != "summit") for s in sources):
        ids.append("fire_uphill")
    if cb.guard_room[target]:
        ids.append("fire_at_guard_room")
    if cb.front_gate[target]:
        ids.append("fire_at_front_gate")
    if any(game.specs[c].is_eagle for c in state.stacks.get(target, ())):
        ids.append("fire_at_flying_eagle")
    return [m for m in ids if game.modifier_active(m, "fire")]


def declare_fire(game: BofaGame, state: State, archers: tuple[str, ...], target: int) -> list[Event]:
    side = state.phase_player
    enemy = other_side(side)
    cb = game.cb
    if not archers:
        raise RuleError("B-8", "a shot needs at least one archer")
    if not has_side(game, state, target, enemy):
        raise RuleError("B-8", f"there is no enemy counter in {cb.label(target)}")
    if has_side(game, state, target, side):
        raise RuleError("B-8", "archers cannot shoot at units engaged in a skirmish")
    units = {u[0]: u for u in firing_units(game, state)}
    chosen: list[tuple[str, ...]] = []
    for cid in archers:
        spec = game.specs.get(cid)
        if spec is None or spec.side != side:
            raise RuleError("B-8", f"{cid} is not one of the phase player's counters")
        if not spec.is_archer:
            raise RuleError("B-8", f"{spec.name} is not an archer")
        if cid in state.fired:
            raise RuleError("B-8", f"{spec.name} has already shot this phase")
        if cid not in state.pos:
            raise RuleError("B-8", f"{spec.name} is not on the map")
        unit = next((u for u in units.values() if cid in u), None)
        if unit is None:
            raise RuleError("B-8", f"{spec.name} is engaged in a skirmish and cannot shoot")
        if unit not in chosen:
            chosen.append(unit)
    named = set(archers)
    for unit in chosen:
        if not set(unit) <= named:
            raise RuleError("B-8", "stacked archers must add their bow values for a joint shot")
    total = 0
    for unit in chosen:
        s = unit_strength(game, state, unit, target)
        if s <= 0:
            raise RuleError("B-8", f"{cb.label(target)} is out of range for the archers in {cb.label(state.pos[unit[0]])}")
        if game.option("s8_fire") and target not in targets_for(game, state, unit, [target]):
            raise RuleError("S-8", f"the archers in {cb.label(state.pos[unit[0]])} have no line of sight to {cb.label(target)}")
        total += s
    if invisible(game, state, target):
        raise RuleError("S-10", "Bilbo, wearing the ring, cannot be seen")
    mods = fire_modifiers(game, state, {state.pos[u[0]] for u in chosen}, target) if game.option("s8_fire") else []
    state.fired.update(archers)
    state.pending = Pending(
        kind="fire", side=side, attackers=tuple(archers), target=target, strength=total, defence=0,
        modifier=sum(game.tables.modifier(m).value for m in mods), modifier_ids=tuple(mods),
        def_groups=(tuple(friends_in(game, state, target, enemy)),),
    )
    state.stage = Stage.ROLL
    state.die = CombatRoll()

    def describe() -> tuple[str, dict[str, Any]]:
        who = names_text(game.specs[c].name for c in archers)
        return (f"{who} {'shoot' if len(archers) > 1 else 'shoots'} at {cb.label(target)} with fire strength {total}",
                {"strength": total})

    return [Event.deferred("fire", describe)]
