"""Schema of data/noe.yaml: categories, characters (the reconciled table), grades, jokers,
méchants, levels and announcements. Rules: noe-complot-a-l-elysee.txt."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from companion.core.model import Component
from companion.core.provenance import Provenance
from companion.core.schema import GameData, Sourced, Strict, expect, expect_unique
from companion.core.text import slug


class Symbol(Sourced):
    id: str  # a vector symbol the print kit knows how to draw
    label: str


class Category(Strict):
    id: str
    name: str
    plural: str
    stated_count: int = Field(ge=1)  # column total of the characters table
    description: str
    symbol: Symbol


class Grade(Strict):
    id: str
    name: str
    rank: int = Field(ge=1)  # higher is more senior


class Character(Strict):
    name: str
    categories: list[str]
    stated_total: int = Field(ge=1)  # row total of the characters table
    grade: str | None = None  # for État-Major and Enquêteurs cards
    reconciled: str = ""  # how the row was mended, where it was


class Joker(Strict):
    id: str
    name: str
    replaces_noe: bool


class MechantGroup(Sourced):
    id: str
    name: str
    kind: Literal["attentat", "espion-rouge", "espion-violet", "poseur-bombes"]
    names: list[str]
    symbol: Symbol
    effect: str


class Level(Strict):
    level: int = Field(ge=1)
    name: str
    mechants: bool
    actions: bool


class Announcement(Strict):
    id: str
    name: str
    points: int = Field(ge=0)
    kind: Literal["two_trios", "category", "names"]
    category: str | None = None
    count: int | None = Field(default=None, ge=1)
    compositions: list[list[str]] = []  # first names, for kind "names"
    wait_next_turn: bool = False


class NoeData(GameData):
    target_score: int = Field(ge=1)
    hand_size: int = Field(ge=1)
    stated_total_cards: int
    stated_characters: int
    categories: list[Category]
    grades: list[Grade]
    characters: list[Character]
    jokers: list[Joker]
    joker_symbol: Symbol
    mechants: list[MechantGroup]
    levels_: list[Level] = Field(alias="levels")
    announcements: list[Announcement]

    def check(self) -> None:
        expect_unique([c.id for c in self.categories], "categories")
        expect_unique([g.id for g in self.grades], "grades")
        expect_unique([c.name for c in self.characters], "characters")
        known = {c.id for c in self.categories}
        grades = {g.id for g in self.grades}
        for i, ch in enumerate(self.characters):
            for j, cat in enumerate(ch.categories):
                expect(cat in known, f"characters[{i}].categories[{j}]",
                       f"une catégorie parmi {sorted(known)}", cat)
            expect(len(set(ch.categories)) == len(ch.categories),
                   f"characters[{i}].categories", "chaque catégorie une seule fois")
            expect(len(ch.categories) == ch.stated_total, f"characters[{i}].categories",
                   f"{ch.stated_total} catégories (total de la ligne {ch.name})",
                   len(ch.categories))
            graded = {"etat-major", "enqueteurs"} & set(ch.categories)
            expect(ch.grade is None or ch.grade in grades, f"characters[{i}].grade",
                   f"un grade parmi {sorted(grades)}", ch.grade)
            expect(bool(graded) == (ch.grade is not None), f"characters[{i}].grade",
                   "un grade si et seulement si le personnage est État-Major ou Enquêteur",
                   ch.grade)
        for i, cat in enumerate(self.categories):
            count = sum(cat.id in ch.categories for ch in self.characters)
            expect(count == cat.stated_count, f"categories[{i}].stated_count",
                   f"autant de personnages que de cartes « {cat.name} » ({count})",
                   cat.stated_count)
        total = sum(len(ch.categories) for ch in self.characters)
        expect(total == self.stated_characters, "stated_characters",
               f"le nombre de cartes personnage du tableau ({total})", self.stated_characters)
        expect(sum(len(m.names) for m in self.mechants) + total + len(self.jokers)
               == self.stated_total_cards, "stated_total_cards",
               "personnages + jokers + méchants", self.stated_total_cards)
        expect(sum(j.replaces_noe for j in self.jokers) >= 1, "jokers",
               "au moins un joker qui remplace Noé")
        expect_unique([lv.level for lv in self.levels_], "levels")  # type: ignore[misc]
        names = {ch.name for ch in self.characters}
        for i, ann in enumerate(self.announcements):
            if ann.kind == "category":
                expect(ann.category in known, f"announcements[{i}].category",
                       f"une catégorie parmi {sorted(known)}", ann.category)
                expect(ann.count is not None, f"announcements[{i}].count", "un nombre de cartes")
            if ann.kind == "names":
                expect(bool(ann.compositions), f"announcements[{i}].compositions",
                       "au moins une composition")
                for j, comp in enumerate(ann.compositions):
                    for k, name in enumerate(comp):
                        expect(name in names, f"announcements[{i}].compositions[{j}][{k}]",
                               "un prénom du tableau des personnages", name)

    # --- the interface used by the rest of the product -------------------------------------

    def levels(self) -> list[int]:
        return [lv.level for lv in self.levels_]

    def level(self, number: int) -> Level:
        for lv in self.levels_:
            if lv.level == number:
                return lv
        raise KeyError(number)

    def category(self, category_id: str) -> Category:
        return next(c for c in self.categories if c.id == category_id)

    def grade_rank(self, grade_id: str) -> int:
        return next(g.rank for g in self.grades if g.id == grade_id)

    def grade(self, grade_id: str) -> Grade:
        return next(g for g in self.grades if g.id == grade_id)

    def components(self, level: int | None = None, players: int | None = None) -> list[Component]:
        with_mechants = self.level(level or max(self.levels())).mechants
        out: list[Component] = []
        for cat in self.categories:
            for ch in self.characters:
                if cat.id not in ch.categories:
                    continue
                fields = {
                    "category": cat.id,
                    "category_name": cat.name,
                    "first_name": ch.name,
                    "symbol": cat.symbol.id,
                    "grade": self.grade(ch.grade).name if ch.grade and cat.id in
                    ("etat-major", "enqueteurs") else None,
                    "grade_rank": self.grade_rank(ch.grade) if ch.grade and cat.id in
                    ("etat-major", "enqueteurs") else None,
                }
                provenance = Provenance.RECONCILED if ch.reconciled and cat.id == "famille-duron" \
                    else Provenance.RULES
                out.append(Component(f"{cat.id}-{slug(ch.name)}", f"{ch.name} — {cat.name}",
                                     "card", 1, "personnages", fields, provenance))
        for joker in self.jokers:
            out.append(Component(joker.id, joker.name, "card", 1, "personnages", {
                "category": "joker", "category_name": "Archange",
                "first_name": joker.name.removeprefix("Archange ").strip(),
                "symbol": self.joker_symbol.id, "replaces_noe": joker.replaces_noe}))
        if with_mechants:
            for group in self.mechants:
                for name in group.names:
                    out.append(Component(f"{group.id}-{slug(name)}", f"{name} — {group.name}",
                                         "card", 1, "mechants", {
                                             "category": group.kind, "category_name": group.name,
                                             "first_name": name, "symbol": group.symbol.id},
                                         group.provenance))
        return out

