package main

// kube-cycle --simulate: the cluster over time with upstream's own controllers. The
// scenario's objects go into a fake clientset; kube-controller-manager's Deployment,
// ReplicaSet, ReplicationController, StatefulSet, Job, DaemonSet, ephemeral-volume and
// PersistentVolume (binder) controllers are built over its informers as
// kube-controller-manager builds them (controllers.go), beside the scheduler
// (scheduler.New + Run). What the API server, the kubelet, external-provisioner and the
// garbage collector would do is done by the stand-ins below (reactors on the clientset).
// The cluster settles (nothing is written for a while and every pod is bound or reported
// unschedulable), then each --step is applied as spreadlab's `simulate` applies it
// (src/simulator/events.cpp) and the cluster settles again. Each step's report: the pods
// created, deleted by the controllers, removed by the event, bound, and left Pending with
// the PodScheduled condition's message, then every pod and its node.
//
// The stand-ins, each a simulation choice spreadlab makes too:
//   - the API server: a name from generateName (five random characters, as
//     names.SimpleNameGenerator), a UID, the creation time, a pod's create mutations
//     (admit) and its priority from its PriorityClass (the Priority admission plugin);
//     pods/binding sets spec.nodeName;
//   - the kubelet: a bound pod is Running and Ready at once;
//   - external-provisioner: a claim the PV controller hands to a provisioner gets a
//     PersistentVolume in the topology spreadlab's provisioner stand-in gives it
//     (src/controlplane/controllers/volume/persistentvolume_controller.cpp), bound by the
//     PV controller's next sync;
//   - the garbage collector: objects owned by a deleted pod go with it (a StatefulSet's
//     claims under whenScaled: Delete, a generic ephemeral volume's claim);
//   - a failed node and its pods are deleted at once (node lifecycle and pod GC would
//     take minutes); restore creates the nodes again, empty;
//   - deschedule evicts the pods spreadlab's descheduler chose, given as WORKLOAD@NODE
//     (the descheduler is not kube-controller-manager's; its choice is checked by its own
//     tables).

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	v1 "k8s.io/api/core/v1"
	schedulingv1 "k8s.io/api/scheduling/v1"
	storagev1 "k8s.io/api/storage/v1"
	"k8s.io/apimachinery/pkg/api/equality"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	utilrand "k8s.io/apimachinery/pkg/util/rand"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes/fake"
	clienttesting "k8s.io/client-go/testing"
	"k8s.io/client-go/tools/cache"
	"k8s.io/klog/v2"
	v1helper "k8s.io/kubernetes/pkg/apis/core/v1/helper"
	"k8s.io/kubernetes/pkg/scheduler"
	internalqueue "k8s.io/kubernetes/pkg/scheduler/backend/queue"
	"k8s.io/kubernetes/pkg/scheduler/framework"
)

type simPod struct {
	Pod      string   `json:"pod"`
	Node     string   `json:"node,omitempty"`
	Workload string   `json:"workload"`
	Message  string   `json:"message,omitempty"`
	Claims   []string `json:"claims,omitempty"`
}

type simStep struct {
	Action     string   `json:"action"`
	Created    []simPod `json:"created"`
	Deleted    []simPod `json:"deleted"` // by the controllers
	Evicted    []simPod `json:"evicted"` // by the event
	Placements []simPod `json:"placements"`
	Pending    []simPod `json:"pending"`
	Pods       []simPod `json:"pods"` // every pod once settled
	Claims     []string `json:"claims"`
	Unapplied  []string `json:"unapplied,omitempty"` // what the event could not do here
	Settled    bool     `json:"settled"`
}

type simOutput struct {
	KubeVersion string    `json:"kubeVersion"`
	Steps       []simStep `json:"steps"`
}

// How long nothing may be written before the cluster counts as settled, and how long a
// step may take at most.
const (
	// Written objects' resourceVersions count up from here, above any the scenario gives.
	initialVersion = 1 << 40
	simQuiet       = 600 * time.Millisecond
	simTimeout     = 60 * time.Second
	simWatchdog    = 5 * time.Minute // a whole story
)

type simCluster struct {
	ctx     context.Context
	client  *fake.Clientset
	factory informers.SharedInformerFactory
	writes  atomic.Int64 // create, update, patch and delete calls, to see when nothing changes

	mu       sync.Mutex
	step     *simStep
	seen     map[string]*v1.Pod // every pod, by key, as the informer last saw it
	rsOwner  map[string]string  // namespace/ReplicaSet -> its Deployment's name
	evicting map[string]bool    // pods the event itself removes
	given    map[string]bool    // the scenario's pending pods, created by the harness, not a controller
	// Each workload's place among the scenario's objects ("Deployment/web": 3), for the queue order.
	workloadPlace map[string]int

	nodeOrder []string   // the scenario's nodes in file order (the provisioner's Immediate choice)
	failed    []*v1.Node // taken away by fail, until restore
	restarts  map[string]int
	classes   map[string]*schedulingv1.PriorityClass
	queue     internalqueue.SchedulingQueue // the scheduler's, to see it idle and to flush it
	barrier   restoreBarrier
}

