"""What the project knows about Bosnian / Croatian / Serbian text, for the laws and the questions alike.

`normalize` (Cyrillic → Latin, diacritics folding: "vozac" = "vozač" = "возач"), `tokens` (stems,
5-grams and stem pairs for BM25), `numbers` (article numbers: "12a.", "§ 823", Roman), `number_words`
(numbers written in words: "tristo sedamdeset tri", "trećem"), `vocabulary`
(BCS variants on both sides, verb → offence derivation, lay → legal thesaurus; data in retrieval/language/data/*.toml).

May import: nothing of the project but retrieval.types. Pure functions and data: no index, no I/O
beyond reading data/*.toml.
"""
