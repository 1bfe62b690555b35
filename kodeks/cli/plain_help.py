"""Plain `--help` for every command: `--k N`, `--law LAW`, `PATHS...` instead of type tags.

Typer (0.29, the minor pyproject.toml allows) prints a type tag beside every parameter (`--help <bool>`, `paths... <list[Path]>`, `--law
<str>`) and wraps required arguments in braces in the usage line (`{query}`). It has no setting to turn
that off: `TyperOption.display_type_rich` returns the type unless the option has a `metavar`, and
`TyperArgument` shows its type and braces whatever its metavar. Setting a metavar on each of ~40 options
would still leave `--help` and the arguments tagged, so the two display hooks are replaced once, here,
for the whole CLI (help text only — parsing is untouched):
- an option that takes a value shows its metavar, else PATH / N / NUMBER by its type, else its name in
  capitals (`--since SINCE`); a flag shows nothing;
- an argument shows no type, and the usage line shows it the click way: `QUERY`, `PATHS...`, `[X]`.
"""

from __future__ import annotations

from typing import Any

from typer import core

_installed = False
# The Typer internals replaced, by class: not API, so typer is pinned to the tested range in pyproject.toml and
# tests/test_cli_usability.py fails by name when a release drops or renames one.
HOOKS = {"TyperOption": ("display_type_rich",), "TyperArgument": ("display_type_rich", "get_usage_pieces")}


def missing_hooks() -> list[str]:
    """The replaced internals the installed Typer no longer has ("TyperArgument.get_usage_pieces", …)."""
    return [
        f"{cls}.{name}"
        for cls, names in HOOKS.items()
        for name in names
        if not callable(getattr(getattr(core, cls, None), name, None))
    ]


def _option_metavar(self: Any, ctx: Any) -> str | None:
    if self.is_flag or self.count or getattr(self, "is_bool_flag", False):
        return None
    if self.metavar:
        return self.metavar
    return _generic_metavar(self) + ("..." if self.nargs != 1 else "")


def _generic_metavar(param: Any) -> str:
    """PATH for a path, N for a whole number, NUMBER for a fraction, else the option's name in capitals."""
    descriptor = getattr(param, "type_descriptor", None)
    annotation = getattr(descriptor, "annotation", None)
    try:
        if descriptor is not None and descriptor.is_path:
            return "PATH"
    except Exception:
        pass
    if annotation is int:
        return "N"
    if annotation is float:
        return "NUMBER"
    return (param.name or "value").upper()


def _argument_type(self: Any, ctx: Any) -> str | None:
    return None


def _argument_usage(self: Any, ctx: Any) -> list[str]:
    name = (self.metavar or self.name or "arg").upper()
    if self.nargs != 1:
        name += "..."
    return [name if self.required else f"[{name}]"]


def install() -> None:
    """Replace Typer's type tags with click-style metavars (idempotent). A Typer without the hooks keeps its
    own help (tagged, but correct): help text is never worth a CLI that does not start."""
    global _installed
    if _installed or missing_hooks():
        return
    # Typer has no hook for these: its methods are replaced, as the module docstring says.
    core.TyperOption.display_type_rich = _option_metavar  # type: ignore[method-assign]  # patched on purpose
    core.TyperArgument.display_type_rich = _argument_type  # type: ignore[method-assign]  # patched on purpose
    core.TyperArgument.get_usage_pieces = _argument_usage  # type: ignore[method-assign]  # patched on purpose
    _installed = True
