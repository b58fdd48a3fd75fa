"""A scenario's balance, as a page an author can open anywhere: who wins, how, where they bleed.

The page is one self-contained HTML file (inline SVG, no scripts, no fetched files):
the win rate of each side with its 95% Wilson interval, the victory levels, and a
heat map of the board shading each hex by the counters lost there. It is built from
a match report (:func:`bofa_studio.ai.match.report`) and the map, so the scenario
editor's dialog and ``bofa-studio balance`` draw the same thing.
"""

from __future__ import annotations

from html import escape
from typing import Any

from bofa_studio.board.model import Board

SIDE_COLOURS = ("#2f6db3", "#b33a2f", "#4d8b3a", "#8b6f2f")
BAR_WIDTH = 480


def balance_html(title: str, result: dict[str, Any], board: Board, sides: tuple[str, ...]) -> str:
    rows = []
    for k, side in enumerate(sides):
        rate = result["win_rate"][side]
        rows.append(_rate_bar(side, result["wins"][side], rate, SIDE_COLOURS[k % len(SIDE_COLOURS)]))
    draws = result["wins"].get("draw", 0)
    levels = "".join(
        f"<tr><td>{escape(who)}</td><td>{escape(level)}</td><td>{n}</td></tr>"
        for who, by_level in sorted(result["victory_levels"].items()) for level, n in sorted(by_level.items()))
    players = ", ".join(f"{escape(s)}: {escape(lv)}" for s, lv in result["players"].items())
    lost = sum(result["losses"].values())
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Balance: {escape(title)}</title>
<style>
body {{ font-family: sans-serif; margin: 2em; color: #222; max-width: 60em; }}
table {{ border-collapse: collapse; }} td, th {{ border: 1px solid #ccc; padding: 0.2em 0.6em; }}
.note {{ color: #555; font-size: 0.9em; }}
</style></head><body>
<h1>Balance: {escape(title)}</h1>
<p>{result['games']} computer-against-computer games, seed {result['seed']}; players {players}.
Mean game length {result['mean_actions']} actions.</p>
<h2>Win rate per side</h2>
<p class="note">The bar is the share of games won; the black line is the 95% Wilson interval.</p>
<svg xmlns="http://www.w3.org/2000/svg" width="{BAR_WIDTH + 260}" height="{40 * len(rows) + 10}">
{''.join(f'<g transform="translate(0,{40 * i + 5})">{row}</g>' for i, row in enumerate(rows))}
</svg>
<p>Draws: {draws}.</p>
<h2>Victory levels</h2>
<table><tr><th>winner</th><th>level</th><th>games</th></tr>{levels}</table>
<h2>Where counters were lost</h2>
<p class="note">{lost} counters left the map over all games; darker hexes lost more (hover for the
count). Victory locations are outlined; the grey tints are mountain, slope, summit and Dale.</p>
{loss_heat_svg(board, result['losses'])}
</body></html>
"""


def _rate_bar(side: str, wins: int, rate: dict[str, float], colour: str) -> str:
    w = rate["rate"] * BAR_WIDTH
    lo, hi = rate["low"] * BAR_WIDTH, rate["high"] * BAR_WIDTH
    return (f'<text x="0" y="20">{escape(side)}</text>'
            f'<rect x="120" y="4" width="{BAR_WIDTH}" height="22" fill="#eee"/>'
            f'<rect x="120" y="4" width="{w:.1f}" height="22" fill="{colour}"/>'
            f'<line x1="{120 + lo:.1f}" y1="15" x2="{120 + hi:.1f}" y2="15" stroke="#000" stroke-width="2"/>'
            f'<text x="{130 + BAR_WIDTH}" y="20">{wins} won, {rate["rate"]:.0%} '
            f'({rate["low"]:.0%}-{rate["high"]:.0%})</text>')


# Unshaded hexes are tinted by terrain (greys, lighter than any loss) so an author can find
# their way; victory locations are outlined.
TERRAIN_TINT = {"mountain": "#e4e1dc", "mountain_slope": "#eeece8", "summit": "#d9d5ce", "dale": "#e6ecf2",
                "cliff": "#d0ccc4", "front_gate": "#d8d8e8"}


def loss_heat_svg(board: Board, losses: dict[str, int], width: float = 720.0) -> str:
    """The board's hexes, each shaded by the counters lost in it (yellow few, dark red most),
    on a faint terrain tint, with the victory locations outlined and labelled."""
    grid = board.grid
    x0, y0, x1, y1 = grid.bounds()
    scale = width / max(x1 - x0, 1e-9)
    height = (y1 - y0) * scale
    most = max(losses.values(), default=0)
    counts = {}
    for label, n in losses.items():
        try:
            counts[board.hex_at(label)] = n
        except (KeyError, ValueError):
            continue  # a hex the map no longer has
    victory = {h for hexes in board.victory_locations().values() for h in hexes}

    def points(h: object) -> str:
        return " ".join(f"{(x - x0) * scale:.1f},{(y - y0) * scale:.1f}" for x, y in grid.corners(h))

    polys = []
    for h in board.hexes():
        n = counts.get(h, 0)
        fill = heat_colour(n / most) if most and n else TERRAIN_TINT.get(str(board.terrain(h)), "#ffffff")
        title = f"<title>{escape(board.label(h))}: {n} lost</title>" if n else ""
        polys.append(f'<polygon points="{points(h)}" fill="{fill}" stroke="#bbb" stroke-width="0.5">{title}</polygon>')
    marks = []
    for h in sorted(victory):
        cx, cy = grid.center(h)
        marks.append(f'<polygon points="{points(h)}" fill="none" stroke="#222" stroke-width="2"/>'
                     f'<text x="{(cx - x0) * scale:.1f}" y="{(cy - y0) * scale + 3:.1f}" font-size="8" '
                     f'text-anchor="middle">{escape(board.label(h))}</text>')
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
            f'viewBox="0 0 {width:.0f} {height:.0f}">{"".join(polys)}{"".join(marks)}</svg>')


def heat_colour(t: float) -> str:
    """Light yellow (few) to dark red (most)."""
    t = min(max(t, 0.0), 1.0)
    r = int(255 - 100 * t)
    g = int(230 - 210 * t)
    b = int(150 - 130 * t)
    return f"#{r:02x}{g:02x}{b:02x}"
