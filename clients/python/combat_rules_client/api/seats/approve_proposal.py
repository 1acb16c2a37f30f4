from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.add_combatant_session_result import AddCombatantSessionResult
from ...models.apply_damage_session_result import ApplyDamageSessionResult
from ...models.dash_session_result import DashSessionResult
from ...models.disengage_session_result import DisengageSessionResult
from ...models.dodge_session_result import DodgeSessionResult
from ...models.drink_potion_session_result import DrinkPotionSessionResult
from ...models.drop_prone_session_result import DropProneSessionResult
from ...models.escape_grapple_session_result import EscapeGrappleSessionResult
from ...models.grapple_session_result import GrappleSessionResult
from ...models.heal_session_result import HealSessionResult
from ...models.help_session_result import HelpSessionResult
from ...models.hide_session_result import HideSessionResult
from ...models.interact_session_result import InteractSessionResult
from ...models.lower_initiative_session_result import LowerInitiativeSessionResult
from ...models.move_combatant_session_result import MoveCombatantSessionResult
from ...models.next_turn_session_result import NextTurnSessionResult
from ...models.problem import Problem
from ...models.ready_session_result import ReadySessionResult
from ...models.release_grapple_session_result import ReleaseGrappleSessionResult
from ...models.reload_session_result import ReloadSessionResult
from ...models.remove_combatant_session_result import RemoveCombatantSessionResult
from ...models.repair_session_result import RepairSessionResult
from ...models.resolve_attack_session_result import ResolveAttackSessionResult
from ...models.resolve_choice_session_result import ResolveChoiceSessionResult
from ...models.roll_check_session_result import RollCheckSessionResult
from ...models.roll_dice_session_result import RollDiceSessionResult
from ...models.roll_initiative_session_result import RollInitiativeSessionResult
from ...models.roll_save_session_result import RollSaveSessionResult
from ...models.search_session_result import SearchSessionResult
from ...models.shove_session_result import ShoveSessionResult
from ...models.stabilize_session_result import StabilizeSessionResult
from ...models.stand_up_session_result import StandUpSessionResult
from ...models.trigger_readied_session_result import TriggerReadiedSessionResult
from ...models.update_combatant_session_result import UpdateCombatantSessionResult
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: str,
    proposal_id: str,
    *,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/sessions/{id}/proposals/{proposal_id}/approve".format(
            id=quote(str(id), safe=""),
            proposal_id=quote(str(proposal_id), safe=""),
        ),
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    AddCombatantSessionResult
    | ApplyDamageSessionResult
    | DashSessionResult
    | DisengageSessionResult
    | DodgeSessionResult
    | DrinkPotionSessionResult
    | DropProneSessionResult
    | EscapeGrappleSessionResult
    | GrappleSessionResult
    | HealSessionResult
    | HelpSessionResult
    | HideSessionResult
    | InteractSessionResult
    | LowerInitiativeSessionResult
    | MoveCombatantSessionResult
    | NextTurnSessionResult
    | ReadySessionResult
    | ReleaseGrappleSessionResult
    | ReloadSessionResult
    | RemoveCombatantSessionResult
    | RepairSessionResult
    | ResolveAttackSessionResult
    | ResolveChoiceSessionResult
    | RollCheckSessionResult
    | RollDiceSessionResult
    | RollInitiativeSessionResult
    | RollSaveSessionResult
    | SearchSessionResult
    | ShoveSessionResult
    | StabilizeSessionResult
    | StandUpSessionResult
    | TriggerReadiedSessionResult
    | UpdateCombatantSessionResult
    | Problem
    | None
):
    if response.status_code == 200:

        def _parse_response_200(
            data: object,
        ) -> (
            AddCombatantSessionResult
            | ApplyDamageSessionResult
            | DashSessionResult
            | DisengageSessionResult
            | DodgeSessionResult
            | DrinkPotionSessionResult
            | DropProneSessionResult
            | EscapeGrappleSessionResult
            | GrappleSessionResult
            | HealSessionResult
            | HelpSessionResult
            | HideSessionResult
            | InteractSessionResult
            | LowerInitiativeSessionResult
            | MoveCombatantSessionResult
            | NextTurnSessionResult
            | ReadySessionResult
            | ReleaseGrappleSessionResult
            | ReloadSessionResult
            | RemoveCombatantSessionResult
            | RepairSessionResult
            | ResolveAttackSessionResult
            | ResolveChoiceSessionResult
            | RollCheckSessionResult
            | RollDiceSessionResult
            | RollInitiativeSessionResult
            | RollSaveSessionResult
            | SearchSessionResult
            | ShoveSessionResult
            | StabilizeSessionResult
            | StandUpSessionResult
            | TriggerReadiedSessionResult
            | UpdateCombatantSessionResult
        ):
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_200_type_0 = RollInitiativeSessionResult.from_dict(data)

                return response_200_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_200_type_1 = ResolveAttackSessionResult.from_dict(data)

                return response_200_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_200_type_2 = ApplyDamageSessionResult.from_dict(data)

                return response_200_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_200_type_3 = NextTurnSessionResult.from_dict(data)

                return response_200_type_3
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_200_type_4 = LowerInitiativeSessionResult.from_dict(data)

                return response_200_type_4
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_200_type_5 = DashSessionResult.from_dict(data)

                return response_200_type_5
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_200_type_6 = DisengageSessionResult.from_dict(data)

                return response_200_type_6
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_200_type_7 = DodgeSessionResult.from_dict(data)

                return response_200_type_7
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_200_type_8 = HelpSessionResult.from_dict(data)

                return response_200_type_8
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_200_type_9 = HideSessionResult.from_dict(data)

                return response_200_type_9
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_200_type_10 = ReadySessionResult.from_dict(data)

                return response_200_type_10
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_200_type_11 = TriggerReadiedSessionResult.from_dict(data)

                return response_200_type_11
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_200_type_12 = StabilizeSessionResult.from_dict(data)

                return response_200_type_12
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_200_type_13 = DrinkPotionSessionResult.from_dict(data)

                return response_200_type_13
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_200_type_14 = InteractSessionResult.from_dict(data)

                return response_200_type_14
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_200_type_15 = HealSessionResult.from_dict(data)

                return response_200_type_15
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_200_type_16 = ResolveChoiceSessionResult.from_dict(data)

                return response_200_type_16
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_200_type_17 = MoveCombatantSessionResult.from_dict(data)

                return response_200_type_17
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_200_type_18 = StandUpSessionResult.from_dict(data)

                return response_200_type_18
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_200_type_19 = DropProneSessionResult.from_dict(data)

                return response_200_type_19
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_200_type_20 = RollSaveSessionResult.from_dict(data)

                return response_200_type_20
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_200_type_21 = RollCheckSessionResult.from_dict(data)

                return response_200_type_21
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_200_type_22 = RollDiceSessionResult.from_dict(data)

                return response_200_type_22
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_200_type_23 = ReloadSessionResult.from_dict(data)

                return response_200_type_23
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_200_type_24 = RepairSessionResult.from_dict(data)

                return response_200_type_24
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_200_type_25 = ShoveSessionResult.from_dict(data)

                return response_200_type_25
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_200_type_26 = GrappleSessionResult.from_dict(data)

                return response_200_type_26
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_200_type_27 = EscapeGrappleSessionResult.from_dict(data)

                return response_200_type_27
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_200_type_28 = ReleaseGrappleSessionResult.from_dict(data)

                return response_200_type_28
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_200_type_29 = SearchSessionResult.from_dict(data)

                return response_200_type_29
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_200_type_30 = AddCombatantSessionResult.from_dict(data)

                return response_200_type_30
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_200_type_31 = RemoveCombatantSessionResult.from_dict(data)

                return response_200_type_31
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            response_200_type_32 = UpdateCombatantSessionResult.from_dict(data)

            return response_200_type_32

        response_200 = _parse_response_200(response.json())

        return response_200

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    if response.status_code == 502:
        response_502 = Problem.from_dict(response.json())

        return response_502

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[
    AddCombatantSessionResult
    | ApplyDamageSessionResult
    | DashSessionResult
    | DisengageSessionResult
    | DodgeSessionResult
    | DrinkPotionSessionResult
    | DropProneSessionResult
    | EscapeGrappleSessionResult
    | GrappleSessionResult
    | HealSessionResult
    | HelpSessionResult
    | HideSessionResult
    | InteractSessionResult
    | LowerInitiativeSessionResult
    | MoveCombatantSessionResult
    | NextTurnSessionResult
    | ReadySessionResult
    | ReleaseGrappleSessionResult
    | ReloadSessionResult
    | RemoveCombatantSessionResult
    | RepairSessionResult
    | ResolveAttackSessionResult
    | ResolveChoiceSessionResult
    | RollCheckSessionResult
    | RollDiceSessionResult
    | RollInitiativeSessionResult
    | RollSaveSessionResult
    | SearchSessionResult
    | ShoveSessionResult
    | StabilizeSessionResult
    | StandUpSessionResult
    | TriggerReadiedSessionResult
    | UpdateCombatantSessionResult
    | Problem
]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: str,
    proposal_id: str,
    *,
    client: AuthenticatedClient | Client,
    idempotency_key: str | Unset = UNSET,
) -> Response[
    AddCombatantSessionResult
    | ApplyDamageSessionResult
    | DashSessionResult
    | DisengageSessionResult
    | DodgeSessionResult
    | DrinkPotionSessionResult
    | DropProneSessionResult
    | EscapeGrappleSessionResult
    | GrappleSessionResult
    | HealSessionResult
    | HelpSessionResult
    | HideSessionResult
    | InteractSessionResult
    | LowerInitiativeSessionResult
    | MoveCombatantSessionResult
    | NextTurnSessionResult
    | ReadySessionResult
    | ReleaseGrappleSessionResult
    | ReloadSessionResult
    | RemoveCombatantSessionResult
    | RepairSessionResult
    | ResolveAttackSessionResult
    | ResolveChoiceSessionResult
    | RollCheckSessionResult
    | RollDiceSessionResult
    | RollInitiativeSessionResult
    | RollSaveSessionResult
    | SearchSessionResult
    | ShoveSessionResult
    | StabilizeSessionResult
    | StandUpSessionResult
    | TriggerReadiedSessionResult
    | UpdateCombatantSessionResult
    | Problem
]:
    """Apply a proposal as proposed (the DM's).

     The action runs as the seat proposed it, on the version it was proposed on, as if the seat ran it
    then: the answer is the action's. 409 `proposal-stale` when the session has moved on (the proposal
    is dropped); 404 `proposal-not-found` when it is no longer waiting. With an `Idempotency-Key`, a
    retry answers what the approval answered (`Idempotent-Replayed: true`).

    Args:
        id (str):
        proposal_id (str):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AddCombatantSessionResult | ApplyDamageSessionResult | DashSessionResult | DisengageSessionResult | DodgeSessionResult | DrinkPotionSessionResult | DropProneSessionResult | EscapeGrappleSessionResult | GrappleSessionResult | HealSessionResult | HelpSessionResult | HideSessionResult | InteractSessionResult | LowerInitiativeSessionResult | MoveCombatantSessionResult | NextTurnSessionResult | ReadySessionResult | ReleaseGrappleSessionResult | ReloadSessionResult | RemoveCombatantSessionResult | RepairSessionResult | ResolveAttackSessionResult | ResolveChoiceSessionResult | RollCheckSessionResult | RollDiceSessionResult | RollInitiativeSessionResult | RollSaveSessionResult | SearchSessionResult | ShoveSessionResult | StabilizeSessionResult | StandUpSessionResult | TriggerReadiedSessionResult | UpdateCombatantSessionResult | Problem]
    """

    kwargs = _get_kwargs(
        id=id,
        proposal_id=proposal_id,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def _answer(
    response: Response[
        AddCombatantSessionResult
        | ApplyDamageSessionResult
        | DashSessionResult
        | DisengageSessionResult
        | DodgeSessionResult
        | DrinkPotionSessionResult
        | DropProneSessionResult
        | EscapeGrappleSessionResult
        | GrappleSessionResult
        | HealSessionResult
        | HelpSessionResult
        | HideSessionResult
        | InteractSessionResult
        | LowerInitiativeSessionResult
        | MoveCombatantSessionResult
        | NextTurnSessionResult
        | ReadySessionResult
        | ReleaseGrappleSessionResult
        | ReloadSessionResult
        | RemoveCombatantSessionResult
        | RepairSessionResult
        | ResolveAttackSessionResult
        | ResolveChoiceSessionResult
        | RollCheckSessionResult
        | RollDiceSessionResult
        | RollInitiativeSessionResult
        | RollSaveSessionResult
        | SearchSessionResult
        | ShoveSessionResult
        | StabilizeSessionResult
        | StandUpSessionResult
        | TriggerReadiedSessionResult
        | UpdateCombatantSessionResult
        | Problem
    ],
) -> (
    AddCombatantSessionResult
    | ApplyDamageSessionResult
    | DashSessionResult
    | DisengageSessionResult
    | DodgeSessionResult
    | DrinkPotionSessionResult
    | DropProneSessionResult
    | EscapeGrappleSessionResult
    | GrappleSessionResult
    | HealSessionResult
    | HelpSessionResult
    | HideSessionResult
    | InteractSessionResult
    | LowerInitiativeSessionResult
    | MoveCombatantSessionResult
    | NextTurnSessionResult
    | ReadySessionResult
    | ReleaseGrappleSessionResult
    | ReloadSessionResult
    | RemoveCombatantSessionResult
    | RepairSessionResult
    | ResolveAttackSessionResult
    | ResolveChoiceSessionResult
    | RollCheckSessionResult
    | RollDiceSessionResult
    | RollInitiativeSessionResult
    | RollSaveSessionResult
    | SearchSessionResult
    | ShoveSessionResult
    | StabilizeSessionResult
    | StandUpSessionResult
    | TriggerReadiedSessionResult
    | UpdateCombatantSessionResult
):
    """The success model of ``response``; :class:`errors.ProblemError` for a problem."""
    parsed = response.parsed
    if isinstance(parsed, Problem):
        raise errors.ProblemError(parsed, response.headers)
    if response.status_code >= 300:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    return cast(
        AddCombatantSessionResult
        | ApplyDamageSessionResult
        | DashSessionResult
        | DisengageSessionResult
        | DodgeSessionResult
        | DrinkPotionSessionResult
        | DropProneSessionResult
        | EscapeGrappleSessionResult
        | GrappleSessionResult
        | HealSessionResult
        | HelpSessionResult
        | HideSessionResult
        | InteractSessionResult
        | LowerInitiativeSessionResult
        | MoveCombatantSessionResult
        | NextTurnSessionResult
        | ReadySessionResult
        | ReleaseGrappleSessionResult
        | ReloadSessionResult
        | RemoveCombatantSessionResult
        | RepairSessionResult
        | ResolveAttackSessionResult
        | ResolveChoiceSessionResult
        | RollCheckSessionResult
        | RollDiceSessionResult
        | RollInitiativeSessionResult
        | RollSaveSessionResult
        | SearchSessionResult
        | ShoveSessionResult
        | StabilizeSessionResult
        | StandUpSessionResult
        | TriggerReadiedSessionResult
        | UpdateCombatantSessionResult,
        parsed,
    )


def sync(
    id: str,
    proposal_id: str,
    *,
    client: AuthenticatedClient | Client,
    idempotency_key: str | Unset = UNSET,
) -> (
    AddCombatantSessionResult
    | ApplyDamageSessionResult
    | DashSessionResult
    | DisengageSessionResult
    | DodgeSessionResult
    | DrinkPotionSessionResult
    | DropProneSessionResult
    | EscapeGrappleSessionResult
    | GrappleSessionResult
    | HealSessionResult
    | HelpSessionResult
    | HideSessionResult
    | InteractSessionResult
    | LowerInitiativeSessionResult
    | MoveCombatantSessionResult
    | NextTurnSessionResult
    | ReadySessionResult
    | ReleaseGrappleSessionResult
    | ReloadSessionResult
    | RemoveCombatantSessionResult
    | RepairSessionResult
    | ResolveAttackSessionResult
    | ResolveChoiceSessionResult
    | RollCheckSessionResult
    | RollDiceSessionResult
    | RollInitiativeSessionResult
    | RollSaveSessionResult
    | SearchSessionResult
    | ShoveSessionResult
    | StabilizeSessionResult
    | StandUpSessionResult
    | TriggerReadiedSessionResult
    | UpdateCombatantSessionResult
):
    """Apply a proposal as proposed (the DM's).

     The action runs as the seat proposed it, on the version it was proposed on, as if the seat ran it
    then: the answer is the action's. 409 `proposal-stale` when the session has moved on (the proposal
    is dropped); 404 `proposal-not-found` when it is no longer waiting. With an `Idempotency-Key`, a
    retry answers what the approval answered (`Idempotent-Replayed: true`).

    Args:
        id (str):
        proposal_id (str):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AddCombatantSessionResult | ApplyDamageSessionResult | DashSessionResult | DisengageSessionResult | DodgeSessionResult | DrinkPotionSessionResult | DropProneSessionResult | EscapeGrappleSessionResult | GrappleSessionResult | HealSessionResult | HelpSessionResult | HideSessionResult | InteractSessionResult | LowerInitiativeSessionResult | MoveCombatantSessionResult | NextTurnSessionResult | ReadySessionResult | ReleaseGrappleSessionResult | ReloadSessionResult | RemoveCombatantSessionResult | RepairSessionResult | ResolveAttackSessionResult | ResolveChoiceSessionResult | RollCheckSessionResult | RollDiceSessionResult | RollInitiativeSessionResult | RollSaveSessionResult | SearchSessionResult | ShoveSessionResult | StabilizeSessionResult | StandUpSessionResult | TriggerReadiedSessionResult | UpdateCombatantSessionResult
    """

    return _answer(
        sync_detailed(
            id=id,
            proposal_id=proposal_id,
            client=client,
            idempotency_key=idempotency_key,
        )
    )


async def asyncio_detailed(
    id: str,
    proposal_id: str,
    *,
    client: AuthenticatedClient | Client,
    idempotency_key: str | Unset = UNSET,
) -> Response[
    AddCombatantSessionResult
    | ApplyDamageSessionResult
    | DashSessionResult
    | DisengageSessionResult
    | DodgeSessionResult
    | DrinkPotionSessionResult
    | DropProneSessionResult
    | EscapeGrappleSessionResult
    | GrappleSessionResult
    | HealSessionResult
    | HelpSessionResult
    | HideSessionResult
    | InteractSessionResult
    | LowerInitiativeSessionResult
    | MoveCombatantSessionResult
    | NextTurnSessionResult
    | ReadySessionResult
    | ReleaseGrappleSessionResult
    | ReloadSessionResult
    | RemoveCombatantSessionResult
    | RepairSessionResult
    | ResolveAttackSessionResult
    | ResolveChoiceSessionResult
    | RollCheckSessionResult
    | RollDiceSessionResult
    | RollInitiativeSessionResult
    | RollSaveSessionResult
    | SearchSessionResult
    | ShoveSessionResult
    | StabilizeSessionResult
    | StandUpSessionResult
    | TriggerReadiedSessionResult
    | UpdateCombatantSessionResult
    | Problem
]:
    """Apply a proposal as proposed (the DM's).

     The action runs as the seat proposed it, on the version it was proposed on, as if the seat ran it
    then: the answer is the action's. 409 `proposal-stale` when the session has moved on (the proposal
    is dropped); 404 `proposal-not-found` when it is no longer waiting. With an `Idempotency-Key`, a
    retry answers what the approval answered (`Idempotent-Replayed: true`).

    Args:
        id (str):
        proposal_id (str):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AddCombatantSessionResult | ApplyDamageSessionResult | DashSessionResult | DisengageSessionResult | DodgeSessionResult | DrinkPotionSessionResult | DropProneSessionResult | EscapeGrappleSessionResult | GrappleSessionResult | HealSessionResult | HelpSessionResult | HideSessionResult | InteractSessionResult | LowerInitiativeSessionResult | MoveCombatantSessionResult | NextTurnSessionResult | ReadySessionResult | ReleaseGrappleSessionResult | ReloadSessionResult | RemoveCombatantSessionResult | RepairSessionResult | ResolveAttackSessionResult | ResolveChoiceSessionResult | RollCheckSessionResult | RollDiceSessionResult | RollInitiativeSessionResult | RollSaveSessionResult | SearchSessionResult | ShoveSessionResult | StabilizeSessionResult | StandUpSessionResult | TriggerReadiedSessionResult | UpdateCombatantSessionResult | Problem]
    """

    kwargs = _get_kwargs(
        id=id,
        proposal_id=proposal_id,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    proposal_id: str,
    *,
    client: AuthenticatedClient | Client,
    idempotency_key: str | Unset = UNSET,
) -> (
    AddCombatantSessionResult
    | ApplyDamageSessionResult
    | DashSessionResult
    | DisengageSessionResult
    | DodgeSessionResult
    | DrinkPotionSessionResult
    | DropProneSessionResult
    | EscapeGrappleSessionResult
    | GrappleSessionResult
    | HealSessionResult
    | HelpSessionResult
    | HideSessionResult
    | InteractSessionResult
    | LowerInitiativeSessionResult
    | MoveCombatantSessionResult
    | NextTurnSessionResult
    | ReadySessionResult
    | ReleaseGrappleSessionResult
    | ReloadSessionResult
    | RemoveCombatantSessionResult
    | RepairSessionResult
    | ResolveAttackSessionResult
    | ResolveChoiceSessionResult
    | RollCheckSessionResult
    | RollDiceSessionResult
    | RollInitiativeSessionResult
    | RollSaveSessionResult
    | SearchSessionResult
    | ShoveSessionResult
    | StabilizeSessionResult
    | StandUpSessionResult
    | TriggerReadiedSessionResult
    | UpdateCombatantSessionResult
):
    """Apply a proposal as proposed (the DM's).

     The action runs as the seat proposed it, on the version it was proposed on, as if the seat ran it
    then: the answer is the action's. 409 `proposal-stale` when the session has moved on (the proposal
    is dropped); 404 `proposal-not-found` when it is no longer waiting. With an `Idempotency-Key`, a
    retry answers what the approval answered (`Idempotent-Replayed: true`).

    Args:
        id (str):
        proposal_id (str):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AddCombatantSessionResult | ApplyDamageSessionResult | DashSessionResult | DisengageSessionResult | DodgeSessionResult | DrinkPotionSessionResult | DropProneSessionResult | EscapeGrappleSessionResult | GrappleSessionResult | HealSessionResult | HelpSessionResult | HideSessionResult | InteractSessionResult | LowerInitiativeSessionResult | MoveCombatantSessionResult | NextTurnSessionResult | ReadySessionResult | ReleaseGrappleSessionResult | ReloadSessionResult | RemoveCombatantSessionResult | RepairSessionResult | ResolveAttackSessionResult | ResolveChoiceSessionResult | RollCheckSessionResult | RollDiceSessionResult | RollInitiativeSessionResult | RollSaveSessionResult | SearchSessionResult | ShoveSessionResult | StabilizeSessionResult | StandUpSessionResult | TriggerReadiedSessionResult | UpdateCombatantSessionResult
    """

    return _answer(
        await asyncio_detailed(
            id=id,
            proposal_id=proposal_id,
            client=client,
            idempotency_key=idempotency_key,
        )
    )
