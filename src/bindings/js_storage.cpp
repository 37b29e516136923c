// window.spreadlab.storage(): the scenario's storage objects as the lab shows them
// (app/model/pod_volumes.h), documented in docs/js-api.md.
#include <emscripten.h>

#include "app/app.h"
#include "bindings/json_out.h"
#include "core/storage.h"

namespace {

using spreadlab::bindings::json;

json Places(const std::vector<spreadlab::app::VolumePlace>& places) {
  json out = json::array();
  for (const auto& p : places) out.push_back(json{{"key", p.key}, {"values", p.values}});
  return out;
}

json OrNull(const std::string& s) { return s.empty() ? json(nullptr) : json(s); }

json ClaimJson(const spreadlab::app::PodClaim& c) {
  return json{{"volume", c.volume},
              {"claim", c.claim},
              {"ephemeral", c.ephemeral},
              {"state", spreadlab::app::ClaimStateName(c.state)},
              {"storageClass", OrNull(c.storageClass)},
              {"volumeBindingMode", OrNull(c.bindingMode)},
              {"persistentVolume", OrNull(c.persistentVolume)},
              {"zone", OrNull(spreadlab::app::ZoneOf(c.places))},
              {"places", Places(c.places)}};
}

json Classes(const spreadlab::Scenario& sc) {
  json out = json::array();
  for (const auto& k : sc.storageClasses)
    out.push_back(
        json{{"name", k.metadata.name}, {"provisioner", k.provisioner}, {"volumeBindingMode", k.volumeBindingMode}});
  return out;
}

json Volumes(const spreadlab::Scenario& sc) {
  json out = json::array();
  for (const auto& v : sc.persistentVolumes) {
    const auto places = spreadlab::app::PlacesOf(v);
    out.push_back(json{{"name", v.metadata.name},
                       {"storageClass", OrNull(spreadlab::VolumeClass(v))},
                       {"claim", v.claimRef ? json(v.claimRef->ns + "/" + v.claimRef->name) : json(nullptr)},
                       {"phase", OrNull(v.phase)},
                       {"zone", OrNull(spreadlab::app::ZoneOf(places))},
                       {"places", Places(places)}});
  }
  return out;
}

json Claims(const spreadlab::Scenario& sc, const spreadlab::StorageIndex& storage) {
  json out = json::array();
  for (const auto& c : sc.persistentVolumeClaims) {
    const int32_t pv = c.volumeName.empty() ? -1 : storage.Volume(c.volumeName);
    const std::string cls = spreadlab::ClaimClass(c);
    const int32_t k = storage.Class(cls);
    out.push_back(
        json{{"claim", c.metadata.ns + "/" + c.metadata.name},
             {"storageClass", OrNull(cls)},
             {"volumeBindingMode", k < 0 ? json(nullptr) : json(sc.storageClasses[k].volumeBindingMode)},
             {"volume", OrNull(c.volumeName)},
             {"phase", c.phase},
             {"zone", pv < 0 ? json(nullptr)
                             : OrNull(spreadlab::app::ZoneOf(spreadlab::app::PlacesOf(sc.persistentVolumes[pv])))}});
  }
  return out;
}

// The pods with claims: [{pod, node, claims}].
json Pods(const spreadlab::Scenario& sc, const spreadlab::StorageIndex& storage) {
  json out = json::array();
  for (const auto& p : sc.pods) {
    if (!spreadlab::app::UsesClaims(p)) continue;
    json claims = json::array();
    for (const auto& c : spreadlab::app::PodClaims(sc, storage, p)) claims.push_back(ClaimJson(c));
    out.push_back(json{{"pod", p.metadata.ns + "/" + p.metadata.name},
                       {"node", OrNull(p.spec.nodeName)},
                       {"claims", std::move(claims)}});
  }
  return out;
}

// The explained pod's nodes rejected because a volume lives elsewhere: [{node, plugin, volumes}].
json Rejected(spreadlab::app::Lab& lab) {
  const spreadlab::app::VolumeConflicts& v = lab.Volumes();
  json out = json::array();
  for (size_t n = 0; n < v.elsewhere.size(); ++n) {
    if (v.elsewhere[n].empty()) continue;
    json volumes = json::array();
    for (uint16_t c : v.elsewhere[n]) volumes.push_back(v.claims[c].persistentVolume);
    out.push_back(json{{"node", lab.cluster().node(static_cast<spreadlab::NodeIndex>(n)).name},
                       {"plugin", lab.trace().filterPlugins[v.plugin[n]]},
                       {"volumes", std::move(volumes)}});
  }
  return out;
}

}  // namespace

extern "C" {

// storage(): {classes, volumes, claims, pods, rejected}; null with nothing loaded.
EMSCRIPTEN_KEEPALIVE const char* spreadlab_storage() {
  spreadlab::app::Lab& lab = spreadlab::app::TheLab();
  if (!lab.loaded()) return spreadlab::bindings::Out(json(nullptr));
  const spreadlab::Scenario& sc = lab.doc().scenario();
  const spreadlab::StorageIndex& storage = lab.cluster().storage();
  return spreadlab::bindings::Out(json{{"classes", Classes(sc)},
                                       {"volumes", Volumes(sc)},
                                       {"claims", Claims(sc, storage)},
                                       {"pods", Pods(sc, storage)},
                                       {"rejected", Rejected(lab)}});
}

}  // extern "C"
