"""Events typed by their ``type``: each type's model (``RollEvent``, whose ``data`` is a
``RollEventData``...), the unions of them, and readers that pick an event's model by
its ``type``. Written by scripts/generate_sdks (clients/generator/python_spec.py) from
openapi.yaml's ``Event`` and ``LoggedEvent`` unions: do not edit.

``typed_event(event)`` reads an answer's ``Event`` (or its JSON) as its type's model;
``isinstance(e, DamageEvent)`` or ``e.type == "damage"`` then narrows ``e.data``.
``logged_event(entry)`` reads a ``SessionEvent`` (an event page's item, a stream
version's event) the same way, an undo as an ``UndoEvent``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeAlias

from .models import (
    AmmoSpentEvent,
    AmmunitionRecoveredEvent,
    AreaEndedEvent,
    AttackRollEvent,
    AwareEvent,
    ChoiceAcceptedEvent,
    ChoiceDeclinedEvent,
    ChoiceLapsedEvent,
    ChoiceOfferedEvent,
    CombatantAddedEvent,
    CombatantRemovedEvent,
    CombatantUpdatedEvent,
    CombatStartEvent,
    ConcentrationEndedEvent,
    ConcentrationEvent,
    ConditionEndedEvent,
    ConsciousEvent,
    ContestEvent,
    CriticalAppliedEvent,
    CriticalBandEvent,
    CriticalEffectEvent,
    DamageEvent,
    DamageRollEvent,
    DashEvent,
    DeathEvent,
    DeathSaveFailureEvent,
    DeferredAppliedEvent,
    DeferredEvent,
    DisengageEvent,
    DodgeEvent,
    DraggedEvent,
    DropProneEvent,
    DurationsEndedEvent,
    EffectEndedEvent,
    EndTurnEvent,
    EscapedEvent,
    Event,
    FightOverEvent,
    FoundEvent,
    GrappledEvent,
    GrappleEndedEvent,
    HealingEvent,
    HeldAppliedEvent,
    HeldEvent,
    HelpEvent,
    HpMaxHalvedEvent,
    InitiativeChangedEvent,
    InitiativeCompanionEvent,
    InitiativeMovedEvent,
    InitiativeOrderEvent,
    InitiativeTieEvent,
    InitiativeUnawareEvent,
    InitiativeWaitsEvent,
    InteractEvent,
    KnockedOutEvent,
    MoveEvent,
    NoEffectEvent,
    NotFoundEvent,
    NoTurnEvent,
    OddsEvent,
    OpportunityAttackEvent,
    OpportunityAttackNotTakenEvent,
    ProneEvent,
    PushBlockedEvent,
    PushedEvent,
    ReactionsRestoredEvent,
    ReadiedDeclinedEvent,
    ReadiedEvent,
    ReadiedFiredEvent,
    ReadiedLapsedEvent,
    ReleasedEvent,
    ReloadedEvent,
    RevealedEvent,
    RollEvent,
    RoundStartEvent,
    SessionEvent,
    SpeedChangedEvent,
    SpeedReducedEvent,
    StableEvent,
    StandUpEvent,
    StepClosedEvent,
    StepOpenedEvent,
    SurprisedEvent,
    SurpriseOverEvent,
    TeleportEvent,
    TurnDelayedEvent,
    TurnEndEvent,
    TurnStartEvent,
    UnconsciousEvent,
    UndoEvent,
    UnstableEvent,
    WeaponDroppedEvent,
    WeaponMovedEvent,
    WeaponRecoveredEvent,
)

TypedEvent: TypeAlias = (
    RollEvent
    | AttackRollEvent
    | DamageRollEvent
    | TurnStartEvent
    | TurnEndEvent
    | RoundStartEvent
    | NoTurnEvent
    | FightOverEvent
    | TurnDelayedEvent
    | SurprisedEvent
    | SurpriseOverEvent
    | CombatStartEvent
    | AwareEvent
    | InitiativeUnawareEvent
    | InitiativeTieEvent
    | InitiativeCompanionEvent
    | InitiativeOrderEvent
    | InitiativeChangedEvent
    | InitiativeWaitsEvent
    | InitiativeMovedEvent
    | StepOpenedEvent
    | StepClosedEvent
    | DeferredEvent
    | DeferredAppliedEvent
    | HeldEvent
    | HeldAppliedEvent
    | ReactionsRestoredEvent
    | DamageEvent
    | HealingEvent
    | UnconsciousEvent
    | ConsciousEvent
    | KnockedOutEvent
    | DeathEvent
    | DeathSaveFailureEvent
    | StableEvent
    | UnstableEvent
    | NoEffectEvent
    | ConditionEndedEvent
    | AreaEndedEvent
    | HpMaxHalvedEvent
    | WeaponRecoveredEvent
    | WeaponDroppedEvent
    | AmmunitionRecoveredEvent
    | DurationsEndedEvent
    | EffectEndedEvent
    | MoveEvent
    | TeleportEvent
    | StandUpEvent
    | DropProneEvent
    | OpportunityAttackEvent
    | OpportunityAttackNotTakenEvent
    | DashEvent
    | DisengageEvent
    | DodgeEvent
    | HelpEvent
    | InteractEvent
    | ReadiedEvent
    | ReadiedFiredEvent
    | ReadiedDeclinedEvent
    | ReadiedLapsedEvent
    | ConcentrationEvent
    | ConcentrationEndedEvent
    | CriticalBandEvent
    | CriticalEffectEvent
    | CriticalAppliedEvent
    | ChoiceOfferedEvent
    | ChoiceAcceptedEvent
    | ChoiceDeclinedEvent
    | ChoiceLapsedEvent
    | EndTurnEvent
    | WeaponMovedEvent
    | OddsEvent
    | AmmoSpentEvent
    | ReloadedEvent
    | SpeedReducedEvent
    | ContestEvent
    | ProneEvent
    | PushedEvent
    | PushBlockedEvent
    | GrappledEvent
    | GrappleEndedEvent
    | DraggedEvent
    | SpeedChangedEvent
    | EscapedEvent
    | ReleasedEvent
    | FoundEvent
    | NotFoundEvent
    | CombatantAddedEvent
    | CombatantRemovedEvent
    | CombatantUpdatedEvent
    | RevealedEvent
)
"""An engine event as its type's model (the contract's ``Event`` union)."""

LoggedEvent: TypeAlias = TypedEvent | UndoEvent
"""An entry of a session's log as its model: an engine event or an undo."""

