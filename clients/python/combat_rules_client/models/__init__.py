"""Contains all the data models used in inputs/outputs"""

from .abilities import Abilities
from .apply_damage_request import ApplyDamageRequest
from .apply_damage_response import ApplyDamageResponse
from .apply_damage_session_request import ApplyDamageSessionRequest
from .apply_damage_session_response import ApplyDamageSessionResponse
from .area import Area
from .attack import Attack
from .attack_kind import AttackKind
from .attack_odds_outcome import AttackOddsOutcome
from .attack_odds_outcome_cover import AttackOddsOutcomeCover
from .attack_odds_outcome_coversource import AttackOddsOutcomeCoversource
from .attack_odds_request import AttackOddsRequest
from .attack_odds_request_cover_type_0 import AttackOddsRequestCoverType0
from .attack_odds_request_spend import AttackOddsRequestSpend
from .attack_odds_response import AttackOddsResponse
from .attack_odds_session_request import AttackOddsSessionRequest
from .attack_odds_session_request_cover_type_0 import AttackOddsSessionRequestCoverType0
from .attack_odds_session_request_spend import AttackOddsSessionRequestSpend
from .attack_odds_session_response import AttackOddsSessionResponse
from .attack_outcome import AttackOutcome
from .attack_outcome_cover import AttackOutcomeCover
from .attack_outcome_coversource import AttackOutcomeCoversource
from .attack_reach import AttackReach
from .band_chance import BandChance
from .cell import Cell
from .choice_outcome import ChoiceOutcome
from .combatant import Combatant
from .combatant_ammunition import CombatantAmmunition
from .combatant_kind import CombatantKind
from .combatant_size import CombatantSize
from .combatant_skills import CombatantSkills
from .condition import Condition
from .contest_outcome import ContestOutcome
from .cover_outcome import CoverOutcome
from .cover_outcome_degree import CoverOutcomeDegree
from .cover_request import CoverRequest
from .cover_response import CoverResponse
from .cover_session_request import CoverSessionRequest
from .cover_session_response import CoverSessionResponse
from .create_session_request import CreateSessionRequest
from .damage_chance import DamageChance
from .damage_outcome import DamageOutcome
from .dash_request import DashRequest
from .dash_request_spend import DashRequestSpend
from .dash_response import DashResponse
from .dash_session_request import DashSessionRequest
from .dash_session_request_spend import DashSessionRequestSpend
from .dash_session_response import DashSessionResponse
from .death_save import DeathSave
from .death_saves import DeathSaves
from .deferred_damage import DeferredDamage
from .die import Die
from .disengage_request import DisengageRequest
from .disengage_request_spend import DisengageRequestSpend
from .disengage_response import DisengageResponse
from .disengage_session_request import DisengageSessionRequest
from .disengage_session_request_spend import DisengageSessionRequestSpend
from .disengage_session_response import DisengageSessionResponse
from .dodge_request import DodgeRequest
from .dodge_request_spend import DodgeRequestSpend
from .dodge_response import DodgeResponse
from .dodge_session_request import DodgeSessionRequest
from .dodge_session_request_spend import DodgeSessionRequestSpend
from .dodge_session_response import DodgeSessionResponse
from .drink_potion_request import DrinkPotionRequest
from .drink_potion_request_source import DrinkPotionRequestSource
from .drink_potion_response import DrinkPotionResponse
from .drink_potion_session_request import DrinkPotionSessionRequest
from .drink_potion_session_request_source import DrinkPotionSessionRequestSource
from .drink_potion_session_response import DrinkPotionSessionResponse
from .drop_prone_request import DropProneRequest
from .drop_prone_response import DropProneResponse
from .drop_prone_session_request import DropProneSessionRequest
from .drop_prone_session_response import DropProneSessionResponse
from .duration import Duration
from .duration_ends_type_0 import DurationEndsType0
from .effect import Effect
from .encounter import Encounter
from .encounter_odds_outcome import EncounterOddsOutcome
from .encounter_odds_request import EncounterOddsRequest
from .encounter_odds_response import EncounterOddsResponse
from .encounter_odds_session_request import EncounterOddsSessionRequest
from .encounter_odds_session_response import EncounterOddsSessionResponse
from .encounter_ruleset import EncounterRuleset
from .escape_grapple_request import EscapeGrappleRequest
from .escape_grapple_response import EscapeGrappleResponse
from .escape_grapple_session_request import EscapeGrappleSessionRequest
from .escape_grapple_session_response import EscapeGrappleSessionResponse
from .event import Event
from .event_data import EventData
from .event_page import EventPage
from .flanking_outcome import FlankingOutcome
from .flanking_request import FlankingRequest
from .flanking_response import FlankingResponse
from .flanking_session_request import FlankingSessionRequest
from .flanking_session_response import FlankingSessionResponse
from .grapple_request import GrappleRequest
from .grapple_request_spend import GrappleRequestSpend
from .grapple_response import GrappleResponse
from .grapple_session_request import GrappleSessionRequest
from .grapple_session_request_spend import GrappleSessionRequestSpend
from .grapple_session_response import GrappleSessionResponse
from .grid import Grid
from .grid_hexorientation import GridHexorientation
from .grid_kind import GridKind
from .heal_outcome import HealOutcome
from .heal_request import HealRequest
from .heal_response import HealResponse
from .heal_session_request import HealSessionRequest
from .heal_session_response import HealSessionResponse
from .help_outcome import HelpOutcome
from .help_request import HelpRequest
from .help_request_spend import HelpRequestSpend
from .help_response import HelpResponse
from .help_session_request import HelpSessionRequest
from .help_session_request_spend import HelpSessionRequestSpend
from .help_session_response import HelpSessionResponse
from .hide_outcome import HideOutcome
from .hide_request import HideRequest
from .hide_request_spend import HideRequestSpend
from .hide_response import HideResponse
from .hide_session_request import HideSessionRequest
from .hide_session_request_spend import HideSessionRequestSpend
from .hide_session_response import HideSessionResponse
from .initiative_entry import InitiativeEntry
from .initiative_outcome import InitiativeOutcome
from .interact_request import InteractRequest
from .interact_response import InteractResponse
from .interact_session_request import InteractSessionRequest
from .interact_session_response import InteractSessionResponse
from .lower_initiative_outcome import LowerInitiativeOutcome
from .lower_initiative_request import LowerInitiativeRequest
from .lower_initiative_response import LowerInitiativeResponse
from .lower_initiative_session_request import LowerInitiativeSessionRequest
from .lower_initiative_session_response import LowerInitiativeSessionResponse
from .move_combatant_request import MoveCombatantRequest
from .move_combatant_request_otherreactors import MoveCombatantRequestOtherreactors
from .move_combatant_response import MoveCombatantResponse
from .move_combatant_session_request import MoveCombatantSessionRequest
from .move_combatant_session_request_otherreactors import MoveCombatantSessionRequestOtherreactors
from .move_combatant_session_response import MoveCombatantSessionResponse
from .move_outcome import MoveOutcome
from .next_turn_outcome import NextTurnOutcome
from .next_turn_request import NextTurnRequest
from .next_turn_response import NextTurnResponse
from .next_turn_session_request import NextTurnSessionRequest
from .next_turn_session_response import NextTurnSessionResponse
from .opportunity_attack import OpportunityAttack
from .opportunity_choice import OpportunityChoice
from .opportunity_choice_cover_type_0 import OpportunityChoiceCoverType0
from .path_cost_outcome import PathCostOutcome
from .path_cost_request import PathCostRequest
from .path_cost_response import PathCostResponse
from .path_cost_session_request import PathCostSessionRequest
from .path_cost_session_response import PathCostSessionResponse
from .pending_choice import PendingChoice
from .pending_choice_context import PendingChoiceContext
from .pending_choice_effects_item import PendingChoiceEffectsItem
from .posture_outcome import PostureOutcome
from .problem import Problem
from .problem_errors_item import ProblemErrorsItem
from .reach_outcome import ReachOutcome
from .reach_request import ReachRequest
from .reach_response import ReachResponse
from .reach_session_request import ReachSessionRequest
from .reach_session_response import ReachSessionResponse
from .readied_action import ReadiedAction
from .ready_outcome import ReadyOutcome
from .ready_request import ReadyRequest
from .ready_response import ReadyResponse
from .ready_session_request import ReadySessionRequest
from .ready_session_response import ReadySessionResponse
from .release_grapple_request import ReleaseGrappleRequest
from .release_grapple_response import ReleaseGrappleResponse
from .release_grapple_session_request import ReleaseGrappleSessionRequest
from .release_grapple_session_response import ReleaseGrappleSessionResponse
from .reload_outcome import ReloadOutcome
from .reload_request import ReloadRequest
from .reload_response import ReloadResponse
from .reload_session_request import ReloadSessionRequest
from .reload_session_response import ReloadSessionResponse
from .repair_outcome import RepairOutcome
from .repair_request import RepairRequest
from .repair_response import RepairResponse
from .repair_session_request import RepairSessionRequest
from .repair_session_response import RepairSessionResponse
from .resolve_attack_request import ResolveAttackRequest
from .resolve_attack_request_cover_type_0 import ResolveAttackRequestCoverType0
from .resolve_attack_request_spend import ResolveAttackRequestSpend
from .resolve_attack_response import ResolveAttackResponse
from .resolve_attack_session_request import ResolveAttackSessionRequest
from .resolve_attack_session_request_cover_type_0 import ResolveAttackSessionRequestCoverType0
from .resolve_attack_session_request_spend import ResolveAttackSessionRequestSpend
from .resolve_attack_session_response import ResolveAttackSessionResponse
from .resolve_choice_request import ResolveChoiceRequest
from .resolve_choice_request_decision import ResolveChoiceRequestDecision
from .resolve_choice_response import ResolveChoiceResponse
from .resolve_choice_session_request import ResolveChoiceSessionRequest
from .resolve_choice_session_request_decision import ResolveChoiceSessionRequestDecision
from .resolve_choice_session_response import ResolveChoiceSessionResponse
from .roll import Roll
from .roll_initiative_request import RollInitiativeRequest
from .roll_initiative_response import RollInitiativeResponse
from .roll_initiative_session_request import RollInitiativeSessionRequest
from .roll_initiative_session_response import RollInitiativeSessionResponse
from .search_outcome import SearchOutcome
from .search_request import SearchRequest
from .search_response import SearchResponse
from .search_session_request import SearchSessionRequest
from .search_session_response import SearchSessionResponse
from .session import Session
from .session_event import SessionEvent
from .session_event_data import SessionEventData
from .session_ref import SessionRef
from .shove_request import ShoveRequest
from .shove_request_mode import ShoveRequestMode
from .shove_request_spend import ShoveRequestSpend
from .shove_response import ShoveResponse
from .shove_session_request import ShoveSessionRequest
from .shove_session_request_mode import ShoveSessionRequestMode
from .shove_session_request_spend import ShoveSessionRequestSpend
from .shove_session_response import ShoveSessionResponse
from .side_chance import SideChance
from .stabilize_outcome import StabilizeOutcome
from .stabilize_request import StabilizeRequest
from .stabilize_response import StabilizeResponse
from .stabilize_session_request import StabilizeSessionRequest
from .stabilize_session_response import StabilizeSessionResponse
from .stand_up_request import StandUpRequest
from .stand_up_response import StandUpResponse
from .stand_up_session_request import StandUpSessionRequest
from .stand_up_session_response import StandUpSessionResponse
from .step import Step
from .trigger_outcome import TriggerOutcome
from .trigger_readied_request import TriggerReadiedRequest
from .trigger_readied_request_cover_type_0 import TriggerReadiedRequestCoverType0
from .trigger_readied_request_otherreactors import TriggerReadiedRequestOtherreactors
from .trigger_readied_response import TriggerReadiedResponse
from .trigger_readied_session_request import TriggerReadiedSessionRequest
from .trigger_readied_session_request_cover_type_0 import TriggerReadiedSessionRequestCoverType0
from .trigger_readied_session_request_otherreactors import TriggerReadiedSessionRequestOtherreactors
from .trigger_readied_session_response import TriggerReadiedSessionResponse
from .turn_action_outcome import TurnActionOutcome
from .turn_budget import TurnBudget
from .undo_response import UndoResponse

