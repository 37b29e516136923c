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


def _tie_broken_elsewhere(sp, up):
    """The first of spreadlab's placements, in its order, that upstream did not make too (a
    StatefulSet pod by name, another by workload and node): -> (pod, node) when upstream put
    it (or, unnamed, a pod of its workload) on a node spreadlab found tied with its own for
    the top score, so that the clusters part there; else None."""
    named = _named(up, _node)
    left = _by_workload([p for p in up if not _stateful(p)], _node)
    for p in sp:
        tied = p.get("topNodes") or []
        if _stateful(p):
            if named.get(p["pod"]) == _node(p):
                continue
            other = named.get(p["pod"])
        else:
            w = p.get("workload") or "(bare pod)"
            if left[w][_node(p)] > 0:
                left[w][_node(p)] -= 1
                continue
            other = next((n for n in tied if left[w][n] > 0), None)
        return (p["pod"], other) if other in tied else None
    return None


def _tie_in_order(sp, up):
    """When both placed the same workloads in the same order (the scheduling queue's): the
    first placement whose node differs -> (pod, upstream's node) when spreadlab found that
    node tied with its own for the top score; else None. The multiset match of
    _tie_broken_elsewhere misses a tie broken early whose pod's node a later pod took."""
    key = lambda p: p.get("workload") or "(bare pod)"
    if list(map(key, sp)) != list(map(key, up)):
        return None
    for a, b in zip(sp, up):
        if _stateful(a) and a["pod"] != b["pod"]:
            return None
        if _node(a) != _node(b):
            return (a["pod"], _node(b)) if _node(b) in (a.get("topNodes") or []) else None
    return None


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
        # A scale-down among pods of equal rank (spreadlab's deletion reason names the tie;
        # upstream picks by UID, i.e. at random) may send the rest of the step another way.
        tied_deletion = any("a tie with" in (p.get("reason") or "") for p in s["deleted"])

        def parted(found):
            if tied_deletion:
                return diffs, notes + [f"{label}: the controllers chose among pods of equal rank, and the step "
                                       f"went another way ({found[0]}): compared up to here"]
            return diffs + found, notes

        step = []
        step += _compare_multisets(f"{label} created", s["created"], u["created"], lambda p: "")
        step += _compare_multisets(f"{label} removed by the event", s["evicted"], u["evicted"], _node)
        sn, un = _named(s["created"], lambda p: ""), _named(u["created"], lambda p: "")
        if set(sn) != set(un):
            step.append(f"{label} created: spreadlab {sorted(sn)}, upstream {sorted(un)}")
        if step:
            return parted(step)
        deleted = _compare_multisets(f"{label} deleted by the controllers", s["deleted"], u["deleted"], lambda p: "")
        if deleted:
            return parted(deleted)
        if _compare_multisets("", s["deleted"], u["deleted"], _node):
            return diffs, notes + [f"{label}: the controllers deleted pods on other nodes of equal rank "
                                   f"(spreadlab [{_show(collections.Counter(map(_node, s['deleted'])))}], upstream "
                                   f"[{_show(collections.Counter(map(_node, u['deleted'])))}]): compared up to here"]
        placed = _compare_multisets(f"{label} placed", s["placements"], u["placements"], _node)
        placed += [f"{label} {pod}: spreadlab {node or 'Pending'}, upstream {_named(u['placements'], _node).get(pod) or 'Pending'}"
                   for pod, node in _named(s["placements"], _node).items()
                   if node != _named(u["placements"], _node).get(pod)]
        if placed:
            tie = _tie_in_order(s["placements"], u["placements"]) or _tie_broken_elsewhere(s["placements"], u["placements"])
            if tie:
                return diffs, notes + [f"{label}: a tie for the top score, upstream put {tie[0]} on {tie[1]} "
                                       f"(tied with spreadlab's node): compared up to here"]
            return parted(placed)
        pend = _compare_multisets(f"{label} Pending", s["pending"], u["pending"],
                                  lambda p: normalize(p.get("message") or ""))
        sp, up = _named(s["pending"], lambda p: ""), _named(u["pending"], lambda p: "")
        if set(sp) != set(up):
            pend.append(f"{label} Pending: spreadlab {sorted(sp)}, upstream {sorted(up)}")
        if pend:
            return parted(pend)
    return diffs, notes
