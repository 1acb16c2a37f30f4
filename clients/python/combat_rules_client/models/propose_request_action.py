from enum import StrEnum


class ProposeRequestAction(StrEnum):
    ADDCOMBATANT = "addCombatant"
    APPLYDAMAGE = "applyDamage"
    DASH = "dash"
    DISENGAGE = "disengage"
    DODGE = "dodge"
    DRINKPOTION = "drinkPotion"
    DROPPRONE = "dropProne"
    ESCAPEGRAPPLE = "escapeGrapple"
    GRAPPLE = "grapple"
    HEAL = "heal"
    HELP = "help"
    HIDE = "hide"
    INTERACT = "interact"
    LOWERINITIATIVE = "lowerInitiative"
    MOVECOMBATANT = "moveCombatant"
    NEXTTURN = "nextTurn"
    READY = "ready"
    RELEASEGRAPPLE = "releaseGrapple"
    RELOAD = "reload"
    REMOVECOMBATANT = "removeCombatant"
    REPAIR = "repair"
    RESOLVEATTACK = "resolveAttack"
    RESOLVECHOICE = "resolveChoice"
    ROLLCHECK = "rollCheck"
    ROLLINITIATIVE = "rollInitiative"
    ROLLSAVE = "rollSave"
    SEARCH = "search"
    SHOVE = "shove"
    STABILIZE = "stabilize"
    STANDUP = "standUp"
    TRIGGERREADIED = "triggerReadied"
    UPDATECOMBATANT = "updateCombatant"

    def __str__(self) -> str:
        return str(self.value)
