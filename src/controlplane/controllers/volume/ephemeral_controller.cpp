// The ephemeral volume controller (pkg/controller/volume/ephemeral/controller.go syncHandler,
// handleVolume): the member of Controllers (controllers/manager.h) that creates the claim of each
// generic ephemeral volume of the pods, named <pod>-<volume> (ephemeral.VolumeClaimName) and
// controlled by the pod, from the volume's volumeClaimTemplate. The garbage collector deletes it
// once the pod is gone (garbagecollector/garbage_collector.cpp).
#include <string>
#include <nlohmann/json.hpp>

#include "controlplane/controllers/controller_utils.h"
#include "controlplane/controllers/manager.h"
#include "io/json_fields.h"

namespace spreadlab::controlplane {

using io::Str;

void Controllers::EphemeralVolumes() {
  const size_t count = items_.size();  // the claims it creates are not pods
  for (size_t i = 0; i < count; ++i) {
    const json& pod = items_[i];
    // syncHandler: "nothing to do for pod, it is marked for deletion" (or deleted in this pass)
    if (!pod.is_object() || Str(pod, "kind") != "Pod" || erase_.count(i)) continue;
    const json* meta = Obj(pod, "metadata");
    const json* spec = Obj(pod, "spec");
    if (!meta || !spec || BeingDeleted(*meta)) continue;
    auto volumes = spec->find("volumes");
    if (volumes == spec->end() || !volumes->is_array()) continue;
    const std::string ns = NamespaceOf(*meta);
    const std::string podName = Str(*meta, "name");
    for (size_t k = 0; k < volumes->size(); ++k) {
      const json& volume = (*volumes)[k];
      const json* ephemeral = volume.is_object() ? Obj(volume, "ephemeral") : nullptr;
      const json* tmpl = ephemeral ? Obj(*ephemeral, "volumeClaimTemplate") : nullptr;
      if (!tmpl) continue;
      const std::string claimName = podName + "-" + Str(volume, "name");
      // "PVC already created": the scheduler tells when it is not the pod's (VolumeIsForPod).
      if (claims_.count(ns + "/" + claimName)) continue;
      const std::string uid = Str(*meta, "uid");
      json claimMeta = {
          {"name", claimName},
          {"namespace", ns},
          {"ownerReferences", json::array({ControllerRefTo(ClaimingController{
                                  "v1", "Pod", ns, podName, uid.empty() ? "Pod/" + ns + "/" + podName : uid})})}};
      if (const json* tm = Obj(*tmpl, "metadata")) {
        if (const json* a = Obj(*tm, "annotations")) claimMeta["annotations"] = *a;
        if (const json* l = Obj(*tm, "labels")) claimMeta["labels"] = *l;
      }
      json claim = {{"apiVersion", "v1"},
                    {"kind", "PersistentVolumeClaim"},
                    {"metadata", std::move(claimMeta)},
                    {"spec", tmpl->contains("spec") ? (*tmpl)["spec"] : json::object()},
                    {"status", {{"phase", "Pending"}}}};
      // Where its fields come from: the pod's volume as written, or its workload's template's.
      const std::string source =
          ItemSource(i) + ".spec.volumes[" + std::to_string(k) + "].ephemeral.volumeClaimTemplate";
      items_.push_back(std::move(claim));
      Index(items_.size() - 1);
      out_.created.push_back({items_.size() - 1, source, false});
      out_.notes.push_back(source + ": PersistentVolumeClaim " + ns + "/" + claimName +
                           " created for the ephemeral volume " + Str(volume, "name") + " of pod " + podName);
    }
  }
}

}  // namespace spreadlab::controlplane
