#!/usr/bin/env python3
"""Random scenarios for the differential test (deterministic for a seed).

    python3 gen.py --seed 1 --count 300 --out /tmp/gen
    python3 gen.py --seed 2 --count 300 --out /tmp/gen2 --extras   # more features

Each scenario is a v1 List: 3-12 nodes over 1-4 zones (zone and hostname labels, an
extra label, sometimes no zone label), random taints (NoSchedule / PreferNoSchedule),
unschedulable nodes, allocatable cpu/memory/pods; 0-30 bound pods (app a/b/c, requests,
some with required or preferred pod (anti-)affinity, a few terminating or finished);
and one pending pod "incoming" with 0-2 topologySpreadConstraints (maxSkew 1-3, zone or
hostname, DoNotSchedule / ScheduleAnyway, an app selector, sometimes minDomains, the
node inclusion policies, matchLabelKeys), and random nodeSelector, node affinity,
tolerations, pod (anti-)affinity and requests. Sometimes a Service (system default
spreading) or a KubeSchedulerConfiguration (weights, default constraints, a scoring
strategy). Every object passes the API server's create validation
(`kube-cycle --validate`). The pending pod's annotation spreadlab.dev/gen-features lists
what the scenario exercises. Stays under 100 nodes, so upstream does not sample nodes.
"""
import argparse
import json
import os
import random

ZONE = "topology.kubernetes.io/zone"
HOST = "kubernetes.io/hostname"
APPS = ["a", "b", "c"]
IMAGES = [("registry.example/big:1", 900 * 1024 * 1024), ("registry.example/mid:1", 300 * 1024 * 1024),
          ("registry.example/small:1", 30 * 1024 * 1024), ("registry.k8s.io/pause:3.10", 700 * 1024)]


