"""Answering the futures of an actor's callers; a caller may have given up (cancelled)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from typing import Any, TypeVar

T = TypeVar("T")


def resolve(fut: asyncio.Future[T], value: T) -> None:
    if not fut.done():
        fut.set_result(value)


def reject(fut: asyncio.Future[Any], error: BaseException) -> None:
    if not fut.done():
        fut.set_exception(error)


def fail_all(futures: Iterable[asyncio.Future[Any]], error: BaseException) -> None:
    for fut in futures:
        reject(fut, error)
