"""Labystère's rule checker (rules version 2) against labystere-ptit-jeu-maelys.txt ›
DÉROULEMENT DE LA PARTIE, QUE SE PASSE-T-IL SI, and registre LAB-4..LAB-19: the board is the
plan, pawns walk the maze, paths are swapped, piles turned up, actions done, declarations judged.

Most tests play on seed 42's plan; the rules about shapes use small hand-drawn boards (`draw`)
so that each one shows exactly the case the rules' sentence is about."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from companion.core.engine import InvalidEvent, engine_for, replay
from companion.core.errors import RuleError
from companion.core.loader import load_game
from companion.games.labystere.board import GLYPHS, Board, Stack, parse_cell, turn
from companion.games.labystere.engine import (
    ENGINE,
    RULES_VERSION,
    LabystereState,
    engine_for_version,
)
from companion.games.labystere.setup import generate

SETUP = {"players": ["Léa", "Tom", "Inès"], "colours": ["rouge", "bleu", "vert"], "seed": 42}
PLAN = generate(42)
GUILTY = PLAN.guilty.removeprefix("suspect-")  # ours
HIDDEN = PLAN.hiding_place.removeprefix("chemin-lieu-")  # tour
END = {"type": "end_turn"}
REVEAL = {"type": "reveal"}
DATA = load_game("labystere")


def roll(value: int) -> dict[str, Any]:
    return {"type": "roll", "value": value}


def move(*cells: str) -> dict[str, Any]:
    return {"type": "move", "path": list(cells)}


def action(card: str, **extra: str) -> dict[str, Any]:
    return {"type": "action", "card": card, **extra}


def declare(suspect: str, place: str) -> dict[str, Any]:
    return {"type": "declare", "suspect": suspect, "place": place}


def play(*events: dict[str, Any], setup: dict[str, Any] | None = None) -> LabystereState:
    state = replay("labystere", setup or SETUP, list(events))
    assert isinstance(state, LabystereState)
    return state


def refused(state: LabystereState, event: dict[str, Any], match: str) -> RuleError:
    before = json.dumps(state.summary(), sort_keys=True)
    with pytest.raises(RuleError, match=match) as err:
        state.apply(event)
    assert json.dumps(state.summary(), sort_keys=True) == before
    assert err.value.rule
    return err.value


SHAPE_OF = {"NS": ("droit", 0), "EW": ("droit", 1), "NE": ("virage", 0), "ES": ("virage", 1),
            "SW": ("virage", 2), "NW": ("virage", 3), "NES": ("t", 0), "ESW": ("t", 1),
            "NSW": ("t", 2), "NEW": ("t", 3), "NESW": ("croix", 0)}
GLYPH_SIDES = {glyph: sides for sides, glyph in GLYPHS.items()}


def draw(state: LabystereState, rows: list[str], under: dict[str, str] | None = None) -> None:
    """Replace the board by a drawing: D Départ, A Arrivée, L a Lieu, T a Témoin (crossings),
    a line glyph a plain path opening that way, with « pas d'action » under it unless `under`
    names another card. Pawns go back to Départ."""
    under = under or {}
    stacks = {}
    for r, row in enumerate(rows):
        for c, mark in enumerate(row.split()):
            name = f"{'ABCDE'[r]}{c + 1}"
            if mark == "D":
                stacks[(r, c)] = Stack("depart", "depart", None, "", "", 0)
            elif mark == "A":
                stacks[(r, c)] = Stack("arrivee", "arrivee", None, "", "", 0)
            elif mark == "L":
                stacks[(r, c)] = Stack("drapeau-absent", "drapeau", "chemin-lieu-moulin", "lieu",
                                       "croix", 0)
            elif mark == "T":
                stacks[(r, c)] = Stack("suspect-pie", "suspect", "chemin-temoin", "temoin",
                                       "croix", 0)
            else:
                shape, rotation = SHAPE_OF[GLYPH_SIDES[mark]]
                card = under.get(name, "pas-d-action")
                stacks[(r, c)] = Stack(card, "action", f"chemin-{shape}", "chemin", shape,
                                       rotation)
    state.board = Board(stacks, 5, 5)
    start = state.board.find("depart")
    state.pawns = [start if not out else None for out in state.out]


# A small maze: a ring of paths from Départ (A1) round to Arrivée (E5), a dead end in the middle.
RING = ["D ─ ─ ─ ┐",
        "│ ┌ ─ ┐ │",
        "│ │ T │ │",
        "│ └ L ┘ │",
        "└ ─ ─ ─ A"]


def on_ring(*events: dict[str, Any], under: dict[str, str] | None = None) -> LabystereState:
    state = play()
    draw(state, RING, under)
    for event in events:
        state.apply(event)
    return state


def test_engine_is_registered_with_its_rules_version() -> None:
    assert engine_for("labystere") is ENGINE
    assert RULES_VERSION == 2 and ENGINE.rules_version == 2
    assert play().summary()["rules_version"] == 2


# --- the board is the plan ---------------------------------------------------------------------


def test_the_board_is_the_plan_turned_as_it_says() -> None:
    """PRÉPARATION: the cards lie where the plan puts them; registre LAB-4: each path card is
    turned as the plan draws it."""
    state = play()
    shapes = {c.id: c.fields.get("shape") for c in DATA.components()}
    sides = {"droit": "NS", "virage": "NE", "t": "NES", "croix": "NESW"}
    for (r, c), cell in PLAN.cells():
        seen = state.summary()["board"][r][c]
        if cell.path is None:
            assert seen["card"] == cell.kind and seen["sides"] == "NESW"
        else:
            assert seen["card"] == cell.path
            assert seen["sides"] == turn(sides[str(shapes[cell.path])], cell.rotation)
    rotations = Counter(cell.rotation for _, cell in PLAN.cells() if cell.path)
    assert len(rotations) > 1  # the plan really turns cards


def test_pawns_start_on_depart() -> None:
    """DÉROULEMENT DE LA PARTIE: « Chaque joueur place son pion sur la case Départ »."""
    summary = play().summary()
    depart = PLAN.position("depart")
    name = "ABCDE"[depart[0]] + str(depart[1] + 1)
    assert [p["cell"] for p in summary["players"]] == [name] * 3


def test_the_summary_tells_no_face_down_card() -> None:
    """Registre LAB-3: the culprit, the flag and the Action cards stay face down."""
    state = play()
    text = json.dumps(state.summary(), ensure_ascii=False)
    for _, cell in PLAN.cells():
        if cell.path is not None:
            assert cell.action not in text
    assert PLAN.guilty not in text and "seed" not in state.summary()
    assert state.hidden_card("A1") is None or state.hidden_card("A1") == PLAN[0][0].action


# --- moving ------------------------------------------------------------------------------------


def test_turns_go_round_in_seat_order() -> None:
    """« Le jeu se joue dans le sens des aiguilles d'une montre » (registre LAB-9: seat order)."""
    state = on_ring()
    order = []
    for _ in range(4):
        order.append(state.summary()["current"])
        state.apply(roll(2))
        state.apply({"type": "swap", "cells": ["B2", "B4"]})
        state.apply(END)
    assert order == ["Léa", "Tom", "Inès", "Léa"]


