"""ELSEN's spoken narrator as the page draws it: the current line in HTML, spoken by the
browser (speechSynthesis: the first word from a tap inside this HTML, as iOS asks), the
countdown shown from the server's state (companion/hosting/positions.py), the tablet kept awake.

The voice and the pace belong to the device, not to the game: they are picked here among the
device's French voices (getVoices() filtered to fr*, again when `voiceschanged` says the list
arrived) and remembered in its localStorage; none of it goes to the server. Every injected
text is escaped: html.escape in markup, _js() in the script's data, and voice names (the
device's) only ever set as DOM text. The page (tableapp/pages/elsen/) decides which line and
when."""

from __future__ import annotations

import html
import json

from companion.games.elsen.narration import Script
from companion.hosting.positions import Countdown
from tableapp.look.phone import PHONE_MAX

# The pace offered: three buttons, the rate given to speechSynthesis (1 is the voice's own).
PACES = {"lente": 0.8, "normale": 1.0, "rapide": 1.25}
PACE_LABELS = {"lente": "Lente", "normale": "Normale", "rapide": "Rapide"}
BROWSER_VOICE = "Voix du navigateur"


def _js(value: object) -> str:
    """JSON safe inside a <script>: no way to close the tag or open a comment."""
    return (json.dumps(value, ensure_ascii=False).replace("<", "\\u003c")
            .replace(">", "\\u003e").replace("&", "\\u0026"))


