// The Job controller (pkg/controller/job/job_controller.go syncJob, manageJob): the member
// of Controllers (controllers/manager.h) that creates a Job's pods.
#include <algorithm>
#include <nlohmann/json.hpp>

#include "controlplane/controllers/controller_utils.h"
#include "controlplane/controllers/manager.h"
#include "io/json_fields.h"

namespace spreadlab::controlplane {

using io::Str;

void Controllers::Job(const Workload& w) {
  const json& spec = Spec(w);
  const int64_t parallelism = Count(w, spec, "parallelism", 1);
  const bool hasCompletions = spec.contains("completions") && !spec["completions"].is_null();
  const int64_t completions = hasCompletions ? Count(w, spec, "completions", 1) : parallelism;
  int64_t succeeded = 0;
  if (const json* st = Obj(items_[w.item], "status"))
    if (auto s = st->find("succeeded"); s != st->end() && s->is_number_integer()) succeeded = s->get<int64_t>();
  const int64_t wanted = std::max<int64_t>(0, std::min(parallelism, completions - succeeded));
  // The Job controller's selector is its own (controller-uid); the template keeps its labels.
  const json& tmpl = Template(w, spec, std::nullopt, /*selectorRequired=*/false);
  const bool indexed = Str(spec, "completionMode") == "Indexed";
  const v1::LabelMap labels = {{"batch.kubernetes.io/controller-uid", w.uid},
                               {"batch.kubernetes.io/job-name", w.name},
                               {"controller-uid", w.uid},
                               {"job-name", w.name}};
  // getPodsForJob: ClaimPods with the selector the API server gives a Job (its controller-uid label).
  const v1::LabelSelector selector{{{"batch.kubernetes.io/controller-uid", w.uid}}, {}};
  const int64_t have = CountActive(Claim(w, "Pod", selector, [](size_t) { return true; }));
  Create(w, wanted, have, [&](uint32_t n) {
    if (!indexed) return PodFrom(w, tmpl, GeneratedName(w.name + "-", n, w.ns, podNames_), labels);
    v1::LabelMap l = labels;
    l["batch.kubernetes.io/job-completion-index"] = std::to_string(n);
    json pod = PodFrom(w, tmpl, GeneratedName(w.name + "-" + std::to_string(n) + "-", n, w.ns, podNames_), l);
    pod["metadata"]["annotations"]["batch.kubernetes.io/job-completion-index"] = std::to_string(n);
    return pod;
  });
}

}  // namespace spreadlab::controlplane
