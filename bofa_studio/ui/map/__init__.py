"""Map drawing shared by the map editor, the scenario editor and the play window: the scene of hexes, its view, counters and headless rendering."""
