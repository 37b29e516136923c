#!/usr/bin/env python3
"""Compare spreadlab's `explain --format json` with upstream kube-scheduler (kube-cycle).

    python3 diff.py [--spreadlab BIN] [--kube-cycle BIN] [--report FILE.jsonl] [-q] FILE...

For each scenario: the feasible set, each infeasible node's rejectedBy plugin and its
reasons, each feasible node's per-plugin weighted score and total, whether scoring ran,
the selected node and the message (kube-scheduler's FitError text, with the PostFilter's
"preemption: ..." sentence) and, when both sides report a preemption, its nominated node
and victims (a tie among candidate nodes that spreadlab flags accepts any of them, as
upstream picks at random). Plugins spreadlab
lists under notSimulated are left out of the score comparison (their upstream scores are
reported); a tie for the top total upstream (selectHost picks at random) accepts any of
the tied nodes. Both tools read the same JSON: the scenario as `spreadlab export` prints
it, with the pods its workload controllers make (so YAML and Deployments need nothing
else). Scenarios upstream refuses (e.g. a profile with the SelectorSpread plugin, removed
upstream after v1.26) and those with no pending pod are skipped.

With --loop, end to end instead: kube-cycle --loop runs the real scheduling loop
(scheduler.New + Run over a fake clientset) and creates the pending pods one at a time in
spreadlab's queue order, each after the one before is bound or unschedulable; each pod's
node (or its PodScheduled message and nomination) is compared with spreadlab's `schedule`
until a tie upstream broke another way or a preemption, after which the clusters may part.

With --simulate, the cluster over time: kube-cycle --simulate runs upstream's controllers
(Deployment, ReplicaSet, StatefulSet, Job, DaemonSet, the PV binder, ...) beside the real
scheduler on the scenario as written, applies the events of its spreadlab.io/simulate
annotation one by one and lets the cluster settle after each; each step is compared with
spreadlab's `simulate` (simulate_diff.py says how).

Prints OK / DIFF / SKIP per scenario and "N scenarios, M agree" (plus skipped);
exits 1 when any differ.
"""
import argparse
import collections
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

import simulate_diff



# No run may hang the test command: a tool that has not answered in this time, or that
# says it is stuck (exit 3: kube-cycle --simulate's watchdog), fails the scenario.
RUN_TIMEOUT = 600


class Stuck(Exception):
    """A run that hung: a failure of the scenario in every mode, never a skip."""


def run(cmd):
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=RUN_TIMEOUT)
    except subprocess.TimeoutExpired:
        raise Stuck(f"{os.path.basename(cmd[0])} did not answer within {RUN_TIMEOUT} s")
    except OSError as e:
        sys.exit(f"diff.py: cannot run {cmd[0]}: {e}")
    if p.returncode == 3:
        raise Stuck(p.stderr.strip() or f"{os.path.basename(cmd[0])} exited 3")
    out = None
    if p.stdout.strip():
        try:
            out = json.loads(p.stdout)
        except json.JSONDecodeError:
            out = None
    return p.returncode, out, p.stderr.strip()


