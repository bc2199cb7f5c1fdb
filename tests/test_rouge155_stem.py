"""rouge155_stem against ROUGE-1.5.5.pl's own stemming code, run by Perl.

One Perl process evaluates the script's ``MorphStem``, ``tokenizeText`` and Porter code (``stem``,
``initialise``), cut out of ROUGE-1.5.5.pl as it is, with the WordNet DB its buildExeptionDB.pl
builds (the ``rouge155_home`` fixture), and answers for each word: what tokenizeText gives under -m
(the length rule, the DB, then ``stem``) and what ``stem`` alone gives.
"""

import itertools
import re
import runpy
import string
import subprocess

import pytest
from conftest import REPO
from hypothesis import given, settings
from hypothesis import strategies as st
from rouge155_files2rouge import ROUGE155

from kurouge.rouge155.stem import exception_table, morph_stem, porter_stem

SHARED_DATA = REPO.parent.parent / "shared" / "data"  # /work/shared/data next to the worktrees
if not SHARED_DATA.is_dir():
    SHARED_DATA = REPO.parent / "shared" / "data"

HARNESS = r"""
use DB_File;
my ($script, $db) = @ARGV;
open(my $fh, "<", $script) or die "cannot read $script";
my $source = do { local $/; <$fh> };
my @parts;
for my $name ("MorphStem", "tokenizeText") {
  $source =~ /^(sub $name\b.*?)^(?=sub )/ms or die "no sub $name in $script";
  push(@parts, $1);
}
$source =~ /^(# Porter stemmer in Perl.*)\z/ms or die "no Porter stemmer in $script";
push(@parts, $1);
eval join("\n", @parts);
die $@ if $@;
tie %exceptiondb, "DB_File", $db, O_RDONLY, 0440, $DB_HASH or die "cannot open $db";
$opt_m = 1;
%stopwords = ();
&initialise();
$| = 1;
if (defined($ARGV[2])) {  # dump the DB
  while (my ($k, $v) = each %exceptiondb) { print "$k\t$v\n"; }
  exit 0;
}
while (defined(my $word = <STDIN>)) {
  chomp($word);
  my @tokens;
  &tokenizeText($word, \@tokens);
  print join(" ", @tokens), "\t", &stem($word), "\n";
}
"""


def harness(home, *arguments):
    """The command line of the harness on ROUGE-1.5.5.pl and the DB in ``home``."""
    return [
        "perl",
        "-e",
        HARNESS,
        str(ROUGE155 / "ROUGE-1.5.5.pl"),
        str(home / "WordNet-2.0.exc.db"),
        *arguments,
    ]


CHUNK = 2000  # words per write: their answers fit in a pipe's buffer


@pytest.fixture(scope="module")
def perl(rouge155_home):
    """``perl(words)`` is a list of (tokenizeText under -m, stem) pairs from ROUGE-1.5.5.pl's code."""
    process = subprocess.Popen(
        harness(rouge155_home), stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )

    def stems(words):
        answers = []
        for start in range(0, len(words), CHUNK):
            chunk = words[start : start + CHUNK]
            process.stdin.write("".join(f"{word}\n" for word in chunk))
            process.stdin.flush()
            answers += [tuple(process.stdout.readline().rstrip("\n").split("\t")) for _ in chunk]
        return answers

    yield stems
    process.stdin.close()
    assert process.wait() == 0


def assert_same_stems(perl, words):
    words = sorted(set(words))
    ours = [(morph_stem(word), porter_stem(word)) for word in words]
    theirs = perl(words)
    wrong = [(word, a, b) for word, a, b in zip(words, ours, theirs, strict=True) if a != b]
    assert not wrong, f"{len(wrong)} of {len(words)} words stem otherwise (ours, Perl's): {wrong[:20]}"


def reader_tokens(text):
    """The tokens ROUGE-1.5.5's reader makes of ``text``: lower-case ASCII letters and digits."""
    return re.findall(r"[a-z0-9]+", text.lower())


def exception_words():
    words = []
    for path in (ROUGE155 / "data" / "WordNet-2.0-Exceptions").glob("*.exc"):
        words += reader_tokens(path.read_text())
    return words


