"""What every page of the table assistant shares in the browser: French only (the document
declared `lang="fr"`, Streamlit's own English words relabelled, a widget's name said as its
label reads: without the Markdown escapes of user text), touch targets of at least
44×44 CSS px for every control used in play, select boxes that do not open a tablet's keyboard.

Streamlit's frontend has no French translation: its strings (« Drag and drop file here »,
« Select all », « Connection error »…) are relabelled in the page by one small script that
watches the document (a MutationObserver), installed once per browser tab. It keeps working
after the server stops, which is when the connection-lost message appears. Static text only
here: no user text ever goes into this HTML."""

from __future__ import annotations

import json

import streamlit as st

# Streamlit's English, as whole text nodes (or attributes) -> French. Patterns are anchored
from tableapp.live import scorecards
from tableapp.look import a11y, phone

# JavaScript regular expressions; keep them specific: the app's own text is French already.
RELABEL: list[tuple[str, str]] = [
    (r"^Drag and drop (?:a )?files? here$", "Glissez un fichier ici"),
    (r"^Drag and drop directories here$", "Glissez un dossier ici"),
    (r"^(?:Limit )?(\d+(?:\.\d+)?)\s?([KMG])B per file", "$1 $2o au plus par fichier"),
    (r"^Upload$", "Choisir un fichier"),
    (r"^Upload directories$", "Choisir un dossier"),
    (r"^Browse files$", "Choisir un fichier"),
    (r"^Select all$", "Tout choisir"),
    (r"^Select (\d+) matches$", "Choisir les $1"),
    (r"^Add: ", "Ajouter : "),
    (r"^No results$", "Aucun résultat"),
    (r"^Choose (?:an option|options|or add an option|or add options)$", "Choisissez…"),
    (r"^Press Enter to apply$", "Entrée pour valider"),
    (r"^Press Enter to submit form$", "Entrée pour envoyer"),
    (r"^Press Enter to ", "Entrée pour "),
    (r"^Connection error$", "Connexion perdue"),
    (r"^Is Streamlit still running\?.*", "Le serveur de l'assistant ne répond plus. Vérifiez "
     "qu'il tourne toujours et que cet appareil est sur le réseau de la table : la partie est "
     "enregistrée, elle reviendra telle quelle."),
    (r"^Streamlit server is not responding\..*", "Le serveur de l'assistant ne répond pas. "
     "Cet appareil est-il bien sur le réseau de la table ? La partie est enregistrée."),
    (r"^streamlit run yourscript\.py$", "make app"),
    (r"^Cannot connect to Streamlit.*", "Connexion au serveur impossible."),
    (r"^Connecting to Streamlit server$", "Connexion au serveur…"),
    (r"^Unable to connect to Streamlit server$", "Serveur injoignable"),
    (r"^Connecting$", "Connexion…"),
    (r"^Running\.\.\.$", "En cours…"),
    (r"^Please wait\.\.\.$", "Patientez…"),
    (r"^Stop$", "Arrêter"),
    (r"^Stopping\.\.\.$", "Arrêt…"),
    (r"^Rerun$", "Relancer"),
    (r"^Always rerun$", "Toujours relancer"),
    (r"^Source file changed\.$", "Le code a changé."),
    (r"^Copy to clipboard$", "Copier"),
    (r"^Fullscreen$", "Plein écran"),
    (r"^Close fullscreen$", "Quitter le plein écran"),
    (r"^Exit fullscreen$", "Quitter le plein écran"),
    (r"^View fullscreen$", "Plein écran"),
    (r"^Download as CSV$", "Télécharger (CSV)"),
    (r"^Download$", "Télécharger"),
    (r"^Search$", "Chercher"),
    (r"^Clear all$", "Tout effacer"),
    (r"^Clear value$", "Effacer"),
    (r"^Remove$", "Retirer"),
    (r"^Remove (.+)$", "Retirer $1"),
    (r"^Selected values$", "Choix faits"),
    (r"^Help for (.+)$", "Aide : $1"),
    (r"^Help$", "Aide"),
    (r"^Delete$", "Supprimer"),
    (r"^Close$", "Fermer"),
    (r"^Open$", "Dérouler la liste"),
    (r"^Page not found$", "Page introuvable"),
    (r"^You have requested page .*", "Cette page n'existe pas : voici l'accueil."),
    (r"^The page that you have requested does not seem to exist.*",
     "Cette page n'existe pas : voici l'accueil."),
    (r"^Skip to main content$", "Aller au contenu"),
    (r"^Expand sidebar$", "Ouvrir le menu"),
    (r"^Collapse sidebar$", "Fermer le menu"),
    (r"^Dismiss$", "Fermer"),
    (r"^View (\d+) more$", "$1 de plus"),
    (r"^View less$", "Moins"),
    (r"^File is too large\..*", "Fichier trop gros."),
    (r"^(?:.* )?files? type(?:s)? not allowed.*", "Ce type de fichier n'est pas accepté."),
    (r"^Show password$", "Montrer"),
    (r"^Hide password$", "Masquer"),
    (r"^Error$", "Erreur"),
    # headings, navigation, toasts, tables and charts (issue 25)
    (r"^Link to heading$", "Lien vers ce titre"),
    (r"^Sidebar$", "Menu"),
    (r"^App pages$", "Pages"),
    (r"^Main menu$", "Menu principal"),
    (r"^view more$", "voir plus"),
    (r"^view less$", "voir moins"),
    (r"^Show/hide columns$", "Colonnes affichées"),
    (r"^Show data$", "Voir les données"),
    (r"^Show chart$", "Voir le graphique"),
    (r"^Download as PNG$", "Télécharger (PNG)"),
    (r"^Download as SVG$", "Télécharger (SVG)"),
    (r"^Copy Vega-Lite spec$", "Copier la description du graphique"),
    (r"^Sort ascending$", "Trier par ordre croissant"),
    (r"^Sort descending$", "Trier par ordre décroissant"),
    (r"^Pin column$", "Épingler la colonne"),
    (r"^Unpin column$", "Désépingler la colonne"),
    (r"^Hide column$", "Masquer la colonne"),
    (r"^Autosize$", "Largeur automatique"),
    (r"^Format$", "Format"),
    (r"^Clear selection$", "Tout désélectionner"),
    (r"^No data$", "Aucune donnée"),
    # the − and + steps of a number input (issue 36)
    (r"^Decrement$", "Diminuer"),
    (r"^Increment$", "Augmenter"),
    # an uploaded file's size: « 336.0B » -> « 336 o », « 1.2KB » -> « 1,2 Ko »
    (r"^(\d+)(?:\.0)?B$", "$1 o"),
    (r"^(\d+)\.(\d+)B$", "$1,$2 o"),
    (r"^(\d+)(?:\.0)?([KMG])B$", "$1 $2o"),
    (r"^(\d+)\.(\d+)([KMG])B$", "$1,$2 $3o"),
    # ... and in the file's label: « paquet.csv, 336.0B »
    (r"^(.+), (\d+)(?:\.0)?B$", "$1, $2 o"),
    (r"^(.+), (\d+)\.(\d+)B$", "$1, $2,$3 o"),
    (r"^(.+), (\d+)(?:\.0)?([KMG])B$", "$1, $2 $3o"),
    (r"^(.+), (\d+)\.(\d+)([KMG])B$", "$1, $2,$3 $4o"),
]

