"""Per-sentence tokenization time of every named tokenizer, its start-up time and install size.

Run from the repository root: ``python benchmarks/tokenizers_bench.py``. Times are the best of
several repeats (the least disturbed by other work on the machine) on the sentences below, written
by the team, 15 to 75 characters each; each is also shown as a ratio to the whitespace tokenizer
on the same sentences, measured in the same run. Start-up is the time to import the backend and
load its dictionary in a fresh interpreter. A second table compares ``word`` with the ``cjk``
rule of kurenai_rouge 0.1.0 (before ``cjk`` was built on ``word``), re-created here as the
baseline: ``word`` should cost at most 2x as much per sentence.
"""

from __future__ import annotations

import subprocess
import sys
import time
import unicodedata
from importlib.metadata import distribution
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

import regex  # noqa: E402

from kurouge.settings import get_tokenizer  # noqa: E402
from kurouge.tokenizers.registry import TOKENIZERS  # noqa: E402

SENTENCES = {
    "ja": [
        "今日は朝から雨が降っていて、駅まで歩くのが大変だった。",
        "新しいモデルは日本語の要約で高いスコアを出した。",
        "選挙管理委員会は投票率が前回より上がったと発表した。",
        "猫が窓辺で昼寝をしている。",
        "来週の会議は金曜日の午後三時に変更されました。",
    ],
    "zh": [
        "今天早上下雨了，我们走路去车站很辛苦。",
        "新模型在中文摘要任务上取得了很高的分数。",
        "猫坐在垫子上晒太阳。",
        "下周的会议改到星期五下午三点。",
        "这家公司去年的销售额增长了百分之二十。",
    ],
    "ko": [
        "오늘 아침부터 비가 와서 역까지 걷기가 힘들었다.",
        "새 모델은 한국어 요약에서 높은 점수를 받았다.",
        "고양이가 창가에서 낮잠을 자고 있다.",
        "다음 주 회의는 금요일 오후 세 시로 변경되었습니다.",
        "이 회사의 작년 매출은 이십 퍼센트 증가했다.",
    ],
    "th": [
        "วันนี้ฝนตกตั้งแต่เช้าเดินไปสถานีลำบากมาก",
        "โมเดลใหม่ได้คะแนนสูงในการสรุปภาษาไทย",
        "แมวนอนกลางวันอยู่ริมหน้าต่าง",
        "การประชุมสัปดาห์หน้าเลื่อนไปวันศุกร์บ่ายสามโมง",
        "ยอดขายของบริษัทนี้เพิ่มขึ้นร้อยละยี่สิบเมื่อปีที่แล้ว",
    ],
    "en": [
        "It has been raining since the morning, so walking to the station was hard.",
        "The new model scored highly on Japanese summarization.",
        "The cat is taking a nap by the window.",
        "Next week's meeting was moved to Friday at 3 p.m.",
        "The company's sales grew by twenty percent last year.",
    ],
    "ru": [
        "С утра шёл дождь, поэтому до станции было трудно дойти.",
        "Новая модель получила высокий балл на русском реферировании.",
        "Кошка спит у окна.",
        "Встречу на следующей неделе перенесли на пятницу, 15:00.",
        "Продажи компании выросли на 20% за прошлый год.",
    ],
    "hi": [
        "सुबह से बारिश हो रही थी, इसलिए स्टेशन तक चलना मुश्किल था।",
        "नए मॉडल ने हिन्दी सारांश में ऊँचा अंक पाया।",
        "बिल्ली खिड़की के पास सो रही है।",
        "अगले हफ़्ते की बैठक शुक्रवार दोपहर तीन बजे कर दी गई।",
        "कंपनी की बिक्री पिछले साल बीस प्रतिशत बढ़ी।",
    ],
    "ar": [
        "تمطر منذ الصباح، لذلك كان المشي إلى المحطة صعبًا.",
        "حصل النموذج الجديد على درجة عالية في التلخيص العربي.",
        "القطة نائمة بجانب النافذة.",
        "نُقل اجتماع الأسبوع القادم إلى يوم الجمعة.",
        "نمت مبيعات الشركة بنسبة عشرين بالمئة العام الماضي.",
    ],
    "lo": [
        "ມື້ນີ້ຝົນຕົກຕັ້ງແຕ່ເຊົ້າ",
        "ຂ້ອຍກິນເຂົ້າໜຽວກັບໄກ່ປີ້ງ",
        "ແມວນອນຢູ່ຂ້າງປ່ອງຢ້ຽມ",
        "ກອງປະຊຸມອາທິດໜ້າຍ້າຍໄປວັນສຸກ",
        "ພາສາລາວໃນປັດຈຸບັນ",
    ],
    "km": [
        "ថ្ងៃនេះភ្លៀងធ្លាក់ខ្លាំងណាស់",
        "ខ្ញុំស្រឡាញ់ប្រទេសកម្ពុជា",
        "ឆ្មាកំពុងដេកនៅក្បែរបង្អួច",
        "រដ្ឋាភិបាលបានប្រកាសថាសេដ្ឋកិច្ចនឹងកើនឡើង",
        "ខ្ញុំមិនបានទៅសាលារៀនទេ",
    ],
    "my": [
        "ကျွန်တော်ထမင်းစားပြီးပြီ",
        "မြန်မာနိုင်ငံသည်အရှေ့တောင်အာရှတွင်တည်ရှိသည်",
        "ကြောင်သည်ပြတင်းပေါက်နားတွင်အိပ်နေသည်",
        "မနက်ကတည်းကမိုးရွာနေသည်",
        "ကျွန်တော်မစားရသေးဘူး",
    ],
}
BACKENDS = {
    "word": ["regex"],
    "char": ["regex"],
    "cjk": ["regex"],
    "lo": ["laonlp"],
    "km": ["khmercut", "python-crfsuite"],
    "my": ["burmesenlp"],
    "ja": ["sudachipy", "sudachidict_core"],
    "zh": ["jieba"],
    "ko": ["kiwipiepy", "kiwipiepy_model"],
    "th": ["pythainlp"],
    "rouge-score": ["rouge-score", "nltk"],
}
NAMES = [name for name in TOKENIZERS if name != "ja"]  # "ja" is "ja-sudachi-a"