def test_a_move_is_exactly_the_die() -> None:
    """« On est obligé d'avancer du nombre de cases exact indiqué par le dé »."""
    state = on_ring(roll(3))
    refused(state, move("A2", "A3"), "nombre exact du dé : 3 cases, pas 2")
    refused(state, move("A2", "A3", "A4", "A5"), "pas 4")
    state.apply(move("A2", "A3", "A4"))
    assert state.summary()["players"][0]["cell"] == "A4"


def test_a_move_goes_only_vertically_or_horizontally_one_cell_at_a_time() -> None:
    """« On ne peut avancer que verticalement et horizontalement »."""
    state = on_ring(roll(2))
    refused(state, move("B2", "C3"), "verticalement ou horizontalement")
    refused(state, move("A3", "A4"), "verticalement ou horizontalement")  # jumps over A2


def test_a_move_follows_only_paths_that_join() -> None:
    """« … et uniquement sur des chemins qui se suivent »: B2 (┌) does not open towards A2."""
    state = on_ring(roll(2))
    refused(state, move("A2", "B2"), "ne se suivent pas")
    state.apply(move("B1", "C1"))


def test_going_back_only_from_an_edge_card() -> None:
    """« Un joueur peut revenir en arrière s'il est sur une carte qui constitue un coin ou un
    côté de la grille » (registre LAB-14: a U-turn within the move)."""
    state = on_ring(roll(3))
    state.apply(move("A2", "A3", "A2"))  # U-turn on A3, a card of the top side
    inner = ["D ─ ─ ─ ┐",
             "│ ┌ ─ ┐ │",
             "│ ┼ T │ │",
             "│ └ L ┘ │",
             "└ ─ ─ ─ A"]
    state = play()
    draw(state, inner)
    state.pawns[0] = (1, 1)  # B2, inside the grid
    state.apply(roll(2))
    refused(state, move("C2", "B2"), "demi-tour en C2")
    refused(state, move("B3", "B2"), "demi-tour en B3")
    state.apply(move("B3", "B4"))
    assert state.summary()["players"][0]["cell"] == "B4"


