"""What an answer must say before anything else, whoever wrote the rest (Claude or the extractive path):

- **the article asked for is not law** — "Član 79 KZ FBiH je brisan", "Član 280a KZ RS je prestao da važi",
  "KZ FBiH nema člana 999" (SearchResult.missing_references) — with the articles next to it by number. When
  nothing the officer named exists, the whole answer is that (`missing_answer`): no model is asked, and no
  similar article is presented as if it were the one asked for. Fail closed.
- **the law named is not loaded** — "član 3 KZ RS" with only KZ FBiH and KZ BiH, "član 5 zakona o saobraćaju RS"
  (SearchResult.ambiguous entries without laws): "KZ RS nije učitan …", with the loaded laws of its kind, so
  that no other code's article 3 is read as that law's;
- **no law of the kind asked about is loaded** — a question about rent, wages or a passport with no such law
  in the officer's scope (SearchResult.coverage, retrieval/search/coverage.py): said first, naming the kinds
  ("zakon o radu"), so that the articles found are not read as the answer; where the question also names
  what a loaded law regulates, that the answer covers only that part;
- **the articles cited are illustrative** — the sample laws of "Try it" (data/sample, `"illustrative": true`)
  are not law in force: an answer citing one says so in its last paragraph, right above the sources (which
  the bot marks one by one too).

The wording is here once, in Latin and Cyrillic (the answer's script follows the question's); the bot uses
the same lines for a plain "član 79 KZ FBiH" (bot/missing_articles.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from kodeks.answering.extractive import excerpt, script_of
from kodeks.answering.models import Answer
from retrieval.language.normalize import to_cyrillic
from retrieval.types import AmbiguousReference, Hit, MissingReference, SearchResult

# The kinds of law the question is about that no loaded law in the officer's scope is (coverage.py): the whole
# question (search judged it weak), or a part of it beside what the loaded laws do regulate.
NOT_LOADED = (
    "⚠️ Za oblast ovog pitanja nije učitan propis ({kinds}) – učitani zakoni je vjerovatno ne uređuju, "
    "pa pronađeni članovi nisu odgovor na pitanje."
)
PARTLY_LOADED = (
    "ℹ️ Pitanje se dotiče i oblasti za koju nije učitan propis ({kinds}) – odgovor je samo iz učitanih zakona."
)

_TEXTS = {
    "latin": {
        "deleted": "Član {article} {law} je brisan – nije važeći propis.",
        "repealed": "Član {article} {law} je prestao da važi – nije važeći propis.",
        "not_found": "{law} nema člana {article}.",
        "last": " Posljednji član tog zakona je član {last}.",
        "note": " U zakonu stoji: „{note}“.",
        "nearest": "Najbliži važeći članovi: {articles}.",
        "nearest_one": "Najbliži važeći član: {articles}.",
        "article": "član {article}",
        "listed": "Tekst najbližih članova (nije odgovor na pitanje o traženom članu):",
        "illustrative": (
            "⚠️ Ilustrativni primjer: citirani članovi ({laws}) su primjer teksta za isprobavanje "
            "(data/sample), a ne važeći propis – ne postupajte po ovom odgovoru."
        ),
        "unloaded": "⚠️ {name} nije učitan, pa ne mogu prikazati njegov član {article}.",
        "unloaded_kind": " Učitani zakoni iste vrste ({kind}): {laws}.",
        "unloaded_laws": " Učitani zakoni iste vrste: {laws}.",
    },
    "cyrillic": {
        "deleted": "Члан {article} {law} је брисан – није важећи пропис.",
        "repealed": "Члан {article} {law} је престао да важи – није важећи пропис.",
        "not_found": "{law} нема члана {article}.",
        "last": " Посљедњи члан тог закона је члан {last}.",
        "note": " У закону стоји: „{note}“.",
        "nearest": "Најближи важећи чланови: {articles}.",
        "nearest_one": "Најближи важећи члан: {articles}.",
        "article": "члан {article}",
        "listed": "Текст најближих чланова (није одговор на питање о траженом члану):",
        "illustrative": (
            "⚠️ Илустративни примјер: цитирани чланови ({laws}) су примјер текста за испробавање "
            "(data/sample), а не важећи пропис – не поступајте по овом одговору."
        ),
        "unloaded": "⚠️ {name} није учитан, па не могу приказати његов члан {article}.",
        "unloaded_kind": " Учитани закони исте врсте ({kind}): {laws}.",
        "unloaded_laws": " Учитани закони исте врсте: {laws}.",
    },
}
NOT_IN_FORCE_REASON = (
    "the article asked for is not in force or not in the law: its neighbours listed, nothing answered from them"
)


def missing_line(missing: MissingReference, script: str = "latin") -> str:
    """One paragraph: what happened to the article, the law's own words, the nearest articles in force."""
    t = _TEXTS[script]
    line = t[missing.status].format(article=missing.article, law=missing.law)
    if missing.last:
        line += t["last"].format(last=missing.last)
    if missing.note:
        line += t["note"].format(note=missing.note)
    if missing.nearest:
        listed = "; ".join(
            t["article"].format(article=a.article) + (f" – {a.title}" if a.title else "") for a in missing.nearest
        )
        line += " " + t["nearest" if len(missing.nearest) > 1 else "nearest_one"].format(articles=listed)
    return line


