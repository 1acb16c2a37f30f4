"""Contains all the data models used in inputs/outputs"""

from .abilities import Abilities
from .abilities_output import AbilitiesOutput
from .ability_name import AbilityName
from .add_combatant_request import AddCombatantRequest
from .add_combatant_result import AddCombatantResult
from .add_combatant_session_request import AddCombatantSessionRequest
from .add_combatant_session_result import AddCombatantSessionResult
from .ammo_spent_event import AmmoSpentEvent
from .ammo_spent_event_data import AmmoSpentEventData
from .ammunition_recovered_event import AmmunitionRecoveredEvent
from .ammunition_recovered_event_data import AmmunitionRecoveredEventData
from .apply_damage_request import ApplyDamageRequest
from .apply_damage_result import ApplyDamageResult
from .apply_damage_session_request import ApplyDamageSessionRequest
from .apply_damage_session_result import ApplyDamageSessionResult
from .area import Area
from .area_ended_event import AreaEndedEvent
from .area_ended_event_data import AreaEndedEventData
from .area_output import AreaOutput
from .attack import Attack
from .attack_ammo_problem import AttackAmmoProblem
from .attack_components import AttackComponents
from .attack_kind import AttackKind
from .attack_odds_outcome import AttackOddsOutcome
from .attack_odds_request import AttackOddsRequest
from .attack_odds_result import AttackOddsResult
from .attack_odds_session_request import AttackOddsSessionRequest
from .attack_odds_session_result import AttackOddsSessionResult
from .attack_outcome import AttackOutcome
from .attack_output import AttackOutput
from .attack_reach import AttackReach
from .attack_roll_event import AttackRollEvent
from .attack_roll_event_data import AttackRollEventData
from .aware_event import AwareEvent
from .aware_event_data import AwareEventData
from .band_chance import BandChance
from .cell import Cell
from .choice_accepted_event import ChoiceAcceptedEvent
from .choice_accepted_event_data import ChoiceAcceptedEventData
from .choice_declined_event import ChoiceDeclinedEvent
from .choice_declined_event_data import ChoiceDeclinedEventData
from .choice_lapsed_event import ChoiceLapsedEvent
from .choice_lapsed_event_data import ChoiceLapsedEventData
from .choice_offered_event import ChoiceOfferedEvent
from .choice_offered_event_data import ChoiceOfferedEventData
from .choice_outcome import ChoiceOutcome
from .combat_start_event import CombatStartEvent
from .combat_start_event_data import CombatStartEventData
from .combatant import Combatant
from .combatant_added_event import CombatantAddedEvent
from .combatant_added_event_data import CombatantAddedEventData
from .combatant_added_outcome import CombatantAddedOutcome
from .combatant_ammunition import CombatantAmmunition
from .combatant_kind import CombatantKind
from .combatant_output import CombatantOutput
from .combatant_output_ammunition import CombatantOutputAmmunition
from .combatant_output_skills import CombatantOutputSkills
from .combatant_removed_event import CombatantRemovedEvent
from .combatant_removed_event_data import CombatantRemovedEventData
from .combatant_removed_outcome import CombatantRemovedOutcome
from .combatant_skills import CombatantSkills
from .combatant_updated_event import CombatantUpdatedEvent
from .combatant_updated_event_data import CombatantUpdatedEventData
from .combatant_updated_event_data_after import CombatantUpdatedEventDataAfter
from .combatant_updated_event_data_before import CombatantUpdatedEventDataBefore
from .combatant_updated_outcome import CombatantUpdatedOutcome
from .concentration_ended_event import ConcentrationEndedEvent
from .concentration_ended_event_data import ConcentrationEndedEventData
from .concentration_event import ConcentrationEvent
from .concentration_event_data import ConcentrationEventData
from .condition import Condition
from .condition_ended_event import ConditionEndedEvent
from .condition_ended_event_data import ConditionEndedEventData
from .condition_output import ConditionOutput
from .conscious_event import ConsciousEvent
from .conscious_event_data import ConsciousEventData
from .contest_event import ContestEvent
from .contest_event_data import ContestEventData
from .contest_outcome import ContestOutcome
from .contest_side import ContestSide
from .cover_degree import CoverDegree
from .cover_outcome import CoverOutcome
from .cover_request import CoverRequest
from .cover_result import CoverResult
from .cover_session_request import CoverSessionRequest
from .cover_session_result import CoverSessionResult
from .cover_source import CoverSource
from .create_seat_request import CreateSeatRequest
from .create_seat_request_approval import CreateSeatRequestApproval
from .create_session_request import CreateSessionRequest
from .critical_applied_event import CriticalAppliedEvent
from .critical_applied_event_data import CriticalAppliedEventData
from .critical_band_event import CriticalBandEvent
from .critical_band_event_data import CriticalBandEventData
from .critical_effect_event import CriticalEffectEvent
from .critical_effect_event_data import CriticalEffectEventData
from .damage_chance import DamageChance
from .damage_event import DamageEvent
from .damage_event_data import DamageEventData
from .damage_outcome import DamageOutcome
from .damage_roll_event import DamageRollEvent
from .damage_roll_event_data import DamageRollEventData
from .dash_event import DashEvent
from .dash_event_data import DashEventData
from .dash_request import DashRequest
from .dash_result import DashResult
from .dash_session_request import DashSessionRequest
from .dash_session_result import DashSessionResult
from .death_event import DeathEvent
from .death_event_data import DeathEventData
from .death_save import DeathSave
from .death_save_failure_event import DeathSaveFailureEvent
from .death_save_failure_event_data import DeathSaveFailureEventData
from .death_saves import DeathSaves
from .death_saves_output import DeathSavesOutput
from .deferred_applied_event import DeferredAppliedEvent
from .deferred_applied_event_data import DeferredAppliedEventData
from .deferred_damage import DeferredDamage
from .deferred_damage_output import DeferredDamageOutput
from .deferred_event import DeferredEvent
from .deferred_event_data import DeferredEventData
from .dice_check import DiceCheck
from .dice_rolled_outcome import DiceRolledOutcome
from .die import Die
from .difference import Difference
from .disengage_event import DisengageEvent
from .disengage_event_data import DisengageEventData
from .disengage_request import DisengageRequest
from .disengage_result import DisengageResult
from .disengage_session_request import DisengageSessionRequest
from .disengage_session_result import DisengageSessionResult
from .dodge_event import DodgeEvent
from .dodge_event_data import DodgeEventData
from .dodge_request import DodgeRequest
from .dodge_result import DodgeResult
from .dodge_session_request import DodgeSessionRequest
from .dodge_session_result import DodgeSessionResult
from .dragged_event import DraggedEvent
from .dragged_event_data import DraggedEventData
from .drink_potion_request import DrinkPotionRequest
from .drink_potion_result import DrinkPotionResult
from .drink_potion_session_request import DrinkPotionSessionRequest
from .drink_potion_session_result import DrinkPotionSessionResult
from .drop_prone_event import DropProneEvent
from .drop_prone_event_data import DropProneEventData
from .drop_prone_request import DropProneRequest
from .drop_prone_result import DropProneResult
from .drop_prone_session_request import DropProneSessionRequest
from .drop_prone_session_result import DropProneSessionResult
from .duration import Duration
from .duration_ends import DurationEnds
from .duration_output import DurationOutput
from .durations_ended_event import DurationsEndedEvent
from .durations_ended_event_data import DurationsEndedEventData
from .effect import Effect
from .effect_ended_event import EffectEndedEvent
from .effect_ended_event_data import EffectEndedEventData
from .effect_output import EffectOutput
from .encounter import Encounter
from .encounter_odds_outcome import EncounterOddsOutcome
from .encounter_odds_request import EncounterOddsRequest
from .encounter_odds_result import EncounterOddsResult
from .encounter_odds_session_request import EncounterOddsSessionRequest
from .encounter_odds_session_result import EncounterOddsSessionResult
from .encounter_output import EncounterOutput
from .end_turn_event import EndTurnEvent
from .end_turn_event_data import EndTurnEventData
from .escape_grapple_request import EscapeGrappleRequest
from .escape_grapple_result import EscapeGrappleResult
from .escape_grapple_session_request import EscapeGrappleSessionRequest
from .escape_grapple_session_result import EscapeGrappleSessionResult
from .escaped_event import EscapedEvent
from .escaped_event_data import EscapedEventData
from .event import Event
from .event_data import EventData
from .event_data_by_type import EventDataByType
from .event_page import EventPage
from .event_type import EventType
from .fight_over_event import FightOverEvent
from .fight_over_event_data import FightOverEventData
from .flanking_outcome import FlankingOutcome
from .flanking_request import FlankingRequest
from .flanking_result import FlankingResult
from .flanking_session_request import FlankingSessionRequest
from .flanking_session_result import FlankingSessionResult
from .fork_session_request import ForkSessionRequest
from .found_event import FoundEvent
from .found_event_data import FoundEventData
from .grapple_ended_event import GrappleEndedEvent
from .grapple_ended_event_data import GrappleEndedEventData
from .grapple_request import GrappleRequest
from .grapple_result import GrappleResult
from .grapple_session_request import GrappleSessionRequest
from .grapple_session_result import GrappleSessionResult
from .grappled_event import GrappledEvent
from .grappled_event_data import GrappledEventData
from .grid import Grid
from .grid_hex_orientation import GridHexOrientation
from .grid_kind import GridKind
from .grid_output import GridOutput
from .heal_outcome import HealOutcome
from .heal_request import HealRequest
from .heal_result import HealResult
from .heal_session_request import HealSessionRequest
from .heal_session_result import HealSessionResult
from .healing_event import HealingEvent
from .healing_event_data import HealingEventData
from .held_applied_event import HeldAppliedEvent
from .held_applied_event_data import HeldAppliedEventData
from .held_change import HeldChange
from .held_change_output import HeldChangeOutput
from .held_event import HeldEvent
from .held_event_data import HeldEventData
from .help_event import HelpEvent
from .help_event_data import HelpEventData
from .help_outcome import HelpOutcome
from .help_request import HelpRequest
from .help_result import HelpResult
from .help_session_request import HelpSessionRequest
from .help_session_result import HelpSessionResult
from .hide_outcome import HideOutcome
from .hide_request import HideRequest
from .hide_result import HideResult
from .hide_session_request import HideSessionRequest
from .hide_session_result import HideSessionResult
from .hp_max_halved_event import HpMaxHalvedEvent
from .hp_max_halved_event_data import HpMaxHalvedEventData
from .initiative_changed_event import InitiativeChangedEvent
from .initiative_changed_event_data import InitiativeChangedEventData
from .initiative_companion_event import InitiativeCompanionEvent
from .initiative_companion_event_data import InitiativeCompanionEventData
from .initiative_entry import InitiativeEntry
from .initiative_entry_output import InitiativeEntryOutput
from .initiative_from import InitiativeFrom
from .initiative_moved_event import InitiativeMovedEvent
from .initiative_moved_event_data import InitiativeMovedEventData
from .initiative_order_event import InitiativeOrderEvent
from .initiative_order_event_data import InitiativeOrderEventData
from .initiative_outcome import InitiativeOutcome
from .initiative_tie_event import InitiativeTieEvent
from .initiative_tie_event_data import InitiativeTieEventData
from .initiative_tie_event_data_rolls import InitiativeTieEventDataRolls
from .initiative_unaware_event import InitiativeUnawareEvent
from .initiative_unaware_event_data import InitiativeUnawareEventData
from .initiative_waits_event import InitiativeWaitsEvent
from .initiative_waits_event_data import InitiativeWaitsEventData
from .interact_event import InteractEvent
from .interact_event_data import InteractEventData
from .interact_request import InteractRequest
from .interact_result import InteractResult
from .interact_session_request import InteractSessionRequest
from .interact_session_result import InteractSessionResult
from .knocked_out_event import KnockedOutEvent
from .knocked_out_event_data import KnockedOutEventData
from .lower_initiative_outcome import LowerInitiativeOutcome
from .lower_initiative_request import LowerInitiativeRequest
from .lower_initiative_result import LowerInitiativeResult
from .lower_initiative_session_request import LowerInitiativeSessionRequest
from .lower_initiative_session_result import LowerInitiativeSessionResult
from .move_combatant_request import MoveCombatantRequest
from .move_combatant_result import MoveCombatantResult
from .move_combatant_session_request import MoveCombatantSessionRequest
from .move_combatant_session_result import MoveCombatantSessionResult
from .move_event import MoveEvent
from .move_event_data import MoveEventData
from .move_outcome import MoveOutcome
from .new_seat import NewSeat
from .next_turn_outcome import NextTurnOutcome
from .next_turn_request import NextTurnRequest
from .next_turn_result import NextTurnResult
from .next_turn_session_request import NextTurnSessionRequest
from .next_turn_session_result import NextTurnSessionResult
from .no_effect_event import NoEffectEvent
from .no_effect_event_data import NoEffectEventData
from .no_turn_event import NoTurnEvent
from .no_turn_event_data import NoTurnEventData
from .not_found_event import NotFoundEvent
from .not_found_event_data import NotFoundEventData
from .odds_event import OddsEvent
from .odds_event_data import OddsEventData
from .opportunity_attack import OpportunityAttack
from .opportunity_attack_event import OpportunityAttackEvent
from .opportunity_attack_event_data import OpportunityAttackEventData
from .opportunity_attack_not_taken_event import OpportunityAttackNotTakenEvent
from .opportunity_attack_not_taken_event_data import OpportunityAttackNotTakenEventData
from .opportunity_choice import OpportunityChoice
from .other_reactors import OtherReactors
from .patch_operation import PatchOperation
from .patch_operation_op import PatchOperationOp
from .path_cost_outcome import PathCostOutcome
from .path_cost_request import PathCostRequest
from .path_cost_result import PathCostResult
from .path_cost_session_request import PathCostSessionRequest
from .path_cost_session_result import PathCostSessionResult
from .pending_choice import PendingChoice
from .pending_choice_context import PendingChoiceContext
from .pending_choice_effects_item import PendingChoiceEffectsItem
from .pending_choice_output import PendingChoiceOutput
from .pending_choice_output_context import PendingChoiceOutputContext
from .pending_choice_output_effects_item import PendingChoiceOutputEffectsItem
from .point import Point
from .posture_outcome import PostureOutcome
from .potion_source import PotionSource
from .problem import Problem
from .problem_errors_item import ProblemErrorsItem
from .problem_type import ProblemType
from .prone_event import ProneEvent
from .prone_event_data import ProneEventData
from .proposal import Proposal
from .proposal_list import ProposalList
from .proposal_params import ProposalParams
from .propose_request import ProposeRequest
from .propose_request_action import ProposeRequestAction
from .propose_request_params import ProposeRequestParams
from .push_blocked_event import PushBlockedEvent
from .push_blocked_event_data import PushBlockedEventData
from .pushed_event import PushedEvent
from .pushed_event_data import PushedEventData
from .reach_outcome import ReachOutcome
from .reach_request import ReachRequest
from .reach_result import ReachResult
from .reach_session_request import ReachSessionRequest
from .reach_session_result import ReachSessionResult
from .reactions_restored_event import ReactionsRestoredEvent
from .reactions_restored_event_data import ReactionsRestoredEventData
from .readied_action import ReadiedAction
from .readied_action_output import ReadiedActionOutput
from .readied_declined_event import ReadiedDeclinedEvent
from .readied_declined_event_data import ReadiedDeclinedEventData
from .readied_event import ReadiedEvent
from .readied_event_data import ReadiedEventData
from .readied_fired_event import ReadiedFiredEvent
from .readied_fired_event_data import ReadiedFiredEventData
from .readied_lapsed_event import ReadiedLapsedEvent
from .readied_lapsed_event_data import ReadiedLapsedEventData
from .ready_outcome import ReadyOutcome
from .ready_request import ReadyRequest
from .ready_result import ReadyResult
from .ready_session_request import ReadySessionRequest
from .ready_session_result import ReadySessionResult
from .release_grapple_request import ReleaseGrappleRequest
from .release_grapple_result import ReleaseGrappleResult
from .release_grapple_session_request import ReleaseGrappleSessionRequest
from .release_grapple_session_result import ReleaseGrappleSessionResult
from .released_event import ReleasedEvent
from .released_event_data import ReleasedEventData
from .reload_outcome import ReloadOutcome
from .reload_request import ReloadRequest
from .reload_result import ReloadResult
from .reload_session_request import ReloadSessionRequest
from .reload_session_result import ReloadSessionResult
from .reloaded_event import ReloadedEvent
from .reloaded_event_data import ReloadedEventData
from .remove_combatant_request import RemoveCombatantRequest
from .remove_combatant_result import RemoveCombatantResult
from .remove_combatant_session_request import RemoveCombatantSessionRequest
from .remove_combatant_session_result import RemoveCombatantSessionResult
from .repair_outcome import RepairOutcome
from .repair_request import RepairRequest
from .repair_result import RepairResult
from .repair_session_request import RepairSessionRequest
from .repair_session_result import RepairSessionResult
from .replay_page import ReplayPage
from .replay_step import ReplayStep
from .replay_step_params_type_0 import ReplayStepParamsType0
from .resolve_attack_request import ResolveAttackRequest
from .resolve_attack_result import ResolveAttackResult
from .resolve_attack_session_request import ResolveAttackSessionRequest
from .resolve_attack_session_result import ResolveAttackSessionResult
from .resolve_choice_decision import ResolveChoiceDecision
from .resolve_choice_request import ResolveChoiceRequest
from .resolve_choice_result import ResolveChoiceResult
from .resolve_choice_session_request import ResolveChoiceSessionRequest
from .resolve_choice_session_result import ResolveChoiceSessionResult
from .reveal_result import RevealResult
from .revealed_event import RevealedEvent
from .revealed_event_data import RevealedEventData
from .revealed_secret import RevealedSecret
from .roll import Roll
from .roll_check_request import RollCheckRequest
from .roll_check_result import RollCheckResult
from .roll_check_session_request import RollCheckSessionRequest
from .roll_check_session_result import RollCheckSessionResult
from .roll_dice_request import RollDiceRequest
from .roll_dice_result import RollDiceResult
from .roll_dice_session_request import RollDiceSessionRequest
from .roll_dice_session_result import RollDiceSessionResult
from .roll_event import RollEvent
from .roll_event_data import RollEventData
from .roll_initiative_request import RollInitiativeRequest
from .roll_initiative_result import RollInitiativeResult
from .roll_initiative_session_request import RollInitiativeSessionRequest
from .roll_initiative_session_result import RollInitiativeSessionResult
from .roll_save_request import RollSaveRequest
from .roll_save_result import RollSaveResult
from .roll_save_session_request import RollSaveSessionRequest
from .roll_save_session_result import RollSaveSessionResult
from .roll_side import RollSide
from .roll_side_kind import RollSideKind
from .round_start_event import RoundStartEvent
from .round_start_event_data import RoundStartEventData
from .rule import Rule
from .ruleset import Ruleset
from .ruleset_info import RulesetInfo
from .save_check_outcome import SaveCheckOutcome
from .search_outcome import SearchOutcome
from .search_request import SearchRequest
from .search_result import SearchResult
from .search_session_request import SearchSessionRequest
from .search_session_result import SearchSessionResult
from .seat import Seat
from .seat_approval import SeatApproval
from .seat_list import SeatList
from .session import Session
from .session_event import SessionEvent
from .session_event_data import SessionEventData
from .session_list import SessionList
from .session_origin import SessionOrigin
from .session_ref import SessionRef
from .session_summary import SessionSummary
from .shove_mode import ShoveMode
from .shove_request import ShoveRequest
from .shove_result import ShoveResult
from .shove_session_request import ShoveSessionRequest
from .shove_session_result import ShoveSessionResult
from .side_chance import SideChance
from .size import Size
from .speed_changed_event import SpeedChangedEvent
from .speed_changed_event_data import SpeedChangedEventData
from .speed_reduced_event import SpeedReducedEvent
from .speed_reduced_event_data import SpeedReducedEventData
from .spend import Spend
from .stabilize_outcome import StabilizeOutcome
from .stabilize_request import StabilizeRequest
from .stabilize_result import StabilizeResult
from .stabilize_session_request import StabilizeSessionRequest
from .stabilize_session_result import StabilizeSessionResult
from .stable_event import StableEvent
from .stable_event_data import StableEventData
from .stand_up_event import StandUpEvent
from .stand_up_event_data import StandUpEventData
from .stand_up_request import StandUpRequest
from .stand_up_result import StandUpResult
from .stand_up_session_request import StandUpSessionRequest
from .stand_up_session_result import StandUpSessionResult
from .step import Step
from .step_closed_event import StepClosedEvent
from .step_closed_event_data import StepClosedEventData
from .step_opened_event import StepOpenedEvent
from .step_opened_event_data import StepOpenedEventData
from .step_output import StepOutput
from .stream_deleted import StreamDeleted
from .stream_deleted_message import StreamDeletedMessage
from .stream_error import StreamError
from .stream_error_code import StreamErrorCode
from .stream_error_message import StreamErrorMessage
from .stream_proposal import StreamProposal
from .stream_proposal_message import StreamProposalMessage
from .stream_proposal_ref import StreamProposalRef
from .stream_rejected_message import StreamRejectedMessage
from .stream_session import StreamSession
from .stream_session_id import StreamSessionId
from .stream_version import StreamVersion
from .stream_version_message import StreamVersionMessage
from .surprise_over_event import SurpriseOverEvent
from .surprise_over_event_data import SurpriseOverEventData
from .surprised_event import SurprisedEvent
from .surprised_event_data import SurprisedEventData
from .teleport_event import TeleportEvent
from .teleport_event_data import TeleportEventData
from .trigger_outcome import TriggerOutcome
from .trigger_readied_request import TriggerReadiedRequest
from .trigger_readied_result import TriggerReadiedResult
from .trigger_readied_session_request import TriggerReadiedSessionRequest
from .trigger_readied_session_result import TriggerReadiedSessionResult
from .turn_action_outcome import TurnActionOutcome
from .turn_budget import TurnBudget
from .turn_budget_output import TurnBudgetOutput
from .turn_delayed_event import TurnDelayedEvent
from .turn_delayed_event_data import TurnDelayedEventData
from .turn_end_event import TurnEndEvent
from .turn_end_event_data import TurnEndEventData
from .turn_start_event import TurnStartEvent
from .turn_start_event_data import TurnStartEventData
from .unconscious_event import UnconsciousEvent
from .unconscious_event_data import UnconsciousEventData
from .undo_event import UndoEvent
from .undo_result import UndoResult
from .unstable_event import UnstableEvent
from .unstable_event_data import UnstableEventData
from .update_combatant_request import UpdateCombatantRequest
from .update_combatant_result import UpdateCombatantResult
from .update_combatant_session_request import UpdateCombatantSessionRequest
from .update_combatant_session_result import UpdateCombatantSessionResult
from .update_session_request import UpdateSessionRequest
from .verification import Verification
from .weapon_dropped_event import WeaponDroppedEvent
from .weapon_dropped_event_data import WeaponDroppedEventData
from .weapon_moved_event import WeaponMovedEvent
from .weapon_moved_event_data import WeaponMovedEventData
from .weapon_recovered_event import WeaponRecoveredEvent
from .weapon_recovered_event_data import WeaponRecoveredEventData

