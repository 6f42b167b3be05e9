"""Benchmark of the nine-ball referee: see ``referee_pool.py`` (same options)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from referee_pool import main

if __name__ == "__main__":
    sys.argv[1:1] = ["--game", "nine-ball"]
    main()