def compare(sl, kc):
    """Differences between spreadlab's trace and kube-cycle's, as lines."""
    diffs = []
    not_sim = set(sl.get("notSimulated") or [])
    if sl["pod"] != kc["pod"]:
        diffs.append(f"pod: spreadlab {sl['pod']}, upstream {kc['pod']}")
    if (sl.get("error") is None) != (kc.get("error") is None):
        diffs.append(f"error: spreadlab {sl.get('error')!r}, upstream {kc.get('error')!r}")
    sln = {n["name"]: n for n in sl["nodes"]}
    kcn = {n["name"]: n for n in kc["nodes"]}
    if set(sln) != set(kcn):
        diffs.append(f"nodes: spreadlab {sorted(sln)}, upstream {sorted(kcn)}")
    sl_feas = [n["name"] for n in sl["nodes"] if n["feasible"]]
    kc_feas = kc["feasible"]
    if set(sl_feas) != set(kc_feas):
        diffs.append(f"feasible: spreadlab {sorted(sl_feas)}, upstream {sorted(kc_feas)}")
    for name in sln:
        if name not in kcn:
            continue
        a, b = sln[name], kcn[name]
        if a["feasible"] != b["feasible"]:
            why = f"{b['rejectedBy']}: {', '.join(b.get('reasons') or [])}" if not b["feasible"] else f"{a['rejectedBy']}: {reason_of(a)}"
            side = "upstream" if not b["feasible"] else "spreadlab"
            extra = " (a plugin spreadlab does not simulate)" if b.get("rejectedBy") in not_sim else ""
            diffs.append(f"node {name}: feasible spreadlab={a['feasible']} upstream={b['feasible']} ({side} rejects by {why}){extra}")
            continue
        if not a["feasible"]:
            if a.get("notEvaluated") == "PreFilterRejected" and a.get("rejectedBy") is None:
                # spreadlab names the PreFilter that rejected the pod in its preFilter list;
                # upstream's node status carries that plugin.
                rejecting = [p["plugin"] for p in sl.get("preFilter") or [] if p["code"] not in ("Success", "Skip")]
                a = dict(a, rejectedBy=rejecting[0] if rejecting else None)
                if b.get("rejectedBy") is not None and a["rejectedBy"] != b["rejectedBy"]:
                    diffs.append(f"node {name}: rejectedBy spreadlab {a['rejectedBy']}, upstream {b['rejectedBy']}")
                continue
            if a.get("rejectedBy") is None and b.get("rejectedBy") is None:
                # Not filtered: PreFilter rejected the pod, or a PreFilterResult left the node out
                # (upstream's status for it then has no plugin; the FitError text is compared below).
                if (a.get("notEvaluated") or "") != (b.get("notEvaluated") or ""):
                    diffs.append(f"node {name}: not evaluated: spreadlab {a.get('notEvaluated')}, upstream {b.get('notEvaluated')}")
            elif a.get("rejectedBy") != b.get("rejectedBy"):
                diffs.append(f"node {name}: rejectedBy spreadlab {a.get('rejectedBy')}, upstream {b.get('rejectedBy')}")
            elif reason_of(a) != ", ".join(b.get("reasons") or []):
                diffs.append(f"node {name}: {a.get('rejectedBy')} reason spreadlab {reason_of(a)!r}, upstream {', '.join(b.get('reasons') or [])!r}")
            continue
        # Feasible in both: scores.
        sl_scores = {s["plugin"]: s["weighted"] for s in a.get("scores") or []}
        kc_scores = dict(b.get("scores") or {})
        if a.get("total") is None or b.get("total") is None:
            if (a.get("total") is None) != (b.get("total") is None):
                diffs.append(f"node {name}: total spreadlab {a.get('total')}, upstream {b.get('total')}")
            continue
        excluded = {p: s for p, s in kc_scores.items() if p in not_sim}
        for p in sorted(set(sl_scores) | set(kc_scores)):
            if p in not_sim:
                continue
            if sl_scores.get(p) != kc_scores.get(p):
                norm = (b.get("normalized") or {}).get(p)
                raw = (b.get("raw") or {}).get(p)
                sl_s = next((s for s in a["scores"] if s["plugin"] == p), None)
                sl_detail = f" (raw {sl_s['raw']}, normalized {sl_s['normalized']})" if sl_s else ""
                diffs.append(f"node {name}: {p} weighted spreadlab {sl_scores.get(p)}{sl_detail}, upstream {kc_scores.get(p)} (raw {raw}, normalized {norm})")
        kc_total = b["total"] - sum(excluded.values())
        if a["total"] != kc_total:
            ex = f" (upstream {b['total']} less not-simulated {excluded})" if excluded else ""
            diffs.append(f"node {name}: total spreadlab {a['total']}, upstream {kc_total}{ex}")
    if bool(sl.get("scored")) != bool(kc.get("scored")):
        diffs.append(f"scored: spreadlab {sl.get('scored')}, upstream {kc.get('scored')}")
    # Selection and message.
    top = kc.get("topNodes")
    if kc.get("selected") is None and top:
        if sl.get("selected") not in top:
            diffs.append(f"selected: spreadlab {sl.get('selected')}, upstream a tie among {top}")
        elif sl.get("message") != f"Successfully assigned {kc['pod']} to {sl.get('selected')}":
            diffs.append(f"message: spreadlab {sl.get('message')!r}")
    else:
        if sl.get("selected") != kc.get("selected"):
            diffs.append(f"selected: spreadlab {sl.get('selected')}, upstream {kc.get('selected')}")
        sl_msg, kc_msg = sl.get("message"), kc.get("message")
        if preemption_tie(sl, kc) and sl_msg and kc_msg:
            # The preemption chose another of the tied nodes: its name is in the message.
            sl_msg, kc_msg = PLACEMENT.sub(r"\1<tied node>\3", sl_msg), PLACEMENT.sub(r"\1<tied node>\3", kc_msg)
        if sl_msg != kc_msg:
            diffs.append(f"message: spreadlab {sl.get('message')!r}\n           upstream  {kc.get('message')!r}")
    diffs += compare_preemption(sl, kc)
    if kc.get("upstreamCheck") not in ("ok", None) and not str(kc.get("upstreamCheck")).startswith("skipped"):
        diffs.append(f"kube-cycle self-check: {kc['upstreamCheck']}")
    return diffs


