"""``python -m cuesport.accel [--force]``: compile the referee (see :mod:`cuesport.accel`)."""

import sys

from cuesport.accel.build import build

sys.exit(build(force="--force" in sys.argv[1:]))
