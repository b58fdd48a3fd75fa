"""The Qt user interface. Only this package (and the CLI entry) imports Qt."""