func runSimulate(sc *scenario, steps []string) (*simOutput, error) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cfg, err := schedulerConfig(sc)
	if err != nil {
		return nil, err
	}
	c := &simCluster{ctx: ctx, seen: map[string]*v1.Pod{}, rsOwner: map[string]string{},
		evicting: map[string]bool{}, given: map[string]bool{}, restarts: map[string]int{}, classes: map[string]*schedulingv1.PriorityClass{}}
	for _, n := range sc.nodes {
		c.nodeOrder = append(c.nodeOrder, n.Name)
	}
	for _, o := range sc.objects {
		if pc, ok := o.(*schedulingv1.PriorityClass); ok {
			c.classes[pc.Name] = pc
		}
	}
	for _, o := range sc.objects {
		if m, err := meta.Accessor(o); err == nil && m.GetResourceVersion() == "" {
			m.SetResourceVersion("1")
		}
	}
	c.workloadPlace = map[string]int{}
	for i, o := range sc.objects {
		if m, err := meta.Accessor(o); err == nil {
			c.workloadPlace[o.GetObjectKind().GroupVersionKind().Kind+"/"+m.GetName()] = i
		}
	}
	fillReferenceUIDs(sc.objects)
	for _, o := range sc.objects {
		if p, ok := o.(*v1.Pod); ok && p.Spec.NodeName != "" {
			startedByKubelet(p)
		}
	}
	revisions, err := statefulSetRevisions(sc.objects)
	if err != nil {
		return nil, err
	}
	sc.objects = append(sc.objects, revisions...)
	// The scenario's pending pods arrive one at a time once the scheduler runs, as in
	// --loop (spreadlab's queue order), before the controllers start: a controller would
	// otherwise create a missing StatefulSet replica in their place.
	objects, pending := splitPending(sc.objects)
	c.client = fake.NewClientset(objects...)
	c.installReactors()
	c.factory = informers.NewSharedInformerFactory(c.client, 0)
	sched, err := newScheduler(ctx, c.client, c.factory, cfg,
		[]scheduler.Option{withBarrier(&c.barrier, cfg.Profiles)}, cfg.Profiles...)
	if err != nil {
		return nil, err
	}
	runControllers, runVolumeControllers, err := startControllers(ctx, c.client, c.factory)
	if err != nil {
		return nil, err
	}
	c.watch()
	c.factory.Start(ctx.Done())
	c.factory.WaitForCacheSync(ctx.Done())
	if err := sched.WaitForHandlersSync(ctx); err != nil {
		return nil, err
	}
	c.queue = sched.SchedulingQueue
	go sched.Run(ctx)
	runVolumeControllers()

	out := &simOutput{KubeVersion: kubeVersion(), Steps: []simStep{}}
	st, err := c.apply("start", func() error {
		for _, p := range pending {
			c.mu.Lock()
			c.given[podKey(p)] = true
			c.mu.Unlock()
			if _, err := c.client.CoreV1().Pods(p.Namespace).Create(ctx, p, metav1.CreateOptions{}); err != nil {
				return fmt.Errorf("creating pod %s/%s: %w", p.Namespace, p.Name, err)
			}
			if len(p.Spec.SchedulingGates) == 0 {
				if _, err := waitForOutcome(ctx, c.client, p); err != nil {
					return err
				}
			}
		}
		runControllers()
		return nil
	})
	if err != nil {
		return nil, err
	}
	out.Steps = append(out.Steps, *st)
	for _, text := range steps {
		fields := strings.Fields(text)
		if len(fields) == 0 {
			continue
		}
		st, err := c.apply(text, func() error { return c.event(fields[0], fields[1:]) })
		if err != nil {
			return nil, fmt.Errorf("step %q: %w", text, err)
		}
		out.Steps = append(out.Steps, *st)
	}
	return out, nil
}

// ---- the API server, the kubelet, external-provisioner and the garbage collector ----

func (c *simCluster) installReactors() {
	// Garbage collection of what a deleted pod owned.
	c.client.PrependReactor("delete", "pods", func(a clienttesting.Action) (bool, runtime.Object, error) {
		da := a.(clienttesting.DeleteAction)
		obj, err := c.client.Tracker().Get(v1.SchemeGroupVersion.WithResource("pods"), da.GetNamespace(), da.GetName())
		if err == nil {
			go c.collectOwnedBy(obj.(*v1.Pod).UID, da.GetNamespace())
		}
		return false, nil, nil
	})
	c.client.PrependReactor("create", "*", func(a clienttesting.Action) (bool, runtime.Object, error) {
		ca, ok := a.(clienttesting.CreateAction)
		if !ok || ca.GetSubresource() != "" {
			return false, nil, nil
		}
		obj := ca.GetObject()
		m, err := meta.Accessor(obj)
		if err != nil {
			return false, nil, nil
		}
		if m.GetName() == "" && m.GetGenerateName() != "" {
			m.SetName(m.GetGenerateName() + utilrand.String(5))
		}
		if m.GetUID() == "" {
			m.SetUID(types.UID(fmt.Sprintf("%s-%s-%s", a.GetResource().Resource, m.GetNamespace(), m.GetName())))
		}
		if ts := m.GetCreationTimestamp(); ts.IsZero() {
			m.SetCreationTimestamp(metav1.Now())
		}
		if m.GetGeneration() == 0 {
			m.SetGeneration(1)
		}
		if pod, ok := obj.(*v1.Pod); ok {
			if ca.GetObject() != nil && !c.givenPod(pod) {
				pod.Spec.SchedulingGates = append(pod.Spec.SchedulingGates, v1.PodSchedulingGate{Name: harnessGate})
			}
			c.admitPriority(pod)
			if pod.Status.Phase == "" { // podStrategy.PrepareForCreate
				pod.Status.Phase = v1.PodPending
			}
			if err := admit(pod, "Pod", false); err != nil {
				return true, nil, err
			}
		}
		return false, nil, nil
	})
	// The API server's metadata.generation: one more on each change of the spec.
	c.client.PrependReactor("update", "*", func(a clienttesting.Action) (bool, runtime.Object, error) {
		ua, ok := a.(clienttesting.UpdateAction)
		if !ok || ua.GetSubresource() != "" {
			return false, nil, nil
		}
		obj := ua.GetObject()
		m, err := meta.Accessor(obj)
		if err != nil {
			return false, nil, nil
		}
		old, err := c.client.Tracker().Get(a.GetResource(), a.GetNamespace(), m.GetName())
		if err != nil {
			return false, nil, nil
		}
		before, err1 := runtime.DefaultUnstructuredConverter.ToUnstructured(old)
		after, err2 := runtime.DefaultUnstructuredConverter.ToUnstructured(obj)
		if err1 == nil && err2 == nil && after["spec"] != nil && !equality.Semantic.DeepEqual(before["spec"], after["spec"]) {
			om, _ := meta.Accessor(old)
			m.SetGeneration(om.GetGeneration() + 1)
		}
		return false, nil, nil
	})
	// pods/binding, and the kubelet starting the pod.
	c.client.PrependReactor("create", "pods", func(a clienttesting.Action) (bool, runtime.Object, error) {
		ca, ok := a.(clienttesting.CreateAction)
		if !ok || ca.GetSubresource() != "binding" {
			return false, nil, nil
		}
		b := ca.GetObject().(*v1.Binding)
		// A node deleted by `fail` takes no pod, even one the scheduler chose before its cache
		// saw the deletion: the outage is one moment for the scheduler, as in spreadlab (a real
		// cluster may bind it, and the pod garbage collector then deletes the pod).
		if _, err := c.client.Tracker().Get(v1.SchemeGroupVersion.WithResource("nodes"), "", b.Target.Name); err != nil {
			return true, nil, err
		}
		obj, err := c.client.Tracker().Get(v1.SchemeGroupVersion.WithResource("pods"), b.Namespace, b.Name)
		if err != nil {
			return true, nil, err
		}
		pod := obj.(*v1.Pod).DeepCopy()
		pod.Spec.NodeName = b.Target.Name
		pod.ResourceVersion = strconv.FormatInt(initialVersion+c.writes.Add(1), 10)
		pod.Status.Phase, pod.Status.Conditions = "", nil // the kubelet starts it afresh
		startedByKubelet(pod)
		return true, b, c.client.Tracker().Update(v1.SchemeGroupVersion.WithResource("pods"), pod, b.Namespace)
	})
	// Prepended last, so it sees every call first. The API server's resourceVersion on
	// each create and update (the fake tracker keeps the written one; the PV controller and
	// the scheduler's assume cache refuse an object without one).
	c.client.PrependReactor("*", "*", func(a clienttesting.Action) (bool, runtime.Object, error) {
		if ua, ok := a.(clienttesting.UpdateAction); ok {
			if err := c.asAPIServerUpdates(ua); err != nil {
				return true, nil, err
			}
		}
		switch a.GetVerb() {
		case "create", "update", "patch", "delete":
			n := c.writes.Add(1)
			if oa, ok := a.(interface{ GetObject() runtime.Object }); ok && a.GetVerb() != "patch" && a.GetVerb() != "delete" {
				if m, err := meta.Accessor(oa.GetObject()); err == nil {
					m.SetResourceVersion(strconv.FormatInt(initialVersion+n, 10))
				}
			}
		}
		return false, nil, nil
	})
}

