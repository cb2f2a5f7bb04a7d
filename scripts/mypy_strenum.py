"""A mypy plugin: comparing a StrEnum-typed value with a str literal is an error (strenum-str).

A StrEnum member equals its string, so mypy sees nothing wrong in `status == "queued"` or
`status in {"queued", "running"}` (strict equality lets a str subclass overlap str), and a
value the enum no longer has compares False for ever, silently. Compare with the members
(`DownloadStatus.RUNNING`), or a collection of them, instead. Configured in pyproject.toml
([tool.mypy] plugins), so `make lint`'s mypy run holds the whole tree to it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mypy.errorcodes import ErrorCode
from mypy.plugin import MethodContext, Plugin
from mypy.types import Instance, LiteralType, ProperType, TupleType, Type, get_proper_type

STRENUM_STR = ErrorCode("strenum-str", "StrEnum value compared with a str literal", "General")
_EQUALITY = ("__eq__", "__ne__")


def _strenum(typ: Type) -> str | None:
    """The StrEnum class name of a value of type `typ`, None for anything else."""
    proper = get_proper_type(typ)
    if isinstance(proper, LiteralType):
        proper = proper.fallback
    if isinstance(proper, Instance) and any(
        base.fullname == "enum.StrEnum" for base in proper.type.mro
    ):
        return proper.type.name
    return None


def _str_literal(typ: Type) -> bool:
    """A str literal ("queued"), as mypy types it where it is written."""
    proper = get_proper_type(typ)
    if isinstance(proper, Instance) and proper.last_known_value is not None:
        proper = proper.last_known_value
    return (
        isinstance(proper, LiteralType)
        and isinstance(proper.value, str)
        and proper.fallback.type.fullname == "builtins.str"
    )


def _plain_str(typ: ProperType) -> bool:
    return isinstance(typ, Instance) and typ.type.fullname == "builtins.str"


def _holds_plain_str(container: Type) -> bool:
    """A collection of plain strings (`{"a", "b"}`, `frozenset[str]`, `("a", "b")`)."""
    proper = get_proper_type(container)
    if isinstance(proper, TupleType):
        return bool(proper.items) and all(_str_literal(item) for item in proper.items)
    if isinstance(proper, Instance) and proper.type.fullname in (
        "builtins.set",
        "builtins.frozenset",
        "builtins.list",
        "builtins.tuple",
    ):
        return len(proper.args) == 1 and _plain_str(get_proper_type(proper.args[0]))
    return False


def _check_equality(ctx: MethodContext) -> Type:
    args = [t for group in ctx.arg_types for t in group]
    if len(args) == 1:
        enum = _strenum(ctx.type) or _strenum(args[0])
        other = args[0] if _strenum(ctx.type) else ctx.type
        if enum is not None and _strenum(other) is None and _str_literal(other):
            ctx.api.fail(
                f"{enum} value compared with a str literal; compare with {enum} members",
                ctx.context,
                code=STRENUM_STR,
            )
    return ctx.default_return_type


class StrEnumComparisons(Plugin):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # mypy tries `x in c` as c.__contains__(x) with its errors held back, and on an error
        # as iteration over c: a lookup found wrong is said when mypy asks for c's __iter__.
        self._wrong_lookups: dict[int, str] = {}

    def get_method_hook(self, fullname: str) -> Callable[[MethodContext], Type] | None:
        name = fullname.rsplit(".", 1)[-1]
        if name in _EQUALITY:
            return _check_equality
        if name == "__contains__":
            return self._check_contains
        if name == "__iter__":
            return self._say_wrong_lookup
        return None

    def _check_contains(self, ctx: MethodContext) -> Type:
        args = [t for group in ctx.arg_types for t in group]
        enum = _strenum(args[0]) if len(args) == 1 else None
        if enum is not None and _holds_plain_str(ctx.type):
            message = f"{enum} value looked up among str literals; use a set of {enum} members"
            self._wrong_lookups[id(ctx.context)] = message
            ctx.api.fail(message, ctx.context, code=STRENUM_STR)
        return ctx.default_return_type

    def _say_wrong_lookup(self, ctx: MethodContext) -> Type:
        message = self._wrong_lookups.pop(id(ctx.context), None)
        if message is not None:
            ctx.api.fail(message, ctx.context, code=STRENUM_STR)
        return ctx.default_return_type


def plugin(version: str) -> type[Plugin]:
    return StrEnumComparisons