__all__ = (
    "Abilities",
    "ApplyDamageRequest",
    "ApplyDamageResponse",
    "ApplyDamageSessionRequest",
    "ApplyDamageSessionResponse",
    "Area",
    "Attack",
    "AttackKind",
    "AttackOddsOutcome",
    "AttackOddsOutcomeCover",
    "AttackOddsOutcomeCoversource",
    "AttackOddsRequest",
    "AttackOddsRequestCoverType0",
    "AttackOddsRequestSpend",
    "AttackOddsResponse",
    "AttackOddsSessionRequest",
    "AttackOddsSessionRequestCoverType0",
    "AttackOddsSessionRequestSpend",
    "AttackOddsSessionResponse",
    "AttackOutcome",
    "AttackOutcomeCover",
    "AttackOutcomeCoversource",
    "AttackReach",
    "BandChance",
    "Cell",
    "ChoiceOutcome",
    "Combatant",
    "CombatantAmmunition",
    "CombatantKind",
    "CombatantSize",
    "CombatantSkills",
    "Condition",
    "ContestOutcome",
    "CoverOutcome",
    "CoverOutcomeDegree",
    "CoverRequest",
    "CoverResponse",
    "CoverSessionRequest",
    "CoverSessionResponse",
    "CreateSessionRequest",
    "DamageChance",
    "DamageOutcome",
    "DashRequest",
    "DashRequestSpend",
    "DashResponse",
    "DashSessionRequest",
    "DashSessionRequestSpend",
    "DashSessionResponse",
    "DeathSave",
    "DeathSaves",
    "DeferredDamage",
    "Die",
    "DisengageRequest",
    "DisengageRequestSpend",
    "DisengageResponse",
    "DisengageSessionRequest",
    "DisengageSessionRequestSpend",
    "DisengageSessionResponse",
    "DodgeRequest",
    "DodgeRequestSpend",
    "DodgeResponse",
    "DodgeSessionRequest",
    "DodgeSessionRequestSpend",
    "DodgeSessionResponse",
    "DrinkPotionRequest",
    "DrinkPotionRequestSource",
    "DrinkPotionResponse",
    "DrinkPotionSessionRequest",
    "DrinkPotionSessionRequestSource",
    "DrinkPotionSessionResponse",
    "DropProneRequest",
    "DropProneResponse",
    "DropProneSessionRequest",
    "DropProneSessionResponse",
    "Duration",
    "DurationEndsType0",
    "Effect",
    "Encounter",
    "EncounterOddsOutcome",
    "EncounterOddsRequest",
    "EncounterOddsResponse",
    "EncounterOddsSessionRequest",
    "EncounterOddsSessionResponse",
    "EncounterRuleset",
    "EscapeGrappleRequest",
    "EscapeGrappleResponse",
    "EscapeGrappleSessionRequest",
    "EscapeGrappleSessionResponse",
    "Event",
    "EventData",
    "EventPage",
    "FlankingOutcome",
    "FlankingRequest",
    "FlankingResponse",
    "FlankingSessionRequest",
    "FlankingSessionResponse",
    "GrappleRequest",
    "GrappleRequestSpend",
    "GrappleResponse",
    "GrappleSessionRequest",
    "GrappleSessionRequestSpend",
    "GrappleSessionResponse",
    "Grid",
    "GridHexorientation",
    "GridKind",
    "HealOutcome",
    "HealRequest",
    "HealResponse",
    "HealSessionRequest",
    "HealSessionResponse",
    "HelpOutcome",
    "HelpRequest",
    "HelpRequestSpend",
    "HelpResponse",
    "HelpSessionRequest",
    "HelpSessionRequestSpend",
    "HelpSessionResponse",
    "HideOutcome",
    "HideRequest",
    "HideRequestSpend",
    "HideResponse",
    "HideSessionRequest",
    "HideSessionRequestSpend",
    "HideSessionResponse",
    "InitiativeEntry",
    "InitiativeOutcome",
    "InteractRequest",
    "InteractResponse",
    "InteractSessionRequest",
    "InteractSessionResponse",
    "LowerInitiativeOutcome",
    "LowerInitiativeRequest",
    "LowerInitiativeResponse",
    "LowerInitiativeSessionRequest",
    "LowerInitiativeSessionResponse",
    "MoveCombatantRequest",
    "MoveCombatantRequestOtherreactors",
    "MoveCombatantResponse",
    "MoveCombatantSessionRequest",
    "MoveCombatantSessionRequestOtherreactors",
    "MoveCombatantSessionResponse",
    "MoveOutcome",
    "NextTurnOutcome",
    "NextTurnRequest",
    "NextTurnResponse",
    "NextTurnSessionRequest",
    "NextTurnSessionResponse",
    "OpportunityAttack",
    "OpportunityChoice",
    "OpportunityChoiceCoverType0",
    "PathCostOutcome",
    "PathCostRequest",
    "PathCostResponse",
    "PathCostSessionRequest",
    "PathCostSessionResponse",
    "PendingChoice",
    "PendingChoiceContext",
    "PendingChoiceEffectsItem",
    "PostureOutcome",
    "Problem",
    "ProblemErrorsItem",
    "ReachOutcome",
    "ReachRequest",
    "ReachResponse",
    "ReachSessionRequest",
    "ReachSessionResponse",
    "ReadiedAction",
    "ReadyOutcome",
    "ReadyRequest",
    "ReadyResponse",
    "ReadySessionRequest",
    "ReadySessionResponse",
    "ReleaseGrappleRequest",
    "ReleaseGrappleResponse",
    "ReleaseGrappleSessionRequest",
    "ReleaseGrappleSessionResponse",
    "ReloadOutcome",
    "ReloadRequest",
    "ReloadResponse",
    "ReloadSessionRequest",
    "ReloadSessionResponse",
    "RepairOutcome",
    "RepairRequest",
    "RepairResponse",
    "RepairSessionRequest",
    "RepairSessionResponse",
    "ResolveAttackRequest",
    "ResolveAttackRequestCoverType0",
    "ResolveAttackRequestSpend",
    "ResolveAttackResponse",
    "ResolveAttackSessionRequest",
    "ResolveAttackSessionRequestCoverType0",
    "ResolveAttackSessionRequestSpend",
    "ResolveAttackSessionResponse",
    "ResolveChoiceRequest",
    "ResolveChoiceRequestDecision",
    "ResolveChoiceResponse",
    "ResolveChoiceSessionRequest",
    "ResolveChoiceSessionRequestDecision",
    "ResolveChoiceSessionResponse",
    "Roll",
    "RollInitiativeRequest",
    "RollInitiativeResponse",
    "RollInitiativeSessionRequest",
    "RollInitiativeSessionResponse",
    "SearchOutcome",
    "SearchRequest",
    "SearchResponse",
    "SearchSessionRequest",
    "SearchSessionResponse",
    "Session",
    "SessionEvent",
    "SessionEventData",
    "SessionRef",
    "ShoveRequest",
    "ShoveRequestMode",
    "ShoveRequestSpend",
    "ShoveResponse",
    "ShoveSessionRequest",
    "ShoveSessionRequestMode",
    "ShoveSessionRequestSpend",
    "ShoveSessionResponse",
    "SideChance",
    "StabilizeOutcome",
    "StabilizeRequest",
    "StabilizeResponse",
    "StabilizeSessionRequest",
    "StabilizeSessionResponse",
    "StandUpRequest",
    "StandUpResponse",
    "StandUpSessionRequest",
    "StandUpSessionResponse",
    "Step",
    "TriggerOutcome",
    "TriggerReadiedRequest",
    "TriggerReadiedRequestCoverType0",
    "TriggerReadiedRequestOtherreactors",
    "TriggerReadiedResponse",
    "TriggerReadiedSessionRequest",
    "TriggerReadiedSessionRequestCoverType0",
    "TriggerReadiedSessionRequestOtherreactors",
    "TriggerReadiedSessionResponse",
    "TurnActionOutcome",
    "TurnBudget",
    "UndoResponse",
)