def test_the_app_lists_every_legal_destination_with_a_path() -> None:
    """The destinations after a roll are the cells a legal walk of that length reaches."""
    state = on_ring(roll(4))
    moves = state.summary()["moves"]
    # round either way, or turning back on an edge card (A3, B1: sides of the grid)
    assert set(moves) == {"A5", "E1", "A3", "C1", "A1"}
    for end, path in moves.items():
        probe = on_ring(roll(4))
        probe.apply(move(*path))
        assert probe.summary()["players"][0]["cell"] == end


def test_several_pawns_may_share_a_cell() -> None:
    """« Plusieurs joueurs peuvent se tenir sur la même case »."""
    state = on_ring(roll(2), move("A2", "A3"), REVEAL, action("pas-d-action"), END,
                    roll(2), move("A2", "A3"))
    cells = [p["cell"] for p in state.summary()["players"]]
    assert cells[:2] == ["A3", "A3"]


def test_depart_and_arrivee_join_every_path_towards_them() -> None:
    """Registre LAB-12: the uncovered cells open on every side; landing there turns nothing."""
    state = on_ring(roll(4), move("B1", "C1", "D1", "E1"), REVEAL, action("pas-d-action"), END)
    for _ in range(2):
        state.apply(roll(1))
        state.apply({"type": "swap", "cells": ["B2", "B4"]})
        state.apply(END)
    state.apply(roll(4))
    state.apply(move("E2", "E3", "E4", "E5"))
    assert state.summary()["phase"] == "done"  # on Arrivée: nothing to turn up
    assert state.summary()["can_declare"]


def test_compte_double_doubles_the_next_roll() -> None:
    """« Ton prochain lancer de dé compte double : on multiplie les points par 2 » (registre
    LAB-6: the player's next roll only)."""
    state = on_ring(roll(1), move("A2"), REVEAL, action("lancer-double"), END,
                    under={"A2": "lancer-double"})
    assert state.summary()["players"][0]["double_pending"]
    for _ in range(2):
        state.apply(roll(3))  # Tom and Inès: not doubled
        assert state.summary()["steps"] == 3
        state.apply({"type": "swap", "cells": ["B2", "B4"]})
        state.apply(END)
    state.apply(roll(3))
    assert state.summary()["last_roll"] == {"player": 0, "value": 3, "doubled": True, "steps": 6}
    refused(state, move("A3", "A4", "A5"), "6 cases, pas 3")
    state.apply(move("A3", "A4", "A5", "B5", "C5", "D5"))
    state.apply(REVEAL)
    state.apply(action("pas-d-action"))
    state.apply(END)
    for _ in range(2):
        state.apply(roll(1))
        state.apply({"type": "swap", "cells": ["B2", "B4"]})
        state.apply(END)
    state.apply(roll(1))
    assert state.summary()["steps"] == 1  # used up


