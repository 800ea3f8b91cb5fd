"""The game master's script, step by step, in the rules' order (elsen.txt › Déroulement).

Each line has what is *spoken* aloud (read by the tablet's speech synthesis) and a *note* shown
to the game master only. A spoken line never names a player together with a role (registre
ELS-14): roles are called ("Voyante, ouvre les yeux"), players are named only for public facts
(the first player, an exclusion). Notes may name anyone: they are the game master's secrets."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from companion.core.text import counted
from companion.games.elsen.engine import ElsenState

DISCUSSION_SECONDS = 180  # défaut maison (registre ELS-15)
VOTE_SECONDS = 60  # défaut maison (registre ELS-15)
# Optional countdown of each night role, off unless the game master switches it on: seconds
# per role (défaut maison, registre ELS-19). The saboteurs' one serves both of their wakes.
NIGHT_ROLES = ("policier", "saboteurs", "voyante")
NIGHT_SECONDS = {"policier": 15, "saboteurs": 30, "voyante": 20}
NIGHT_ROLE_NAMES = {"policier": "Policier", "saboteurs": "Saboteurs", "voyante": "Voyante"}


@dataclass(frozen=True)
class Line:
    spoken: str
    note: str = ""
    timer: int | None = None  # seconds of countdown that go with this line

    def as_dict(self) -> dict[str, Any]:
        return {"spoken": self.spoken, "note": self.note, "timer": self.timer}


@dataclass(frozen=True)
class Script:
    step: str  # the event the step ends with ("" when the game is over)
    title: str
    lines: tuple[Line, ...]


def tokens_fr(halves: int) -> str:
    """5 -> « 2 jetons et demi », 1 -> « un demi-jeton », 0 -> « aucun jeton »."""
    whole, half = divmod(halves, 2)
    if whole == 0:
        return "un demi-jeton" if half else "aucun jeton"
    text = f"{whole} jeton{'s' if whole > 1 else ''}"
    return text + (" et demi" if half else "")


def _names(names: list[str]) -> str:
    return ", ".join(names) if names else "personne"


def _life(state: ElsenState, player: str | None) -> str:
    if player is None:
        return "pas en jeu"
    if player in state.excluded:
        return f"{player}, exclu : personne ne se réveille, marquez une pause puis continuez"
    return f"{player} ({'en vie' if state.alive[player] else 'mort'})"


def script(state: ElsenState, discussion: int = DISCUSSION_SECONDS,
           vote: int = VOTE_SECONDS, night: Mapping[str, int] | None = None) -> Script:
    """The lines of the step the game is at, ending with the input that step needs. `night`:
    seconds of countdown for each night role woken (NIGHT_ROLES), None when switched off."""
    step = state.next_step()
    timers = dict(night or {})
    if state.phase == "over":
        return Script("", "Fin de la partie", tuple(_prefix(state) + _end(state)))
    builders: dict[str, Callable[[ElsenState], list[Line]]] = {
        "deal": _deal, "recognition": lambda s: _recognition(s, timers.get("saboteurs")),
        "mission": _day, "protect": lambda s: _protect(s, timers.get("policier")),
        "kill": lambda s: _kill(s, timers.get("saboteurs")),
        "seer": lambda s: _seer(s, timers.get("voyante")), "dawn": _dawn}
    if step == "vote":
        return Script(step, f"Tour {state.turn} · Vote",
                      tuple(_prefix(state) + _vote(state, discussion, vote)))
    title = {"deal": "Mise en place", "recognition": "Première nuit",
             "mission": f"Tour {state.turn} · Jour"}.get(step, f"Tour {state.turn} · Nuit")
    return Script(step, title, tuple(_prefix(state) + builders[step](state)))


# --- what the last event calls for ----------------------------------------------------------


def _prefix(state: ElsenState) -> list[Line]:
    """Announcements of the last event's public outcome, and the closing of the last night
    step (the role that acted goes back to sleep)."""
    last = state.last_event
    if last == "mission":
        return mission_result_lines(state) + (
            [Line("La nuit tombe : tout le monde ferme les yeux.")]
            if state.phase == "night" else [])
    if last == "vote":
        return vote_result_lines(state)
    if last == "protect":
        return [Line("Policier, ferme les yeux.")]
    if last == "kill":
        night = state.nights[-1]
        victim = night["victim"]
        note = (f"{victim} était sous protection : remettez ses cartes Vivant/Mort en place, "
                "la victime survit." if night["survived"] else f"{victim} a perdu la vie.")
        return [Line("Saboteurs, fermez les yeux.", note)]
    if last == "seer":
        night = state.nights[-1]
        target = night.get("seer_target")
        if target is None:
            note = "La Voyante est exclue : aucun signe à faire."
        elif night["seer_alive"]:
            note = f"{target} : EN VIE, levez le pouce."
        else:
            note = f"{target} : MORT, baissez le pouce."
        return [Line("Voyante, ferme les yeux.", note)]
    return []


def mission_result_lines(state: ElsenState) -> list[Line]:
    """The public outcome of the revealed cards (the cards are face up for everyone)."""
    m = state.missions[-1]
    lines = []
    warnings = " ".join(f"Attention : {v['reason']}." for v in m["violations"])
    if m["sabotaged"]:
        lines.append(Line("Sabotage ! La mission en cours retombe à zéro.", warnings))
        warnings = ""
    else:
        if m["repaired"]:
            lines.append(Line("Un sabotage est sorti, mais la carte Ingénieur le répare."))
        lines.append(Line(f"La mission avance de {tokens_fr(int(m['added'] * 2))}.", warnings))
        warnings = ""
    if m["ghost_added"] or m["ghost_completed"]:
        ghost = ("La mission fantôme est réussie : elle aide les vivants."
                 if m["ghost_completed"] else
                 f"La mission fantôme avance : {m['ghost_progress']} sur {m['needed']}.")
        lines.append(Line(ghost))
    if m["completed"]:
        lines.append(Line(f"Mission {m['mission']} réussie ! Missions réussies : "
                          f"{state.missions_won} sur {state.data.missions_to_win}."))
    elif m["progress"]:
        lines.append(Line(f"Elle en est à {tokens_fr(int(m['progress'] * 2))} sur "
                          f"{m['needed']} : il manque {tokens_fr(int(m['missing'] * 2))}."))
    else:  # « elle en est à aucun jeton » is not French
        lines.append(Line(f"Elle est à zéro sur {m['needed']} : il manque "
                          f"{tokens_fr(int(m['missing'] * 2))}."))
    if m["healed"]:
        lines.append(Line("Une carte Docteur empêche l'élimination."))
    elif m["kill_due"]:
        lines.append(Line("Une élimination aura lieu cette nuit."))
    return lines


def vote_result_lines(state: ElsenState) -> list[Line]:
    v = state.votes[-1]
    if v["excluded"]:
        first = Line(f"{v['excluded']} quitte le vaisseau et garde son rôle secret jusqu'à la "
                     "fin de la partie.",
                     f"{v['votes']} voix sur {v['needed']} nécessaires.")
    elif v["target"] is not None:
        first = Line("Pas assez de voix : personne n'est exclu.",
                     f"{v['votes']} voix, il en fallait {v['needed']}.")
    else:
        first = Line("Personne n'est exclu ce tour-ci.")
    lines = [first]
    if state.phase != "over":
        lines.append(Line(f"Le jeton premier joueur passe à {v['first_player']}."))
    return lines


# --- the steps ------------------------------------------------------------------------------


def _deal(state: ElsenState) -> list[Line]:
    return [Line("Bienvenue à bord du vaisseau. Chacun reçoit une carte rôle : regardez-la en "
                 "secret.",
                 "Tirez les rôles au sort sur la tablette, ou saisissez les cartes distribuées "
                 "à la main.")]


def _recognition(state: ElsenState, timer: int | None = None) -> list[Line]:
    saboteurs = _names(state.saboteurs())
    return [
        Line("Placez votre carte Vivant près de vous et votre carte Mort un peu plus au centre.",
             f"Premier joueur : {state.first_player}. Chacun a ses 8 cartes action."),
        Line("La nuit tombe : tout le monde ferme les yeux."),
        Line("Saboteurs, ouvrez les yeux et reconnaissez-vous.", f"Saboteurs : {saboteurs}.",
             timer),
        Line("Saboteurs, fermez les yeux."),
        Line("Tout le monde se réveille."),
    ]


def _day(state: ElsenState) -> list[Line]:
    ghost = (f" Mission fantôme : {state.ghost_progress} sur {state.needed}."
             if state.ghost_progress else "")
    dead = [p for p in state.aboard if not state.alive[p]]
    return [
        Line(f"Tour {state.turn} sur {state.data.turns}, le jour se lève. Mission "
             f"{state.missions_won + 1} : {tokens_fr(state.progress)} sur {state.needed}."
             + ghost),
        Line(f"{state.first_player}, choisis au moins {counted(state.min_team(), 'joueur')} pour "
             "partir en mission.",
             "L'équipe peut compter des morts : personne ne sait qui est mort."),
        Line("Chaque membre de l'équipe pose une carte action face cachée au centre.",
             f"Morts (ne jouent que Mission réussie fantôme) : {_names(dead)}."),
        Line("Je mélange les cartes et je les révèle.",
             "Saisissez l'équipe et les cartes révélées."),
    ]


def _protect(state: ElsenState, timer: int | None = None) -> list[Line]:
    return [Line("Policier, ouvre les yeux et désigne la personne que tu protèges cette nuit.",
                 f"Policier : {_life(state, state.holder('policier'))}.", timer)]


def _kill(state: ElsenState, timer: int | None = None) -> list[Line]:
    protected = state.nights[-1].get("protected")
    note = (f"Saboteurs : {_names([p for p in state.saboteurs() if p not in state.excluded])}. "
            + (f"Sous protection cette nuit : {protected} ; si cette personne est visée, "
               "remettez ses cartes en place : elle survit." if protected
               else "Personne n'est sous protection."))
    call = (f"Tour {state.turn} : les saboteurs éliminent quoi qu'il arrive. Saboteurs, ouvrez "
            "les yeux." if state.nights[-1]["forced_kill"] and not state.nights[-1]["kill_due"]
            else "Saboteurs, ouvrez les yeux.")
    return [Line(call, note),
            Line("Choisissez ensemble un joueur et échangez ses cartes Vivant et Mort.",
                 "Saisissez la victime désignée.", timer)]


def _seer(state: ElsenState, timer: int | None = None) -> list[Line]:
    return [Line("Voyante, ouvre les yeux et désigne un joueur : je te dirai d'un signe s'il "
                 "est vivant ou mort.", f"Voyante : {_life(state, state.holder('voyante'))}.",
                 timer)]


def _dawn(state: ElsenState) -> list[Line]:
    team = state.missions[-1]["team"]
    return [Line("Je rends leurs cartes action aux membres de la mission.",
                 f"Rendez les cartes à : {_names(team)}."),
            Line("Tout le monde se réveille. Regardez discrètement votre carte Vivant ou Mort, "
                 "sans rien dire.")]


def _vote(state: ElsenState, discussion: int, vote: int) -> list[Line]:
    threshold = {"strict_majority": "plus de la moitié",
                 "at_least_half": "au moins la moitié"}[state.setup.settings["vote_threshold"]]
    return [
        Line("Place à la discussion : qui voulez-vous exclure du vaisseau ? Vous pouvez aussi "
             "n'exclure personne.", "Lancez le compte à rebours.", discussion),
        Line(f"Vote : levez la main pour exclure la personne désignée. Il faut "
             f"{state.votes_needed()} voix sur {len(state.aboard)}.",
             f"Seuil : {threshold} des joueurs à bord (réglage).", vote),
    ]


def _end(state: ElsenState) -> list[Line]:
    winners = {"passagers": "les passagers", "saboteurs": "les saboteurs"}[state.winner or ""]
    roles = "; ".join(f"{p} : {state.data.role(state.roles[p]).name}" for p in state.players)
    return [Line(f"Fin de la partie : {winners} l'emportent, {state.win_reason}.",
                 f"Rôles : {roles}."),
            Line("Chacun peut maintenant révéler son rôle.")]


def spoken_lines(s: Script) -> list[str]:
    return [line.spoken for line in s.lines]
