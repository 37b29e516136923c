package main

import (
	"encoding/json"

	appsv1 "k8s.io/api/apps/v1"
	v1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	clientscheme "k8s.io/client-go/kubernetes/scheme"
	"k8s.io/kubernetes/pkg/controller/history"
)

// statefulSetRevisions: the ControllerRevision a cluster holds for each StatefulSet's
// current template, when the scenario has none (a hand-written scenario or a dump of
// workloads only), named as the set's status.updateRevision says, and that revision's
// label on the set's pods written without one. Upstream's controller finds its template's
// revision by content (history.FindEqualRevisions), so the pods the scenario says are up
// to date stay up to date, as spreadlab reads them; without it, every pod would be of an
// unknown revision and rolled again.
func statefulSetRevisions(objects []runtime.Object) ([]runtime.Object, error) {
	have := map[string]bool{}
	for _, o := range objects {
		if cr, ok := o.(*appsv1.ControllerRevision); ok {
			if ref := metaControllerOf(cr.OwnerReferences); ref != "" {
				have[cr.Namespace+"/"+ref] = true
			}
		}
	}
	var out []runtime.Object
	for _, o := range objects {
		set, ok := o.(*appsv1.StatefulSet)
		if !ok || set.Status.UpdateRevision == "" || have[set.Namespace+"/"+set.Name] {
			continue
		}
		patch, err := statefulSetPatch(set)
		if err != nil {
			return nil, err
		}
		cr, err := history.NewControllerRevision(set, appsv1.SchemeGroupVersion.WithKind("StatefulSet"),
			set.Spec.Template.Labels, runtime.RawExtension{Raw: patch}, 1, set.Status.CollisionCount)
		if err != nil {
			return nil, err
		}
		cr.Name, cr.Namespace = set.Status.UpdateRevision, set.Namespace
		cr.TypeMeta = metav1.TypeMeta{APIVersion: "apps/v1", Kind: "ControllerRevision"}
		for k, v := range set.Annotations {
			if cr.Annotations == nil {
				cr.Annotations = map[string]string{}
			}
			cr.Annotations[k] = v
		}
		out = append(out, cr)
		for _, p := range objects {
			pod, ok := p.(*v1.Pod)
			if !ok || pod.Namespace != set.Namespace || metaControllerOf(pod.OwnerReferences) != set.Name {
				continue
			}
			if _, labelled := pod.Labels[appsv1.ControllerRevisionHashLabelKey]; !labelled {
				if pod.Labels == nil {
					pod.Labels = map[string]string{}
				}
				pod.Labels[appsv1.ControllerRevisionHashLabelKey] = set.Status.UpdateRevision
			}
		}
	}
	return out, nil
}

func metaControllerOf(refs []metav1.OwnerReference) string {
	for _, r := range refs {
		if r.Controller != nil && *r.Controller {
			return r.Name
		}
	}
	return ""
}

// statefulSetPatch is the statefulset controller's getPatch (stateful_set_utils.go): the
// set encoded by its patchCodec, only spec.template kept, with "$patch": "replace".
func statefulSetPatch(set *appsv1.StatefulSet) ([]byte, error) {
	data, err := runtime.Encode(clientscheme.Codecs.LegacyCodec(appsv1.SchemeGroupVersion), set)
	if err != nil {
		return nil, err
	}
	var raw map[string]any
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, err
	}
	template := raw["spec"].(map[string]any)["template"].(map[string]any)
	template["$patch"] = "replace"
	return json.Marshal(map[string]any{"spec": map[string]any{"template": template}})
}