NARRATOR_JS = """
(function (ID, data) {
  const box = document.getElementById(ID);
  if (!box) return;
  const saved = k => { try { return localStorage.getItem(k); } catch (e) { return null; } };
  const keep = (k, v) => { try { localStorage.setItem(k, v); } catch (e) {} };
  const PACES = data.paces;
  function savedPace() {
    const name = saved("elsenPace");
    if (name in PACES) return name;
    const old = parseFloat(saved("elsenRate") || "1");  // the former slider's rate
    return Object.keys(PACES).reduce((a, b) =>
      Math.abs(PACES[b] - old) < Math.abs(PACES[a] - old) ? b : a, "normale");
  }
  const S = window.__elsenVoice = window.__elsenVoice || {
    unlocked: false, spoken: "", pace: savedPace(), voiceURI: saved("elsenVoice") || "",
    muted: saved("elsenMuted") === "1", wake: null, settings: false, beeps: [], rang: ""};
  const synth = window.speechSynthesis || null;
  const q = sel => box.querySelector(sel);

  // --- the device's French voices ----------------------------------------------------------
  function frenchVoices() {
    const all = synth ? (synth.getVoices() || []) : [];
    return all.filter(v => /^fr($|[-_])/i.test(v.lang || ""));
  }
  function byDefault(list) {  // France's French first, the device's default, then a local one
    const france = list.filter(v => /^fr[-_]fr$/i.test(v.lang));
    const pool = france.length ? france : list;
    return pool.find(v => v.default) || pool.find(v => v.localService) || pool[0] || null;
  }
  function chosen() {
    const list = frenchVoices();
    return list.find(v => v.voiceURI === S.voiceURI) || byDefault(list);
  }
  const REGIONS = {FR: "France", CA: "Canada", BE: "Belgique", CH: "Suisse", LU: "Luxembourg"};
  function label(v) {
    const region = (v.lang.split(/[-_]/)[1] || "").toUpperCase();
    return region ? v.name + " (" + (REGIONS[region] || region) + ")" : v.name;
  }
  const select = q(".voice");
  function fillVoices() {
    const list = frenchVoices(), pick = chosen();
    select.replaceChildren();  // Option(text): a voice's name is text, never markup
    if (!list.length) select.add(new Option(data.browserVoice, ""));
    for (const v of list) select.add(new Option(label(v), v.voiceURI, false,
                                                !!pick && v.voiceURI === pick.voiceURI));
    select.disabled = list.length < 2;
  }
  S.onVoices = fillVoices;  // the voices arrive later on some devices
  if (synth && !S.voicesHooked) { S.voicesHooked = true;
    synth.addEventListener("voiceschanged", () => { if (S.onVoices) S.onVoices(); }); }
  fillVoices();

  function speak(text) {
    if (!synth || S.muted || !text) return;
    synth.cancel();
    const u = new SpeechSynthesisUtterance(text);
    u.lang = "fr-FR"; u.rate = PACES[S.pace] || 1;
    const v = chosen();
    try { if (v) { u.voice = v; u.lang = v.lang; } } catch (e) { u.lang = "fr-FR"; }
    synth.speak(u);
  }
  function beep() {  // a night role's time is up: a short tone, nothing said
    S.beeps.push(data.key);
    if (S.muted) return;
    try {
      const Ctx = window.AudioContext || window.webkitAudioContext;
      if (!Ctx) return;
      S.audio = S.audio || new Ctx();
      const osc = S.audio.createOscillator(), gain = S.audio.createGain();
      osc.frequency.value = 660; gain.gain.value = 0.2;
      osc.connect(gain); gain.connect(S.audio.destination);
      osc.start(); osc.stop(S.audio.currentTime + 0.4);
    } catch (e) {}
  }

  // --- controls ----------------------------------------------------------------------------
  const speakButton = q(".speak");
  speakButton.addEventListener("click", () => { S.unlocked = true; S.spoken = data.key;
    try { const Ctx = window.AudioContext || window.webkitAudioContext;  // unlocked by a tap
      if (Ctx) { S.audio = S.audio || new Ctx(); S.audio.resume(); } } catch (e) {}
    speak(data.spoken); speakButton.textContent = "Relire"; });
  select.addEventListener("change", () => { S.voiceURI = select.value;
    keep("elsenVoice", S.voiceURI); if (S.unlocked) speak(data.spoken); });
  const paces = box.querySelectorAll(".pace button");
  const showPace = () => paces.forEach(b =>
    b.setAttribute("aria-pressed", String(b.dataset.pace === S.pace)));
  paces.forEach(b => b.addEventListener("click", () => { S.pace = b.dataset.pace;
    keep("elsenPace", S.pace); showPace(); if (S.unlocked) speak(data.spoken); }));
  showPace();
  const mute = q(".mute");
  mute.checked = S.muted;
  mute.addEventListener("change", () => { S.muted = mute.checked;
    keep("elsenMuted", S.muted ? "1" : "0"); if (S.muted && synth) synth.cancel(); });
  const settings = q("details");
  settings.open = S.settings;
  settings.addEventListener("toggle", () => { S.settings = settings.open; });
  if (S.unlocked) { speakButton.textContent = "Relire";
    if (S.spoken !== data.key) { S.spoken = data.key; speak(data.spoken); } }

  // --- countdown: its state is the server's (companion/hosting/positions.py); the page only shows
  // it, from what was left when it was drawn (no trust in the tablet's clock being right)
  clearInterval(S.tick);
  const clock = q(".clock");
  if (clock && data.timer) {
    const end = data.running ? Date.now() + data.left * 1000 : 0;
    const ring = data.key + "@" + data.started;
    const show = () => { const left = end ? Math.max(0, (end - Date.now()) / 1000) : data.left;
      const s = Math.ceil(left);
      clock.textContent = String(Math.floor(s / 60)).padStart(2, "0") + ":" +
                          String(s % 60).padStart(2, "0");
      clock.classList.toggle("done", s === 0);
      if (end && data.left > 0 && left <= 0 && S.rang !== ring) {
        S.rang = ring; if (data.night) beep(); else speak("Temps écoulé."); } };
    S.tick = setInterval(show, 250); show();
  }
  // keep the tablet awake where the browser allows; a refusal changes nothing
  async function awake() {
    try { if ("wakeLock" in navigator && document.visibilityState === "visible")
      S.wake = await navigator.wakeLock.request("screen"); } catch (e) { S.wake = null; }
  }
  if (!S.wakeHooked) { S.wakeHooked = true; awake();
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") awake(); });
    document.addEventListener("click", () => { if (!S.wake) awake(); }, {once: true}); }
})"""

