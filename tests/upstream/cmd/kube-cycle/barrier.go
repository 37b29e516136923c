package main

// The restore barrier: spreadlab's `restore` brings a failed zone's nodes back in one
// moment, but the API server can only create them one at a time, and the scheduler places
// a waiting pod on the first node whose add event it sees, before the next one exists (a
// race upstream's own tests avoid the same way, by creating the nodes before the pods).
// While the barrier is up, a PreEnqueue plugin keeps every pod out of activeQ; once the
// informers hold every restored node the harness lowers it and activates the pods that
// are waiting, which then meet the whole zone at once.

import (
	"context"
	"reflect"
	"sync/atomic"

	v1 "k8s.io/api/core/v1"
	fwk "k8s.io/kube-scheduler/framework"
	"k8s.io/kubernetes/pkg/scheduler"
	schedconfig "k8s.io/kubernetes/pkg/scheduler/apis/config"
	frameworkruntime "k8s.io/kubernetes/pkg/scheduler/framework/runtime"
)

const barrierName = "SpreadlabRestoreBarrier"

type restoreBarrier struct{ up atomic.Bool }

func (b *restoreBarrier) Name() string { return barrierName }

func (b *restoreBarrier) PreEnqueue(context.Context, *v1.Pod) *fwk.Status {
	if b.up.Load() {
		return fwk.NewStatus(fwk.UnschedulableAndUnresolvable, "the harness is restoring nodes")
	}
	return nil
}

// withBarrier adds the barrier to every profile's PreEnqueue and returns the option that
// registers it. The factory is built by reflection: its Handle and Plugin types moved from
// k8s.io/kubernetes to k8s.io/kube-scheduler in v1.35, and it only returns b.
func withBarrier(b *restoreBarrier, profiles []schedconfig.KubeSchedulerProfile) scheduler.Option {
	for i := range profiles {
		if profiles[i].Plugins == nil {
			profiles[i].Plugins = &schedconfig.Plugins{}
		}
		pe := &profiles[i].Plugins.PreEnqueue
		pe.Enabled = append(pe.Enabled, schedconfig.Plugin{Name: barrierName})
	}
	t := reflect.TypeOf((*frameworkruntime.PluginFactory)(nil)).Elem()
	factory := reflect.MakeFunc(t, func([]reflect.Value) []reflect.Value {
		return []reflect.Value{reflect.ValueOf(b).Convert(t.Out(0)), reflect.Zero(t.Out(1))}
	}).Interface().(frameworkruntime.PluginFactory)
	return scheduler.WithFrameworkOutOfTreeRegistry(frameworkruntime.Registry{barrierName: factory})
}