__all__ = (
    "Abilities",
    "AbilitiesOutput",
    "AbilityName",
    "AddCombatantRequest",
    "AddCombatantResult",
    "AddCombatantSessionRequest",
    "AddCombatantSessionResult",
    "AmmoSpentEvent",
    "AmmoSpentEventData",
    "AmmunitionRecoveredEvent",
    "AmmunitionRecoveredEventData",
    "ApplyDamageRequest",
    "ApplyDamageResult",
    "ApplyDamageSessionRequest",
    "ApplyDamageSessionResult",
    "Area",
    "AreaEndedEvent",
    "AreaEndedEventData",
    "AreaOutput",
    "Attack",
    "AttackAmmoProblem",
    "AttackComponents",
    "AttackKind",
    "AttackOddsOutcome",
    "AttackOddsRequest",
    "AttackOddsResult",
    "AttackOddsSessionRequest",
    "AttackOddsSessionResult",
    "AttackOutcome",
    "AttackOutput",
    "AttackReach",
    "AttackRollEvent",
    "AttackRollEventData",
    "AwareEvent",
    "AwareEventData",
    "BandChance",
    "Cell",
    "ChoiceAcceptedEvent",
    "ChoiceAcceptedEventData",
    "ChoiceDeclinedEvent",
    "ChoiceDeclinedEventData",
    "ChoiceLapsedEvent",
    "ChoiceLapsedEventData",
    "ChoiceOfferedEvent",
    "ChoiceOfferedEventData",
    "ChoiceOutcome",
    "Combatant",
    "CombatantAddedEvent",
    "CombatantAddedEventData",
    "CombatantAddedOutcome",
    "CombatantAmmunition",
    "CombatantKind",
    "CombatantOutput",
    "CombatantOutputAmmunition",
    "CombatantOutputSkills",
    "CombatantRemovedEvent",
    "CombatantRemovedEventData",
    "CombatantRemovedOutcome",
    "CombatantSkills",
    "CombatantUpdatedEvent",
    "CombatantUpdatedEventData",
    "CombatantUpdatedEventDataAfter",
    "CombatantUpdatedEventDataBefore",
    "CombatantUpdatedOutcome",
    "CombatStartEvent",
    "CombatStartEventData",
    "ConcentrationEndedEvent",
    "ConcentrationEndedEventData",
    "ConcentrationEvent",
    "ConcentrationEventData",
    "Condition",
    "ConditionEndedEvent",
    "ConditionEndedEventData",
    "ConditionOutput",
    "ConsciousEvent",
    "ConsciousEventData",
    "ContestEvent",
    "ContestEventData",
    "ContestOutcome",
    "ContestSide",
    "CoverDegree",
    "CoverOutcome",
    "CoverRequest",
    "CoverResult",
    "CoverSessionRequest",
    "CoverSessionResult",
    "CoverSource",
    "CreateSeatRequest",
    "CreateSeatRequestApproval",
    "CreateSessionRequest",
    "CriticalAppliedEvent",
    "CriticalAppliedEventData",
    "CriticalBandEvent",
    "CriticalBandEventData",
    "CriticalEffectEvent",
    "CriticalEffectEventData",
    "DamageChance",
    "DamageEvent",
    "DamageEventData",
    "DamageOutcome",
    "DamageRollEvent",
    "DamageRollEventData",
    "DashEvent",
    "DashEventData",
    "DashRequest",
    "DashResult",
    "DashSessionRequest",
    "DashSessionResult",
    "DeathEvent",
    "DeathEventData",
    "DeathSave",
    "DeathSaveFailureEvent",
    "DeathSaveFailureEventData",
    "DeathSaves",
    "DeathSavesOutput",
    "DeferredAppliedEvent",
    "DeferredAppliedEventData",
    "DeferredDamage",
    "DeferredDamageOutput",
    "DeferredEvent",
    "DeferredEventData",
    "DiceCheck",
    "DiceRolledOutcome",
    "Die",
    "Difference",
    "DisengageEvent",
    "DisengageEventData",
    "DisengageRequest",
    "DisengageResult",
    "DisengageSessionRequest",
    "DisengageSessionResult",
    "DodgeEvent",
    "DodgeEventData",
    "DodgeRequest",
    "DodgeResult",
    "DodgeSessionRequest",
    "DodgeSessionResult",
    "DraggedEvent",
    "DraggedEventData",
    "DrinkPotionRequest",
    "DrinkPotionResult",
    "DrinkPotionSessionRequest",
    "DrinkPotionSessionResult",
    "DropProneEvent",
    "DropProneEventData",
    "DropProneRequest",
    "DropProneResult",
    "DropProneSessionRequest",
    "DropProneSessionResult",
    "Duration",
    "DurationEnds",
    "DurationOutput",
    "DurationsEndedEvent",
    "DurationsEndedEventData",
    "Effect",
    "EffectEndedEvent",
    "EffectEndedEventData",
    "EffectOutput",
    "Encounter",
    "EncounterOddsOutcome",
    "EncounterOddsRequest",
    "EncounterOddsResult",
    "EncounterOddsSessionRequest",
    "EncounterOddsSessionResult",
    "EncounterOutput",
    "EndTurnEvent",
    "EndTurnEventData",
    "EscapedEvent",
    "EscapedEventData",
    "EscapeGrappleRequest",
    "EscapeGrappleResult",
    "EscapeGrappleSessionRequest",
    "EscapeGrappleSessionResult",
    "Event",
    "EventData",
    "EventDataByType",
    "EventPage",
    "EventType",
    "FightOverEvent",
    "FightOverEventData",
    "FlankingOutcome",
    "FlankingRequest",
    "FlankingResult",
    "FlankingSessionRequest",
    "FlankingSessionResult",
    "ForkSessionRequest",
    "FoundEvent",
    "FoundEventData",
    "GrappledEvent",
    "GrappledEventData",
    "GrappleEndedEvent",
    "GrappleEndedEventData",
    "GrappleRequest",
    "GrappleResult",
    "GrappleSessionRequest",
    "GrappleSessionResult",
    "Grid",
    "GridHexOrientation",
    "GridKind",
    "GridOutput",
    "HealingEvent",
    "HealingEventData",
    "HealOutcome",
    "HealRequest",
    "HealResult",
    "HealSessionRequest",
    "HealSessionResult",
    "HeldAppliedEvent",
    "HeldAppliedEventData",
    "HeldChange",
    "HeldChangeOutput",
    "HeldEvent",
    "HeldEventData",
    "HelpEvent",
    "HelpEventData",
    "HelpOutcome",
    "HelpRequest",
    "HelpResult",
    "HelpSessionRequest",
    "HelpSessionResult",
    "HideOutcome",
    "HideRequest",
    "HideResult",
    "HideSessionRequest",
    "HideSessionResult",
    "HpMaxHalvedEvent",
    "HpMaxHalvedEventData",
    "InitiativeChangedEvent",
    "InitiativeChangedEventData",
    "InitiativeCompanionEvent",
    "InitiativeCompanionEventData",
    "InitiativeEntry",
    "InitiativeEntryOutput",
    "InitiativeFrom",
    "InitiativeMovedEvent",
    "InitiativeMovedEventData",
    "InitiativeOrderEvent",
    "InitiativeOrderEventData",
    "InitiativeOutcome",
    "InitiativeTieEvent",
    "InitiativeTieEventData",
    "InitiativeTieEventDataRolls",
    "InitiativeUnawareEvent",
    "InitiativeUnawareEventData",
    "InitiativeWaitsEvent",
    "InitiativeWaitsEventData",
    "InteractEvent",
    "InteractEventData",
    "InteractRequest",
    "InteractResult",
    "InteractSessionRequest",
    "InteractSessionResult",
    "KnockedOutEvent",
    "KnockedOutEventData",
    "LowerInitiativeOutcome",
    "LowerInitiativeRequest",
    "LowerInitiativeResult",
    "LowerInitiativeSessionRequest",
    "LowerInitiativeSessionResult",
    "MoveCombatantRequest",
    "MoveCombatantResult",
    "MoveCombatantSessionRequest",
    "MoveCombatantSessionResult",
    "MoveEvent",
    "MoveEventData",
    "MoveOutcome",
    "NewSeat",
    "NextTurnOutcome",
    "NextTurnRequest",
    "NextTurnResult",
    "NextTurnSessionRequest",
    "NextTurnSessionResult",
    "NoEffectEvent",
    "NoEffectEventData",
    "NotFoundEvent",
    "NotFoundEventData",
    "NoTurnEvent",
    "NoTurnEventData",
    "OddsEvent",
    "OddsEventData",
    "OpportunityAttack",
    "OpportunityAttackEvent",
    "OpportunityAttackEventData",
    "OpportunityAttackNotTakenEvent",
    "OpportunityAttackNotTakenEventData",
    "OpportunityChoice",
    "OtherReactors",
    "PatchOperation",
    "PatchOperationOp",
    "PathCostOutcome",
    "PathCostRequest",
    "PathCostResult",
    "PathCostSessionRequest",
    "PathCostSessionResult",
    "PendingChoice",
    "PendingChoiceContext",
    "PendingChoiceEffectsItem",
    "PendingChoiceOutput",
    "PendingChoiceOutputContext",
    "PendingChoiceOutputEffectsItem",
    "Point",
    "PostureOutcome",
    "PotionSource",
    "Problem",
    "ProblemErrorsItem",
    "ProblemType",
    "ProneEvent",
    "ProneEventData",
    "Proposal",
    "ProposalList",
    "ProposalParams",
    "ProposeRequest",
    "ProposeRequestAction",
    "ProposeRequestParams",
    "PushBlockedEvent",
    "PushBlockedEventData",
    "PushedEvent",
    "PushedEventData",
    "ReachOutcome",
    "ReachRequest",
    "ReachResult",
    "ReachSessionRequest",
    "ReachSessionResult",
    "ReactionsRestoredEvent",
    "ReactionsRestoredEventData",
    "ReadiedAction",
    "ReadiedActionOutput",
    "ReadiedDeclinedEvent",
    "ReadiedDeclinedEventData",
    "ReadiedEvent",
    "ReadiedEventData",
    "ReadiedFiredEvent",
    "ReadiedFiredEventData",
    "ReadiedLapsedEvent",
    "ReadiedLapsedEventData",
    "ReadyOutcome",
    "ReadyRequest",
    "ReadyResult",
    "ReadySessionRequest",
    "ReadySessionResult",
    "ReleasedEvent",
    "ReleasedEventData",
    "ReleaseGrappleRequest",
    "ReleaseGrappleResult",
    "ReleaseGrappleSessionRequest",
    "ReleaseGrappleSessionResult",
    "ReloadedEvent",
    "ReloadedEventData",
    "ReloadOutcome",
    "ReloadRequest",
    "ReloadResult",
    "ReloadSessionRequest",
    "ReloadSessionResult",
    "RemoveCombatantRequest",
    "RemoveCombatantResult",
    "RemoveCombatantSessionRequest",
    "RemoveCombatantSessionResult",
    "RepairOutcome",
    "RepairRequest",
    "RepairResult",
    "RepairSessionRequest",
    "RepairSessionResult",
    "ReplayPage",
    "ReplayStep",
    "ReplayStepParamsType0",
    "ResolveAttackRequest",
    "ResolveAttackResult",
    "ResolveAttackSessionRequest",
    "ResolveAttackSessionResult",
    "ResolveChoiceDecision",
    "ResolveChoiceRequest",
    "ResolveChoiceResult",
    "ResolveChoiceSessionRequest",
    "ResolveChoiceSessionResult",
    "RevealedEvent",
    "RevealedEventData",
    "RevealedSecret",
    "RevealResult",
    "Roll",
    "RollCheckRequest",
    "RollCheckResult",
    "RollCheckSessionRequest",
    "RollCheckSessionResult",
    "RollDiceRequest",
    "RollDiceResult",
    "RollDiceSessionRequest",
    "RollDiceSessionResult",
    "RollEvent",
    "RollEventData",
    "RollInitiativeRequest",
    "RollInitiativeResult",
    "RollInitiativeSessionRequest",
    "RollInitiativeSessionResult",
    "RollSaveRequest",
    "RollSaveResult",
    "RollSaveSessionRequest",
    "RollSaveSessionResult",
    "RollSide",
    "RollSideKind",
    "RoundStartEvent",
    "RoundStartEventData",
    "Rule",
    "Ruleset",
    "RulesetInfo",
    "SaveCheckOutcome",
    "SearchOutcome",
    "SearchRequest",
    "SearchResult",
    "SearchSessionRequest",
    "SearchSessionResult",
    "Seat",
    "SeatApproval",
    "SeatList",
    "Session",
    "SessionEvent",
    "SessionEventData",
    "SessionList",
    "SessionOrigin",
    "SessionRef",
    "SessionSummary",
    "ShoveMode",
    "ShoveRequest",
    "ShoveResult",
    "ShoveSessionRequest",
    "ShoveSessionResult",
    "SideChance",
    "Size",
    "SpeedChangedEvent",
    "SpeedChangedEventData",
    "SpeedReducedEvent",
    "SpeedReducedEventData",
    "Spend",
    "StabilizeOutcome",
    "StabilizeRequest",
    "StabilizeResult",
    "StabilizeSessionRequest",
    "StabilizeSessionResult",
    "StableEvent",
    "StableEventData",
    "StandUpEvent",
    "StandUpEventData",
    "StandUpRequest",
    "StandUpResult",
    "StandUpSessionRequest",
    "StandUpSessionResult",
    "Step",
    "StepClosedEvent",
    "StepClosedEventData",
    "StepOpenedEvent",
    "StepOpenedEventData",
    "StepOutput",
    "StreamDeleted",
    "StreamDeletedMessage",
    "StreamError",
    "StreamErrorCode",
    "StreamErrorMessage",
    "StreamProposal",
    "StreamProposalMessage",
    "StreamProposalRef",
    "StreamRejectedMessage",
    "StreamSession",
    "StreamSessionId",
    "StreamVersion",
    "StreamVersionMessage",
    "SurprisedEvent",
    "SurprisedEventData",
    "SurpriseOverEvent",
    "SurpriseOverEventData",
    "TeleportEvent",
    "TeleportEventData",
    "TriggerOutcome",
    "TriggerReadiedRequest",
    "TriggerReadiedResult",
    "TriggerReadiedSessionRequest",
    "TriggerReadiedSessionResult",
    "TurnActionOutcome",
    "TurnBudget",
    "TurnBudgetOutput",
    "TurnDelayedEvent",
    "TurnDelayedEventData",
    "TurnEndEvent",
    "TurnEndEventData",
    "TurnStartEvent",
    "TurnStartEventData",
    "UnconsciousEvent",
    "UnconsciousEventData",
    "UndoEvent",
    "UndoResult",
    "UnstableEvent",
    "UnstableEventData",
    "UpdateCombatantRequest",
    "UpdateCombatantResult",
    "UpdateCombatantSessionRequest",
    "UpdateCombatantSessionResult",
    "UpdateSessionRequest",
    "Verification",
    "WeaponDroppedEvent",
    "WeaponDroppedEventData",
    "WeaponMovedEvent",
    "WeaponMovedEventData",
    "WeaponRecoveredEvent",
    "WeaponRecoveredEventData",
)
