"""A chat bot that runs a fight kept by the combat rules service, one command a line.

    pip install ./clients/python
    python examples/chatbot/bot.py --url http://127.0.0.1:8000 --session SESSION_ID
    python examples/chatbot/bot.py --url http://127.0.0.1:8000 --encounter fight.json

It reads commands on standard input and answers each on standard output:

    roll initiative
    attack goblin with longsword     (the combatant whose turn it is attacks)
    aria attacks goblin              (someone else, with their first attack)
    damage goblin 5
    heal aria 4
    next turn
    status
    undo
    help, quit

You play the player characters; the bot plays the monsters (combatants of kind ``monster``,
when the fight has player characters): when a monster's turn comes, it attacks the nearest
foe still standing with its first attack, and its turn ends. ``attack TARGET`` while a
monster's turn is pending lets the monsters act first, then the character whose turn comes
attacks. When a turn ends with at most one side standing (the service's ``fightOver``), the
fight is over: the bot says who won and plays no more rounds; ``undo`` takes it back.

Combatants are named by id or by name, in any case. Every write sends the version the bot last
saw as ``If-Match``, so a change made meanwhile by someone else is reported, never overwritten.
``undo`` takes back the last command whole, the monsters' turns it led to included.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Callable, Iterable
from typing import TextIO, TypeVar

from combat_rules_client import Client
from combat_rules_client.api.sessions import (
    create_session,
    get_session,
    session_apply_damage,
    session_heal,
    session_next_turn,
    session_resolve_attack,
    session_roll_initiative,
    undo_session,
)
from combat_rules_client.errors import ProblemError
from combat_rules_client.models import (
    ApplyDamageSessionRequest,
    CombatantKind,
    CombatantOutput,
    CreateSessionRequest,
    Encounter,
    EncounterOutput,
    Event,
    HealSessionRequest,
    NextTurnSessionRequest,
    Problem,
    ResolveAttackSessionRequest,
    RollInitiativeSessionRequest,
    Session,
)
from combat_rules_client.types import UNSET, Response, Unset

T = TypeVar("T")

HELP = """Commands:
  roll initiative            roll for everyone and start round 1
  attack TARGET [with WEAPON] the combatant whose turn it is attacks
  ATTACKER attacks TARGET [with WEAPON]  someone else attacks
  damage TARGET AMOUNT       deal damage (temporary HP first)
  heal TARGET AMOUNT         restore hit points
  next turn                  end this turn, start the next one (monsters act by themselves)
  status                     round, turn, and everyone's hit points
  undo                       take back the last command
  quit"""


class BotError(Exception):
    """Something to tell the user instead of an answer."""


class Bot:
    def __init__(self, client: Client, session_id: str, seed: int | None = None) -> None:
        self.client = client
        self.session_id = session_id
        self.etag: str | None = None
        self.encounter: EncounterOutput | None = None
        self.seed = seed
        self.writes = 0
        """Writes this bot made (each a new version of the session)."""
        self.over: list[str] | None = None
        """The sides left standing once the fight is over (``fightOver``); None before."""
        self.history: list[tuple[int, list[str] | None]] = []
        """Per command that wrote: how many writes it made, and ``over`` before it."""
        self.commands: list[tuple[re.Pattern[str], Callable[..., str]]] = [
            (re.compile(r"(?:roll )?initiative|roll for initiative"), self.roll_initiative),
            (re.compile(r"attack (?P<target>.+?)(?: with (?P<weapon>.+))?"), self.attack),
            (
                re.compile(r"(?P<attacker>.+?) attacks (?P<target>.+?)(?: with (?P<weapon>.+))?"),
                self.attack,
            ),
            (
                re.compile(r"(?:damage|hurt|hit) (?P<target>.+?) (?:for )?(?P<amount>\d+)"),
                self.damage,
            ),
            (re.compile(r"heal (?P<target>.+?) (?:for )?(?P<amount>\d+)"), self.heal),
            (re.compile(r"(?:next turn|end turn|next|done)"), self.next_turn),
            (re.compile(r"(?:status|who|hp)"), self.status),
            (re.compile(r"undo"), self.undo),
            (re.compile(r"(?:help|\?)"), lambda: HELP),
        ]

    # --- talking to the service -------------------------------------------------------------

    def _seed(self) -> int | Unset:
        if self.seed is None:
            return UNSET
        self.seed += 1
        return self.seed

    def _if_match(self) -> str | Unset:
        return self.etag if self.etag is not None else UNSET

    def _result(self, response: Response[T | Problem], write: bool = True) -> T:
        """The parsed success body, remembering the new version; a problem becomes BotError."""
        parsed = response.parsed
        if isinstance(parsed, Problem) or parsed is None:
            if response.status_code == 412:
                self.refresh()
                raise BotError(
                    "Someone else changed the fight meanwhile: look at `status` and retry."
                )
            if isinstance(parsed, Problem):
                rule = f" [{parsed.rule}]" if isinstance(parsed.rule, str) else ""
                raise BotError(f"Can't do that: {parsed.detail}{rule}")
            raise BotError(f"The service answered {response.status_code}.")
        self.etag = response.headers.get("etag", self.etag)
        self.writes += write
        return parsed

    def refresh(self) -> EncounterOutput:
        session = self._result(
            get_session.sync_detailed(self.session_id, client=self.client), write=False
        )
        assert isinstance(session, Session)
        self.encounter = session.encounter
        return session.encounter

    def current(self) -> EncounterOutput:
        return self.encounter if self.encounter is not None else self.refresh()

    def combatant(self, name: str) -> CombatantOutput:
        wanted = name.strip().lower().removeprefix("the ")
        for c in self.current().combatants:
            if wanted in (c.id.lower(), c.name.lower()):
                return c
        known = ", ".join(c.name for c in self.current().combatants)
        raise BotError(f"I don't know {name.strip()!r}. In this fight: {known}.")

    def name(self, cid: str | Unset | None) -> str:
        for c in self.current().combatants:
            if c.id == cid:
                return c.name
        return str(cid)

    @staticmethod
    def narrate(events: Iterable[Event]) -> list[str]:
        return [e.message for e in events if e.message]

    # --- who plays what ---------------------------------------------------------------------

    def by_id(self, cid: str | Unset | None) -> CombatantOutput | None:
        return next((c for c in self.current().combatants if c.id == cid), None)

    def plays(self, combatant: CombatantOutput) -> bool:
        """Whether the bot plays this combatant: a monster, in a fight with player characters."""
        kinds = {c.kind for c in self.current().combatants}
        return combatant.kind == CombatantKind.MONSTER and CombatantKind.PC in kinds

    @staticmethod
    def standing(combatant: CombatantOutput) -> bool:
        return combatant.hp > 0 and combatant.dead is not True

    def nearest_foe(self, actor: CombatantOutput) -> CombatantOutput | None:
        foes = [c for c in self.current().combatants if c.side != actor.side and self.standing(c)]

        def distance(c: CombatantOutput) -> tuple[int, int, str]:
            steps = max(abs(c.position.x - actor.position.x), abs(c.position.y - actor.position.y))
            return steps, c.hp, c.id

        return min(foes, key=distance, default=None)

    def check_not_over(self) -> None:
        if self.over is not None:
            raise BotError(f"{self.verdict()} `undo` takes back the last command, or `quit`.")

    def verdict(self) -> str:
        sides = self.over or []
        if not sides:
            return "The fight is over: nobody is left standing."
        return f"The fight is over: {' and '.join(sides)} {'wins' if len(sides) == 1 else 'win'}."

    def play_monsters(self) -> list[str]:
        """Play the monsters' turns, one after the other, until a player character's turn
        or the end of the fight (at most one turn for each combatant)."""
        lines: list[str] = []
        for _ in self.current().combatants:
            actor = self.by_id(self.current().turn_of)
            if self.over is not None or actor is None or not self.plays(actor):
                break
            target = self.nearest_foe(actor)
            if target is None:
                lines.append(f"{actor.name} has nobody left to fight.")
            else:
                try:
                    lines.extend(self._attack(actor.id, target.id, None))
                except BotError as error:
                    lines.append(f"{actor.name} does not attack {target.name}. {error}")
            lines.extend(self._next_turn())
        return lines

    # --- commands ---------------------------------------------------------------------------

    def roll_initiative(self) -> str:
        self.check_not_over()
        result = self._result(
            session_roll_initiative.sync_detailed(
                self.session_id,
                client=self.client,
                body=RollInitiativeSessionRequest(seed=self._seed()),
                if_match=self._if_match(),
            )
        )
        self.encounter = result.encounter
        order = ", ".join(
            f"{self.name(e.combatant_id)} {e.initiative}" for e in result.outcome.order
        )
        lines = [
            f"Initiative: {order}.",
            f"Round {result.outcome.round}: {self.name(result.outcome.turn_of)}'s turn.",
            *self.play_monsters(),
        ]
        return "\n".join(lines)

    def attack(self, target: str, weapon: str | None = None, attacker: str | None = None) -> str:
        self.check_not_over()
        target_id = self.combatant(target).id
        if attacker is not None:
            return "\n".join(self._attack(self.combatant(attacker).id, target_id, weapon))
        if not isinstance(self.current().turn_of, str):
            raise BotError("Nobody's turn yet: `roll initiative` first, or say who attacks.")
        lines = self.play_monsters()  # a monster's turn pending: the monsters act first
        if self.over is not None:
            return "\n".join(lines)
        attacker_id = self.current().turn_of
        assert isinstance(attacker_id, str)
        try:
            if attacker_id == target_id:
                name = self.name(attacker_id)
                raise BotError(
                    f"It's {name}'s turn: whom should {name} attack? "
                    f"(`attack {self.other_than(attacker_id)}`, or name the attacker: "
                    f"`{self.other_than(attacker_id)} attacks {name.lower()}`)"
                )
            lines.extend(self._attack(attacker_id, target_id, weapon))
        except BotError as error:
            lines.append(str(error))
        return "\n".join(lines)

    def other_than(self, cid: str) -> str:
        others = [c.name.lower() for c in self.current().combatants if c.id != cid]
        return others[0] if others else "someone"

    def _attack(self, attacker_id: str, target_id: str, weapon: str | None) -> list[str]:
        result = self._result(
            session_resolve_attack.sync_detailed(
                self.session_id,
                client=self.client,
                body=ResolveAttackSessionRequest(
                    attacker_id=attacker_id,
                    target_id=target_id,
                    attack_name=weapon.strip() if weapon else UNSET,
                    seed=self._seed(),
                ),
                if_match=self._if_match(),
            )
        )
        self.encounter = result.encounter
        return self.narrate(result.events)

    def damage(self, target: str, amount: str) -> str:
        result = self._result(
            session_apply_damage.sync_detailed(
                self.session_id,
                client=self.client,
                body=ApplyDamageSessionRequest(
                    target_id=self.combatant(target).id, amount=int(amount), seed=self._seed()
                ),
                if_match=self._if_match(),
            )
        )
        self.encounter = result.encounter
        return "\n".join(self.narrate(result.events))

    def heal(self, target: str, amount: str) -> str:
        result = self._result(
            session_heal.sync_detailed(
                self.session_id,
                client=self.client,
                body=HealSessionRequest(
                    target_id=self.combatant(target).id, amount=int(amount), seed=self._seed()
                ),
                if_match=self._if_match(),
            )
        )
        self.encounter = result.encounter
        return "\n".join(self.narrate(result.events)) or "Healed."

    def next_turn(self) -> str:
        self.check_not_over()
        return "\n".join([*self._next_turn(), *self.play_monsters()])

    def _next_turn(self) -> list[str]:
        result = self._result(
            session_next_turn.sync_detailed(
                self.session_id,
                client=self.client,
                body=NextTurnSessionRequest(seed=self._seed()),
                if_match=self._if_match(),
            )
        )
        self.encounter = result.encounter
        if result.outcome.fight_over is True:
            standing = result.outcome.sides_standing
            self.over = list(standing) if isinstance(standing, list) else []
            return [self.verdict()]
        return [f"Round {result.encounter.round}: {self.name(result.encounter.turn_of)}'s turn."]

    def status(self) -> str:
        enc = self.refresh()
        if isinstance(enc.turn_of, str):
            lines = [f"Round {enc.round}: {self.name(enc.turn_of)}'s turn."]
        else:
            lines = ["Initiative not rolled yet."]
        for c in enc.combatants:
            state = " (dead)" if c.dead else " (down)" if c.hp == 0 else ""
            lines.append(f"  {c.name}: {c.hp}/{c.max_hp} HP{state}")
        return "\n".join(lines)

    def undo(self) -> str:
        count, over = self.history.pop() if self.history else (1, self.over)
        version = 0
        for _ in range(count):
            result = self._result(
                undo_session.sync_detailed(
                    self.session_id, client=self.client, if_match=self._if_match()
                )
            )
            self.encounter = result.encounter
            version = result.session.version
        self.over = over
        return f"Undone: back to what it was before (now version {version})."

    # --- the loop ---------------------------------------------------------------------------

    def answer(self, line: str) -> str:
        text = " ".join(line.strip().lower().rstrip(".!").split())
        for pattern, command in self.commands:
            match = pattern.fullmatch(text)
            if match:
                writes, over = self.writes, self.over
                try:
                    return command(**match.groupdict())
                except BotError as error:
                    return str(error)
                finally:
                    if command != self.undo and self.writes > writes:
                        self.history.append((self.writes - writes, over))
        return f"Sorry, I don't understand {line.strip()!r}. Try `help`."


def run(bot: Bot, lines: Iterable[str], out: TextIO, prompt: bool) -> None:
    if prompt:
        out.write("> ")
        out.flush()
    for line in lines:
        if line.strip().lower() in {"quit", "exit", "bye"}:
            break
        if line.strip():
            out.write(bot.answer(line) + "\n")
        if prompt:
            out.write("> ")
        out.flush()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--url", default="http://127.0.0.1:8000", help="the service's base URL")
    which = parser.add_mutually_exclusive_group(required=True)
    which.add_argument("--session", help="the id of an existing session")
    which.add_argument("--encounter", help="a JSON encounter file to start a new session with")
    parser.add_argument("--seed", type=int, help="seed the dice, for repeatable fights")
    args = parser.parse_args(argv)

    with Client(base_url=args.url, raise_on_unexpected_status=True) as client:
        session_id: str = args.session
        if args.encounter:
            with open(args.encounter, encoding="utf-8") as f:
                encounter = Encounter.from_dict(json.load(f))
            try:
                created = create_session.sync(
                    client=client, body=CreateSessionRequest(encounter=encounter)
                )
            except ProblemError as problem:
                print(f"Could not create the session: {problem.detail}", file=sys.stderr)
                return 1
            session_id = created.id
            print(f"Session {session_id} started.")
        bot = Bot(client, session_id, seed=args.seed)
        try:
            bot.refresh()
        except BotError as error:
            print(error, file=sys.stderr)
            return 1
        run(bot, sys.stdin, sys.stdout, prompt=sys.stdin.isatty())
    return 0


if __name__ == "__main__":
    sys.exit(main())
