// kube-cycle runs one scheduling cycle of the real kube-scheduler framework
// (k8s.io/kubernetes/pkg/scheduler, the version go.mod requires) on a spreadlab
// scenario and prints every node's verdict and scores as JSON.
//
//	kube-cycle SCENARIO.json [--pod NS/NAME] [--no-api-defaults] [--validate] [-v N]
//
// The scenario is a v1 List (kubectl get -o json). Items: Node, Pod, Namespace,
// Service, ReplicationController, ReplicaSet, StatefulSet, PriorityClass (loaded into
// the clientset; the scheduler reads only a pod's spec.priority, which there is no
// Priority admission to set here), the storage objects the volume plugins read
// (PersistentVolumeClaim, PersistentVolume, StorageClass, CSINode, CSIDriver,
// CSIStorageCapacity, VolumeAttachment) and at most one
// kubescheduler.config.k8s.io/v1 KubeSchedulerConfiguration (its first profile is
// used); other kinds are ignored. Objects get what the API server would give them
// on create: namespace "default" (namespaced kinds), a UID, the v1 defaulting (a
// container's limits become its requests when it has none, a node's capacity its
// allocatable, a StorageClass's binding mode Immediate, ...) and the pod create
// mutations (matchLabelKeys merged into the selectors); --validate also runs the API
// server's create validation on Pods, Nodes and the storage objects. --no-api-defaults
// skips the defaulting only (to tell differences that come from it from the others).
//
// The scheduler is built by scheduler.New, as kube-scheduler builds it: the in-tree
// registry, the profile (v1-defaulted and converted as kube-scheduler loads its
// config), an informer factory over a fake clientset holding the objects (its event
// handlers fill the scheduler's cache), and the node-info snapshot that
// Cache.UpdateSnapshot writes from that cache, as each scheduling cycle starts. The cycle is
// upstream's schedulePod step by step — PreFilter (its PreFilterResult and Skip),
// Filter with nominated pods on every node, PreScore and Score on the feasible
// nodes (not with one feasible node, as upstream) — only without
// percentageOfNodesToScore sampling, and, as a cross-check, upstream's own
// sched.SchedulePod is run too (with fewer than 100 nodes it also filters every node).
//
// When the cycle ends with a FitError (no feasible node, a PreFilter rejection
// included), the profile's PostFilter plugins run as schedulingAlgorithm runs them
// (DefaultPreemption: the preemption), after that cross-check: the message is then
// the FitError with its PostFilterMsg ("... preemption: ..."), the text
// kube-scheduler writes into the pod's PodScheduled condition, and "preemption"
// says what PostFilter answered: its status, the nominated node it sets (null: left
// unchanged) and the victims it deletes (seen as delete calls on the fake clientset).
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"reflect"
	"regexp"
	goruntime "runtime"
	"runtime/debug"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	v1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/apimachinery/pkg/util/validation/field"
	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes/fake"
	clientscheme "k8s.io/client-go/kubernetes/scheme"
	clienttesting "k8s.io/client-go/testing"
	"k8s.io/client-go/tools/events"
	"k8s.io/klog/v2"
	fwk "k8s.io/kube-scheduler/framework"
	"k8s.io/kubernetes/pkg/api/legacyscheme"
	_ "k8s.io/kubernetes/pkg/apis/apps/install" // v1 defaulting, as the API server applies it
	"k8s.io/kubernetes/pkg/apis/core"
	_ "k8s.io/kubernetes/pkg/apis/core/install"
	corevalidation "k8s.io/kubernetes/pkg/apis/core/validation"
	_ "k8s.io/kubernetes/pkg/apis/scheduling/install" // PriorityClass defaulting
	_ "k8s.io/kubernetes/pkg/apis/storage/install"    // StorageClass, CSIDriver defaulting
	pvregistry "k8s.io/kubernetes/pkg/registry/core/persistentvolume"
	pvcregistry "k8s.io/kubernetes/pkg/registry/core/persistentvolumeclaim"
	podregistry "k8s.io/kubernetes/pkg/registry/core/pod"
	csidriverregistry "k8s.io/kubernetes/pkg/registry/storage/csidriver"
	csinoderegistry "k8s.io/kubernetes/pkg/registry/storage/csinode"
	csistoragecapacityregistry "k8s.io/kubernetes/pkg/registry/storage/csistoragecapacity"
	storageclassregistry "k8s.io/kubernetes/pkg/registry/storage/storageclass"
	volumeattachmentregistry "k8s.io/kubernetes/pkg/registry/storage/volumeattachment"
	"k8s.io/kubernetes/pkg/scheduler"
	schedconfig "k8s.io/kubernetes/pkg/scheduler/apis/config"
	"k8s.io/kubernetes/pkg/scheduler/apis/config/latest"
	schedscheme "k8s.io/kubernetes/pkg/scheduler/apis/config/scheme"
	"k8s.io/kubernetes/pkg/scheduler/apis/config/validation"
	internalcache "k8s.io/kubernetes/pkg/scheduler/backend/cache"
	"k8s.io/kubernetes/pkg/scheduler/framework"
	"k8s.io/kubernetes/pkg/scheduler/profile"
)

// ---- output ----

type nodeOut struct {
	Name         string           `json:"name"`
	Feasible     bool             `json:"feasible"`
	RejectedBy   *string          `json:"rejectedBy"`             // plugin of the first failing filter
	Code         string           `json:"code,omitempty"`         // its status code
	Reasons      []string         `json:"reasons,omitempty"`      // its reasons
	NotEvaluated string           `json:"notEvaluated,omitempty"` // PreFilterRejected | PreFilterResult | NominatedNode | SchedulingGated
	Raw          map[string]int64 `json:"raw,omitempty"`          // Score before NormalizeScore
	Normalized   map[string]int64 `json:"normalized,omitempty"`   // after NormalizeScore, unweighted
	Scores       map[string]int64 `json:"scores,omitempty"`       // normalized x weight
	Total        *int64           `json:"total"`                  // sum of scores; null when not scored
}

