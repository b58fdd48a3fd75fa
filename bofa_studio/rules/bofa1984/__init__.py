"""The Battle of Five Armies (ICE, 1984): the Basic Game (B-1..B-11), the Standard Game
(S-1..S-11) and the optional rules, each rule a named scenario option asked through
``BofaGame.option``. docs/rules-standard.md lists the Standard Game's options, their
modules and how the engine reads the rulebook where it leaves room.

Modules: ``counters`` (manifest records), ``tables`` (Combat/Fire/Terrain tables and
modifiers from scenario data), ``compiled`` (the board as flat lists), ``state``,
``actions``, ``stacking`` and ``overstacking`` (B-9), ``movement`` (B-5, B-6, B-10), ``combat`` and
``losses`` (B-7, B-9), ``fire`` (B-8), ``sequence`` (B-3, B-4), ``victory`` (B-11),
``game`` (the API), ``players`` (random players), ``invariants``. Standard Game and
options: ``auto`` (automatic dice), ``regroup`` (S-1, S-3), ``morale`` (S-6), ``eagles``
and ``rocks`` (S-7), ``spells`` (S-8), ``leaders`` (S-10, O-5), ``hysteria`` (O-4),
``optional`` (O-1, O-2). ``map_requirements`` (``check_map``): what a map needs for this
game beyond geometry (B-6 Front Gate, B-11 five victory locations, S-6, B-5).

Where the rulebook leaves room, the engine reads it as follows (tests pin each):

- B-3 vs B-2: turn 1 opens with the Dark player *choosing* a chip (B-3), not drawing.
- B-6 grain: a counter, or counters of one hex together, moves once per phase to a
  destination along any legal path (the cheapest if none is named). Arrivals lie on
  top of a stack in the order the move names them (bottom first).
- B-9 "take effect only at the end of the movement phase": a move or a placement may
  leave a hex over the limits (so two full-strength counters exchange hexes), and the
  phase cannot end until it is put right (EndPhase is refused naming the hex, and not
  offered). Since nobody moves twice, the engine bounds this so that a phase can always
  end: after each move the limits hold, or one more move by counters that have not moved
  (out of the one over-stacked hex, into a hex without enemies) restores them
  (``overstacking``). An escaping leader (S-10) may not take that way out.
- B-6 enemy hexes: an enemy-held hex (a combat counter or Thorin) is entered only as
  the last step of a move, from the hex where the counter began the phase next to
  it; Beorn and Giant Eagles may end on enemies from anywhere. Eagles also ignore
  enemy units when leaving a skirmish (B-10 "ignore enemy units"); nothing crosses
  the Front Gate's walls. Entering the Front Gate costs 4 even along a path.
- B-5: reinforcements enter in any of their side's movement phases from their turn
  on (a side may draw no MOVE chip in the named turn). If a Free Peoples counter
  holds the entry circle, Beorn is placed on top of it or on a nearest hex with no
  counters; on top, he or the friend moves off before the phase ends (B-9).
- B-7 modifiers: each applies once, if any attacker qualifies (B-7's example: one
  attacker from below is enough). The Basic Game's terrain modifiers apply to
  attacks, not to skirmishes, where both sides share the hex.
- B-7 losses: the defender loses from the top of its stack; an attacker with
  several hexes names which counter takes each hit; in a skirmish the counters in
  the contested hex lose first, then the second wave. B-9: a leader lying on top
  takes one hit per combat while someone lies beneath him.
- B-8: archers shoot once per FIRE phase (the Restrictions), and all archers of one
  hex shoot together (stacked reduced archers must; Bard adds his bow to the Men he
  is stacked with). The Front Gate is shot at only from its two plain hexes (B-6).
- B-11: victory levels use S-11's names (marginal, tactical, complete).
"""

from bofa_studio.rules.bofa1984.game import BofaGame
from bofa_studio.rules.bofa1984.map_requirements import LEVELS_BY_TERRAIN, check_map
from bofa_studio.rules.bofa1984.state import State

__all__ = ["LEVELS_BY_TERRAIN", "BofaGame", "State", "check_map"]
