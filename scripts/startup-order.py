#!/usr/bin/env python3
"""Writes lld's symbol ordering file for the release build from what one-shot commands touch.

Called by scripts/startup-order.sh, which runs the commands under valgrind. Inputs:
  --map FILE        lld's link map of the unordered build (--no-demangle), for the input sections' sizes
  --symbols FILE    `nm -S --defined-only` of that binary, to name the data addresses
  --functions FILE  a callgrind output (--demangle=no); once per command
  --addresses FILE  the data addresses a command loaded or stored (valgrind lackey), one hex a line

The order: functions first (those every command runs before those only some run, then in the order
callgrind met them), with functions that sit in a large input section (an object compiled without
function sections, such as the Swift standard library's) after the rest, so that they do not spread
the small ones; then the data and bss symbols the commands touched: each command's new ones after
the previous command's (the first command is the plainest start), by address in the unordered
build (which keeps each object's together; ranking them as the functions are ranked faulted in
more pages). lld moves whole input sections, in the order of their first listed symbol; names it
does not know are skipped (the build passes --no-warn-symbol-ordering). Writes to standard output.
"""
import argparse, bisect, re, sys

LARGE_SECTION = 16 * 1024
# Each line of lld's map: address, load address, size, alignment, then the name indented by depth
# (output section 0, input section 8, symbol 16).
MAP_LINE = re.compile(r"^\s*([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)\s+\d+ (\s*)(.*)$")
CALLGRIND_FN = re.compile(r"^(c?fn)=\((\d+)\)(?: (.*))?$")


def text_section_sizes(path):
    """The size of the input section of each symbol defined in .text."""
    sizes, current, in_text = {}, None, False
    with open(path, errors="replace") as lines:
        for line in lines:
            match = MAP_LINE.match(line.rstrip("\n"))
            if not match:
                continue
            size, depth, name = int(match.group(2), 16), len(match.group(3)), match.group(4)
            if depth == 0:
                in_text = name == ".text"
            elif in_text and depth == 8:
                current = size
            elif in_text and current is not None:
                sizes.setdefault(name, current)
    return sizes


def functions(path):
    """The functions a callgrind profile ran, in the order the profile names them."""
    names, ran = {}, []
    with open(path, errors="replace") as lines:
        for line in lines:
            match = CALLGRIND_FN.match(line.rstrip("\n"))
            if not match:
                continue
            kind, key, name = match.groups()
            if name:
                # callgrind marks recursion depth with 'N; the symbol is the same
                names[key] = re.sub(r"'\d+$", "", name)
            if kind == "fn" and key in names and not names[key].startswith("0x"):
                ran.append(names[key])
    return list(dict.fromkeys(ran))


def data_symbols(path):
    """Start, size and name of each data, read-only data and bss symbol, sorted by address."""
    symbols = []
    with open(path) as lines:
        for line in lines:
            fields = line.split()
            if len(fields) == 4 and fields[2] in "dDbBrRvV":
                symbols.append((int(fields[0], 16), int(fields[1], 16), fields[3]))
    symbols.sort()
    return symbols


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--map", required=True)
    parser.add_argument("--symbols", required=True)
    parser.add_argument("--functions", action="append", default=[])
    parser.add_argument("--addresses", action="append", default=[])
    args = parser.parse_args()

    sizes = text_section_sizes(args.map)
    commands_running, first_met = {}, {}
    for path in args.functions:
        for name in functions(path):
            commands_running[name] = commands_running.get(name, 0) + 1
            first_met.setdefault(name, len(first_met))
    ranked = sorted(commands_running, key=lambda name: (-commands_running[name], first_met[name]))
    small = [name for name in ranked if sizes.get(name, 0) <= LARGE_SECTION]
    large = [name for name in ranked if sizes.get(name, 0) > LARGE_SECTION]

    symbols = data_symbols(args.symbols)
    starts = [start for start, _, _ in symbols]
    touched = {}  # name: (first command touching it, address)
    for command, path in enumerate(args.addresses):
        found = {}
        with open(path) as lines:
            for line in lines:
                address = int(line, 16)
                index = bisect.bisect_right(starts, address) - 1
                if index >= 0:
                    start, size, name = symbols[index]
                    if address < start + max(size, 1):
                        found[name] = start
        for name, start in found.items():
            touched.setdefault(name, (command, start))

    out = sys.stdout
    out.write("# Generated by scripts/startup-order.sh; do not edit. lld's --symbol-ordering-file for\n")
    out.write("# scripts/build-release.sh: the functions, then the data, that one-shot commands touch.\n")
    out.write(f"# {len(small)} functions in small sections, {len(large)} in large ones, {len(touched)} data symbols.\n")
    data = sorted(touched, key=lambda name: (touched[name], name))
    for name in small + large + data:
        out.write(name + "\n")
    print(f"startup-order: {len(small)} + {len(large)} functions, {len(touched)} data symbols", file=sys.stderr)


if __name__ == "__main__":
    main()
