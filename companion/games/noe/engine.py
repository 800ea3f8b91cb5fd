"""The Noé match engine: manches and scores rebuilt from the table's log of announcements.

Setup: {"players": [2-6 names in seat order, clockwise], "level": 1|2|3, "target": 400,
"dealer": name of the first dealer (optional, the first player by default)}.

Events (docs/log-schemas/noe.json), each naming the manche it belongs to:
- {"type": "announcement", "manche": n, "player": p, "announcement": id, "cards": [6 ids]?}
- {"type": "false_announcement", "manche": n, "player": p, "announcement": id?, "cards": [...]?}
- {"type": "end_manche", "manche": n}  (the table stops a manche: registre NOE-9)
- {"type": "control", "manche": n, "player": attacker, "target": defender, "by": [1 or 3 ids],
   "defence": État-Major id | null, "seized": [1 or 3 ids]?}  (Niveau 2 contrôle/descente;
   null: nothing shown; seized: the cards taken, when the table records them; NOE-14)
- {"type": "attentat", "manche": n, "player": p, "attentat": Attentat id, "killed": id}
   (Niveau 3 › Les attentats: p drew the Attentat, the previous player killed `killed`)

Within a manche, every card the log names is tracked (inplay.py, registre NOE-14): a card
laid down in an announcement, used for a contrôle or descente, killed by an Attentat (and the
Attentat) has left play; an event naming it again in the same manche is refused.

A manche opens as soon as the previous one ends; the dealer moves one seat clockwise.

summary(): `scores` (totals), `manche` (current number), `dealer`, `turn` (registre NOE-11),
`manches` (per manche: dealer, points per player — null while not scored —, announcements,
number of false announcements, how it ended: "seul" | "elysee" | "table"), `finished`,
`winners`, `violations` (the false announcements: effective event position, manche, player,
reason, rule), `controls` (every control and descente: manche, attacker, target, cards, defence,
outcome "saisie" | "bloqué", reason, rule), `attentats` (manche, player, attentat, killed),
plus `players`, `level`, `target`; each manche also lists `out_of_play` (card id -> reason,
rule)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.core.errors import RuleError, UsageError
from companion.games.noe import inplay, refs
from companion.games.noe.cards import check_level, deck
from companion.games.noe.control import DESCENTE_SIZE, check_control, check_seizure
from companion.games.noe.hand import analyse, announcement

TYPES = ("announcement", "false_announcement", "end_manche", "control", "attentat")
ACTION_LEVEL = 2  # contrôles and descentes belong to Niveau 2 and 3
MECHANT_LEVEL = 3  # Attentats belong to Niveau 3

# 1: announcements and controls judged alone; 2: every card the log names is tracked within
# its manche (issue 24, registre NOE-14). Version 1 games still open, read only.
RULES_VERSION = 2
READABLE_VERSIONS = (1,)


@dataclass
class Manche:
    number: int
    dealer: int  # seat index
    points: dict[str, int] = field(default_factory=dict)  # valid announcements only
    announced: dict[str, str] = field(default_factory=dict)  # player -> announcement id
    false_count: int = 0
    ended_by: str | None = None  # "seul", "elysee", "table"
    last_player: str | None = None  # author of the last event, to deduce whose turn it is
    gone: dict[str, inplay.Gone] = field(default_factory=dict)  # cards out of play (NOE-14)

    @property
    def ended(self) -> bool:
        return self.ended_by is not None


class NoeState:
    """State of a Noé match; `apply` checks an event fully before changing anything."""

    def __init__(self, setup: dict[str, Any], track_cards: bool = True) -> None:
        self.players, self.level, self.target, first_dealer = _check_setup(setup)
        self.manches: list[Manche] = [Manche(1, first_dealer)]
        self.violations: list[dict[str, Any]] = []
        self.controls: list[dict[str, Any]] = []
        self.attentats: list[dict[str, Any]] = []
        self.events = 0
        self.track_cards = track_cards  # False: rules version 1 (no card tracked)

    # --- reading --------------------------------------------------------------------------

    @property
    def current(self) -> Manche:
        return self.manches[-1]

    def out_of_play(self) -> dict[str, inplay.Gone]:
        """The current manche's cards that have left play (registre NOE-14); none in version 1."""
        return self.current.gone if self.track_cards else {}

    def totals(self) -> dict[str, int]:
        return {p: sum(m.points.get(p, 0) for m in self.manches) for p in self.players}

    @property
    def finished(self) -> bool:
        return self.current.ended

    def winners(self) -> list[str]:
        """Everyone with the highest total once the match is over (Règles générales du jeu)."""
        if not self.finished:
            return []
        totals = self.totals()
        top = max(totals.values())
        return [p for p in self.players if totals[p] == top]

    def active(self, manche: Manche | None = None) -> list[str]:
        """Players still in play in the manche: those who have not laid down a valid hand."""
        m = manche or self.current
        return [p for p in self.players if p not in m.announced]

    def turn(self) -> str | None:
        """Who plays right after the last recorded fact (registre NOE-11)."""
        if self.finished:
            return None
        m = self.current
        n = len(self.players)
        start = self.players.index(m.last_player) if m.last_player else m.dealer
        for step in range(1, n + 1):
            player = self.players[(start + step) % n]
            if player not in m.announced:
                return player
        return None

    # --- changing -------------------------------------------------------------------------

    def apply(self, event: dict[str, Any]) -> None:
        kind = _check_shape(event)
        self._check_manche(event)
        if kind == "announcement":
            self._announce(event)
        elif kind == "false_announcement":
            self._false_announcement(event)
        elif kind == "control":
            self._control(event)
        elif kind == "attentat":
            self._attentat(event)
        else:
            self._end_by_table()
        self.events += 1

    def _check_manche(self, event: dict[str, Any]) -> None:
        """Every event names its manche; a manche that has ended takes no more (registre NOE-12).

        That is also how « no Élysée once every other player has announced » is enforced: the
        manche ended when only one player was left (Le Complot à l'Élysée)."""
        number = event.get("manche")
        if not isinstance(number, int) or isinstance(number, bool):
            raise RuleError("l'événement doit indiquer sa manche (« manche » : un entier)",
                            refs.register(12))
        if self.finished:
            raise RuleError("la partie est terminée : plus aucune annonce", refs.GENERAL)
        if number == self.current.number:
            return
        if 1 <= number < self.current.number:
            past = self.manches[number - 1]
            if (event.get("announcement") == "complot-elysee"
                    and event["type"] == "announcement" and past.ended_by == "seul"):
                raise RuleError(f"manche {number} : tous les autres joueurs avaient déjà annoncé, "
                                "il n'y a plus personne à attaquer : pas de Complot à l'Élysée",
                                refs.ELYSEE)
            raise RuleError(f"la manche {number} est terminée (manche en cours : "
                            f"{self.current.number})", refs.register(12))
        raise RuleError(f"manche {number} inconnue (manche en cours : {self.current.number})",
                        refs.register(12))

    def _player(self, event: dict[str, Any]) -> str:
        player = event.get("player")
        if player not in self.players:
            raise RuleError(f"joueur inconnu « {player} » ; joueurs : {', '.join(self.players)}",
                            refs.GENERAL)
        assert isinstance(player, str)
        if player in self.current.announced:
            raise RuleError(f"{player} a déjà annoncé dans cette manche : une seule annonce par "
                            "joueur et par manche", refs.START)
        return player

    def _announce(self, event: dict[str, Any]) -> None:
        """A valid announcement scores its points; the player leaves the manche (Démarrage du
        jeu). Complot à l'Élysée ends the manche at once (Le Complot à l'Élysée)."""
        player = self._player(event)
        ann = announcement(_string(event, "announcement"))
        cards = event.get("cards")
        if cards is not None:
            result = analyse(_card_list(cards), self.level, self.out_of_play())
            if not result.allows(ann.id):
                raise RuleError(f"cette main ne permet pas « {ann.name} » : enregistrez une fausse "
                                "annonce", refs.register(8))
        m = self.current
        if self.track_cards:
            for card in cards or ():
                m.gone[card] = inplay.laid_down(player)  # the hand stays on the table (NOE-14)
        m.announced[player] = ann.id
        m.points[player] = ann.points
        m.last_player = player
        if ann.id == "complot-elysee":
            self._close(m, "elysee")
        elif len(self.active(m)) <= 1:
            self._close(m, "seul")

    def _false_announcement(self, event: dict[str, Any]) -> None:
        """A mistaken announcement: the player takes back the hand, scores nothing and loses the
        turn (Démarrage du jeu)."""
        player = self._player(event)
        ann_id = event.get("announcement")
        ann = announcement(ann_id) if ann_id is not None else None
        if event.get("cards") is not None:  # the hand itself must be valid; it is taken back
            analyse(_card_list(event["cards"]), self.level, self.out_of_play())
        m = self.current
        m.false_count += 1
        m.last_player = player
        what = f"« {ann.name} »" if ann else "une annonce"
        self.violations.append({
            "event": self.events, "manche": m.number, "player": player,
            "announcement": ann.id if ann else None,
            "reason": f"{player} a annoncé {what} à tort : aucun point, tour perdu",
            "rule": refs.FALSE_ANNOUNCEMENT})

    def _control(self, event: dict[str, Any]) -> None:
        """A contrôle (1 Enquêteur) or a descente (3) against a player still in the manche; the
        defender shows an État-Major card or nothing (« defence »: null). Judged by the grades
        (Niveau 2 › Le contrôle ou la descente sont impossibles): a valid opposition blocks the
        seizure, otherwise it takes place. Cards that cannot act (jokers, not Enquêteurs) are
        refused. Recorded in the log and the summary (registre NOE-14)."""
        if self.level < ACTION_LEVEL:
            raise RuleError("les contrôles et descentes appartiennent aux niveaux 2 et 3 "
                            f"(partie de niveau {self.level})", refs.ACTIONS)
        player = self._player(event)
        target = event.get("target")
        if target not in self.players or target == player:
            raise RuleError(f"« target » : un adversaire de {player} ; joueurs : "
                            f"{', '.join(p for p in self.players if p != player)}", refs.ACTIONS)
        assert isinstance(target, str)
        if target in self.current.announced:
            raise RuleError(f"{target} a déjà étalé son jeu dans cette manche : plus rien à "
                            "contrôler", refs.ACTIONS)
        by, defence = event.get("by"), event.get("defence")
        gone = self.out_of_play()
        unopposed = check_control(by, None, gone)
        if not unopposed.allowed:  # a joker or a card that is not an Enquêteur cannot act
            raise RuleError(unopposed.reason, unopposed.rule)
        verdict = check_control(by, defence, gone)
        assert isinstance(by, list)
        if self.track_cards:
            check_seizure(event.get("seized"), by, verdict, self.level, gone)
        m = self.current
        m.last_player = player
        kind = "descente" if len(by) == DESCENTE_SIZE else "controle"
        if self.track_cards:
            for card in by:  # lost for good, seizure or not (Niveau 2; registre NOE-14)
                m.gone[card] = inplay.used_for_action(player, kind, not verdict.allowed)
        self.controls.append({
            "event": self.events, "manche": m.number, "player": player, "target": target,
            "kind": kind, "by": list(by),
            "defence": defence, "outcome": "saisie" if verdict.allowed else "bloqué",
            "reason": verdict.reason, "rule": verdict.rule})

    def _attentat(self, event: dict[str, Any]) -> None:
        """A player draws an Attentat at the start of the turn: the previous player takes one of
        the player's cards blindly and kills it; both go to the discard, the Attentat on top,
        and the turn is over (Niveau 3 › Les attentats). The two cards leave play for the
        manche (registre NOE-14)."""
        if self.level < MECHANT_LEVEL:
            raise RuleError("les Attentats n'existent qu'au niveau 3 (partie de niveau "
                            f"{self.level})", refs.ATTENTATS)
        player = self._player(event)
        attentat, victim = inplay.check_attentat(event.get("attentat"), event.get("killed"),
                                                 self.level, self.out_of_play())
        m = self.current
        m.last_player = player
        m.gone[victim] = inplay.killed(player)
        m.gone[attentat] = inplay.used_attentat(player)
        self.attentats.append({"event": self.events, "manche": m.number, "player": player,
                               "attentat": attentat, "killed": victim})

    def _end_by_table(self) -> None:
        """The table stops the manche (e.g. the pile is exhausted): registre NOE-9."""
        self._close(self.current, "table")

    def _close(self, m: Manche, how: str) -> None:
        """Players without points this manche get 0 (Le Complot à l'Élysée; joueur seul); the
        match ends once someone reaches the target, otherwise the next manche opens with the
        next dealer clockwise (Démarrage du jeu; registre NOE-10)."""
        for player in self.players:
            m.points.setdefault(player, 0)
        m.ended_by = how
        if max(self.totals().values()) < self.target:
            self.manches.append(Manche(m.number + 1, (m.dealer + 1) % len(self.players)))

    # --- JSON view ------------------------------------------------------------------------

    def summary(self) -> dict[str, Any]:
        m = self.current
        return {
            "game": "noe",
            "players": list(self.players),
            "level": self.level,
            "target": self.target,
            "scores": self.totals(),
            "manche": m.number,
            "dealer": self.players[m.dealer],
            "turn": self.turn(),
            "manches": [{
                "number": x.number, "dealer": self.players[x.dealer],
                "points": {p: x.points.get(p) for p in self.players},
                "announcements": dict(x.announced), "false_announcements": x.false_count,
                "ended": x.ended, "ended_by": x.ended_by,
                "out_of_play": inplay.as_json(x.gone)} for x in self.manches],
            "finished": self.finished,
            "winners": self.winners(),
            "violations": list(self.violations),
            "controls": [dict(c) for c in self.controls],
            "attentats": [dict(a) for a in self.attentats],
        }


