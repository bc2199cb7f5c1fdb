"""Seq2SeqTrainer end to end: a tiny random T5, a character tokenizer built here, Japanese examples."""

import numpy as np
import pytest
import torch
from tokenizers import Regex, Tokenizer, decoders, models, pre_tokenizers, processors
from transformers import (
    DataCollatorForSeq2Seq,
    PreTrainedTokenizerFast,
    Seq2SeqTrainer,
    Seq2SeqTrainingArguments,
    T5Config,
    T5ForConditionalGeneration,
    set_seed,
)

# (article, summary) pairs written for this test.
EXAMPLES = [
    ("東京は今日よく晴れて暑い一日になりました", "東京は晴れて暑い"),
    ("大阪では朝から強い雨が降り続いています", "大阪は強い雨"),
    ("札幌で今年初めての雪が観測されました", "札幌で初雪"),
    ("新しい駅が来月の一日に開業する予定です", "新駅が来月開業"),
    ("図書館の開館時間が夜九時まで延びました", "図書館が夜九時まで開館"),
    ("市内の小学校で運動会が開かれました", "小学校で運動会"),
    ("台風の影響で多くの列車が運休しています", "台風で列車が運休"),
    ("今年の米は天候に恵まれて豊作でした", "米が豊作"),
    ("駅前に大きな本屋が新しく開店しました", "駅前に本屋が開店"),
    ("週末は各地で花火大会が予定されています", "週末に花火大会"),
    ("山では紅葉が見頃を迎えています", "紅葉が見頃"),
    ("電気料金が来月から値上がりします", "電気料金が値上がり"),
    ("高校生が全国大会で優勝しました", "高校生が全国優勝"),
    ("海沿いの道路が工事のため通行止めです", "海沿いの道路が通行止め"),
    ("動物園でパンダの赤ちゃんが生まれました", "パンダの赤ちゃん誕生"),
    ("博物館で古い地図の展示が始まりました", "古い地図の展示"),
    ("朝の電車が信号の故障で遅れました", "電車が遅れ"),
    ("新しい橋の建設が今月から始まります", "橋の建設開始"),
    ("町の祭りに多くの観光客が訪れました", "祭りに観光客"),
    ("冬に向けて野菜の値段が上がっています", "野菜が値上がり"),
    ("市役所の窓口が土曜日も開くことになりました", "市役所が土曜も開く"),
    ("川の水位が上がり避難の準備が呼びかけられました", "川の水位が上昇"),
    ("港に大きな客船が初めて入りました", "港に客船"),
    ("公園の桜が例年より早く咲きました", "桜が早く開花"),
]


def char_tokenizer() -> PreTrainedTokenizerFast:
    """One token per character, built locally from the examples (nothing downloaded)."""
    specials = ["<pad>", "</s>", "<unk>"]
    characters = sorted({c for pair in EXAMPLES for text in pair for c in text})
    tokenizer = Tokenizer(models.WordLevel({t: i for i, t in enumerate(specials + characters)}, "<unk>"))
    tokenizer.pre_tokenizer = pre_tokenizers.Split(Regex("."), behavior="isolated")
    tokenizer.decoder = decoders.Fuse()
    tokenizer.post_processor = processors.TemplateProcessing(single="$A </s>", special_tokens=[("</s>", 1)])
    return PreTrainedTokenizerFast(
        tokenizer_object=tokenizer, pad_token="<pad>", eos_token="</s>", unk_token="<unk>"
    )


def make_compute_metrics(tokenizer, rouge, decoded):
    """The README's compute_metrics, keeping its inputs and decoded strings in ``decoded`` for the test."""

    def compute_metrics(eval_pred):
        predictions, labels = eval_pred
        decoded["labels"] = labels
        # The Trainer pads labels with -100, which is not a token id (predictions may be too: same guard).
        predictions = np.where(predictions != -100, predictions, tokenizer.pad_token_id)
        labels = np.where(labels != -100, labels, tokenizer.pad_token_id)
        decoded["predictions"] = tokenizer.batch_decode(predictions, skip_special_tokens=True)
        decoded["references"] = tokenizer.batch_decode(labels, skip_special_tokens=True)
        return rouge.compute(
            predictions=decoded["predictions"], references=decoded["references"], tokenizer="char"
        )

    return compute_metrics


@pytest.fixture
def one_torch_thread():
    """Tiny matrices: one thread is ten times faster than two on a busy 2-core machine."""
    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(threads)


def tiny_t5():
    """A character tokenizer, an untrained tiny T5 (seeded) and EXAMPLES tokenized for it."""
    set_seed(0)
    tokenizer = char_tokenizer()
    config = T5Config(
        vocab_size=len(tokenizer),
        d_model=16,
        d_ff=32,
        d_kv=8,
        num_heads=2,
        num_layers=1,
        num_decoder_layers=1,
        pad_token_id=tokenizer.pad_token_id,
        eos_token_id=tokenizer.eos_token_id,
        decoder_start_token_id=tokenizer.pad_token_id,
    )
    model = T5ForConditionalGeneration(config)
    dataset = [
        {"input_ids": tokenizer(article)["input_ids"], "labels": tokenizer(summary)["input_ids"]}
        for article, summary in EXAMPLES
    ]
    return tokenizer, model, dataset


def test_trainer_evaluate_logs_the_metric(rouge, tmp_path, one_torch_thread):
    tokenizer, model, dataset = tiny_t5()
    decoded = {}
    trainer = Seq2SeqTrainer(
        model=model,
        args=Seq2SeqTrainingArguments(
            output_dir=str(tmp_path),
            per_device_train_batch_size=8,
            max_steps=40,  # a little training, so that the generated text shares characters with the labels
            learning_rate=1e-2,
            per_device_eval_batch_size=5,
            predict_with_generate=True,
            generation_max_length=12,
            save_strategy="no",
            use_cpu=True,
            report_to="none",
            disable_tqdm=True,
        ),
        train_dataset=dataset,
        eval_dataset=dataset,
        data_collator=DataCollatorForSeq2Seq(tokenizer, model=model),
        processing_class=tokenizer,
        compute_metrics=make_compute_metrics(tokenizer, rouge, decoded),
    )
    trainer.train()
    metrics = trainer.evaluate()

    assert (decoded["labels"] == -100).any()  # the case the replacement is for
    assert decoded["references"] == [summary for _, summary in EXAMPLES]
    expected = rouge.compute(
        predictions=decoded["predictions"], references=decoded["references"], tokenizer="char"
    )
    logged = {key: metrics[f"eval_{key}"] for key in expected}
    assert all(type(value) is float for value in logged.values())
    assert logged == expected
    assert expected["rouge1"] > 0