// asAPIServerUpdates: what the API server does with an update that the fake tracker does
// not. An update from a stale copy (its resourceVersion not the stored one) is refused with
// a Conflict, and an update of the status subresource keeps the stored spec
// (e.g. replicaSetStatusStrategy.PrepareForUpdate). Without them a controller writing
// status from a copy older than another controller's spec change undid that change: the
// ReplicaSet controller put back the replicas the Deployment controller had just scaled
// down, and created pods for them (examples/deployment-scale-down.yaml, one run in eight).
func (c *simCluster) asAPIServerUpdates(ua clienttesting.UpdateAction) error {
	obj := ua.GetObject()
	m, err := meta.Accessor(obj)
	if err != nil {
		return nil
	}
	old, err := c.client.Tracker().Get(ua.GetResource(), ua.GetNamespace(), m.GetName())
	if err != nil {
		return nil
	}
	om, err := meta.Accessor(old)
	if err != nil {
		return nil
	}
	if rv := m.GetResourceVersion(); rv != "" && rv != om.GetResourceVersion() {
		return apierrors.NewConflict(ua.GetResource().GroupResource(), m.GetName(),
			fmt.Errorf("the object has been modified; please apply your changes to the latest version and try again"))
	}
	if ua.GetSubresource() != "status" {
		return nil
	}
	before, err1 := runtime.DefaultUnstructuredConverter.ToUnstructured(old)
	after, err2 := runtime.DefaultUnstructuredConverter.ToUnstructured(obj)
	if err1 != nil || err2 != nil || before["spec"] == nil {
		return nil
	}
	after["spec"] = before["spec"]
	return runtime.DefaultUnstructuredConverter.FromUnstructured(after, obj)
}

// fillReferenceUIDs: references written without a uid (a hand-written scenario; a dump
// has them) name the object by kind and name, as spreadlab reads them: an ownerReference
// its owner in the namespace, a volume's claimRef the claim bound to it. Upstream's
// controllers would otherwise not own their pods (and create them again), and the PV
// controller would find the claim bound to another claim's volume and mark it Lost.
func fillReferenceUIDs(objects []runtime.Object) {
	claims := map[string]*v1.PersistentVolumeClaim{}
	uids := map[string]types.UID{} // kind/namespace/name
	for _, o := range objects {
		if pvc, ok := o.(*v1.PersistentVolumeClaim); ok {
			claims[pvc.Namespace+"/"+pvc.Name] = pvc
		}
		if m, err := meta.Accessor(o); err == nil {
			uids[o.GetObjectKind().GroupVersionKind().Kind+"/"+m.GetNamespace()+"/"+m.GetName()] = m.GetUID()
		}
	}
	// An object without a uid takes the one a reference naming it gives (spreadlab's
	// NamesController matches such an owner by kind and name).
	for _, o := range objects {
		m, err := meta.Accessor(o)
		if err != nil {
			continue
		}
		for _, ref := range m.GetOwnerReferences() {
			key := ref.Kind + "/" + m.GetNamespace() + "/" + ref.Name
			if uid, ok := uids[key]; ok && uid == generatedUID(ref.Kind, m.GetNamespace(), ref.Name) && ref.UID != "" {
				uids[key] = ref.UID
			}
		}
	}
	for _, o := range objects {
		if m, err := meta.Accessor(o); err == nil {
			m.SetUID(uids[o.GetObjectKind().GroupVersionKind().Kind+"/"+m.GetNamespace()+"/"+m.GetName()])
		}
	}
	for _, o := range objects {
		m, err := meta.Accessor(o)
		if err != nil {
			continue
		}
		refs := m.GetOwnerReferences()
		for i := range refs {
			if refs[i].UID == "" {
				refs[i].UID = uids[refs[i].Kind+"/"+m.GetNamespace()+"/"+refs[i].Name]
			}
		}
		m.SetOwnerReferences(refs)
	}
	for _, o := range objects {
		pv, ok := o.(*v1.PersistentVolume)
		if !ok || pv.Spec.ClaimRef == nil || pv.Spec.ClaimRef.UID != "" {
			continue
		}
		if pvc := claims[pv.Spec.ClaimRef.Namespace+"/"+pv.Spec.ClaimRef.Name]; pvc != nil && pvc.Spec.VolumeName == pv.Name {
			pv.Spec.ClaimRef.UID = pvc.UID
		}
	}
}

// startedByKubelet: the kubelet stand-in's pod, Running and Ready, unless the pod's status
// says otherwise (a phase other than Running, or a Ready condition): a pod the scenario
// writes bound without a status counts as Ready, as spreadlab reads it.
func startedByKubelet(pod *v1.Pod) {
	if pod.Status.Phase != "" && pod.Status.Phase != v1.PodRunning {
		return
	}
	for _, cond := range pod.Status.Conditions {
		if cond.Type == v1.PodReady {
			return
		}
	}
	now := metav1.Now()
	pod.Status.Phase = v1.PodRunning
	if pod.Status.StartTime == nil {
		pod.Status.StartTime = &now
	}
	for _, t := range []v1.PodConditionType{v1.PodScheduled, v1.PodInitialized, v1.ContainersReady, v1.PodReady} {
		pod.Status.Conditions = append(pod.Status.Conditions, v1.PodCondition{Type: t, Status: v1.ConditionTrue, LastTransitionTime: now})
	}
}

