"""Errors the product reports to users: each carries one clear line, never a traceback."""

from __future__ import annotations


class CompanionError(Exception):
    """Base of every error shown to a user as one line."""


class DataError(CompanionError):
    """A data file that does not validate: names the file, the field and what was expected."""

    def __init__(self, file: str, field: str, expected: str, got: object | None = None) -> None:
        self.file = file
        self.field = field
        self.expected = expected
        self.got = got
        detail = "" if got is None else f" (reçu : {got!r})"
        super().__init__(f"{file} : champ « {field} » : attendu {expected}{detail}")


class UsageError(CompanionError):
    """A request that cannot be served as asked (unknown game, level, card...)."""


class RuleError(CompanionError):
    """An event that does not fit the rules or the state.

    `rule` points to where the rules say it (or to the register of decisions)."""

    def __init__(self, reason: str, rule: str = "") -> None:
        self.reason = reason
        self.rule = rule
        super().__init__(f"{reason} [{rule}]" if rule else reason)


class StorageError(CompanionError):
    """The database could not be read or written as asked. Each subclass is one French sentence
    for users (what happened, what to do), never a server path; the technical detail goes to
    the server log (`logging`, logger "companion.storage")."""

    message = ("la base de données des parties n'a pas pu être lue ou écrite ; réessayez, "
               "et si cela continue, prévenez la personne qui gère le serveur")

    def __init__(self, message: str | None = None) -> None:
        super().__init__(message or self.message)


class StorageBusy(StorageError):
    message = ("la base de données est occupée par une autre écriture depuis trop longtemps ; "
               "rien n'a été écrit, réessayez dans un instant")


class PoolBusy(StorageBusy):
    """Every connection this server may open to the club's PostgreSQL is in use, and none came
    free in time (companion/storage/pgfile.py › MAX_CONNECTIONS)."""

    message = ("la base de données du club est occupée : toutes les connexions de ce serveur "
               "sont déjà prises ; rien n'a été écrit, réessayez dans un instant")


class DiskFull(StorageError):
    message = ("le disque du serveur est plein : rien n'a été écrit ; libérez de la place "
               "sur le serveur puis recommencez")


class ReadOnlyStorage(StorageError):
    message = ("la base de données est en lecture seule (fichier, dossier ou disque protégé "
               "en écriture) : les parties restent consultables mais rien ne peut être écrit ; "
               "rendez-la accessible en écriture puis relancez l'application")


class CorruptFile(StorageError):
    message = ("le fichier de la base de données est abîmé ou tronqué : il n'a pas été ouvert "
               "et reste intact ; restaurez une sauvegarde (companion restore)")


class ZeroByteFile(StorageError):
    message = ("le fichier de la base de données est vide (0 octet) : il n'a pas été ouvert "
               "comme une base neuve et reste intact ; restaurez une sauvegarde "
               "(companion restore) ou déplacez ce fichier")


class ForeignFile(StorageError):
    message = ("le fichier indiqué comme base de données n'est pas une base du Compagnon de "
               "table : il n'a pas été ouvert et reste intact ; vérifiez le chemin "
               "(COMPANION_DB)")


class NewerSchema(StorageError):
    message = ("la base de données vient d'une version plus récente du Compagnon de table : "
               "elle n'a pas été ouverte ni modifiée ; mettez l'application à jour")


class InvalidEvent(CompanionError):
    """A log that does not replay: which event (0-based index in the log) and why."""

    def __init__(self, index: int, reason: str, rule: str = "") -> None:
        self.index = index
        self.reason = reason
        self.rule = rule
        where = "la mise en place" if index < 0 else f"l'événement {index}"
        super().__init__(f"{where} est invalide : {reason}" + (f" [{rule}]" if rule else ""))
