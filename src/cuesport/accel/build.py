"""``python -m cuesport.accel``: compile the modules of :func:`cuesport.accel.sources`."""

from __future__ import annotations

import json
import os
from pathlib import Path

from cuesport.accel import (
    HERE,
    MANIFEST,
    PACKAGES,
    built,
    compiled_files,
    digest,
    module_name,
    sources,
)


def build(force: bool = False) -> int:
    """Compile :func:`sources` in place; 0 when done or already up to date. Needs Cython
    (the ``accel`` extra) and a C compiler; on failure the manifest is removed, so that
    every module is imported as Python."""
    todo = sources()
    want = {module_name(p): digest(p) for p in todo}
    if not force and built() == want and all(compiled_files(p) for p in todo):
        print("cuesport.accel: the compiled referee is up to date")
        return 0
    MANIFEST.unlink(missing_ok=True)
    for stale in (f for pkg in PACKAGES for f in (HERE / pkg).iterdir()
                  if f.suffix in (".so", ".pyd") and not (HERE / pkg / (
                      f.name.partition(".")[0] + ".py")).exists()):
        stale.unlink()  # built from a module that is gone
    try:
        import tempfile

        from Cython.Build import cythonize
        from setuptools import Distribution, Extension  # type: ignore[import-untyped, unused-ignore]
        from setuptools.command.build_ext import (  # type: ignore[import-untyped, unused-ignore]
            build_ext,
        )
    except ImportError as err:
        print(f"cuesport.accel: cannot compile ({err}); install the 'accel' extra")
        return 1
    print(f"cuesport.accel: compiling {len(todo)} modules of the referee (Cython) ...",
          flush=True)
    jobs = os.cpu_count() or 1
    cwd = Path.cwd()
    with tempfile.TemporaryDirectory(prefix="cuesport-accel-") as tmp:
        try:
            os.chdir(HERE.parent)  # in place: each module's file goes beside its source
            # -O1: about half the C compiler's time of -O2, for the same speed here
            exts = [Extension(module_name(p), [str(p.relative_to(HERE.parent))],
                              extra_compile_args=["-O1"]) for p in todo]
            dist = Distribution({"ext_modules": cythonize(  # type: ignore[no-untyped-call]
                exts, build_dir=tmp, quiet=True, nthreads=jobs,
                compiler_directives={"language_level": 3})})
            dist.verbose = 0  # the compiler's command lines: only when it fails
            cmd = build_ext(dist)
            cmd.inplace = True
            cmd.build_temp = tmp
            cmd.parallel = jobs
            cmd.ensure_finalized()
            cmd.run()
        except Exception as err:  # no compiler, no headers: Python it stays
            print(f"cuesport.accel: compiling failed ({type(err).__name__}: {err})")
            return 1
        finally:
            os.chdir(cwd)
    MANIFEST.write_text(json.dumps(want, indent=1, sort_keys=True) + "\n", "utf-8")
    print(f"cuesport.accel: compiled {len(todo)} modules")
    return 0
