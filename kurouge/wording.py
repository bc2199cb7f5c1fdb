"""Counts in messages: a number and its noun, which agree ("1 line", "2 lines")."""


def counted(number: int, noun: str, plural: str | None = None) -> str:
    """``number`` with ``noun`` in the singular for 1 and in the plural otherwise.

    >>> counted(1, "line"), counted(2, "reference"), counted(0, "entry", "entries")
    ('1 line', '2 references', '0 entries')
    """
    return f"{number:,} {noun if number == 1 else plural or noun + 's'}"
