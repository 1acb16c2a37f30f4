from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.duration_ends import DurationEnds

T = TypeVar("T", bound="DurationOutput")


@_attrs_define
class DurationOutput:
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
            ends (DurationEnds | None): `start` or `end`: the boundary of `of`'s turn at which it ends (set with `of`).
            of (None | str): The combatant whose turns it counts (set with `ends`).
            turns (int): Which of `of`'s turns ends it, counting those that start after it began: 1 (the default)
                is the next one; 0 is the first boundary to come, so `ends: end` set during `of`'s turn
                ends with that turn. Only with `ends`. Default: 1.
            rounds (int | None): Lasts this many rounds: one is taken off as each new round begins and it ends at 0
                (`rounds: 1` ends when the next round begins). Not with `ends`.
            until_damaged (bool): Ends as soon as its holder takes damage (any amount above 0, temporary HP included), alone
                or
                besides the turns or rounds (`d20.crit.effects` decision 2). Only a condition ends this way:
                damage leaves an effect or an area in place. Default: False.
            turns_started (int): How many of `of`'s turns have started since the duration began (counted by the
                service: a client sets it only to carry a duration over from an earlier state). Default: 0.
            from_next_turn (bool): An effect with it applies only from the start of `of`'s next turn (once
                `turnsStarted` is 1 or more): "advantage next turn" is that turn only, not the rest of
                the current one (`d20.crit.effects` decision 6). Only with `ends`. Default: False.
            while_casting (bool): It lasts while `of` keeps casting: each spell `of` casts (a spell attack, readying a
                spell) sets `turns` to the next turn of `of` to start, so it ends at the end of the
                first turn without one, or after `of`'s death (spell hit 60-69's "until you stop casting
                magic", `d20.crit.effects`). Only with `ends: end`. Default: False.
    """

    ends: DurationEnds | None
    of: None | str
    rounds: int | None
    turns: int = 1
    until_damaged: bool = False
    turns_started: int = 0
    from_next_turn: bool = False
    while_casting: bool = False

    def to_dict(self) -> dict[str, Any]:
        ends: None | str
        if isinstance(self.ends, DurationEnds):
            ends = self.ends.value
        else:
            ends = self.ends

        of: None | str
        of = self.of

        turns = self.turns

        rounds: int | None
        rounds = self.rounds

        until_damaged = self.until_damaged

        turns_started = self.turns_started

        from_next_turn = self.from_next_turn

        while_casting = self.while_casting

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "ends": ends,
                "of": of,
                "turns": turns,
                "rounds": rounds,
                "untilDamaged": until_damaged,
                "turnsStarted": turns_started,
                "fromNextTurn": from_next_turn,
                "whileCasting": while_casting,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_ends(data: object) -> DurationEnds | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                ends_type_0 = DurationEnds(data)

                return ends_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DurationEnds | None, data)

        ends = _parse_ends(d.pop("ends"))

        def _parse_of(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        of = _parse_of(d.pop("of"))

        turns = d.pop("turns")

        def _parse_rounds(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        rounds = _parse_rounds(d.pop("rounds"))

        until_damaged = d.pop("untilDamaged")

        turns_started = d.pop("turnsStarted")

        from_next_turn = d.pop("fromNextTurn")

        while_casting = d.pop("whileCasting")

        duration_output = cls(
            ends=ends,
            of=of,
            turns=turns,
            rounds=rounds,
            until_damaged=until_damaged,
            turns_started=turns_started,
            from_next_turn=from_next_turn,
            while_casting=while_casting,
        )

        return duration_output