def test_double_then_rejoue_doubles_the_rejoue_roll() -> None:
    """Registre LAB-6: a « Rejoue » roll is the next roll."""
    state = on_ring(roll(1), move("A2"), REVEAL, action("lancer-double"), END,
                    under={"A2": "lancer-double", "B1": "rejoue"})
    for _ in range(2):
        state.apply(roll(1))
        state.apply({"type": "swap", "cells": ["B2", "B4"]})
        state.apply(END)
    state.apply(roll(1))  # doubled: 2 steps, A2 → A1 (Départ, edge U-turn allowed) → B1
    state.apply(move("A1", "B1"))
    state.apply(REVEAL)
    state.apply(action("rejoue"))
    state.apply(roll(2))
    assert state.summary()["last_roll"]["doubled"] is False


# --- changing the paths ------------------------------------------------------------------------


def test_swap_only_empty_paths() -> None:
    """« On ne peut échanger que des chemins vides (donc pas les cartes Lieu, Témoin, Départ et
    Arrivée) »."""
    state = on_ring(roll(2))
    refused(state, {"type": "swap", "cells": ["C3", "B2"]}, "C3 est un Témoin")
    refused(state, {"type": "swap", "cells": ["B2", "D3"]}, "D3 est un Lieu")
    refused(state, {"type": "swap", "cells": ["E5", "B2"]}, "E5 est l'Arrivée")
    refused(state, {"type": "swap", "cells": ["B2", "B2"]}, "deux paquets différents")
    refused(state, {"type": "swap", "cells": ["B2"]}, "2 paquets")


def test_swap_never_under_a_pawn() -> None:
    """« On ne peut pas déplacer des cartes sur lesquelles se trouve un pion »."""
    state = on_ring(roll(1), move("A2"), REVEAL, action("pas-d-action"), END, roll(3))
    refused(state, {"type": "swap", "cells": ["A2", "B2"]}, "un pion est sur A2")
    assert "A2" not in state.summary()["swappable"]


def test_a_swap_moves_no_pawn_reveals_nothing_and_keeps_orientation() -> None:
    """« Le joueur n'avance pas et ne retourne pas de cartes » (registre LAB-13: the stacks keep
    their orientation)."""
    state = on_ring(roll(5))
    before = {c["cell"]: c for row in state.summary()["board"] for c in row}
    state.apply({"type": "swap", "cells": ["B2", "D4"]})
    after = {c["cell"]: c for row in state.summary()["board"] for c in row}
    assert after["B2"]["sides"] == before["D4"]["sides"] == "NW"
    assert after["D4"]["sides"] == before["B2"]["sides"] == "ES"
    assert state.hidden_card("B2") == "pas-d-action"
    summary = state.summary()
    assert summary["players"][0]["cell"] == "A1" and summary["last_reveal"] is None
    assert summary["phase"] == "done"
    refused(state, REVEAL, "passer au joueur suivant")
    refused(state, move("A2"), "avancer maintenant")


def test_either_move_or_swap_not_both() -> None:
    """« Il peut alors soit avancer, soit modifier les chemins »."""
    state = on_ring(roll(1), move("A2"))
    refused(state, {"type": "swap", "cells": ["B2", "B4"]}, "retourner le paquet")


def test_the_die_must_be_used_by_a_move_or_a_swap() -> None:
    """Registre LAB-15: no end of turn before a move or a swap, unless neither is possible."""
    state = on_ring(roll(2))
    refused(state, END, "avancer ou modifier les chemins")
    stuck = play()
    draw(stuck, ["D L T L T",
                 "L T L T L",
                 "T L T L T",
                 "L T L T L",
                 "T L T L A"])
    stuck.apply(roll(3))
    assert stuck.summary()["moves"] and not stuck.summary()["swappable"]
    closed = play()
    draw(closed, ["D ─ L T L",
                  "│ T L T L",
                  "T L T L T",
                  "L T L T L",
                  "T L T L A"])
    closed.apply(roll(6))
    # only two empty paths, so a swap is possible: the turn cannot pass yet
    refused(closed, END, "avancer ou modifier")
    closed.apply({"type": "swap", "cells": ["A2", "B1"]})


