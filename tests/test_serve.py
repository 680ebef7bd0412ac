"""``tabletop-tui serve``: the app for web browsers (needs the optional web extra)."""

from __future__ import annotations

import importlib.util
import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from tabletop_tui.cli import main

ROOT = Path(__file__).resolve().parents[1]
HAVE_SERVE = importlib.util.find_spec("textual_serve") is not None


@pytest.mark.skipif(HAVE_SERVE, reason="textual-serve is installed: the message is not shown")
def test_serve_without_the_web_extra_says_how_to_get_it(capsys):
    assert main(["serve"]) == 2
    err = capsys.readouterr().err
    assert "textual-serve" in err and "tabletop-tui[web]" in err
    assert "Traceback" not in err


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.mark.skipif(not HAVE_SERVE, reason="textual-serve is not installed (pip install '.[web]')")
def test_serve_starts_answers_on_localhost_and_stops(tmp_path):
    port = free_port()
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "tabletop_tui",
            "--data-dir",
            str(tmp_path),
            "serve",
            "--port",
            str(port),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=ROOT,
    )
    try:
        page = None
        # Wait for the server to listen (a bound on the wait, not a measure of speed).
        deadline = time.monotonic() + 60
        while page is None and time.monotonic() < deadline and proc.poll() is None:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as answer:
                    page = answer.read().decode()
            except OSError:
                time.sleep(0.2)
        assert page is not None, "the server never answered"
        assert "tabletop-tui" in page and "/ws" in page  # the page that opens the app's socket
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    err = proc.stderr.read()
    proc.stderr.close()
    assert f"http://127.0.0.1:{port}" in err and "this machine only" in err
    assert "Traceback" not in err