// admitPriority: the Priority admission plugin's spec.priority from the pod's class (or
// the global default class), with its preemptionPolicy.
func (c *simCluster) admitPriority(pod *v1.Pod) {
	if pod.Spec.Priority != nil {
		return
	}
	var pc *schedulingv1.PriorityClass
	if pod.Spec.PriorityClassName != "" {
		pc = c.classes[pod.Spec.PriorityClassName]
		switch {
		case pc != nil:
		case pod.Spec.PriorityClassName == "system-cluster-critical":
			pc = &schedulingv1.PriorityClass{Value: 2000000000}
		case pod.Spec.PriorityClassName == "system-node-critical":
			pc = &schedulingv1.PriorityClass{Value: 2000001000}
		}
	} else {
		for _, cl := range c.classes {
			if cl.GlobalDefault {
				pc = cl
			}
		}
	}
	var value int32
	if pc != nil {
		value = pc.Value
		if pod.Spec.PreemptionPolicy == nil && pc.PreemptionPolicy != nil {
			p := *pc.PreemptionPolicy
			pod.Spec.PreemptionPolicy = &p
		}
	}
	pod.Spec.Priority = &value
}

func (c *simCluster) collectOwnedBy(uid types.UID, ns string) {
	claims, err := c.client.CoreV1().PersistentVolumeClaims(ns).List(c.ctx, metav1.ListOptions{})
	if err != nil {
		return
	}
	for _, pvc := range claims.Items {
		for _, r := range pvc.OwnerReferences {
			if r.UID == uid {
				_ = c.client.CoreV1().PersistentVolumeClaims(ns).Delete(c.ctx, pvc.Name, metav1.DeleteOptions{})
			}
		}
	}
}

// provision: external-provisioner's answer to a claim the PV controller handed to it
// (the volume.kubernetes.io/storage-provisioner annotation), in spreadlab's topology.
func (c *simCluster) provision(pvc *v1.PersistentVolumeClaim) {
	provisioner := pvc.Annotations["volume.kubernetes.io/storage-provisioner"]
	if provisioner == "" || pvc.Spec.VolumeName != "" || pvc.Spec.StorageClassName == nil || pvc.DeletionTimestamp != nil {
		return
	}
	cls, err := c.client.StorageV1().StorageClasses().Get(c.ctx, *pvc.Spec.StorageClassName, metav1.GetOptions{})
	if err != nil {
		return
	}
	var node *v1.Node
	if selected := pvc.Annotations["volume.kubernetes.io/selected-node"]; selected != "" {
		node, _ = c.client.CoreV1().Nodes().Get(c.ctx, selected, metav1.GetOptions{})
	} else {
		for _, name := range c.nodeOrder {
			n, err := c.client.CoreV1().Nodes().Get(c.ctx, name, metav1.GetOptions{})
			if err == nil && allowedTopology(cls.AllowedTopologies, n.Labels) {
				node = n
				break
			}
		}
	}
	if node == nil {
		return
	}
	name := "pvc-" + string(pvc.UID)
	pv := &v1.PersistentVolume{
		ObjectMeta: metav1.ObjectMeta{Name: name, Annotations: map[string]string{"pv.kubernetes.io/provisioned-by": provisioner}},
		Spec: v1.PersistentVolumeSpec{
			Capacity:                      v1.ResourceList{v1.ResourceStorage: pvc.Spec.Resources.Requests[v1.ResourceStorage]},
			AccessModes:                   pvc.Spec.AccessModes,
			PersistentVolumeReclaimPolicy: v1.PersistentVolumeReclaimDelete,
			StorageClassName:              cls.Name,
			VolumeMode:                    pvc.Spec.VolumeMode,
			ClaimRef: &v1.ObjectReference{Kind: "PersistentVolumeClaim", APIVersion: "v1", Namespace: pvc.Namespace,
				Name: pvc.Name, UID: pvc.UID},
		},
	}
	if cls.ReclaimPolicy != nil {
		pv.Spec.PersistentVolumeReclaimPolicy = *cls.ReclaimPolicy
	}
	if _, ok := pv.Spec.Capacity[v1.ResourceStorage]; !ok {
		pv.Spec.Capacity = v1.ResourceList{v1.ResourceStorage: resource.MustParse("1Gi")}
	}
	if !strings.HasPrefix(provisioner, "kubernetes.io/") {
		pv.Spec.CSI = &v1.CSIPersistentVolumeSource{Driver: provisioner, VolumeHandle: name}
	}
	if terms := c.topology(node, cls); len(terms) > 0 {
		pv.Spec.NodeAffinity = &v1.VolumeNodeAffinity{Required: &v1.NodeSelector{NodeSelectorTerms: terms}}
	}
	_, _ = c.client.CoreV1().PersistentVolumes().Create(c.ctx, pv, metav1.CreateOptions{})
}

func allowedTopology(terms []v1.TopologySelectorTerm, l map[string]string) bool {
	if len(terms) == 0 {
		return true
	}
	return v1helper.MatchTopologySelectorTerms(terms, labels.Set(l))
}

// topology: the node's CSINode topologyKeys for the driver, else the first allowedTopologies
// term it matches narrowed to its values, else its zone (spreadlab's Topology).
func (c *simCluster) topology(node *v1.Node, cls *storagev1.StorageClass) []v1.NodeSelectorTerm {
	req := func(key string) v1.NodeSelectorRequirement {
		return v1.NodeSelectorRequirement{Key: key, Operator: v1.NodeSelectorOpIn, Values: []string{node.Labels[key]}}
	}
	if csiNode, err := c.client.StorageV1().CSINodes().Get(c.ctx, node.Name, metav1.GetOptions{}); err == nil {
		for _, d := range csiNode.Spec.Drivers {
			if d.Name != cls.Provisioner {
				continue
			}
			var term []v1.NodeSelectorRequirement
			for _, key := range d.TopologyKeys {
				if _, ok := node.Labels[key]; ok {
					term = append(term, req(key))
				}
			}
			if len(term) == 0 {
				return nil
			}
			return []v1.NodeSelectorTerm{{MatchExpressions: term}}
		}
	}
	for _, t := range cls.AllowedTopologies {
		if !v1helper.MatchTopologySelectorTerms([]v1.TopologySelectorTerm{t}, labels.Set(node.Labels)) {
			continue
		}
		var term []v1.NodeSelectorRequirement
		for _, r := range t.MatchLabelExpressions {
			term = append(term, req(r.Key))
		}
		if len(term) == 0 {
			return nil
		}
		return []v1.NodeSelectorTerm{{MatchExpressions: term}}
	}
	if _, ok := node.Labels[v1.LabelTopologyZone]; ok {
		return []v1.NodeSelectorTerm{{MatchExpressions: []v1.NodeSelectorRequirement{req(v1.LabelTopologyZone)}}}
	}
	return nil
}