# The script: set lang="fr", relabel now and on every change of the document.
_SCRIPT = r"""
(function (rules) {
  if (window.__compagnonFr) return;
  window.__compagnonFr = true;
  document.documentElement.lang = "fr";
  const compiled = rules.map(([p, r]) => [new RegExp(p), r]);
  // one test for all rules: most text of a page is the app's French, which no rule matches
  const anyRule = new RegExp(rules.map(([p]) => "(?:" + p + ")").join("|"));
  const ATTRS = ["aria-label", "title", "placeholder"];
  function fr(text) {
    const trimmed = text.trim();
    if (!trimmed || !anyRule.test(trimmed)) return null;
    for (const [re, rep] of compiled) {
      if (re.test(trimmed)) {
        const out = trimmed.replace(re, rep);
        return out === trimmed ? null : text.replace(trimmed, out);
      }
    }
    return null;
  }
  function fixText(node) {
    const out = fr(node.nodeValue);
    if (out !== null) node.nodeValue = out;
  }
  // A widget's label is Markdown, user text in it escaped (tableapp/look/usertext.py › plain):
  // drawn as typed, but copied as it is into the control's aria-label, where a screen reader
  // said « Chloé \(la grande\) ». The name said is the text shown: escapes resolved, word
  // joiners gone. What was written is remembered: a name holding a backslash of its own is
  // never unescaped twice.
  const ESCAPED = /\\([!-\/:-@\[-`{-~])|\u2060/g;
  const said = new WeakMap();
  function fixName(el) {
    const v = el.getAttribute && el.getAttribute("aria-label");
    if (!v || said.get(el) === v || !/[\\\u2060]/.test(v)) return;
    const out = v.replace(ESCAPED, "$1");
    said.set(el, out);
    if (out !== v) el.setAttribute("aria-label", out);
  }
  function fixElement(el) {
    fixName(el);
    for (const a of ATTRS) {
      const v = el.getAttribute && el.getAttribute(a);
      if (v) { const out = fr(v); if (out !== null) el.setAttribute(a, out); }
    }
    // a select box chooses among options: no keyboard popping up on a tablet
    if (el.matches && el.matches('[data-testid="stSelectbox"] input') &&
        el.getAttribute("inputmode") !== "none") el.setAttribute("inputmode", "none");
  }
  function walk(root) {
    if (root.nodeType === 3) { fixText(root); return; }
    if (root.nodeType !== 1) return;
    fixElement(root);
    const it = document.createTreeWalker(root, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
    let n;
    while ((n = it.nextNode())) { if (n.nodeType === 3) fixText(n); else fixElement(n); }
  }
  function fixLang() {
    if (document.documentElement.lang !== "fr") document.documentElement.lang = "fr";
  }
  new MutationObserver(records => {
    for (const r of records) {
      if (r.type === "characterData") fixText(r.target);
      else if (r.type === "attributes") fixElement(r.target);
      else r.addedNodes.forEach(walk);
    }
    fixLang();
  }).observe(document.documentElement, {subtree: true, childList: true, characterData: true,
                                        attributes: true, attributeFilter: ATTRS.concat("lang")});
  walk(document.body);
})"""