EVENT_MODELS: dict[str, type[TypedEvent]] = {
    "roll": RollEvent,
    "attack-roll": AttackRollEvent,
    "damage-roll": DamageRollEvent,
    "turn-start": TurnStartEvent,
    "turn-end": TurnEndEvent,
    "round-start": RoundStartEvent,
    "no-turn": NoTurnEvent,
    "fight-over": FightOverEvent,
    "turn-delayed": TurnDelayedEvent,
    "surprised": SurprisedEvent,
    "surprise-over": SurpriseOverEvent,
    "combat-start": CombatStartEvent,
    "aware": AwareEvent,
    "initiative-unaware": InitiativeUnawareEvent,
    "initiative-tie": InitiativeTieEvent,
    "initiative-companion": InitiativeCompanionEvent,
    "initiative-order": InitiativeOrderEvent,
    "initiative-changed": InitiativeChangedEvent,
    "initiative-waits": InitiativeWaitsEvent,
    "initiative-moved": InitiativeMovedEvent,
    "step-opened": StepOpenedEvent,
    "step-closed": StepClosedEvent,
    "deferred": DeferredEvent,
    "deferred-applied": DeferredAppliedEvent,
    "held": HeldEvent,
    "held-applied": HeldAppliedEvent,
    "reactions-restored": ReactionsRestoredEvent,
    "damage": DamageEvent,
    "healing": HealingEvent,
    "unconscious": UnconsciousEvent,
    "conscious": ConsciousEvent,
    "knocked-out": KnockedOutEvent,
    "death": DeathEvent,
    "death-save-failure": DeathSaveFailureEvent,
    "stable": StableEvent,
    "unstable": UnstableEvent,
    "no-effect": NoEffectEvent,
    "condition-ended": ConditionEndedEvent,
    "area-ended": AreaEndedEvent,
    "hp-max-halved": HpMaxHalvedEvent,
    "weapon-recovered": WeaponRecoveredEvent,
    "weapon-dropped": WeaponDroppedEvent,
    "ammunition-recovered": AmmunitionRecoveredEvent,
    "durations-ended": DurationsEndedEvent,
    "effect-ended": EffectEndedEvent,
    "move": MoveEvent,
    "teleport": TeleportEvent,
    "stand-up": StandUpEvent,
    "drop-prone": DropProneEvent,
    "opportunity-attack": OpportunityAttackEvent,
    "opportunity-attack-not-taken": OpportunityAttackNotTakenEvent,
    "dash": DashEvent,
    "disengage": DisengageEvent,
    "dodge": DodgeEvent,
    "help": HelpEvent,
    "interact": InteractEvent,
    "readied": ReadiedEvent,
    "readied-fired": ReadiedFiredEvent,
    "readied-declined": ReadiedDeclinedEvent,
    "readied-lapsed": ReadiedLapsedEvent,
    "concentration": ConcentrationEvent,
    "concentration-ended": ConcentrationEndedEvent,
    "critical-band": CriticalBandEvent,
    "critical-effect": CriticalEffectEvent,
    "critical-applied": CriticalAppliedEvent,
    "choice-offered": ChoiceOfferedEvent,
    "choice-accepted": ChoiceAcceptedEvent,
    "choice-declined": ChoiceDeclinedEvent,
    "choice-lapsed": ChoiceLapsedEvent,
    "end-turn": EndTurnEvent,
    "weapon-moved": WeaponMovedEvent,
    "odds": OddsEvent,
    "ammo-spent": AmmoSpentEvent,
    "reloaded": ReloadedEvent,
    "speed-reduced": SpeedReducedEvent,
    "contest": ContestEvent,
    "prone": ProneEvent,
    "pushed": PushedEvent,
    "push-blocked": PushBlockedEvent,
    "grappled": GrappledEvent,
    "grapple-ended": GrappleEndedEvent,
    "dragged": DraggedEvent,
    "speed-changed": SpeedChangedEvent,
    "escaped": EscapedEvent,
    "released": ReleasedEvent,
    "found": FoundEvent,
    "not-found": NotFoundEvent,
    "combatant-added": CombatantAddedEvent,
    "combatant-removed": CombatantRemovedEvent,
    "combatant-updated": CombatantUpdatedEvent,
    "revealed": RevealedEvent,
}
"""The model of each event ``type``."""

LOGGED_MODELS: dict[str, type[LoggedEvent]] = {
    **EVENT_MODELS,
    "undo": UndoEvent,
}
"""The model of each ``type`` a session's log holds."""


def typed_event(event: Event | Mapping[str, Any]) -> TypedEvent:
    """``event`` (an answer's ``events[i]``, or its JSON) as its type's model.

    A type this SDK does not know (a later service's) raises ``KeyError``.
    """
    wire = event.to_dict() if isinstance(event, Event) else event
    return EVENT_MODELS[wire["type"]].from_dict(wire)


def logged_event(entry: SessionEvent | Mapping[str, Any]) -> LoggedEvent:
    """A session log entry's event (a ``SessionEvent``, or its ``data`` as JSON) as its
    model: an engine event's type's model, or an ``UndoEvent``."""
    wire = entry.data.to_dict() if isinstance(entry, SessionEvent) else entry
    return LOGGED_MODELS[wire["type"]].from_dict(wire)
