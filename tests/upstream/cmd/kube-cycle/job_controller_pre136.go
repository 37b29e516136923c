//go:build k8s_pre136

package main

import (
	"context"

	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes/fake"
	"k8s.io/kubernetes/pkg/controller/job"
)

// newJobController as batch.go builds it before 1.36 (set-version.sh sets the tag).
func newJobController(ctx context.Context, client *fake.Clientset, f informers.SharedInformerFactory) (*job.Controller, error) {
	return job.NewController(ctx, f.Core().V1().Pods(), f.Batch().V1().Jobs(), client)
}
