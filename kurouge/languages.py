"""English names of the ISO 639-1 languages, for messages, menus ("ja — Japanese") and signatures.

The codes are :data:`tokenizers.registry.LANGUAGES` (a test checks that both list the same 183 codes). The
names are the ISO 639-2 English names shipped by Debian's ``iso-codes`` package
(``/usr/share/iso-codes/json/iso_639-2.json``), shortened to their first name and, for a few, to the
name people search for ("Khmer" rather than "Central Khmer", "Greek" rather than "Greek, Modern
(1453-)").
"""

from __future__ import annotations

LANGUAGE_NAMES: dict[str, str] = {
    "aa": "Afar",
    "ab": "Abkhazian",
    "ae": "Avestan",
    "af": "Afrikaans",
    "ak": "Akan",
    "am": "Amharic",
    "an": "Aragonese",
    "ar": "Arabic",
    "as": "Assamese",
    "av": "Avaric",
    "ay": "Aymara",
    "az": "Azerbaijani",
    "ba": "Bashkir",
    "be": "Belarusian",
    "bg": "Bulgarian",
    "bi": "Bislama",
    "bm": "Bambara",
    "bn": "Bengali",
    "bo": "Tibetan",
    "br": "Breton",
    "bs": "Bosnian",
    "ca": "Catalan",
    "ce": "Chechen",
    "ch": "Chamorro",
    "co": "Corsican",
    "cr": "Cree",
    "cs": "Czech",
    "cu": "Church Slavonic",
    "cv": "Chuvash",
    "cy": "Welsh",
    "da": "Danish",
    "de": "German",
    "dv": "Divehi",
    "dz": "Dzongkha",
    "ee": "Ewe",
    "el": "Greek",
    "en": "English",
    "eo": "Esperanto",
    "es": "Spanish",
    "et": "Estonian",
    "eu": "Basque",
    "fa": "Persian",
    "ff": "Fula",
    "fi": "Finnish",
    "fj": "Fijian",
    "fo": "Faroese",
    "fr": "French",
    "fy": "Western Frisian",
    "ga": "Irish",
    "gd": "Scottish Gaelic",
    "gl": "Galician",
    "gn": "Guarani",
    "gu": "Gujarati",
    "gv": "Manx",
    "ha": "Hausa",
    "he": "Hebrew",
    "hi": "Hindi",
    "ho": "Hiri Motu",
    "hr": "Croatian",
    "ht": "Haitian Creole",
    "hu": "Hungarian",
    "hy": "Armenian",
    "hz": "Herero",
    "ia": "Interlingua",
    "id": "Indonesian",
    "ie": "Interlingue",
    "ig": "Igbo",
    "ii": "Sichuan Yi",
    "ik": "Inupiaq",
    "io": "Ido",
    "is": "Icelandic",
    "it": "Italian",
    "iu": "Inuktitut",
    "ja": "Japanese",
    "jv": "Javanese",
    "ka": "Georgian",
    "kg": "Kongo",
    "ki": "Kikuyu",
    "kj": "Kuanyama",
    "kk": "Kazakh",
    "kl": "Greenlandic",
    "km": "Khmer",
    "kn": "Kannada",
    "ko": "Korean",
    "kr": "Kanuri",
    "ks": "Kashmiri",
    "ku": "Kurdish",
    "kv": "Komi",
    "kw": "Cornish",
    "ky": "Kyrgyz",
    "la": "Latin",
    "lb": "Luxembourgish",
    "lg": "Ganda",
    "li": "Limburgish",
    "ln": "Lingala",
    "lo": "Lao",
    "lt": "Lithuanian",
    "lu": "Luba-Katanga",
    "lv": "Latvian",
    "mg": "Malagasy",
    "mh": "Marshallese",
    "mi": "Maori",
    "mk": "Macedonian",
    "ml": "Malayalam",
    "mn": "Mongolian",
    "mr": "Marathi",
    "ms": "Malay",
    "mt": "Maltese",
    "my": "Burmese",
    "na": "Nauru",
    "nb": "Norwegian Bokmål",
    "nd": "North Ndebele",
    "ne": "Nepali",
    "ng": "Ndonga",
    "nl": "Dutch",
    "nn": "Norwegian Nynorsk",
    "no": "Norwegian",
    "nr": "South Ndebele",
    "nv": "Navajo",
    "ny": "Chichewa",
    "oc": "Occitan",
    "oj": "Ojibwa",
    "om": "Oromo",
    "or": "Oriya",
    "os": "Ossetian",
    "pa": "Punjabi",
    "pi": "Pali",
    "pl": "Polish",
    "ps": "Pashto",
    "pt": "Portuguese",
    "qu": "Quechua",
    "rm": "Romansh",
    "rn": "Rundi",
    "ro": "Romanian",
    "ru": "Russian",
    "rw": "Kinyarwanda",
    "sa": "Sanskrit",
    "sc": "Sardinian",
    "sd": "Sindhi",
    "se": "Northern Sami",
    "sg": "Sango",
    "si": "Sinhala",
    "sk": "Slovak",
    "sl": "Slovenian",
    "sm": "Samoan",
    "sn": "Shona",
    "so": "Somali",
    "sq": "Albanian",
    "sr": "Serbian",
    "ss": "Swati",
    "st": "Southern Sotho",
    "su": "Sundanese",
    "sv": "Swedish",
    "sw": "Swahili",
    "ta": "Tamil",
    "te": "Telugu",
    "tg": "Tajik",
    "th": "Thai",
    "ti": "Tigrinya",
    "tk": "Turkmen",
    "tl": "Tagalog",
    "tn": "Tswana",
    "to": "Tongan",
    "tr": "Turkish",
    "ts": "Tsonga",
    "tt": "Tatar",
    "tw": "Twi",
    "ty": "Tahitian",
    "ug": "Uyghur",
    "uk": "Ukrainian",
    "ur": "Urdu",
    "uz": "Uzbek",
    "ve": "Venda",
    "vi": "Vietnamese",
    "vo": "Volapük",
    "wa": "Walloon",
    "wo": "Wolof",
    "xh": "Xhosa",
    "yi": "Yiddish",
    "yo": "Yoruba",
    "za": "Zhuang",
    "zh": "Chinese",
    "zu": "Zulu",
}