# Touch targets: at least 44×44 CSS px for every control used in play (WCAG 2.5.5). Static.
TOUCH_CSS = """
<style>
.stButton button, .stDownloadButton button, .stFormSubmitButton button,
[data-testid="stButtonGroup"] button, [data-testid="stPopover"] button,
[data-testid="stFileUploader"] button {
  min-height: 48px; min-width: 48px;
}
[data-testid="stRadio"] label, [data-testid="stCheckbox"] label {
  min-height: 44px; min-width: 44px; align-items: center; padding-right: 0.75rem;
}
[data-testid="stRadioGroup"] { gap: 0 0.25rem; }
[data-testid="stSelectbox"] [role="group"], [data-testid="stMultiSelect"] [role="group"] {
  min-height: 48px;
}
[data-tag] { min-height: 44px; padding-right: 0; align-items: center; }
[data-tag] button, [data-testid="stMultiSelect"] button[aria-label] {
  min-width: 44px; min-height: 44px; display: inline-flex; align-items: center;
  justify-content: center;
}
[data-testid="stTooltipIcon"] button[aria-label] { min-width: 44px; min-height: 44px; }
[data-testid="stNumberInputContainer"] button { min-width: 44px; min-height: 44px; }
.stNumberInput input { min-height: 44px; }
[role="tab"] { min-height: 48px; min-width: 48px; padding: 0 0.75rem; }
[data-testid="stExpander"] summary { min-height: 48px; }
[role="option"] { min-height: 44px; }
[role="dialog"] > button[aria-label],
[data-testid="stExpandSidebarButton"], [data-testid="stSidebarCollapseButton"] button {
  min-width: 44px; min-height: 44px;
}
.st-key-compagnon_shell { display: none; }
/* the history's rows read like lines of a list (tableapp/table/history.py) */
[class*="st-key-tb_fix_"] button { justify-content: flex-start; text-align: left; }
/* a wide table scrolls inside its own box: the page itself never slides sideways */
[data-testid="stMarkdownContainer"]:has(> table) { overflow-x: auto; }
</style>
"""


HOUSE_MARK = "°"
HOUSE_HELP = ("Là où la règle imprimée se tait ou se contredit, le projet a fait un choix, "
              "consigné dans sa documentation ; la table peut le changer ici. Ce n'est pas "
              "une règle officielle.")


# Bigger touch targets and text readable across a table. Static CSS only: no user text here.
TABLET_CSS = """
<style>
.stButton button, .stDownloadButton button, .stFormSubmitButton button {
    min-height: 3rem; font-size: 1.1rem; padding: 0.5rem 1.2rem;
}
.stTextInput input, .stNumberInput input { min-height: 2.8rem; font-size: 1.1rem; }
div[data-baseweb="select"] > div { min-height: 2.8rem; font-size: 1.1rem; }
[data-testid="stButtonGroup"] button { min-height: 3rem; min-width: 3rem; font-size: 1.1rem; }
.stMarkdown p, .stText { font-size: 1.1rem; }
[data-testid="stMetricValue"] { font-size: 2.4rem; }
""" + scorecards.CSS + """</style>
"""


def house_note() -> None:
    """The one line that explains the « ° » marks of a form (each house default is marked once
    with HOUSE_MARK, never spelt out in front of the players), with the detail on demand."""
    st.caption(f"{HOUSE_MARK} choix de la maison, modifiable", help=HOUSE_HELP)


def relabel_script() -> str:
    """The one script of the shell (rules as JSON, escaped for a <script> element)."""
    data = json.dumps(RELABEL, ensure_ascii=False).replace("<", "\\u003c")
    return f"<script>{_SCRIPT}({data});</script>"


def page_style() -> str:
    """Every page's style: large controls (session), touch targets (here), contrast (a11y), the
    phone's layout (phone). Static text."""
    return TABLET_CSS + TOUCH_CSS + a11y.A11Y_CSS + phone.phone_css()


def page_markup() -> str:
    """Every page's style and scripts: what `companion app` sends once with the HTML of every
    page (tableapp/serving/firstload.py), last in its body."""
    return page_style() + relabel_script() + a11y.A11Y_SCRIPT


def install(in_html: bool) -> None:
    """Style and scripts of every page: call once per run, from the router. Nothing to send
    when the page's HTML carries them already (`in_html`: tableapp/serving/firstload.py); else
    sent by this run, as a server started by `streamlit run` needs."""
    if in_html:
        return
    st.html(page_style())  # style only: Streamlit puts it in the event container, no space taken
    with st.sidebar:
        with st.container(key="compagnon_shell"):
            st.html(relabel_script(), unsafe_allow_javascript=True)
            st.html(a11y.A11Y_SCRIPT, unsafe_allow_javascript=True)
