"""The bot's start-up summary agrees with itself: enrolled officers are not told 'everyone will be refused',
and a roster without an admin is warned about (nobody could approve a request)."""

from bot.app import startup_warnings


def test_nobody_enrolled_and_no_admin_is_refused_everyone():
    (warning,) = startup_warnings(enrolled=0, admins=0)
    assert "everyone will be refused" in warning


def test_enrolled_officers_without_an_admin_are_let_in_but_nobody_can_approve():
    (warning,) = startup_warnings(enrolled=5, admins=0)
    assert "everyone will be refused" not in warning
    assert "nobody can approve" in warning and "KODEKS_ADMINS" in warning


def test_an_admin_alone_is_enough_to_start_quietly():
    assert startup_warnings(enrolled=0, admins=1) == []
    assert startup_warnings(enrolled=5, admins=2) == []


def test_misspelt_settings_come_first_among_the_bot_warnings() -> None:
    lines = ["KODEKS_TRESHOLD is not a setting (did you mean KODEKS_THRESHOLD?)"]
    assert startup_warnings(enrolled=5, admins=2, unknown=lines) == lines
    assert startup_warnings(enrolled=5, admins=0, unknown=lines)[0] == lines[0]
