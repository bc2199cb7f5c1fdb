"""Shared by the evaluation-harness tests: Amharic documents and a tiny model built on the spot.

The model is a one-layer GPT-2 whose weights are all zero, so every logit is equal and greedy
decoding repeats token 0, the word ``ኢትዮጵያ`` that every reference holds; its tokenizer is a
``tokenizers`` word-level vocabulary of the documents' words. Nothing is downloaded.
"""

from __future__ import annotations

import json
from pathlib import Path

import torch
from tokenizers import Tokenizer, models, pre_tokenizers
from transformers import GPT2Config, GPT2LMHeadModel, PreTrainedTokenizerFast

WORD = "ኢትዮጵያ"
# Amharic (Ge'ez script) documents and summaries written for these tests.
DOCUMENTS = [
    {
        "id": "1",
        "text": "የኢትዮጵያ መንግስት ዛሬ አዲስ የትምህርት ፖሊሲ አወጀ ። ፖሊሲው በሚቀጥለው ዓመት ይጀምራል ።",
        "summary": "ኢትዮጵያ አዲስ የትምህርት ፖሊሲ አወጀች",
    },
    {
        "id": "2",
        "text": "በአዲስ አበባ ከባድ ዝናብ ጣለ ። መንገዶች ተዘጉ ።",
        "summary": "በአዲስ አበባ ዝናብ መንገዶችን ዘጋ ኢትዮጵያ",
    },
    {
        "id": "3",
        "text": "የኢትዮጵያ ብሄራዊ ቡድን ጨዋታውን አሸነፈ ።",
        "summary": "ኢትዮጵያ ጨዋታውን አሸነፈች",
    },
]


def write_documents(path: Path) -> Path:
    """Write ``DOCUMENTS`` as JSON lines to ``path``."""
    path.write_text(
        "".join(json.dumps(doc, ensure_ascii=False) + "\n" for doc in DOCUMENTS), encoding="utf-8"
    )
    return path


def build_model(directory: Path) -> Path:
    """Save the tiny GPT-2 and its tokenizer in ``directory``, for ``pretrained=directory``."""
    words = sorted(
        {w for doc in DOCUMENTS for field in ("text", "summary") for w in doc[field].split()} - {WORD}
    )
    vocabulary = [WORD, *words, "Summarize", "<unk>", "</s>"]
    backend = Tokenizer(models.WordLevel({w: i for i, w in enumerate(vocabulary)}, "<unk>"))
    backend.pre_tokenizer = pre_tokenizers.WhitespaceSplit()
    tokenizer = PreTrainedTokenizerFast(
        tokenizer_object=backend, unk_token="<unk>", eos_token="</s>", pad_token="</s>"
    )
    eos = vocabulary.index("</s>")
    config = GPT2Config(
        vocab_size=len(vocabulary),
        n_positions=256,
        n_embd=8,
        n_layer=1,
        n_head=1,
        bos_token_id=eos,
        eos_token_id=eos,
    )
    model = GPT2LMHeadModel(config)
    with torch.no_grad():
        for parameter in model.parameters():
            parameter.zero_()
    model.save_pretrained(directory)
    tokenizer.save_pretrained(directory)
    return directory
