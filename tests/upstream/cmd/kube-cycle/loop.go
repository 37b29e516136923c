package main

// kube-cycle --loop: the real scheduling loop end to end. The scenario's nodes and bound
// pods are loaded into a fake clientset, kube-scheduler is built with scheduler.New and
// started with Run, as the kube-scheduler binary runs it; the pending pods are then created
// one at a time, in the order spreadlab's `schedule` takes them (higher spec.priority first,
// then file order: the queue order of pods that arrive together), each after the one before
// it is bound or reported unschedulable. What the loop has and a single cycle lacks: the
// scheduling queue's nominator (a pod nominated by an earlier preemption holds its room),
// the assumed pods of earlier bindings, and the preemption executor deleting victims (a
// preemptor is then bound to its nominated node once they are gone).

import (
	"context"
	"fmt"
	"sort"
	"time"

	v1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes/fake"
	clienttesting "k8s.io/client-go/testing"
)

type loopPlacement struct {
	Pod           string `json:"pod"`
	Node          string `json:"node"`          // "" when the pod stayed Pending
	Message       string `json:"message"`       // the PodScheduled condition's message when Pending
	NominatedNode string `json:"nominatedNode"` // status.nominatedNodeName at the end
}

type loopOutput struct {
	KubeVersion string          `json:"kubeVersion"`
	Placements  []loopPlacement `json:"placements"`
	Deleted     []string        `json:"deleted"` // the preemption executor's victims
}

// How long a pod may take: its cycle, and for a preemptor its victims' deletion and the
// backoff before its next cycle (podInitialBackoffSeconds, 1 s by default).
const (
	loopPodTimeout       = 10 * time.Second
	loopPreemptorTimeout = 5 * time.Second
)

func runLoop(sc *scenario) (*loopOutput, error) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cfg, err := schedulerConfig(sc)
	if err != nil {
		return nil, err
	}

	objects, pending := splitPending(sc.objects)

	client := fake.NewClientset(objects...)
	calls := &apiCalls{}
	client.PrependReactor("delete", "pods", calls.react)
	// The API server's pods/binding: the pod gets spec.nodeName.
	client.PrependReactor("create", "pods", func(a clienttesting.Action) (bool, runtime.Object, error) {
		ca, ok := a.(clienttesting.CreateAction)
		if !ok || ca.GetSubresource() != "binding" {
			return false, nil, nil
		}
		b := ca.GetObject().(*v1.Binding)
		obj, err := client.Tracker().Get(v1.SchemeGroupVersion.WithResource("pods"), b.Namespace, b.Name)
		if err != nil {
			return true, nil, err
		}
		pod := obj.(*v1.Pod).DeepCopy()
		pod.Spec.NodeName = b.Target.Name
		return true, b, client.Tracker().Update(v1.SchemeGroupVersion.WithResource("pods"), pod, b.Namespace)
	})
	informerFactory := informers.NewSharedInformerFactory(client, 0)
	sched, err := newScheduler(ctx, client, informerFactory, cfg, nil, cfg.Profiles...)
	if err != nil {
		return nil, err
	}
	informerFactory.Start(ctx.Done())
	informerFactory.WaitForCacheSync(ctx.Done())
	if err := sched.WaitForHandlersSync(ctx); err != nil {
		return nil, err
	}
	go sched.Run(ctx)

	out := &loopOutput{KubeVersion: kubeVersion(), Placements: []loopPlacement{}}
	pods := client.CoreV1()
	for _, p := range pending {
		if _, err := pods.Pods(p.Namespace).Create(ctx, p, metav1.CreateOptions{}); err != nil {
			return nil, fmt.Errorf("creating pod %s/%s: %w", p.Namespace, p.Name, err)
		}
		if len(p.Spec.SchedulingGates) > 0 {
			// SchedulingGates' PreEnqueue keeps it out of every cycle (the API server's
			// SchedulingGated condition is not simulated by the fake clientset).
			out.Placements = append(out.Placements, loopPlacement{Pod: p.Namespace + "/" + p.Name, Message: "gated"})
			continue
		}
		got, err := waitForOutcome(ctx, client, p)
		if err != nil {
			return nil, err
		}
		pl := loopPlacement{Pod: p.Namespace + "/" + p.Name, Node: got.Spec.NodeName, NominatedNode: got.Status.NominatedNodeName}
		if got.Spec.NodeName == "" {
			for _, c := range got.Status.Conditions {
				if c.Type == v1.PodScheduled {
					pl.Message = c.Message
				}
			}
		}
		out.Placements = append(out.Placements, pl)
	}
	out.Deleted, _ = calls.snapshot()
	return out, nil
}

// splitPending: the objects but the pending pods, and the pending pods in the order
// spreadlab's queue takes them (higher spec.priority first, then file order).
func splitPending(all []runtime.Object) (objects []runtime.Object, pending []*v1.Pod) {
	for _, o := range all {
		if p, ok := o.(*v1.Pod); ok && p.Spec.NodeName == "" {
			pending = append(pending, p)
			continue
		}
		objects = append(objects, o)
	}
	sort.SliceStable(pending, func(a, b int) bool { return podPriority(pending[a]) > podPriority(pending[b]) })
	return objects, pending
}

// waitForOutcome: the pod once bound, or once its PodScheduled condition says it is
// unschedulable and it is not a preemptor waiting for its victims to go.
func waitForOutcome(ctx context.Context, client *fake.Clientset, p *v1.Pod) (*v1.Pod, error) {
	start := time.Now()
	var unschedulableSince time.Time
	for {
		got, err := client.CoreV1().Pods(p.Namespace).Get(ctx, p.Name, metav1.GetOptions{})
		if err != nil {
			return nil, err
		}
		if got.Spec.NodeName != "" {
			return got, nil
		}
		unschedulable := false
		for _, c := range got.Status.Conditions {
			unschedulable = unschedulable || c.Type == v1.PodScheduled && c.Status == v1.ConditionFalse
		}
		switch {
		case !unschedulable:
			unschedulableSince = time.Time{}
		case unschedulableSince.IsZero():
			unschedulableSince = time.Now()
		case got.Status.NominatedNodeName == "" && time.Since(unschedulableSince) > 20*time.Millisecond,
			time.Since(unschedulableSince) > loopPreemptorTimeout:
			return got, nil
		}
		if time.Since(start) > loopPodTimeout {
			return nil, fmt.Errorf("pod %s/%s: neither bound nor unschedulable after %v", p.Namespace, p.Name, loopPodTimeout)
		}
		time.Sleep(2 * time.Millisecond)
	}
}