type output struct {
	KubeVersion         string           `json:"kubeVersion"`
	Pod                 string           `json:"pod"`
	Profile             string           `json:"profile"`
	FilterPlugins       []string         `json:"filterPlugins"`
	ScorePlugins        []string         `json:"scorePlugins"`
	Weights             map[string]int32 `json:"weights"`
	SkippedScorePlugins []string         `json:"skippedScorePlugins"`
	PreFilter           *preFilterOut    `json:"preFilter,omitempty"`
	NominatedNode       string           `json:"nominatedNode,omitempty"` // status.nominatedNodeName, when that node exists
	Nodes               []nodeOut        `json:"nodes"`
	Feasible            []string         `json:"feasible"`
	Scored              bool             `json:"scored"`
	Message             *string          `json:"message"`
	Selected            *string          `json:"selected"`
	TopNodes            []string         `json:"topNodes,omitempty"`
	Error               *string          `json:"error"`
	UpstreamCheck       string           `json:"upstreamCheck"`        // what sched.SchedulePod said vs this trace
	Preemption          *preemptionOut   `json:"preemption,omitempty"` // what PostFilter did, when it ran
}

// preemptionOut: the result of RunPostFilterPlugins after a FitError.
type preemptionOut struct {
	Status  string `json:"status"`           // the PostFilter status code: Success, Unschedulable, UnschedulableAndUnresolvable, Error
	Plugin  string `json:"plugin,omitempty"` // the plugin the status names
	Message string `json:"message"`          // status.Message(), the FitError's PostFilterMsg
	// The NominatingInfo of the PostFilterResult when it overrides status.nominatedNodeName
	// ("" clears it); null when the result is nil or Noop (the nomination is left unchanged).
	NominatedNode *string `json:"nominatedNode"`
	// The pods the preemption deletes ("namespace/name", sorted): the delete calls the
	// executor makes on the fake clientset, plus victims that already had a
	// deletionTimestamp (no API call upstream) when they can be told (see note).
	Victims []string `json:"victims"`
	// Victims that got no API call (already terminating) and could not be identified.
	UnobservedVictims int    `json:"unobservedVictims,omitempty"`
	Note              string `json:"note,omitempty"`
}

type preFilterOut struct {
	Code      string   `json:"code"`
	Plugin    string   `json:"plugin,omitempty"`
	Message   string   `json:"message,omitempty"`
	NodeNames []string `json:"nodeNames,omitempty"` // when a PreFilterResult narrowed the nodes
}

// ---- reading the scenario ----

type scenario struct {
	nodes   []*v1.Node
	pods    []*v1.Pod
	objects []runtime.Object // everything for the fake clientset
	config  *schedconfig.KubeSchedulerConfiguration
	storage map[string]int // how many objects of each storage kind
}

// createValidator is the part of the API server's create strategy (rest.RESTCreateStrategy)
// kube-cycle uses for the storage kinds.
type createValidator interface {
	NamespaceScoped() bool
	Validate(ctx context.Context, obj runtime.Object) field.ErrorList
}

// storageKinds: the objects the volume plugins (VolumeBinding, VolumeZone,
// VolumeRestrictions, NodeVolumeLimits) read through their informers, with the
// registry strategy the API server validates them with on create.
var storageKinds = map[string]createValidator{
	"PersistentVolumeClaim": pvcregistry.Strategy,
	"PersistentVolume":      pvregistry.Strategy,
	"StorageClass":          storageclassregistry.Strategy,
	"CSINode":               csinoderegistry.Strategy,
	"CSIDriver":             csidriverregistry.Strategy,
	"CSIStorageCapacity":    csistoragecapacityregistry.Strategy,
	"VolumeAttachment":      volumeattachmentregistry.Strategy,
}

func clusterScoped(kind string) bool {
	switch kind {
	case "Node", "Namespace", "PriorityClass":
		return true
	}
	if st := storageKinds[kind]; st != nil {
		return !st.NamespaceScoped()
	}
	return false
}

