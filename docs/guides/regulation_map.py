#!/usr/bin/env python3
"""Writes the clause index of docs/guides/regulation-map.md from the source.

For every clause of the regulations cited in a shipped profile
(core/profile/profiles/*.textproto), it lists the profiles and the settings
that cite it, the source files of core/, replay/ and server/ that cite it,
and the tests that cite it (the TEST whose body or comment names it). Run
from the repository's root:

    python3 docs/guides/regulation_map.py            # rewrite the index
    python3 docs/guides/regulation_map.py --check    # exit 1 if stale

Everything between the two marker lines of regulation-map.md is replaced.
"""
import collections
import glob
import os
import re
import sys

MAP = "docs/guides/regulation-map.md"
BEGIN = "<!-- BEGIN GENERATED CLAUSE INDEX: docs/guides/regulation_map.py -->"
END = "<!-- END GENERATED CLAUSE INDEX -->"

DOCS = [("ANC SR", r"ANC (?:2025 )?SR"), ("SABF TR", r"SABF TR"),
        ("NSW TR", r"NSW TR"), ("NZ LIRG", r"NZ LIRG")]
NUMBER = r"\d+(?:\.\d+)*"
# A list after the first clause takes only dotted numbers: "SABF TR 21.5, 8
# boards" cites 21.5 alone.
CITE = re.compile(r"(ANC (?:2025 )?SR|SABF TR|NSW TR|NZ LIRG)\s+(" + NUMBER +
                  r"(?:\s*(?:,|-|and)\s*\d+(?:\.\d+)+)*)")
PREFIX = {"ANC SR": "anc2025_", "SABF TR": "sabf_", "NSW TR": "nsw_",
          "NZ LIRG": "-"}
TEST = re.compile(r"^\s*(?:TYPED_)?TEST(?:_F|_P)?\(\s*(\w+),\s*(\w+)\)")


def doc_name(text):
    for name, pattern in DOCS:
        if re.fullmatch(pattern, text):
            return name
    return None


def numbers(text):
    """'5.2, 5.3' -> ['5.2', '5.3']; '16.11-16.13' -> both ends."""
    return re.findall(NUMBER, text)


def key(clause):
    return tuple(int(p) for p in clause.split("."))


def profile_citations():
    """{(doc, clause): {profile: set(setting)}}"""
    cites = collections.defaultdict(lambda: collections.defaultdict(set))
    for path in sorted(glob.glob("core/profile/profiles/*.textproto")):
        profile = os.path.basename(path)[:-len(".textproto")]
        stack, document = [], None
        for raw in open(path, encoding="utf-8"):
            line = raw.split("#")[0].strip()
            if not line:
                continue
            for m in re.finditer(r"(\w+)\s*\{", line):
                stack.append(m.group(1))
            m = re.match(r'document:\s*"(.*)"', line)
            if m:
                document = doc_name(m.group(1)) or document
            m = re.match(r'clauses:\s*"(.*)"', line)
            if m and document and stack == ["source"]:
                for n in re.findall(r"^" + NUMBER, m.group(1)):
                    cites[(document, n)][profile].add("source")
            m = re.match(r'(clause|tie_clause|governed_by|rule):\s*"(.*)"',
                         line)
            if m:
                setting = ".".join(stack + [m.group(1)])
                for c in CITE.finditer(m.group(2)):
                    for n in numbers(c.group(2)):
                        cites[(doc_name(c.group(1)), n)][profile].add(setting)
            m = re.match(r'(\w+):\s*"((anc_sr|sabf_tr|nsw_tr)_[0-9_]+)"',
                         line)
            if m:
                setting = ".".join(stack + [m.group(1)]) + "=" + m.group(2)
                document = {"anc_sr": "ANC SR", "sabf_tr": "SABF TR",
                            "nsw_tr": "NSW TR"}[m.group(3)]
                parts = m.group(2)[len(m.group(3)) + 1:].split("_")
                for i in range(0, len(parts) - 1, 2):
                    n = f"{parts[i]}.{parts[i + 1]}"
                    cites[(document, n)][profile].add(setting)
            for _ in range(line.count("}")):
                if stack:
                    stack.pop()
    return cites


def source_citations():
    """({(doc, clause): Counter(file)}, {(doc, clause): [test]})"""
    code = collections.defaultdict(collections.Counter)
    tests = collections.defaultdict(list)
    files = []
    for top in ("core", "replay", "server", "tests"):
        for ext in ("cc", "h"):
            files += glob.glob(f"{top}/**/*.{ext}", recursive=True)
    for path in sorted(files):
        is_test = path.endswith("_test.cc") or path.startswith("tests/")
        current = None
        for raw in open(path, encoding="utf-8", errors="replace"):
            m = TEST.match(raw)
            if m:
                current = f"{m.group(1)}.{m.group(2)}"
            for c in CITE.finditer(raw):
                for n in numbers(c.group(2)):
                    k = (doc_name(c.group(1)), n)
                    if is_test:
                        name = current or os.path.basename(path)
                        if name not in tests[k]:
                            tests[k].append(name)
                    else:
                        code[k][path] += 1
    return code, tests


def index():
    cites = profile_citations()
    code, tests = source_citations()
    all_profiles = collections.defaultdict(set)
    for profiles in cites.values():
        for profile in profiles:
            for document, prefix in PREFIX.items():
                if profile.startswith(prefix):
                    all_profiles[document].add(profile)
    out = []
    for document, _ in DOCS:
        clauses = sorted((k for k in cites if k[0] == document),
                         key=lambda k: key(k[1]))
        if not clauses:
            continue
        out.append(f"### {document}\n")
        out.append("| Clause | Profiles (setting) | Code | Tests |")
        out.append("|---|---|---|---|")
        for k in clauses:
            # Profiles citing it with the same settings are listed together.
            by_settings = collections.defaultdict(list)
            for profile, settings in sorted(cites[k].items()):
                named = tuple(sorted(s for s in settings if s != "source"))
                by_settings[named].append(profile)
            profiles = []
            for named, names in sorted(by_settings.items()):
                if set(names) == all_profiles[document]:
                    who = f"every {document} profile"
                else:
                    who = ", ".join(f"`{n}`" for n in names)
                profiles.append(who + (f": {', '.join(f'`{x}`' for x in named)}"
                                       if named else ""))
            files = [f"`{f}`" for f, _ in code[k].most_common(3)]
            more = len(code[k]) - len(files)
            if more > 0:
                files.append(f"+{more} more")
            # Named tests first, then files that cite it outside a test.
            ordered = sorted(tests[k], key=lambda t: t.endswith(".cc"))
            tests[k] = ordered
            names = [f"`{t}`" for t in ordered[:3]]
            if len(tests[k]) > 3:
                names.append(f"+{len(tests[k]) - 3} more")
            out.append(f"| {document} {k[1]} | {'; '.join(profiles)} | "
                       f"{'<br>'.join(files) or '-'} | "
                       f"{'<br>'.join(names) or '-'} |")
        out.append("")
    return "\n".join(out)


def main():
    text = open(MAP, encoding="utf-8").read()
    start, end = text.index(BEGIN) + len(BEGIN), text.index(END)
    new = text[:start] + "\n\n" + index() + "\n" + text[end:]
    if "--check" in sys.argv:
        if new != text:
            print(f"{MAP} is stale: run python3 docs/guides/regulation_map.py")
            return 1
        return 0
    open(MAP, "w", encoding="utf-8").write(new)
    return 0


if __name__ == "__main__":
    sys.exit(main())