PLACEMENT = re.compile(r"(found a potential placement for pod on node )(\S+?)(, preempting \d+ victims)")


def victim_names(p):
    """Sorted "namespace/name" of a preemption's victims (strings, or objects with "pod")."""
    return sorted(v["pod"] if isinstance(v, dict) else v for v in p.get("victims") or [])


def preemption_tie(sl, kc):
    """Spreadlab flags a tie among preemption candidates that holds upstream's nominated node
    (upstream picks one of the equally good candidates at random), and chose one of them."""
    sp, kp = sl.get("preemption"), kc.get("preemption")
    if not isinstance(sp, dict) or not isinstance(kp, dict):
        return False
    tie = sp.get("tie") if isinstance(sp.get("tie"), list) else []
    return kp.get("nominatedNode") in tie and sp.get("nominatedNode") in tie


def compare_preemption(sl, kc):
    """The nominated node and the victims, when both sides report a preemption."""
    sp, kp = sl.get("preemption"), kc.get("preemption")
    if not isinstance(sp, dict) or not isinstance(kp, dict):
        return []
    if preemption_tie(sl, kc):
        return []
    diffs = []
    if sp.get("nominatedNode") != kp.get("nominatedNode"):
        tie = f" (spreadlab's tie: {sp['tie']})" if sp.get("tie") else ""
        diffs.append(f"preemption nominatedNode: spreadlab {sp.get('nominatedNode')!r}, upstream {kp.get('nominatedNode')!r}{tie}")
    sv, kv = victim_names(sp), victim_names(kp)
    unobserved = kp.get("unobservedVictims") or 0
    if unobserved:
        # Victims already terminating get no delete call upstream; kube-cycle could not name them.
        if not set(kv) <= set(sv) or len(sv) != len(kv) + unobserved:
            diffs.append(f"preemption victims: spreadlab {sv}, upstream {kv} and {unobserved} unnamed (already terminating)")
    elif sv != kv:
        diffs.append(f"preemption victims: spreadlab {sv}, upstream {kv}")
    return diffs


def reason_of(node):
    for f in node.get("filter") or []:
        if f["plugin"] == node.get("rejectedBy"):
            return f.get("reason", "")
    return ""


def excluded_scores(sl, kc):
    """Upstream's scores of the plugins spreadlab does not simulate, where not all 0."""
    not_sim = set(sl.get("notSimulated") or [])
    seen = {}
    for n in kc["nodes"]:
        for p, s in (n.get("scores") or {}).items():
            if p in not_sim and s:
                seen.setdefault(p, {})[n["name"]] = s
    return seen