func readScenario(path string, apiDefaults, validate bool) (*scenario, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	items, err := scenarioItems(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	sc := &scenario{storage: map[string]int{}}
	for i, raw := range items {
		var tm struct{ APIVersion, Kind string }
		if err := json.Unmarshal(raw, &tm); err != nil {
			return nil, fmt.Errorf("items[%d]: %w", i, err)
		}
		if tm.Kind == "KubeSchedulerConfiguration" {
			if sc.config != nil {
				return nil, fmt.Errorf("items[%d]: a second KubeSchedulerConfiguration", i)
			}
			// As kube-scheduler's loadConfig: the UniversalDecoder defaults and converts.
			obj, gvk, err := schedscheme.Codecs.UniversalDecoder().Decode(raw, nil, nil)
			if err != nil {
				return nil, fmt.Errorf("items[%d]: %w", i, err)
			}
			cfg, ok := obj.(*schedconfig.KubeSchedulerConfiguration)
			if !ok {
				return nil, fmt.Errorf("items[%d]: decoded as %s", i, gvk)
			}
			cfg.TypeMeta.APIVersion = gvk.GroupVersion().String()
			sc.config = cfg
			continue
		}
		switch tm.Kind {
		case "Node", "Pod", "Namespace", "Service", "ReplicationController", "ReplicaSet", "StatefulSet", "PriorityClass",
			"Deployment", "DaemonSet", "Job", "ControllerRevision":
		default:
			if storageKinds[tm.Kind] == nil {
				continue
			}
		}
		obj, _, err := clientscheme.Codecs.UniversalDeserializer().Decode(raw, nil, nil)
		if err != nil {
			return nil, fmt.Errorf("items[%d] (%s): %w", i, tm.Kind, err)
		}
		if apiDefaults {
			legacyscheme.Scheme.Default(obj)
		}
		if m, ok := obj.(interface {
			GetNamespace() string
			SetNamespace(string)
			GetName() string
			GetUID() types.UID
			SetUID(types.UID)
		}); ok {
			if !clusterScoped(tm.Kind) && m.GetNamespace() == "" {
				m.SetNamespace("default")
			}
			if m.GetUID() == "" {
				m.SetUID(generatedUID(tm.Kind, m.GetNamespace(), m.GetName()))
			}
		}
		if err := admit(obj, tm.Kind, validate); err != nil {
			return nil, fmt.Errorf("items[%d] (%s %s): the API server would refuse it: %w", i, tm.Kind, obj.(metav1.Object).GetName(), err)
		}
		switch o := obj.(type) {
		case *v1.Node:
			sc.nodes = append(sc.nodes, o)
		case *v1.Pod:
			// The scheduler's pod informer leaves out terminated pods.
			if o.Status.Phase == v1.PodSucceeded || o.Status.Phase == v1.PodFailed {
				continue
			}
			// No Priority admission plugin here: the scheduler reads spec.priority only.
			if o.Spec.Priority == nil && o.Spec.PriorityClassName != "" {
				fmt.Fprintf(os.Stderr, "warning: pod %s/%s has priorityClassName %q but no spec.priority: the scheduler sees priority 0 (the API server's Priority admission would have set it)\n",
					o.Namespace, o.Name, o.Spec.PriorityClassName)
			}
			sc.pods = append(sc.pods, o)
		default:
			if storageKinds[tm.Kind] != nil {
				sc.storage[tm.Kind]++
			}
		}
		sc.objects = append(sc.objects, obj)
	}
	return sc, nil
}

// scenarioItems: the objects of a v1 List, or of the YAML documents (or JSON texts) of
// manifests, each List among them flattened, as kubectl reads them.
func scenarioItems(data []byte) ([]json.RawMessage, error) {
	var items []json.RawMessage
	dec := utilyaml.NewYAMLOrJSONDecoder(bytes.NewReader(data), 4096)
	for {
		var doc json.RawMessage
		if err := dec.Decode(&doc); err == io.EOF {
			return items, nil
		} else if err != nil {
			return nil, err
		}
		if len(bytes.TrimSpace(doc)) == 0 || string(bytes.TrimSpace(doc)) == "null" {
			continue
		}
		var list struct {
			Kind  string            `json:"kind"`
			Items []json.RawMessage `json:"items"`
		}
		if err := json.Unmarshal(doc, &list); err != nil {
			return nil, err
		}
		if strings.HasSuffix(list.Kind, "List") {
			items = append(items, list.Items...)
		} else {
			items = append(items, doc)
		}
	}
}

// admit does to a Pod what the API server does on create besides defaulting
// (podStrategy.PrepareForCreate: matchLabelKeys merged into the selectors of pod
// affinity and spread constraints, pod-level resources) and, with validate, refuses
// a Pod, Node or storage object (storageKinds) its create validation refuses. The
// status is kept as written.
func admit(obj runtime.Object, kind string, validate bool) error {
	ctx := context.Background()
	if st := storageKinds[kind]; st != nil {
		// The strategy's Validate only: its PrepareForCreate would reset a PVC's or PV's
		// status, which the scenario gives as the cluster has it (e.g. Bound).
		if !validate {
			return nil
		}
		internal, err := legacyscheme.Scheme.ConvertToVersion(obj.DeepCopyObject(), runtime.InternalGroupVersioner)
		if err != nil {
			return err
		}
		return st.Validate(ctx, internal).ToAggregate()
	}
	switch o := obj.(type) {
	case *v1.Pod:
		var pod core.Pod
		if err := legacyscheme.Scheme.Convert(o, &pod, nil); err != nil {
			return err
		}
		podregistry.Strategy.PrepareForCreate(ctx, &pod)
		if validate {
			if err := podregistry.Strategy.Validate(ctx, &pod).ToAggregate(); err != nil {
				return err
			}
		}
		var created v1.Pod
		if err := legacyscheme.Scheme.Convert(&pod, &created, nil); err != nil {
			return err
		}
		o.Spec = created.Spec
	case *v1.Node:
		if validate {
			var node core.Node
			if err := legacyscheme.Scheme.Convert(o, &node, nil); err != nil {
				return err
			}
			return corevalidation.ValidateNode(&node).ToAggregate()
		}
	}
	return nil
}

// ---- the cycle ----

func kubeVersion() string {
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, d := range bi.Deps {
			if d.Path == "k8s.io/kubernetes" {
				return strings.TrimPrefix(d.Version, "v")
			}
		}
	}
	return "unknown"
}

func strp(s string) *string { return &s }

// schedulerConfig: the scenario's configuration, else kube-scheduler's defaults, validated.
func schedulerConfig(sc *scenario) (*schedconfig.KubeSchedulerConfiguration, error) {
	cfg := sc.config
	if cfg == nil {
		var err error
		if cfg, err = latest.Default(); err != nil {
			return nil, err
		}
	}
	if err := validation.ValidateKubeSchedulerConfiguration(cfg); err != nil {
		return nil, fmt.Errorf("invalid KubeSchedulerConfiguration: %w", err)
	}
	if len(cfg.Profiles) == 0 {
		return nil, errors.New("the KubeSchedulerConfiguration has no profile")
	}
	return cfg, nil
}

