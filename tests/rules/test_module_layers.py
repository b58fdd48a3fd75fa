"""The 1984 ruleset's modules import each other in one direction only (issue 12, part 4).

A cycle hidden in a function-level import is what made adding an action touch ten files:
a module could not be read, tested or moved without the ones that import it back. Imports
under ``if TYPE_CHECKING`` are annotations only and do not count.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import networkx as nx

PACKAGE = "bofa_studio.rules.bofa1984"
FOLDER = Path(__file__).resolve().parents[2] / "bofa_studio" / "rules" / "bofa1984"


def _imported(node: ast.AST) -> list[str]:
    if isinstance(node, ast.ImportFrom) and node.module:
        if node.module == PACKAGE:
            return [alias.name for alias in node.names]
        if node.module.startswith(PACKAGE + "."):
            return [node.module[len(PACKAGE) + 1:]]
    return []


def _module_name(path: Path) -> str:
    """``game`` for game.py; ``present.clicks`` for present/clicks.py; ``present`` for its __init__."""
    parts = path.relative_to(FOLDER).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _type_checking_only(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


@cache
def import_graph() -> tuple[nx.DiGraph, tuple[str, ...]]:
    """(module -> modules it imports at run time, the imports made inside functions). Read once
    for the three tests (parsing every module is most of their time); none of them changes it."""
    graph = nx.DiGraph()
    inside_functions = []
    for path in sorted(FOLDER.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        name = _module_name(path)
        graph.add_node(name)
        for top in tree.body:
            if _type_checking_only(top):
                continue
            for node in ast.walk(top):
                for imported in _imported(node):
                    graph.add_edge(name, imported)
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                inside_functions += [f"{name}.{node.name} imports {imported}"
                                     for inner in ast.walk(node) for imported in _imported(inner)]
    return nx.freeze(graph), tuple(inside_functions)


def test_the_ruleset_modules_import_each_other_in_one_direction_only():
    graph, _ = import_graph()
    assert len(graph) > 30  # every module was read
    assert "present.clicks" in graph  # the play hooks' package too
    assert list(nx.simple_cycles(graph)) == []


def test_no_module_of_the_ruleset_hides_an_import_inside_a_function():
    """With no cycle to dodge, an import inside a function would only hide a dependency."""
    _, inside_functions = import_graph()
    assert inside_functions == ()


def test_the_step_queue_knows_none_of_the_rules_whose_steps_it_runs():
    """``auto`` runs regrouping, bat and hysteria steps without importing their modules:
    each step carries its rule (the import-time registry it replaced needed a cycle)."""
    graph, _ = import_graph()
    assert not set(graph.successors("auto")) & {"regroup", "hysteria", "optional"}