def check(path, args):
    """-> (status, lines, record)"""
    rec = {"file": path}
    try:
        return check_mode(path, args, rec)
    except Stuck as e:  # with the goroutines, when kube-cycle printed them, in the report
        rec["stderr"] = str(e)
        return "DIFF", [f"stuck: {str(e).splitlines()[0]}"], rec


def check_mode(path, args, rec):
    if args.simulate:
        return check_simulate(path, args, rec)
    # Both tools read the document as spreadlab's workload controllers complete it
    # (`spreadlab export`: JSON, the pods a Deployment or StatefulSet makes included), so
    # YAML and workloads need nothing else.
    release = ["--kube-version", args.kube_version] if args.kube_version else []
    rc, doc, err = run([args.spreadlab, "export", path] + release)
    if rc == 2 or doc is None:
        return "SKIP", [f"spreadlab refuses it (exit {rc}): {err.splitlines()[-1] if err else ''}"], rec
    tmp = tempfile.NamedTemporaryFile("w", suffix=".json", delete=False)
    json.dump(doc, tmp)
    tmp.close()
    try:
        if args.loop:
            return check_loop(tmp.name, args, release, rec)
        rc, sl, err = run([args.spreadlab, "explain", tmp.name, "--format", "json"] + release)
        if rc == 2 or sl is None:
            return "SKIP", [f"spreadlab has nothing to explain (exit {rc}): {err.splitlines()[-1] if err else ''}"], rec
        krc, kc, kerr = run([args.kube_cycle, tmp.name, "--pod", sl["pod"]] + (["--no-api-defaults"] if args.no_api_defaults else []))
    finally:
        os.unlink(tmp.name)
    if krc == 2 or kc is None:
        return "SKIP", [f"upstream refuses it (exit {krc}): {kerr}"], rec
    diffs = compare(sl, kc)
    rec.update({"diffs": diffs, "notSimulated": sl.get("notSimulated") or [],
                "excludedScores": excluded_scores(sl, kc), "kubeVersion": kc.get("kubeVersion")})
    return ("DIFF" if diffs else "OK"), diffs, rec


def compare_loop(sl, kc):
    """The real scheduling loop (kube-cycle --loop) against spreadlab's `schedule`, pod by
    pod, up to where the two clusters may part: a tie for the top score that upstream broke
    another way (upstream's node must be among spreadlab's topNodes), or a preemption
    (upstream's executor deletes the victims and binds the preemptor later; `schedule`
    leaves it nominated). -> (diffs, notes)"""
    ups, sps = kc.get("placements") or [], sl.get("placements") or []
    if [p["pod"] for p in ups] != [p["pod"] for p in sps]:
        return [f"order: spreadlab {[p['pod'] for p in sps]}\n       upstream  {[p['pod'] for p in ups]}"], []
    for u, s in zip(ups, sps):
        pod, unode, snode = u["pod"], u.get("node") or "", s.get("node") or ""
        if u.get("message") == "gated":  # no cycle (SchedulingGates' PreEnqueue)
            if snode or not s.get("message", "").startswith("waiting for scheduling gates"):
                return [f"{pod}: spreadlab {snode or s.get('message')!r}, upstream gated"], []
            continue
        if unode != snode:
            if unode and unode in (s.get("topNodes") or []):
                return [], [f"{pod}: a tie for the top score ({', '.join(s['topNodes'])}), upstream took {unode}: compared up to here"]
            if unode and not snode and s.get("nominatedNode"):
                # Bound once its victims were gone: on the nominated node, or on another if
                # upstream's preemption chose another of equally good candidates.
                return [], [f"{pod}: preempted (spreadlab nominated {s['nominatedNode']}), upstream bound it to {unode} "
                            "once its victims were gone: compared up to here"]
            return [f"{pod}: spreadlab {snode or 'Pending'}, upstream {unode or 'Pending'}"
                    + ("" if snode else f"\n       spreadlab {s.get('message')!r}")
                    + ("" if unode else f"\n       upstream  {u.get('message')!r}")], []
        if snode:
            continue
        # A preemptor: upstream's condition is that of its latest cycle (after its victims
        # went, it may have preempted again), spreadlab's `schedule` has the first one.
        if s.get("nominatedNode") or u.get("nominatedNode"):
            if bool(s.get("nominatedNode")) != bool(u.get("nominatedNode")):
                return [f"{pod}: nominated: spreadlab {s.get('nominatedNode')}, upstream {u.get('nominatedNode')}"
                        f"\n       spreadlab {s.get('message')!r}\n       upstream  {u.get('message')!r}"], []
            return [], [f"{pod}: nominated (spreadlab {s.get('nominatedNode')}, upstream {u.get('nominatedNode')}): compared up to here"]
        smsg, umsg = PLACEMENT.sub(r"\1N\3", s.get("message", "")), PLACEMENT.sub(r"\1N\3", u.get("message", ""))
        if smsg != umsg:
            return [f"{pod} message: spreadlab {s.get('message')!r}\n       upstream  {u.get('message')!r}"], []
    return [], []