// generatedUID: the uid the reader gives an object the scenario wrote without one.
func generatedUID(kind, namespace, name string) types.UID {
	return types.UID(fmt.Sprintf("%s-%s-%s", strings.ToLower(kind), namespace, name))
}

// newScheduler: scheduler.New as kube-scheduler's Setup calls it, with `profiles` of cfg;
// events go to the fake clientset (nobody reads them).
func newScheduler(ctx context.Context, client *fake.Clientset, f informers.SharedInformerFactory,
	cfg *schedconfig.KubeSchedulerConfiguration, extra []scheduler.Option, profiles ...schedconfig.KubeSchedulerProfile) (*scheduler.Scheduler, error) {
	opts := []scheduler.Option{
		scheduler.WithProfiles(profiles...),
		scheduler.WithComponentConfigVersion(cfg.TypeMeta.APIVersion),
		scheduler.WithParallelism(cfg.Parallelism),
	}
	if cfg.PercentageOfNodesToScore != nil {
		opts = append(opts, scheduler.WithPercentageOfNodesToScore(cfg.PercentageOfNodesToScore))
	}
	opts = append(opts, extra...)
	recorders := profile.NewRecorderFactory(events.NewBroadcaster(&events.EventSinkImpl{Interface: client.EventsV1()}))
	return scheduler.New(ctx, client, f, nil, recorders, opts...)
}

// printJSON writes v indented to standard output.
func printJSON(v any) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	_ = enc.Encode(v)
	os.Stdout.Write(buf.Bytes())
}

