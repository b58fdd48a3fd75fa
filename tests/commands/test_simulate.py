"""``bofa-studio simulate``: complete headless games, deterministic; the speed goes to stderr."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bofa_studio.cli import main

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = str(ROOT / "scenarios" / "bofa1984-basic.json")


def run_json(capsys, *args: str) -> tuple[int, dict]:
    code = main(["simulate", SCENARIO, *args, "--json"])
    out = capsys.readouterr().out
    return code, json.loads(out)


def test_simulate_plays_complete_games_without_violations(capsys):
    code, report = run_json(capsys, "--games", "2", "--seed", "1")
    assert code == 0
    assert report["games"] == 2 and report["violations"] == []
    assert report["mean_actions"] > 100
    played = sum(v if isinstance(v, int) else sum(v.values()) for v in report["winners"].values())
    assert played == 2
    assert set(report["winners"]) <= {"free_peoples", "dark", "draw"}


def test_same_seed_same_output_byte_for_byte(capsys):
    """Issue 4's acceptance: a second run gives the same output; the speed goes to stderr."""
    assert main(["simulate", SCENARIO, "--games", "1", "--seed", "7", "--json"]) == 0
    first = capsys.readouterr()
    assert main(["simulate", SCENARIO, "--games", "1", "--seed", "7", "--json"]) == 0
    second = capsys.readouterr()
    assert first.out == second.out
    assert "games per second" in first.err
    _, other = run_json(capsys, "--games", "1", "--seed", "8")
    assert other != json.loads(first.out)


def test_report_names_the_rule_options_in_force(capsys):
    """The scenario's own options count, not only those switched on with --option."""
    tournament = str(Path(SCENARIO).parent / "bofa1984-tournament.json")
    assert main(["simulate", tournament, "--games", "1", "--seed", "1", "--json"]) == 0
    options = json.loads(capsys.readouterr().out)["options"]
    assert {"o1_bat_attack", "o3_thorin", "o4_hysteria", "o5_goblin_leaders"} <= set(options)