_OLD_CJK = r"[[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}]&&[\p{L}\p{N}]]"
_OLD_CJK_RE = regex.compile(
    rf"{_OLD_CJK}|[[\p{{L}}\p{{N}}]--{_OLD_CJK}][[\p{{L}}\p{{N}}\p{{M}}]--{_OLD_CJK}]*", regex.V1
)


def old_cjk(text: str) -> list[str]:
    """kurenai_rouge 0.1.0's ``cjk`` tokens: NFKC, the pattern above, lower-cased."""
    return [token.lower() for token in _OLD_CJK_RE.findall(unicodedata.normalize("NFKC", text))]


def per_sentence_seconds(name: str, sentences: list[str], repeats: int = 7, rounds: int = 40) -> float:
    """Best over ``repeats`` of the mean time to tokenize one sentence."""
    tokenize = old_cjk if name == "cjk-0.1.0" else get_tokenizer(name).tokenize
    tokenize(sentences[0])
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        for _ in range(rounds):
            for sentence in sentences:
                tokenize(sentence)
        times.append((time.perf_counter() - start) / (rounds * len(sentences)))
    return min(times)


def start_up_seconds(name: str) -> float:
    """Import and dictionary load of ``name`` in a fresh interpreter."""
    code = (
        "import time; start = time.perf_counter(); from kurouge.settings import get_tokenizer; "
        f"get_tokenizer({name!r}).tokenize('a'); print(time.perf_counter() - start)"
    )
    run = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True)
    return float(run.stdout)


def installed_megabytes(distributions: list[str]) -> float:
    """Size on disk of the files the distributions installed."""
    total = 0
    for name in distributions:
        total += sum(file.size or 0 for file in distribution(name).files or [])
    return total / 1e6


def main() -> None:
    """Print one table row per tokenizer."""
    languages = list(SENTENCES)
    baseline = {lang: per_sentence_seconds("whitespace", SENTENCES[lang]) for lang in languages}
    header = " | ".join(f"{lang} µs (x whitespace)" for lang in languages)
    print(f"| tokenizer | {header} | start-up s | install MB |")
    print("|---" * (len(languages) + 3) + "|")
    for name in NAMES:
        cells = []
        for lang in languages:
            seconds = per_sentence_seconds(name, SENTENCES[lang])
            cells.append(f"{seconds * 1e6:.1f} ({seconds / baseline[lang]:.0f}x)")
        backend = BACKENDS.get(name.split("-sudachi")[0], [])
        size = f"{installed_megabytes(backend):.1f}" if backend else "0"
        print(f"| {name} | {' | '.join(cells)} | {start_up_seconds(name):.2f} | {size} |")
    print()
    print("| language | word µs | cjk-0.1.0 µs | word / cjk-0.1.0 |")
    print("|---|---|---|---|")
    for lang in languages:
        # Alternated, many times, so that both see the same disturbances; the best of each is kept.
        pairs = [
            [per_sentence_seconds(name, SENTENCES[lang], repeats=1) for name in ("word", "cjk-0.1.0")]
            for _ in range(25)
        ]
        word, baseline_cjk = (min(times) for times in zip(*pairs, strict=True))
        print(f"| {lang} | {word * 1e6:.1f} | {baseline_cjk * 1e6:.1f} | {word / baseline_cjk:.2f} |")


if __name__ == "__main__":
    main()