def check_loop(doc_path, args, release, rec):
    """check's --loop half, on the exported document at doc_path."""
    rc, sl, err = run([args.spreadlab, "schedule", doc_path, "--format", "json"] + release)
    if rc == 2 or sl is None:
        return "SKIP", [f"spreadlab schedule refuses it (exit {rc}): {err.splitlines()[-1] if err else ''}"], rec
    if not sl.get("placements"):
        return "SKIP", ["no pending pod"], rec
    krc, kc, kerr = run([args.kube_cycle, doc_path, "--loop"] + (["--no-api-defaults"] if args.no_api_defaults else []))
    if krc == 2 or kc is None:
        return "SKIP", [f"upstream refuses it (exit {krc}): {kerr}"], rec
    diffs, notes = compare_loop(sl, kc)
    rec.update({"diffs": diffs, "notes": notes, "pods": len(kc.get("placements") or []), "kubeVersion": kc.get("kubeVersion")})
    return ("DIFF" if diffs else "OK"), diffs + notes, rec


def simulate_message(m):
    """A Pending pod's message as both sides word it: a gated pod has no cycle upstream."""
    return "gated" if m.startswith("waiting for scheduling gates") else PLACEMENT.sub(r"\1N\3", m)


def check_simulate(path, args, rec):
    """--simulate: the cluster over time, on the scenario as written (both sides' controllers
    make its pods), with the steps of its spreadlab.io/simulate annotation."""
    release = ["--kube-version", args.kube_version] if args.kube_version else []
    rc, sl, err = run([args.spreadlab, "simulate", path, "--format", "json"] + release)
    if rc == 2 or sl is None:
        return "SKIP", [f"spreadlab simulate refuses it (exit {rc}): {err.splitlines()[-1] if err else ''}"], rec
    steps = []
    for s in sl["steps"][1:]:
        # The descheduler is not upstream's: its evictions are spreadlab's, by workload and node.
        if s["action"] == "deschedule":
            steps.append(" ".join(["deschedule"] + [f"{p['workload']}@{p['node']}" for p in s["evicted"]]))
        else:
            steps.append(s["action"])
    cmd = [args.kube_cycle, path, "--simulate"] + [a for st in steps for a in ("--step", st)]
    krc, kc, kerr = run(cmd + (["--no-api-defaults"] if args.no_api_defaults else []))
    if krc == 2 or kc is None:
        return "SKIP", [f"upstream refuses it (exit {krc}): {kerr}"], rec
    diffs, notes = simulate_diff.compare_simulate(sl, kc, simulate_message)
    rec.update({"diffs": diffs, "notes": notes, "steps": len(kc.get("steps") or []), "kubeVersion": kc.get("kubeVersion")})
    return ("DIFF" if diffs else "OK"), diffs + notes, rec


