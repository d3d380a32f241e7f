"""First run: what `make` does for a new user."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from bot import cli

REPO = Path(__file__).resolve().parents[2]


def make(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["make", "--no-print-directory", *args], cwd=REPO, text=True,
                          capture_output=True, timeout=120, env=env)


def test_make_run_fails_when_the_bot_cannot_start() -> None:
    """Exit status 2 ("not configured") reaches the shell: a failed start must fail."""
    env = {**os.environ, "DISCORD_TOKEN": ""}  # overrides any developer's .env
    done = make("run", env=env)
    assert done.returncode != 0
    assert cli.NO_TOKEN in done.stderr
    assert "Traceback" not in done.stderr


def test_a_too_old_python_leaves_no_venv_and_says_which_python_to_use(tmp_path: Path) -> None:
    old = tmp_path / "python3"
    old.write_text('#!/bin/sh\n[ "$1" = "--version" ] && { echo "Python 3.9.2"; exit 0; }\n'
                   "exit 1\n")
    old.chmod(0o755)
    venv = tmp_path / "venv"
    done = make(f"{venv}/.installed", f"PYTHON={old}", f"VENV={venv}")
    assert done.returncode != 0
    assert "Estancia needs Python 3.11 or newer" in done.stderr
    assert "is Python 3.9.2" in done.stderr and "make PYTHON=python3.11" in done.stderr
    assert not venv.exists()


def test_make_help_names_every_target_and_the_estancia_command() -> None:
    done = make("help")
    assert done.returncode == 0
    for target in ("run", "play GAME=", "demo", "test", "bench", "soak", "lint", "clean"):
        assert f"make {target}" in done.stdout, target
    assert ".venv/bin/estancia" in done.stdout
    play = make("-n", "play", "GAME=hazienda")
    assert "estancia play hazienda --computer" in play.stdout


def test_the_readme_says_how_to_run_estancia_from_the_venv() -> None:
    readme = (REPO / "README.md").read_text()
    assert ".venv/bin/estancia play" in readme
    assert "make play GAME=" in readme and "make help" in readme
    assert "`estancia play hazienda" not in readme  # not on PATH after `make run`


def test_a_venv_left_by_a_too_old_python_is_made_afresh(tmp_path: Path) -> None:
    """A .venv whose Python is too old (made before the check) does not stay broken:
    the next make recreates it with the Python that passed the check."""
    log = tmp_path / "calls.log"
    new = tmp_path / "python3.12"
    new.write_text(  # a new-enough Python whose venv module writes a fake venv
        "#!/bin/sh\n"
        f'echo "python $*" >> {log}\n'
        'if [ "$1" = "-m" ] && [ "$2" = "venv" ]; then\n'
        '  dir="$4"; mkdir -p "$dir/bin"\n'
        "  printf '#!/bin/sh\\nexit 0\\n' > \"$dir/bin/python\"\n"
        f"  printf '#!/bin/sh\\necho \"pip $*\" >> {log}\\n' > \"$dir/bin/pip\"\n"
        '  chmod +x "$dir/bin/python" "$dir/bin/pip"\n'
        "fi\n"
        "exit 0\n")
    new.chmod(0o755)
    venv = tmp_path / "venv"
    (venv / "bin").mkdir(parents=True)
    old = venv / "bin" / "python"
    old.write_text('#!/bin/sh\n[ "$1" = "--version" ] && echo "Python 3.9.2"\nexit 1\n')
    old.chmod(0o755)
    done = make(f"{venv}/.installed", f"PYTHON={new}", f"VENV={venv}")
    assert done.returncode == 0, done.stderr
    calls = log.read_text()
    assert f"python -m venv --clear {venv}" in calls
    assert "pip install --quiet -e .[dev]" in calls
    assert (venv / ".installed").exists()
    # A good venv is kept as it is (no reinstall of everything from scratch).
    log.write_text("")
    done = make(f"{venv}/.installed", f"PYTHON={new}", f"VENV={venv}", "-B")
    assert done.returncode == 0, done.stderr
    assert "venv --clear" not in log.read_text()


def pip_installs(output: str) -> list[str]:
    return [line for line in output.splitlines() if "pip install" in line and "-e" in line]


def test_make_run_installs_only_what_running_needs(tmp_path: Path) -> None:
    """Pytest, hypothesis and ruff are for `make test`, not for running."""
    venv = tmp_path / "venv"
    for target in ("run", "play", "demo"):
        done = make("-n", target, f"VENV={venv}")
        assert done.returncode == 0, done.stderr
        installs = pip_installs(done.stdout)
        assert installs and not any("dev" in line for line in installs), (target, installs)
        assert any("-e '.[postgres]'" in line for line in installs), installs
    for target in ("test", "lint", "bench"):
        installs = pip_installs(make("-n", target, f"VENV={venv}").stdout)
        assert any("-e '.[dev]'" in line for line in installs), (target, installs)
