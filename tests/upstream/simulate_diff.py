"""diff.py --simulate's comparison: spreadlab's `simulate --format json` against kube-cycle
--simulate (upstream's controllers and scheduler over a fake clientset), step by step.

Pods a StatefulSet makes are compared by name (their ordinals are upstream's); the names a
ReplicaSet, Job or DaemonSet gives are random, so their pods are compared by workload: how
many were created, deleted by the controllers and removed by the event, and the nodes they
were bound to, removed from or deleted from (as multisets). Pending pods: per workload,
their count and kube-scheduler's messages. When the placements differ only among nodes
spreadlab reports tied for the top score (upstream picks one at random), or the controllers
deleted pods from other nodes of equal rank, the two clusters part: compared up to there.
"""
import collections


def _by_workload(pods, value):
    out = collections.defaultdict(collections.Counter)
    for p in pods:
        out[p.get("workload") or "(bare pod)"][value(p)] += 1
    return out


def _node(p):
    return p.get("node") or ""


def _stateful(p):
    return (p.get("workload") or "").startswith("StatefulSet/")


def _show(counter):
    return ", ".join(f"{k or 'none'}×{n}" if n > 1 else (k or "none") for k, n in sorted(counter.items()))


def _compare_multisets(what, sl, kc, value):
    diffs = []
    s, u = _by_workload(sl, value), _by_workload(kc, value)
    for w in sorted(set(s) | set(u)):
        if s[w] != u[w]:
            diffs.append(f"{what} {w}: spreadlab [{_show(s[w])}], upstream [{_show(u[w])}]")
    return diffs


def _named(pods, value):
    return {p["pod"]: value(p) for p in pods if _stateful(p)}


def compare_simulate(sl, kc, normalize):
    """-> (diffs, notes). `normalize` blanks what a message may differ in by a tie."""
    diffs, notes = [], []
    ss, us = sl.get("steps") or [], kc.get("steps") or []
    if [s["action"].split()[0] for s in ss] != [u["action"].split()[0] for u in us]:
        return [f"steps: spreadlab {[s['action'] for s in ss]}, upstream {[u['action'] for u in us]}"], []
    for i, (s, u) in enumerate(zip(ss, us)):
        label = f"step {i} ({s['action']})"
        if not u.get("settled"):
            return [f"{label}: upstream's cluster did not settle"], notes
        if not s.get("settled", True):
            return [f"{label}: spreadlab's cluster did not settle"], notes
        if u.get("unapplied"):
            return [f"{label}: upstream could not apply it: {'; '.join(u['unapplied'])}"], notes
        step = []
        step += _compare_multisets(f"{label} created", s["created"], u["created"], lambda p: "")
        step += _compare_multisets(f"{label} removed by the event", s["evicted"], u["evicted"], _node)
        sn, un = _named(s["created"], lambda p: ""), _named(u["created"], lambda p: "")
        if set(sn) != set(un):
            step.append(f"{label} created: spreadlab {sorted(sn)}, upstream {sorted(un)}")
        if step:
            return diffs + step, notes
        deleted = _compare_multisets(f"{label} deleted by the controllers", s["deleted"], u["deleted"], lambda p: "")
        if deleted:
            return diffs + deleted, notes
        if _compare_multisets("", s["deleted"], u["deleted"], _node):
            return diffs, notes + [f"{label}: the controllers deleted pods on other nodes of equal rank "
                                   f"(spreadlab [{_show(collections.Counter(map(_node, s['deleted'])))}], upstream "
                                   f"[{_show(collections.Counter(map(_node, u['deleted'])))}]): compared up to here"]
        placed = _compare_multisets(f"{label} placed", s["placements"], u["placements"], _node)
        placed += [f"{label} {pod}: spreadlab {node or 'Pending'}, upstream {_named(u['placements'], _node).get(pod) or 'Pending'}"
                   for pod, node in _named(s["placements"], _node).items()
                   if node != _named(u["placements"], _node).get(pod)]
        if placed:
            tied = {n for p in s["placements"] for n in p.get("topNodes") or []}
            unamed, stop = _named(u["placements"], _node), {p["pod"]: p.get("topNodes") or [] for p in s["placements"]}
            if all(unamed.get(pod) in stop.get(pod, []) for pod in _named(s["placements"], _node)
                   if unamed.get(pod) != _named(s["placements"], _node)[pod]) and \
                    not _compare_multisets("", s["placements"], u["placements"], _node):
                return diffs, notes + [f"{label}: a tie for the top score, upstream put a StatefulSet's pods on "
                                       f"other tied nodes: compared up to here"]
            upstream_only = _by_workload(u["placements"], _node)
            spreadlab_has = _by_workload(s["placements"], _node)
            extra = {n for w, c in upstream_only.items() for n in (c - spreadlab_has[w])}
            if tied and extra and extra <= tied and len(u["placements"]) == len(s["placements"]):
                return diffs, notes + [f"{label}: a tie for the top score ({', '.join(sorted(tied))}), upstream "
                                       f"took {', '.join(sorted(extra))}: compared up to here"]
            return diffs + placed, notes
        pend = _compare_multisets(f"{label} Pending", s["pending"], u["pending"],
                                  lambda p: normalize(p.get("message") or ""))
        sp, up = _named(s["pending"], lambda p: ""), _named(u["pending"], lambda p: "")
        if set(sp) != set(up):
            pend.append(f"{label} Pending: spreadlab {sorted(sp)}, upstream {sorted(up)}")
        if pend:
            return diffs + pend, notes
    return diffs, notes