def missing_lines(missing: Sequence[MissingReference], script: str = "latin") -> list[str]:
    return [missing_line(m, script) for m in missing]


def unloaded_line(reference: AmbiguousReference, script: str = "latin") -> str | None:
    """ "⚠️ KZ RS nije učitan, pa ne mogu prikazati njegov član 3. Učitani zakoni iste vrste (krivični zakon): KZ
    FBiH, KZ BiH." for a reference to a law that is not loaded (no laws to ask among), else None. Law names
    stay as they are in a Cyrillic reply (they are the library's names)."""
    if reference.laws:
        return None
    t = _TEXTS[script]
    line = t["unloaded"].format(name=reference.name, article=reference.article)
    laws = ", ".join(reference.loaded)
    if laws:
        kind = to_cyrillic(reference.kind) if script == "cyrillic" else reference.kind
        line += t["unloaded_kind"].format(kind=kind, laws=laws) if kind else t["unloaded_laws"].format(laws=laws)
    return line


def unloaded_lines(result: SearchResult, script: str = "latin") -> list[str]:
    """One line per reference of the question to a law that is not loaded."""
    return [line for a in result.ambiguous if (line := unloaded_line(a, script)) is not None]


def missing_answer(question: str, result: SearchResult, prompt_version: str) -> Answer:
    """The answer when every article the question names is deleted, repealed or not in its law: it says
    so, and lists the nearest articles (the hits, level "nearest") as what they are — neighbours."""
    script = script_of(question)
    lines = missing_lines(result.missing_references, script)
    hits = [h for h in result.hits if h.level == "nearest"]
    text = "\n\n".join(lines)
    if hits:
        listed = [_TEXTS[script]["listed"], ""]
        for n, hit in enumerate(hits, 1):
            listed += [f"{n}. {hit.article.label}", f"„{excerpt(hit)}“"]
        text += "\n\n" + "\n".join(listed)
    return Answer(
        text=text,
        citations=hits,
        mode="extractive",
        prompt_version=prompt_version,
        covered=False,
        missing=lines[0] if lines else None,
        reason=NOT_IN_FORCE_REASON,
    )


def only_missing(result: SearchResult) -> bool:
    """Everything the question named is missing: the hits are its neighbours, not an answer."""
    return bool(result.missing_references) and result.level == "nearest"


def not_loaded_line(result: SearchResult, script: str = "latin") -> str | None:
    """What the officer is told when the search found the question to be about kinds of law none of the loaded
    laws in the scope is, by the names a reply uses: that the articles found are no answer (the search was weak,
    and the question names no kind that is loaded), or else that the answer covers only the loaded laws' part
    ("pas ugrizao dijete": the criminal code's bodily harm, but no law on keeping animals)."""
    coverage = result.coverage or {}
    labels = list(coverage.get("missing_labels") or [])
    if not labels:
        return None
    template = NOT_LOADED if result.weak and not coverage.get("loaded") else PARTLY_LOADED
    line = template.format(kinds="; ".join(labels))
    return to_cyrillic(line) if script == "cyrillic" else line


def illustrative_line(citations: Sequence[Hit], script: str = "latin") -> str | None:
    laws = list(dict.fromkeys(h.article.law for h in citations if h.article.illustrative))
    return _TEXTS[script]["illustrative"].format(laws=", ".join(laws)) if laws else None


def with_notices(answer: Answer, result: SearchResult, question: str) -> Answer:
    """The answer with what it must say: first the missing articles (unless it is already about them), last —
    right above the sources, each of which is marked too — that cited sample articles are illustrative."""
    script = script_of(question)
    head = (
        missing_lines(result.missing_references, script)
        if result.missing_references and not only_missing(result)
        else []
    )
    head += unloaded_lines(result, script)
    if (line := not_loaded_line(result, script)) is not None:
        head.append(line)
    tail = [line] if (line := illustrative_line(answer.citations, script)) is not None else []
    if not head and not tail:
        return answer
    return replace(answer, text="\n\n".join([*head, answer.text, *tail]))
