#!/usr/bin/env python3
"""Random scenarios for the differential test (deterministic for a seed).

    python3 gen.py --seed 1 --count 300 --out /tmp/gen
    python3 gen.py --seed 2 --count 300 --out /tmp/gen2 --extras   # more features
    python3 gen.py --seed 3 --count 300 --out /tmp/gen3 --volumes  # with storage

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

--volumes adds storage to the same scenarios (a second random stream, so without it the
output is unchanged, and with it everything else is as without): StorageClasses
(WaitForFirstConsumer with a CSI provisioner, sometimes with allowedTopologies;
no-provisioner for static PVs; rarely Immediate), CSINodes with attach limits, a CSIDriver
(sometimes with storageCapacity and a CSIStorageCapacity per zone and class), bound pods
with claims bound to CSI PVs (zone nodeAffinity or zone label), and 1-2 claims for the
pending pod: bound (zone or hostname nodeAffinity, zone label, none), unbound
WaitForFirstConsumer with static PVs or dynamic provisioning, shared with a bound pod
(ReadWriteOncePod too), rarely missing or unbound Immediate.
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
    def __init__(self, seed, extras=False, volumes=False, sequence=0):
        self.r = random.Random(seed)
        # --sequence: up to that many more pending pods like "incoming", for the end-to-end
        # comparison (diff.py --loop) of pods placed one after another; their own stream.
        self.sequence = sequence
        self.sr = random.Random(f"{seed}-sequence")
        self.features = set()
        self.extras = extras
        # Storage draws come from their own stream: the rest of the scenario is as without.
        self.vr = random.Random(f"{seed}-volumes") if volumes else None
        # Other pending pods nominated to a node (an earlier preemption's room): their own
        # stream, so that the rest of a seed's scenarios stay as they were.
        self.nr = random.Random(f"{seed}-nominees") if extras else None

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
        if self.vr:
            items += Volumes(self.vr, self.features).add(nodes, items, pod)
        # Not with --sequence: diff.py --loop creates the pending pods one at a time, and a
        # nominee created after "incoming" could not hold its room for it, as it does for
        # `schedule` (every pending pod queued at once).
        if self.nr and not self.sequence and self.nr.random() < 0.15:
            items.append(self.nominee(nodes))
        for k in range(self.sr.randint(0, self.sequence) if self.sequence else 0):
            # The same spec (constraints, affinity, requests) under another name, as a
            # workload's replicas arrive; the later ones see the earlier ones' placements.
            twin = json.loads(json.dumps(pod))
            twin["metadata"]["name"] = f"incoming-{k + 2}"
            twin.get("status", {}).pop("nominatedNodeName", None)
            items.append(twin)
            self.features.add("sequence")
        pod["metadata"]["annotations"] = {"spreadlab.dev/gen-features": ",".join(sorted(self.features))}
        return {"apiVersion": "v1", "kind": "List", "items": items}

    def nominee(self, nodes):
        """A pending pod nominated to a node, after "incoming" (which stays the explained pod):
        of its priority or higher it holds its room there (RunFilterPluginsWithNominatedPods)."""
        n = self.nr
        app = n.choice(APPS)
        pod = self.pod("nominee", {"app": app}, {"cpu": n.choice(["500m", "2", "3"]), "memory": n.choice(["64Mi", "3Gi"])})
        pod["status"] = {"phase": "Pending", "nominatedNodeName": n.choice([x["metadata"]["name"] for x in nodes])}
        pod["spec"]["priority"] = n.choice([0, 0, 100, -10])
        if n.random() < 0.3:
            pod["spec"]["affinity"] = {"podAntiAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": [
                {"labelSelector": {"matchLabels": {"app": n.choice(APPS)}}, "topologyKey": n.choice([ZONE, HOST])}]}}
        self.features.add("nominee")
        return pod

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


EBS = "ebs.csi.aws.com"


class Volumes:
    """The storage objects of a --volumes scenario (drawn from their own random stream)."""

    def __init__(self, r, features):
        self.r = r
        self.features = features
        self.objects = []
        self.n = 0  # volume handle / object name counter

    def chance(self, p):
        return self.r.random() < p

    def name(self, prefix):
        self.n += 1
        return f"{prefix}-{self.n}"

    def pv(self, claim=None, size=10, zone=None, zone_label=None, host=None, cls="standard", modes=("ReadWriteOnce",)):
        meta = {"name": self.name("pv")}
        if zone_label:
            meta["labels"] = {ZONE: zone_label}
        spec = {"capacity": {"storage": f"{size}Gi"}, "accessModes": list(modes),
                "csi": {"driver": EBS, "volumeHandle": f"vol-{self.n}"}, "storageClassName": cls}
        if claim:
            spec["claimRef"] = {"kind": "PersistentVolumeClaim", "namespace": claim["metadata"]["namespace"],
                                "name": claim["metadata"]["name"],
                                "uid": f"persistentvolumeclaim-{claim['metadata']['namespace']}-{claim['metadata']['name']}"}
        if zone or host:
            key, value = (ZONE, zone) if zone else (HOST, host)
            spec["nodeAffinity"] = {"required": {"nodeSelectorTerms": [{"matchExpressions": [
                {"key": key, "operator": "In", "values": [value]}]}]}}
        pv = {"apiVersion": "v1", "kind": "PersistentVolume", "metadata": meta, "spec": spec,
              "status": {"phase": "Bound" if claim else "Available"}}
        self.objects.append(pv)
        return pv

    def pvc(self, ns, cls, size=10, modes=("ReadWriteOnce",)):
        pvc = {"apiVersion": "v1", "kind": "PersistentVolumeClaim",
               "metadata": {"name": self.name("claim"), "namespace": ns},
               "spec": {"accessModes": list(modes), "resources": {"requests": {"storage": f"{size}Gi"}},
                        "storageClassName": cls},
               "status": {"phase": "Pending"}}
        self.objects.append(pvc)
        return pvc

    def bind(self, pvc, pv):
        """As the PV controller binds them (VolumeBinding's isPVCFullyBound wants the annotation)."""
        pvc["metadata"]["annotations"] = {"pv.kubernetes.io/bind-completed": "yes", "pv.kubernetes.io/bound-by-controller": "yes"}
        pvc["spec"]["volumeName"] = pv["metadata"]["name"]
        pvc["status"] = {"phase": "Bound", "accessModes": pvc["spec"]["accessModes"], "capacity": pv["spec"]["capacity"]}

    def bound_claim(self, ns, zone=None, zone_label=None, host=None, modes=("ReadWriteOnce",)):
        pvc = self.pvc(ns, "standard", modes=modes)
        self.bind(pvc, self.pv(claim=pvc, zone=zone, zone_label=zone_label, host=host, modes=modes))
        return pvc

    @staticmethod
    def mount(pod, pvc):
        vols = pod["spec"].setdefault("volumes", [])
        if any(v["persistentVolumeClaim"]["claimName"] == pvc["metadata"]["name"] for v in vols):
            return
        vols.append({"name": f"v{len(vols)}", "persistentVolumeClaim": {"claimName": pvc["metadata"]["name"]}})

    def add(self, nodes, items, pending):
        zones = sorted({n["metadata"]["labels"][ZONE] for n in nodes if ZONE in n["metadata"]["labels"]})
        zone_of = {n["metadata"]["name"]: n["metadata"]["labels"].get(ZONE) for n in nodes}
        out = [
            {"apiVersion": "storage.k8s.io/v1", "kind": "StorageClass", "metadata": {"name": "standard"},
             "provisioner": EBS, "volumeBindingMode": "WaitForFirstConsumer"},
            {"apiVersion": "storage.k8s.io/v1", "kind": "StorageClass", "metadata": {"name": "local"},
             "provisioner": "kubernetes.io/no-provisioner", "volumeBindingMode": "WaitForFirstConsumer"},
        ]
        topo = {"apiVersion": "storage.k8s.io/v1", "kind": "StorageClass", "metadata": {"name": "zonal"},
                "provisioner": EBS, "volumeBindingMode": "WaitForFirstConsumer"}
        if zones and self.chance(0.6):
            topo["allowedTopologies"] = [{"matchLabelExpressions": [
                {"key": ZONE, "values": sorted(self.r.sample(zones, self.r.randint(1, len(zones))))}]}]
        out.append(topo)
        if self.chance(0.5):
            driver = {"apiVersion": "storage.k8s.io/v1", "kind": "CSIDriver", "metadata": {"name": EBS}, "spec": {}}
            out.append(driver)
            self.features.add("csidriver")
            if zones and self.chance(0.5):
                # Dynamic provisioning then needs room in a CSIStorageCapacity of the node's zone.
                driver["spec"]["storageCapacity"] = True
                for zone in zones:
                    for cls in ("standard", "zonal"):
                        if self.chance(0.7):
                            out.append({"apiVersion": "storage.k8s.io/v1", "kind": "CSIStorageCapacity",
                                        "metadata": {"name": f"cap-{cls}-{zone}", "namespace": "default"},
                                        "storageClassName": cls, "nodeTopology": {"matchLabels": {ZONE: zone}},
                                        "capacity": self.r.choice(["5Gi", "20Gi", "100Gi"])})
                self.features.add("csi-storage-capacity")
        for n in nodes:
            if self.chance(0.4):
                name = n["metadata"]["name"]
                out.append({"apiVersion": "storage.k8s.io/v1", "kind": "CSINode", "metadata": {"name": name},
                            "spec": {"drivers": [{"name": EBS, "nodeID": f"i-{name}", "topologyKeys": [ZONE],
                                                  "allocatable": {"count": self.r.randint(1, 3)}}]}})
                self.features.add("csinode-limit")
        # Bound pods with claims bound to PVs in their node's zone.
        bound = [p for p in items if p.get("kind") == "Pod" and p["spec"].get("nodeName") and p is not pending]
        shared = []
        for p in bound:
            if not self.chance(0.3):
                continue
            zone = zone_of.get(p["spec"]["nodeName"])
            modes = ("ReadWriteOncePod",) if self.chance(0.2) else ("ReadWriteOnce",)
            how = self.r.choice(["affinity", "label", "none"]) if zone else "none"
            pvc = self.bound_claim(p["metadata"]["namespace"], zone=zone if how == "affinity" else None,
                                   zone_label=zone if how == "label" else None, modes=modes)
            self.mount(p, pvc)
            shared.append((p, pvc))
            self.features.add("bound-pod-pvc")
        # The pending pod's claims.
        ns = pending["metadata"]["namespace"]
        for _ in range(self.r.choice([1, 1, 2])):
            kind = self.r.choice(["bound-zone-affinity", "bound-zone-affinity", "bound-host-affinity", "bound-zone-label",
                                  "bound-no-affinity", "wffc-static", "wffc-static", "wffc-dynamic", "wffc-dynamic",
                                  "shared", "missing", "immediate"])
            if kind == "shared" and not any(p["metadata"]["namespace"] == ns for p, _ in shared):
                kind = "wffc-dynamic"
            if kind in ("missing", "immediate") and not self.chance(0.4):
                kind = "wffc-static"
            zone = self.r.choice(zones + ["zone-x"]) if zones else "zone-x"  # zone-x: no node there
            if kind == "bound-zone-affinity":
                pvc = self.bound_claim(ns, zone=zone)
            elif kind == "bound-host-affinity":
                pvc = self.bound_claim(ns, host=self.r.choice(nodes)["metadata"]["name"])
            elif kind == "bound-zone-label":
                pvc = self.bound_claim(ns, zone_label=zone)
            elif kind == "bound-no-affinity":
                pvc = self.bound_claim(ns)
            elif kind == "wffc-static":
                size = self.r.choice([5, 10, 20])
                pvc = self.pvc(ns, "local", size=size)
                for _ in range(self.r.randint(0, 3)):
                    host = self.r.choice(nodes)["metadata"]["name"] if self.chance(0.3) else None
                    self.pv(size=self.r.choice([5, 10, 50]), zone=None if host else self.r.choice(zones or ["zone-x"]),
                            host=host, cls="local")
            elif kind == "wffc-dynamic":
                pvc = self.pvc(ns, self.r.choice(["standard", "zonal"]))
            elif kind == "shared":
                _, pvc = self.r.choice([(p, c) for p, c in shared if p["metadata"]["namespace"] == ns])
            elif kind == "missing":
                pvc = {"metadata": {"name": self.name("missing")}}
            else:
                out.append({"apiVersion": "storage.k8s.io/v1", "kind": "StorageClass", "metadata": {"name": "immediate"},
                            "provisioner": EBS, "volumeBindingMode": "Immediate"})
                pvc = self.pvc(ns, "immediate")
            self.mount(pending, pvc)
            self.features.add(f"pvc-{kind}")
        return out + self.objects


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
    ap.add_argument("--volumes", action="store_true",
                    help="also: PVCs, PVs, StorageClasses, CSINodes and a CSIDriver (VolumeBinding, VolumeZone, "
                         "VolumeRestrictions, NodeVolumeLimits); the rest of each scenario is as without")
    ap.add_argument("--sequence", type=int, default=0, metavar="N",
                    help="also: 0 to N more pending pods with incoming's spec (incoming-2, ...), for diff.py --loop; "
                         "the rest of each scenario is as without")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    for i in range(args.count):
        doc = Gen(f"{args.seed}-{i}", args.extras, args.volumes, args.sequence).scenario()
        with open(os.path.join(args.out, f"gen-{args.seed}-{i:04d}.json"), "w", encoding="utf-8") as f:
            json.dump(doc, f, indent=1)
            f.write("\n")


if __name__ == "__main__":
    main()
