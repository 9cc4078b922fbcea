#!/usr/bin/env python3
"""Writes Sources/ShareSniffing/Signatures/SharedMimeInfo+Table.swift from freedesktop's shared-mime-info.

Usage: .ci/gen-mime-info.py [/usr/share/mime/packages/freedesktop.org.xml] > Sources/ShareSniffing/Signatures/SharedMimeInfo+Table.swift

The source is Debian's `shared-mime-info` package (the table behind xdg-mime and GLib). Taken from it:
- every type that claims a filename extension by a simple case-insensitive glob `*.ext` (no wildcard or
  dot after the first dot), with its glob weight (a name that several types claim at the same weight
  does not decide on its own);
- sub-class-of relations (a type's direct parents), for telling text from binary and for the name rule;
- aliases (another name → the type's own name), and the list of every type it defines;
- the content rules: every <magic> block (priority and match tree; values and masks as bytes, numbers
  in their byte order, host order taken as little-endian) and every <root-XML> rule.
CI compares the checked-in file with this script's output when the installed package has the same version.
"""
import json, subprocess, sys
import xml.etree.ElementTree as ET

SOURCE = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/mime/packages/freedesktop.org.xml"
NS = {"m": "http://www.freedesktop.org/standards/shared-mime-info"}

def package_version():
    try:
        out = subprocess.run(["dpkg-query", "-W", "-f=${Version}", "shared-mime-info"],
                             capture_output=True, text=True, check=True).stdout.strip()
        return out or "unknown"
    except (OSError, subprocess.CalledProcessError):
        return "unknown"

root = ET.parse(SOURCE).getroot()
claims = {}   # ext -> [(weight, registered, order, type)]
types = []
parents = {}
aliases = {}
order = 0
for node in root.findall("m:mime-type", NS):
    kind = node.get("type")
    types.append(kind)
    subs = [s.get("type") for s in node.findall("m:sub-class-of", NS)]
    if subs:
        parents[kind] = subs
    for alias in node.findall("m:alias", NS):
        aliases[alias.get("type")] = kind
    for glob in node.findall("m:glob", NS):
        pattern = glob.get("pattern")
        if glob.get("case-sensitive") == "true" or not pattern.startswith("*."):
            continue
        ext = pattern[2:]
        if not ext or any(c in ext for c in "*?[]."):
            continue
        order += 1
        weight = int(glob.get("weight", "50"))
        registered = not kind.split("/", 1)[1].startswith("x-")
        claims.setdefault(ext.lower(), []).append((weight, registered, -order, kind))


def c_string(value):
    """A <match type="string"> value: C escapes (\\n \\t \\r, \\xAB, octal \\777, \\c → c), UTF-8."""
    out = bytearray()
    raw = value.encode("utf-8")
    i = 0
    while i < len(raw):
        c = raw[i]
        if c != 0x5C or i + 1 >= len(raw):
            out.append(c)
            i += 1
            continue
        i += 1
        n = raw[i]
        if n in b"01234567":
            j = i
            while j < len(raw) and j < i + 3 and raw[j] in b"01234567":
                j += 1
            out.append(int(raw[i:j], 8) & 0xFF)
            i = j
        elif n == ord("x"):
            j = i + 1
            while j < len(raw) and j < i + 3 and chr(raw[j]) in "0123456789abcdefABCDEF":
                j += 1
            out.append(int(raw[i + 1:j] or b"0", 16) & 0xFF)
            i = j
        else:
            out.append({ord("n"): 10, ord("t"): 9, ord("r"): 13}.get(n, n))
            i += 1
    return bytes(out)

def c_number(text):
    """strtol(text, NULL, 0)."""
    text = text.strip()
    sign = -1 if text.startswith("-") else 1
    text = text.lstrip("+-")
    if text.lower().startswith("0x"):
        return sign * int(text[2:], 16)
    if text.startswith("0") and len(text) > 1:
        return sign * int(text, 8)
    return sign * int(text)

WIDTH = {"byte": (1, "little"), "host16": (2, "little"), "host32": (4, "little"), "big16": (2, "big"),
         "big32": (4, "big"), "little16": (2, "little"), "little32": (4, "little")}

def match_bytes(match):
    kind = match.get("type")
    if kind == "string":
        value = c_string(match.get("value"))
        mask = match.get("mask")
        mask = bytes.fromhex(mask[2:]) if mask else b""
    else:
        size, order = WIDTH[kind]
        value = (c_number(match.get("value")) & ((1 << (8 * size)) - 1)).to_bytes(size, order)
        mask = match.get("mask")
        mask = (c_number(mask) & ((1 << (8 * size)) - 1)).to_bytes(size, order) if mask else b""
    return value, mask

# Answers freedesktop's content rules may refine (SharedMimeInfo+Magic.swift): the generic ones, and
# every type some type with rules is a kind of (a plain container, Ogg, TIFF for camera raw, PostScript
# for EPS, ...): a rule may only make an answer more specific.
GENERIC = ["text/plain", "application/octet-stream", "text/troff"]

def unalias(kind):
    return aliases.get(kind, kind)