func run(sc *scenario, podKey string) (*output, error) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()

	cfg, err := schedulerConfig(sc)
	if err != nil {
		return nil, err
	}
	prof := cfg.Profiles[0]

	// The pending pod.
	var pod *v1.Pod
	for _, p := range sc.pods {
		if podKey == "" && p.Spec.NodeName == "" || podKey == p.Namespace+"/"+p.Name {
			pod = p
			break
		}
	}
	if pod == nil {
		if podKey != "" {
			return nil, fmt.Errorf("no pod %s in the scenario", podKey)
		}
		return nil, errors.New("no pending pod (a pod without spec.nodeName) in the scenario")
	}

	client := fake.NewClientset(sc.objects...)
	// The preemption's victims, as the executor deletes them (asynchronously with the
	// default SchedulerAsyncPreemption gate). Reactors must be in place before the
	// clientset is used concurrently.
	calls := &apiCalls{}
	client.PrependReactor("delete", "pods", calls.react)
	client.PrependReactor("patch", "pods", calls.react)
	informerFactory := informers.NewSharedInformerFactory(client, 0)
	sched, err := newScheduler(ctx, client, informerFactory, cfg, nil, prof)
	if err != nil {
		return nil, err
	}
	// The informers of the storage kinds the scenario holds, so that their listers can be
	// checked below (the volume plugins' New registered them already; a profile without
	// those plugins just gets idle informers).
	storageListers := storageListers(informerFactory, sc.storage)
	informerFactory.Start(ctx.Done())
	informerFactory.WaitForCacheSync(ctx.Done())
	// As kube-scheduler's Run: the scheduler's event handlers have seen the initial lists.
	if err := sched.WaitForHandlersSync(ctx); err != nil {
		return nil, err
	}
	// The volume plugins read PVCs, PVs, StorageClasses, CSINodes, ... from these listers
	// during the cycle: every object must be in them.
	for kind, want := range sc.storage {
		if n, err := storageListers[kind](); err != nil || n != want {
			return nil, fmt.Errorf("the %s lister holds %d objects, not the scenario's %d (%v)", kind, n, want, err)
		}
	}
	f := sched.Profiles[prof.SchedulerName]
	// The snapshot, as schedulingCycle takes it: the scheduler's event handlers fill its
	// cache from the informers (nodes, and every pod with spec.nodeName, the pending pod
	// aside), then Cache.UpdateSnapshot writes the snapshot its frameworks read (a pod
	// bound to a node the scenario lacks stays out of every NodeInfo the plugins see;
	// an image's size is the first node's, as addNodeImageStates keeps it).
	snapshot, ok := f.SnapshotSharedLister().(*internalcache.Snapshot)
	if !ok {
		return nil, fmt.Errorf("unexpected snapshot type %T", f.SnapshotSharedLister())
	}
	nodeNames := sets.New[string]()
	for _, n := range sc.nodes {
		nodeNames.Insert(n.Name)
	}
	wantPods, wantOnNodes := 0, 0
	missingNodes := sets.New[string]() // the cache keeps a node entry for a pod bound to a missing node
	for _, p := range sc.pods {
		if p.Spec.NodeName != "" {
			wantPods++
			if nodeNames.Has(p.Spec.NodeName) {
				wantOnNodes++
			} else {
				missingNodes.Insert(p.Spec.NodeName)
			}
		}
	}
	// Wait for the cache to hold every node and pod before the first UpdateSnapshot: a
	// NodeInfo snapshotted earlier would keep the image counts (ImageStateSummary.NumNodes)
	// of that moment until it changes, which depends on event timing. One snapshot of the
	// full cache is the first cycle of a scheduler that started with this cluster.
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(time.Millisecond) {
		if n, _ := sched.Cache.PodCount(); n == wantPods && sched.Cache.NodeCount() == len(sc.nodes)+len(missingNodes) {
			break
		}
		if time.Now().After(deadline) {
			return nil, errors.New("the scheduler's cache did not fill from the informers within 10s")
		}
	}
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(time.Millisecond) {
		if err := sched.Cache.UpdateSnapshot(klog.FromContext(ctx), snapshot); err != nil {
			return nil, err
		}
		infos, _ := snapshot.NodeInfos().List()
		onNodes := 0
		for _, ni := range infos {
			onNodes += len(ni.GetPods())
		}
		if n, _ := sched.Cache.PodCount(); n == wantPods && len(infos) == len(sc.nodes) && onNodes == wantOnNodes {
			break
		}
		if time.Now().After(deadline) {
			return nil, errors.New("the scheduler's cache did not fill from the informers within 10s")
		}
	}

	out := &output{
		KubeVersion:         kubeVersion(),
		Pod:                 pod.Namespace + "/" + pod.Name,
		Profile:             prof.SchedulerName,
		Weights:             map[string]int32{},
		SkippedScorePlugins: []string{},
		Feasible:            []string{},
		UpstreamCheck:       "skipped (no scheduling cycle ran)",
	}
	plugins := f.ListPlugins()
	for _, p := range plugins.Filter.Enabled {
		out.FilterPlugins = append(out.FilterPlugins, p.Name)
	}
	for _, p := range plugins.Score.Enabled {
		out.ScorePlugins = append(out.ScorePlugins, p.Name)
		out.Weights[p.Name] = p.Weight
	}

	// findNodesThatFitPod.
	state := framework.NewCycleState()
	state.Write(framework.PodsToActivateKey, framework.NewPodsToActivate())
	numAllNodes := len(sc.nodes)
	diagnosis := framework.Diagnosis{NodeToStatus: framework.NewDefaultNodeToStatus()}
	verdict := map[string]*nodeOut{}
	for _, n := range sc.nodes {
		verdict[n.Name] = &nodeOut{Name: n.Name}
	}
	reject := func(name string, s *fwk.Status, notEvaluated string) {
		v := verdict[name]
		if s.Plugin() != "" {
			v.RejectedBy = strp(s.Plugin())
		}
		v.Code = s.Code().String()
		v.Reasons = s.Reasons()
		v.NotEvaluated = notEvaluated
	}
	var feasible []fwk.NodeInfo
	finish := func() (*output, error) {
		for _, n := range sc.nodes {
			out.Nodes = append(out.Nodes, *verdict[n.Name])
		}
		return out, nil
	}

	// PreEnqueue (SchedulingGates): a pod they turn away never reaches a cycle.
	for _, pl := range f.PreEnqueuePlugins() {
		if st := pl.PreEnqueue(ctx, pod); !st.IsSuccess() {
			out.Message = strp(st.Message())
			for _, n := range sc.nodes {
				verdict[n.Name].NotEvaluated = "SchedulingGated"
			}
			return finish()
		}
	}
	if numAllNodes == 0 {
		out.Message = strp(scheduler.ErrNoNodesAvailable.Error())
		return finish()
	}
	preRes, s, unschedulablePlugins := f.RunPreFilterPlugins(ctx, state, pod)
	diagnosis.UnschedulablePlugins = unschedulablePlugins
	if !s.IsSuccess() {
		if !s.IsRejected() {
			out.Error = strp(s.AsError().Error())
			return finish()
		}
		out.PreFilter = &preFilterOut{Code: s.Code().String(), Plugin: s.Plugin(), Message: s.Message()}
		diagnosis.NodeToStatus.SetAbsentNodesStatus(s)
		diagnosis.PreFilterMsg = s.Message()
		diagnosis.AddPluginStatus(s)
		for _, n := range sc.nodes {
			reject(n.Name, s, "PreFilterRejected")
		}
	} else {
		allNodes, err := snapshot.NodeInfos().List()
		if err != nil {
			return nil, err
		}
		nodes := allNodes
		// evaluateNominatedNode: a nominated node (status.nominatedNodeName) is tried
		// first and taken, unscored, when it fits. When it does not, its status stays in
		// the Diagnosis (upstream's NodeToStatus is shared), even if a PreFilterResult
		// then leaves it out of the nodes filtered below.
		if nnn := pod.Status.NominatedNodeName; nnn != "" {
			if ni, err := snapshot.NodeInfos().Get(nnn); err == nil {
				out.NominatedNode = nnn
				st := f.RunFilterPluginsWithNominatedPods(ctx, state, pod, ni)
				switch {
				case st.Code() == fwk.Error:
					out.Error = strp(st.AsError().Error())
					return finish()
				case st.IsSuccess():
					feasible, nodes = []fwk.NodeInfo{ni}, nil
					for _, n := range sc.nodes {
						if n.Name != nnn {
							verdict[n.Name].NotEvaluated = "NominatedNode"
						}
					}
				default:
					diagnosis.NodeToStatus.Set(nnn, st)
					diagnosis.AddPluginStatus(st)
					reject(nnn, st, "")
				}
			}
		}
		if !preRes.AllNodes() {
			out.PreFilter = &preFilterOut{Code: "Success", NodeNames: sets.List(preRes.NodeNames)}
		}
		if !preRes.AllNodes() && len(feasible) == 0 {
			absent := fwk.NewStatus(fwk.UnschedulableAndUnresolvable,
				fmt.Sprintf("node(s) didn't satisfy plugin(s) %v", sets.List(unschedulablePlugins)))
			diagnosis.NodeToStatus.SetAbsentNodesStatus(absent)
			nodes = nil
			for _, ni := range allNodes {
				if preRes.NodeNames.Has(ni.Node().Name) {
					nodes = append(nodes, ni)
				} else if verdict[ni.Node().Name].Code == "" {
					reject(ni.Node().Name, absent, "PreFilterResult")
				}
			}
		}
		// findNodesThatPassFilters, on every node (no percentageOfNodesToScore).
		for _, ni := range nodes {
			st := f.RunFilterPluginsWithNominatedPods(ctx, state, pod, ni)
			if st.Code() == fwk.Error {
				out.Error = strp(st.AsError().Error())
				return finish()
			}
			if st.IsSuccess() {
				feasible = append(feasible, ni)
				continue
			}
			diagnosis.NodeToStatus.Set(ni.Node().Name, st)
			diagnosis.AddPluginStatus(st)
			reject(ni.Node().Name, st, "")
		}
	}
	for _, ni := range feasible {
		verdict[ni.Node().Name].Feasible = true
	}
	// Feasible nodes in document order.
	for _, n := range sc.nodes {
		if verdict[n.Name].Feasible {
			out.Feasible = append(out.Feasible, n.Name)
		}
	}

	assigned := func(node string) *string {
		return strp(fmt.Sprintf("Successfully assigned %s/%s to %s", pod.Namespace, pod.Name, node))
	}
	var fitErr *framework.FitError
	switch len(feasible) {
	case 0:
		fitErr = &framework.FitError{Pod: pod, NumAllNodes: numAllNodes, Diagnosis: diagnosis}
		out.Message = strp(fitErr.Error())
	case 1:
		out.Selected = strp(feasible[0].Node().Name)
		out.Message = assigned(*out.Selected)
	default:
		// prioritizeNodes (no extenders).
		out.Scored = true
		totals := map[string]int64{}
		if !f.HasScorePlugins() {
			for _, ni := range feasible {
				totals[ni.Node().Name] = 1
			}
		} else {
			if st := f.RunPreScorePlugins(ctx, state, pod, feasible); !st.IsSuccess() {
				out.Error = strp(st.AsError().Error())
				return finish()
			}
			out.SkippedScorePlugins = sets.List(state.GetSkipScorePlugins())
			scores, st := f.RunScorePlugins(ctx, state, pod, feasible)
			if !st.IsSuccess() {
				out.Error = strp(st.AsError().Error())
				return finish()
			}
			for _, ns := range scores {
				v := verdict[ns.Name]
				v.Raw, v.Normalized, v.Scores = map[string]int64{}, map[string]int64{}, map[string]int64{}
				// RawScores (the scores before NormalizeScore) are reported since v1.37.
				if raw := reflect.ValueOf(ns).FieldByName("RawScores"); raw.IsValid() {
					for i := 0; i < raw.Len(); i++ {
						v.Raw[raw.Index(i).FieldByName("Name").String()] = raw.Index(i).FieldByName("Score").Int()
					}
				}
				for _, ps := range ns.Scores {
					v.Scores[ps.Name] = ps.Score
					if w := out.Weights[ps.Name]; w != 0 {
						v.Normalized[ps.Name] = ps.Score / int64(w)
					}
				}
				totals[ns.Name] = ns.TotalScore
			}
		}
		// selectHost: a random one among the highest totals.
		var best int64 = -1
		for _, n := range out.Feasible {
			t := totals[n]
			verdict[n].Total = &t
			if t > best {
				best, out.TopNodes = t, nil
			}
			if t == best {
				out.TopNodes = append(out.TopNodes, n)
			}
		}
		if len(out.TopNodes) == 1 {
			out.Selected = strp(out.TopNodes[0])
			out.Message = assigned(*out.Selected)
			out.TopNodes = nil
		}
	}
	// The cross-check compares the FitError before PostFilter (SchedulePod's).
	out.UpstreamCheck = crossCheck(ctx, sched, f, pod, out, numAllNodes)
	// schedulingAlgorithm: on a FitError, the PostFilter plugins (if the profile has any)
	// on the cycle's state and the Diagnosis' NodeToStatus; their message becomes the
	// FitError's PostFilterMsg.
	if fitErr != nil && f.HasPostFilterPlugins() {
		out.Preemption = postFilter(ctx, f, state, pod, fitErr, snapshot, calls)
		out.Message = strp(fitErr.Error())
	}
	return finish()
}