def language_label(code: str) -> str:
    """``"ja — Japanese"``: the code and its English name, or the code alone if it has no name."""
    name = LANGUAGE_NAMES.get(code)
    return f"{code} — {name}" if name else code


def language_tag(code: str) -> str:
    """The code and its English name as a signature writes them, spaces as underscores.

    >>> language_tag("kr"), language_tag("se")
    ('kr(Kanuri)', 'se(Northern_Sami)')
    """
    return f"{code}({LANGUAGE_NAMES[code].replace(' ', '_')})"


# Codes typed for a language that are not its ISO 639-1 code: country codes, ISO 639-2 and 639-3
# codes, and codes ISO 639-1 withdrew. ("kr" and "se" are not here: they are Kanuri and Northern Sami.)
MISTAKEN_CODES: dict[str, str] = {
    "jp": "ja", "jpn": "ja", "cn": "zh", "zho": "zh", "chi": "zh", "kor": "ko", "gr": "el", "cz": "cs",
    "dk": "da", "ua": "uk", "vn": "vi", "iw": "he", "ji": "yi", "jw": "jv", "in": "id", "mo": "ro",
    "eng": "en", "rus": "ru", "ger": "de", "deu": "de", "fre": "fr", "fra": "fr", "spa": "es",
    "por": "pt", "ita": "it", "ara": "ar", "hin": "hi", "tha": "th", "vie": "vi", "ind": "id",
    "tur": "tr", "pol": "pl", "nld": "nl", "dut": "nl", "swe": "sv", "ukr": "uk", "per": "fa",
    "fas": "fa", "heb": "he", "ben": "bn", "khm": "km", "lao": "lo", "mya": "my", "bur": "my",
}  # fmt: skip


# Real codes often typed for another language: the ISO 3166 code of a country whose language has
# another code. code -> (the code meant, the country).
OFTEN_MISTAKEN_CODES: dict[str, tuple[str, str]] = {"kr": ("ko", "South Korea"), "se": ("sv", "Sweden")}


class LanguageCodeWarning(UserWarning):
    """``language`` is a real code often typed for another language's (``kr``, Kanuri, for Korean)."""


def often_mistaken_message(code: str | None) -> str | None:
    """What a :class:`LanguageCodeWarning` says about ``code``; None if it is not often mistaken.

    >>> often_mistaken_message("kr")  # doctest: +ELLIPSIS
    "language='kr' is Kanuri, not Korean (KR is South Korea's country code): Korean is language='ko'. ..."
    >>> often_mistaken_message("ko") is None
    True
    """
    if code not in OFTEN_MISTAKEN_CODES:
        return None
    meant, country = OFTEN_MISTAKEN_CODES[code]
    name, meant_name = LANGUAGE_NAMES[code], LANGUAGE_NAMES[meant]
    return (
        f"language={code!r} is {name}, not {meant_name} ({code.upper()} is {country}'s country code): "
        f"{meant_name} is language={meant!r}. The texts are scored as {name} (the signature says "
        f"lang:{language_tag(code)}); to keep {name} quietly, ignore LanguageCodeWarning or this message "
        "with warnings.filterwarnings"
    )


def closest_language(value: str) -> str | None:
    """The code a user most likely meant by ``value``, which is not a code; None if there is none.

    A region tag is dropped (``zh-CN``, ``pt_BR``), mistaken codes are looked up
    (:data:`MISTAKEN_CODES`), and a word of at least 3 letters that starts exactly one language's
    name gives that language.

    >>> [closest_language(value) for value in ("jp", "cn", "jap", "zh_TW", "English", "xx")]
    ['ja', 'zh', 'ja', 'zh', 'en', None]
    """
    text = value.strip().lower().replace("_", "-")
    base = text.split("-")[0]
    if base in LANGUAGE_NAMES or base in MISTAKEN_CODES:
        return MISTAKEN_CODES.get(base, base)
    by_name = [
        code for code, name in LANGUAGE_NAMES.items() if len(text) >= 3 and name.lower().startswith(text)
    ]
    return by_name[0] if len(by_name) == 1 else None