def is_kind(kind, ancestor):
    """sub-class-of closure (aliases resolved); every text/* type is a kind of text/plain."""
    seen, pending = set(), [unalias(kind)]
    while pending:
        nxt = pending.pop()
        if nxt == ancestor or (ancestor == "text/plain" and nxt.startswith("text/")):
            return True
        if nxt in seen:
            continue
        seen.add(nxt)
        pending += [unalias(p) for p in parents.get(nxt, [])]
    return False

magic_rows = []
root_rows = []
magic_types = []
# Types whose every top-level rule is printable text of at least eight bytes at a fixed start
# (PEM certificates and keys, "[D-BUS Service]"): rules for text, though the database does not make
# them kinds of text/plain.
textual_rules = {}
for node in root.findall("m:mime-type", NS):
    kind = node.get("type")
    if node.findall("m:magic", NS):
        magic_types.append(kind)
    for magic in node.findall("m:magic", NS):
        priority = int(magic.get("priority", "50"))
        def walk(match, depth):
            offset = match.get("offset")
            start, _, end = offset.partition(":")
            value, mask = match_bytes(match)
            magic_rows.append(f"{kind}\t{priority}\t{depth}\t{int(start)}\t{int(end or start)}\t{value.hex()}\t{mask.hex() or '-'}")
            for child in match.findall("m:match", NS):
                walk(child, depth + 1)
        for match in magic.findall("m:match", NS):
            walk(match, 0)
            value, mask = match_bytes(match)
            printable = match.get("type") == "string" and not mask and len(value) >= 8 and all(
                32 <= b < 127 or b in (9, 10, 13) for b in value)
            textual_rules[kind] = textual_rules.get(kind, True) and printable
    for rule in node.findall("m:root-XML", NS):
        root_rows.append(f"{rule.get('namespaceURI')}\t{rule.get('localName')}\t{kind}")

def block(name, doc, rows):
    print(f"  /// {doc}")
    print(f'  static let {name}: String = """')
    for row in rows:
        print("    " + row)
    print('    """')

print("// Generated by .ci/gen-mime-info.py from shared-mime-info's freedesktop.org.xml. Do not edit by hand.")
print("")
print("extension SharedMimeInfo {")
print(f'  /// The version of Debian\'s shared-mime-info package the table was made from.')
print(f'  static let sourceVersion = "{package_version()}"')
print("")
ancestors = set()
for kind in magic_types:
    seen, pending = set(), list(parents.get(unalias(kind), []))
    while pending:
        nxt = unalias(pending.pop())
        if nxt in seen:
            continue
        seen.add(nxt)
        pending += parents.get(nxt, [])
    ancestors |= seen
REFINABLE = GENERIC + sorted(ancestors - set(GENERIC))
refining = {}
for answer in REFINABLE:
    text, binary = answer == "text/plain", answer == "application/octet-stream"
    refining[answer] = sorted({t for t in magic_types if t != answer and (
        (is_kind(t, "text/plain") or textual_rules.get(t, False)) if text
        else (not is_kind(t, "text/plain")) if binary else is_kind(t, answer))})
block("globRows", "`extension<TAB>type<TAB>weight` for every type that claims the extension.",
      [f"{e}\t{t}\t{w}" for e, c in sorted(claims.items()) for (w, _, _, t) in sorted(c, key=lambda x: (-x[0], x[3]))])
print("")
block("magicRows",
      "`type<TAB>priority<TAB>depth<TAB>first offset<TAB>last offset<TAB>value hex<TAB>mask hex`: each <magic> "
      "match in document order, depth 0 for a block's alternatives, deeper for the matches nested in the one above.",
      magic_rows)
print("")
block("rootXMLRows", "`namespace<TAB>local name<TAB>type` (<root-XML>).", root_rows)
print("")
block("refiningRows",
      "`answer<TAB>type type …`: for each answer the content rules may refine, the types with rules that "
      "are more specific (a text type for text/plain, a binary one for application/octet-stream, else a kind of it).",
      [f"{a}\t{' '.join(refining[a])}" for a in REFINABLE])
print("")
def lookup(name, doc, kind, rows):
    """A Swift array sorted by its first field (UTF-8 bytes: Swift's order for these ASCII names), searched
    by halving: a start builds no index."""
    keys = [row if isinstance(row, str) else row[0] for row in rows]
    assert keys == sorted(keys, key=lambda k: k.encode()) and len(set(keys)) == len(keys)
    assert all(value.isascii() for row in rows for value in ([row] if isinstance(row, str) else flat(row)))
    print(f"  /// {doc}")
    print(f"  static let {name}: [{kind}] = [")
    for row in rows:
        print(f"    {swift(row)},")
    print("  ]")
def flat(row):
    return [v for value in row for v in ([value] if isinstance(value, str) else value)]
def swift(value):
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(swift(v) for v in value) + "]"
    return "(" + ", ".join(swift(v) for v in value) + ")"
lookup("parentsByType", "Each type's direct parents (sub-class-of), sorted by type.", "(type: String, parents: [String])",
       [(t, list(p)) for t, p in sorted(parents.items())])
print("")
lookup("typeNames", "Every type the database defines, sorted.", "String", sorted(types))
print("")
lookup("typeByAlias", "Each alias's type (the database's own name), sorted by alias.", "(alias: String, type: String)",
       sorted(aliases.items()))
print("}")
