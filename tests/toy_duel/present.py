"""How the duel is played at the table: a click on your champion selects it, a click on a
shaded hex steps there, a click on the enemy next to it strikes."""

from __future__ import annotations

from typing import Any

from bofa_studio.hexgrid import Hex
from bofa_studio.play.faces import Face
from bofa_studio.play.marks import Mark
from bofa_studio.play.presentation import RulesetPlay
from bofa_studio.rules.core import RuleError
from toy_duel.game import Rest, Step, Strike

COLOURS = {"north": "#1565c0", "south": "#c62828"}


class Play(RulesetPlay):
    def side_colour(self, side: str | None) -> str:
        return COLOURS.get(side or "", "#777777")

    def is_piece(self, value: Any) -> bool:
        return isinstance(value, str) and value in self.game.champions

    def side_of_piece(self, piece: str) -> str | None:
        return self.game.side_of(piece)

    def stage_text(self) -> str:
        return "click your champion, then a shaded hex to step or the enemy to strike"

    def pieces_on_map(self, state: Any) -> dict[Hex, list[str]]:
        return {self.game.board.hex_at(label): [name] for name, label in state.at.items()}

    def face(self, piece: str, state: Any) -> Face:
        wounds = state.wounds.get(piece, 0)
        return Face(name=piece.title(), colour=self.side_colour(self.game.side_of(piece)), weapon="sword",
                    strength=2 - wounds, movement=1, reduced=wounds > 0)

    def buttons(self) -> list[tuple[str, Any]]:
        return [("Rest", a) for a in self.legal() if isinstance(a, Rest)]

    def click(self, h: Hex, piece: str | None = None, *, plain: bool = False) -> bool:
        here = self.stack(h)
        mine = [p for p in here if self.game.side_of(p) == self.decider()]
        if mine:
            self.select((mine[0],))
            return False
        if self.selection:
            champion = self.selection[0]
            action = Strike(champion, here[0]) if here else Step(champion, h)
            if action in self.legal():
                return self.act(action)
            try:  # the engine says why
                self.game.apply(self.state.copy(), action)
            except RuleError as exc:
                self.refusal = exc
            self._changed()
        return False

    def marks(self) -> list[Mark]:
        if self.replay is not None or not self.selection:
            return []
        steps = tuple(a.to for a in self.legal() if isinstance(a, Step) and a.champion == self.selection[0])
        here = self.hex_of(self.selection[0])
        out = [Mark("reach", steps, "area", "#1e783c", "#3caa5a46", width=0)]
        if here is not None:
            out.append(Mark("selected", (here,), "outline", "#ff9800", width=0.08))
        return out
