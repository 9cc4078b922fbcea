#!/usr/bin/env python3
"""Times one-shot commands against each other, interleaved: ROUNDS rounds, each running every
command RUNS times in turn, so a machine that speeds up or slows down during the run moves every
command alike (hyperfine runs each command's runs in one block, and on a shared VM the block of
`file` and the block of share-route could land on different machine states). Each command is
started with posix_spawn, its output thrown away, and timed from the spawn to its exit; the
medians are written as JSON ({"results": [{"command", "median", "runs", "faults"}]}: the median in
seconds, faults the median count of minor page faults of one run), for the caller to print. A command that is killed or exits above 1 (share-route: 1 is "no handler
accepted") stops the run: a failing command would otherwise be timed as a fast one.

Each command whose program is given as a path is timed as an installed copy (`install`ed beside
the original, removed at the end): a start maps the program's pages from the page cache, and a
file the linker has just written sits there in small pieces that cost a one-shot start about a
sixth more page faults (411 against 397 for one build, 0.3–1 ms) than the same bytes copied or read
back from disk, as an installed program and `file` are. The command's name in the results stays
the original's.

Usage: bench/oneshot.py ROUNDS RUNS CWD OUT.json -- 'command one' 'command two' ... 'file --mime-type X'
"""
import atexit, json, os, shlex, shutil, statistics, sys, tempfile, time

rounds, runs, cwd, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4]
given = [shlex.split(c) for c in sys.argv[sys.argv.index("--") + 1:]]
commands = []
copies = {}  # one installed copy per program
for command in given:
    program = command[0]
    if os.sep in program:
        program = os.path.abspath(os.path.join(cwd, program))
        if program not in copies:
            directory = tempfile.mkdtemp(prefix=".oneshot-", dir=os.path.dirname(program))
            atexit.register(shutil.rmtree, directory, True)
            copies[program] = os.path.join(directory, os.path.basename(program))
            shutil.copy2(program, copies[program])
        program = copies[program]
    commands.append([program] + command[1:])
os.chdir(cwd)
devnull = os.open(os.devnull, os.O_WRONLY)
actions = [(os.POSIX_SPAWN_DUP2, devnull, 1), (os.POSIX_SPAWN_DUP2, devnull, 2)]
times = [[] for _ in commands]
faults = [[] for _ in commands]
for _ in range(rounds):
    for index, command in enumerate(commands):
        for _ in range(runs):
            start = time.perf_counter()
            pid = os.posix_spawnp(command[0], command, os.environ, file_actions=actions)
            _, status, usage = os.wait4(pid, 0)
            times[index].append(time.perf_counter() - start)
            faults[index].append(usage.ru_minflt)
            if os.waitstatus_to_exitcode(status) not in (0, 1):
                sys.exit(f"oneshot.py: {' '.join(command)} failed (wait status {status})")
results = [
    {"command": " ".join(c), "median": statistics.median(t), "runs": len(t), "faults": statistics.median(f)}
    for c, t, f in zip(given, times, faults)
]
with open(out, "w") as f:
    json.dump({"results": results}, f)
