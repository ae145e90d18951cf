"""Developer tool: keep the message catalogs in step with the code (needs Babel, the test extra).

``python -m common.catalogs`` (``make catalogs``) extracts every marked string of each package,
merges it into ``<package>/locale/<lang>/LC_MESSAGES/<package>.po`` (new strings arrive
untranslated, strings the code dropped leave) and compiles the ``.mo`` files the games read.
``python -m common.catalogs --check`` changes nothing and lists what is wrong; the test suite
runs the same check, so a string added without its translations fails the tests. Both read each
package's glossaries too (``common/glossary.py``): a text that calls a term otherwise than the
game does is listed.
"""

from __future__ import annotations

import datetime
import io
import string
import sys
from pathlib import Path

from common.agree import spec_problems
from common.i18n import DEFAULT, LANGUAGE_NAMES, LANGUAGES

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("common", "gros", "invaders", "horror")
TRANSLATED = tuple(lang for lang in LANGUAGES if lang != DEFAULT)
EPOCH = datetime.datetime(2026, 12, 3, tzinfo=datetime.UTC)  # fixed: no churn per run
COUNT_FIELDS = {"n"}  # the number a plural form is chosen by: a form may leave it out


def _template(package: str):
    from babel.messages.catalog import Catalog
    from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir

    template = Catalog(domain=package, project="bmovie-games", fuzzy=False)
    folder = ROOT / package
    found = extract_from_dir(str(folder), method_map=[("locale/**", "ignore"), ("**.py", "python")],
                             comment_tags=("Translators:",), strip_comment_tags=True,
                             keywords={**DEFAULT_KEYWORDS, "Nn_": (1, 2), "Np_": ((1, "c"), 2)})
    for filename, lineno, message, comments, context in found:
        template.add(message, None, [(f"{package}/{filename}", lineno)],
                     auto_comments=comments, context=context)
    return template


def _po_path(package: str, lang: str) -> Path:
    return ROOT / package / "locale" / lang / "LC_MESSAGES" / f"{package}.po"


def _read(package: str, lang: str):
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po

    path = _po_path(package, lang)
    if not path.exists():
        catalog = Catalog(locale=lang, domain=package, project="bmovie-games", fuzzy=False,
                          version=None, copyright_holder="the bmovie-games authors",
                          msgid_bugs_address="", last_translator="the bmovie-games authors",
                          language_team=lang, creation_date=EPOCH, revision_date=EPOCH)
        catalog.header_comment = (f"# {package}: messages in {LANGUAGE_NAMES[lang]} ({lang}).\n"
                                  "# Written by `make catalogs` (common/catalogs.py); translate the "
                                  "empty msgstr entries.")
        return catalog
    with open(path, "rb") as fh:
        return read_po(fh, locale=lang, domain=package)


def _mo_bytes(catalog) -> bytes:
    from babel.messages.mofile import write_mo

    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def _po_bytes(catalog) -> bytes:
    from babel.messages.pofile import write_po

    out = io.BytesIO()
    # file names without line numbers: a string keeps its place when code around it moves
    write_po(out, catalog, width=100, include_lineno=False, ignore_obsolete=True,
             omit_header=False)
    return out.getvalue()


def fields(text: str) -> set[str]:
    """The named placeholders of a str.format template ('{seat} plays {card}' -> both)."""
    try:
        return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(text)
                if name is not None}
    except ValueError:
        return set()


def _problems(package: str, lang: str, template, catalog) -> list[str]:
    where = f"{package}/locale/{lang}"
    out = []
    for msg in template:
        if not msg.id:
            continue
        got = catalog.get(msg.id, msg.context)
        if got is None:
            out.append(f"{where}: not in the catalog (run make catalogs): {msg.id!r}")
            continue
        singular = msg.id if isinstance(msg.id, str) else msg.id[0]
        forms = got.string if isinstance(got.string, (list, tuple)) else [got.string]
        if got.fuzzy:
            out.append(f"{where}: fuzzy, the English changed (review the translation): "
                       f"{singular!r}")
            continue
        if not all(forms):
            out.append(f"{where}: untranslated: {singular!r}")
            continue
        ids = msg.id if isinstance(msg.id, (list, tuple)) else [msg.id]
        allowed = set().union(*(fields(i) for i in ids))
        for form in forms:
            have = fields(form)
            if not have <= allowed or not (allowed - COUNT_FIELDS) <= have:
                out.append(f"{where}: placeholders differ in {form!r} (the English has "
                           f"{sorted(allowed)}): {singular!r}")
            out += [f"{where}: {problem}: {singular!r}" for problem in spec_problems(form, lang)]
    return out


def merge(catalog, template) -> None:
    """The template's strings into a language's catalog, as msgmerge does: a string whose
    English changed (a line added to a help block) keeps its old translation, marked fuzzy,
    for a translator to review; the games read no fuzzy entry, and the check lists them."""
    catalog.update(template, no_fuzzy_matching=False, update_header_comment=False,
                   update_creation_date=False)


def update(check: bool = False) -> list[str]:
    """Extract, merge and compile every catalog; with ``check``, only report what is out of
    step (a string missing or untranslated, placeholders that differ, a stale .po or .mo)."""
    from common.glossary import problems as glossary_problems

    problems: list[str] = []
    for package in PACKAGES:
        template = _template(package)
        for lang in TRANSLATED:
            problems += glossary_problems(package, lang)
            catalog = _read(package, lang)
            po_path = _po_path(package, lang)
            mo_path = po_path.with_suffix(".mo")
            if check:
                problems += _problems(package, lang, template, catalog)
                if mo_path.exists() and mo_path.read_bytes() != _mo_bytes(catalog):
                    problems.append(f"{mo_path.relative_to(ROOT)} is older than its .po "
                                    "(run make catalogs)")
                elif not mo_path.exists():
                    problems.append(f"{mo_path.relative_to(ROOT)} is missing (run make catalogs)")
                continue
            merge(catalog, template)
            po_path.parent.mkdir(parents=True, exist_ok=True)
            po_path.write_bytes(_po_bytes(catalog))
            mo_path.write_bytes(_mo_bytes(catalog))
            problems += _problems(package, lang, template, catalog)
    return problems


def main(argv: list[str]) -> int:
    check = "--check" in argv
    problems = update(check=check)
    for line in problems:
        print(line)
    missing = sum("untranslated" in p or "not in the catalog" in p for p in problems)
    print(f"{len(problems)} problem(s), {missing} string(s) to translate", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