# ELSEN's narrator box on a phone and in the dark: sent with the narrator itself (added to its
# own style below), never to a device without the narrator.
NARRATOR_PHONE_CSS = f"""
<style>
@media (max-width: {PHONE_MAX}px), (max-height: 900px) {{
  /* ELSEN's narrator: the line and its clock, smaller, so the step's entry follows on
     a phone or a tablet held sideways */
  body .elsen-narrator {{ padding: 8px 12px; }}
  body .elsen-narrator .spoken {{ font-size: 1.25rem; }}
  body .elsen-narrator .note {{ font-size: 1rem; margin-top: 6px; padding: 4px 8px; }}
  body .elsen-narrator .bar {{ margin-top: 6px; gap: 6px; }}
  body .elsen-narrator .clock {{ font-size: 2.2rem; }}
  body .elsen-narrator .clock.night {{ font-size: 3rem; }}
  body .elsen-narrator button, body .elsen-narrator details summary {{ font-size: 1rem;
    min-height: 44px; }}
  body .elsen-narrator details summary {{ margin-top: 6px; }}
  body .st-key-elsen_next button {{ min-height: 3.5rem; }}
  body .st-key-elsen_next button p {{ font-size: 1.4rem; }}
}}
/* night mode: in dark mode every panel is dark, ELSEN's narrator box included */
@media (prefers-color-scheme: dark) {{
  body .elsen-narrator {{ background: #161b26; color: #eef1f6; border-color: #6f8fc4;
    color-scheme: dark; }}
  body .elsen-narrator .note {{ background: #2f2414; color: #ffd9a8; }}
  body .elsen-narrator .count {{ color: #b8c0cc; }}
  body .elsen-narrator button, body .elsen-narrator select,
  body .elsen-narrator details summary {{ background: #0e1117; color: #eef1f6;
    border-color: #6f8fc4; }}
  body .elsen-narrator .pace button[aria-pressed="true"] {{ background: #6f8fc4;
    color: #0e1117; }}
  body .elsen-narrator .clock.done {{ color: #ff8a80; }}
}}
</style>
"""

NARRATOR_CSS = """
<style>
.elsen-narrator {border: 3px solid #2b4c7e; border-radius: 12px; padding: 14px 18px;
  background: #f4f7fc; color: #111; overflow-wrap: anywhere; color-scheme: light;}
.elsen-narrator .spoken {font-size: 1.7rem; line-height: 1.3; font-weight: 600;}
.elsen-narrator .note {font-size: 1.15rem; margin-top: 10px; color: #6b2d00;
  background: #fff3e0; border-radius: 8px; padding: 6px 10px;}
.elsen-narrator .note:empty {display: none;}
.elsen-narrator .bar {display: flex; flex-wrap: wrap; gap: 10px; align-items: center;
  margin-top: 12px; font-size: 1.05rem;}
.elsen-narrator button, .elsen-narrator select {font-size: 1.15rem; min-height: 3rem;
  min-width: 44px; padding: 0 16px; border-radius: 8px; border: 2px solid #2b4c7e;
  background: #fff; color: #111;}
.elsen-narrator select {max-width: 100%;}
.elsen-narrator .pace {display: inline-flex; flex-wrap: wrap; gap: 6px;}
.elsen-narrator .pace button[aria-pressed="true"] {background: #2b4c7e; color: #fff;}
.elsen-narrator details summary {min-height: 44px; display: inline-flex; align-items: center;
  cursor: pointer; font-size: 1.05rem; margin-top: 10px; padding: 0 14px; border-radius: 8px;
  border: 2px solid #2b4c7e; background: #fff;}
.elsen-narrator details summary::after {content: "+"; margin-left: 10px; font-weight: 700;}
.elsen-narrator details[open] summary::after {content: "−";}
.elsen-narrator .clock {font-size: 3rem; font-variant-numeric: tabular-nums;
  font-weight: 700; min-width: 6ch;}
.elsen-narrator .clock.night {font-size: 4.5rem;}
.elsen-narrator .clock.done {color: #b00020;}
.elsen-narrator .count {color: #555;}
.elsen-narrator label {min-height: 44px; min-width: 44px; display: inline-flex;
  align-items: center; gap: 6px;}
.elsen-narrator input {min-width: 24px; min-height: 24px;}
.elsen-narrator .head {display: flex; flex-wrap: wrap; gap: 6px; align-items: center;
  justify-content: space-between;}
body .elsen-narrator .head details summary {margin-top: 0;}
.elsen-narrator .head details[open] {flex-basis: 100%;}
.st-key-elsen_next button {min-height: 5rem;}
.st-key-elsen_next button p {font-size: 1.8rem; font-weight: 700; line-height: 1.2;}
/* an entry's « Valider » says what it records (« Valider : Paul, 3 voix — exclusion »): its
   words wrap, never cut, and it is as easy to hit as « Suivant » */
.st-key-elsen_bar [data-testid="stBaseButton-primary"] {min-height: 3.5rem;}
.st-key-elsen_bar [data-testid="stBaseButton-primary"] p {font-size: 1.25rem;
  font-weight: 700; line-height: 1.2;}
.st-key-elsen_bar [data-testid="stBaseButton-primary"] * {white-space: normal !important;
  text-overflow: clip !important;}
@media (max-width: PHONE_MAXpx) {
  .st-key-elsen_bar [data-testid="stBaseButton-primary"] p {font-size: 1.1rem;} }
/* the refusal of a tap, in the bar above its button: one compact line where it can */
.st-key-elsen_bar [data-testid="stAlertContainer"] {padding: 0.5rem 0.75rem;}
/* a tablet held sideways (768 px high): the page's title smaller, so the line, the entry
   and its bar fit in the first screen */
@media (min-width: PHONE_MAXpx) and (max-height: 900px) {
  [data-testid="stMainBlockContainer"]:has(.elsen-narrator) h1 {font-size: 2.25rem;
    padding-top: 0;} }
</style>
""".replace("PHONE_MAX", str(PHONE_MAX)) + (
    NARRATOR_PHONE_CSS)  # on a phone, on a short screen, in the dark