// ---- what each step saw ----

func (c *simCluster) workloadOf(p *v1.Pod) string {
	ref := metav1.GetControllerOf(p)
	if ref == nil {
		return ""
	}
	if ref.Kind == "ReplicaSet" {
		if d, ok := c.rsOwner[p.Namespace+"/"+ref.Name]; ok {
			return "Deployment/" + d
		}
		// The pod informer can see a pod before the ReplicaSet informer sees its owner;
		// the tracker already holds the ReplicaSet. (The tracker, not the client: the
		// client's reactors run under its lock and take c.mu, which the caller holds.)
		if obj, err := c.client.Tracker().Get(appsv1.SchemeGroupVersion.WithResource("replicasets"), p.Namespace, ref.Name); err == nil {
			if d := metav1.GetControllerOf(obj.(*appsv1.ReplicaSet)); d != nil && d.Kind == "Deployment" {
				return "Deployment/" + d.Name
			}
		}
	}
	return ref.Kind + "/" + ref.Name
}

func podKey(p *v1.Pod) string { return p.Namespace + "/" + p.Name }

func (c *simCluster) watch() {
	rsSeen := func(obj any) {
		rs, ok := obj.(*appsv1.ReplicaSet)
		if !ok {
			return
		}
		if ref := metav1.GetControllerOf(rs); ref != nil && ref.Kind == "Deployment" {
			c.mu.Lock()
			c.rsOwner[rs.Namespace+"/"+rs.Name] = ref.Name
			c.mu.Unlock()
		}
	}
	c.factory.Apps().V1().ReplicaSets().Informer().AddEventHandler(cache.ResourceEventHandlerFuncs{
		AddFunc: rsSeen, UpdateFunc: func(_, obj any) { rsSeen(obj) }})
	c.factory.Core().V1().Pods().Informer().AddEventHandler(cache.ResourceEventHandlerFuncs{
		AddFunc: func(obj any) { c.podSeen(nil, obj.(*v1.Pod)) },
		UpdateFunc: func(old, obj any) {
			c.podSeen(old.(*v1.Pod), obj.(*v1.Pod))
		},
		DeleteFunc: func(obj any) {
			if t, ok := obj.(cache.DeletedFinalStateUnknown); ok {
				obj = t.Obj
			}
			c.podGone(obj.(*v1.Pod))
		},
	})
	provision := func(obj any) {
		if pvc, ok := obj.(*v1.PersistentVolumeClaim); ok {
			go c.provision(pvc.DeepCopy())
		}
	}
	c.factory.Core().V1().PersistentVolumeClaims().Informer().AddEventHandler(cache.ResourceEventHandlerFuncs{
		AddFunc: provision, UpdateFunc: func(_, obj any) { provision(obj) }})
}

func (c *simCluster) podSeen(old, p *v1.Pod) {
	c.mu.Lock()
	defer c.mu.Unlock()
	key := podKey(p)
	_, known := c.seen[key]
	c.seen[key] = p
	if c.step == nil {
		return
	}
	if !known && old == nil && !c.given[key] {
		c.step.Created = append(c.step.Created, simPod{Pod: key, Workload: c.workloadOf(p)})
	}
	if p.Spec.NodeName != "" && (old == nil || old.Spec.NodeName == "") {
		c.step.Placements = append(c.step.Placements, simPod{Pod: key, Node: p.Spec.NodeName, Workload: c.workloadOf(p)})
	}
}

func (c *simCluster) podGone(p *v1.Pod) {
	c.mu.Lock()
	defer c.mu.Unlock()
	key := podKey(p)
	delete(c.seen, key)
	delete(c.given, key) // a pod made again under its name is a controller's
	if c.step == nil {
		return
	}
	gone := simPod{Pod: key, Node: p.Spec.NodeName, Workload: c.workloadOf(p)}
	if c.evicting[key] {
		delete(c.evicting, key)
		c.step.Evicted = append(c.step.Evicted, gone)
		return
	}
	c.step.Deleted = append(c.step.Deleted, gone)
}