// storageListers registers the informers of the given storage kinds with the factory
// (before it starts) and returns, per kind, a count of what its lister holds.
func storageListers(f informers.SharedInformerFactory, kinds map[string]int) map[string]func() (int, error) {
	out := map[string]func() (int, error){}
	for kind := range kinds {
		switch kind {
		case "PersistentVolumeClaim":
			out[kind] = listed(f.Core().V1().PersistentVolumeClaims().Lister().List)
		case "PersistentVolume":
			out[kind] = listed(f.Core().V1().PersistentVolumes().Lister().List)
		case "StorageClass":
			out[kind] = listed(f.Storage().V1().StorageClasses().Lister().List)
		case "CSINode":
			out[kind] = listed(f.Storage().V1().CSINodes().Lister().List)
		case "CSIDriver":
			out[kind] = listed(f.Storage().V1().CSIDrivers().Lister().List)
		case "CSIStorageCapacity":
			out[kind] = listed(f.Storage().V1().CSIStorageCapacities().Lister().List)
		case "VolumeAttachment":
			out[kind] = listed(f.Storage().V1().VolumeAttachments().Lister().List)
		}
	}
	return out
}

func listed[T any](list func(labels.Selector) ([]T, error)) func() (int, error) {
	return func() (int, error) {
		objs, err := list(labels.Everything())
		return len(objs), err
	}
}

// apiCalls records the pod deletions and DisruptionTarget patches sent to the fake clientset.
type apiCalls struct {
	mu        sync.Mutex
	deleted   []string
	disrupted []string
}