def quantity_cpu(m):
    return f"{m}m" if m % 1000 else str(m // 1000)


def quantity_mem(mi):
    return f"{mi // 1024}Gi" if mi % 1024 == 0 else f"{mi}Mi"


class Gen:
    def __init__(self, seed, extras=False):
        self.r = random.Random(seed)
        self.features = set()
        self.extras = extras

    def chance(self, p):
        return self.r.random() < p

    def pick(self, xs):
        return self.r.choice(xs)

    # ---- nodes ----
    def nodes(self):
        r = self.r
        nzones = r.randint(1, 4)
        zones = [f"zone-{c}" for c in "abcd"[:nzones]]
        out = []
        for i in range(r.randint(3, 12)):
            zone = zones[i % nzones] if self.chance(0.7) else self.pick(zones)
            name = f"node-{zone[-1]}{i}"
            labels = {HOST: name, "kubernetes.io/os": "linux"}
            if self.chance(0.95):
                labels[ZONE] = zone
            else:
                self.features.add("node-without-zone")
            labels["disk"] = self.pick(["ssd", "hdd"])
            if self.chance(0.5):
                labels["tier"] = self.pick(["gold", "silver"])
            spec = {}
            taints = []
            if self.chance(0.25):
                effect = self.pick(["NoSchedule", "PreferNoSchedule"] * 9 + (["NoExecute"] if self.extras else []))
                taints.append({"key": self.pick(["dedicated", "spot"]), "value": self.pick(["infra", "batch"]), "effect": effect})
                self.features.add(f"taint-{effect}")
            if self.chance(0.1):
                spec["unschedulable"] = True
                self.features.add("unschedulable")
                if self.chance(0.5):  # what the node lifecycle controller adds
                    taints.append({"key": "node.kubernetes.io/unschedulable", "effect": "NoSchedule"})
            if taints:
                spec["taints"] = taints
            cpu = self.pick([2000, 4000, 8000, 3500])
            mem = self.pick([4096, 8192, 16384, 6144])
            pods = self.pick([110, 110, 20, 8] + ([3] if self.extras else []))
            alloc = {"cpu": quantity_cpu(cpu), "memory": quantity_mem(mem), "pods": str(pods)}
            if self.extras and self.chance(0.15):
                alloc["cpu"] = {2000: "2.0", 4000: "4000m", 8000: "8", 3500: "3.5"}[cpu]
                alloc["memory"] = self.pick([f"{mem * 1048576}", f"{mem * 1048576 // 1000000}M", f"{mem}Mi"])
                self.features.add("quantity-forms")
            if self.extras and self.chance(0.15):
                alloc["example.com/gpu"] = str(self.r.randint(0, 4))
                self.features.add("extended-resource")
            status = {"capacity": dict(alloc), "allocatable": alloc}
            if self.extras and self.chance(0.04):
                del status["allocatable"]  # the API server defaults it to capacity
                self.features.add("capacity-only-node")
            if self.extras and self.chance(0.3):
                status["images"] = [{"names": [img], "sizeBytes": size} for img, size in self.r.sample(IMAGES, self.r.randint(1, 3))]
                self.features.add("node-images")
            node = {"apiVersion": "v1", "kind": "Node",
                    "metadata": {"name": name, "labels": labels},
                    "spec": spec,
                    "status": status}
            out.append(node)
        return out, zones

    # ---- pieces of pods ----
    def requests(self, big=False):
        if self.chance(0.15):
            return None
        cpu = self.r.choice([100, 250, 500, 1000, 1500] + ([2500, 4000] if big else []))
        mem = self.r.choice([128, 256, 512, 1024, 2048] + ([4096, 8192] if big else []))
        return {"cpu": quantity_cpu(cpu), "memory": quantity_mem(mem)}

    def selector(self, app):
        if self.chance(0.8):
            return {"matchLabels": {"app": app}}
        self.features.add("selector-expressions")
        return {"matchExpressions": [{"key": "app", "operator": "In", "values": sorted({app, self.pick(APPS)})}]}

    def pod_affinity(self, own_app, pending):
        """Random required/preferred pod affinity and anti-affinity, or None."""
        aff = {}
        if self.chance(0.25 if pending else 0.15):
            key = self.pick([HOST, ZONE])
            term = {"labelSelector": self.selector(self.pick(APPS)), "topologyKey": key}
            self.term_extras(term, pending)
            kind = self.pick(["podAntiAffinity", "podAntiAffinity", "podAffinity"])
            aff.setdefault(kind, {})["requiredDuringSchedulingIgnoredDuringExecution"] = [term]
            self.features.add(f"{'pending' if pending else 'bound'}-required-{kind}")
        if self.chance(0.25 if pending else 0.15):
            key = self.pick([HOST, ZONE])
            kind = self.pick(["podAntiAffinity", "podAffinity"])
            term = {"labelSelector": self.selector(self.pick(APPS)), "topologyKey": key}
            self.term_extras(term, pending)
            aff.setdefault(kind, {})["preferredDuringSchedulingIgnoredDuringExecution"] = [
                {"weight": self.r.randint(1, 100), "podAffinityTerm": term}]
            self.features.add(f"{'pending' if pending else 'bound'}-preferred-{kind}")
        return aff or None

    def container_extras(self, pod):
        if not self.extras:
            return
        c = pod["spec"]["containers"][0]
        if self.chance(0.08):
            c["ports"] = [{"containerPort": 8080, "hostPort": self.pick([8080, 9090]), "protocol": "TCP"}]
            self.features.add("hostPort")
        if self.chance(0.08):
            init = {"name": "init", "image": "registry.k8s.io/pause:3.10",
                    "resources": {"requests": {"cpu": self.pick(["500m", "3", "1500m"]), "memory": self.pick(["64Mi", "3Gi"])}}}
            if self.chance(0.5):
                init["restartPolicy"] = "Always"  # a sidecar
                self.features.add("sidecar")
            else:
                self.features.add("init-container")
            pod["spec"]["initContainers"] = [init]
        if self.chance(0.05):
            pod["spec"]["containers"].append({"name": "c2", "image": "registry.k8s.io/pause:3.10",
                                              "resources": {"requests": {"cpu": "200m", "example.com/gpu": "1"},
                                                            "limits": {"example.com/gpu": "1"}}})
            self.features.add("extended-resource-request")

    def term_extras(self, term, pending):
        if not self.extras:
            return
        if self.chance(0.15):
            term["namespaceSelector"] = self.pick([{}, {"matchLabels": {"team": "x"}}])
            self.features.add("namespaceSelector")
        elif self.chance(0.1):
            term["namespaces"] = ["other"]
            self.features.add("term-namespaces")
        if pending and self.chance(0.15):
            term[self.pick(["matchLabelKeys", "mismatchLabelKeys"])] = ["pod-template-hash"]
            self.features.add("affinity-labelKeys")

    def pod(self, name, labels, requests, node=None, affinity=None, ns="default"):
        container = {"name": "c", "image": "registry.k8s.io/pause:3.10"}
        if requests:
            container["resources"] = {"requests": requests}
        spec = {"containers": [container]}
        if node:
            spec["nodeName"] = node
        if affinity:
            spec["affinity"] = affinity
        meta = {"name": name, "namespace": ns}
        if labels:
            meta["labels"] = labels
        return {"apiVersion": "v1", "kind": "Pod", "metadata": meta, "spec": spec,
                "status": {"phase": "Running" if node else "Pending"}}

    # ---- scenario ----
    def scenario(self):
        r = self.r
        nodes, zones = self.nodes()
        items = list(nodes)
        hash_values = ["5d4f8c7b9", "7c6d5b8f4"]
        for i in range(r.randint(0, 30)):
            app = self.pick(APPS)
            labels = {"app": app}
            if self.chance(0.3):
                labels["pod-template-hash"] = self.pick(hash_values)
            if self.chance(0.05):
                labels = {}
            req = self.requests()
            node = self.pick(nodes)["metadata"]["name"]
            ns = "default" if self.chance(0.92) else "other"
            if ns == "other":
                self.features.add("other-namespace")
            if self.extras and self.chance(0.03):
                node = "node-gone"
                self.features.add("pod-on-missing-node")
            p = self.pod(f"{app}-{i}", labels, req, node=node, affinity=self.pod_affinity(app, False), ns=ns)
            self.container_extras(p)
            if self.chance(0.04):
                p["metadata"]["deletionTimestamp"] = "2025-01-01T00:00:00Z"
                p["metadata"]["deletionGracePeriodSeconds"] = 30
                self.features.add("terminating-pod")
            elif self.chance(0.03):
                p["status"]["phase"] = "Succeeded"
                self.features.add("succeeded-pod")
            items.append(p)
        if any(p.get("metadata", {}).get("namespace") == "other" for p in items):
            items.append({"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "other", "labels": {"team": "x"}}})

        # The pending pod.
        app = self.pick(APPS)
        labels = {"app": app}
        if self.chance(0.3):
            labels["pod-template-hash"] = self.pick(hash_values)
        pod = self.pod("incoming", labels, self.requests(big=True))
        spec = pod["spec"]
        self.container_extras(pod)
        if self.extras and self.chance(0.2):
            spec["containers"][0]["image"] = self.pick(IMAGES)[0]
            self.features.add("pod-image")
        if self.chance(0.04):
            self.features.add("limits-only")
            c = spec["containers"][0]
            c["resources"] = {"limits": {"cpu": "1", "memory": "1Gi"}}
        tscs = []
        used = set()
        for _ in range(r.choice([0, 1, 1, 2, 2])):
            key = self.pick([ZONE, HOST] * 6 + (["tier"] if self.extras else []))
            when = self.pick(["DoNotSchedule", "ScheduleAnyway"])
            if (key, when) in used:
                continue
            used.add((key, when))
            sel_app = app if self.chance(0.85) else self.pick(APPS)
            if sel_app != app:
                self.features.add("tsc-self-mismatch")
            c = {"maxSkew": r.randint(1, 3), "topologyKey": key, "whenUnsatisfiable": when,
                 "labelSelector": self.selector(sel_app)}
            if when == "DoNotSchedule" and self.chance(0.25):
                c["minDomains"] = r.randint(1, 5)
                self.features.add("minDomains")
            if self.chance(0.3):
                c["nodeAffinityPolicy"] = self.pick(["Honor", "Ignore"])
                self.features.add(f"nodeAffinityPolicy-{c['nodeAffinityPolicy']}")
            if self.chance(0.3):
                c["nodeTaintsPolicy"] = self.pick(["Honor", "Ignore"])
                self.features.add(f"nodeTaintsPolicy-{c['nodeTaintsPolicy']}")
            if self.chance(0.2):
                c["matchLabelKeys"] = ["pod-template-hash"]
                self.features.add("matchLabelKeys")
            self.features.add(f"tsc-{when}-{ {ZONE: 'zone', HOST: 'host'}.get(key, 'custom-key')}")
            tscs.append(c)
        if tscs:
            spec["topologySpreadConstraints"] = tscs
        if self.chance(0.2):
            spec["nodeSelector"] = {"disk": self.pick(["ssd", "hdd"])}
            self.features.add("nodeSelector")
        na = {}
        if self.chance(0.2):
            expr = self.pick([
                {"key": ZONE, "operator": "In", "values": sorted(set(self.r.sample(zones, self.r.randint(1, len(zones)))))},
                {"key": "tier", "operator": "Exists"},
                {"key": "disk", "operator": "NotIn", "values": ["hdd"]},
            ])
            na["requiredDuringSchedulingIgnoredDuringExecution"] = {"nodeSelectorTerms": [{"matchExpressions": [expr]}]}
            self.features.add("required-node-affinity")
        if self.extras and self.chance(0.06):
            name = self.pick([n["metadata"]["name"] for n in nodes] + ["node-gone"])
            term = {"matchFields": [{"key": "metadata.name", "operator": self.pick(["In", "In", "NotIn"]), "values": [name]}]}
            req = na.setdefault("requiredDuringSchedulingIgnoredDuringExecution", {"nodeSelectorTerms": []})
            req["nodeSelectorTerms"].append(term) if not req["nodeSelectorTerms"] else req["nodeSelectorTerms"][0].update(term)
            self.features.add("matchFields")
        if self.chance(0.2):
            na["preferredDuringSchedulingIgnoredDuringExecution"] = [
                {"weight": r.randint(1, 100), "preference": {"matchExpressions": [
                    {"key": self.pick(["tier", "disk"]), "operator": "In", "values": [self.pick(["gold", "ssd", "silver"])]}]}}]
            self.features.add("preferred-node-affinity")
        aff = self.pod_affinity(app, True) or {}
        if na:
            aff["nodeAffinity"] = na
        if aff:
            spec["affinity"] = aff
        if self.chance(0.3):
            tol = self.pick([
                {"key": "dedicated", "operator": "Equal", "value": "infra", "effect": "NoSchedule"},
                {"key": "dedicated", "operator": "Exists"},
                {"key": "spot", "operator": "Exists", "effect": "PreferNoSchedule"},
                {"key": "node.kubernetes.io/unschedulable", "operator": "Exists", "effect": "NoSchedule"},
            ] + ([{"operator": "Exists"}, {"key": "spot", "operator": "Equal", "value": "batch"}] if self.extras else []))
            spec["tolerations"] = [tol]
            self.features.add("tolerations")
        if self.extras and self.chance(0.06):
            pod["status"]["nominatedNodeName"] = self.pick([n["metadata"]["name"] for n in nodes])
            self.features.add("nominatedNodeName")
        if self.extras and self.chance(0.03):
            spec["schedulingGates"] = [{"name": "example.com/quota"}]
            self.features.add("schedulingGates")
        items.append(pod)

        if self.chance(0.2):
            items.append({"apiVersion": "v1", "kind": "Service",
                          "metadata": {"name": "svc", "namespace": "default"},
                          "spec": {"selector": {"app": self.pick(APPS)}, "ports": [{"port": 80}]}})
            self.features.add("service")
        if self.chance(0.12):
            items.append(self.config())
        pod["metadata"]["annotations"] = {"spreadlab.dev/gen-features": ",".join(sorted(self.features))}
        return {"apiVersion": "v1", "kind": "List", "items": items}

    def config(self):
        variant = self.pick(["weights", "list-defaults", "most-allocated", "no-defaults"]
                            + (["rtcr", "affinity-args", "disable-score", "balanced-resources"] if self.extras else []))
        self.features.add(f"config-{variant}")
        prof = {"schedulerName": "default-scheduler"}
        if variant == "weights":
            prof["plugins"] = {"score": {"enabled": [{"name": "PodTopologySpread", "weight": self.r.randint(1, 10)},
                                                     {"name": "InterPodAffinity", "weight": self.r.randint(1, 10)}]}}
        elif variant == "list-defaults":
            prof["pluginConfig"] = [{"name": "PodTopologySpread", "args": {
                "defaultingType": "List",
                "defaultConstraints": [{"maxSkew": self.r.randint(1, 3), "topologyKey": self.pick([ZONE, HOST]),
                                        "whenUnsatisfiable": self.pick(["DoNotSchedule", "ScheduleAnyway"])}]}}]
        elif variant == "no-defaults":
            prof["pluginConfig"] = [{"name": "PodTopologySpread", "args": {"defaultingType": "List"}}]
        elif variant == "most-allocated":
            prof["pluginConfig"] = [{"name": "NodeResourcesFit", "args": {"scoringStrategy": {
                "type": "MostAllocated", "resources": [{"name": "cpu", "weight": 1}, {"name": "memory", "weight": 1}]}}}]
        elif variant == "rtcr":
            prof["pluginConfig"] = [{"name": "NodeResourcesFit", "args": {"scoringStrategy": {
                "type": "RequestedToCapacityRatio",
                "resources": [{"name": "cpu", "weight": self.r.randint(1, 3)}, {"name": "memory", "weight": 1}],
                "requestedToCapacityRatio": {"shape": [{"utilization": 0, "score": 0},
                                                       {"utilization": self.r.randint(30, 70), "score": 10},
                                                       {"utilization": 100, "score": self.r.randint(0, 10)}]}}}}]
        elif variant == "affinity-args":
            prof["pluginConfig"] = [{"name": "InterPodAffinity", "args": {
                "hardPodAffinityWeight": self.r.randint(0, 100),
                "ignorePreferredTermsOfExistingPods": self.chance(0.5)}}]
        elif variant == "disable-score":
            prof["plugins"] = {"score": {"disabled": [{"name": self.pick(["TaintToleration", "NodeResourcesFit", "NodeAffinity", "ImageLocality"])}]}}
        else:
            prof["pluginConfig"] = [{"name": "NodeResourcesBalancedAllocation", "args": {
                "resources": [{"name": "cpu", "weight": 1}, {"name": "memory", "weight": 1}, {"name": "example.com/gpu", "weight": 1}]}}]
        return {"apiVersion": "kubescheduler.config.k8s.io/v1", "kind": "KubeSchedulerConfiguration", "profiles": [prof]}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=300)
    ap.add_argument("--out", required=True)
    ap.add_argument("--extras", action="store_true",
                    help="also: host ports, images, init containers and sidecars, extended resources, odd quantity "
                         "forms, capacity-only nodes, NoExecute, namespaceSelector, (mis)matchLabelKeys in pod affinity, "
                         "matchFields, a custom topology key, pods on missing nodes, a nominated node, scheduling gates, "
                         "more profile variants")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    for i in range(args.count):
        doc = Gen(f"{args.seed}-{i}", args.extras).scenario()
        with open(os.path.join(args.out, f"gen-{args.seed}-{i:04d}.json"), "w", encoding="utf-8") as f:
            json.dump(doc, f, indent=1)
            f.write("\n")


if __name__ == "__main__":
    main()