// apply runs the event, then waits until the cluster settles and reports the step.
func (c *simCluster) apply(action string, event func() error) (*simStep, error) {
	c.mu.Lock()
	c.step = &simStep{Action: action, Created: []simPod{}, Deleted: []simPod{}, Evicted: []simPod{},
		Placements: []simPod{}, Pending: []simPod{}}
	c.mu.Unlock()
	if err := event(); err != nil {
		return nil, err
	}
	settled := c.settle()
	c.mu.Lock()
	defer c.mu.Unlock()
	st := c.step
	c.step = nil
	st.Settled = settled
	var keys []string
	for k := range c.seen {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	st.Pods = []simPod{}
	for _, k := range keys {
		p := c.seen[k]
		sp := simPod{Pod: k, Node: p.Spec.NodeName, Workload: c.workloadOf(p)}
		st.Pods = append(st.Pods, sp)
		if p.Spec.NodeName == "" {
			sp.Message = scheduledMessage(p)
			st.Pending = append(st.Pending, sp)
		}
	}
	claims, _ := c.factory.Core().V1().PersistentVolumeClaims().Lister().List(labels.Everything())
	st.Claims = []string{}
	for _, pvc := range claims {
		st.Claims = append(st.Claims, pvc.Namespace+"/"+pvc.Name)
	}
	sort.Strings(st.Claims)
	return st, nil
}

func scheduledMessage(p *v1.Pod) string {
	for _, g := range p.Spec.SchedulingGates {
		if g.Name != harnessGate {
			return "gated"
		}
	}
	for _, cond := range p.Status.Conditions {
		if cond.Type == v1.PodScheduled && cond.Status == v1.ConditionFalse {
			return cond.Message
		}
	}
	return ""
}

// settle waits until nothing was written for simQuiet, the controllers have caught up,
// every pod is bound, gated or reported unschedulable and the scheduling queue holds
// nothing to try (queueIdle); then it moves every unschedulable pod back
// as flushUnschedulablePodsLeftover does once podMaxInUnschedulablePodsDuration (5 min)
// has passed, and waits again, until a flush changes nothing. A step thus ends with each
// pending pod tried against the settled cluster, as spreadlab's last round tries it
// (without the flush a pod keeps the message of its last try, from before the events no
// queueing hint of its rejecting plugins requeues it for). False after simTimeout.
func (c *simCluster) settle() bool {
	start := time.Now()
	last, since := c.writes.Load(), time.Now()
	flushed := int64(-1) // the write count at the last flush
	for time.Since(start) < simTimeout {
		time.Sleep(20 * time.Millisecond)
		if w := c.writes.Load(); w != last {
			last, since = w, time.Now()
			continue
		}
		if time.Since(since) < simQuiet {
			continue
		}
		if !c.controllersCaughtUp() {
			continue
		}
		if gated := c.harnessGated(); len(gated) > 0 {
			if err := c.releaseOneByOne(gated); err != nil {
				return false
			}
			last, since = c.writes.Load(), time.Now()
			continue
		}
		waiting := false
		c.mu.Lock()
		for _, p := range c.seen {
			waiting = waiting || p.Spec.NodeName == "" && scheduledMessage(p) == ""
		}
		c.mu.Unlock()
		if waiting || !c.queueIdle() {
			continue
		}
		if w := c.writes.Load(); w != flushed {
			flushed = w
			c.queue.MoveAllToActiveOrBackoffQueue(klog.FromContext(c.ctx), framework.EventUnschedulableTimeout, nil, nil, nil)
			since = time.Now()
			continue
		}
		return true
	}
	return false
}

// queueIdle: nothing in activeQ or in flight, and in backoffQ only pods already reported
// unschedulable (a pod that fails with an error, e.g. "no nodes available to schedule
// pods", goes back to backoffQ for ever; the quiet time says its retries change nothing).
func (c *simCluster) queueIdle() bool {
	if len(c.queue.PodsInActiveQ()) > 0 || len(c.queue.InFlightPods()) > 0 {
		return false
	}
	for _, p := range c.queue.PodsInBackoffQ() {
		if scheduledMessage(p) == "" {
			return false
		}
	}
	return true
}

// The harness's scheduling gate on every pod a controller creates: the scheduler sees a
// round of new pods only once the controllers are done, one pod at a time, in spreadlab's
// queue order (higher priority first, then the workload's place in the scenario, then
// creation), each after the one before is bound or unschedulable. This is one of the
// interleavings a real cluster may take (controllers quicker than the scheduler), the one
// spreadlab's rounds take; without it, the order in which concurrent controllers' pods
// reach the queue is a race, and so is every placement that depends on it.
const harnessGate = "spreadlab.dev/harness-round"

func (c *simCluster) givenPod(p *v1.Pod) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.given[podKey(p)]
}

func hasHarnessGate(p *v1.Pod) bool {
	for _, g := range p.Spec.SchedulingGates {
		if g.Name == harnessGate {
			return true
		}
	}
	return false
}

// harnessGated: the pods waiting for the harness's gate, in spreadlab's queue order.
func (c *simCluster) harnessGated() []*v1.Pod {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []*v1.Pod
	for _, p := range c.seen {
		if hasHarnessGate(p) {
			out = append(out, p)
		}
	}
	place := func(p *v1.Pod) int {
		if i, ok := c.workloadPlace[c.workloadOf(p)]; ok {
			return i
		}
		return len(c.workloadPlace)
	}
	sort.SliceStable(out, func(a, b int) bool {
		pa, pb := podPriority(out[a]), podPriority(out[b])
		if pa != pb {
			return pa > pb
		}
		if wa, wb := place(out[a]), place(out[b]); wa != wb {
			return wa < wb
		}
		// One controller's pods of a round by ordinal: a StatefulSet creates a Parallel batch
		// from concurrent goroutines (slowStartBatch), so their creation order is a race, and
		// spreadlab appends them in ordinal order.
		if !sameController(out[a], out[b]) && !out[a].CreationTimestamp.Equal(&out[b].CreationTimestamp) {
			return out[a].CreationTimestamp.Before(&out[b].CreationTimestamp)
		}
		return podOrdinalLess(out[a].Name, out[b].Name)
	})
	return out
}

func sameController(a, b *v1.Pod) bool {
	ra, rb := metav1.GetControllerOf(a), metav1.GetControllerOf(b)
	return ra != nil && rb != nil && ra.UID == rb.UID
}

// podOrdinalLess orders db-2 before db-10, other names as strings.
func podOrdinalLess(a, b string) bool {
	ia, ib := strings.LastIndex(a, "-"), strings.LastIndex(b, "-")
	if ia >= 0 && ib >= 0 && a[:ia] == b[:ib] {
		na, ea := strconv.Atoi(a[ia+1:])
		nb, eb := strconv.Atoi(b[ib+1:])
		if ea == nil && eb == nil {
			return na < nb
		}
	}
	return a < b
}

func (c *simCluster) releaseOneByOne(pods []*v1.Pod) error {
	for _, p := range pods {
		got, err := c.client.CoreV1().Pods(p.Namespace).Get(c.ctx, p.Name, metav1.GetOptions{})
		if err != nil {
			continue // deleted meanwhile
		}
		var gates []v1.PodSchedulingGate
		for _, g := range got.Spec.SchedulingGates {
			if g.Name != harnessGate {
				gates = append(gates, g)
			}
		}
		got.Spec.SchedulingGates = gates
		if _, err := c.client.CoreV1().Pods(p.Namespace).Update(c.ctx, got, metav1.UpdateOptions{}); err != nil {
			return err
		}
		if len(gates) == 0 {
			if _, err := waitForOutcome(c.ctx, c.client, got); err != nil {
				return err
			}
		}
	}
	return nil
}