def _settings() -> str:
    """The device's own voice and pace (filled and remembered by the script)."""
    paces = "".join(f'<button type="button" data-pace="{name}" aria-pressed="false">'
                    f"{PACE_LABELS[name]}</button>" for name in PACES)
    return ('<details><summary>Voix et débit</summary><div class="bar">'
            '<label>Voix (sur cet appareil) <select class="voice" aria-label="Voix">'
            "</select></label>"
            f'<span class="pace" role="group" aria-label="Débit">{paces}</span>'
            "</div></details>")


def narrator_html(sc: Script, index: int, key: str, countdown: Countdown | None = None,
                  now: float = 0.0, night: bool = False) -> str:
    """The current line, spoken by the browser, with the countdown (`night`: a night role's,
    which ends with a tone instead of words). Every injected text is escaped."""
    line = sc.lines[index]
    dom_id = f"elsen-{key}"
    clock_state = countdown or (Countdown.fresh(line.timer) if line.timer else None)
    data = {"key": f"{key}-{index}", "spoken": line.spoken, "timer": line.timer,
            "left": clock_state.remaining(now) if clock_state else 0,
            "running": bool(clock_state and clock_state.running),
            "started": clock_state.ends_at if clock_state else None, "night": night,
            "paces": PACES, "browserVoice": BROWSER_VOICE,
            "script": [item.spoken for item in sc.lines]}
    # the clock and the voice's buttons share one row, the voice's settings the step's title's:
    # the step's entry and its « Valider » then fit in the first screen below (issue 36)
    clock = ("" if not line.timer else
             f'<span class="clock{" night" if night else ""}" role="timer">--:--</span>')
    return (
        f'{NARRATOR_CSS}<div class="elsen-narrator" id="{dom_id}" '
        f'data-spoken="{html.escape(line.spoken)}" '
        f'data-script="{html.escape(json.dumps(data["script"], ensure_ascii=False))}">'
        f'<div class="head"><div class="count">{html.escape(sc.title)} · {index + 1}/'
        f'{len(sc.lines)}</div>{_settings()}</div>'
        f'<div class="spoken">{html.escape(line.spoken)}</div>'
        f'<div class="note">{html.escape(line.note)}</div>'
        f'<div class="bar">{clock}<button class="speak" type="button">Activer la voix</button>'
        '<label><input class="mute" type="checkbox"> muet</label></div></div>'
        f"<script>{NARRATOR_JS}({_js(dom_id)}, {_js(data)});</script>"
    )