func (c *apiCalls) react(a clienttesting.Action) (bool, runtime.Object, error) {
	key := a.GetNamespace() + "/"
	switch a := a.(type) {
	case clienttesting.DeleteAction:
		c.mu.Lock()
		c.deleted = append(c.deleted, key+a.GetName())
		c.mu.Unlock()
	case clienttesting.PatchAction:
		if a.GetSubresource() == "status" && bytes.Contains(a.GetPatch(), []byte(string(v1.DisruptionTarget))) {
			c.mu.Lock()
			c.disrupted = append(c.disrupted, key+a.GetName())
			c.mu.Unlock()
		}
	}
	return false, nil, nil // the object tracker does the work
}

func (c *apiCalls) snapshot() (deleted, disrupted []string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return slices.Clone(c.deleted), slices.Clone(c.disrupted)
}

var preemptingRE = regexp.MustCompile(`preempting (\d+) victims`)

func podPriority(p *v1.Pod) int32 {
	if p.Spec.Priority != nil {
		return *p.Spec.Priority
	}
	return 0
}

// postFilter runs the PostFilter plugins as schedulingAlgorithm does, sets the
// FitError's PostFilterMsg and reports the result, the victims included.
func postFilter(ctx context.Context, f framework.Framework, state *framework.CycleState, pod *v1.Pod,
	fitErr *framework.FitError, snapshot *internalcache.Snapshot, calls *apiCalls) *preemptionOut {
	result, st := f.RunPostFilterPlugins(ctx, state, pod, fitErr.Diagnosis.NodeToStatus)
	fitErr.Diagnosis.PostFilterMsg = st.Message()
	p := &preemptionOut{Status: st.Code().String(), Plugin: st.Plugin(), Message: st.Message(), Victims: []string{}}
	// handleSchedulingFailure applies the NominatingInfo only in ModeOverride.
	if result != nil && result.NominatingInfo != nil && result.NominatingMode != 0 /* ModeNoop */ {
		p.NominatedNode = strp(result.NominatedNodeName)
	}
	// The number of victims, from the message (v1.37+: "found a potential placement for
	// pod on node N, preempting K victims"); -1 when it does not say.
	want := -1
	if m := preemptingRE.FindStringSubmatch(st.Message()); m != nil {
		want, _ = strconv.Atoi(m[1])
	}
	// With SchedulerAsyncPreemption (on by default) the executor deletes the victims in a
	// goroutine; without it they are deleted when PostFilter returns. DefaultPreemption's
	// PreEnqueue turns the preemptor away while that goroutine has work left: since
	// v1.35 (Executor.IsPodRunningPreemption) until the last victim is gone from the
	// informer, after every other delete call; before, only until the last victim's
	// delete call starts.
	var dp interface {
		PreEnqueue(context.Context, *v1.Pod) *fwk.Status
	}
	for _, pl := range f.PreEnqueuePlugins() {
		if pl.Name() == "DefaultPreemption" {
			dp = pl
		}
	}
	var deleted, disrupted []string
	if st.IsSuccess() {
		deadline := time.Now().Add(5 * time.Second)
		settle := want < 0 || dp == nil // no count, or no PreEnqueue to ask: wait for the calls to stop
		for ; ; time.Sleep(time.Millisecond) {
			deleted, disrupted = calls.snapshot()
			if want >= 0 && len(deleted) >= want {
				settle = false
				break
			}
			if dp == nil || dp.PreEnqueue(ctx, pod).IsSuccess() || time.Now().After(deadline) {
				break
			}
		}
		if settle {
			// At least one call (a victim without a deletionTimestamp: every victim before
			// v1.35) within 1 s, then none for 200 ms.
			first := time.Now().Add(time.Second)
			last, n := time.Now(), -1
			for ; ; time.Sleep(time.Millisecond) {
				deleted, disrupted = calls.snapshot()
				if k := len(deleted) + len(disrupted); k != n {
					last, n = time.Now(), k
				}
				if n > 0 && time.Since(last) > 200*time.Millisecond || n == 0 && time.Now().After(first) {
					break
				}
				if time.Now().After(deadline) {
					break
				}
			}
		}
		if time.Now().After(deadline) {
			p.Note = "stopped waiting for the victims' delete calls after 5s"
		}
	} else {
		deleted, disrupted = calls.snapshot()
	}
	// Each victim gets a DisruptionTarget patch, then a delete (a failed patch stops
	// before the delete; the fake clientset is not expected to fail).
	victims := sets.New(deleted...).Insert(disrupted...)
	p.Victims = sets.List(victims)
	// Victims that were already terminating get no API call. Without their names, they
	// are the terminating lower-priority pods on the nominated node when there are
	// exactly as many of those as victims are missing.
	if missing := want - len(p.Victims); missing > 0 && p.NominatedNode != nil {
		var terminating []string
		if ni, err := snapshot.NodeInfos().Get(*p.NominatedNode); err == nil {
			for _, pi := range ni.GetPods() {
				q := pi.GetPod()
				if key := q.Namespace + "/" + q.Name; q.DeletionTimestamp != nil && podPriority(q) < podPriority(pod) && !victims.Has(key) {
					terminating = append(terminating, key)
				}
			}
		}
		sort.Strings(terminating)
		if len(terminating) == missing {
			p.Victims = append(p.Victims, terminating...)
			sort.Strings(p.Victims)
			p.Note = join(p.Note, fmt.Sprintf("%d victim(s) already terminating (no API call upstream): %v, identified as the terminating lower-priority pods on %s", missing, terminating, *p.NominatedNode))
		} else {
			p.UnobservedVictims = missing
			p.Note = join(p.Note, fmt.Sprintf("%d victim(s) got no delete call (already terminating, or a failed call) and cannot be identified; terminating lower-priority pods on %s: %v", missing, *p.NominatedNode, terminating))
		}
	}
	return p
}

