"""What a woken screen costs (tableapp/runcost.py): the theme built once says what Streamlit's
own would, and no theme at all when the app sets none (the device's light or dark is kept)."""

from __future__ import annotations

import sys

from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.runtime import app_session

from tableapp import runcost


def _theme(section: str = "theme") -> ForwardMsg:
    msg = ForwardMsg()
    app_session._populate_theme_msg(msg.new_session.custom_theme, section)  # noqa: SLF001
    return msg


def test_tuned_once_and_the_interval_set() -> None:
    first = runcost.tune()
    assert runcost.tune() == first and "switch" in first
    assert sys.getswitchinterval() == runcost.SWITCH_INTERVAL


def test_no_theme_set_leaves_the_device_its_own() -> None:
    assert "theme" in runcost.tune()
    for section in ("theme", "theme.light", "theme.dark", "theme.sidebar"):
        assert not _theme(section).new_session.HasField("custom_theme")


def test_a_theme_set_is_sent_every_run(monkeypatch) -> None:
    from streamlit import config

    assert "theme" in runcost.tune()
    monkeypatch.setattr(config, "get_options_for_section",
                        lambda section: {"primaryColor": "#123456", "base": None})
    # built once per section: a theme read anew (the config parsed again) is built again
    config._on_config_parsed.send()  # noqa: SLF001
    sent = _theme("theme.sidebar")
    assert sent.new_session.custom_theme.primary_color == "#123456"
    assert _theme("theme.sidebar").new_session.custom_theme.primary_color == "#123456"
    config._on_config_parsed.send()  # noqa: SLF001  (the next test reads the real config)
