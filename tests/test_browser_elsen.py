"""ELSEN's narrator in a real browser: the speech script is in the page and spoken (first from
a tap inside the page, then by itself), and the public view holds no secret."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from typing import Any

import browsing
import pytest
from browsing import open_page
from test_browser_shell import server_store

from companion.hosting.access import HOST, Access
from companion.hosting.positions import NarratorPlace, Positions
from tableapp.table.gamepage import HISTORY as HISTORY_PANEL

pytestmark = pytest.mark.browser

TIMEOUT = 30_000
NAMES = ["Jean", "Paul", "Pierre", "Marie", "Julie"]
ROLE_WORDS = ["Saboteur", "Passager", "Voyante", "Travailleur", "Fainéant", "Docteur",
              "Ingénieur", "Policier"]
# speechSynthesis has no audio device here: record what would be spoken instead
RECORD_SPEECH = """
window.__spoken = [];
if (window.speechSynthesis) {
  window.speechSynthesis.speak = (u) => { window.__spoken.push([u.text, u.lang]); };
}
"""


def narrator(page: Any) -> Any:
    return page.locator(".elsen-narrator").first


def start_game(page: Any, base: str) -> str:
    code = browsing.start_game(page, base, "elsen", NAMES)
    narrator(page).wait_for(timeout=TIMEOUT)
    return code


def test_narrator_speaks_its_script_and_public_view_keeps_secrets(app_server: str,
                                                                  page: Any) -> None:
    page.add_init_script(RECORD_SPEECH)
    code = start_game(page, app_server)
    page.get_by_role("button", name="Tirer les rôles au sort (secret)").click()
    page.get_by_text("Première nuit · 1/5").wait_for(timeout=TIMEOUT)
    script = json.loads(narrator(page).get_attribute("data-script"))
    assert "Saboteurs, ouvrez les yeux et reconnaissez-vous." in script
    assert page.evaluate("typeof window.__elsenVoice") == "object"
    assert page.evaluate("window.__elsenVoice.wakeHooked") is True
    # iOS: the first word comes from a tap inside the page's own HTML
    assert page.evaluate("window.__spoken.length") == 0
    narrator(page).locator("button.speak").click()
    assert page.evaluate("window.__spoken") == [[script[0], "fr-FR"]]
    # after that, « Suivant » (a Streamlit button) speaks the next line by itself
    page.get_by_role("button", name=re.compile("Suivant")).click()
    page.get_by_text("Première nuit · 2/5").wait_for(timeout=TIMEOUT)
    page.wait_for_function("window.__spoken.length === 2", timeout=10_000)
    assert page.evaluate("window.__spoken[1][0]") == script[1]

    open_page(page, f"{app_server}/elsen?code={code}&view=public", "Missions réussies")
    main = page.locator('[data-testid="stMain"]')
    shown, markup = main.inner_text(), main.inner_html()
    assert "Tour" in shown and "Mission en cours" in shown
    for word in ROLE_WORDS:
        assert word.lower() not in markup.lower(), word
    for life in ("en vie", "vivant", "mort"):
        assert life not in shown.lower(), life
    assert page.locator(".elsen-narrator").count() == 0


# --- games made on the server, opened by their host ----------------------------------------

ROLES = {"Jean": "saboteur", "Paul": "faineant", "Pierre": "travailleur", "Marie": "policier",
         "Julie": "voyante"}
DEALT = [{"type": "deal", "method": "cards", "roles": ROLES}, {"type": "recognition"}]
DAY = {"type": "mission", "team": ["Jean", "Paul", "Pierre"],
       "cards": ["action-elimination", "action-faineant", "action-travailleur"]}
NIGHT = [{"type": "protect", "target": "Julie"}, {"type": "kill", "victim": "Marie"},
         {"type": "seer", "target": "Pierre"}, {"type": "dawn"}]


def hosted(tmp_path_factory: Any, *events: dict[str, Any],
           place: NarratorPlace | None = None) -> tuple[str, str]:
    """A game with these events in the app server's database; its code and host query."""
    store = server_store(tmp_path_factory)
    code = store.create("elsen", {"players": list(ROLES), "special_roles":
                                  ["voyante", "policier", "travailleur", "faineant"]})
    for seq, event in enumerate(events):
        store.append(code, event, seq)
    if place is not None:
        Positions(store.path).set_narrator(code, replace(place, seq=len(events)))
    token, _grant = Access(store.path).issue(code, HOST)
    return code, f"code={code}&host={token}"


