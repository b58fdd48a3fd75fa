"""Play mode: hot-seat games of a scenario with every rule the engine knows enforced.

``controller.PlayController`` owns the Session and turns gestures into engine
actions; it has no widgets, so tests drive whole games through it. The widgets
(``window``, ``board``, ``panels``) observe it and hold no rules.
"""