def signature(line):
    """A difference line with node names, numbers and quoted texts blanked, to group by kind."""
    sig = line.split("\n")[0]
    sig = re.sub(r"'[^']*'|\"[^\"]*\"", "<text>", sig)
    sig = re.sub(r"\bnode [\w.-]+:", "node N:", sig)
    sig = re.sub(r"\[[^\]]*\]", "[...]", sig)
    sig = re.sub(r"-?\d+", "#", sig)
    sig = re.sub(r"(spreadlab|upstream|selected:) [\w.-]*node[\w.-]*", r"\1 N", sig)
    return sig


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("files", nargs="+")
    ap.add_argument("--spreadlab", default=os.environ.get(
        "SPREADLAB", os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "build", "spreadlab")))
    cache = os.environ.get("XDG_CACHE_HOME", os.path.expanduser("~/.cache"))
    ap.add_argument("--kube-cycle", default=os.environ.get("KUBE_CYCLE", os.path.join(cache, "spreadlab-upstream", "kube-cycle")))
    ap.add_argument("--report", help="write one JSON record per scenario to this file")
    ap.add_argument("--kube-version", help="spreadlab answers as this release (X.Y), the one kube-cycle was built against")
    ap.add_argument("--no-api-defaults", action="store_true",
                    help="pass --no-api-defaults to kube-cycle: objects as written, without the API server's "
                         "defaulting (to see past differences that come only from it)")
    ap.add_argument("--loop", action="store_true",
                    help="end to end: the real scheduling loop (kube-cycle --loop: scheduler.New + Run, the pending "
                         "pods created one at a time) against spreadlab's `schedule`, pod by pod")
    ap.add_argument("--simulate", action="store_true",
                    help="the cluster over time: upstream's controllers and scheduler (kube-cycle --simulate) against "
                         "spreadlab's `simulate`, step by step (simulate_diff.py)")
    ap.add_argument("-j", "--jobs", type=int, default=1,
                    help="scenarios compared at once (a --simulate scenario mostly waits for its cluster to settle)")
    ap.add_argument("-q", "--quiet", action="store_true", help="print only DIFF scenarios and the summary")
    ap.add_argument("--group", action="store_true", help="end with the differences grouped by kind (count, first file)")
    args = ap.parse_args()

    # Work on a copy of the spreadlab binary: build/ may be rebuilt while a long run goes on.
    snap_dir = tempfile.mkdtemp(prefix="spreadlab-diff-")
    snap = os.path.join(snap_dir, "spreadlab")
    try:
        shutil.copy2(args.spreadlab, snap)
    except OSError as e:
        sys.exit(f"diff.py: cannot copy {args.spreadlab}: {e}")
    args.spreadlab = snap
    counts = {"OK": 0, "DIFF": 0, "SKIP": 0}
    report = open(args.report, "w", encoding="utf-8") if args.report else None
    version = None
    groups = collections.OrderedDict()
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs))
    for path, status, lines, rec in pool.map(lambda p: (p,) + check(p, args), args.files):
        for line in lines if status == "DIFF" else []:
            g = groups.setdefault(signature(line), [0, path])
            g[0] += 1
        version = version or rec.get("kubeVersion")
        counts[status] += 1
        rec["status"] = status
        if report:
            report.write(json.dumps(rec) + "\n")
        if status == "OK" and args.quiet:
            continue
        if status == "SKIP" and args.quiet:
            continue
        print(f"{status:4} {path}")
        for line in lines:
            print(f"     {line}")
        if rec.get("excludedScores") and not args.quiet:
            print(f"     (not compared, not simulated by spreadlab: {rec['excludedScores']})")
    if args.group and groups:
        print("differences by kind (occurrences, first scenario):")
        for sig, (count, first) in sorted(groups.items(), key=lambda kv: -kv[1][0]):
            print(f"  {count:5}  {sig}    [{first}]")
    shutil.rmtree(snap_dir, ignore_errors=True)
    n = counts["OK"] + counts["DIFF"]
    print(f"{n} scenarios, {counts['OK']} agree" + (f" ({counts['SKIP']} skipped)" if counts["SKIP"] else "")
          + (f" [upstream kube-scheduler {version}]" if version else ""))
    sys.exit(1 if counts["DIFF"] else 0)


if __name__ == "__main__":
    main()