# --- turning up and the Action cards -----------------------------------------------------------


def test_reveal_then_the_action_is_compulsory() -> None:
    """« Puis, il retourne le paquet … » and « les joueurs sont obligés de faire l'action
    indiquée par les cartes Action » (registre LAB-7)."""
    state = on_ring(roll(1), move("A2"), under={"A2": "rejoue"})
    refused(state, END, "retourner le paquet")
    refused(state, declare(GUILTY, HIDDEN), "Arrivée")
    state.apply(REVEAL)
    assert state.summary()["pending_action"] == "rejoue"
    refused(state, END, "faire l'action de la carte « rejoue »")
    refused(state, action("pas-d-action"), "la carte retournée est « rejoue »")
    refused(state, roll(4), "faire l'action")


def test_rejoue_same_player_rolls_again_and_must() -> None:
    """Cartes Action › « Rejoue : le joueur relance le dé et peut soit avancer, soit modifier les
    chemins »."""
    state = on_ring(roll(1), move("A2"), REVEAL, action("rejoue"), under={"A2": "rejoue"})
    summary = state.summary()
    assert summary["current"] == "Léa" and summary["phase"] == "roll"
    refused(state, END, "lancer le dé")
    state.apply(roll(1))
    state.apply({"type": "swap", "cells": ["B2", "B4"]})
    state.apply(END)
    assert state.summary()["current"] == "Tom"


def test_a_temoin_or_lieu_turned_up_needs_no_action() -> None:
    """Carte Témoin, carte Lieu: the player learns something, there is nothing to do."""
    state = play()
    draw(state, ["D ─ L ─ ┐", "│ ┌ ─ ┐ │", "│ │ T │ │", "│ └ L ┘ │", "└ ─ ─ ─ A"])
    state.apply(roll(2))
    state.apply(move("A2", "A3"))
    state.apply(REVEAL)
    summary = state.summary()
    assert summary["phase"] == "done" and summary["pending_action"] is None
    assert summary["last_reveal"] == {"player": 0, "cell": "A3", "cover": "lieu"}


def test_retour_cards_send_where_they_say() -> None:
    """« Rends-toi à la case Départ/Arrivée » is two cards (registre LAB-16): no choice."""
    state = on_ring(roll(2), move("A2", "A3"), REVEAL, under={"A3": "retour-depart"})
    refused(state, action("retour-arrivee"), "« retour-depart »")
    refused(state, {"type": "action", "card": "retour-depart", "to": "arrivee"}, "champ inconnu")
    state.apply(action("retour-depart"))
    assert state.summary()["players"][0]["cell"] == "A1"
    state = on_ring(roll(2), move("A2", "A3"), REVEAL, action("retour-arrivee"),
                    under={"A3": "retour-arrivee"})
    assert state.summary()["players"][0]["cell"] == "E5" and state.summary()["can_declare"]


def test_regarde_temoin_and_regarde_lieu_need_such_a_card() -> None:
    """« Regarde sous la carte Témoin (Lieu) de ton choix : le joueur regarde sans déplacer son
    pion »."""
    state = on_ring(roll(1), move("A2"), REVEAL, under={"A2": "regarde-temoin"})
    refused(state, action("regarde-temoin", cell="D3"), "D3 n'est pas une carte Témoin")
    refused(state, action("regarde-temoin"), "champ manquant")
    state.apply(action("regarde-temoin", cell="C3"))
    assert state.summary()["players"][0]["cell"] == "A2"
    state = on_ring(roll(1), move("A2"), REVEAL, under={"A2": "regarde-lieu"})
    refused(state, action("regarde-lieu", cell="C3"), "C3 n'est pas une carte Lieu")
    state.apply(action("regarde-lieu", cell="D3"))


