#!/usr/bin/env python3
"""Random stories for diff.py --simulate (deterministic for a seed).

    python3 gen_events.py --seed 1 --count 300 --out /tmp/gen-events

Each scenario is a v1 List: gen.py's nodes (zones, taints, cordoned nodes, sizes), 1-3
Deployments (2-8 replicas, requests, a zone or hostname spread constraint or two with
maxSkew 1-2, DoNotSchedule or ScheduleAnyway, sometimes matchLabelKeys
[pod-template-hash], a RollingUpdate surge/unavailability or Recreate), sometimes a
StatefulSet (OrderedReady or Parallel, sometimes with volumeClaimTemplates on a
WaitForFirstConsumer class whose disks are zonal) and sometimes a DaemonSet; and a
spreadlab.io/simulate annotation of 2-5 events: scale, rollout, cordon, uncordon, drain,
fail a zone, restore, add-node and deschedule. The workloads make every pod: the two
sides' controllers are compared from the first one.
"""
import argparse
import json
import os

from gen import HOST, ZONE, Gen


class Story(Gen):
    def __init__(self, seed):
        super().__init__(seed)
        self.workloads = []  # "ns/name" of what scale can resize
        self.deployments = []  # what rollout can restart

    def constraints(self, labels, zoned):
        out = []
        keys = [ZONE, HOST] if zoned else [HOST]
        for key in self.r.sample(keys, self.r.randint(1, len(keys))):
            c = {"maxSkew": self.r.choice([1, 1, 2]), "topologyKey": key,
                 "whenUnsatisfiable": self.pick(["DoNotSchedule", "DoNotSchedule", "ScheduleAnyway"]),
                 "labelSelector": {"matchLabels": dict(labels)}}
            if self.chance(0.3):
                c["matchLabelKeys"] = ["pod-template-hash"]
            out.append(c)
        return out

    def template(self, labels, zoned, pod_hash_keys=True):
        spec = {"containers": [{"name": "app", "image": "registry.example/app:1"}]}
        req = self.requests()
        if req:
            spec["containers"][0]["resources"] = {"requests": req}
        if self.chance(0.85):
            spec["topologySpreadConstraints"] = self.constraints(labels, zoned)
            if not pod_hash_keys:
                for c in spec["topologySpreadConstraints"]:
                    c.pop("matchLabelKeys", None)
        if self.chance(0.2):
            spec["tolerations"] = [{"key": "dedicated", "operator": "Exists"}]
        return {"metadata": {"labels": dict(labels)}, "spec": spec}

    def deployment(self, name, zoned):
        labels = {"app": name}
        d = {"apiVersion": "apps/v1", "kind": "Deployment",
             "metadata": {"name": name, "namespace": "default"},
             "spec": {"replicas": self.r.randint(2, 8), "selector": {"matchLabels": labels},
                      "template": self.template(labels, zoned)}}
        if self.chance(0.15):
            d["spec"]["strategy"] = {"type": "Recreate"}
        elif self.chance(0.5):
            d["spec"]["strategy"] = {"type": "RollingUpdate", "rollingUpdate": {
                "maxSurge": self.pick([0, 1, "50%"]), "maxUnavailable": self.pick([1, "25%", 0])}}
            ru = d["spec"]["strategy"]["rollingUpdate"]
            if ru["maxSurge"] == 0 and ru["maxUnavailable"] in (0, "25%"):
                ru["maxUnavailable"] = 1  # the API server refuses both zero
        self.workloads.append(f"default/{name}")
        self.deployments.append(f"default/{name}")
        return d

    def statefulset(self, zoned, items):
        labels = {"app": "db"}
        s = {"apiVersion": "apps/v1", "kind": "StatefulSet",
             "metadata": {"name": "db", "namespace": "default"},
             "spec": {"replicas": self.r.randint(2, 5), "serviceName": "db", "selector": {"matchLabels": labels},
                      "podManagementPolicy": self.pick(["OrderedReady", "Parallel"]),
                      "template": self.template(labels, zoned, pod_hash_keys=False)}}
        if zoned and self.chance(0.6):
            items.append({"apiVersion": "storage.k8s.io/v1", "kind": "StorageClass",
                          "metadata": {"name": "zonal-ssd"}, "provisioner": "ebs.csi.aws.com",
                          "volumeBindingMode": "WaitForFirstConsumer", "reclaimPolicy": "Delete"})
            s["spec"]["volumeClaimTemplates"] = [{"metadata": {"name": "data"}, "spec": {
                "accessModes": ["ReadWriteOnce"], "storageClassName": "zonal-ssd",
                "resources": {"requests": {"storage": "10Gi"}}}}]
            s["spec"]["template"]["spec"]["containers"][0]["volumeMounts"] = [{"name": "data", "mountPath": "/data"}]
            self.features.add("statefulset-volumes")
        self.workloads.append("default/db")
        self.deployments.append("default/db")  # rollout restarts a StatefulSet too
        return s

    def daemonset(self):
        labels = {"app": "agent"}
        return {"apiVersion": "apps/v1", "kind": "DaemonSet",
                "metadata": {"name": "agent", "namespace": "default"},
                "spec": {"selector": {"matchLabels": labels},
                         "template": {"metadata": {"labels": labels}, "spec": {
                             "containers": [{"name": "agent", "image": "registry.example/agent:1",
                                             "resources": {"requests": {"cpu": "100m", "memory": "128Mi"}}}]}}}}

    def events(self, nodes, zones):
        steps, failed = [], False
        names = [n["metadata"]["name"] for n in nodes]
        for _ in range(self.r.randint(2, 5)):
            kind = self.pick(["scale", "scale", "rollout", "cordon", "uncordon", "drain", "fail", "add-node",
                              "deschedule"] + (["restore", "restore"] if failed else []))
            if kind == "scale":
                steps.append(f"scale {self.pick(self.workloads)} {self.r.randint(0, 9)}")
            elif kind == "rollout" and self.deployments:
                steps.append(f"rollout {self.pick(self.deployments)}")
            elif kind in ("cordon", "uncordon", "drain", "add-node"):
                steps.append(f"{kind} {self.pick(names)}")
            elif kind == "fail" and not failed and len(zones) > 1:
                zone = self.pick(zones)
                if any(n["metadata"]["labels"].get(ZONE) == zone for n in nodes):
                    steps.append(f"fail {ZONE}={zone}")
                    failed = True
            elif kind == "restore":
                steps.append("restore")
                failed = False
            elif kind == "deschedule":
                steps.append("deschedule")
        return steps

    def story(self):
        nodes, zones = self.nodes()
        zoned = any(ZONE in n["metadata"]["labels"] for n in nodes)
        items = list(nodes)
        for i in range(self.r.randint(1, 3)):
            items.append(self.deployment(["web", "api", "cache"][i], zoned))
        if self.chance(0.4):
            items.append(self.statefulset(zoned, items))
        if self.chance(0.2):
            items.append(self.daemonset())
        steps = self.events(nodes, zones)
        return {"apiVersion": "v1", "kind": "List",
                "metadata": {"annotations": {"spreadlab.io/simulate": "\n".join(steps) + "\n"}},
                "items": items}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=300)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    for i in range(args.count):
        doc = Story(f"{args.seed}-{i}").story()
        with open(os.path.join(args.out, f"story-{args.seed}-{i:04d}.json"), "w", encoding="utf-8") as f:
            json.dump(doc, f, indent=1)
            f.write("\n")


if __name__ == "__main__":
    main()