func join(a, b string) string {
	if a == "" {
		return b
	}
	return a + "; " + b
}

// crossCheck runs upstream's own schedulePod (sched.SchedulePod) on the same
// snapshot and says whether it agrees with the step-by-step trace above.
func crossCheck(ctx context.Context, sched *scheduler.Scheduler, f framework.Framework, pod *v1.Pod, out *output, numAllNodes int) string {
	if numAllNodes >= 100 {
		return "skipped (100 or more nodes: upstream samples)"
	}
	pi, err := framework.NewPodInfo(pod)
	if err != nil {
		return "error: " + err.Error()
	}
	state := framework.NewCycleState()
	state.Write(framework.PodsToActivateKey, framework.NewPodsToActivate())
	// SchedulePod takes a *v1.Pod before v1.36, a *framework.QueuedPodInfo since.
	fn := reflect.ValueOf(sched.SchedulePod)
	arg := reflect.ValueOf(&framework.QueuedPodInfo{PodInfo: pi})
	if fn.Type().In(3) == reflect.TypeOf(pod) {
		arg = reflect.ValueOf(pod)
	}
	outs := fn.Call([]reflect.Value{reflect.ValueOf(ctx), reflect.ValueOf(f), reflect.ValueOf(state), arg})
	res := outs[0].Interface().(scheduler.ScheduleResult)
	err, _ = outs[1].Interface().(error)
	switch {
	case err != nil:
		var fitErr *framework.FitError
		if errors.As(err, &fitErr) {
			if out.Message != nil && *out.Message == fitErr.Error() && len(out.Feasible) == 0 {
				return "ok"
			}
			return "MISMATCH: upstream FitError " + fitErr.Error()
		}
		if out.Error != nil {
			return "ok"
		}
		return "MISMATCH: upstream error " + err.Error()
	case res.FeasibleNodes != len(out.Feasible):
		return fmt.Sprintf("MISMATCH: upstream found %d feasible nodes", res.FeasibleNodes)
	case out.Selected != nil && *out.Selected != res.SuggestedHost,
		out.Selected == nil && !slices.Contains(out.TopNodes, res.SuggestedHost):
		return "MISMATCH: upstream selected " + res.SuggestedHost
	}
	return "ok"
}

// stepList collects the repeated --step flags.
type stepList []string

func (s *stepList) String() string     { return strings.Join(*s, "; ") }
func (s *stepList) Set(v string) error { *s = append(*s, v); return nil }

func main() {
	fs := flag.NewFlagSet("kube-cycle", flag.ExitOnError)
	podKey := fs.String("pod", "", "NAMESPACE/NAME of the pod to schedule (default: the first pod without spec.nodeName)")
	noDefaults := fs.Bool("no-api-defaults", false, "skip the API server's v1 defaulting (limits to requests, capacity to allocatable); the pod create mutations still apply")
	validate := fs.Bool("validate", false, "refuse Pods and Nodes that the API server's create validation refuses")
	verbosity := fs.String("v", "", "klog verbosity (logs on stderr); default: no logs")
	simulate := fs.Bool("simulate", false, "run upstream's controllers beside the scheduler and apply each --step (simulate.go)")
	var steps stepList
	fs.Var(&steps, "step", "with --simulate, an event as spreadlab simulate takes it (repeatable, in order)")
	loop := fs.Bool("loop", false, "run the real scheduling loop (scheduler.New + Run) and create the pending pods one at a time (loop.go)")
	// Flags may come after the file, as spreadlab takes them.
	var files []string
	args := os.Args[1:]
	for len(args) > 0 {
		if err := fs.Parse(args); err != nil {
			os.Exit(2)
		}
		if fs.NArg() == 0 {
			break
		}
		files = append(files, fs.Arg(0))
		args = fs.Args()[1:]
	}
	if len(files) != 1 {
		fmt.Fprintln(os.Stderr, "usage: kube-cycle SCENARIO [--pod NS/NAME | --loop | --simulate [--step EVENT]...] [--no-api-defaults] [--validate] [-v N]")
		os.Exit(2)
	}
	klogFlags := flag.NewFlagSet("klog", flag.ContinueOnError)
	klog.InitFlags(klogFlags)
	if *verbosity != "" {
		_ = klogFlags.Set("v", *verbosity)
	} else {
		_ = klogFlags.Set("logtostderr", "false")
		_ = klogFlags.Set("stderrthreshold", "FATAL")
		klog.SetOutput(io.Discard)
	}

	sc, err := readScenario(files[0], !*noDefaults, *validate)
	if err != nil {
		fmt.Fprintln(os.Stderr, "error:", err)
		os.Exit(2)
	}
	if *simulate {
		// A story that has not ended in this time is stuck: say where each goroutine is.
		time.AfterFunc(simWatchdog, func() {
			buf := make([]byte, 1<<22)
			n := goruntime.Stack(buf, true)
			fmt.Fprintf(os.Stderr, "error: the story did not end within %v; the goroutines:\n%s", simWatchdog, buf[:n])
			os.Exit(3) // not a refusal of the scenario (2): a failure
		})
		out, err := runSimulate(sc, steps)
		if err != nil {
			fmt.Fprintln(os.Stderr, "error:", err)
			os.Exit(2)
		}
		printJSON(out)
		return
	}
	if *loop {
		out, err := runLoop(sc)
		if err != nil {
			fmt.Fprintln(os.Stderr, "error:", err)
			os.Exit(2)
		}
		printJSON(out)
		return
	}
	out, err := run(sc, *podKey)
	if err != nil {
		fmt.Fprintln(os.Stderr, "error:", err)
		os.Exit(2)
	}
	printJSON(out)
	if out.Error != nil {
		os.Exit(1)
	}
}
