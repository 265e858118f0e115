"""Read, fill and check the Chinese edition's gettext catalogs.

The English pages are the source; ``make catalogs`` extracts their messages and merges
them into ``book/locales/zh_CN/LC_MESSAGES/book/<page>.po`` (with ``sphinx-intl``).
This module is what a translator and the tests use on those files:

    python tools/po.py todo FILE [OUT.json]   untranslated or fuzzy messages, as JSON
    python tools/po.py apply FILE IN.json     set msgstr from {msgid: msgstr}
    python tools/po.py check FILE...          the rules below, message by message

A translation keeps what is not language: every formula ($...$), code span, role
target ({term}`text <target>`, {numref}, {eq}, {ref}, {cite}), link address and
number of the English message appears unchanged in the Chinese one, and MyST reads the
same bold and italic spans in both.
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
LINE_WIDTH = 76  # as sphinx-intl writes them, so that `make catalogs` does not reflow
MATH = re.compile(r"\$\$.+?\$\$|\$[^$\n]+\$", re.S)
ROLE = re.compile(r"\{([\w:-]+)\}`([^`]*)`")
CODE = re.compile(r"``.+?``|`[^`\n]+`")
LINK = re.compile(r"\]\(([^)\s]+)\)|<(https?://[^>\s]+)>|(https?://[^\s)>\]]+)")
NUMBER = re.compile(r"\d+(?:[.,]\d+)*")
CJK = re.compile(r"[\u3400-\u9fff]")
ENGLISH_RUN = re.compile(r"\b[A-Za-z][a-z]+(?:[ -][A-Za-z][a-z]+){2,}\b")
TARGET = re.compile(r"^(.*?)\s*<([^<>]+)>\s*$", re.S)


def load(path: str | Path) -> Catalog:
    with open(path, "rb") as f:
        return read_po(f)


def save(path: str | Path, catalog: Catalog) -> None:
    with open(path, "wb") as f:
        write_po(f, catalog, width=LINE_WIDTH, ignore_obsolete=True)


def messages(catalog: Catalog) -> list:
    """The messages of a catalog, without its header."""
    return [m for m in catalog if m.id]


def is_done(message) -> bool:
    return bool(message.string) and not message.fuzzy


def role_targets(text: str) -> Counter:
    """(role, target) of every role; the target of `text <target>` is target."""
    found = Counter()
    for name, content in ROLE.findall(text):
        match = TARGET.match(content)
        found[(name, match.group(2) if match else content)] += 1
    return found


def _plain(text: str) -> str:
    """The text without formulas, roles, code spans and links."""
    for pattern in (MATH, ROLE, CODE, LINK):
        text = pattern.sub(" ", text)
    return text


def emphasis(text: str) -> Counter:
    """How many bold and italic spans MyST reads in ``text``.

    CommonMark opens ``**`` only if it is followed by a letter or preceded by a space
    or punctuation: ``中文**{term}`x`**`` is not bold, ``中文 **{term}`x`**`` is.
    """
    from markdown_it import MarkdownIt

    found: Counter = Counter()
    for block in MarkdownIt("commonmark").parse(MATH.sub("x", text)):
        for token in block.children or []:
            if token.type in ("strong_open", "em_open"):
                found[token.type] += 1
    return found


def problems(msgid: str, msgstr: str) -> list[str]:
    """What a translation changed that it must keep, or left in English."""
    found = []
    if emphasis(msgid) != emphasis(msgstr):
        found.append("bold or italic lost (a space before ** or after it?)")
    if Counter(MATH.findall(msgid)) != Counter(MATH.findall(msgstr)):
        found.append("formulas differ")
    if role_targets(msgid) != role_targets(msgstr):
        found.append("role targets differ")
    keep_code = Counter(CODE.findall(ROLE.sub(" ", msgid)))
    if keep_code != Counter(CODE.findall(ROLE.sub(" ", msgstr))):
        found.append("code spans differ")
    if Counter(LINK.findall(msgid)) != Counter(LINK.findall(msgstr)):
        found.append("link addresses differ")
    # the same numbers (as a set: a gloss after a quote of the notes repeats the
    # quote's numbers in English and is dropped in Chinese)
    if set(NUMBER.findall(_plain(msgid))) != set(NUMBER.findall(_plain(msgstr))):
        found.append("numbers differ")
    if not CJK.search(msgstr) and ENGLISH_RUN.search(_plain(msgid)):
        found.append("left in English")
    return found


def glossary_names() -> dict[str, tuple[set[str], set[str]]]:
    """Each glossary term (lower case) -> (its Chinese names, names it rules out),
    read from the parenthesis that opens its definition in book/glossary.md:
    "(准确率; also 正确率)", "(覆盖概率; not 覆盖率, which ...)"."""
    text = (ROOT / "book" / "glossary.md").read_text(encoding="utf-8")
    block = text.split("```{glossary}")[1].split("\n```")[0]
    names: dict[str, tuple[set[str], set[str]]] = {}
    terms: list[str] = []
    for line in block.splitlines():
        if not line.strip() or line.startswith(":"):
            terms = [] if not line.strip() else terms
            continue
        if not line.startswith(" "):
            terms.append(line.strip().lower())
            continue
        if terms and line.lstrip().startswith("("):
            head = line.lstrip()[1:].split(")")[0]
            first, *rest = head.split(";")
            good = {n.strip() for n in first.split(",") if CJK.search(n)}
            bad: set[str] = set()
            for part in rest:
                part = part.strip()
                if part.startswith("not "):
                    bad |= {n.strip() for n in part[4:].split(",")[:1] if CJK.search(n)}
                elif "also " in part:
                    also = part.split("also ", 1)[1]
                    for n in re.split(r",|/", also):
                        n = re.sub(r"\s+for\s+\w+$", "", n.strip())
                        if CJK.search(n):
                            good.add(n)
            for term in terms:
                names[term] = (good, bad)
            terms = []
    return names


def todo(path: str | Path) -> list[str]:
    return [m.id for m in messages(load(path)) if not is_done(m)]


def apply(path: str | Path, translations: dict[str, str]) -> int:
    catalog = load(path)
    changed = 0
    for message in messages(catalog):
        if message.id in translations:
            message.string = translations[message.id]
            message.flags.discard("fuzzy")
            changed += 1
    save(path, catalog)
    return changed


def check(path: str | Path) -> list[str]:
    report = []
    for message in messages(load(path)):
        if not is_done(message):
            report.append(f"untranslated or fuzzy: {message.id[:70]!r}")
            continue
        for problem in problems(message.id, message.string):
            report.append(f"{problem}: {message.id[:70]!r}")
    return report


def main(argv: list[str]) -> int:
    command, *args = argv
    if command == "todo":
        left = todo(args[0])
        text = json.dumps({m: "" for m in left}, ensure_ascii=False, indent=1)
        if len(args) > 1:
            Path(args[1]).write_text(text, encoding="utf-8")
        else:
            print(text)
        print(f"{len(left)} messages to translate", file=sys.stderr)
    elif command == "apply":
        translations = json.loads(Path(args[1]).read_text(encoding="utf-8"))
        print(f"{apply(args[0], translations)} messages set", file=sys.stderr)
    elif command == "check":
        total = 0
        for path in args:
            for line in check(path):
                print(f"{path}: {line}")
                total += 1
        print(f"{total} problems", file=sys.stderr)
        return 1 if total else 0
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
