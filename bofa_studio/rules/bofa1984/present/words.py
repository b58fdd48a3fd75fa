"""Words and rows about the game: side and piece names, the result, the status lines and
the turn track."""

from __future__ import annotations

from typing import Any

from bofa_studio.hexgrid import Hex
from bofa_studio.rules.bofa1984 import actions as A
from bofa_studio.rules.bofa1984.counters import DARK, FREE_PEOPLES
from bofa_studio.rules.bofa1984.present.terms import SIDE_COLOURS, SIDE_NAMES, result_summary
from bofa_studio.rules.bofa1984.sequence import end_phase_problem
from bofa_studio.rules.bofa1984.state import Stage
from bofa_studio.rules.bofa1984.wording import chip_text as chip_name
from bofa_studio.rules.core import RuleError


class Words:
    """What the play window writes about the game."""

    def side_name(self, side: str | None) -> str:
        return SIDE_NAMES.get(side or "", side or "")

    def side_colour(self, side: str | None) -> str:
        return SIDE_COLOURS.get(side or "", "#777777")

    def piece_name(self, piece: str) -> str:
        spec = self.game.specs.get(piece)
        return spec.name if spec is not None else piece

    def is_piece(self, value: Any) -> bool:
        return isinstance(value, str) and value in self.game.specs

    def side_of_piece(self, piece: str) -> str | None:
        return self.game.side_of.get(piece)

    def piece_seat(self, piece: str) -> str | None:
        return self.game.seat_of(piece)

    def hex_label(self, h: Hex | None) -> str:
        return self.game.cb.label(self.game.idx(h)) if h is not None else "?"

    def result_text(self, result: dict[str, Any]) -> str:
        """The outcome as players say it ("Free Peoples tactical victory", "Draw"), from the
        engine's winner and level: its ``summary`` spells the side as an identifier."""
        return result_summary(result)

    def result_report(self, result: dict[str, Any]) -> tuple[str, list[str], list[tuple[str, str]]]:
        """Victory level, the score in victory locations and each location's holder (B-11, S-11)."""
        notes = []
        score = result.get("score", {})
        if score:
            notes.append(", ".join(f"{self.side_name(k)}: {v}" for k, v in score.items())
                         + " victory locations (B-11, S-11)")
        rows = [(loc.split(".")[-1].replace("_", " ").title(), self.side_name(side) if side else "nobody")
                for loc, side in result.get("control", {}).items()]
        return result_summary(result), notes, rows

    def can_end_phase(self) -> bool:
        return any(isinstance(a, A.EndPhase) for a in self.decision_actions())

    def end_phase_block(self) -> RuleError | None:
        """B-9 at the end of the movement phase (which hex is over the limits), B-7's skirmishes
        still to fight, O-5's leader still to bring back: the engine's own refusal."""
        if self.decider() is None or self.state.stage not in (Stage.MOVE, Stage.COMBAT) or self.can_end_phase():
            return None
        return end_phase_problem(self.game, self.state)

    def tray_heading(self) -> str:
        if not self.tray():
            return "Reinforcements to come"
        if self.state.stage == Stage.SETUP:
            return "Counters to place (B-2): click one, then a shaded hex"
        return "Reinforcements to enter (B-5): click one, then a shaded entry hex"

    def status_rows(self) -> list[str]:
        """The turn panel: the turn, the cup, the first choice, the held chip and the phases
        played this turn (B-3)."""
        s = self.shown_state()
        if s.stage == Stage.SETUP:
            return [f"Setup: {self.side_name(s.setup_side)} places counters (B-2)"]
        cup = ", ".join(f"{chip_name(k)} ×{n}" for k, n in sorted(s.cup.items()) if n > 0) or "empty"
        phases = self.game.mix_for(s.turn)["phases"] if s.turn else "?"
        # Phase 0 is the chip choice that opens the turn (B-3): no phase has been played yet.
        when = f"phase {s.phase_no} of {phases}" if s.phase_no else f"choosing chips, {phases} phases to play"
        if s.stage in (Stage.DRAW, Stage.CHIP):  # between phases: the one shown has ended (B-3)
            when = f"phase {s.phase_no} of {phases} over, phase {s.phase_no + 1} next"
        elif s.stage == Stage.OVER:
            when = "the game is over"
        rows = [f"Turn {s.turn} ({'black' if s.turn % 2 else 'white'}), {when}", f"Cup: {cup}"]
        if s.first_chooser:
            chip = chip_name(s.first_chip) if s.first_chip else "…"
            rows.append(f"First choice: {self.side_name(s.first_chooser)} → {chip}")
        if s.held:
            other = DARK if s.first_chooser == FREE_PEOPLES else FREE_PEOPLES
            rows.append(f"Held by {self.side_name(other)}: {chip_name(s.held)}")
        played = self.phases_this_turn()
        if played:
            rows.append("Played: " + "; ".join(played))
        return rows

    def phases_this_turn(self) -> list[str]:
        entries = self.entries
        if self.replay is not None:
            entries = [e for row in self.replay.entries[: self.replay.index + 1] for e in row]
        out: list[str] = []
        for e in entries:
            if e.kind == "turn":
                out = []
            elif e.kind == "phase" and e.chip:
                out.append(f"{'FP' if e.side == FREE_PEOPLES else 'Dark'} {chip_name(e.chip)}")
        return out

    def turn_track(self) -> tuple[int, int, dict[int, str]] | None:
        """Twelve (or more) turns, the one shown, and the reinforcements' turns (B-5)."""
        marks: dict[int, str] = {}
        for r in self.game.scenario["order_of_battle"].get("reinforcements", []):
            marks[r["turn"]] = (marks.get(r["turn"], "") + " " + r.get("name", "")).strip()
        return self.game.turns, self.shown_state().turn, marks
