#!/usr/bin/env python3
"""How often the Stop gate blocks, replayed on the quality corpus (BENCHMARKS.md, "The Stop gate").

    scripts/gate-replay.py [--aggregate PREFIX…] [--results DIR]

Runs the quality kit's replay (CARNET_QUALITY, default ../shared/quality: run.sh with
GATE=1) twice with this tree's carnet: once as it is (the agent ignores every block: the
window opens again at the block), once with the agent's notes simulated (after each block,
the workspace gets a `carnet add --nothing`, a record the gate reads, as an agent that
answers the message would). It counts the turn-by-turn replay only (the kit's turns/
workspace: one Stop or AfterAgent per prompt), reads each session's time from the gate's own
state (first and last turn seen), and prints per session: stops, blocks, blocks per hour,
files changed (the kit's count); then the totals and the three targets of the gate (at most
20 % of stops; no session over max(2, half its prompts); a block in every session that
changed three files or more). Sessions whose name starts with an --aggregate prefix (default
f: the corpus's measured half) are reported only in aggregate. Needs go, git, python3.
"""
import argparse
import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile
from datetime import datetime

ROOT = subprocess.run(['git', 'rev-parse', '--show-toplevel'], capture_output=True, text=True, check=True).stdout.strip()
KIT = os.environ.get('CARNET_QUALITY', os.path.join(ROOT, '..', 'shared', 'quality'))

WRAPPER = """#!/bin/sh
# carnet, and a record after each block of the gate: the agent's notes, simulated.
"{carnet}" "$@" <&0
rc=$?
if [ "$rc" = 2 ] && [ "$1" = "--hook" ]; then "{carnet}" add --nothing >/dev/null 2>&1; fi
exit $rc
"""


def replay(results, carnet):
    env = dict(os.environ, GATE='1', RESULTS=results, CARNET=carnet)
    subprocess.run([os.path.join(KIT, 'run.sh')], cwd=ROOT, env=env, check=True, stdout=subprocess.DEVNULL)


def parse(t):
    return datetime.fromisoformat(t.replace('Z', '+00:00')) if t else None


def sessions(results):
    metrics = {m['name']: m for m in json.load(open(os.path.join(results, 'metrics.json')))}
    out = []
    for name in sorted(metrics):
        path = os.path.join(results, name, 'payloads.jsonl')
        if not os.path.exists(path):
            continue
        stops = blocks = 0
        for line in open(path, encoding='utf-8'):
            o = json.loads(line)
            p = o['payload']
            if os.path.basename(p.get('cwd', '')) != 'turns' or p.get('hook_event_name') not in ('Stop', 'AfterAgent'):
                continue
            stops += 1
            blocks += o['rc'] == 2
        first = last = None
        for s in glob.glob(os.path.join(results, name, 'turns', '**', 'logs', '.debug', 'gate', '*.json'), recursive=True):
            st = json.load(open(s))
            f, l = parse(st.get('first')), parse(st.get('last'))
            if f and (first is None or f < first):
                first = f
            if l and (last is None or l > last):
                last = l
        hours = (last - first).total_seconds() / 3600 if first and last else 0.0
        out.append({'name': name, 'stops': stops, 'blocks': blocks, 'hours': hours, 'files': metrics[name].get('files_truth', 0)})
    return out


def report(title, rows, hidden):
    print(f'## {title}\n')
    print('| session | stops | blocks | hours | blocks/hour | files changed |')
    print('|---|---:|---:|---:|---:|---:|')
    for r in rows:
        if not r['name'].startswith(hidden):
            rate = f"{r['blocks'] / r['hours']:.1f}" if r['hours'] >= 0.05 else '–'
            print(f"| {r['name']} | {r['stops']} | {r['blocks']} | {r['hours']:.1f} | {rate} | {r['files']} |")
    for label, part in (('measured half (aggregate)', [r for r in rows if r['name'].startswith(hidden)]), ('all', rows)):
        if not part:
            continue
        s, b, h = sum(r['stops'] for r in part), sum(r['blocks'] for r in part), sum(r['hours'] for r in part)
        none = sum(r['blocks'] == 0 for r in part)
        over = sum(r['blocks'] > max(2, r['stops'] / 2) for r in part)
        missed = sum(r['files'] >= 3 and r['blocks'] == 0 for r in part)
        worst = max(part, key=lambda r: r['blocks'] / max(r['stops'], 1))
        print(f"| **{label}**: {len(part)} sessions | {s} | {b} ({100 * b / max(s, 1):.1f} %) | {h:.1f} | {b / h if h else 0:.2f} | "
              f"none: {none}; over max(2, prompts/2): {over}; ≥3 files, no block: {missed}; highest share {worst['blocks']}/{worst['stops']} |")
    print()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--aggregate', nargs='*', default=['f'])
    ap.add_argument('--results', help='keep the replays there (default: a temporary folder, removed)')
    a = ap.parse_args()
    tmp = a.results or tempfile.mkdtemp(prefix='gate-replay-')
    os.makedirs(tmp, exist_ok=True)
    carnet = os.path.join(tmp, 'carnet')
    subprocess.run(['go', 'build', '-o', carnet, './cmd/carnet'], cwd=ROOT, check=True)
    wrapper = os.path.join(tmp, 'carnet-notes')
    with open(wrapper, 'w') as f:
        f.write(WRAPPER.format(carnet=carnet))
    os.chmod(wrapper, 0o755)
    try:
        hidden = tuple(a.aggregate) if a.aggregate else ('\0',)
        for title, bin_, sub in (('Without the agent\'s notes', carnet, 'plain'), ('With the agent\'s notes after each block', wrapper, 'notes')):
            res = os.path.join(tmp, sub)
            replay(res, bin_)
            report(title, sessions(res), hidden)
    finally:
        if not a.results:
            shutil.rmtree(tmp, ignore_errors=True)


if __name__ == '__main__':
    sys.exit(main())
