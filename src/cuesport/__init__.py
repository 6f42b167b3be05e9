"""cuesport: a cue sports engine with a physically simulated table and an automatic referee."""

from cuesport import accel

__version__ = "0.1.0"

__all__ = ["__version__"]

accel.install()  # the compiled referee, where it was built from the sources as they are
