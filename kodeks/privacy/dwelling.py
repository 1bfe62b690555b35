"""Words that say where someone lives, one spelling for every rule that reads them (folded text, as regex pieces).

An address is found by its cue ("stanuje u", "živi na", "nastanjen u", "adresa prebivališta"), and an institution's
or a village's address is a home only when such a word stands in the clause. These rules grew round by round and
each wrote the words again; here they are written once, and each rule composes the pieces it reads (a rule that
reads more or fewer forms says so where it composes them).
"""

from __future__ import annotations

# Every form of "živjeti" that tells where someone lives: živi, žive, živim, živio, živjela, živjeli, živjele …
LIVES = r"ziv(?:i|e|im|imo|ite|is|io|jela|jeli|jele|ela|eli|ele)"
# The other verbs and participles of dwelling, any ending: stanuje/stanujem, nastanjen(a), prijavljen(a), boravi.
STAYS = r"stanuj\w*"
SETTLED = r"nastanjen\w*"
SETTLED_FORMS = r"nastanjen[aio]?"  # the participle alone, before "u"/"na": "nastanjena u …"
REGISTERED = r"prijavljen\w*"
REGISTERED_FORMS = r"prijavljen[aio]?"  # the participle alone, before "(je) u/na": "prijavljena je na …"
RESIDES = r"borav\w*"
PERMANENT = r"prebival\w*"  # prebivalište, prebivališta
# The noun for a home in its case forms (a word, not a regex piece): "dom Marka Lipića" is someone's, "Dom zdravlja"
# an institution's.
HOME = frozenset(["dom", "doma", "domu", "domom"])
