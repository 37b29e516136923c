//go:build !k8s_pre136

package main

import (
	"context"

	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes/fake"
	"k8s.io/kubernetes/pkg/controller/job"
)

// newJobController as batch.go builds it (1.36 and later: the Workload and PodGroup
// informers, nil while the WorkloadWithJob gate is off, as by default).
func newJobController(ctx context.Context, client *fake.Clientset, f informers.SharedInformerFactory) (*job.Controller, error) {
	return job.NewController(ctx, client, f.Core().V1().Pods(), f.Batch().V1().Jobs(), nil, nil)
}