// controllersCaughtUp: every Deployment, StatefulSet and DaemonSet has observed its
// generation, and every ReplicaSet has as many pods as it wants (on a loaded machine its
// slow-start batches can outlast the quiet time).
func (c *simCluster) controllersCaughtUp() bool {
	apps := c.factory.Apps().V1()
	rss, _ := apps.ReplicaSets().Lister().List(labels.Everything())
	for _, rs := range rss {
		if rs.Status.ObservedGeneration < rs.Generation || rs.Spec.Replicas != nil && rs.Status.Replicas != *rs.Spec.Replicas {
			return false
		}
	}
	ds, _ := apps.Deployments().Lister().List(labels.Everything())
	for _, d := range ds {
		if d.Status.ObservedGeneration < d.Generation {
			return false
		}
	}
	sts, _ := apps.StatefulSets().Lister().List(labels.Everything())
	for _, s := range sts {
		if s.Status.ObservedGeneration < s.Generation {
			return false
		}
	}
	dss, _ := apps.DaemonSets().Lister().List(labels.Everything())
	for _, d := range dss {
		if d.Status.ObservedGeneration < d.Generation {
			return false
		}
	}
	return true
}

// ---- the events, as src/simulator/events.cpp applies them ----

const unschedulableTaint = "node.kubernetes.io/unschedulable"

func (c *simCluster) event(action string, args []string) error {
	switch action {
	case "scale":
		if len(args) != 2 {
			return fmt.Errorf("expected scale NS/NAME N")
		}
		n, err := strconv.Atoi(args[1])
		if err != nil {
			return err
		}
		return c.scale(args[0], int32(n))
	case "rollout":
		return c.rollout(args[0])
	case "cordon", "uncordon":
		return c.setCordoned(args[0], action == "cordon")
	case "drain":
		if err := c.setCordoned(args[0], true); err != nil {
			return err
		}
		c.nodesSeen(func(nodes []*v1.Node) bool {
			return slices.ContainsFunc(nodes, func(n *v1.Node) bool { return n.Name == args[0] && n.Spec.Unschedulable })
		})
		return c.evict(func(p *v1.Pod) bool {
			ref := metav1.GetControllerOf(p)
			return p.Spec.NodeName == args[0] && (ref == nil || ref.Kind != "DaemonSet")
		})
	case "fail":
		return c.fail(args[0])
	case "restore":
		return c.restore()
	case "add-node":
		return c.addNode(args[0], args[1:])
	case "deschedule":
		return c.deschedule(args)
	}
	return fmt.Errorf("no such event %q", action)
}

// workloadKey: "[Kind/]NS/NAME" as spreadlab reads it.
func workloadKey(text string) (kind, ns, name string) {
	parts := strings.Split(text, "/")
	switch len(parts) {
	case 3:
		return parts[0], parts[1], parts[2]
	case 2:
		return "", parts[0], parts[1]
	}
	return "", "default", text
}

func (c *simCluster) scale(workload string, replicas int32) error {
	kind, ns, name := workloadKey(workload)
	apps := c.client.AppsV1()
	if kind == "" || kind == "Deployment" {
		if d, err := apps.Deployments(ns).Get(c.ctx, name, metav1.GetOptions{}); err == nil {
			d.Spec.Replicas = &replicas
			_, err = apps.Deployments(ns).Update(c.ctx, d, metav1.UpdateOptions{})
			return err
		}
	}
	if kind == "" || kind == "ReplicaSet" {
		if rs, err := apps.ReplicaSets(ns).Get(c.ctx, name, metav1.GetOptions{}); err == nil {
			rs.Spec.Replicas = &replicas
			_, err = apps.ReplicaSets(ns).Update(c.ctx, rs, metav1.UpdateOptions{})
			return err
		}
	}
	if kind == "" || kind == "StatefulSet" {
		if s, err := apps.StatefulSets(ns).Get(c.ctx, name, metav1.GetOptions{}); err == nil {
			s.Spec.Replicas = &replicas
			_, err = apps.StatefulSets(ns).Update(c.ctx, s, metav1.UpdateOptions{})
			return err
		}
	}
	if kind == "" || kind == "ReplicationController" {
		if rc, err := c.client.CoreV1().ReplicationControllers(ns).Get(c.ctx, name, metav1.GetOptions{}); err == nil {
			rc.Spec.Replicas = &replicas
			_, err = c.client.CoreV1().ReplicationControllers(ns).Update(c.ctx, rc, metav1.UpdateOptions{})
			return err
		}
	}
	return fmt.Errorf("no workload %s to scale", workload)
}

// rollout: kubectl rollout restart's annotation, numbered as spreadlab numbers it.
func (c *simCluster) rollout(workload string) error {
	kind, ns, name := workloadKey(workload)
	c.restarts[ns+"/"+name]++
	stamp := fmt.Sprintf("spreadlab-restart-%d", c.restarts[ns+"/"+name])
	apps := c.client.AppsV1()
	if kind == "" || kind == "Deployment" {
		if d, err := apps.Deployments(ns).Get(c.ctx, name, metav1.GetOptions{}); err == nil {
			if d.Spec.Template.Annotations == nil {
				d.Spec.Template.Annotations = map[string]string{}
			}
			d.Spec.Template.Annotations["kubectl.kubernetes.io/restartedAt"] = stamp
			_, err = apps.Deployments(ns).Update(c.ctx, d, metav1.UpdateOptions{})
			return err
		}
	}
	if kind == "" || kind == "StatefulSet" {
		if s, err := apps.StatefulSets(ns).Get(c.ctx, name, metav1.GetOptions{}); err == nil {
			if s.Spec.Template.Annotations == nil {
				s.Spec.Template.Annotations = map[string]string{}
			}
			s.Spec.Template.Annotations["kubectl.kubernetes.io/restartedAt"] = stamp
			_, err = apps.StatefulSets(ns).Update(c.ctx, s, metav1.UpdateOptions{})
			return err
		}
	}
	return fmt.Errorf("no workload %s to roll out", workload)
}

// setCordoned: spec.unschedulable and the node lifecycle controller's taint.
func (c *simCluster) setCordoned(name string, cordoned bool) error {
	n, err := c.client.CoreV1().Nodes().Get(c.ctx, name, metav1.GetOptions{})
	if err != nil {
		return err
	}
	var taints []v1.Taint
	for _, t := range n.Spec.Taints {
		if t.Key != unschedulableTaint {
			taints = append(taints, t)
		}
	}
	if cordoned {
		taints = append(taints, v1.Taint{Key: unschedulableTaint, Effect: v1.TaintEffectNoSchedule})
	}
	n.Spec.Taints = taints
	n.Spec.Unschedulable = cordoned
	_, err = c.client.CoreV1().Nodes().Update(c.ctx, n, metav1.UpdateOptions{})
	return err
}

