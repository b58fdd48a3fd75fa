"""What the board shows: counters' faces and notes, the inspector's rows, move paths, lines
of sight, and the marks of the current decision (targets, rocks, picks, effects)."""

from __future__ import annotations

from typing import Any

from bofa_studio.hexgrid import Hex
from bofa_studio.play.faces import Face
from bofa_studio.play.inspector import PieceInfo, words
from bofa_studio.play.marks import Mark
from bofa_studio.rules.bofa1984 import actions as A
from bofa_studio.rules.bofa1984 import preview, victory
from bofa_studio.rules.bofa1984.overstacking import over_stacked
from bofa_studio.rules.bofa1984.state import Stage


class BoardMarks:
    """Faces, piece information and map marks."""

    def pieces_on_map(self, state: Any) -> dict[Hex, list[str]]:
        return {self.game.hex(i): list(s) for i, s in state.stacks.items()}

    def face(self, piece: str, state: Any) -> Face:
        spec = self.game.specs[piece]
        steps = max(1, state.steps.get(piece, 2))
        return Face(
            name=spec.name, colour=spec.colour, weapon=spec.weapon,
            strength=spec.strength[steps - 1], movement=spec.movement[steps - 1], bow=spec.bow[steps - 1],
            reduced=steps == 1, leader=spec.leader,
            hits=state.hits.get(piece, 0), hysterical=piece in state.hysteric,
        )

    def has_acted(self, piece: str, state: Any) -> bool:
        """B-6/B-7/B-8: a counter that has moved, fought or fired this phase has done its part."""
        return piece in state.moved or piece in state.fought or piece in state.fired

    def piece_info(self, piece: str, state: Any) -> PieceInfo:
        """A counter as the inspector reads it: both printed faces (the one showing first),
        its bow's reach (B-8: one less per hex beyond the first), markers, and what it has
        done this phase."""
        spec = self.game.specs[piece]
        steps = max(1, state.steps.get(piece, 2))

        def values(step: int) -> str:
            bow = spec.bow[step - 1]
            return (f"strength {spec.strength[step - 1]}" + (f", bow {bow}" if bow else "")
                    + f", movement {spec.movement[step - 1]}")

        kind = "leader" if spec.leader else words(spec.weapon)
        lines = [f"{kind}, {words(spec.command)}"]
        shown, other = ("full", "reduced") if steps == 2 else ("reduced", "full")
        lines.append(f"{shown} (showing): {values(steps)}")
        if spec.strength[0] != spec.strength[1] or spec.movement[0] != spec.movement[1] or spec.bow[0] != spec.bow[1]:
            lines.append(f"{other}: {values(3 - steps)}")
        bow = spec.bow[steps - 1]
        if bow:
            reach = ", ".join(f"{max(0, bow - d + 1)} at {d}" for d in range(1, bow + 1))
            lines.append(f"bow reaches {bow} hex{'es' if bow > 1 else ''} (B-8: {reach})")
        if state.hits.get(piece):
            n = state.hits[piece]
            lines.append(f"{n} hit{'s' if n > 1 else ''} (S-10)")
        if piece in state.hysteric:
            lines.append("hysterical (O-4)")
        done = [w for w, s in (("moved", state.moved), ("fought", state.fought), ("fired", state.fired))
                if piece in s]
        if done:
            lines.append(" and ".join(done) + " this phase")
        return PieceInfo(spec.name, self.side_name(spec.side), self.side_colour(spec.side), tuple(lines),
                         bool(done))

    def hex_notes(self, h: Hex, state: Any) -> tuple[str, ...]:
        """B-11: the victory location the hex belongs to, and who holds it now."""
        i = self.game.idx(h)
        holders = victory.control(self.game, state)
        return tuple(f"{words(name).title()}: " + (f"held by the {self.side_name(holders[name])}"
                                                   if holders.get(name) else "held by neither side") + " (B-11)"
                     for name, hexes in self.game.victory_hexes.items() if i in hexes)

    def face_key(self, piece: str, state: Any) -> tuple[Any, ...]:
        """What a counter's face depends on, for the board's cache of painted faces."""
        return (piece, state.steps.get(piece, 2), state.hits.get(piece, 0), piece in state.hysteric)

    def path_preview(self, h: Hex) -> list[Hex]:
        if self.reach is None or h not in self.reach.moves:
            return []
        return list(self.reach.path(self.game, self.state, h))

    def sight_lines(self, hovered: Hex | None) -> list[tuple[Hex, Hex]]:
        """B-8: from each selected archer's hex to the target (or the hovered hex)."""
        if self.replay is not None or self.state.stage != Stage.FIRE or not self.selection:
            return []
        target = self.target or hovered
        if target is None:
            return []
        origins = {self.hex_of(cid) for cid in self.selection} - {None, target}
        return [(o, target) for o in sorted(origins)]  # type: ignore[type-var]

    def marks(self) -> list[Mark]:
        state = self.shown_state()
        out = self._victory_marks(state)
        contested = tuple(self.game.hex(h) for h, s in state.stacks.items()
                          if len({self.game.side_of[c] for c in s}) == 2)
        if contested:
            out.append(Mark("skirmish", contested, "dotted", "#ff6f00", width=0.07))
        if self.replay is not None:
            return out
        out += self._gesture_marks()
        return out + self.selection_marks()

    def _victory_marks(self, state: Any) -> list[Mark]:
        """Victory locations outlined in the colour of the side that holds them now (B-11)."""
        out = []
        for name, side in victory.control(self.game, state).items():
            hexes = tuple(self.game.hex(i) for i in self.game.victory_hexes[name])
            out.append(Mark(f"victory.{name}", hexes, "outline" if side else "dashed", self.side_colour(side),
                            width=0.09))
        return out

    def _gesture_marks(self) -> list[Mark]:
        """Setup zones and entries, reach, S-6 checks, S-7 dives and rocks, B-7 losses and
        advance, S-8 spells, S-10 escapes, S-3 regrouping: what the gesture under way marks."""
        g, s = self.game, self.state
        out: list[Mark] = []
        if self.tray_pick is not None:
            zone = g.setup_zone.get(self.tray_pick, ()) if s.stage == Stage.SETUP else g.entry_hexes(s, self.tray_pick)
            out.append(Mark("zone", tuple(g.hex(i) for i in zone), "area", "#a06e00", "#fac82846", width=0))
        if self.reach is not None:
            costs = self.reach.costs
            out.append(Mark("reach", tuple(costs), "area", "#1e783c", "#3caa5a46", width=0,
                            tags={h: str(c) for h, c in costs.items() if not self.stack(h)},
                            tag_colour="#145028", plain_tags=True))
            memo = getattr(self, "_full_memo", None)
            if memo is None or memo[0] is not self.reach:  # once per selection, not per redraw
                memo = self._full_memo = (self.reach, preview.full_friendly_hexes(g, s, self.reach))
            full = memo[1]
            if full:  # issue 17: a friendly hex left unshaded said nothing of the stacking limit
                out.append(Mark("stacking_full", tuple(full), "dashed", "#6d4c41", width=0.06,
                                tags=dict.fromkeys(full, "full (B-9)"), tag_key="stacking_full"))
        if self.checks:  # S-6: named, so a player sees which hexes cost a roll and what it risks
            out.append(Mark("checks", tuple(self.checks), "dashed", "#f9a825", "#f9a8253c", 0.09,
                            {h: f"morale check {p:.0%}" for h, p in self.checks.items()}, "#8d5a00",
                            overlay="morale"))
        dives = self.dives()
        if dives:
            out.append(Mark("dive_targets", tuple(dives), "outline", "#7b1fa2", "#7b1fa232", 0.12,
                            {h: f"dive {self.dive_chance(h):.0%}" for h in dives}, tag_key="dives"))
        flight = self.dive_path()
        if flight:
            ends = tuple(d.to for d in dives.get(self.armed.target, []))
            out.append(Mark("dive_ends", ends, "area", "#7b1fa2", "#7b1fa223", width=0))
            out.append(Mark("dive_path", style="arrow", colour="#7b1fa2", width=0.1, lines=(tuple(flight),)))
        losses = self.loss_hexes()
        if losses:  # B-7: where the hit falls; click the counter that takes it (or use its button)
            out.append(Mark("loss", tuple(losses), "dashed", "#d32f2f", "#d32f2f32", 0.12, dict.fromkeys(losses, "hit?")))
        emptied = self.advance_hex()
        if emptied is not None:  # B-7: the emptied hex the attackers may advance into
            out.append(Mark("advance", (emptied,), "dashed", "#ff9800", "#ff98003c", 0.12, {emptied: "advance?"},
                            "#8d5a00"))
        out += self._target_marks()
        if s.stage == Stage.MOVE:
            over = tuple(g.hex(h) for h in sorted(over_stacked(g, s, s.phase_player)))
            if over:  # B-9 takes effect at the end of the phase: what still blocks ending it
                out.append(Mark("overstacked", over, "dashed", "#c62828", "#c6282828", 0.12,
                                dict.fromkeys(over, "over B-9"), tag_key="overstacked"))
        out += self._rock_marks()
        out += self._pick_marks()
        out += self._effect_marks()
        return out

    def overlays(self) -> list[tuple[str, str]]:
        return [("archer_range", "Archers' range and sight"), ("attack_targets", "Attack targets and columns"),
                ("morale", "Morale checks (Standard Game)")]

    def _target_marks(self) -> list[Mark]:
        """Before any roll, what the selection can do: attackers ring the enemy hexes they may
        attack with the combat column on each (B-7); archers shade the hexes in their range
        and mark each enemy in it as a target (fire strength and column, B-8) or, under S-8,
        out of sight (the board draws the blocked line to a hovered one)."""
        s, g = self.state, self.game
        if not self.selection or s.stage not in (Stage.COMBAT, Stage.FIRE):
            return []
        origins = {h for h in (self.hex_of(c) for c in self.selection) if h is not None}
        enemies = {h for h, stack in self.pieces_on_map(s).items()
                   if all(g.side_of[c] != s.phase_player for c in stack)}
        if s.stage == Stage.COMBAT:
            near = sorted(h for h in enemies if any(h.distance(o) == 1 for o in origins))
            cols = {h: preview.declared_column(g, s, A.Attack(self.selection, h)) for h in near}
            rings = {h: f"column {col[0]}" for h, col in cols.items() if col is not None}
            return [Mark("attack_targets", tuple(rings), "outline", "#d32f2f", "#d32f2f1e", 0.1, rings,
                         tag_key="attack_columns", overlay="attack_targets")] if rings else []
        reach = max((g.specs[c].bow[max(1, s.steps.get(c, 2)) - 1] for c in self.selection), default=0)
        if not reach:
            return []
        in_range = tuple(h for h in g.board.hexes() if any(0 < h.distance(o) <= reach for o in origins))
        shots, blocked = {}, {}
        for h in sorted(enemies & set(in_range)):
            col = preview.declared_column(g, s, A.Fire(self.selection, h))
            if col is not None:
                shots[h] = f"fire {col[1]}, column {col[0]}"
            elif g.option("s8_fire") and not all(r.clear for r in self._sight(origins, h)):
                blocked[h] = "no line of sight"
        out = [Mark("archer_range", in_range, "area", "#1565c0", "#1565c01c", width=0, overlay="archer_range")]
        if shots:
            out.append(Mark("fire_targets", tuple(shots), "outline", "#2e7d32", width=0.1, tags=shots,
                            tag_key="fire_strengths", overlay="archer_range"))
        if blocked:
            out.append(Mark("fire_blocked", tuple(blocked), "dashed", "#c62828", width=0.1, tags=blocked,
                            tag_key="fire_blocked_tags", overlay="archer_range"))
        return out

    def _sight(self, origins: set[Hex], target: Hex) -> list[Any]:
        from bofa_studio.los import line_of_sight

        occupied = set(self.pieces_on_map(self.state))
        return [line_of_sight(self.game.board, o, target, occupied) for o in sorted(origins)]

    def _rock_marks(self) -> list[Mark]:
        rocks = self.rocks()
        if not rocks:
            return []
        armed = [r for r in rocks if r.action == self.armed]
        struck = {r.struck: f"rocks {r.chance:.0%}" for r in rocks if r.struck is not None}
        out = [Mark("rocks", style="arrow", colour="#5d4037", width=0.08 if armed else 0.12,
                    lines=tuple(tuple(r.line) for r in rocks)),
               Mark("rock_piles", tuple(r.line[0] for r in rocks), "dotted", "#5d4037", width=0.1),
               Mark("rock_targets", tuple(struck), "outline", "#5d4037", width=0.12, tags=struck, tag_key="rocks")]
        if armed:
            pile = self.rock_pile()
            # The chosen pile's other slope lines: a click on the pile picks the next.
            others = tuple(tuple(r.line) for r in rocks if r.line[0] == pile and r is not armed[0])
            out.append(Mark("rock_pile_lines", style="arrow", colour="#ff6f00", width=0.08, lines=others))
            out.append(Mark("rock_armed", style="arrow", colour="#ff6f00", width=0.16, lines=(tuple(armed[0].line),)))
            ends = tuple(h for h in (pile, armed[0].struck) if h is not None)
            out.append(Mark("rock_chosen", ends, "outline", "#ff6f00", width=0.14))
        return out

    def _pick_marks(self) -> list[Mark]:
        s = self.state
        out: list[Mark] = []
        shaded: list[Hex] = []
        colour, edge, tags, tag_key, tag_colour = "#0096c85a", "#004b64", {}, "", None
        if self.mode == "escape":
            shaded = self.escape_hexes()
        elif s.stage == Stage.REGROUP_PLACE:
            shaded = self.regroup_hexes()
        elif s.stage == Stage.GROUND_EAGLES:
            eagles = self.ground_eagle_hexes()
            shaded, colour, edge = eagles[:1], "#7b1fa246", "#3d0f51"
            tags = {h: "Eagles: skirmish?" if i == 0 else "Eagles next" for i, h in enumerate(eagles)}
            tag_key, tag_colour = "eagles", "#7b1fa2"
        elif self.mode == "destroy":
            shaded, colour, edge = self.destroy_targets(), "#c81e1e50", "#640f0f"
            a = self.armed
            if a is not None and getattr(a, "spell", None) == "destroy":
                # S-8: the picked hex, its chance; the effect crosses out its victims.
                out.append(Mark("destroy_target", (a.target,), "outline", "#c62828", width=0.14,
                                tags={a.target: f"destroy {self.spell_chance(a):.0%}"}, tag_key="destroy"))
        if shaded:
            out.append(Mark("pick", tuple(shaded), "area", edge, colour, 0.05, tags, tag_colour, tag_key=tag_key))
        if s.stage == Stage.REGROUP_PLACE:
            shifts = self.regroup_shift_hexes()
            if shifts:  # S-1: a full neighbour that a shift can empty, ringed apart from plain moves
                out.append(Mark("shift", tuple(shifts), "dashed", "#003848", width=0.12))
        return out

    def _effect_marks(self) -> list[Mark]:
        """S-8: what the armed spell does if it works: pushes (arrows), victims (crossed out),
        units flipped back (ringed)."""
        effect = self.effect()
        if effect is None:
            return []
        pushes = tuple(dict.fromkeys(tuple(ab) for ab in effect.moved.values()))
        out = [Mark("effect_arrows", style="arrow", colour="#6a1b9a", width=0.08, lines=pushes, above=True),
               Mark("effect_removed", tuple(set(effect.removed.values())), "cross", "#c62828", width=0.12, above=True)]
        if effect.flipped:
            out.append(Mark("effect_flipped", tuple(set(effect.flipped.values())), "outline", "#2e7d32", width=0.12))
        return out