def shared_words():
    """Every word of the English summaries in /work/shared/data, when it is there."""
    paths = [SHARED_DATA / "cnndm_mini_ref_pred.tsv", *(SHARED_DATA / "py_rouge_duc_texts").rglob("*")]
    texts = [path.read_bytes().decode("latin-1") for path in paths if path.is_file()]
    return [word for text in texts for word in reader_tokens(text)]


BASES = (
    "a b c y ab ad by ye yo ox rel cond hop gener form nat sens happ fall hiss fizz tann contr roll agr fe "
    "plast motor troubl siz fil bl sk to pay cr sp oper rat digit valu us argu radic electr revi adjust "
    "depend commun homolog analog effect prob irrit repl bowdl activ angul allow cem m em agre yell yield"
).split()
SUFFIXES = (
    " s es ies sses ss eed ed ing ings y ly ily e ee ll tt ational tional enci anci izer bli alli entli eli "
    "ousli ization ation ator alism iveness fulness ousness aliti iviti biliti logi icate ative alize iciti "
    "ical ful ness al ance ence er ic able ible ant ement ment ent ion sion tion ou ism ate iti ous ive ize"
).split(" ")


def generated_words():
    """Suffix stacks on short stems, every short word over a few letters, digits mixed in."""
    stacks = [base + one + two for base in BASES for one in SUFFIXES for two in ["", *SUFFIXES[1:40:4]]]
    alphabets = [string.ascii_lowercase + "0"] * 3 + ["aeiyslbd"]
    short = [
        "".join(letters)
        for size in range(1, 5)
        for letters in itertools.product(alphabets[size - 1], repeat=size)
    ]
    digits = [f"{a}{b}" for a in ["1990", "4", "a1", "b2c", "y2", "x9"] for b in SUFFIXES]
    return stacks + short + digits


def test_exception_table_is_the_db_rouge155_builds(rouge155_home):
    """Every key -m can look up, with the value the DB holds; adj.exc (read last here) wins over adv.exc."""
    dump = subprocess.run(harness(rouge155_home, "dump"), check=True, capture_output=True, text=True).stdout
    database = dict(line.split("\t") for line in dump.splitlines())
    assert len(database) > 5000
    looked_up = {word: value for word, value in database.items() if re.fullmatch(r"[a-z0-9]{4,}", word)}
    assert exception_table() == looked_up
    assert (database["better"], database["best"], exception_table()["better"]) == ("good", "good", "good")


def test_exception_and_stopword_words_stem_as_perl(perl):
    stopwords = reader_tokens((ROUGE155 / "data" / "smart_common_words.txt").read_text())
    words = exception_words() + stopwords
    assert len(set(words)) > 9000
    assert_same_stems(perl, words)


def test_words_of_real_summaries_stem_as_perl(perl):
    words = shared_words()
    if not words:
        pytest.skip(f"no summaries in {SHARED_DATA}")
    assert_same_stems(perl, words)


def test_generated_words_stem_as_perl(perl):
    words = generated_words()
    assert len(set(words)) > 50000
    assert_same_stems(perl, words)


PIECES = st.sampled_from([*string.ascii_lowercase, *string.digits[:3], *SUFFIXES[1:]])


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(PIECES, min_size=1, max_size=6).map("".join), min_size=1, max_size=200))
def test_random_words_stem_as_perl(perl, words):
    assert_same_stems(perl, words)


@pytest.mark.parametrize("token", ["", "Better", "all-arounder", "na\u00efve", "it's", " cat", 42])
def test_a_token_the_reader_cannot_make_is_a_value_error(token):
    with pytest.raises(ValueError, match="lower-case ASCII letters and digits"):
        morph_stem(token)


def test_the_stems_facts_quotes():
    words = "were tried died says they news agreement epicenter comics better best".split()
    assert [morph_stem(word) for word in words] == (
        "be try di sai thei new agreem epic comic_strip good good".split()
    )


def test_exception_module_is_what_its_script_writes():
    """rouge155_exceptions.py is the output of tools/make_rouge155_exceptions.py, unedited."""
    render = runpy.run_path(str(REPO / "tools" / "make_rouge155_exceptions.py"))["render"]
    assert render() == (REPO / "kurouge" / "rouge155" / "exceptions.py").read_text()