def test_regarde_ecartes_with_nothing_set_aside_passes_the_turn() -> None:
    """QUE SE PASSE-T-IL SI: « le joueur n'a pas de suspect/lieu écarté ? Tant pis ! C'est au
    joueur suivant de jouer » (registre LAB-18)."""
    state = on_ring(roll(1), move("A2"), REVEAL, under={"A2": "regarde-suspects-ecartes"})
    refused(state, action("regarde-suspects-ecartes", player="Léa"), "un autre joueur")
    refused(state, action("regarde-suspects-ecartes", player="Zoé"), "joueur inconnu")
    state.apply(action("regarde-suspects-ecartes", player="Tom"))
    summary = state.summary()
    assert summary["current"] == "Tom" and summary["phase"] == "roll"
    assert summary["last_action"]["nothing"] is True  # the page says « tant pis »
    state.apply(roll(2))
    assert state.summary()["last_action"] is None  # a roll starts afresh


def test_regarde_ecartes_after_a_temoin_does_not_pass() -> None:
    """Registre LAB-18: a Témoin turned up is a suspect set aside; looking at one of them is
    learning an innocent too."""
    state = on_ring(roll(1), move("A2"), REVEAL, action("pas-d-action"), END,
                    under={"A2": "pas-d-action", "B1": "regarde-suspects-ecartes"})
    state.knows[0].add("suspect")  # Léa has turned up a Témoin earlier
    state.apply(roll(1))
    state.apply(move("B1"))
    state.apply(REVEAL)
    state.apply(action("regarde-suspects-ecartes", player="Léa"))
    assert state.summary()["current"] == "Tom" and state.summary()["phase"] == "done"
    assert "suspect" in state.knows[1]


def test_echange_swaps_pawns_and_lets_both_look_under_lieu_or_temoin() -> None:
    """« Échange la place de ton pion avec le joueur de ton choix : une fois l'échange effectué,
    les joueurs peuvent regarder les cartes sous leur pion, seulement s'il s'agit de cartes Lieu
    ou Témoin » (registre LAB-17)."""
    board = ["D ─ L ─ ┐", "│ ┌ ─ ┐ │", "│ │ T │ │", "│ └ L ┘ │", "└ ─ ─ ─ A"]
    state = play()
    draw(state, board, {"B1": "echange-pion"})
    for event in (roll(2), move("A2", "A3"), REVEAL, END, roll(1), move("B1"), REVEAL):
        state.apply(event)
    refused(state, action("echange-pion", player="Tom"), "un autre joueur")
    state.apply(action("echange-pion", player="Léa"))
    cells = [p["cell"] for p in state.summary()["players"]]
    assert cells[:2] == ["B1", "A3"]
    assert state.summary()["may_look"] == ["Tom"]  # A3 is a Lieu; B1 a plain path
    refused(state, {"type": "reveal", "player": "Léa"}, "seuls les deux joueurs")
    state.apply({"type": "reveal", "player": "Tom"})
    assert state.summary()["last_reveal"] == {"player": 1, "cell": "A3", "cover": "lieu"}
    refused(state, {"type": "reveal", "player": "Tom"}, "retourner un paquet maintenant")
    state.apply(END)


# --- declaring ---------------------------------------------------------------------------------


def test_a_declaration_only_on_arrivee() -> None:
    """« Il doit se rendre sur la case Arrivée pour pouvoir déclarer ses résultats »: not as the
    very first event, nor after rolling 3 and turning up « Rien » (issue 12)."""
    err = refused(play(), declare(GUILTY, HIDDEN), "doit être sur la case Arrivée")
    assert "déclarer" in err.rule
    state = on_ring(roll(3), move("A2", "A3", "A4"), REVEAL)  # « Rien » lies under A4
    assert state.summary()["pending_action"] == "pas-d-action"
    refused(state, declare(GUILTY, HIDDEN), "Arrivée")
    state.apply(action("pas-d-action"))
    refused(state, declare(GUILTY, HIDDEN), "doit être sur la case Arrivée")
    state = play(roll(3))  # the plan of seed 42 itself: no walk of 3 reaches Arrivée
    assert PLAN.position("arrivee") not in [parse_cell(c, 5, 5) for c in state.summary()["moves"]]


