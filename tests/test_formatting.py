"""Reply formatting: escaping, the `Izvori:` block, and splitting at Telegram's limit without breaking HTML."""

from __future__ import annotations

import html

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.callbacks import Callback, answer_keyboard, decode, encode
from bot.formatting import LIMIT, escape, format_answer, format_article, split_fragment, split_html, tg_len
from retrieval.types import Article, Hit
from tests.fakes.telegram_server import parse_html, utf16_len


def art(
    number: str = "373",
    title: str = "Krivotvorenje isprave",
    text: str = "Ko napravi lažnu ispravu…",
    law: str = "KZ FBiH",
) -> Article:
    return Article(
        id=f"{law} čl. {number}",
        law=law,
        article=number,
        text=text,
        title=title,
        law_title="Krivični zakon Federacije BiH",
    )


def hit(article: Article) -> Hit:
    return Hit(article=article, score=0.5, similarity=0.8, dense_rank=1, lexical_rank=2, level="threshold")


class FakeAnswer:
    """Just the fields formatting reads (Answer itself needs the whole answering package)."""

    def __init__(
        self, text: str, citations: list[Hit], mode: str = "claude", covered: bool = True, missing: str | None = None
    ) -> None:
        self.text, self.citations, self.mode, self.covered, self.missing = text, citations, mode, covered, missing


def test_escape_makes_law_text_safe() -> None:
    assert escape("a < b & c > d") == "a &lt; b &amp; c &gt; d"
    assert parse_html(escape("<script>&")) == "<script>&"


def test_answer_then_sources_with_law_article_title() -> None:
    answer = FakeAnswer("Krivotvorenje je krivično djelo [KZ FBiH čl. 373].", [hit(art())])
    [message] = format_answer(answer)
    text = parse_html(message)
    assert text.index("Krivotvorenje je") < text.index("Izvori:")
    assert "KZ FBiH, član 373 – Krivotvorenje isprave" in text
    assert "<b>KZ FBiH</b>" in message


def test_extractive_answers_are_marked_and_missing_is_shown() -> None:
    answer = FakeAnswer(
        "Najrelevantniji članovi:",
        [hit(art())],
        mode="extractive",
        covered=False,
        missing="Zakon o prekršajima nije u bazi.",
    )
    text = parse_html(format_answer(answer)[0])
    assert text.startswith("⚠️ Izvod iz zakona")
    assert "Nije pokriveno: Zakon o prekršajima nije u bazi." in text


def test_hostile_text_is_escaped_everywhere() -> None:
    evil = art(title="<b>x</b> & <a href='y'>", text="1 < 2 && 3 > 2 </i>")
    answer = FakeAnswer("<i>oops & </b>", [hit(evil)])
    for message in format_answer(answer) + format_article(evil):
        parse_html(message)  # raises if Telegram would reject it


def test_long_answer_split_at_limit_keeps_every_citation_line_whole() -> None:
    paragraphs = [f"Tvrdnja broj {i}: " + "riječ " * 60 + f"[KZ FBiH čl. {i}]." for i in range(40)]
    cited = [hit(art(str(n), title=f"Naslov člana {n}")) for n in range(1, 30)]
    messages = format_answer(FakeAnswer("\n\n".join(paragraphs), cited))
    assert len(messages) > 1
    rendered = [parse_html(m) for m in messages]
    assert all(utf16_len(r) <= LIMIT for r in rendered)
    full = "\n".join(rendered)
    for n in range(1, 30):
        assert f"KZ FBiH, član {n} – Naslov člana {n}" in full
    assert sum(r.count("Izvori:") for r in rendered) == 1


def test_article_over_the_limit_is_split_and_each_part_parses() -> None:
    text = "\n".join(f"({i}) " + "Ćirilica и латиница & <znakovi> " * 20 for i in range(30))
    messages = format_article(art(text=text))
    assert len(messages) > 1
    for m in messages:
        assert utf16_len(parse_html(m)) <= LIMIT
    assert parse_html(messages[0]).startswith("KZ FBiH, član 373 – Krivotvorenje isprave")


def test_tag_open_across_a_cut_is_closed_and_reopened() -> None:
    block = "<b>" + "x" * 50 + " " + "y" * 50 + "</b>"
    parts = split_fragment(block, limit=70)
    assert len(parts) == 2
    assert all(p.startswith("<b>") and p.endswith("</b>") for p in parts)
    assert "".join(parse_html(p) for p in parts).replace(" ", "") == "x" * 50 + "y" * 50


def test_emoji_count_as_two_utf16_units() -> None:
    assert tg_len("👍") == 2
    parts = split_html(["👍" * 3000])
    assert all(tg_len(p) <= LIMIT for p in parts) and len(parts) == 2


_text = st.text(alphabet=st.sampled_from(list("abcčćž ЖШђ<>&\n👍")), min_size=0, max_size=300)
_block = st.one_of(
    _text.map(escape),
    _text.map(lambda t: f"<b>{escape(t)}</b>"),
    st.tuples(_text, _text).map(lambda p: f"<i>{escape(p[0])}<code>{escape(p[1])}</code></i>"),
)


@settings(max_examples=150, deadline=None)
@given(blocks=st.lists(_block, max_size=12), limit=st.integers(min_value=40, max_value=400))
def test_split_never_breaks_html_or_loses_text(blocks: list[str], limit: int) -> None:
    messages = split_html(blocks, limit=limit)
    for m in messages:
        assert tg_len(m) <= limit
        parse_html(m)
    squash = lambda s: "".join(html.unescape(s).split())  # noqa: E731 - cuts may drop whitespace
    expected = squash("".join(parse_html(b) for b in blocks))
    assert squash("".join(parse_html(m) for m in messages)) == expected


def test_callback_data_is_short_and_round_trips() -> None:
    for cb in (
        Callback("article", 2**40, index=7),
        Callback("feedback", 2**40, value=-1),
        Callback("feedback", 1, value=1),
    ):
        data = encode(cb)
        assert len(data.encode()) <= 64
        assert decode(data) == cb
    assert decode("garbage") is None and decode(None) is None and decode("f:1:x") is None and decode("f:1:+-") is None


def test_keyboard_has_an_article_button_per_citation_and_feedback() -> None:
    markup = answer_keyboard(42, [art("1"), art("2"), art("3")])
    data = [b.callback_data for row in markup.inline_keyboard for b in row]
    assert data == ["a:42:0", "a:42:1", "a:42:2", "f:42:+", "f:42:-"]


@given(st.text(max_size=80))
def test_any_callback_data_decodes_to_a_known_callback_or_none(data: str) -> None:
    cb = decode(data)  # forged or stale buttons must never crash the handler
    assert cb is None or decode(encode(cb)) == cb