// evict deletes the pods `which` picks, as the event's own removals.
func (c *simCluster) evict(which func(*v1.Pod) bool) error {
	var pods []*v1.Pod
	c.mu.Lock()
	for _, p := range c.seen {
		if which(p) {
			pods = append(pods, p)
			c.evicting[podKey(p)] = true
		}
	}
	c.mu.Unlock()
	// Lowest ordinal first: a controller that syncs between two deletions then sees what it
	// would see of all at once (an OrderedReady StatefulSet recreates the lowest missing
	// replica and waits for it; deleting a higher one first let it recreate that one too).
	sort.Slice(pods, func(a, b int) bool {
		if pods[a].Namespace != pods[b].Namespace {
			return pods[a].Namespace < pods[b].Namespace
		}
		return podOrdinalLess(pods[a].Name, pods[b].Name)
	})
	for _, p := range pods {
		if err := c.client.CoreV1().Pods(p.Namespace).Delete(c.ctx, p.Name, metav1.DeleteOptions{}); err != nil {
			return err
		}
	}
	return nil
}

func (c *simCluster) fail(label string) error {
	key, value, ok := strings.Cut(label, "=")
	if !ok {
		return fmt.Errorf("expected fail LABEL=VALUE")
	}
	nodes, err := c.client.CoreV1().Nodes().List(c.ctx, metav1.ListOptions{})
	if err != nil {
		return err
	}
	gone := map[string]bool{}
	for i := range nodes.Items {
		n := &nodes.Items[i]
		if v, ok := n.Labels[key]; ok && v == value {
			gone[n.Name] = true
			back := n.DeepCopy()
			back.ResourceVersion = ""
			c.failed = append(c.failed, back)
		}
	}
	if len(gone) == 0 {
		return fmt.Errorf("no node has the label %s", label)
	}
	// The nodes first: a DaemonSet controller seeing a node still there without its pod
	// would make it a new one.
	for name := range gone {
		if err := c.client.CoreV1().Nodes().Delete(c.ctx, name, metav1.DeleteOptions{}); err != nil {
			return err
		}
	}
	c.nodesSeen(func(nodes []*v1.Node) bool {
		return !slices.ContainsFunc(nodes, func(n *v1.Node) bool { return gone[n.Name] })
	})
	return c.evict(func(p *v1.Pod) bool { return gone[p.Spec.NodeName] })
}

// restore brings the failed nodes back in one moment for the scheduler (barrier.go): the
// pods waiting for them are tried once the informers hold every one.
func (c *simCluster) restore() error {
	back := map[string]bool{}
	c.barrier.up.Store(true)
	for _, n := range c.failed {
		back[n.Name] = true
		if _, err := c.client.CoreV1().Nodes().Create(c.ctx, n, metav1.CreateOptions{}); err != nil {
			return err
		}
	}
	c.failed = nil
	c.nodesSeen(func(nodes []*v1.Node) bool {
		seen := 0
		for _, n := range nodes {
			if back[n.Name] {
				seen++
			}
		}
		return seen == len(back)
	})
	c.barrier.up.Store(false)
	waiting := map[string]*v1.Pod{}
	c.mu.Lock()
	for key, p := range c.seen {
		if p.Spec.NodeName == "" {
			waiting[key] = p
		}
	}
	c.mu.Unlock()
	c.queue.Activate(klog.FromContext(c.ctx), waiting)
	return nil
}

// nodesSeen waits (up to a second) until the informers' nodes are as done wants them, and
// a moment more for the scheduler's handlers, which run after the store: the node event of
// drain or fail reaches the scheduler before the pod deletions that follow it, so that no
// pod they requeue is placed on the node the event took away (a step of spreadlab's
// simulate is one moment for the scheduler).
func (c *simCluster) nodesSeen(done func([]*v1.Node) bool) {
	lister := c.factory.Core().V1().Nodes().Lister()
	for start := time.Now(); time.Since(start) < time.Second; time.Sleep(5 * time.Millisecond) {
		if nodes, err := lister.List(labels.Everything()); err == nil && done(nodes) {
			break
		}
	}
	time.Sleep(100 * time.Millisecond)
}

// addNode: a copy of NODE named NODE-new-K (its hostname label, and labels valued with its
// name, renamed), schedulable, then the labels given.
func (c *simCluster) addNode(like string, extra []string) error {
	n, err := c.client.CoreV1().Nodes().Get(c.ctx, like, metav1.GetOptions{})
	if err != nil {
		return err
	}
	name := ""
	for k := 1; name == ""; k++ {
		candidate := fmt.Sprintf("%s-new-%d", like, k)
		if _, err := c.client.CoreV1().Nodes().Get(c.ctx, candidate, metav1.GetOptions{}); err != nil {
			name = candidate
		}
	}
	copy := n.DeepCopy()
	copy.ObjectMeta = metav1.ObjectMeta{Name: name, Labels: copy.Labels, Annotations: copy.Annotations}
	for k, v := range copy.Labels {
		if k == v1.LabelHostname || v == like {
			copy.Labels[k] = name
		}
	}
	for _, l := range extra {
		if k, v, ok := strings.Cut(l, "="); ok {
			if copy.Labels == nil {
				copy.Labels = map[string]string{}
			}
			copy.Labels[k] = v
		}
	}
	copy.Spec.Unschedulable = false
	var taints []v1.Taint
	for _, t := range copy.Spec.Taints {
		if t.Key != unschedulableTaint {
			taints = append(taints, t)
		}
	}
	copy.Spec.Taints = taints
	c.nodeOrder = append(c.nodeOrder, name)
	_, err = c.client.CoreV1().Nodes().Create(c.ctx, copy, metav1.CreateOptions{})
	return err
}

// deschedule evicts one pod of WORKLOAD on NODE per argument (spreadlab's descheduler's choice).
func (c *simCluster) deschedule(args []string) error {
	taken := map[string]bool{}
	for _, a := range args {
		workload, node, ok := strings.Cut(a, "@")
		if !ok {
			return fmt.Errorf("deschedule takes WORKLOAD@NODE, got %q", a)
		}
		var pick *v1.Pod
		c.mu.Lock()
		var keys []string
		for k := range c.seen {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			p := c.seen[k]
			if !taken[k] && p.Spec.NodeName == node && c.workloadOf(p) == workload {
				pick = p
				break
			}
		}
		if pick != nil {
			taken[podKey(pick)] = true
		} else {
			// The clusters parted before (a tie broken another way): said, not an error.
			c.step.Unapplied = append(c.step.Unapplied, "no pod of "+workload+" on "+node+" to evict")
		}
		c.mu.Unlock()
	}
	return c.evict(func(p *v1.Pod) bool { return taken[podKey(p)] })
}
