package main

// The controllers of kube-controller-manager that `spreadlab simulate` ports, built as
// cmd/kube-controller-manager/app (apps.go, batch.go, core.go) builds them, over the
// harness's informer factory and fake clientset, with kube-controller-manager's default
// worker counts.

import (
	"context"
	"time"

	utilfeature "k8s.io/apiserver/pkg/util/feature"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes/fake"
	"k8s.io/client-go/util/flowcontrol"
	"k8s.io/kubernetes/pkg/controller/daemon"
	"k8s.io/kubernetes/pkg/controller/deployment"
	"k8s.io/kubernetes/pkg/controller/replicaset"
	"k8s.io/kubernetes/pkg/controller/replication"
	"k8s.io/kubernetes/pkg/controller/statefulset"
	"k8s.io/kubernetes/pkg/controller/volume/ephemeral"
	persistentvolume "k8s.io/kubernetes/pkg/controller/volume/persistentvolume"
)

// startControllers builds the controllers; the returned functions start them (after the
// informers are started and synced): the workload controllers, and the volume ones.
func startControllers(ctx context.Context, client *fake.Clientset, f informers.SharedInformerFactory) (workloads, volumes func(), err error) {
	// The controllers' wait for their informers to hold what they wrote (1.36 and later)
	// compares the resourceVersions the harness writes with the fake tracker's own, which
	// never catch up: it would only delay each sync by its backoff. A release without a gate
	// refuses the name, which is ignored.
	for _, gate := range []string{"StaleControllerConsistencyDaemonSet", "StaleControllerConsistencyJob",
		"StaleControllerConsistencyReplicaSet", "StaleControllerConsistencyStatefulSet"} {
		_ = utilfeature.DefaultMutableFeatureGate.Set(gate + "=false")
	}
	dc, err := deployment.NewDeploymentController(ctx, f.Apps().V1().Deployments(), f.Apps().V1().ReplicaSets(),
		f.Core().V1().Pods(), client)
	if err != nil {
		return nil, nil, err
	}
	rsc := replicaset.NewReplicaSetController(ctx, f.Apps().V1().ReplicaSets(), f.Core().V1().Pods(), client,
		replicaset.BurstReplicas)
	rc := replication.NewReplicationManager(ctx, f.Core().V1().Pods(), f.Core().V1().ReplicationControllers(), client,
		replication.BurstReplicas)
	ssc := statefulset.NewStatefulSetController(ctx, f.Core().V1().Pods(), f.Apps().V1().StatefulSets(),
		f.Core().V1().PersistentVolumeClaims(), f.Apps().V1().ControllerRevisions(), client)
	jc, err := newJobController(ctx, client, f)
	if err != nil {
		return nil, nil, err
	}
	dsc, err := daemon.NewDaemonSetsController(ctx, f.Apps().V1().DaemonSets(), f.Apps().V1().ControllerRevisions(),
		f.Core().V1().Pods(), f.Core().V1().Nodes(), client, flowcontrol.NewBackOff(1*time.Second, 15*time.Minute))
	if err != nil {
		return nil, nil, err
	}
	ec, err := ephemeral.NewController(ctx, client, f.Core().V1().Pods(), f.Core().V1().PersistentVolumeClaims())
	if err != nil {
		return nil, nil, err
	}
	// No volume plugin: every class's provisioner is an external one (the stand-in in simulate.go).
	pvc, err := persistentvolume.NewController(ctx, persistentvolume.ControllerParameters{
		KubeClient:                client,
		SyncPeriod:                15 * time.Second,
		VolumeInformer:            f.Core().V1().PersistentVolumes(),
		ClaimInformer:             f.Core().V1().PersistentVolumeClaims(),
		ClassInformer:             f.Storage().V1().StorageClasses(),
		PodInformer:               f.Core().V1().Pods(),
		NodeInformer:              f.Core().V1().Nodes(),
		EnableDynamicProvisioning: true,
	})
	if err != nil {
		return nil, nil, err
	}
	workloads = func() {
		go dc.Run(ctx, 5)
		go rsc.Run(ctx, 5)
		go rc.Run(ctx, 5)
		go ssc.Run(ctx, 5)
		go jc.Run(ctx, 5)
		go dsc.Run(ctx, 2)
	}
	volumes = func() {
		go ec.Run(ctx, 1)
		go pvc.Run(ctx)
	}
	return workloads, volumes, nil
}