def test_right_declaration_wins_and_ends_the_game() -> None:
    """« Si tout est bon, il a gagné » — judged by the engine against the plan (registre LAB-8)."""
    state = on_ring(roll(2), move("A2", "A3"), REVEAL, action("retour-arrivee"),
                    under={"A3": "retour-arrivee"})
    refused(state, {"type": "declare", "suspect": GUILTY, "place": HIDDEN, "correct": True},
            "champ inconnu")
    state.apply(declare(GUILTY, HIDDEN))
    summary = state.summary()
    assert summary["winner"] == "Léa" and summary["finished"] and summary["turn"] is None
    assert summary["declarations"] == [{"player": 0, "suspect": GUILTY, "place": HIDDEN,
                                        "correct": True}]
    refused(state, roll(2), "finie")


def test_wrong_declaration_eliminates_and_the_others_go_on() -> None:
    """« Si l'un des deux n'est pas bon, il a perdu et laisse les autres joueurs continuer »."""
    wrong_place = next(p.id for p in DATA.places if p.id != HIDDEN)
    state = on_ring(roll(2), move("A2", "A3"), REVEAL, action("retour-arrivee"),
                    under={"A3": "retour-arrivee"})
    state.apply(declare(GUILTY, wrong_place))
    summary = state.summary()
    assert summary["players"][0]["out"] and summary["players"][0]["cell"] is None
    assert not summary["finished"] and summary["current"] == "Tom"
    assert summary["declarations"][0]["correct"] is False
    for _ in range(2):
        state.apply(roll(1))
        state.apply({"type": "swap", "cells": ["B2", "B4"]})
        state.apply(END)
    assert state.summary()["current"] == "Tom"  # Léa is skipped from now on


def test_everyone_wrong_ends_without_winner() -> None:
    """Registre LAB-8: nobody left to play."""
    wrong_suspect = next(s.id for s in DATA.suspects if s.id != GUILTY)
    state = on_ring(under={"A3": "retour-arrivee"})
    for _ in range(3):
        state.apply(roll(2))
        state.apply(move("A2", "A3"))
        state.apply(REVEAL)
        state.apply(action("retour-arrivee"))
        state.apply(declare(wrong_suspect, HIDDEN))
    summary = state.summary()
    assert summary["finished"] and summary["winner"] is None


def test_with_nobody_else_left_pointing_cards_do_nothing() -> None:
    """Registre LAB-18: « le joueur de ton choix » with nobody else in the game."""
    setup = {"players": ["Léa", "Tom"], "colours": ["rouge", "bleu"], "seed": 42}
    wrong = next(s.id for s in DATA.suspects if s.id != GUILTY)
    state = play(setup=setup)
    draw(state, RING, {"A3": "retour-arrivee", "A2": "echange-pion"})
    for event in (roll(2), move("A2", "A3"), REVEAL, action("retour-arrivee"),
                  declare(wrong, HIDDEN), roll(1), move("A2"), REVEAL):
        state.apply(event)
    refused(state, action("echange-pion", player="Léa"), "champ inconnu")
    state.apply(action("echange-pion"))
    assert state.summary()["phase"] == "done"


# --- bad input, setups, old logs ---------------------------------------------------------------


@pytest.mark.parametrize("value", [0, 7, -1, "3", 2.0, True, None])
def test_die_values_are_1_to_6(value: object) -> None:
    with pytest.raises(RuleError, match="de 1 à 6"):
        play().apply({"type": "roll", "value": value})


