"""A content found clean by the schema check is remembered between runs (the start of the
program checked the default scenario and its map every time); a content with problems never
is, so its problems are always found afresh, with their places."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bofa_studio import jsonfile, schema_check, verdicts

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = {"type": "object", "properties": {"turns": {"type": "integer", "minimum": 1}}, "required": ["turns"]}


@pytest.fixture
def checks(monkeypatch, tmp_path):
    """Counts the schema checks that really run; verdicts go to a fresh folder, and nothing is
    kept in memory between two calls (as between two runs of the program)."""
    monkeypatch.setenv(verdicts.CACHE_ENV, str(tmp_path / "cache"))
    monkeypatch.setattr(jsonfile, "_CHECKED", {})
    ran = []
    real = schema_check.violations

    def counted(data, schema):
        ran.append(data)
        return real(data, schema)

    monkeypatch.setattr(schema_check, "violations", counted)

    def check(data):
        jsonfile._CHECKED.clear()
        return [(p.where, p.message) for p in jsonfile.schema_problems("f.json", data, SCHEMA)]

    return check, ran


def test_a_clean_content_is_checked_once_and_an_edited_one_again(checks):
    check, ran = checks
    assert check({"turns": 12}) == []
    assert check({"turns": 12}) == []
    assert len(ran) == 1
    assert check({"turns": 11}) == []
    assert len(ran) == 2


def test_a_content_with_problems_is_checked_every_time_and_says_where(checks):
    check, ran = checks
    for _ in range(2):
        assert check({"turns": 0}) == [("$.turns", "0 is out of range (minimum 1)")]
    assert check({"turns": 32.0})[0][0] == "$.turns"
    assert len(ran) == 3


def test_a_verdict_of_another_schema_or_an_older_check_is_not_used(checks, monkeypatch):
    check, ran = checks
    check({"turns": 5})
    stricter = {**SCHEMA, "properties": {"turns": {"type": "integer", "minimum": 6}}}
    jsonfile._CHECKED.clear()
    assert [p.where for p in jsonfile.schema_problems("f.json", {"turns": 5}, stricter)] == ["$.turns"]
    monkeypatch.setattr(verdicts, "CHECKS_VERSION", verdicts.CHECKS_VERSION + "-next")
    check({"turns": 5})
    assert len(ran) == 3


def test_an_unusable_cache_folder_leaves_the_checks_as_they_were(checks, monkeypatch, tmp_path):
    check, ran = checks
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv(verdicts.CACHE_ENV, str(blocker))
    assert check({"turns": 3}) == [] and check({"turns": 3}) == []
    assert check({"turns": -3})[0][0] == "$.turns"
    assert len(ran) == 3


def test_an_empty_setting_turns_remembering_off(checks, monkeypatch, tmp_path):
    check, ran = checks
    monkeypatch.setenv(verdicts.CACHE_ENV, "")
    check({"turns": 3})
    check({"turns": 3})
    assert len(ran) == 2 and verdicts.cache_dir() is None


def test_only_the_newest_verdicts_are_kept(checks, monkeypatch):
    check, ran = checks
    monkeypatch.setattr(verdicts, "KEPT", 3)
    for turns in range(1, 7):
        before = set(os.listdir(verdicts.cache_dir())) if verdicts.cache_dir().exists() else set()
        check({"turns": turns})
        (new,) = set(os.listdir(verdicts.cache_dir())) - before
        os.utime(verdicts.cache_dir() / new, (turns, turns))  # written a second apart
    assert len(os.listdir(verdicts.cache_dir())) == 3
    ran.clear()
    for turns in (6, 5, 4, 3, 2, 1):
        check({"turns": turns})
    assert [data["turns"] for data in ran] == [3, 2, 1]  # the three oldest were forgotten


def test_the_next_start_on_a_file_found_clean_does_not_check_it_again(tmp_path):
    """What a user notices: the program starts on the default scenario without importing the
    schema checker at all, once it has checked that scenario and its map."""
    env = {**os.environ, verdicts.CACHE_ENV: str(tmp_path / "cache")}
    probe = ("import sys; from bofa_studio.resources import default_scenario_path; "
             "from bofa_studio.scenario import load_scenario; load_scenario(default_scenario_path()); "
             "print(json.dumps('jsonschema' in sys.modules))")
    runs = [subprocess.run([sys.executable, "-c", "import json; " + probe], env=env, cwd=ROOT,
                           capture_output=True, text=True, check=True) for _ in range(2)]
    assert [json.loads(r.stdout) for r in runs] == [True, False]
