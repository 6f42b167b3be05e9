"""cuesport: a cue sports engine with a physically simulated table and an automatic referee."""

__version__ = "0.1.0"

__all__ = ["__version__"]