def walk_to_last_line(page: Any) -> None:
    """« Suivant » until the step's last line (its countdown, its entry)."""
    for _ in range(10):
        count = narrator(page).locator(".count").inner_text()
        done, total = count.rsplit(" ", 1)[-1].split("/")
        if done == total:
            return
        page.get_by_role("button", name=re.compile("Suivant")).click()
        narrator(page).locator(".count").filter(
            has_text=f"{int(done) + 1}/{total}").wait_for(timeout=TIMEOUT)
    raise AssertionError("the step never reached its last line")


# A device whose French voices arrive late (voiceschanged), one of them with markup in its name.
STUB_VOICES = """
window.__spoken = [];
(() => {
  const voices = [
    {name: "Samantha", lang: "en-US", voiceURI: "samantha", default: true, localService: true},
    {name: "Amélie", lang: "fr-CA", voiceURI: "amelie", default: false, localService: true},
    {name: "Thomas <b>gras</b>", lang: "fr-FR", voiceURI: "thomas", default: false,
     localService: true},
    {name: "Audrey", lang: "fr_FR", voiceURI: "audrey", default: false, localService: false}];
  let list = [];
  const heard = [];
  const synth = {getVoices: () => list, cancel: () => {}, speaking: false,
    speak: u => window.__spoken.push([u.text, u.lang, u.voice ? u.voice.voiceURI : null,
                                      u.rate]),
    addEventListener: (type, f) => { if (type === "voiceschanged") heard.push(f); }};
  Object.defineProperty(window, "speechSynthesis", {value: synth, configurable: true});
  // the real utterance only takes the browser's own voice objects
  window.SpeechSynthesisUtterance = class { constructor(text) { this.text = text;
    this.lang = ""; this.rate = 1; this.voice = null; } };
  window.__voicesArrive = () => { list = voices; heard.forEach(f => f()); };
})();
"""


def test_voice_and_pace_among_the_device_french_voices(app_server: str, page: Any,
                                                      tmp_path_factory: Any) -> None:
    """Registre ELS-20: only the French voices are offered, France's by default, « Voix du
    navigateur » until they arrive; the choice and the pace stay on the device (a reload keeps
    them) and every word is then spoken with them; a voice's name is text, never markup."""
    page.add_init_script(STUB_VOICES)
    _code, query = hosted(tmp_path_factory, DEALT[0])
    open_page(page, f"{app_server}/elsen?{query}", "Première nuit · 1/5")
    box = narrator(page)
    box.locator("summary").click()
    select = box.locator("select.voice")
    assert select.locator("option").all_inner_texts() == ["Voix du navigateur"]
    page.evaluate("window.__voicesArrive()")
    assert select.locator("option").all_inner_texts() == [
        "Amélie (Canada)", "Thomas <b>gras</b> (France)", "Audrey (France)"]
    assert select.input_value() == "thomas"  # fr-FR, local
    assert box.locator("b").count() == 0
    box.locator("button.speak").click()
    line = page.evaluate("window.__spoken[0][0]")
    assert page.evaluate("window.__spoken") == [[line, "fr-FR", "thomas", 1]]
    box.get_by_role("button", name="Rapide").click()
    assert box.get_by_role("button", name="Rapide").get_attribute("aria-pressed") == "true"
    select.select_option("amelie")
    assert page.evaluate("window.__spoken.at(-1)") == [line, "fr-CA", "amelie", 1.25]
    assert page.evaluate("[localStorage.elsenVoice, localStorage.elsenPace]") == [
        "amelie", "rapide"]

    page.reload()  # the device remembers; the server was never told
    narrator(page).wait_for(timeout=TIMEOUT)
    page.evaluate("window.__voicesArrive()")
    box = narrator(page)
    assert box.locator("select.voice").input_value() == "amelie"
    assert box.locator('button[data-pace="rapide"]').get_attribute("aria-pressed") == "true"
    box.locator("button.speak").click()
    page.get_by_role("button", name=re.compile("Suivant")).click()
    page.get_by_text("Première nuit · 2/5").wait_for(timeout=TIMEOUT)
    page.wait_for_function("window.__spoken.length === 2", timeout=10_000)
    assert page.evaluate("window.__spoken[1].slice(1)") == ["fr-CA", "amelie", 1.25]


