from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def _commands() -> list[str]:
    return [
        line.strip()
        for line in (REPO / "README.md").read_text(encoding="utf-8").splitlines()[:12]
        if line.startswith("    ")
    ]


def test_the_readme_opens_with_the_install_run_command_and_the_test_command() -> None:
    first, second = _commands()[:2]
    assert first.startswith("pip install -e .") and "mirror run" in first and "mirror context" in first
    assert "pytest" in second


def test_ci_runs_the_readme_test_command_exactly() -> None:
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert _commands()[1] in ci
