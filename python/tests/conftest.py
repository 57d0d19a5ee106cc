"""Shared fixtures: the `sow` binary the Python results are compared with."""

import json
import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _sow_binary():
    """$SOW, else target/release/sow, else target/debug/sow (built by cargo)."""
    if os.environ.get("SOW"):
        return os.environ["SOW"]
    for profile in ("release", "debug"):
        path = ROOT / "target" / profile / "sow"
        if path.exists():
            return str(path)
    pytest.fail("no sow binary: run `cargo build --release` first (or set SOW)")


@pytest.fixture(scope="session")
def sow():
    """Runs `sow ARGS...`; returns the completed process (text mode)."""
    binary = _sow_binary()

    def run(*args, check=True):
        out = subprocess.run([binary, *args], capture_output=True, text=True, check=False)
        if check and out.returncode != 0:
            raise AssertionError(f"sow {' '.join(args)} failed: {out.stderr}")
        return out

    return run


@pytest.fixture(scope="session")
def sow_json(sow):
    """Runs `sow ARGS...` and parses its JSON output."""
    return lambda *args: json.loads(sow(*args).stdout)
