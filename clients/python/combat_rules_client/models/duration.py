from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.duration_ends import DurationEnds
from ..types import UNSET, Unset

T = TypeVar("T", bound="Duration")


@_attrs_define
class Duration:
    """How long a condition or effect lasts. Set exactly one way:

    * `ends` + `of` (+ `turns`): until the start (or the end) of the `turns`-th turn
      of `of` that *starts after* the duration began: "until the end of your next turn"
      is `{ends: end, of: you, turns: 1}`, and set during your own turn it lasts through
      your following turn (`d20.crit.effects` decision 1). `turns: 0` with `ends: end`
      is "until the end of the current turn" (Disengage). The service counts the turns in
      `turnsStarted`;
    * `rounds`: for that many rounds, counted down each time a new round begins;
    * `untilDamaged` (alone or with either of the above): ends when its holder takes damage;
    * `whileCasting` (with `ends: end`): the end of a turn in which `of` cast a spell
      doesn't end it; the first counted turn without one does ("until you stop casting magic").

    With none of them set it lasts until removed.

        Attributes:
            ends (DurationEnds | None | Unset): `start` or `end`: the boundary of `of`'s turn at which it ends (set with
                `of`).
            of (None | str | Unset): The combatant whose turns it counts (set with `ends`).
            turns (int | Unset): Which of `of`'s turns ends it, counting those that start after it began: 1 (the default)
                is the next one; 0 is the first boundary to come, so `ends: end` set during `of`'s turn
                ends with that turn. Only with `ends`. Default: 1.
            rounds (int | None | Unset): Lasts this many rounds: one is taken off as each new round begins and it ends at 0
                (`rounds: 1` ends when the next round begins). Not with `ends`.
            until_damaged (bool | Unset): Ends as soon as its holder takes damage (any amount above 0, temporary HP
                included), alone or
                besides the turns or rounds (`d20.crit.effects` decision 2). Only a condition ends this way:
                damage leaves an effect or an area in place. Default: False.
            turns_started (int | Unset): How many of `of`'s turns have started since the duration began (counted by the
                service: a client sets it only to carry a duration over from an earlier state). Default: 0.
            from_next_turn (bool | Unset): An effect with it applies only from the start of `of`'s next turn (once
                `turnsStarted` is 1 or more): "advantage next turn" is that turn only, not the rest of
                the current one (`d20.crit.effects` decision 6). Only with `ends`. Default: False.
            while_casting (bool | Unset): It lasts while `of` keeps casting: each spell `of` casts (a spell attack, readying
                a
                spell) sets `turns` to the next turn of `of` to start, so it ends at the end of the
                first turn without one, or after `of`'s death (spell hit 60-69's "until you stop casting
                magic", `d20.crit.effects`). Only with `ends: end`. Default: False.
    """

    ends: DurationEnds | None | Unset = UNSET
    of: None | str | Unset = UNSET
    turns: int | Unset = 1
    rounds: int | None | Unset = UNSET
    until_damaged: bool | Unset = False
    turns_started: int | Unset = 0
    from_next_turn: bool | Unset = False
    while_casting: bool | Unset = False

    def to_dict(self) -> dict[str, Any]:
        ends: None | str | Unset
        if isinstance(self.ends, Unset):
            ends = UNSET
        elif isinstance(self.ends, DurationEnds):
            ends = self.ends.value
        else:
            ends = self.ends

        of: None | str | Unset
        if isinstance(self.of, Unset):
            of = UNSET
        else:
            of = self.of

        turns = self.turns

        rounds: int | None | Unset
        if isinstance(self.rounds, Unset):
            rounds = UNSET
        else:
            rounds = self.rounds

        until_damaged = self.until_damaged

        turns_started = self.turns_started

        from_next_turn = self.from_next_turn

        while_casting = self.while_casting

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if ends is not UNSET:
            field_dict["ends"] = ends
        if of is not UNSET:
            field_dict["of"] = of
        if turns is not UNSET:
            field_dict["turns"] = turns
        if rounds is not UNSET:
            field_dict["rounds"] = rounds
        if until_damaged is not UNSET:
            field_dict["untilDamaged"] = until_damaged
        if turns_started is not UNSET:
            field_dict["turnsStarted"] = turns_started
        if from_next_turn is not UNSET:
            field_dict["fromNextTurn"] = from_next_turn
        if while_casting is not UNSET:
            field_dict["whileCasting"] = while_casting

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_ends(data: object) -> DurationEnds | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                ends_type_0 = DurationEnds(data)

                return ends_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DurationEnds | None | Unset, data)

        ends = _parse_ends(d.pop("ends", UNSET))

        def _parse_of(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        of = _parse_of(d.pop("of", UNSET))

        turns = d.pop("turns", UNSET)

        def _parse_rounds(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        rounds = _parse_rounds(d.pop("rounds", UNSET))

        until_damaged = d.pop("untilDamaged", UNSET)

        turns_started = d.pop("turnsStarted", UNSET)

        from_next_turn = d.pop("fromNextTurn", UNSET)

        while_casting = d.pop("whileCasting", UNSET)

        duration = cls(
            ends=ends,
            of=of,
            turns=turns,
            rounds=rounds,
            until_damaged=until_damaged,
            turns_started=turns_started,
            from_next_turn=from_next_turn,
            while_casting=while_casting,
        )

        return duration
