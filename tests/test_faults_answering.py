"""Citation checking against article numbers the load bench met: a hyphenated number (COLIEE's
"Article 520-15"; BiH laws have "član 31-a" and "član 116a") named in a claim that cites it."""

from __future__ import annotations

import pytest

from retrieval.types import Article
from tests.answering_helpers import result
from tests.fakes.anthropic_server import FakeAnthropic, reply
from tests.test_answering_claude import ask


@pytest.mark.parametrize(
    "law, number, claim",
    [
        ("Civil Code", "520-15", "Under Article 520-15 the claim is extinguished."),
        ("ZP", "31-a", "Prema članu 31-a kazna je novčana."),
    ],
)
async def test_a_claim_naming_the_hyphenated_article_it_cites_is_kept(
    fake_anthropic: FakeAnthropic, law: str, number: str, claim: str
) -> None:
    article = Article(
        id=f"{law} čl. {number}" if law == "ZP" else f"Article {number}",
        law=law,
        article=number,
        text="(1) Tekst člana.",
        title="",
    )
    fake_anthropic.script(reply([(claim, [article.id])]))
    answer = await ask(fake_anthropic, search=result(article))
    assert answer.mode == "claude" and answer.invalid_citations == [], (answer.reason, answer.invalid_citations)
