"""``python -m cuesport.accel``: compile the modules of :func:`cuesport.accel.sources`."""

from __future__ import annotations

import json
import os
from pathlib import Path

from cuesport.accel import (
    HERE,
    MANIFEST,
    built,
    compiled_files,
    digest,
    module_name,
    sources,
)


def build(force: bool = False) -> int:
    """Compile the :func:`sources` that changed since they were compiled (all of them with
    ``force``) in place; 0 when done or already up to date. Needs Cython (the ``accel``
    extra) and a C compiler; what fails to compile stays out of the manifest, so that it
    is imported as Python."""
    have = built()
    paths = {module_name(p): p for p in sources()}
    want = {name: digest(p) for name, p in paths.items()}
    todo = {name: p for name, p in paths.items()
            if force or have.get(name) != want[name] or not compiled_files(p)}
    _remove_strays()
    if not todo:
        print("cuesport.accel: the compiled modules are up to date")
        return 0
    # the ones compiled again are out of the manifest until they are
    _write_manifest({n: d for n, d in want.items() if n not in todo and have.get(n) == d})
    try:
        import shutil
        import tempfile

        from Cython.Build import cythonize
        from setuptools import Distribution, Extension  # type: ignore[import-untyped, unused-ignore]
        from setuptools.command.build_ext import (  # type: ignore[import-untyped, unused-ignore]
            build_ext,
        )
    except ImportError as err:
        print(f"cuesport.accel: cannot compile ({err}); install the 'accel' extra")
        return 1
    what = f"{len(todo)} module{'s' if len(todo) > 1 else ''}"
    print(f"cuesport.accel: compiling {what} (Cython) ...", flush=True)
    jobs = os.cpu_count() or 1
    cwd = Path.cwd()
    with tempfile.TemporaryDirectory(prefix="cuesport-accel-") as tmp:
        try:
            os.chdir(HERE.parent)  # the sources by their paths under src/
            exts = [Extension(name, [str(p.relative_to(HERE.parent))],
                              extra_compile_args=["-O2"]) for name, p in todo.items()]
            dist = Distribution({"ext_modules": cythonize(  # type: ignore[no-untyped-call]
                exts, build_dir=tmp, quiet=True, nthreads=jobs,
                # annotations are not C types: the same semantics as the Python source
                compiler_directives={"language_level": 3, "annotation_typing": False})})
            dist.verbose = 0  # the compiler's command lines: only when it fails
            cmd = build_ext(dist)
            cmd.build_temp = str(Path(tmp) / "temp")
            cmd.build_lib = str(Path(tmp) / "lib")
            cmd.parallel = jobs
            cmd.ensure_finalized()
            cmd.run()
            for ext in exts:
                # a new file moved over the old one: a process running the old one (a
                # server) keeps it, where writing into it in place could crash it
                built_file = Path(cmd.get_ext_fullpath(ext.name))
                dest = HERE.parent / built_file.relative_to(cmd.build_lib)
                part = dest.with_name(dest.name + ".part")  # beside it: one file system
                shutil.copyfile(built_file, part)
                os.replace(part, dest)
        except Exception as err:  # no compiler, no headers: Python it stays
            print(f"cuesport.accel: compiling failed ({type(err).__name__}: {err})")
            return 1
        finally:
            os.chdir(cwd)
    _write_manifest(want)
    print(f"cuesport.accel: compiled {what}")
    return 0


def _write_manifest(digests: dict[str, str]) -> None:
    MANIFEST.write_text(json.dumps(digests, indent=1, sort_keys=True) + "\n", "utf-8")


def _remove_strays() -> None:
    """Compiled files that no source of :func:`sources` owns (a module gone, or a folder no
    longer compiled): the guard watches only the sources, so they must not stay."""
    owned = {f for p in sources() for f in compiled_files(p)}
    for f in HERE.rglob("*"):
        if f.suffix in (".so", ".pyd") and f not in owned:
            f.unlink()
