"""``Notice(seat, key, params)``: what a seat should be told (contract v2, item 2). Taken from the
kit once it has it; until then the same shape is defined here."""

from __future__ import annotations

from dataclasses import dataclass, field

from games.engines import base as _base

if hasattr(_base, "Notice"):
    Notice = _base.Notice
else:
    @dataclass(frozen=True)
    class Notice:  # the v2 shape: the platform turns the key into a mail / stream event
        seat: int
        key: str
        params: dict = field(default_factory=dict)

if "notices" in getattr(_base.ApplyResult, "__dataclass_fields__", {}):
    ApplyResult = _base.ApplyResult
else:
    @dataclass
    class ApplyResult(_base.ApplyResult):  # v2: ApplyResult gains ``notices``
        notices: list = field(default_factory=list)