def test_text_output(capsys):
    assert main(["simulate", SCENARIO, "--games", "1", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "1 games of" in out and "invariant violations: 0" in out


def test_bad_players_are_a_usage_error(capsys):
    assert main(["simulate", SCENARIO, "--players", "random"]) == 2
    assert "--players" in capsys.readouterr().err


def test_unreadable_scenario(tmp_path, capsys):
    assert main(["simulate", str(tmp_path / "missing.json")]) == 2
    assert "file not found" in capsys.readouterr().err


def test_validate_covers_scenario_files(tmp_path, capsys):
    assert main(["validate", SCENARIO]) == 0
    data = json.loads(Path(SCENARIO).read_text(encoding="utf-8"))
    data["turns"] = 0
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    assert main(["validate", str(bad)]) == 1
    assert f"{bad}: $.turns:" in capsys.readouterr().out


def test_validate_checks_the_scenario_against_its_map(tmp_path, capsys):
    data = json.loads(Path(SCENARIO).read_text(encoding="utf-8"))
    data["map"] = str(ROOT / "maps" / "bofa1984.json")
    data["order_of_battle"]["setup"][0]["zone"] = "setup.nowhere"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    assert main(["validate", str(bad)]) == 1
    assert "the map has no area 'setup.nowhere'" in capsys.readouterr().out


def test_named_options_can_be_switched_on(capsys):
    code, report = run_json(capsys, "--games", "1", "--seed", "3", "--option", "s5_second_wave_roll")
    assert code == 0 and report["options"] == ["s5_second_wave_roll"] and report["violations"] == []
    assert main(["simulate", SCENARIO, "--option", "o0_nonsense"]) == 2
    assert "unknown option" in capsys.readouterr().err
    code, report = run_json(capsys, "--games", "1", "--seed", "3", "--option", "o6_variable_reinforcements")
    assert code == 0 and report["violations"] == []


# -- issue 15: ruleset-agnostic, invariants at phase ends, --paranoid, --jobs -------------------


def test_jobs_give_the_same_report_as_one_process(capsys):
    assert main(["simulate", SCENARIO, "--games", "3", "--seed", "4", "--json", "--jobs", "1"]) == 0
    serial = capsys.readouterr().out
    assert main(["simulate", SCENARIO, "--games", "3", "--seed", "4", "--json", "--jobs", "2"]) == 0
    assert capsys.readouterr().out == serial


# The run fails if a worker loads the game without its option (o7 changes who wins these two
# Basic games), or plays with other players than asked (a uniform pick among the legal actions
# is not the ruleset's sampler; Helm's Deep, where listing them all is cheap).
@pytest.mark.parametrize("scenario, options, players", [
    ("bofa1984-basic.json", ("o7_additional_stacking",), ("random", "random")),
    ("helms-deep.json", (), ("random", "uniform")),
])
def test_workers_started_afresh_load_the_same_game_and_agree(scenario, options, players):
    """Where processes cannot be forked (Windows, macOS), each worker loads the scenario itself."""
    from bofa_studio.board import load_map
    from bofa_studio.commands.simulate import simulate
    from bofa_studio.rules.registry import make_game
    from bofa_studio.scenario import load_scenario

    path = str(ROOT / "scenarios" / scenario)
    loaded = load_scenario(path)
    game = make_game(loaded, load_map(loaded.map_path), dict.fromkeys(options, True))
    args = (game, 2, 6, players)
    spawned = simulate(*args, jobs=2, source=(path, options), start_method="spawn")
    assert spawned == simulate(*args)


def test_the_simulator_names_no_ruleset():
    """It speaks the protocol: importing and running it loads no ruleset until a scenario names one."""
    import subprocess
    import sys

    code = ("import sys, bofa_studio.commands.simulate as s; "
            "assert not [m for m in sys.modules if 'bofa1984' in m], 'a ruleset was imported'")
    subprocess.run([sys.executable, "-c", code], check=True)
    source = (ROOT / "bofa_studio" / "commands" / "simulate.py").read_text(encoding="utf-8")
    assert "bofa1984" not in source


class Countdown:
    """A ruleset with none of the optional members: two sides take 1 or 2 from a pile of 7;
    whoever takes the last wins. A coin (chance) decides who starts."""

    ruleset = "countdown"
    sides = ("left", "right")

    def new_initial_state(self, seed):
        return {"pile": 7, "turn": None, "winner": None, "coin": seed % 2}

    def current_player(self, state):
        if state["winner"]:
            return "terminal"
        return "chance" if state["turn"] is None else state["turn"]

    def legal_actions(self, state):
        return [1, 2][: state["pile"]]

    def sample_chance(self, state):
        return ("coin", self.sides[state["coin"]])

    def apply(self, state, action):
        if state["turn"] is None:
            state["turn"] = action[1]
            return []
        state["pile"] -= action
        if state["pile"] == 0:
            state["winner"] = state["turn"]
        state["turn"] = self.sides[1 - self.sides.index(state["turn"])]
        return []

    def is_terminal(self, state):
        return state["winner"] is not None

    def result(self, state):
        return {"winner": state["winner"], "level": "win"}


def test_a_ruleset_without_sampler_or_invariants_plays_uniformly_from_legal_actions():
    from bofa_studio.commands.simulate import simulate

    report = simulate(Countdown(), 40, 3, ("random", "uniform"))
    assert report["violations"] == []
    assert sum(report["winners"][side]["win"] for side in report["winners"]) == 40
    assert set(report["winners"]) == {"left", "right"}  # both sides win some: the picks vary
    assert 4 <= report["mean_actions"] <= 8  # the coin, then 7 taken 1 or 2 at a time
    assert simulate(Countdown(), 40, 3, ("random", "uniform")) == report


def test_invariants_without_a_phase_are_checked_after_every_action():
    from bofa_studio.commands.simulate import simulate

    class Leaky(Countdown):
        def invariant_violations(self, state):
            return ["the pile has shrunk"] if state["pile"] < 7 else []

    report = simulate(Leaky(), 5, 0, ("random", "random"))
    # Every take (all actions but the coin) leaves a smaller pile, and each is reported.
    assert len(report["violations"]) == round(report["mean_actions"] * 5) - 5
    assert all(v.endswith(": the pile has shrunk") for v in report["violations"])


def _first_and_all(report: dict) -> tuple[dict[str, str], set[tuple[str, str]]]:
    first: dict[str, str] = {}
    found = set()
    for v in report["violations"]:
        game, rest = v.split(", action ", 1)
        first.setdefault(game, v)
        found.add((game, rest.split(": ", 1)[1]))
    return first, found


def test_phase_end_checks_find_what_paranoid_checks_find_on_a_seeded_buggy_corpus(monkeypatch):
    """An injected bug: a counter eliminated in combat is entered twice in the list of the
    eliminated (B-7 bookkeeping). Checked only where phases end, the simulator finds the same
    broken games with the same first violation as checked after every action, reported at
    the end of the phase where it happened (never before), and nothing that every-action
    checks do not also find."""
    from bofa_studio.board import load_map
    from bofa_studio.commands.simulate import simulate
    from bofa_studio.rules.bofa1984 import losses
    from bofa_studio.rules.registry import make_game
    from bofa_studio.scenario import load_scenario

    eliminate = losses.eliminate

    def eliminate_twice(game, state, cid, events):
        eliminate(game, state, cid, events)
        state.eliminated.append(cid)

    monkeypatch.setattr(losses, "eliminate", eliminate_twice)
    scenario = load_scenario(SCENARIO)
    game = make_game(scenario, load_map(scenario.map_path))
    at_phase_ends = simulate(game, 4, 11, ("random", "random"))
    paranoid = simulate(game, 4, 11, ("random", "random"), paranoid=True)
    first_p, all_p = _first_and_all(paranoid)
    first_e, all_e = _first_and_all(at_phase_ends)
    assert first_e and set(first_e) == set(first_p)
    for game_no, violation in first_e.items():
        action = lambda v: int(v.split(", action ", 1)[1].split(":", 1)[0])  # noqa: E731
        assert violation.split(": ", 1)[1] == first_p[game_no].split(": ", 1)[1]
        assert action(violation) >= action(first_p[game_no])
    assert all_e <= all_p
    assert any("eliminated twice" in v for v in first_e.values())


def test_paranoid_flag_runs_clean_on_a_correct_engine(capsys):
    assert main(["simulate", SCENARIO, "--games", "1", "--seed", "2", "--paranoid", "--json", "--jobs", "1"]) == 0
    assert json.loads(capsys.readouterr().out)["violations"] == []
