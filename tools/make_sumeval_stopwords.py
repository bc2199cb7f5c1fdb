"""Write kurouge/implementations/sumeval_stopwords.py: the Japanese and Chinese stop words sumeval removes.

sumeval 0.2.2 (Apache License 2.0, chakki-works/sumeval) reads ``data/<lang>/stop_words.txt`` one
word a line, each line stripped, empty lines dropped, and removes a token that is one of them
(its default ``stopwords=True``). Its English list is ROUGE-1.5.5's (kurouge.rouge155.stopwords;
tests/test_implementations.py checks that), so only ja and zh are written here.

Run: ``python tools/make_sumeval_stopwords.py`` with sumeval 0.2.2 installed (requirements-dev).
"""

import textwrap
from pathlib import Path

import sumeval

SOURCE = Path(sumeval.__file__).parent / "metrics" / "lang" / "data"
OUTPUT = Path(__file__).resolve().parent.parent / "kurouge" / "implementations" / "sumeval_stopwords.py"

HEADER = '''"""sumeval 0.2.2's Japanese and Chinese stop words (generated: do not edit).

Written by tools/make_sumeval_stopwords.py from sumeval's ``data/ja/stop_words.txt`` and
``data/zh/stop_words.txt`` (sumeval is Copyright chakki-works, Apache License 2.0).
"""

'''


def stop_words(language: str) -> list[str]:
    """The words of sumeval's list for ``language``, read as sumeval reads them."""
    lines = (SOURCE / language / "stop_words.txt").read_text(encoding="utf-8").split("\n")
    return list(dict.fromkeys(line.strip() for line in lines if line.strip()))


def main() -> None:
    """Rewrite kurouge/implementations/sumeval_stopwords.py from the installed sumeval."""
    body = ["STOPWORDS = {"]
    for language in ("ja", "zh"):
        words = stop_words(language)
        assert not any(char.isspace() for word in words for char in word), "a word with a space"
        text = textwrap.fill(" ".join(words), width=50, break_long_words=False, break_on_hyphens=False)
        body.append(f'    "{language}": frozenset(')
        body.append('        r"""')
        body.append(text.replace('"""', ""))
        body.append('""".split()')
        body.append("    ),")
    body.append("}")
    OUTPUT.write_text(HEADER + "\n".join(body) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
