"""BoFA Studio: author, play and share hex-and-counter battles of Middle-earth."""

__version__ = "0.1.0"
