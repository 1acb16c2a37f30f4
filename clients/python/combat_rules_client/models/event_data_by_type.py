from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.ammo_spent_event_data import AmmoSpentEventData
    from ..models.ammunition_recovered_event_data import AmmunitionRecoveredEventData
    from ..models.area_ended_event_data import AreaEndedEventData
    from ..models.attack_roll_event_data import AttackRollEventData
    from ..models.aware_event_data import AwareEventData
    from ..models.choice_accepted_event_data import ChoiceAcceptedEventData
    from ..models.choice_declined_event_data import ChoiceDeclinedEventData
    from ..models.choice_lapsed_event_data import ChoiceLapsedEventData
    from ..models.choice_offered_event_data import ChoiceOfferedEventData
    from ..models.combat_start_event_data import CombatStartEventData
    from ..models.combatant_added_event_data import CombatantAddedEventData
    from ..models.combatant_removed_event_data import CombatantRemovedEventData
    from ..models.combatant_updated_event_data import CombatantUpdatedEventData
    from ..models.concentration_ended_event_data import ConcentrationEndedEventData
    from ..models.concentration_event_data import ConcentrationEventData
    from ..models.condition_ended_event_data import ConditionEndedEventData
    from ..models.conscious_event_data import ConsciousEventData
    from ..models.contest_event_data import ContestEventData
    from ..models.critical_applied_event_data import CriticalAppliedEventData
    from ..models.critical_band_event_data import CriticalBandEventData
    from ..models.critical_effect_event_data import CriticalEffectEventData
    from ..models.damage_event_data import DamageEventData
    from ..models.damage_roll_event_data import DamageRollEventData
    from ..models.dash_event_data import DashEventData
    from ..models.death_event_data import DeathEventData
    from ..models.death_save_failure_event_data import DeathSaveFailureEventData
    from ..models.deferred_applied_event_data import DeferredAppliedEventData
    from ..models.deferred_event_data import DeferredEventData
    from ..models.disengage_event_data import DisengageEventData
    from ..models.dodge_event_data import DodgeEventData
    from ..models.dragged_event_data import DraggedEventData
    from ..models.drop_prone_event_data import DropProneEventData
    from ..models.durations_ended_event_data import DurationsEndedEventData
    from ..models.effect_ended_event_data import EffectEndedEventData
    from ..models.end_turn_event_data import EndTurnEventData
    from ..models.escaped_event_data import EscapedEventData
    from ..models.fight_over_event_data import FightOverEventData
    from ..models.found_event_data import FoundEventData
    from ..models.grapple_ended_event_data import GrappleEndedEventData
    from ..models.grappled_event_data import GrappledEventData
    from ..models.healing_event_data import HealingEventData
    from ..models.held_applied_event_data import HeldAppliedEventData
    from ..models.held_event_data import HeldEventData
    from ..models.help_event_data import HelpEventData
    from ..models.hp_max_halved_event_data import HpMaxHalvedEventData
    from ..models.initiative_changed_event_data import InitiativeChangedEventData
    from ..models.initiative_companion_event_data import InitiativeCompanionEventData
    from ..models.initiative_moved_event_data import InitiativeMovedEventData
    from ..models.initiative_order_event_data import InitiativeOrderEventData
    from ..models.initiative_tie_event_data import InitiativeTieEventData
    from ..models.initiative_unaware_event_data import InitiativeUnawareEventData
    from ..models.initiative_waits_event_data import InitiativeWaitsEventData
    from ..models.interact_event_data import InteractEventData
    from ..models.knocked_out_event_data import KnockedOutEventData
    from ..models.move_event_data import MoveEventData
    from ..models.no_effect_event_data import NoEffectEventData
    from ..models.no_turn_event_data import NoTurnEventData
    from ..models.not_found_event_data import NotFoundEventData
    from ..models.odds_event_data import OddsEventData
    from ..models.opportunity_attack_event_data import OpportunityAttackEventData
    from ..models.opportunity_attack_not_taken_event_data import OpportunityAttackNotTakenEventData
    from ..models.prone_event_data import ProneEventData
    from ..models.push_blocked_event_data import PushBlockedEventData
    from ..models.pushed_event_data import PushedEventData
    from ..models.reactions_restored_event_data import ReactionsRestoredEventData
    from ..models.readied_declined_event_data import ReadiedDeclinedEventData
    from ..models.readied_event_data import ReadiedEventData
    from ..models.readied_fired_event_data import ReadiedFiredEventData
    from ..models.readied_lapsed_event_data import ReadiedLapsedEventData
    from ..models.released_event_data import ReleasedEventData
    from ..models.reloaded_event_data import ReloadedEventData
    from ..models.revealed_event_data import RevealedEventData
    from ..models.roll_event_data import RollEventData
    from ..models.round_start_event_data import RoundStartEventData
    from ..models.speed_changed_event_data import SpeedChangedEventData
    from ..models.speed_reduced_event_data import SpeedReducedEventData
    from ..models.stable_event_data import StableEventData
    from ..models.stand_up_event_data import StandUpEventData
    from ..models.step_closed_event_data import StepClosedEventData
    from ..models.step_opened_event_data import StepOpenedEventData
    from ..models.surprise_over_event_data import SurpriseOverEventData
    from ..models.surprised_event_data import SurprisedEventData
    from ..models.teleport_event_data import TeleportEventData
    from ..models.turn_delayed_event_data import TurnDelayedEventData
    from ..models.turn_end_event_data import TurnEndEventData
    from ..models.turn_start_event_data import TurnStartEventData
    from ..models.unconscious_event_data import UnconsciousEventData
    from ..models.unstable_event_data import UnstableEventData
    from ..models.weapon_dropped_event_data import WeaponDroppedEventData
    from ..models.weapon_moved_event_data import WeaponMovedEventData
    from ..models.weapon_recovered_event_data import WeaponRecoveredEventData


T = TypeVar("T", bound="EventDataByType")


