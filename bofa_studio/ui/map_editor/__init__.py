"""The map editor: the open document, its undo commands, tools and panels."""