@pytest.mark.parametrize("event", [
    {"type": "card", "card": "rejoue"},
    {"type": "roll", "value": 3, "source": "ailleurs"},
    {"type": "move", "path": "A2"},
    {"type": "move", "path": [["A2"]]},
    {"type": "move", "path": [{"x": 1}, "B1"]},
    {"type": "move", "path": ["Z9", "B1"]},
    {"type": "swap", "cells": [None, {}]},
    {"type": "swap", "cells": "B2 B4"},
    {"type": "action", "card": ["rejoue"]},
    {"type": "action", "card": {"x": 1}},
    {"type": "reveal", "player": ["Léa"]},
    {"type": "declare", "suspect": ["ours"], "place": "tour"},
    {"type": "declare", "suspect": "ours", "place": {"x": 1}},
    {"type": "move", "to": "A1"},
    [],
])
def test_bad_events_are_refused_without_trace(event: Any) -> None:
    state = on_ring(roll(2))
    with pytest.raises(RuleError):
        state.apply(event)


@pytest.mark.parametrize("setup", [
    {"players": ["Léa"], "colours": ["rouge"], "seed": 1},
    {"players": ["A", "B", "C", "D", "E"], "colours": ["rouge"] * 5, "seed": 1},
    {"players": ["Léa", "léa"], "colours": ["rouge", "bleu"], "seed": 1},
    {"players": ["Léa", "Tom"], "colours": ["rouge", "rouge"], "seed": 1},
    {"players": ["Léa", "Tom"], "colours": ["rouge", ["bleu"]], "seed": 1},
    {"players": ["Léa", "Tom"], "colours": ["rouge", "bleu"], "seed": -4},
    {"players": ["Léa", "Tom"], "colours": ["rouge", "bleu"]},
    {"players": ["Léa", "Tom"], "colours": ["rouge", "bleu"], "seed": 1, "niveau": 2},
])
def test_bad_setups_are_refused(setup: dict[str, Any]) -> None:
    with pytest.raises(InvalidEvent):
        replay("labystere", setup, [])


V1_LOG = [roll(3), {"type": "card", "card": "lancer-double"}, END, roll(5),
          {"type": "card", "card": "retour-depart-arrivee"},
          {"type": "declare", "suspect": "renard", "place": "moulin", "correct": False}]


def test_a_version_1_log_replays_with_the_version_1_engine() -> None:
    """Registre LAB-19: old games replay as they were played; the new engine refuses them
    clearly at their first version-1 event."""
    old = engine_for_version(1).new_state(SETUP)
    for event in V1_LOG:
        old.apply(event)
    assert old.summary()["players"][1]["out"] and old.summary()["current"] == "Inès"
    with pytest.raises(InvalidEvent) as err:
        replay("labystere", SETUP, V1_LOG)
    assert err.value.index == 1 and "type d'événement inconnu" in err.value.reason
    assert engine_for_version(2) is ENGINE
    with pytest.raises(Exception, match="version des règles inconnue"):
        engine_for_version(3)


def test_the_action_cards_of_the_data_are_those_the_engine_knows() -> None:
    from companion.games.labystere.rules import EFFECTS

    assert sorted(a.id for a in DATA.actions) == sorted(EFFECTS)


def test_the_documented_example_replays_to_a_judged_win() -> None:
    log = json.loads((Path(__file__).resolve().parent.parent / "docs" / "log-examples"
                      / "labystere-partie.json").read_text(encoding="utf-8"))
    summary = replay("labystere", log["setup"], log["events"]).summary()
    assert summary["winner"] == "Léa" and summary["finished"]
    kinds = {e["type"] for e in log["events"]}
    assert {"roll", "move", "swap", "reveal", "action", "end_turn", "declare", "undo",
            "correct"} <= kinds
    assert [d["correct"] for d in summary["declarations"]] == [False, True]


def test_parse_cell_accepts_only_cells_of_the_grid() -> None:
    assert parse_cell("B3", 5, 5) == (1, 2) and parse_cell("e5", 5, 5) == (4, 4)
    for bad in ("F1", "A6", "A0", "", "B", 3, None, ["A1"]):
        assert parse_cell(bad, 5, 5) is None