def test_night_role_countdown_starts_by_itself_and_ends_with_a_tone(
        app_server: str, page: Any, tmp_path_factory: Any) -> None:
    """Registre ELS-19 (2 s here instead of the house's 15 s): the Policier's line starts its
    countdown when « Suivant » reaches it, shows it big and ends with a tone, not a word; the
    vote's countdown, by day, says « Temps écoulé »."""
    page.add_init_script(RECORD_SPEECH)
    night = NarratorPlace(durations={"policier": 2}, night=True)
    _code, query = hosted(tmp_path_factory, *DEALT, DAY, place=night)
    open_page(page, f"{app_server}/elsen?{query}", "Tour 1 · Nuit")
    assert narrator(page).locator(".clock").count() == 0  # the day's results: no countdown
    walk_to_last_line(page)
    clock = narrator(page).locator(".clock.night")
    assert "Policier, ouvre les yeux" in narrator(page).locator(".spoken").inner_text()
    clock.wait_for(timeout=TIMEOUT)
    assert float(clock.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")) >= 64
    page.wait_for_function("document.querySelector('.elsen-narrator .clock.done')",
                           timeout=10_000)
    assert clock.inner_text() == "00:00"
    page.wait_for_function("window.__elsenVoice.beeps.length === 1", timeout=5_000)
    assert "Temps écoulé." not in [text for text, _lang in page.evaluate("window.__spoken")]

    day = NarratorPlace(durations={"discussion": 2, "vote": 60})
    _code, query = hosted(tmp_path_factory, *DEALT, DAY, *NIGHT, place=day)
    open_page(page, f"{app_server}/elsen?{query}", "Tour 1 · Vote")
    for _ in range(6):  # the vote's results, then the discussion's line and its countdown
        if narrator(page).locator(".clock").count():
            break
        page.get_by_role("button", name=re.compile("Suivant")).click()
        page.wait_for_timeout(400)
    assert narrator(page).locator(".clock.night").count() == 0
    page.get_by_role("button", name=re.compile("Démarrer le compte à rebours")).click()
    page.wait_for_function("window.__spoken.some(s => s[0] === 'Temps écoulé.')",
                           timeout=10_000)
    assert page.evaluate("window.__elsenVoice.beeps.length") == 0  # no tone by day


def test_a_past_entry_is_corrected_by_tapping_it_in_the_history(
        app_server: str, page: Any, tmp_path_factory: Any) -> None:
    """Issue 13, acceptance: the Policier protected Marie, not Julie: the host taps that line of
    the history, the same buttons come back with Julie chosen, a tap on Marie and « Valider »;
    the log keeps both lines and the night replays (Marie, protected, survives)."""
    code, query = hosted(tmp_path_factory, *DEALT, DAY, *NIGHT[:2])
    open_page(page, f"{app_server}/elsen?{query}", f"Partie {code}")
    page.get_by_text(HISTORY_PANEL, exact=True).first.click()
    page.get_by_role("button", name=re.compile("n° 4 · Personne protégée par le Policier : "
                                               "Julie")).click()
    form = page.locator(".st-key-tb_correction")
    form.get_by_text("Correction du n° 4").wait_for(timeout=TIMEOUT)
    choice = form.locator(f".st-key-fix_{code}_3_protect_choice")
    assert choice.get_by_role("radio", name="Julie").get_attribute("aria-checked") == "true"
    assert choice.get_by_role("radio", name="Marie").get_attribute("aria-checked") == "false"
    choice.get_by_role("radio", name="Marie").click()
    form.get_by_role("button", name="Valider").click()
    page.get_by_text("n° 4 corrigé").first.wait_for(timeout=TIMEOUT)
    state = server_store(tmp_path_factory).load(code).state
    assert state.nights[-1]["protected"] == "Marie" and state.alive["Marie"]


def test_an_idle_narrator_sends_nothing(app_server: str, page: Any,
                                        tmp_path_factory: Any) -> None:
    """The page used to rerun itself every 2 s while idle: now only the one-number follower
    ticks (its own fragment); the narrator, its script and the secrets are not sent again."""
    _code, query = hosted(tmp_path_factory, *DEALT)
    frames: list[str] = []
    page.on("websocket", lambda ws: ws.on(
        "framereceived", lambda p: frames.append(p.decode("utf-8", "ignore")
                                                 if isinstance(p, bytes) else p)))
    open_page(page, f"{app_server}/elsen?{query}", "Tour 1 · Jour")
    page.wait_for_timeout(1_500)
    frames.clear()
    page.wait_for_timeout(4_000)
    idle = "\n".join(frames)
    assert "elsen-narrator" not in idle and "Voir les secrets" not in idle
    assert "Partie " not in idle  # nor the toolbar: no page rerun at all
