"""ELSEN's spoken narrator as the page draws it: the current line in HTML, spoken by the
browser (speechSynthesis, fr-FR: the first word from a tap inside this HTML, as iOS asks), the
countdown shown from the server's state (companion/positions.py), the tablet kept awake. Every
injected text is escaped. The page (tableapp/pages/elsen.py) decides which line and when."""

from __future__ import annotations

import html
import json

from companion.games.elsen.narration import Script
from companion.positions import Countdown


def _js(value: object) -> str:
    """JSON safe inside a <script>: no way to close the tag or open a comment."""
    return (json.dumps(value, ensure_ascii=False).replace("<", "\\u003c")
            .replace(">", "\\u003e").replace("&", "\\u0026"))


NARRATOR_JS = """
(function (ID, data) {
  const box = document.getElementById(ID);
  if (!box) return;
  const S = window.__elsenVoice = window.__elsenVoice || {
    unlocked: false, spoken: "", rate: parseFloat(localStorage.getItem("elsenRate") || "1"),
    muted: localStorage.getItem("elsenMuted") === "1", wake: null};
  function voice() {
    const all = window.speechSynthesis ? speechSynthesis.getVoices() : [];
    return all.find(v => v.lang === "fr-FR") || all.find(v => v.lang.startsWith("fr")) || null;
  }
  function speak(text) {
    if (!window.speechSynthesis || S.muted || !text) return;
    speechSynthesis.cancel();
    const u = new SpeechSynthesisUtterance(text);
    u.lang = "fr-FR"; u.rate = S.rate;
    const v = voice(); if (v) u.voice = v;
    speechSynthesis.speak(u);
  }
  if (window.speechSynthesis) speechSynthesis.addEventListener("voiceschanged", voice);
  const q = sel => box.querySelector(sel);
  q(".speak").addEventListener("click", () => { S.unlocked = true; S.spoken = data.key;
    speak(data.spoken); q(".speak").textContent = "Relire"; });
  const mute = q(".mute"), rate = q(".rate");
  mute.checked = S.muted; rate.value = S.rate;
  mute.addEventListener("change", () => { S.muted = mute.checked;
    localStorage.setItem("elsenMuted", S.muted ? "1" : "0");
    if (S.muted && window.speechSynthesis) speechSynthesis.cancel(); });
  rate.addEventListener("input", () => { S.rate = parseFloat(rate.value);
    localStorage.setItem("elsenRate", String(S.rate)); });
  if (S.unlocked) { q(".speak").textContent = "Relire";
    if (S.spoken !== data.key) { S.spoken = data.key; speak(data.spoken); } }
  // countdown: its state is the server's (companion/positions.py); the page only shows it,
  // from what was left when it was drawn (no trust in the tablet's clock being right)
  const clock = q(".clock");
  if (clock && data.timer) {
    const end = data.running ? Date.now() + data.left * 1000 : 0;
    const show = () => { const left = end ? Math.max(0, (end - Date.now()) / 1000) : data.left;
      const s = Math.ceil(left);
      clock.textContent = String(Math.floor(s / 60)).padStart(2, "0") + ":" +
                          String(s % 60).padStart(2, "0");
      clock.classList.toggle("done", s === 0);
      if (end && data.left > 0 && left <= 0 && S.rang !== data.key) {
        S.rang = data.key; speak("Temps écoulé."); } };
    clearInterval(S.tick); S.tick = setInterval(show, 250); show();
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

NARRATOR_CSS = """
<style>
.elsen-narrator {border: 3px solid #2b4c7e; border-radius: 12px; padding: 14px 18px;
  background: #f4f7fc; color: #111;}
.elsen-narrator .spoken {font-size: 1.7rem; line-height: 1.3; font-weight: 600;}
.elsen-narrator .note {font-size: 1.15rem; margin-top: 10px; color: #6b2d00;
  background: #fff3e0; border-radius: 8px; padding: 6px 10px;}
.elsen-narrator .note:empty {display: none;}
.elsen-narrator .bar {display: flex; flex-wrap: wrap; gap: 10px; align-items: center;
  margin-top: 12px; font-size: 1.05rem;}
.elsen-narrator button {font-size: 1.15rem; min-height: 3rem; padding: 0 16px;
  border-radius: 8px; border: 2px solid #2b4c7e; background: #fff;}
.elsen-narrator .clock {font-size: 3rem; font-variant-numeric: tabular-nums;
  font-weight: 700; min-width: 6ch;}
.elsen-narrator .clock.done {color: #b00020;}
.elsen-narrator .count {color: #555;}
.elsen-narrator label {min-height: 44px; min-width: 44px; display: inline-flex;
  align-items: center; gap: 6px;}
.elsen-narrator input {min-width: 24px; min-height: 24px;}
.st-key-elsen_next button {min-height: 5rem;}
.st-key-elsen_next button p {font-size: 1.8rem; font-weight: 700; line-height: 1.2;}
</style>
"""


def narrator_html(sc: Script, index: int, key: str, countdown: Countdown | None = None,
                  now: float = 0.0) -> str:
    """The current line, spoken by the browser (speechSynthesis, fr-FR), with the countdown.
    Every injected text is escaped: html.escape in markup, _js() in the script's data."""
    line = sc.lines[index]
    dom_id = f"elsen-{key}"
    clock_state = countdown or (Countdown.fresh(line.timer) if line.timer else None)
    data = {"key": f"{key}-{index}", "spoken": line.spoken, "timer": line.timer,
            "left": clock_state.remaining(now) if clock_state else 0,
            "running": bool(clock_state and clock_state.running),
            "script": [item.spoken for item in sc.lines]}
    clock = ("" if not line.timer else
             '<div class="bar"><span class="clock">--:--</span></div>')
    return (
        f'{NARRATOR_CSS}<div class="elsen-narrator" id="{dom_id}" '
        f'data-spoken="{html.escape(line.spoken)}" '
        f'data-script="{html.escape(json.dumps(data["script"], ensure_ascii=False))}">'
        f'<div class="count">{html.escape(sc.title)} · {index + 1}/{len(sc.lines)}</div>'
        f'<div class="spoken">{html.escape(line.spoken)}</div>'
        f'<div class="note">{html.escape(line.note)}</div>{clock}'
        '<div class="bar"><button class="speak" type="button">Activer la voix</button>'
        '<label><input class="mute" type="checkbox"> muet</label>'
        '<label>débit <input class="rate" type="range" min="0.6" max="1.4" step="0.1"></label>'
        '</div></div>'
        f"<script>{NARRATOR_JS}({_js(dom_id)}, {_js(data)});</script>"
    )
