"""Computer seats: which seat the computer plays now, and its decisions (issue 16).

A seat whose ``computer`` names an AI level (``bofa_studio.ai.LEVELS``) is played by that
level. The window asks :meth:`ComputerSeats.start` for one decision's work, runs it in a
worker thread (the player thinks on its own copy of the game and of the state, so nothing
the window's thread reads is touched), and applies the answer with :meth:`finish`, as a
person's click would be applied: the same refusals, log entries and autosave. Qt-free,
so it is tested headless.

Each computer seat has its own player, seeded from the game's seed and the seat's place
at the table: the same game, seed and levels always play the same way, and an undo does
not change what the computer will do next (the players decide from the position).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bofa_studio.play.seats import Seat, seats_for

if TYPE_CHECKING:
    from bofa_studio.ai.thinking import Thinking
    from bofa_studio.play.controller import PlayController

HUMAN = ""  # Seat.computer for a person


@dataclass(frozen=True)
class Decision:
    """One decision's work for a worker thread: ``run()`` returns the chosen action."""

    seat: Seat
    player: Any
    game: Any
    state: Any
    position: str  # the digest of the position decided in

    def run(self, thinking: Thinking | None = None) -> Any:
        return self.player.choose(self.game, self.state, thinking)


class ComputerSeats:
    def __init__(self, controller: PlayController) -> None:
        self.controller = controller
        self._players: dict[int, Any] = {}
        self._game: Any = None

    @property
    def any(self) -> bool:
        return any(s.computer for s in self.controller.seats)

    def seat_to_act(self) -> Seat | None:
        """The computer seat whose decision the game waits for, or None (a person's turn,
        the dice, the end of the game, or a replay on the board)."""
        c = self.controller
        side = c.decider()
        if side is None or c.replay is not None:
            return None
        acting = seats_for(c.seats, side)
        if c.o2:
            acting = [s for s in c.seats if s.id and s.id == c.active_seat] or acting
        return next((s for s in acting if s.computer), None)

    def start(self) -> Decision | None:
        """The work of the computer's next decision, or None when no computer seat acts now."""
        seat = self.seat_to_act()
        if seat is None:
            return None
        c = self.controller
        return Decision(seat, self._player(seat), self._own_game(), c.state.copy(), c.game.digest(c.state))

    def finish(self, decision: Decision, action: Any) -> bool:
        """Apply the computer's ``action`` if the game is still where it decided (a person may
        have undone meanwhile, or started another game): True when it was played."""
        c = self.controller
        if c.game.digest(c.state) != decision.position or self.seat_to_act() != decision.seat:
            return False
        return c.act(action, decision.seat.id or None)

    def play_until_a_person_acts(self, limit: int = 100_000) -> int:
        """Play every computer decision now, in this thread (tests, scripts): how many."""
        done = 0
        while done < limit and (decision := self.start()) is not None:
            if not self.finish(decision, decision.run()):
                raise RuntimeError(f"the computer's action was refused: {self.controller.refusal}")
            done += 1
        return done

    def undo_to_person(self) -> bool:
        """Take back the computer's actions and the person's last decision before them, so the
        person decides again (undo stops earlier where the rules forbid undoing a roll)."""
        c = self.controller
        undone = False
        while c.can_undo():
            c.undo()
            undone = True
            if self.seat_to_act() is None and c.decider() is not None:
                break
        return undone

    def _player(self, seat: Seat) -> Any:
        from bofa_studio.ai import make_player

        place = self.controller.seats.index(seat)
        player = self._players.get(place)
        if player is None or getattr(player, "name", seat.computer) != seat.computer:
            player = make_player(seat.computer, self.controller.session.seed * 16 + place + 1)
            self._players[place] = player
        return player

    def _own_game(self) -> Any:
        """The rules for the players' thread: the same scenario and board, its own caches."""
        if self._game is None:
            from bofa_studio.rules.registry import make_game

            session = self.controller.session
            self._game = make_game(session.scenario, session.board)
        return self._game