class NoeEngine:
    game = "noe"

    def __init__(self, rules_version: int = RULES_VERSION) -> None:
        self.rules_version = rules_version

    def new_state(self, setup: dict[str, Any]) -> NoeState:
        return NoeState(setup, track_cards=self.rules_version >= 2)


ENGINE = NoeEngine()


def engine_for_version(version: int) -> NoeEngine:
    """The engine that replays a game stored under rules `version` (1: no card tracked)."""
    if version not in (*READABLE_VERSIONS, RULES_VERSION):
        raise UsageError(f"Noé : version des règles inconnue {version!r}")
    return NoeEngine(version)


# --- checks ---------------------------------------------------------------------------------


def _check_setup(setup: Any) -> tuple[list[str], int, int, int]:
    """2 to 6 players with distinct names, a level, a target of 400 points by default
    (Règles générales du jeu)."""
    if not isinstance(setup, dict):
        raise RuleError("la mise en place doit être un objet JSON", refs.GENERAL)
    players = setup.get("players")
    span = deck().data.players
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise RuleError("« players » : la liste des noms des joueurs", refs.GENERAL)
    names = [p.strip() for p in players]
    if not span.min <= len(names) <= span.max:
        raise RuleError(f"{span.min} à {span.max} joueurs (reçu {len(names)})", refs.GENERAL)
    if any(not n for n in names) or len({n.casefold() for n in names}) != len(names):
        raise RuleError("chaque joueur a un nom, distinct des autres", refs.GENERAL)
    level = setup.get("level", max(deck().data.levels()))
    if not isinstance(level, int) or isinstance(level, bool):
        raise RuleError("« level » : 1, 2 ou 3", refs.GENERAL)
    check_level(level)
    target = setup.get("target", deck().data.target_score)
    if not isinstance(target, int) or isinstance(target, bool) or target < 1:
        raise RuleError("« target » : un nombre de points positif (400 dans la règle)",
                        refs.GENERAL)
    dealer = setup.get("dealer", names[0])
    if dealer not in names:
        raise RuleError(f"donneur inconnu « {dealer} »", refs.START)
    return names, level, target, names.index(dealer)


def _check_shape(event: Any) -> str:
    if not isinstance(event, dict):
        raise RuleError("un événement est un objet JSON", refs.register(12))
    kind = event.get("type")
    if kind not in TYPES:
        raise RuleError(f"type d'événement inconnu « {kind} » ; types : {', '.join(TYPES)}",
                        refs.register(12))
    return str(kind)


def _string(event: dict[str, Any], key: str) -> str:
    value = event.get(key)
    if not isinstance(value, str):
        raise RuleError(f"« {key} » manquant ou invalide", refs.register(12))
    return value


def _card_list(cards: Any) -> list[str]:
    if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
        raise RuleError("« cards » : une liste d'identifiants de cartes", refs.CHARACTERS)
    return cards