@_attrs_define
class EventDataByType:
    """The schema of an event's `data`, by its `type`: an event whose `type` is `roll` has a `RollEventData` as its `data`.
    Not a message of its own: a map for clients.

        Attributes:
            roll (RollEventData): The `data` of an event of type `roll`. A roll of dice other than an attack's or its damage
                (initiative, saves, checks, death saves, critical tables, durations...): `roll` holds every die and its
                `purpose`; `amount` is its total.
            attack_roll (AttackRollEventData): The `data` of an event of type `attack-roll`. An attack roll (`roll` holds
                every die; `actor` attacks `target`); `amount` is its total against the target's AC.
            damage_roll (DamageRollEventData): The `data` of an event of type `damage-roll`. A damage roll (`roll` holds
                every die: on a d20 critical hit, the dice twice); `amount` is its total, before resistances and temporary hit
                points (the `damage` entry after it says what the target lost).
            turn_start (TurnStartEventData): The `data` of an event of type `turn-start`. A creature's turn begins.
            turn_end (TurnEndEventData): The `data` of an event of type `turn-end`. A creature's turn ends.
            round_start (RoundStartEventData): The `data` of an event of type `round-start`. A new round begins.
            no_turn (NoTurnEventData): The `data` of an event of type `no-turn`. Every combatant in the order is dead:
                nobody's turn.
            fight_over (FightOverEventData): The `data` of an event of type `fight-over`. At most one side is left standing
                (d20.order.steps).
            turn_delayed (TurnDelayedEventData): The `data` of an event of type `turn-delayed`. A creature lowered its
                initiative on its turn: it acts later.
            surprised (SurprisedEventData): The `data` of an event of type `surprised`. A creature is surprised
                (d20.order.surprise).
            surprise_over (SurpriseOverEventData): The `data` of an event of type `surprise-over`. A surprised creature's
                first turn is over: it can react.
            combat_start (CombatStartEventData): The `data` of an event of type `combat-start`. d10: a creature's hostile
                action starts the fight.
            aware (AwareEventData): The `data` of an event of type `aware`. d10: an unaware creature becomes aware on its
                first turn.
            initiative_unaware (InitiativeUnawareEventData): The `data` of an event of type `initiative-unaware`. d10: an
                unaware creature's initiative, without a roll.
            initiative_tie (InitiativeTieEventData): The `data` of an event of type `initiative-tie`. Combatants tied on
                initiative: a roll-off, or (d10) a shared count.
            initiative_companion (InitiativeCompanionEventData): The `data` of an event of type `initiative-companion`. A
                companion acts right after its controller.
            initiative_order (InitiativeOrderEventData): The `data` of an event of type `initiative-order`. d100: the order
                of combat from positions or as declared.
            initiative_changed (InitiativeChangedEventData): The `data` of an event of type `initiative-changed`. A creature
                lowered (or, with a feature, raised) its initiative.
            initiative_waits (InitiativeWaitsEventData): The `data` of an event of type `initiative-waits`. A creature that
                has acted this round lowered its initiative: its new place counts from the next round (it does not act twice in
                this one).
            initiative_moved (InitiativeMovedEventData): The `data` of an event of type `initiative-moved`. A critical band
                moved a creature to the top or bottom of the order.
            step_opened (StepOpenedEventData): The `data` of an event of type `step-opened`. d10: creatures on one count act
                simultaneously from now.
            step_closed (StepClosedEventData): The `data` of an event of type `step-closed`. d10: the simultaneous count
                ends; what it held has landed.
            deferred (DeferredEventData): The `data` of an event of type `deferred`. d10: damage between creatures on one
                count waits for the count to end.
            deferred_applied (DeferredAppliedEventData): The `data` of an event of type `deferred-applied`. d10: damage held
                by a simultaneous count lands now.
            held (HeldEventData): The `data` of an event of type `held`. d10: what a turn did to another creature on its
                count (healing, conditions, effects such as Dodge, forced movement) waits for the count to end.
            held_applied (HeldAppliedEventData): The `data` of an event of type `held-applied`. d10: a change held by a
                simultaneous count is made now.
            reactions_restored (ReactionsRestoredEventData): The `data` of an event of type `reactions-restored`. d10: a new
                round gives reactions back.
            damage (DamageEventData): The `data` of an event of type `damage`. A creature takes damage; `amount` is the
                damage.
            healing (HealingEventData): The `data` of an event of type `healing`. A creature regains HP; `amount` is what it
                regained.
            unconscious (UnconsciousEventData): The `data` of an event of type `unconscious`. A creature drops to 0 HP and
                falls unconscious.
            conscious (ConsciousEventData): The `data` of an event of type `conscious`. A creature at 0 HP regains HP and
                wakes up.
            knocked_out (KnockedOutEventData): The `data` of an event of type `knocked-out`. A melee attack knocks a
                creature out: unconscious and stable.
            death (DeathEventData): The `data` of an event of type `death`. A creature dies; `rule` says which death rule
                killed it.
            death_save_failure (DeathSaveFailureEventData): The `data` of an event of type `death-save-failure`. A creature
                at 0 HP suffers death-save failures; `amount` is how many.
            stable (StableEventData): The `data` of an event of type `stable`. A dying creature is stable.
            unstable (UnstableEventData): The `data` of an event of type `unstable`. A stable creature is damaged and dying
                again.
            no_effect (NoEffectEventData): The `data` of an event of type `no-effect`. Something was asked that the state
                makes pointless (said why).
            condition_ended (ConditionEndedEventData): The `data` of an event of type `condition-ended`. A condition or
                effect ends (its duration ran out, damage, the creature it named left).
            area_ended (AreaEndedEventData): The `data` of an event of type `area-ended`. An area (smoke...) ends at the
                start or end of its turn.
            hp_max_halved (HpMaxHalvedEventData): The `data` of an event of type `hp-max-halved`. Exhaustion level 4 halves
                a creature's hit point maximum.
            weapon_recovered (WeaponRecoveredEventData): The `data` of an event of type `weapon-recovered`. A creature picks
                up its dropped or flung weapon (an object interaction).
            weapon_dropped (WeaponDroppedEventData): The `data` of an event of type `weapon-dropped`. A creature falling
                unconscious drops the weapon it holds where it lies (`d20.cond`).
            ammunition_recovered (AmmunitionRecoveredEventData): The `data` of an event of type `ammunition-recovered`. A
                creature picks up spilled ammunition, or frees lodged ammunition.
            durations_ended (DurationsEndedEventData): The `data` of an event of type `durations-ended`. Round durations
                that ran out as a new round began.
            effect_ended (EffectEndedEventData): The `data` of an event of type `effect-ended`. An effect that counted uses
                is used up.
            move (MoveEventData): The `data` of an event of type `move`. A creature moves; `amount` is the feet spent.
            teleport (TeleportEventData): The `data` of an event of type `teleport`. A creature teleports: no path, no
                opportunity attacks.
            stand_up (StandUpEventData): The `data` of an event of type `stand-up`. A prone creature stands up (half its
                speed).
            drop_prone (DropProneEventData): The `data` of an event of type `drop-prone`. A creature drops prone (no
                movement).
            opportunity_attack (OpportunityAttackEventData): The `data` of an event of type `opportunity-attack`. A mover
                leaves a reactor's reach: it attacks.
            opportunity_attack_not_taken (OpportunityAttackNotTakenEventData): The `data` of an event of type `opportunity-
                attack-not-taken`. A mover leaves a reactor's reach: no attack (the message says why).
            dash (DashEventData): The `data` of an event of type `dash`. Dash: extra movement this turn.
            disengage (DisengageEventData): The `data` of an event of type `disengage`. Disengage: no opportunity attacks
                until the turn ends.
            dodge (DodgeEventData): The `data` of an event of type `dodge`. Dodge: attacks against it have disadvantage.
            help_ (HelpEventData): The `data` of an event of type `help`. Help: an ally's next check or attack has
                advantage.
            interact (InteractEventData): The `data` of an event of type `interact`. An object interaction (free, or the
                action).
            readied (ReadiedEventData): The `data` of an event of type `readied`. A creature readies an action for a
                trigger.
            readied_fired (ReadiedFiredEventData): The `data` of an event of type `readied-fired`. A readied action fires
                with the reaction.
            readied_declined (ReadiedDeclinedEventData): The `data` of an event of type `readied-declined`. A trigger passes
                without the readied action.
            readied_lapsed (ReadiedLapsedEventData): The `data` of an event of type `readied-lapsed`. A readied action
                lapses at the start of its owner's turn.
            concentration (ConcentrationEventData): The `data` of an event of type `concentration`. A readied spell is held
                with concentration.
            concentration_ended (ConcentrationEndedEventData): The `data` of an event of type `concentration-ended`.
                Concentration ends (a failed save, 0 HP, incapacitated, another spell readied).
            critical_band (CriticalBandEventData): The `data` of an event of type `critical-band`. The band a critical hit
                or fumble rolled on its table.
            critical_effect (CriticalEffectEventData): The `data` of an event of type `critical-effect`. One mechanical
                effect of a critical band, applied.
            critical_applied (CriticalAppliedEventData): The `data` of an event of type `critical-applied`. What a critical
                band did in all.
            choice_offered (ChoiceOfferedEventData): The `data` of an event of type `choice-offered`. A pending choice is
                offered (a critical table left it to a person).
            choice_accepted (ChoiceAcceptedEventData): The `data` of an event of type `choice-accepted`. A pending choice is
                accepted.
            choice_declined (ChoiceDeclinedEventData): The `data` of an event of type `choice-declined`. A pending choice is
                declined.
            choice_lapsed (ChoiceLapsedEventData): The `data` of an event of type `choice-lapsed`. A pending choice still
                open when the turn ends lapses, declined (d20.crit.effects decision 5).
            end_turn (EndTurnEventData): The `data` of an event of type `end-turn`. A critical band ends the creature's turn
                at once.
            weapon_moved (WeaponMovedEventData): The `data` of an event of type `weapon-moved`. A critical band moves a
                weapon out of its holder's hand.
            odds (OddsEventData): The `data` of an event of type `odds`. A summary of computed odds.
            ammo_spent (AmmoSpentEventData): The `data` of an event of type `ammo-spent`. d100: a shot spends a round;
                `amount` is what is left.
            reloaded (ReloadedEventData): The `data` of an event of type `reloaded`. d100: a weapon is reloaded; `amount` is
                the rounds loaded.
            speed_reduced (SpeedReducedEventData): The `data` of an event of type `speed-reduced`. d100: a creature's speed
                is reduced this turn.
            contest (ContestEventData): The `data` of an event of type `contest`. A contest of checks (shove, grapple,
                escape; a tie: the one trying to change the situation fails, d20.save).
            prone (ProneEventData): The `data` of an event of type `prone`. d100: a shove knocks a creature prone.
            pushed (PushedEventData): The `data` of an event of type `pushed`. d100: a shove pushes a creature 5 ft.
            push_blocked (PushBlockedEventData): The `data` of an event of type `push-blocked`. d100: a shove's push is
                blocked (the message says by what).
            grappled (GrappledEventData): The `data` of an event of type `grappled`. d100: a creature is grappled.
            grapple_ended (GrappleEndedEventData): The `data` of an event of type `grapple-ended`. d100: a grapple ends by
                itself (out of reach, the grappler down, the held creature dead).
            dragged (DraggedEventData): The `data` of an event of type `dragged`. d100: a grappler's move drags the creature
                it holds (forced movement).
            speed_changed (SpeedChangedEventData): The `data` of an event of type `speed-changed`. d100: a grapple changes a
                creature's speed during its turn; `amount` is the movement left.
            escaped (EscapedEventData): The `data` of an event of type `escaped`. d100: a grappled creature escapes.
            released (ReleasedEventData): The `data` of an event of type `released`. d100: a grappler lets go.
            found (FoundEventData): The `data` of an event of type `found`. A search finds a hidden creature (d20.hide,
                d100.hide.contest).
            not_found (NotFoundEventData): The `data` of an event of type `not-found`. A hidden creature stays hidden from a
                search.
            combatant_added (CombatantAddedEventData): The `data` of an event of type `combatant-added`. The DM adds a
                creature (addCombatant); `amount` is its initiative count, if any.
            combatant_removed (CombatantRemovedEventData): The `data` of an event of type `combatant-removed`. The DM
                removes a creature (removeCombatant), and what ended with it.
            combatant_updated (CombatantUpdatedEventData): The `data` of an event of type `combatant-updated`. The DM
                corrects a creature (updateCombatant): only the fields given change.
            revealed (RevealedEventData): The `data` of an event of type `revealed`. A hidden attacker gives away its
                location (d20.hide: when it attacks; d100: when it hits).
    """

    roll: RollEventData
    attack_roll: AttackRollEventData
    damage_roll: DamageRollEventData
    turn_start: TurnStartEventData
    turn_end: TurnEndEventData
    round_start: RoundStartEventData
    no_turn: NoTurnEventData
    fight_over: FightOverEventData
    turn_delayed: TurnDelayedEventData
    surprised: SurprisedEventData
    surprise_over: SurpriseOverEventData
    combat_start: CombatStartEventData
    aware: AwareEventData
    initiative_unaware: InitiativeUnawareEventData
    initiative_tie: InitiativeTieEventData
    initiative_companion: InitiativeCompanionEventData
    initiative_order: InitiativeOrderEventData
    initiative_changed: InitiativeChangedEventData
    initiative_waits: InitiativeWaitsEventData
    initiative_moved: InitiativeMovedEventData
    step_opened: StepOpenedEventData
    step_closed: StepClosedEventData
    deferred: DeferredEventData
    deferred_applied: DeferredAppliedEventData
    held: HeldEventData
    held_applied: HeldAppliedEventData
    reactions_restored: ReactionsRestoredEventData
    damage: DamageEventData
    healing: HealingEventData
    unconscious: UnconsciousEventData
    conscious: ConsciousEventData
    knocked_out: KnockedOutEventData
    death: DeathEventData
    death_save_failure: DeathSaveFailureEventData
    stable: StableEventData
    unstable: UnstableEventData
    no_effect: NoEffectEventData
    condition_ended: ConditionEndedEventData
    area_ended: AreaEndedEventData
    hp_max_halved: HpMaxHalvedEventData
    weapon_recovered: WeaponRecoveredEventData
    weapon_dropped: WeaponDroppedEventData
    ammunition_recovered: AmmunitionRecoveredEventData
    durations_ended: DurationsEndedEventData
    effect_ended: EffectEndedEventData
    move: MoveEventData
    teleport: TeleportEventData
    stand_up: StandUpEventData
    drop_prone: DropProneEventData
    opportunity_attack: OpportunityAttackEventData
    opportunity_attack_not_taken: OpportunityAttackNotTakenEventData
    dash: DashEventData
    disengage: DisengageEventData
    dodge: DodgeEventData
    help_: HelpEventData
    interact: InteractEventData
    readied: ReadiedEventData
    readied_fired: ReadiedFiredEventData
    readied_declined: ReadiedDeclinedEventData
    readied_lapsed: ReadiedLapsedEventData
    concentration: ConcentrationEventData
    concentration_ended: ConcentrationEndedEventData
    critical_band: CriticalBandEventData
    critical_effect: CriticalEffectEventData
    critical_applied: CriticalAppliedEventData
    choice_offered: ChoiceOfferedEventData
    choice_accepted: ChoiceAcceptedEventData
    choice_declined: ChoiceDeclinedEventData
    choice_lapsed: ChoiceLapsedEventData
    end_turn: EndTurnEventData
    weapon_moved: WeaponMovedEventData
    odds: OddsEventData
    ammo_spent: AmmoSpentEventData
    reloaded: ReloadedEventData
    speed_reduced: SpeedReducedEventData
    contest: ContestEventData
    prone: ProneEventData
    pushed: PushedEventData
    push_blocked: PushBlockedEventData
    grappled: GrappledEventData
    grapple_ended: GrappleEndedEventData
    dragged: DraggedEventData
    speed_changed: SpeedChangedEventData
    escaped: EscapedEventData
    released: ReleasedEventData
    found: FoundEventData
    not_found: NotFoundEventData
    combatant_added: CombatantAddedEventData
    combatant_removed: CombatantRemovedEventData
    combatant_updated: CombatantUpdatedEventData
    revealed: RevealedEventData

    def to_dict(self) -> dict[str, Any]:
        roll = self.roll.to_dict()

        attack_roll = self.attack_roll.to_dict()

        damage_roll = self.damage_roll.to_dict()

        turn_start = self.turn_start.to_dict()

        turn_end = self.turn_end.to_dict()

        round_start = self.round_start.to_dict()

        no_turn = self.no_turn.to_dict()

        fight_over = self.fight_over.to_dict()

        turn_delayed = self.turn_delayed.to_dict()

        surprised = self.surprised.to_dict()

        surprise_over = self.surprise_over.to_dict()

        combat_start = self.combat_start.to_dict()

        aware = self.aware.to_dict()

        initiative_unaware = self.initiative_unaware.to_dict()

        initiative_tie = self.initiative_tie.to_dict()

        initiative_companion = self.initiative_companion.to_dict()

        initiative_order = self.initiative_order.to_dict()

        initiative_changed = self.initiative_changed.to_dict()

        initiative_waits = self.initiative_waits.to_dict()

        initiative_moved = self.initiative_moved.to_dict()

        step_opened = self.step_opened.to_dict()

        step_closed = self.step_closed.to_dict()

        deferred = self.deferred.to_dict()

        deferred_applied = self.deferred_applied.to_dict()

        held = self.held.to_dict()

        held_applied = self.held_applied.to_dict()

        reactions_restored = self.reactions_restored.to_dict()

        damage = self.damage.to_dict()

        healing = self.healing.to_dict()

        unconscious = self.unconscious.to_dict()

        conscious = self.conscious.to_dict()

        knocked_out = self.knocked_out.to_dict()

        death = self.death.to_dict()

        death_save_failure = self.death_save_failure.to_dict()

        stable = self.stable.to_dict()

        unstable = self.unstable.to_dict()

        no_effect = self.no_effect.to_dict()

        condition_ended = self.condition_ended.to_dict()

        area_ended = self.area_ended.to_dict()

        hp_max_halved = self.hp_max_halved.to_dict()

        weapon_recovered = self.weapon_recovered.to_dict()

        weapon_dropped = self.weapon_dropped.to_dict()

        ammunition_recovered = self.ammunition_recovered.to_dict()

        durations_ended = self.durations_ended.to_dict()

        effect_ended = self.effect_ended.to_dict()

        move = self.move.to_dict()

        teleport = self.teleport.to_dict()

        stand_up = self.stand_up.to_dict()

        drop_prone = self.drop_prone.to_dict()

        opportunity_attack = self.opportunity_attack.to_dict()

        opportunity_attack_not_taken = self.opportunity_attack_not_taken.to_dict()

        dash = self.dash.to_dict()

        disengage = self.disengage.to_dict()

        dodge = self.dodge.to_dict()

        help_ = self.help_.to_dict()

        interact = self.interact.to_dict()

        readied = self.readied.to_dict()

        readied_fired = self.readied_fired.to_dict()

        readied_declined = self.readied_declined.to_dict()

        readied_lapsed = self.readied_lapsed.to_dict()

        concentration = self.concentration.to_dict()

        concentration_ended = self.concentration_ended.to_dict()

        critical_band = self.critical_band.to_dict()

        critical_effect = self.critical_effect.to_dict()

        critical_applied = self.critical_applied.to_dict()

        choice_offered = self.choice_offered.to_dict()

        choice_accepted = self.choice_accepted.to_dict()

        choice_declined = self.choice_declined.to_dict()

        choice_lapsed = self.choice_lapsed.to_dict()

        end_turn = self.end_turn.to_dict()

        weapon_moved = self.weapon_moved.to_dict()

        odds = self.odds.to_dict()

        ammo_spent = self.ammo_spent.to_dict()

        reloaded = self.reloaded.to_dict()

        speed_reduced = self.speed_reduced.to_dict()

        contest = self.contest.to_dict()

        prone = self.prone.to_dict()

        pushed = self.pushed.to_dict()

        push_blocked = self.push_blocked.to_dict()

        grappled = self.grappled.to_dict()

        grapple_ended = self.grapple_ended.to_dict()

        dragged = self.dragged.to_dict()

        speed_changed = self.speed_changed.to_dict()

        escaped = self.escaped.to_dict()

        released = self.released.to_dict()

        found = self.found.to_dict()

        not_found = self.not_found.to_dict()

        combatant_added = self.combatant_added.to_dict()

        combatant_removed = self.combatant_removed.to_dict()

        combatant_updated = self.combatant_updated.to_dict()

        revealed = self.revealed.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "roll": roll,
                "attack-roll": attack_roll,
                "damage-roll": damage_roll,
                "turn-start": turn_start,
                "turn-end": turn_end,
                "round-start": round_start,
                "no-turn": no_turn,
                "fight-over": fight_over,
                "turn-delayed": turn_delayed,
                "surprised": surprised,
                "surprise-over": surprise_over,
                "combat-start": combat_start,
                "aware": aware,
                "initiative-unaware": initiative_unaware,
                "initiative-tie": initiative_tie,
                "initiative-companion": initiative_companion,
                "initiative-order": initiative_order,
                "initiative-changed": initiative_changed,
                "initiative-waits": initiative_waits,
                "initiative-moved": initiative_moved,
                "step-opened": step_opened,
                "step-closed": step_closed,
                "deferred": deferred,
                "deferred-applied": deferred_applied,
                "held": held,
                "held-applied": held_applied,
                "reactions-restored": reactions_restored,
                "damage": damage,
                "healing": healing,
                "unconscious": unconscious,
                "conscious": conscious,
                "knocked-out": knocked_out,
                "death": death,
                "death-save-failure": death_save_failure,
                "stable": stable,
                "unstable": unstable,
                "no-effect": no_effect,
                "condition-ended": condition_ended,
                "area-ended": area_ended,
                "hp-max-halved": hp_max_halved,
                "weapon-recovered": weapon_recovered,
                "weapon-dropped": weapon_dropped,
                "ammunition-recovered": ammunition_recovered,
                "durations-ended": durations_ended,
                "effect-ended": effect_ended,
                "move": move,
                "teleport": teleport,
                "stand-up": stand_up,
                "drop-prone": drop_prone,
                "opportunity-attack": opportunity_attack,
                "opportunity-attack-not-taken": opportunity_attack_not_taken,
                "dash": dash,
                "disengage": disengage,
                "dodge": dodge,
                "help": help_,
                "interact": interact,
                "readied": readied,
                "readied-fired": readied_fired,
                "readied-declined": readied_declined,
                "readied-lapsed": readied_lapsed,
                "concentration": concentration,
                "concentration-ended": concentration_ended,
                "critical-band": critical_band,
                "critical-effect": critical_effect,
                "critical-applied": critical_applied,
                "choice-offered": choice_offered,
                "choice-accepted": choice_accepted,
                "choice-declined": choice_declined,
                "choice-lapsed": choice_lapsed,
                "end-turn": end_turn,
                "weapon-moved": weapon_moved,
                "odds": odds,
                "ammo-spent": ammo_spent,
                "reloaded": reloaded,
                "speed-reduced": speed_reduced,
                "contest": contest,
                "prone": prone,
                "pushed": pushed,
                "push-blocked": push_blocked,
                "grappled": grappled,
                "grapple-ended": grapple_ended,
                "dragged": dragged,
                "speed-changed": speed_changed,
                "escaped": escaped,
                "released": released,
                "found": found,
                "not-found": not_found,
                "combatant-added": combatant_added,
                "combatant-removed": combatant_removed,
                "combatant-updated": combatant_updated,
                "revealed": revealed,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ammo_spent_event_data import AmmoSpentEventData  # noqa: PLC0415
        from ..models.ammunition_recovered_event_data import AmmunitionRecoveredEventData  # noqa: PLC0415
        from ..models.area_ended_event_data import AreaEndedEventData  # noqa: PLC0415
        from ..models.attack_roll_event_data import AttackRollEventData  # noqa: PLC0415
        from ..models.aware_event_data import AwareEventData  # noqa: PLC0415
        from ..models.choice_accepted_event_data import ChoiceAcceptedEventData  # noqa: PLC0415
        from ..models.choice_declined_event_data import ChoiceDeclinedEventData  # noqa: PLC0415
        from ..models.choice_lapsed_event_data import ChoiceLapsedEventData  # noqa: PLC0415
        from ..models.choice_offered_event_data import ChoiceOfferedEventData  # noqa: PLC0415
        from ..models.combat_start_event_data import CombatStartEventData  # noqa: PLC0415
        from ..models.combatant_added_event_data import CombatantAddedEventData  # noqa: PLC0415
        from ..models.combatant_removed_event_data import CombatantRemovedEventData  # noqa: PLC0415
        from ..models.combatant_updated_event_data import CombatantUpdatedEventData  # noqa: PLC0415
        from ..models.concentration_ended_event_data import ConcentrationEndedEventData  # noqa: PLC0415
        from ..models.concentration_event_data import ConcentrationEventData  # noqa: PLC0415
        from ..models.condition_ended_event_data import ConditionEndedEventData  # noqa: PLC0415
        from ..models.conscious_event_data import ConsciousEventData  # noqa: PLC0415
        from ..models.contest_event_data import ContestEventData  # noqa: PLC0415
        from ..models.critical_applied_event_data import CriticalAppliedEventData  # noqa: PLC0415
        from ..models.critical_band_event_data import CriticalBandEventData  # noqa: PLC0415
        from ..models.critical_effect_event_data import CriticalEffectEventData  # noqa: PLC0415
        from ..models.damage_event_data import DamageEventData  # noqa: PLC0415
        from ..models.damage_roll_event_data import DamageRollEventData  # noqa: PLC0415
        from ..models.dash_event_data import DashEventData  # noqa: PLC0415
        from ..models.death_event_data import DeathEventData  # noqa: PLC0415
        from ..models.death_save_failure_event_data import DeathSaveFailureEventData  # noqa: PLC0415
        from ..models.deferred_applied_event_data import DeferredAppliedEventData  # noqa: PLC0415
        from ..models.deferred_event_data import DeferredEventData  # noqa: PLC0415
        from ..models.disengage_event_data import DisengageEventData  # noqa: PLC0415
        from ..models.dodge_event_data import DodgeEventData  # noqa: PLC0415
        from ..models.dragged_event_data import DraggedEventData  # noqa: PLC0415
        from ..models.drop_prone_event_data import DropProneEventData  # noqa: PLC0415
        from ..models.durations_ended_event_data import DurationsEndedEventData  # noqa: PLC0415
        from ..models.effect_ended_event_data import EffectEndedEventData  # noqa: PLC0415
        from ..models.end_turn_event_data import EndTurnEventData  # noqa: PLC0415
        from ..models.escaped_event_data import EscapedEventData  # noqa: PLC0415
        from ..models.fight_over_event_data import FightOverEventData  # noqa: PLC0415
        from ..models.found_event_data import FoundEventData  # noqa: PLC0415
        from ..models.grapple_ended_event_data import GrappleEndedEventData  # noqa: PLC0415
        from ..models.grappled_event_data import GrappledEventData  # noqa: PLC0415
        from ..models.healing_event_data import HealingEventData  # noqa: PLC0415
        from ..models.held_applied_event_data import HeldAppliedEventData  # noqa: PLC0415
        from ..models.held_event_data import HeldEventData  # noqa: PLC0415
        from ..models.help_event_data import HelpEventData  # noqa: PLC0415
        from ..models.hp_max_halved_event_data import HpMaxHalvedEventData  # noqa: PLC0415
        from ..models.initiative_changed_event_data import InitiativeChangedEventData  # noqa: PLC0415
        from ..models.initiative_companion_event_data import InitiativeCompanionEventData  # noqa: PLC0415
        from ..models.initiative_moved_event_data import InitiativeMovedEventData  # noqa: PLC0415
        from ..models.initiative_order_event_data import InitiativeOrderEventData  # noqa: PLC0415
        from ..models.initiative_tie_event_data import InitiativeTieEventData  # noqa: PLC0415
        from ..models.initiative_unaware_event_data import InitiativeUnawareEventData  # noqa: PLC0415
        from ..models.initiative_waits_event_data import InitiativeWaitsEventData  # noqa: PLC0415
        from ..models.interact_event_data import InteractEventData  # noqa: PLC0415
        from ..models.knocked_out_event_data import KnockedOutEventData  # noqa: PLC0415
        from ..models.move_event_data import MoveEventData  # noqa: PLC0415
        from ..models.no_effect_event_data import NoEffectEventData  # noqa: PLC0415
        from ..models.no_turn_event_data import NoTurnEventData  # noqa: PLC0415
        from ..models.not_found_event_data import NotFoundEventData  # noqa: PLC0415
        from ..models.odds_event_data import OddsEventData  # noqa: PLC0415
        from ..models.opportunity_attack_event_data import OpportunityAttackEventData  # noqa: PLC0415
        from ..models.opportunity_attack_not_taken_event_data import OpportunityAttackNotTakenEventData  # noqa: PLC0415
        from ..models.prone_event_data import ProneEventData  # noqa: PLC0415
        from ..models.push_blocked_event_data import PushBlockedEventData  # noqa: PLC0415
        from ..models.pushed_event_data import PushedEventData  # noqa: PLC0415
        from ..models.reactions_restored_event_data import ReactionsRestoredEventData  # noqa: PLC0415
        from ..models.readied_declined_event_data import ReadiedDeclinedEventData  # noqa: PLC0415
        from ..models.readied_event_data import ReadiedEventData  # noqa: PLC0415
        from ..models.readied_fired_event_data import ReadiedFiredEventData  # noqa: PLC0415
        from ..models.readied_lapsed_event_data import ReadiedLapsedEventData  # noqa: PLC0415
        from ..models.released_event_data import ReleasedEventData  # noqa: PLC0415
        from ..models.reloaded_event_data import ReloadedEventData  # noqa: PLC0415
        from ..models.revealed_event_data import RevealedEventData  # noqa: PLC0415
        from ..models.roll_event_data import RollEventData  # noqa: PLC0415
        from ..models.round_start_event_data import RoundStartEventData  # noqa: PLC0415
        from ..models.speed_changed_event_data import SpeedChangedEventData  # noqa: PLC0415
        from ..models.speed_reduced_event_data import SpeedReducedEventData  # noqa: PLC0415
        from ..models.stable_event_data import StableEventData  # noqa: PLC0415
        from ..models.stand_up_event_data import StandUpEventData  # noqa: PLC0415
        from ..models.step_closed_event_data import StepClosedEventData  # noqa: PLC0415
        from ..models.step_opened_event_data import StepOpenedEventData  # noqa: PLC0415
        from ..models.surprise_over_event_data import SurpriseOverEventData  # noqa: PLC0415
        from ..models.surprised_event_data import SurprisedEventData  # noqa: PLC0415
        from ..models.teleport_event_data import TeleportEventData  # noqa: PLC0415
        from ..models.turn_delayed_event_data import TurnDelayedEventData  # noqa: PLC0415
        from ..models.turn_end_event_data import TurnEndEventData  # noqa: PLC0415
        from ..models.turn_start_event_data import TurnStartEventData  # noqa: PLC0415
        from ..models.unconscious_event_data import UnconsciousEventData  # noqa: PLC0415
        from ..models.unstable_event_data import UnstableEventData  # noqa: PLC0415
        from ..models.weapon_dropped_event_data import WeaponDroppedEventData  # noqa: PLC0415
        from ..models.weapon_moved_event_data import WeaponMovedEventData  # noqa: PLC0415
        from ..models.weapon_recovered_event_data import WeaponRecoveredEventData  # noqa: PLC0415

        d = dict(src_dict)
        roll = RollEventData.from_dict(d.pop("roll"))

        attack_roll = AttackRollEventData.from_dict(d.pop("attack-roll"))

        damage_roll = DamageRollEventData.from_dict(d.pop("damage-roll"))

        turn_start = TurnStartEventData.from_dict(d.pop("turn-start"))

        turn_end = TurnEndEventData.from_dict(d.pop("turn-end"))

        round_start = RoundStartEventData.from_dict(d.pop("round-start"))

        no_turn = NoTurnEventData.from_dict(d.pop("no-turn"))

        fight_over = FightOverEventData.from_dict(d.pop("fight-over"))

        turn_delayed = TurnDelayedEventData.from_dict(d.pop("turn-delayed"))

        surprised = SurprisedEventData.from_dict(d.pop("surprised"))

        surprise_over = SurpriseOverEventData.from_dict(d.pop("surprise-over"))

        combat_start = CombatStartEventData.from_dict(d.pop("combat-start"))

        aware = AwareEventData.from_dict(d.pop("aware"))

        initiative_unaware = InitiativeUnawareEventData.from_dict(d.pop("initiative-unaware"))

        initiative_tie = InitiativeTieEventData.from_dict(d.pop("initiative-tie"))

        initiative_companion = InitiativeCompanionEventData.from_dict(d.pop("initiative-companion"))

        initiative_order = InitiativeOrderEventData.from_dict(d.pop("initiative-order"))

        initiative_changed = InitiativeChangedEventData.from_dict(d.pop("initiative-changed"))

        initiative_waits = InitiativeWaitsEventData.from_dict(d.pop("initiative-waits"))

        initiative_moved = InitiativeMovedEventData.from_dict(d.pop("initiative-moved"))

        step_opened = StepOpenedEventData.from_dict(d.pop("step-opened"))

        step_closed = StepClosedEventData.from_dict(d.pop("step-closed"))

        deferred = DeferredEventData.from_dict(d.pop("deferred"))

        deferred_applied = DeferredAppliedEventData.from_dict(d.pop("deferred-applied"))

        held = HeldEventData.from_dict(d.pop("held"))

        held_applied = HeldAppliedEventData.from_dict(d.pop("held-applied"))

        reactions_restored = ReactionsRestoredEventData.from_dict(d.pop("reactions-restored"))

        damage = DamageEventData.from_dict(d.pop("damage"))

        healing = HealingEventData.from_dict(d.pop("healing"))

        unconscious = UnconsciousEventData.from_dict(d.pop("unconscious"))

        conscious = ConsciousEventData.from_dict(d.pop("conscious"))

        knocked_out = KnockedOutEventData.from_dict(d.pop("knocked-out"))

        death = DeathEventData.from_dict(d.pop("death"))

        death_save_failure = DeathSaveFailureEventData.from_dict(d.pop("death-save-failure"))

        stable = StableEventData.from_dict(d.pop("stable"))

        unstable = UnstableEventData.from_dict(d.pop("unstable"))

        no_effect = NoEffectEventData.from_dict(d.pop("no-effect"))

        condition_ended = ConditionEndedEventData.from_dict(d.pop("condition-ended"))

        area_ended = AreaEndedEventData.from_dict(d.pop("area-ended"))

        hp_max_halved = HpMaxHalvedEventData.from_dict(d.pop("hp-max-halved"))

        weapon_recovered = WeaponRecoveredEventData.from_dict(d.pop("weapon-recovered"))

        weapon_dropped = WeaponDroppedEventData.from_dict(d.pop("weapon-dropped"))

        ammunition_recovered = AmmunitionRecoveredEventData.from_dict(d.pop("ammunition-recovered"))

        durations_ended = DurationsEndedEventData.from_dict(d.pop("durations-ended"))

        effect_ended = EffectEndedEventData.from_dict(d.pop("effect-ended"))

        move = MoveEventData.from_dict(d.pop("move"))

        teleport = TeleportEventData.from_dict(d.pop("teleport"))

        stand_up = StandUpEventData.from_dict(d.pop("stand-up"))

        drop_prone = DropProneEventData.from_dict(d.pop("drop-prone"))

        opportunity_attack = OpportunityAttackEventData.from_dict(d.pop("opportunity-attack"))

        opportunity_attack_not_taken = OpportunityAttackNotTakenEventData.from_dict(
            d.pop("opportunity-attack-not-taken")
        )

        dash = DashEventData.from_dict(d.pop("dash"))

        disengage = DisengageEventData.from_dict(d.pop("disengage"))

        dodge = DodgeEventData.from_dict(d.pop("dodge"))

        help_ = HelpEventData.from_dict(d.pop("help"))

        interact = InteractEventData.from_dict(d.pop("interact"))

        readied = ReadiedEventData.from_dict(d.pop("readied"))

        readied_fired = ReadiedFiredEventData.from_dict(d.pop("readied-fired"))

        readied_declined = ReadiedDeclinedEventData.from_dict(d.pop("readied-declined"))

        readied_lapsed = ReadiedLapsedEventData.from_dict(d.pop("readied-lapsed"))

        concentration = ConcentrationEventData.from_dict(d.pop("concentration"))

        concentration_ended = ConcentrationEndedEventData.from_dict(d.pop("concentration-ended"))

        critical_band = CriticalBandEventData.from_dict(d.pop("critical-band"))

        critical_effect = CriticalEffectEventData.from_dict(d.pop("critical-effect"))

        critical_applied = CriticalAppliedEventData.from_dict(d.pop("critical-applied"))

        choice_offered = ChoiceOfferedEventData.from_dict(d.pop("choice-offered"))

        choice_accepted = ChoiceAcceptedEventData.from_dict(d.pop("choice-accepted"))

        choice_declined = ChoiceDeclinedEventData.from_dict(d.pop("choice-declined"))

        choice_lapsed = ChoiceLapsedEventData.from_dict(d.pop("choice-lapsed"))

        end_turn = EndTurnEventData.from_dict(d.pop("end-turn"))

        weapon_moved = WeaponMovedEventData.from_dict(d.pop("weapon-moved"))

        odds = OddsEventData.from_dict(d.pop("odds"))

        ammo_spent = AmmoSpentEventData.from_dict(d.pop("ammo-spent"))

        reloaded = ReloadedEventData.from_dict(d.pop("reloaded"))

        speed_reduced = SpeedReducedEventData.from_dict(d.pop("speed-reduced"))

        contest = ContestEventData.from_dict(d.pop("contest"))

        prone = ProneEventData.from_dict(d.pop("prone"))

        pushed = PushedEventData.from_dict(d.pop("pushed"))

        push_blocked = PushBlockedEventData.from_dict(d.pop("push-blocked"))

        grappled = GrappledEventData.from_dict(d.pop("grappled"))

        grapple_ended = GrappleEndedEventData.from_dict(d.pop("grapple-ended"))

        dragged = DraggedEventData.from_dict(d.pop("dragged"))

        speed_changed = SpeedChangedEventData.from_dict(d.pop("speed-changed"))

        escaped = EscapedEventData.from_dict(d.pop("escaped"))

        released = ReleasedEventData.from_dict(d.pop("released"))

        found = FoundEventData.from_dict(d.pop("found"))

        not_found = NotFoundEventData.from_dict(d.pop("not-found"))

        combatant_added = CombatantAddedEventData.from_dict(d.pop("combatant-added"))

        combatant_removed = CombatantRemovedEventData.from_dict(d.pop("combatant-removed"))

        combatant_updated = CombatantUpdatedEventData.from_dict(d.pop("combatant-updated"))

        revealed = RevealedEventData.from_dict(d.pop("revealed"))

        event_data_by_type = cls(
            roll=roll,
            attack_roll=attack_roll,
            damage_roll=damage_roll,
            turn_start=turn_start,
            turn_end=turn_end,
            round_start=round_start,
            no_turn=no_turn,
            fight_over=fight_over,
            turn_delayed=turn_delayed,
            surprised=surprised,
            surprise_over=surprise_over,
            combat_start=combat_start,
            aware=aware,
            initiative_unaware=initiative_unaware,
            initiative_tie=initiative_tie,
            initiative_companion=initiative_companion,
            initiative_order=initiative_order,
            initiative_changed=initiative_changed,
            initiative_waits=initiative_waits,
            initiative_moved=initiative_moved,
            step_opened=step_opened,
            step_closed=step_closed,
            deferred=deferred,
            deferred_applied=deferred_applied,
            held=held,
            held_applied=held_applied,
            reactions_restored=reactions_restored,
            damage=damage,
            healing=healing,
            unconscious=unconscious,
            conscious=conscious,
            knocked_out=knocked_out,
            death=death,
            death_save_failure=death_save_failure,
            stable=stable,
            unstable=unstable,
            no_effect=no_effect,
            condition_ended=condition_ended,
            area_ended=area_ended,
            hp_max_halved=hp_max_halved,
            weapon_recovered=weapon_recovered,
            weapon_dropped=weapon_dropped,
            ammunition_recovered=ammunition_recovered,
            durations_ended=durations_ended,
            effect_ended=effect_ended,
            move=move,
            teleport=teleport,
            stand_up=stand_up,
            drop_prone=drop_prone,
            opportunity_attack=opportunity_attack,
            opportunity_attack_not_taken=opportunity_attack_not_taken,
            dash=dash,
            disengage=disengage,
            dodge=dodge,
            help_=help_,
            interact=interact,
            readied=readied,
            readied_fired=readied_fired,
            readied_declined=readied_declined,
            readied_lapsed=readied_lapsed,
            concentration=concentration,
            concentration_ended=concentration_ended,
            critical_band=critical_band,
            critical_effect=critical_effect,
            critical_applied=critical_applied,
            choice_offered=choice_offered,
            choice_accepted=choice_accepted,
            choice_declined=choice_declined,
            choice_lapsed=choice_lapsed,
            end_turn=end_turn,
            weapon_moved=weapon_moved,
            odds=odds,
            ammo_spent=ammo_spent,
            reloaded=reloaded,
            speed_reduced=speed_reduced,
            contest=contest,
            prone=prone,
            pushed=pushed,
            push_blocked=push_blocked,
            grappled=grappled,
            grapple_ended=grapple_ended,
            dragged=dragged,
            speed_changed=speed_changed,
            escaped=escaped,
            released=released,
            found=found,
            not_found=not_found,
            combatant_added=combatant_added,
            combatant_removed=combatant_removed,
            combatant_updated=combatant_updated,
            revealed=revealed,
        )

        return event_data_by_type
