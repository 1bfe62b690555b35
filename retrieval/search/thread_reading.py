"""One reading of a message in its conversation thread: follow-up or new question, what it inherits, what it replaces.

Decided once, here, for the bot, `kodeks ask`/`chat`/`eval threads` and the rewrite alike
(kodeks/answering/conversation.py calls `read_message`). The cue words are data —
retrieval/language/data/threads.toml, which says in its header what each kind of message is and what
it does to the thread — and are closed classes of BCS words (openers, negations, contrasts,
prepositions) or place names, never an offence's words; the rest comes from
retrieval/language/followups.py (what a continuation looks like, content words) and
retrieval/jurisdictions.py (the jurisdictions' names). Pure text work: no index.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from retrieval.jurisdictions import mentions
from retrieval.language.clauses import avoided
from retrieval.language.followups import content_words, followup_words, inherited_text, is_follow_up
from retrieval.language.normalize import fold, words
from retrieval.language.table_words import stems, word_set
from retrieval.language.vocabulary import DATA_DIR, THREADS_FILE, bcs_vocabulary
from retrieval.search.references import names_an_article

Kind = Literal["new", "new-topic", "continuation", "correction", "related"]


@dataclass(frozen=True)
class Reading:
    """What a message is in its thread.

    `kind`: "new" (no thread, or a question of its own), "new-topic" (said to be about something else),
    "continuation" (leans on the thread's act: an aspect, a circumstance, another jurisdiction's law),
    "correction" (replaces the thread's act), "related" (an act of its own in the same story).
    `inherited`: the thread's words it carries (the thread's act, negated words dropped), "" for none;
    `dense`: whether they join the dense query (only a continuation's: an act of its own leads);
    `keep_articles`: whether the previous answer's articles stay candidates (not once the act changed);
    `jurisdiction`: a jurisdiction the message asks for by name (replaces the thread's and the officer's);
    `negated`: the words it takes back ("nije ga udario" → "udario")."""

    kind: Kind
    inherited: str = ""
    dense: bool = False
    keep_articles: bool = False
    jurisdiction: str | None = None
    negated: tuple[str, ...] = ()
    act: str = ""  # a correction's replacing act ("nego mu je prijetio" → "mu je prijetio"), searched as the act
    story: str = ""  # the story kept around a correction's or a related act's own act: the persons, things and
    # places the thread told, without the words taken back and without its verbs ("lik … novčanik na parkingu" for
    # "nije ga našao, izvukao ga iz auta"; "… heroin" for "a onaj što ga je unio preko granice") — context, never
    # the act
    adds: bool = False  # a continuation that adds a circumstance ("a da je bio naoružan?"), which the act keeps
    matter: str | None = None  # the message's own words when some are not matter ("а у Федерацији?" → "а"), or with
    # the person the officers' words for themselves stand for ("… prijetio nama" → "… prijetio nama službeno lice")

    def own_words(self, text: str) -> str:
        """What of `text` is searched as the officer's words: `matter` when the reading set it, else all."""
        return text if self.matter is None else self.matter

    @property
    def follow_up(self) -> bool:
        """The message continues the thread (its answer is given with the earlier exchanges in view)."""
        return self.kind in ("continuation", "correction", "related")


@dataclass(frozen=True)
class _Phrase:
    """A cue: folded words, each exact or (ending in "*") a prefix."""

    parts: tuple[str, ...]

    @classmethod
    def of(cls, text: str) -> _Phrase:
        return cls(tuple(fold(w) if not w.endswith("*") else fold(w[:-1]) + "*" for w in text.split()))

    def at(self, tokens: list[str], i: int) -> bool:
        if i + len(self.parts) > len(tokens):
            return False
        return all(
            tokens[i + n].startswith(p[:-1]) if p.endswith("*") else tokens[i + n] == p
            for n, p in enumerate(self.parts)
        )


@dataclass(frozen=True)
class Cues:
    """threads.toml, parsed."""

    new_topic: tuple[_Phrase, ...]
    new_topic_within: int
    asks_about: tuple[_Phrase, ...]
    acknowledgements: tuple[_Phrase, ...]
    correction_openers: tuple[_Phrase, ...]
    turned: tuple[_Phrase, ...]
    paused: tuple[_Phrase, ...]
    negations: tuple[_Phrase, ...]
    contrasted: tuple[_Phrase, ...]
    copulas: frozenset[str]
    modals: frozenset[str]
    relatives: frozenset[str]
    postposed: tuple[_Phrase, ...]
    postposed_within: int
    contrasts: tuple[_Phrase, ...]
    jurisdiction_cues: tuple[_Phrase, ...]
    jurisdiction_within: int
    laws: tuple[_Phrase, ...]
    names: tuple[tuple[_Phrase, str], ...]
    places: tuple[tuple[_Phrase, str], ...]
    places_after: tuple[tuple[_Phrase, str], ...]
    place_prepositions: tuple[_Phrase, ...]
    adjectives: tuple[tuple[_Phrase, str], ...]
    max_own_words: int
    max_hypothetical_words: int
    hypothetical: tuple[_Phrase, ...]
    max_question_words: int
    questions: tuple[_Phrase, ...]
    own_case_words: int
    auxiliaries: frozenset[str]
    subjects: frozenset[str]
    pointers: frozenset[str]
    sameness: frozenset[str]
    the_act: frozenset[str]
    the_act_with: frozenset[str]
    then: frozenset[str]
    here: frozenset[str]
    max_pointer_words: int
    related_openers: tuple[_Phrase, ...]
    min_act_words: int
    act_endings: tuple[str, ...]
    not_acts: frozenset[str]
    states: tuple[_Phrase, ...] = ()
    reports: frozenset[str] = frozenset()
    consequence: tuple[_Phrase, ...] = ()
    circumstance_max_words: int = 0
    amounts: tuple[_Phrase, ...] = ()
    ages: tuple[_Phrase, ...] = ()
    max_fragment_words: int = 0
    statement_max_words: int = 0
    additive: frozenset[str] = frozenset()
    impersonal: frozenset[str] = frozenset()
    lead_words: int = 0  # a short clause before a correction's opener ("pogledali snimke, drugačije je bilo: …")
    not_only: frozenset[str] = frozenset()  # "nije samo X nego Y": the contrast word that first says "not only"
    officer_during: tuple[_Phrase, ...] = ()
    officer_targets: frozenset[str] = frozenset()
    officer_person: str = ""
    officer_clause_words: int = 0
    officer_object: str = ""  # the lay word the vocabulary names the police by, for the officers as an act's object
    officer_kept: tuple[str, ...] = ()  # endings of the officers' own verb in a clause of an avoided act
    caught_during: tuple[_Phrase, ...] = ()
    caught_objects: frozenset[str] = frozenset()
    caught_law: str = ""
    returning_words: int = 0
    clitics: frozenset[str] = frozenset()
    contracted_min: int = 0
    not_contracted: frozenset[str] = frozenset()
    not_contracted_endings: tuple[str, ...] = ()
    totals: tuple[_Phrase, ...] = ()
    max_total_words: int = 0
    matters: tuple[_Phrase, ...] = ()
    matters_clause_words: int = 0
    for_the_act: tuple[_Phrase, ...] = ()
    story_words: int = 0
    taking_back: tuple[str, ...] = ()
    taking: tuple[str, ...] = ()
    taking_read: str = ""
    means_back: frozenset[str] = frozenset()
    persons: tuple[_Phrase, ...] = ()
    one_of: tuple[_Phrase, ...] = ()
    groups: tuple[_Phrase, ...] = ()
    reported: tuple[_Phrase, ...] = ()
    clause_openers: frozenset[str] = frozenset()
    told_after: frozenset[str] = frozenset()
    ours: frozenset[str] = frozenset()
    already: tuple[_Phrase, ...] = ()


def _phrases(values: list[str]) -> tuple[_Phrase, ...]:
    # longest first, so "nije bio" is tried before "nije"
    return tuple(sorted((_Phrase.of(v) for v in values), key=lambda p: -len(p.parts)))


@lru_cache(maxsize=4)
def cues(path: Path | None = None) -> Cues:
    """The cue words (retrieval/language/data/threads.toml, or `path`), read once."""
    data: dict[str, Any] = tomllib.loads((path or DATA_DIR / THREADS_FILE).read_text(encoding="utf-8"))
    new, corr, jur, cont, rel = (
        data[k] for k in ("new_topic", "correction", "jurisdiction", "continuation", "related")
    )
    circ: dict[str, Any] = data.get("circumstance", {})
    officers: dict[str, Any] = data.get("officers", {})
    caught: dict[str, Any] = data.get("caught", {})
    names, places, places_after, adjectives = (
        tuple(
            sorted(
                ((_Phrase.of(name), code) for code, names in jur.get(table, {}).items() for name in names),
                key=lambda pc: -len(pc[0].parts),
            )
        )
        for table in ("names", "places", "places_after", "adjectives")
    )
    return Cues(
        new_topic=_phrases(new["openers"]),
        new_topic_within=int(new["within"]),
        asks_about=_phrases(new.get("asks_about", [])),
        clause_openers=word_set(new, "clause_openers"),
        acknowledgements=_phrases(data.get("acknowledgements", {}).get("openers", [])),
        correction_openers=_phrases(corr["openers"]),
        turned=_phrases(corr.get("turned", [])),
        paused=_phrases(corr.get("paused", [])),
        negations=_phrases(corr["negations"]),
        contrasted=_phrases(corr.get("contrasted", [])),
        copulas=word_set(corr, "copulas"),
        modals=word_set(corr, "modals"),
        relatives=word_set(corr, "relatives"),
        postposed=_phrases(corr.get("postposed", [])),
        postposed_within=int(corr.get("postposed_within", 0)),
        contrasts=_phrases(corr["contrasts"]),
        not_only=word_set(corr, "not_only"),
        lead_words=int(corr.get("lead_words", 0)),
        jurisdiction_cues=_phrases(jur["cues"]),
        jurisdiction_within=int(jur["within"]),
        laws=_phrases(jur.get("laws", [])),
        names=names,
        places=places,
        places_after=places_after,
        place_prepositions=_phrases(jur.get("place_prepositions", [])),
        adjectives=adjectives,
        max_own_words=int(cont["max_own_words"]),
        max_hypothetical_words=int(cont["max_hypothetical_words"]),
        hypothetical=_phrases(cont["hypothetical"]),
        max_question_words=int(cont.get("max_question_words", 0)),
        questions=_phrases(cont.get("questions", [])),
        own_case_words=int(cont.get("own_case_words", 0)) or 10**6,
        auxiliaries=word_set(cont, "auxiliaries"),
        subjects=word_set(cont, "subjects"),
        pointers=word_set(cont, "pointers"),
        sameness=word_set(cont, "sameness"),
        the_act=word_set(cont, "the_act"),
        the_act_with=word_set(cont, "the_act_with"),
        then=word_set(cont, "then"),
        here=word_set(cont, "here"),
        max_pointer_words=int(cont.get("max_pointer_words", 0)),
        related_openers=_phrases(rel["openers"]),
        min_act_words=int(rel["min_act_words"]),
        act_endings=tuple(rel["act_endings"]),
        not_acts=frozenset(fold(w) for w in rel["not_acts"]),
        states=_phrases(circ.get("states", [])),
        reports=word_set(circ, "reports"),
        consequence=_phrases(circ.get("consequence", [])),
        circumstance_max_words=int(circ.get("max_words", 0)),
        amounts=_phrases(circ.get("amounts", [])),
        ages=_phrases(circ.get("ages", [])),
        max_fragment_words=int(circ.get("max_fragment_words", 0)),
        statement_max_words=int(data.get("statement", {}).get("max_words", 0)),
        additive=frozenset(fold(w) for w in data.get("statement", {}).get("additive", [])),
        impersonal=frozenset(fold(w) for w in data.get("statement", {}).get("impersonal", [])),
        officer_during=_phrases(officers.get("during", [])),
        officer_targets=word_set(officers, "targets"),
        officer_person=str(officers.get("person", "")),
        officer_clause_words=int(officers.get("clause_words", 0)),
        officer_kept=stems(officers, "kept_from"),
        officer_object=str(officers.get("object", "")),
        caught_during=_phrases(caught.get("during", [])),
        caught_objects=word_set(caught, "objects"),
        caught_law=str(caught.get("law", "")),
        returning_words=int(cont.get("returning_words", 0)),
        clitics=word_set(rel, "clitics"),
        contracted_min=int(rel.get("contracted_min", 0)),
        not_contracted=word_set(rel, "not_contracted"),
        not_contracted_endings=stems(rel, "not_contracted_endings"),
        totals=_phrases(circ.get("totals", [])),
        max_total_words=int(circ.get("max_total_words", 0)),
        matters=_phrases(cont.get("matters", [])),
        matters_clause_words=int(cont.get("matters_clause_words", 0)),
        for_the_act=_phrases(cont.get("for_the_act", [])),
        story_words=int(corr.get("story_words", 0)),
        taking_back=stems(corr, "taking_back"),
        taking=stems(corr, "taking"),
        taking_read=str(corr.get("taking_read", "")),
        means_back=frozenset(corr.get("means_back", [])),
        persons=_phrases(cont.get("persons", [])),
        one_of=_phrases(rel.get("one_of", [])),
        groups=_phrases(rel.get("groups", [])),
        reported=_phrases(cont.get("reported", [])),
        told_after=word_set(cont, "told_after"),
        ours=word_set(cont, "ours"),
        already=_phrases(cont.get("already", [])),
    )


def _match(phrases: tuple[_Phrase, ...], tokens: list[str], i: int) -> _Phrase | None:
    return next((p for p in phrases if p.at(tokens, i)), None)


def _opens(phrases: tuple[_Phrase, ...], tokens: list[str], within: int = 1) -> bool:
    return any(_match(phrases, tokens, i) for i in range(min(within, len(tokens))))


def _opener_end(phrases: tuple[_Phrase, ...], tokens: list[str], within: int) -> int | None:
    """Where the first of `phrases` opening the message (within its first `within` words) ends, or None."""
    for i in range(min(within, len(tokens))):
        if (phrase := _match(phrases, tokens, i)) is not None:
            return i + len(phrase.parts)
    return None


def _word_spans(folded: str) -> list[tuple[int, int]]:
    return [(m.start(), m.end()) for m in re.finditer(r"[^\W_]+", folded)]


_CASE_ENDING = re.compile(r"(?<=\w)-(?=[^\W\d_]{1,3}\b)")  # "rs-u", "fbih-a": a case ending after a hyphen


@dataclass(frozen=True)
class _Naming:
    """One place a message names a jurisdiction: its tokens, its code, and how it was named."""

    first: int
    last: int  # one past its last token
    code: str
    how: Literal["alias", "name", "place", "placed", "adjective"]


def _namings(
    tokens: list[str], folded: str, c: Cues, leaning: bool, in_thread: bool, anywhere: bool, towns: bool
) -> list[_Naming]:
    """Every place `tokens` (of `folded`) name a jurisdiction, in text order (a longer name first)."""
    spans = _word_spans(folded)
    found: list[_Naming] = []

    def free(n: int) -> bool:
        return not any(f.first <= n < f.last for f in found)

    for start, end, code in mentions(_CASE_ENDING.sub(" ", folded)):
        first = next((n for n, (s, _) in enumerate(spans) if s >= start), len(spans))
        last = next((n for n, (_, e) in enumerate(spans) if e >= end), len(spans) - 1) + 1
        found.append(_Naming(first, last, code, "alias"))
    tables: list[tuple[tuple[tuple[_Phrase, str], ...], Literal["name", "place", "placed", "adjective"]]] = []
    if anywhere:
        tables.append((c.names, "name"))
    if towns:
        tables.append((c.places, "place"))
        tables.append((c.places_after, "placed"))
    if in_thread or leaning:
        tables.append((c.adjectives, "adjective"))
    for table, how in tables:
        for n in range(len(tokens)):
            for phrase, code in table:
                if free(n) and phrase.at(tokens, n):
                    found.append(_Naming(n, n + len(phrase.parts), code, how))
    return sorted(found, key=lambda f: f.first)


def _case_ending(folded: str, spans: list[tuple[int, int]], last: int) -> int:
    """Past a case ending written after a hyphen ("RS-u", "FBiH-a"): part of the name, no word of its own."""
    if (
        0 < last < len(spans)
        and folded[spans[last - 1][1] : spans[last][0]] == "-"
        and _CASE_ENDING.match(folded, spans[last - 1][1])
    ):
        return last + 1
    return last


def _laws_after(tokens: list[str], last: int, c: Cues) -> int:
    """Past the law words right after a name ("po federalnom krivičnom zakonu"): they name no matter either."""
    while last < len(tokens) and _match(c.laws, tokens, last) is not None:
        last += len(_match(c.laws, tokens, last).parts)  # type: ignore[union-attr]
    return last


def named_jurisdiction(
    text: str,
    leaning: bool,
    c: Cues | None = None,
    in_thread: bool = False,
    anywhere: bool = False,
    towns: bool | None = None,
) -> tuple[str | None, set[int]]:
    """The jurisdiction `text` asks for by name, and the token positions naming it (with the cue and law words).

    A name counts after a cue word ("po zakonu RS", "a u Federaciji", "у РС") — or anywhere in a message that
    leans on the thread (`leaning`: "RS?"). In a follow-up (`anywhere`), an entity's or the district's name counts
    anywhere and in any case ("kako to Federacija tretira", "u RS-u"), and a town after a place preposition ("a
    onda ga prodavao po Tuzli"); a town stands for its jurisdiction otherwise only in a leaning message. An
    adjective ("a po federalnom?", "srpski zakon") counts only within a thread (`in_thread`): before a law word,
    or after a cue word at the end of a clause or before nothing but a question ("a po federalnom kako je?"). Names the text gives for different jurisdictions: the one named
    with a law word first ("u Tuzli, ali po zakonu RS" → RS), else the first. `towns` False: no towns."""
    c = c or cues()
    folded = fold(text)
    spans = _word_spans(folded)
    tokens = [folded[s:e] for s, e in spans]
    ends = _clause_ends(text)
    chosen: list[tuple[bool, int, str, set[int]]] = []  # (not named with a law word, first token, code, positions)
    towns = (leaning or anywhere) if towns is None else towns
    for f in _namings(tokens, folded, c, leaning, in_thread, anywhere, towns):
        before = range(max(0, f.first - c.jurisdiction_within), f.first)
        cued = [i for i in before if _match(c.jurisdiction_cues, tokens, i)]
        last = _laws_after(tokens, _case_ending(folded, spans, f.last), c)
        with_law = last > f.last or any(_match(c.laws, tokens, i) for i in cued)
        if f.how == "alias":
            counts = bool(cued) or ((leaning or anywhere) and f.code != "BiH")  # the state: "državljanin BiH"
        elif f.how in ("place", "placed"):  # a town that is also a common word only after a place preposition
            prepositioned = any(p.at(tokens, f.first - len(p.parts)) for p in c.place_prepositions)
            counts = prepositioned or (leaning and f.how == "place")
        elif f.how == "adjective":
            single = f.last - f.first == 1
            after = tokens[f.last : next((e + 1 for e in sorted(ends) if e >= f.last), len(tokens))]
            at_end = f.last >= len(tokens) or (f.last - 1) in ends or not content_words(" ".join(after))
            counts = not single or last > f.last or (bool(cued) and at_end)
        else:
            counts = True
        if counts:
            town = f.how in ("place", "placed")
            start = cued[0] if cued and not town else f.first
            while town and start > 0 and _match(c.place_prepositions, tokens, start - 1):
                start -= 1  # "po gradu u Tuzli": only "u" goes with the town
            while not town and start > 0 and _match(c.laws, tokens, start - 1):
                start -= 1  # "a šta kaže KZ RS": the law's abbreviation goes with the name
            chosen.append((not with_law, f.first, f.code, set(range(start, last))))
    if not chosen:
        return None, set()
    _, _, code, _ = min(chosen, key=lambda x: (x[0], x[1]))
    return code, set().union(*(positions for _, _, named, positions in chosen if named == code))


def _clause_ends(text: str) -> set[int]:
    """Positions of the tokens that end a clause (followed by , ; : . ! ? or a dash)."""
    ends: set[int] = set()
    n = -1
    for piece in re.findall(r"[^\W_]+|[,;:.!?–—]", fold(text)):
        if piece[0].isalnum():
            n += 1
        elif n >= 0:
            ends.add(n)
    return ends


@dataclass(frozen=True)
class _Negation:
    """A negation in a message: where it stands, the content words it takes back (up to a contrast word or the
    end of its clause), where its clause ends, and where the replacing part starts (None: nothing after it)."""

    at: int
    taken: tuple[str, ...]
    clause_end: int
    replacing: int | None
    contrast: bool  # a contrast word ("nego", "već") stands right before the replacing part


def _negation(tokens: list[str], c: Cues, ends: set[int], skip: frozenset[int] = frozenset()) -> _Negation | None:
    """The first negation of `tokens` that takes something back ("nije X nego Y", "nije X, Y", "ne X nego Y"), none at
    the positions `skip` (an opener's own negation: "nisam dobro razumio, …"). An apology between the clause and its
    contrast word ("nije X, izvinjavam se, nego Y") stands aside (sixteenth round)."""
    for i in range(len(tokens)):
        if i in skip:
            continue
        negation = _match(c.negations, tokens, i)
        bare = negation is None
        negation = negation or _match(c.contrasted, tokens, i)
        if negation is None:
            continue
        taken: list[str] = []
        j = i + len(negation.parts)
        found: _Negation | None = None
        while j < len(tokens):
            contrast = _match(c.contrasts, tokens, j)
            if contrast is not None and not bare and not taken and tokens[j] in c.not_only:
                contrast = None  # "nije (se) samo otimao nego …": "not only", the contrast is the next one
            if contrast is not None:
                after = j + len(contrast.parts)
                found = _Negation(i, tuple(taken), j - 1, after if after < len(tokens) else None, True)
                break
            if content_words(tokens[j]):
                taken.append(tokens[j])
            if j in ends:  # the clause ends: what follows it replaces the negated part ("nije X, nego Y"; "nije X, Y")
                after = j + 1
                aside = _opening(tokens, c.correction_openers, after)  # "…, izvinjavam se, nego Y"
                if aside > after and _match(c.contrasts, tokens, aside) is not None:
                    after = aside
                contrast = _match(c.contrasts, tokens, after)
                after += len(contrast.parts) if contrast is not None else 0
                found = _Negation(i, tuple(taken), j, after if after < len(tokens) else None, contrast is not None)
                break
            j += 1
        if found is None:
            found = _Negation(i, tuple(taken), len(tokens) - 1, None, False)
        if bare and not found.contrast:  # "ne zna", "ne smije": a bare "ne" takes back only before a contrast
            continue
        return found
    return None


def _opening(tokens: list[str], phrases: tuple[_Phrase, ...], i: int = 0) -> int:
    """Where a message's own words start after the openers of `phrases` it begins with at `i` ("izvini,
    pogriješio sam, …", "ok hvala, a …": several in a row)."""
    while (opener := _match(phrases, tokens, i)) is not None:
        i += len(opener.parts)
    return i


def _postposed(
    tokens: list[str], c: Cues, ends: set[int], start: int, opened: bool, previous: str
) -> tuple[tuple[str, ...], str]:
    """A negation after the replacing act ("bio je nož a ne pištolj, i njime je prijetio …"): the content words it
    takes back (to the end of its clause) and the act — the words before it and those after its clause. Read
    after an opener (`opened`), within the first words of a message, or anywhere when it takes back the
    thread's words."""
    for i in range(start, len(tokens)):
        negation = _match(c.postposed, tokens, i)
        if negation is None:
            continue
        j = i + len(negation.parts)
        while j < len(tokens) - 1 and j not in ends:
            j += 1
        taken = tuple(t for t in tokens[i + len(negation.parts) : j + 1] if t and content_words(t))
        if not taken or not content_words(" ".join(tokens[start:i])):  # "a ne znam …": no act before it
            return (), ""
        if not opened and i - start >= c.postposed_within and not _takes_back(taken, previous, c):
            return (), ""
        return taken, " ".join(tokens[start:i] + tokens[j + 1 :])
    return (), ""


def _stem_match(a: str, b: str) -> bool:
    """Two folded words of one stem, inflection aside: "udario"/"udarila", "noz"/"nozem", "torba"/"torbu"."""
    short = min(len(a), len(b))
    if short < 3:
        return False
    common = next((n for n, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), short)
    return common >= max(3, min(5, short - 1))


@lru_cache(maxsize=64)
def _thread_words(previous: str) -> tuple[str, ...]:
    """The thread's content words, folded: what `_said` compares with, read once per thread text."""
    return tuple(fold(w) for w in content_words(previous))


def _said(word: str, previous: str) -> bool:
    """True when `word` is, by stem, one the thread (`previous`) said."""
    folded = fold(word)
    return any(_stem_match(folded, s) for s in _thread_words(previous))


def _copular(tokens: list[str], negation: _Negation, c: Cues) -> bool:
    """True for "it was not X" at the start of a message ("nije to bila krađa, …", "to nije bio nož, …"): the
    negation within its first two words, a copula in or right after it."""
    if negation.at > 1 or (negation.at == 1 and tokens[0] not in c.copulas):
        return False
    near = tokens[negation.at : negation.at + 3]
    return any(t in c.copulas for t in near[1:]) or (negation.at == 1 and tokens[0] in c.copulas)


def _takes_back(taken: tuple[str, ...], previous: str, c: Cues) -> bool:
    """True when the first word a negation takes back (an auxiliary aside) is one the thread said."""
    if taken and fold(taken[0]) in c.modals:  # "nije znao da je lažna": his knowledge, not the fact (sixteenth round)
        return False
    first = next((w for w in taken if fold(w) not in c.not_acts), None)
    return first is not None and _said(first, previous)


def _without(previous: str, negated: tuple[str, ...]) -> str:
    """The inherited words without those the officer took back (compared by their first five letters)."""
    if not negated:
        return previous
    stems = {w[:5] for w in negated}
    return " ".join(w for w in previous.split() if not any(t[:5] in stems for t in words(w)))


def _kept_words(text: str, dropped: set[int]) -> str | None:
    """`text` as written without the words at positions `dropped` (those of `words(text)`); None when nothing is
    dropped, or when the written words do not line up with the folded ones."""
    written = re.findall(r"[^\W_]+", text)
    if not dropped or len(written) != len(words(text)):
        return None
    return " ".join(w for n, w in enumerate(written) if n not in dropped)


def tells_an_act(text: str, c: Cues | None = None, min_words: int | None = None) -> bool:
    """True for a message that narrates an act of its own: enough content words (`min_words`, else threads.toml's
    `min_act_words`), one a past verb (see threads.toml)."""
    c = c or cues()
    if len(content_words(text)) < (c.min_act_words if min_words is None else min_words):
        return False
    return _has_verb(text, c) or _contracted(text, c)


_CONTRACTED = re.compile(r"[bcdfghjklmnprstvz]o$")  # a consonant, then -o: "stigo", "natjero" (folded)


def _contracted(text: str, c: Cues) -> bool:
    """True when a clause of `text` tells a past act in the spoken contracted participle ("vlasnik ga stigo …", "kaže da
    ju je … natjero"; fifteenth round, threads.toml [related] `clitics`): after a clitic — an auxiliary or a pronoun
    object — the first word of its clause ending in a consonant and -o that is not a closed-class word, a common
    noun or an adverb's or a passive's ending, nor a state ("je umro"). Alone such a word is no sure verb ("auto",
    "staklo", "stalno"). Not in a relative clause ("a vođa te grupe što je sve organizovo"): that describes a person the message asks about."""
    if not c.contracted_min:
        return False
    tokens = words(text)
    ends = _clause_ends(text)
    after_clitic = relative = False
    for n, token in enumerate(tokens):
        word = fold(token)
        relative = relative or word in c.relatives  # "… što je sve organizovo": a description of a person
        if (
            after_clitic
            and not relative
            and (
                len(word) >= c.contracted_min
                and _CONTRACTED.search(word)
                and word not in c.not_acts
                and word not in c.not_contracted
                and not word.endswith(c.not_contracted_endings)
                and _match(c.states, [word], 0) is None  # "je umro": a state of the story's person, [circumstance]'s
                and content_words(word)
            )
        ):
            return True
        if word in c.clitics:
            after_clitic = True
        if n in ends:
            after_clitic = relative = False
    return False


def _correction(carried: str, negated: tuple[str, ...], act: str, code: str | None) -> Reading:
    """A correction: `act` replaces the thread's act and is searched as the act; the story's persons, things and
    places (`story`: its words without those taken back and without its verbs) go with it as context — an act
    that names its object by a pronoun ("nije ga ukrao, dala mu ga je na čuvanje") needs them, while the story's
    verbs pulled back toward the act taken back (measured: docs/retrieval.md). A replacing part without a verb of
    its own ("ne, nije nož nego pištolj", "nije muž, nego bivši partner") corrects a person, a thing or a place,
    not the act: the story is searched with them swapped — unless all it takes back is a verb ("nije ga udario,
    samo ga odgurnuo": the act is what changed, whatever form its new verb has). All it takes back a verb and the
    replacing part telling no past act of its own ("ne, nije provalio, imao je ključ od garaže"), it corrects the
    manner only: the story's other verbs ("… i odnio bicikl") are its act still and stay in the story (fourteenth round).
    A replacing part without a past verb but of [correction] `story_words` content words or more ("nije muž. radi se o
    šefu u firmi koji je ponižava …, vrijeđa …") tells a story of its own in the present: no person or thing swapped
    into the old story, and nothing of it kept beside the new one (eighteenth round)."""
    only_verbs = bool(negated) and all(_has_verb(w) for w in negated)
    taking = _plain_taking(negated, act)
    if act and negated and not _has_verb(act) and not only_verbs:  # "nije uzeo novčanik nego mobitel"
        kept = _without(carried, tuple(w for w in negated if not _has_verb(w)))
        if cues().story_words and len(content_words(act)) >= cues().story_words:
            return Reading("correction", kept, jurisdiction=code, negated=negated, act=f"{act} {taking}".strip())
        return Reading("correction", kept, jurisdiction=code, negated=negated, act=f"{kept} {act} {taking}".strip())
    remaining = _without(carried, negated)
    manner = only_verbs and bool(act) and not _has_verb(act)  # "nije provalio, imao je ključ od garaže": how, not what
    # "nisu imali pištolj, …": what it was done with taken back, not what was done — the story's taking stays
    # (unless the replacing act tells a taking of its own: then the story's is no longer needed)
    kept_taking = _means_only(negated) and not any(w.startswith(cues().taking) for w in words(act))
    story = remaining if manner else _setting(remaining, keep=cues().taking if kept_taking else ())
    act = f"{act} {taking}".strip() if act else act
    return Reading("correction", remaining, jurisdiction=code, negated=negated, act=act, story=story)


def _means_only(negated: tuple[str, ...], c: Cues | None = None) -> bool:
    """Whether a correction takes back only what the act was done with — words the vocabulary reads as the means
    ([correction] `means_back`: the robbery composition's weapon, thesaurus.toml "oduzimanje silom" `means`) and no
    verb of an act against a person, a breaking in or a finding ([correction] `taking_back`): "nisu imali pištolj" takes
    back the weapon, not the taking the story told, whose verbs stay its act (issue 29: docs/retrieval.md)."""
    c = c or cues()
    if not c.means_back or not negated or any(fold(w).startswith(c.taking_back) for w in negated):
        return False
    read = {e.adds for e in bcs_vocabulary().expand(" ".join(negated))}
    return bool(read & c.means_back)


def _plain_taking(negated: tuple[str, ...], act: str, c: Cues | None = None) -> str:
    """The codes' words of theft ([correction] `taking_read`) when a correction takes back an act against a person,
    a breaking in or a finding ([correction] `taking_back`) and tells its act by a verb of taking ([correction]
    `taking`) not within two words after a negation: "nije ga udario, uzeo mu je kesu sa tezge" is the taking of a
    thing, not a robbery; "" otherwise — a bare verb of taking after any other word taken back ("nije ukrao, uzeo ga
    da se provoza", "nije lažni, pravi policajac i uzimao pare") reads nothing more (issue 29: docs/retrieval.md)."""
    c = c or cues()
    if not c.taking_read or not act or not any(fold(w).startswith(c.taking_back) for w in negated):
        return ""
    tokens = words(act)
    for n, token in enumerate(tokens):
        if token.startswith(c.taking) and not any(_match(c.negations, tokens, k) for k in range(max(n - 2, 0), n)):
            return c.taking_read
    return ""


def _setting(story: str, keep: tuple[str, ...] = ()) -> str:
    """The persons, things and places of a story: its words without its verbs (the act it told) — but the verbs
    that begin with one of `keep` (a correction that took back only the means keeps the story's taking)."""
    return " ".join(w for w in story.split() if not _has_verb(w) or (keep and fold(w).startswith(keep)))


def _has_verb(text: str, c: Cues | None = None) -> bool:
    """True when `text` has a verb in the past of its own (an l-participle, not an auxiliary: see threads.toml)."""
    c = c or cues()
    return any(w.endswith(c.act_endings) and w not in c.not_acts and len(w) > 3 for w in map(fold, content_words(text)))


def _corrected(tokens: list[str], text: str, previous: str, c: Cues, start: int, naming: set[int]) -> Reading | None:
    """The message as a correction of the thread's act, or None. A correction is (1) a negation with an opener
    before it ("ne, nije X …") or a contrast after it ("nije X nego Y", "ne X već Y"); (2) a negation anywhere
    that takes back what the thread said, an act remaining besides it ("prijetio mu je, nije ga udario"); (3) a
    negation after the act ("bio je nož a ne pištolj"); (4) an opener and an act without a negation
    ("ispravka: uzeo je novčanik", "ne, udario ga je palicom"). `start`: where the message's words begin after
    its acknowledgements; `naming`: the positions naming a jurisdiction, which are no part of the act."""
    ends = _clause_ends(text)
    carried = inherited_text(previous)
    kept = ["" if n in naming else t for n, t in enumerate(tokens)]

    def joined(part: list[str]) -> str:
        return " ".join(t for t in part if t)

    start = _after_lead(tokens, c, ends, start)
    opened = _opening(tokens, c.correction_openers, start)
    negation = _negation(tokens, c, ends, _openers_own(tokens, c, start, opened))
    turned = _opener_end(c.turned, tokens[opened:], 1)
    if turned is not None and negation is not None and negation.at == opened + turned and negation.replacing:
        instead = joined(kept[negation.replacing :])  # "ipak nije X, Y": the story turned out otherwise
        if _takes_back(negation.taken, previous, c) or tells_an_act(instead, c):
            opened += turned  # not "ispostavilo se da nije prvi put, već je osuđivan" (a circumstance)
    bare = _bare_ne(tokens, c, ends, start, previous)
    if bare is None and opened - 1 > start:  # "izvini, ne X, Y": the "ne" after an apology (sixteenth round)
        bare = _bare_ne(tokens, c, ends, opened - 1, previous)
    if bare is not None:  # "ne X, Y": X the thread said, Y the act
        taken_back, instead_at = bare
        return _correction(carried, taken_back, joined(kept[instead_at:]), None)
    if negation is not None and negation.taken:
        if negation.replacing is not None and (opened > start or negation.contrast or _copular(tokens, negation, c)):
            return _correction(carried, negation.taken, joined(kept[negation.replacing :]), None)
        if opened > start:  # "ne, nije ga udario": what is left besides the negated clause and the openers
            act = joined(kept[opened : negation.at] + kept[negation.clause_end + 1 :])
            if not content_words(act):
                act = joined(
                    [t for t in kept[start:] if t not in negation.taken and not _match(c.correction_openers, [t], 0)]
                )
            return _correction(carried, negation.taken, act, None)
        described = negation.at > 0 and tokens[negation.at - 1] in c.relatives  # "roba koju nije prijavio"
        if _takes_back(negation.taken, previous, c) and not described:
            if negation.replacing is not None:
                act = joined(kept[negation.replacing :])
            else:
                act = joined(kept[start : negation.at] + kept[negation.clause_end + 1 :])
            if content_words(act):
                return _correction(carried, negation.taken, act, None)
    taken, act = _postposed(kept, c, ends, opened, opened > start, previous)
    if taken:
        return _correction(carried, taken, " ".join(act.split()), None)
    number = _number_taken_back(text, previous, c)
    if number is not None:  # "ne 90, nego 75 na sat", "0,6 ne 1,4": the story with its number swapped
        first, last = number
        rest = [
            t
            for n, t in enumerate(kept[opened:], opened)
            if not first <= n < last and not _match(c.contrasted, kept, n)
        ]
        return _swapped(carried, tuple(tokens[first:last]), joined(rest))
    if opened > start and negation is None:
        short = _match(c.paused, tokens, start)
        paused = short is None or opened > start + len(short.parts) or (opened - 1) in ends
        told = joined(kept[opened:])
        asks = _opens(c.questions, tokens[opened:]) or _opens(c.hypothetical, tokens[opened:], 2)
        if paused and not asks and tells_an_act(told, c, min_words=2):
            return _correction(carried, (), told, None)
        if paused and not asks and short is None and content_words(told):  # "ispravka: ima 15 godina"
            numbers = tuple(w for w in words(carried) if w.isdigit()) if any(t.isdigit() for t in kept[opened:]) else ()
            return _swapped(carried, numbers, told)
    return None


def _after_lead(tokens: list[str], c: Cues, ends: set[int], start: int) -> int:
    """Where a correction's opener stands after a short clause of its own ("pogledali snimke, drugačije je bilo: …",
    "provjerio sam, u stvari …"): the position right after that clause — it says how the officer came to know, and
    stands aside as an acknowledgement does; else `start`. The clause at most [correction] `lead_words` words, no
    negation in it, and the opener after it none of the short `paused` ones ("ne", "ma ne": ambiguous mid-message)
    (issue 29: docs/retrieval.md)."""
    if not c.lead_words or _match(c.correction_openers, tokens, start) is not None:
        return start
    end = next((e for e in sorted(ends) if e >= start), None)
    if end is None or end - start + 1 > c.lead_words or end + 1 >= len(tokens):
        return start
    if any(_match(c.negations, tokens, n) or _match(c.contrasted, tokens, n) for n in range(start, end + 1)):
        return start
    opener = _match(c.correction_openers, tokens, end + 1)
    if opener is None or _match(c.paused, tokens, end + 1) is not None:
        return start
    return end + 1


def _openers_own(tokens: list[str], c: Cues, start: int, opened: int) -> frozenset[int]:
    """The positions of the negations inside a correction's openers ("nisam dobro razumio, …", "krivo sam rekao"), which
    take nothing of the story back — not a bare "ne" ("ne moped nego bicikl"), whose words are the correction's."""
    own: set[int] = set()
    i = start
    while i < opened and (opener := _match(c.correction_openers, tokens, i)) is not None:
        if len(opener.parts) > 1:
            own.update(n for n in range(i, i + len(opener.parts)) if _match(c.negations, tokens, n) is not None)
        i += len(opener.parts)
    return frozenset(own)


def _bare_ne(tokens: list[str], c: Cues, ends: set[int], at: int, previous: str) -> tuple[tuple[str, ...], int] | None:
    """A bare "ne" first in a message taking back the words of its clause ("ne cigarete, u gepeku su bili …" after a
    story of cigarettes): those words and where the replacing part starts, or None. Only when the first word taken
    back is one the thread said, the clause ends before the message does, and what follows has content words."""
    if at >= len(tokens) or _match(c.contrasted, tokens, at) is None or at in ends:
        return None
    end = next((e for e in sorted(ends) if e > at), None)
    if end is None or end + 1 >= len(tokens):
        return None
    taken = tuple(t for t in tokens[at + 1 : end + 1] if content_words(t))
    if not taken or any(_match(c.contrasts, tokens, i) for i in range(at + 1, end + 2)):
        return None  # "ne X nego Y", "ne X, nego Y": the contrast reading's
    if any(t.isdigit() for t in taken):
        return None  # "ne 90, 75 je vozio": a number the thread said, swapped in the story (_number_taken_back)
    if not _takes_back(taken, previous, c) or not content_words(" ".join(tokens[end + 1 :])):
        return None
    return taken, end + 1


_NUMBER = r"\d+(?:[.,]\d+)?"


def _number_taken_back(text: str, previous: str, c: Cues) -> tuple[int, int] | None:
    """Where a number the thread said stands next to a bare "ne" that takes it back ("ne 90, … 75 na sat",
    "0,6 ne 1,4"): the token positions of that number (a decimal is two tokens) in `words(text)`, or None."""
    folded, said = fold(text), fold(previous)
    negations = "|".join(re.escape(" ".join(p.parts)) for p in c.contrasted)
    for pattern in (rf"\b(?:{negations})\s+({_NUMBER})", rf"({_NUMBER})\s+(?:{negations})\b"):
        for m in re.finditer(pattern, folded):
            if re.search(rf"(?<![\d.,]){re.escape(m.group(1))}(?![\d]|[.,]\d)", said):
                first = len(words(folded[: m.start(1)]))
                return first, first + len(words(m.group(1)))
    return None


def _swapped(carried: str, taken: tuple[str, ...], told: str) -> Reading:
    """A correction of a detail — a number, an age, an amount — not of the act: the story with `taken` dropped and
    the officer's new words added ("klinac od 13 godina ukrao bicikl" + "ispravka: ima 15" → "klinac od godina ukrao
    bicikl ima 15")."""
    kept = _without(carried, taken) if taken else carried
    return Reading("correction", kept, negated=taken, act=f"{kept} {told}".strip())


def _own_case(body: list[str], previous: str, c: Cues) -> bool:
    """A hypothetical that tells a case of its own ("šta ako vozač odbije alkotest?", "a da je općinski službenik
    tražio pare?"), not a circumstance of the thread's ("a ako je pješak umro?"): enough words of its own, nothing
    pointing back, and a subject the thread did not name (threads.toml, [continuation] `own_case_words`)."""
    if followup_words().anaphora & set(body) or len(content_words(" ".join(body))) < c.own_case_words:
        return False
    rest = body[_opener_end(c.hypothetical, body, 2) or 0 :]
    if any(t in c.subjects for t in rest[:2]):  # "a šta ako neko udari policajca?"
        return True
    own = [t for t in rest if content_words(t)]
    if not own or fold(own[0]).endswith(c.act_endings):
        return False  # "a ako udari …", "a ako je imao …": a verb first — the thread's person does it
    acted = any(_has_verb(w, c) for w in own[1:])
    if c.auxiliaries & set(rest) and not acted:
        return False  # "a ako je pješak teško povrijeđen?": a state of the case, not an act of its own
    noun = own[0][-1] not in "aeiou" or acted
    return noun and not _said(own[0], previous)


def _told_again(own: list[str], previous: str, c: Cues) -> bool:
    """True when every past verb of `own` (content words) is one the thread said, by stem: the thread's act told
    again, not an act of its own (tenth round)."""
    verbs = [w for w in own if _has_verb(w, c)]
    return bool(verbs) and all(_said(v, previous) for v in verbs)


def _act_as_subject(body: list[str], c: Cues) -> bool:
    """A message whose subject is the thread's act, a neuter demonstrative opening it with a copula's past form or "se"
    ("sve je to bilo na ulici …", "to se desilo kod škole", "a ovo je bilo …"; threads.toml [continuation] `the_act`):
    it says where, when or before whom the act was, whatever verb follows — the thread's act with a circumstance, as
    the same person doing the same again is (sixteenth round). "a to je napisao načelnik …" (the demonstrative an
    object, someone new its subject) and "za ono što …" read as before."""
    rest = body[_opener_end(c.related_openers, body, 1) or 0 :]
    subject = c.the_act | c.the_act_with
    head: list[str] = []
    for token in rest:
        if token not in subject and token not in c.auxiliaries and token not in c.impersonal:
            break  # "za ono što mi je …": a demonstrative after a preposition is no subject
        head.append(token)
    been = (
        c.copulas - c.the_act
    ) | c.impersonal  # "bilo", "bio" …, "se": the act was, happened — not "to je napisao X"
    return bool(c.the_act & set(head)) and bool(been & set(head))


def _someone_new(body: list[str], c: Cues) -> bool:
    """A story whose subject is an indefinite person ("a neko je obio podrum i odnio bicikle"): after the related
    opener and the auxiliaries, its first content word is one of `subjects`, and nothing in it points back."""
    if followup_words().anaphora & set(body):
        return False
    rest = body[_opener_end(c.related_openers, body, 1) or 0 :]
    own = [t for t in rest if t not in c.auxiliaries and (content_words(t) or t in c.subjects)]
    return bool(own) and own[0] in c.subjects


def _consequence_asked(body: list[str], previous: str, c: Cues) -> bool:
    """A statement about one of the story's persons or things, then what follows for someone ("biciklista ima
    modrice, šta slijedi gazdi konja?" after a horse that hit a cyclist): the thread's act with a circumstance, even
    without a state word of [circumstance] `states` — its first content word is one the thread said, it tells no act
    of its own (a past verb the thread did not say) and asks only what follows (threads.toml, [circumstance]
    `consequence`; eleventh round). "vozač kamiona nema dozvolu, šta slijedi …" (a person the thread did not name)
    reads as before."""
    if not c.consequence or len(content_words(" ".join(body))) > c.circumstance_max_words:
        return False
    asked = _marked(c.consequence, body)
    if not asked:
        return False
    told = body[_opener_end(c.related_openers, body, 1) or 0 : min(asked)]
    own = content_words(" ".join(told))
    if not own or _marked(c.questions, told) or any(_has_verb(w, c) and not _said(w, previous) for w in own):
        return False
    return _said(own[0], previous)


def _same_scene(body: list[str], previous: str, c: Cues) -> bool:
    """A message that opens at the place the thread told, by the same preposition, and points back to it ("u podrumu
    su se okupljali klinci i tu …" after "u podrumu kuće našli …"): the same scene told again with something new,
    which keeps the thread's act (eleventh round; threads.toml [continuation] `here`). Not with an indefinite person
    (someone new), nor without a word pointing back (a place of the same kind in another case)."""
    if len(content_words(" ".join(body))) > c.max_pointer_words:
        return False
    rest = body[_opener_end(c.related_openers, body, 1) or 0 :]
    prep = _match(c.place_prepositions, rest, 0)
    if prep is None or len(rest) <= len(prep.parts) or not content_words(rest[len(prep.parts)]):
        return False
    place, n = fold(rest[len(prep.parts)]), len(prep.parts)
    if c.subjects & set(rest):
        return False  # "u podrumu je neko obio šupe": someone new at a place of the same name
    if not (c.here | c.pointers) & set(rest[n + 1 :]):
        return False  # "na prelazu nudio …" after "… na prelazu": a place of the same kind, not the same scene
    said = words(previous)
    return any(
        prep.at(said, i) and i + n < len(said) and _stem_match(place, fold(said[i + n])) for i in range(len(said))
    )


def _other_party(body: list[str], previous: str, c: Cues) -> bool:
    """The other party of the thread's act acting in it ("a carinik uzeo pare" after "nudio cariniku pare …", "firma mu
    dala …" after "službenik tražio pare od firme …"): the message opens with a noun the thread said only in another
    form inside a clause — its object or a thing of its act, now the subject — and tells an act, pointing back or in
    few words, that names no person or thing the thread did not (twelfth round; threads.toml [other_party]). The two
    sides of one exchange (a bribe offered and taken, a payment asked and made) are one story: the thread's act, with
    what the other side did added. Not the thread's own subject again ("lik je onda …": a related act of its own),
    someone the thread did not name, an indefinite person, a longer story, or the other party's act on someone new
    ("biciklista je oborio pješaka …" after a horse that hit the cyclist)."""
    rest = body[_opener_end(c.related_openers, body, 1) or 0 :]
    own = content_words(" ".join(rest))
    if not rest or not own or rest[0] != own[0] or len(own) > c.max_pointer_words or _someone_new(body, c):
        return False
    first = fold(own[0])
    if first in c.auxiliaries or first in c.not_acts or _has_verb(first, c) or first.isdigit():
        return False
    said = _thread_words(previous)
    if first in said or not _named_inside(first, previous):
        return False  # the thread's subject again, or someone it named only as a subject, or not at all
    leans = bool(followup_words().anaphora & set(rest)) or len(own) <= c.max_own_words
    if not leans or not tells_an_act(" ".join(rest), c):
        return False
    # what it tells (up to a question: "…, šta je sa X") names no person or thing of its own: the exchange's
    # money or an amount, the thread's words, or a word pointed to ("te pare") — not "oborio pješaka na trotoaru"
    asked = _marked(c.questions, rest) | _marked(c.asks_about, rest) | _marked(c.consequence, rest)
    told = rest[1 : min(asked, default=len(rest))]
    amounts = _marked(c.amounts, told) | bcs_vocabulary().money.marks(told)  # "pare", "500 KM": the vocabulary's money
    return all(
        n in amounts
        or t.isdigit()
        or _has_verb(t, c)
        or _said(t, previous)
        or (n > 0 and told[n - 1] in c.pointers)
        or not content_words(t)
        for n, t in enumerate(told)
    )


def _named_inside(word: str, previous: str) -> bool:
    """True when the thread said `word` (by stem) inside a clause, after its first content word — as the object or a
    thing of its act ("nudio cariniku …", "tražio pare od firme"), not as the subject a clause opens with ("komšije
    zvale")."""
    folded = fold(previous)
    tokens = [folded[s:e] for s, e in _word_spans(folded)]
    ends = _clause_ends(previous)
    opened = False  # a content word of this clause came before
    for n, token in enumerate(tokens):
        if content_words(token):
            if opened and _stem_match(word, token):
                return True
            opened = True
        if n in ends:
            opened = False
    return False


def _marked(phrases: tuple[_Phrase, ...], tokens: list[str]) -> set[int]:
    """The positions of `tokens` that one of `phrases` covers."""
    marked: set[int] = set()
    for i in range(len(tokens)):
        found = _match(phrases, tokens, i)
        if found is not None:
            marked.update(range(i, i + len(found.parts)))
    return marked


def _circumstance(body: list[str], previous: str, c: Cues) -> bool:
    """A consequence or a state of the story's persons or things told in the thread ("the victim died, what does
    he get"; "he admitted it"; "the damage is about N"), naming no act the thread has not: a circumstance of the
    thread's act (threads.toml, [circumstance]). Not with a question of its own, nor an indefinite new person."""
    size = len(content_words(" ".join(body)))
    if not c.states or size > c.circumstance_max_words or _someone_new(body, c):
        return False
    if _total(body, size, c):
        return True
    fragment = _marked(c.amounts, body) | _marked(c.ages, body) if size <= c.max_fragment_words else set()
    states = _marked(c.states, body) | fragment
    if not states:
        return False
    marked = states | _marked(c.consequence, body)
    reported = next((i for i, t in enumerate(body) if t in c.reports), len(body))  # "priznao da je …": told again
    # a past verb right before a state is the state's ("završio u bolnici", "ostao mrtav") in a short statement (at
    # most [statement] `max_words`); a longer message with such a verb tells a story of its own
    if size <= c.statement_max_words:
        marked |= {i - 1 for i in states if i > 0 and i - 1 not in marked and _has_verb(body[i - 1], c)}
    rest = [t for i, t in enumerate(body) if i not in marked and i < reported]
    if _marked(c.questions, rest):  # a question of its own
        return False
    return not any(_has_verb(w, c) and not _said(w, previous) for w in content_words(" ".join(rest)))


def _clauses(size: int, ends: set[int]) -> list[range]:
    """The token positions of each clause of a message of `size` tokens whose clauses end at `ends`."""
    spans: list[range] = []
    start = 0
    for end in sorted(ends):
        if start <= end < size:
            spans.append(range(start, end + 1))
            start = end + 1
    if start < size:
        spans.append(range(start, size))
    return spans


def _question_clauses(tokens: list[str], ends: set[int], skip: set[int], c: Cues) -> list[list[str]]:
    """The clauses of `tokens` that ask (a question word first, after a related opener, or a verb before "li": "utiče
    li", "mijenja li to nešto"), each without its positions in `skip` (a jurisdiction's name, the acknowledgements)."""
    asked: list[list[str]] = []
    for clause in _clauses(len(tokens), ends):
        part = [tokens[n] for n in clause if n not in skip]
        head = part[_opener_end(c.related_openers, part, 1) or 0 :]
        if _opens(c.questions, head) or (len(head) > 1 and head[1] == "li"):
            asked.append(head)
    return asked


def _asks_if_it_matters(tokens: list[str], ends: set[int], skip: set[int], c: Cues) -> bool:
    """A clause that asks whether what the message tells matters to the case ("…, mijenja li to nešto", "…, utiče li",
    "jel to teže"; threads.toml [continuation] `matters`): a question with a word of changing or weighing and at most
    `matters_clause_words` content words — the rest of the message is a circumstance of the thread's act, however
    long (eighteenth round)."""
    return bool(c.matters) and any(
        _marked(c.matters, head) and len(content_words(" ".join(head))) <= c.matters_clause_words
        for head in _question_clauses(tokens, ends, skip, c)
    )


def _asks_then_tells(tokens: list[str], ends: set[int], skip: set[int], c: Cues) -> bool:
    """A question asked first, what it asks about told after it in a clause of its own ("jel bitno što je bivši muž a
    ne neki stranac", "da li je teže ako je bio maloljetan", "koliko može dobiti za to što je slagao …"): a clause that
    asks (as `_asks_if_it_matters` reads one) whose first word of [continuation] `told_after` ("što", "da", "ako"),
    not its first word, closes a head of at most [continuation] `max_question_words` content words that asks whether
    something matters (`matters`) or asks of the thread's act by a preposition and a demonstrative (`for_the_act`),
    and opens a clause that tells something — a circumstance of the thread's act, or the act told again: a
    continuation that adds it (twenty-fourth round). "jel to krivično djelo što je uradio" (no such head) and "šta je
    to što …" read as before."""
    if not c.told_after:
        return False
    for head in _question_clauses(tokens, ends, skip, c):
        at = next((n for n, t in enumerate(head) if n > 0 and t in c.told_after), None)
        if at is None or not content_words(" ".join(head[at + 1 :])):
            continue
        asked = head[:at]
        if len(content_words(" ".join(asked))) > c.max_question_words:
            continue
        closes = any(
            (phrase := _match(c.for_the_act, asked, n)) is not None and n + len(phrase.parts) == len(asked)
            for n in range(len(asked))
        )
        if _marked(c.matters, asked) or closes:
            return True
    return False


def _asks_at_end(tokens: list[str], ends: set[int], naming: set[int], c: Cues) -> bool:
    """The message's last clause a short question for the jurisdiction it names ("a taj otpad mu je u Bijeljini, kako
    bi ga RS teretila"): the name in that clause, a question word first, at most [continuation] `matters_clause_words`
    content words besides the name — asked after what the message tells (eighteenth round). "…, šta je to" after a
    story told in a town asks about the story, not a law."""
    clauses = _clauses(len(tokens), ends)
    if len(clauses) < 2 or not naming & set(clauses[-1]):
        return False
    last = [t for n, t in enumerate(tokens) if n in clauses[-1] and n not in naming]
    asked = _question_clauses(last, set(), set(), c)
    return bool(asked) and len(content_words(" ".join(asked[0]))) <= c.matters_clause_words


def _for_the_act(tokens: list[str], ends: set[int], c: Cues) -> bool:
    """A message that tells what was done for the thread's act ("kum mu je vratio 30 hiljada na ruke za to"): an act,
    a clause closing on a preposition and a neuter demonstrative (threads.toml [continuation] `for_the_act`), and no
    question of its own ("šta mu ide za to" is how a fresh question asks) — eighteenth round."""
    if not c.for_the_act or _marked(c.questions, tokens) or not tells_an_act(" ".join(tokens), c):
        return False
    for i in range(len(tokens)):
        phrase = _match(c.for_the_act, tokens, i)
        if phrase is not None and (i + len(phrase.parts) == len(tokens) or i + len(phrase.parts) - 1 in ends):
            return True
    return False


_PLURAL_PAST = ("li", "le")  # the plural l-participle's endings ("našli", "uzeli", "pronašle")


def _also(body: list[str], previous: str, c: Cues) -> bool:
    """An act told with "i" ("also") right after its past verb and auxiliary, no subject of its own, tied to the
    thread's people by the thread's own verb or a personal pronoun ("uzeo je i nož iz kuhinje i mahao njime prema
    njoj", "prijetio je i njenoj mami"): what the thread's person did besides, a circumstance of the thread's act (up
    to [continuation] `max_pointer_words` content words; threads.toml [continuation] `persons`; eighteenth round)."""
    rest = body[_opener_end(c.related_openers, body, 1) or 0 :]
    if len(rest) < 3 or len(content_words(" ".join(rest))) > c.max_pointer_words or _someone_new(body, c):
        return False
    verb, auxiliary, also = rest[:3]
    # "našli smo i …": what the officers found besides, in the case — a plural past verb before the auxiliary of the
    # first person plural ("našli" ends as no singular act ending does; twenty-fourth round)
    ours = auxiliary in c.ours and verb.endswith(_PLURAL_PAST) and verb not in c.not_acts
    if not ((_has_verb(verb, c) or ours) and (auxiliary in c.auxiliaries or ours) and also in c.additive):
        return False
    return ours or _said(verb, previous) or bool(_marked(c.persons, rest[3:]))


def _already(body: list[str], c: Cues) -> bool:
    """More of the thread's story told on its own time line: the message opens (after a related opener) with a word
    of [continuation] `already` ("već", "opet", "ponovo"), then only clitics (an auxiliary, a pronoun) before a past
    verb — no subject of its own ("već je dobio 300 KM od njega", "opet ga je udario pred kućom"). "Already" and
    "again" say the act is told against a story that has gone before: the thread's act, with what it adds (at most
    [continuation] `max_pointer_words` content words after the word; twenty-sixth round). Not a question, not an
    indefinite new person ("već je neko …"); "već tri dana …" (no verb after the clitics) reads as before."""
    if not c.already:
        return False
    rest = body[_opener_end(c.related_openers, body, 1) or 0 :]
    word = _match(c.already, rest, 0)
    if word is None or _someone_new(body, c) or _opens(c.questions, rest, 2):
        return False
    after = rest[len(word.parts) :]
    own = content_words(" ".join(after))
    if not own or len(own) > c.max_pointer_words:
        return False
    i = 0
    while i < len(after) and after[i] in c.clitics:
        i += 1
    if i >= len(after):
        return False
    return _has_verb(after[i], c) or _participle(after[i], after[i - 1] if i else "", c)


def tells_the_case(text: str, c: Cues | None = None) -> bool:
    """A message that tells more of the case's facts as a statement: it asks nothing — no "?", no clause that opens
    with a question word or a verb before "li", no hypothetical opener — and tells an act in the past (an l-participle,
    in any of its forms) before any relative word, so the act is its own, not the thread's pointed back at ("a ima
    tek 15 godina mali što je to uradio", "a čovjek što mu je dao pare" ask about the case; twenty-seventh round).
    Facts are the case's wherever its law was asked about: `conversation.understand` searches such a message in the
    case's own jurisdiction, as a correction is."""
    c = c or cues()
    tokens = words(text)
    if not tokens or "?" in text or _question_clauses(tokens, _clause_ends(text), set(), c):
        return False
    start = _opener_end(c.related_openers, tokens, 1) or 0
    if _opens(c.hypothetical, tokens[start:], 2):
        return False
    for n, token in enumerate(tokens):
        if token in c.relatives:
            return False
        if _has_verb(token, c) or _participle(token, tokens[n - 1] if n else "", c):
            return tells_an_act(text, c)
    return False


def _one_of_them(body: list[str], previous: str, c: Cues) -> bool:
    """One of the thread's people as the subject of an act of its own ("zadnji put jedan je izvadio pištolj …" after
    "dvojica dolaze …", "kad smo došli jedan od njih je udario kolegu …"; threads.toml [related] `one_of`): a word
    of `one_of` before the message's first verb, right before an auxiliary, "se" or a past verb (not "jedan lik …", a
    person new to the story), and a group to be one of — the thread counted one (`groups`: "dvojica", "troje") or
    the message names it ("od njih"). The same story's people, a new act: a related act (nineteenth round)."""
    if not c.one_of or _opens(c.related_openers, body) or _someone_new(body, c):
        return False  # "a onda je jedan izvadio nož …": a related opener's act keeps its reading
    doing = _officers_doing(body, c)
    rest = [t for n, t in enumerate(body) if n not in doing]
    if not tells_an_act(" ".join(rest), c):
        return False
    for i in range(len(rest)):
        one = _match(c.one_of, rest, i)
        if one is None:
            if _has_verb(rest[i], c) or len(content_words(" ".join(rest[: i + 1]))) > 2:
                return False  # a verb or a subject of its own before it
            continue
        after = i + len(one.parts)
        if after >= len(rest):
            return False
        nxt = rest[after]
        if not (nxt in c.auxiliaries or nxt in c.impersonal or _has_verb(nxt, c) or _participle(nxt, "", c)):
            return False  # "jedan lik je …": someone new
        return bool(_marked(c.persons, list(one.parts))) or bool(_marked(c.groups, words(previous)))
    return False


def _reported(body: list[str], previous: str, c: Cues) -> bool:
    """What the thread's person says of the act, told by a verb of saying with no subject and a past verb right
    after it ("kaže kupio je preko fejsa …, nije znao da je lažna"; threads.toml [continuation] `reported`), tied to
    the thread by a word it said or a personal pronoun: the person's own account, a circumstance of the thread's act
    (nineteenth round). "kaže mi komšija da …" (someone telling the officer) reads as before."""
    rest = body[_opener_end(c.related_openers, body, 1) or 0 :]
    says = _match(c.reported, rest, 0)
    if says is None or len(rest) <= len(says.parts) + 1:
        return False
    verb = rest[len(says.parts)]
    if not (_has_verb(verb, c) or _participle(verb, "", c)) or _someone_new(body, c):
        return False
    told = rest[len(says.parts) :]
    own = content_words(" ".join(told))
    return any(_said(w, previous) for w in own if not _has_verb(w, c)) or bool(_marked(c.persons, told))


def _total(body: list[str], size: int, c: Cues) -> bool:
    """The story summed up: a word of totalling and an amount or a number, in at most [circumstance] `max_total_words`
    content words, with no question of its own ("ukupno skinuo 12 hiljada km"; fifteenth round) — the amount of the
    thread's act, whatever verb it is told with."""
    if not c.totals or size > c.max_total_words or not _marked(c.totals, body):
        return False
    if not (_marked(c.amounts, body) or any(any(ch.isdigit() for ch in t) for t in body)):
        return False
    return not _opens(c.questions, body, 2)


_CLUSTER_PARTICIPLE = re.compile(r"[bcdgkprstzž]l[aeio]$")  # "našli", "rekla", "došlo": a consonant before the l


def _participle(token: str, before: str, c: Cues) -> bool:
    """A past verb in a form `act_endings` leaves out: a consonant before the l ("našli", "rekla") or, right after an
    auxiliary, a dialect form in "-o" for "-ao" ("je izbo", "je otrgo")."""
    word = fold(token)
    if len(word) <= 3 or word in c.not_acts:
        return False
    return bool(_CLUSTER_PARTICIPLE.search(word)) or (word.endswith("o") and before in c.auxiliaries)


def _officers_doing(tokens: list[str], c: Cues) -> set[int]:
    """The positions of the officers' own time clauses in `tokens` ("kad smo ušli", "dok smo ih razdvajali";
    threads.toml [officers] `during`): the phrase, then up to its verb (a past verb within `officer_clause_words`
    words). What the officers did tells when the story was seen, no act of the story (sixteenth round)."""
    found: set[int] = set()
    for i in range(len(tokens)):
        during = _match(c.officer_during, tokens, i)
        if during is None:
            continue
        start = i + len(during.parts)
        for j in range(start, min(len(tokens), start + c.officer_clause_words)):
            if _has_verb(tokens[j], c) or _participle(tokens[j], tokens[j - 1], c):
                found.update(range(i, j + 1))
                break
    return found


def _statement(body: list[str], previous: str, c: Cues) -> bool:
    """A short statement that tells no act and has no subject of its own, leaning on the story ("imao je i X", "među
    njima Y", "radi se o Z", "a već je osuđivan"): a state or a detail of the story's persons or things, which the
    thread's act keeps (threads.toml, [statement]). Not one that opens with a question word, names a noun the thread
    did not name first (a noun ends in a consonant, as for a hypothetical's subject) or an indefinite person. The
    officers' own time clause ("… kad smo ušli") is no part of it (`_officers_doing`)."""
    rest = body[_opener_end(c.related_openers, body, 1) or 0 :]
    doing = _officers_doing(rest, c)
    rest = [t for n, t in enumerate(rest) if n not in doing]
    own = content_words(" ".join(rest))
    if not c.statement_max_words or not own or len(own) > c.statement_max_words:
        return False
    if _opens(c.questions, rest, 2) or tells_an_act(" ".join(rest), c) or _someone_new(body, c):
        return False
    if any(_participle(t, rest[n - 1] if n else "", c) for n, t in enumerate(rest)):
        return False  # "našli i 2 kg …", "mi je izbo gume": an act in a form [related] `act_endings` does not list
    first = fold(own[0])
    if first[-1].isalpha() and first[-1] not in "aeiou" and not _said(first, previous):
        return False  # "vozač nema vozačku": a subject of its own
    return _leans(rest, c)


def _leans(rest: list[str], c: Cues) -> bool:
    """A statement tied to the story by its form: it points back ("među njima"), adds with "i"/"još" after its verb
    or an auxiliary ("imao je i nož", "piše i ženi"), or has no subject — an auxiliary before any content word, a
    participle first, or "se" second ("a već je osuđivan", "radi se o …"). A word the thread said is no tie: a new
    case names the same things ("auto nema registraciju" after a crash of two cars)."""
    if followup_words().anaphora & set(rest):
        return True
    if any(t in c.additive and (n == 1 or rest[n - 1] in c.auxiliaries) for n, t in enumerate(rest)):
        return True
    head = next((t for t in rest if t in c.auxiliaries or content_words(t)), "")
    first = fold(head)
    return (
        head in c.auxiliaries
        or (first.endswith(c.act_endings) and len(first) > 3)
        or (len(rest) > 1 and rest[1] in c.impersonal)
    )


def _against_officers(body: list[str], c: Cues) -> bool:
    """An act done to the officers while on duty (twelfth round; threads.toml [officers]): a time clause of their own
    doing ("kad smo došli …", "dok smo ga vezali …"), the officers as the act's object ("nama", "kolegu") and an act
    told — the law's words for that person (`person`) are then searched with the message's own."""
    if not c.officer_person or not c.officer_targets & set(body):
        return False
    if not _marked(c.officer_during, body) and not _officers_kept(body, c):
        return False
    return tells_an_act(" ".join(body), c)


def _officers_kept(body: list[str], c: Cues) -> bool:
    """A clause of an avoided act whose verb is the officers' own, in the first person plural ("… da ga ne strpamo u
    auto", "da mu ne stavimo lisice"; threads.toml [officers] `kept_from`): what they were doing on duty, which the
    person's act was to keep them from — as a time clause of their doing tells it (seventeenth round)."""
    for clause in avoided(" ".join(body)):
        found = clause.split()
        verb = found[found.index("ne") + 1] if "ne" in found[:-1] else ""
        if verb.endswith(c.officer_kept) and c.officer_kept:
            return True
    return False


def _caught_in_act(body: list[str], c: Cues) -> bool:
    """Someone came upon the thread's person in the act (thirteenth round; threads.toml [caught]): the message opens
    with a time clause whose object points back to that person, an auxiliary and a subject of its own before the
    clause's verb ("kad ga je prodavačica zaustavila …", "a kad ju je vlasnica primijetila …"), and then tells an act
    of that person's — an act done when found in the thread's act."""
    if not c.caught_law:
        return False
    rest = body[_opener_end(c.related_openers, body, 1) or 0 :]
    during = _match(c.caught_during, rest, 0)
    if during is None:
        return False
    n = len(during.parts)
    if n + 2 >= len(rest) or rest[n] not in c.caught_objects or rest[n + 1] not in c.auxiliaries:
        return False
    subject = fold(rest[n + 2])
    if not content_words(subject) or _has_verb(subject, c) or subject in c.auxiliaries or subject in c.subjects:
        return False  # "kad ga je udario, …": no subject of its own — the clause is the person's own act
    verb = next((i for i in range(n + 3, len(rest)) if _has_verb(rest[i], c) or _participle(rest[i], "", c)), None)
    return verb is not None and tells_an_act(" ".join(rest[verb + 1 :]), c, min_words=1)


def _officers_still(reading: Reading, previous: str, c: Cues) -> Reading:
    """A correction of an act done to the officers on duty (the thread's story read so: `_against_officers`, or its
    act already searched with the law's words for that person) that takes back what was done and not to whom, its
    replacing act done to someone again — the officers named (`targets`: "kolegu", "nas") or the story's person
    pointed back to by an object pronoun ([caught] `objects`: "samo ga odgurnuo") — is still an act against an
    official on duty: that object is read as the lay word the vocabulary names the police by ([officers] `object`),
    right after the verb that governs it, where the vocabulary's phrases of an attack on an official or of resisting
    one read it ("nije ga udario, samo ga odgurnuo …" → "odgurnuo policajca …"; issue 29: docs/retrieval.md)."""
    if reading.kind != "correction" or not c.officer_object or not content_words(reading.act):
        return reading
    if any(fold(w) in c.officer_targets for w in reading.negated):
        return reading  # the officers themselves taken back
    if fold(c.officer_person) not in fold(previous) and not _against_officers(words(previous), c):
        return reading
    told = reading.act.split()
    at = next((n for n, t in enumerate(told) if fold(t) in c.officer_targets | c.caught_objects), None)
    if at is None:
        return reading  # "…, samo je pobjegao": nothing done to anyone
    verb = next((n for n in range(at + 1, len(told)) if content_words(told[n])), None)
    if verb is None:
        return reading
    act = [*told[:at], *told[at + 1 : verb + 1], c.officer_object, *told[verb + 1 :]]
    return replace(reading, act=" ".join(act))


def _own_act(reading: Reading, text: str, body: list[str], c: Cues) -> Reading:
    """`reading` (an act searched by its own words: a related act or a question of its own) with the person the
    officers' words for themselves stand for, when the act is done to them on duty (`_against_officers`), or with
    the law's word for one found in the act, when someone came upon the thread's person in it (`_caught_in_act`)."""
    if _against_officers(body, c):
        return replace(reading, matter=f"{reading.own_words(text)} {c.officer_person}")
    if _caught_in_act(body, c):
        return replace(reading, matter=f"{reading.own_words(text)} {c.caught_law}")
    return reading


def read_message(text: str, previous: str | None, interrupted: str = "") -> Reading:
    """How `text` reads after a thread whose act was last searched as `previous` (None: no thread). `interrupted`:
    the act of the story a question of its own broke into in this conversation ("" for none) — a correction that
    takes back no word `previous` said but words of that story returns to it (thirteenth round), and so does a
    continuation that names that story's words and none of `previous` (fourteenth round: `_returns`)."""
    reading = _read(text, previous)
    if interrupted.strip() and previous and _back_to_interrupted(reading, text, previous, interrupted, cues()):
        return _read(text, interrupted)
    return reading


def _back_to_interrupted(reading: Reading, text: str, previous: str, interrupted: str, c: Cues) -> bool:
    """Whether `text`, read against `previous` (a question of its own), belongs to the story that question broke
    into: a correction taking back none of `previous`'s words but words of that story ("izvini, vrata nisu bila
    obijena, …" after a break-in), or a continuation that names that story (`_returns`)."""
    if reading.kind == "correction":
        taken = tuple(w for w in reading.negated if fold(w) not in c.not_acts)
        return bool(taken) and (
            not any(_said(w, previous) or _number_said(w, previous) for w in taken)
            and (_takes_back(reading.negated, interrupted, c) or _any_taken_back(reading.negated, interrupted, c))
        )
    return reading.kind == "continuation" and _returns(reading, text, previous, interrupted, c)


def _number_said(word: str, previous: str) -> bool:
    """True when `word` is a number `previous` wrote as such ("95" in "… mjerio 95."): a number has no stem."""
    return word.isdigit() and word in words(previous)


def _any_taken_back(taken: tuple[str, ...], story: str, c: Cues) -> bool:
    """True when any word a negation takes back (not only its first) is one `story` said, by stem or as the same
    number: "nije bio pravi pištolj" takes back the story's pistol, its first word only qualifies it; "72 a ne 95"
    takes back the story's 95 (issue 29, corrections after a question of its own). Not after a negated verb of
    knowing or will, which takes nothing back (`_takes_back`)."""
    if taken and fold(taken[0]) in c.modals:
        return False
    return any(_said(w, story) or _number_said(w, story) for w in taken if fold(w) not in c.not_acts)


def _returns(reading: Reading, text: str, previous: str, interrupted: str, c: Cues) -> bool:
    """A continuation that names, by stem, at least [continuation] `returning_words` words of the story a question of
    its own broke into and none of that question's ("a kako je u RS za to krivotvorenje računa" after forged receipts,
    then a payout to his own account): it goes back to that story (fourteenth round)."""
    own = content_words(reading.own_words(text))
    if not c.returning_words or any(_said(w, previous) for w in own):
        return False
    return len({fold(w) for w in own if _said(w, interrupted)}) >= c.returning_words


def _read(text: str, previous: str | None) -> Reading:
    """`read_message` against one act."""
    c = cues()
    tokens = words(text)
    if previous is None or not previous.strip():
        code, _ = named_jurisdiction(text, leaning=False, c=c)
        first = Reading("new", jurisdiction=code)
        if _against_officers(tokens, c):  # a first story of an act done to the officers on duty (seventeenth round)
            return replace(first, matter=f"{text} {c.officer_person}")
        return first
    opener = _opener_end(c.new_topic, tokens, c.new_topic_within)
    ends = _clause_ends(text)
    if opener is None and len(tokens) > 1 and tokens[0] in c.clause_openers and 0 in ends:
        opener = 1  # "drugo, …", "nevezano: …": a word of its own clause first says the subject changes
    if opener is not None and _asks_if_it_matters(tokens, ends, set(range(opener)), c):
        opener = None  # "i još nešto, ta konobarica mu je bivša cura …, utiče li": more of the case, no new topic
    if opener is not None:  # "druga stvar, …": the opener is no matter of the new question
        code, _ = named_jurisdiction(text, leaning=False, c=c, in_thread=True)
        return Reading("new-topic", jurisdiction=code, matter=_kept_words(text, set(range(opener))))
    start = _opening(tokens, c.acknowledgements)  # "dobro, a ako …": read from "a ako"
    # Is the message about another jurisdiction? Decided apart from what act it is about: any form of a name,
    # anywhere in it, and those words are not searched.
    reference = names_an_article(text)  # "šta propisuje član 124 KZ RS?" names a law, served by reference
    code, naming = named_jurisdiction(text, leaning=False, c=c, in_thread=True, anywhere=not reference)
    carried = inherited_text(previous)
    corrected = _corrected(tokens, text, previous, c, start, naming)
    if corrected is not None:
        return replace(_officers_still(corrected, previous, c), jurisdiction=code)
    # "a da nije bio pijan?" after "pijan vozio": what it takes back of the thread is not carried on either
    negation = _negation(tokens, c, ends)
    described = negation is not None and negation.at > 0 and tokens[negation.at - 1] in c.relatives
    negated = (
        negation.taken if negation is not None and not described and _takes_back(negation.taken, previous, c) else ()
    )
    carried = _without(carried, negated)
    dropped = naming | set(range(start))
    body = [t for n, t in enumerate(tokens) if n not in dropped]
    own_text = " ".join(body)
    own = content_words(own_text)
    hypothetical = _opens(c.hypothetical, body, 2)
    acts = tells_an_act(own_text, c)
    if hypothetical and _own_case(body, previous, c):  # "šta ako vozač odbije alkotest?": its own words lead
        shared = any(_said(w, previous) for w in own)
        if code is not None or shared:
            related = Reading("related", carried, jurisdiction=code, negated=negated, matter=_kept_words(text, dropped))
            return _own_act(related, text, body, c)
        strict, _ = named_jurisdiction(text, leaning=False, c=c, in_thread=True)
        return _own_act(Reading("new", jurisdiction=strict), text, body, c)
    points = bool((c.pointers | c.then) & set(body)) and len(own) <= c.max_pointer_words
    same = (bool(c.sameness & set(body)) or _act_as_subject(body, c)) and len(own) <= c.max_pointer_words
    leaning = (
        len(own) <= 1
        or (hypothetical and len(own) <= c.max_hypothetical_words)
        or (is_follow_up(own_text) and not acts and len(own) <= c.max_own_words)
        or (_opens(c.questions, body) and len(own) <= c.max_question_words and not acts)
    )
    # longer than a short follow-up, but pointing back: "tamo ide samo ako oštećeni podnese prijedlog", "isti lik je
    # uzeo pare od desetak ljudi" — a circumstance of the case (what a short follow-up was read as stays so)
    pointing = not leaning and ((points and not acts) or same)
    leaning = leaning or pointing
    hypothetical = hypothetical or (pointing and not _opens(c.questions, body, 2))
    if code is None and leaning:
        code, naming = named_jurisdiction(text, leaning=True, c=c, in_thread=True)
        dropped = naming | set(range(start))
    matter = _kept_words(text, dropped)
    # Another jurisdiction named, no act of its own, and a sign it is about the case on the table (a pronoun
    # pointing back, or few words): that law for the thread's act, however the rest is phrased.
    about_the_case = bool(followup_words().anaphora & set(body)) or len(own) <= c.max_hypothetical_words
    # "kako bi to kvalifikovali u RS", "a taj otpad mu je u Bijeljini, kako bi ga RS teretila": a question, whatever
    # verb it has
    asks = _opens(c.questions, body, 2) or _asks_at_end(tokens, ends, naming, c)
    # an act the thread already told, named again with the jurisdiction ("a po KZ RS za to što ga je ostavio?" after
    # "… ostavio ga na cesti"), is no act of its own: that law for the thread's act
    told = acts and _told_again(own, previous, c)
    if leaning or (code is not None and about_the_case and (not acts or asks or told)):
        return Reading("continuation", carried, True, code is None, code, negated, adds=hypothetical, matter=matter)
    about = _opener_end(c.asks_about, body, c.new_topic_within)
    if about is not None and acts:  # "a šta je sa X koji je …": another case
        strict, _ = named_jurisdiction(text, leaning=False, c=c, in_thread=True)
        return Reading("new-topic", jurisdiction=strict, matter=_kept_words(text, set(range(start + about))))
    named, _ = named_jurisdiction(text, leaning=False, c=c, in_thread=True, anywhere=not reference, towns=False)
    if _someone_new(body, c) and named is None:  # "a neko je obio podrum …": a case of its own
        strict, _ = named_jurisdiction(text, leaning=False, c=c, in_thread=True)
        return _own_act(Reading("new", jurisdiction=strict), text, body, c)
    if (
        _circumstance(body, previous, c)
        or _statement(body, previous, c)
        or _consequence_asked(body, previous, c)
        or _same_scene(body, previous, c)
        or _other_party(body, previous, c)
        or _asks_if_it_matters(tokens, ends, dropped, c)
        or _asks_then_tells(tokens, ends, dropped, c)
        or _for_the_act(tokens, ends, c)
        or _also(body, previous, c)
        or _already(body, c)
        or _reported(body, previous, c)
        or _one_of_them(body, previous, c)
    ):  # "oštećeni preminuo u bolnici, šta mu ide", "imao je i nož", "X ima modrice, šta slijedi gazdi", "u podrumu
        # … i tu …", "a carinik uzeo pare" (the other party): the act, with a circumstance
        return Reading("continuation", carried, True, code is None, code, negated, adds=True, matter=matter)
    if _opens(c.related_openers, body) or named is not None:  # the same story, or another jurisdiction's part of it
        # "a onaj što je to unio preko granice": pointing back, it leans on the story's people and things
        story = _setting(carried) if c.pointers & set(body) else ""
        related = Reading("related", carried, jurisdiction=code, negated=negated, matter=matter, story=story)
        return _own_act(related, text, body, c)
    strict, _ = named_jurisdiction(text, leaning=False, c=c, in_thread=True)
    return _own_act(Reading("new", jurisdiction=strict), text, body, c)
