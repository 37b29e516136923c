#include "controlplane/load_scenario.h"

#include <algorithm>
#include <unordered_set>

#include <nlohmann/json.hpp>

#include "controlplane/admission/priority_admission.h"
#include "controlplane/pod_strategy.h"
#include "core/validation.h"
#include "io/json_fields.h"
#include "io/object_reader.h"

namespace spreadlab::controlplane {

namespace {

using json = nlohmann::ordered_json;

// What reading item by item cannot do: the controllers need every item when there is a
// workload or a claim (the PV controller's), and the Priority admission when there is a PriorityClass or a pod whose
// priorityClassName it would resolve.
bool NeedsWholeDocument(const json& item) {
  const json* kind = item.is_object() ? io::Member(item, "kind") : nullptr;
  if (!kind || !kind->is_string()) return false;  // (the reader refuses it)
  const auto& k = kind->get_ref<const std::string&>();
  if (k == "PriorityClass" || k == "PersistentVolumeClaim" || IsWorkloadKind(k)) return true;
  const json* spec = k == "Pod" ? io::Member(item, "spec") : nullptr;
  return spec && spec->is_object() && !io::Member(*spec, "priority") && io::Member(*spec, "priorityClassName");
}

// The control plane's one try/catch: the controllers and the admission throw what the API
// server would refuse. The wasm build lets only the functions it names catch
// (EXCEPTION_CATCHING_ALLOWED in src/app/CMakeLists.txt): C linkage keeps this name plain
// there, and it is never inlined.
extern "C" [[gnu::noinline]] void spreadlab_run_controllers(json& doc, ControllerResult& controllers,
                                                            const SyncContext* context, const io::WrittenAs& written,
                                                            LoadResult& result) {
  try {
    RunControllers(doc, controllers, context);
    AdmitPriorities(doc);
    result.ok = true;
  } catch (const ControllerError& e) {
    io::TellInvalid(written, {{e.path, e.message}}, result);
  } catch (const io::ReadError& e) {  // a DaemonSet's template or node, read as the reader reads them
    io::TellReadError(written, e, result);
  } catch (const std::exception& e) {
    result.error = std::string("invalid input: ") + e.what();
  }
}

// The pods as the API server creates them, the warnings a user should see about what was
// read, then the release and validation.
void Check(Scenario& out, const io::WrittenAs& written, LoadResult& result) {
  for (v1::Pod& p : out.pods) PrepareForCreate(p);
  const std::string schedulerName = out.profile ? out.profile->schedulerName : "default-scheduler";
  for (const auto& p : out.pods)
    if (p.spec.nodeName.empty() && p.spec.schedulerName != schedulerName)
      result.warnings.push_back((p.path.empty() ? "document" : p.path) +
                                ".spec.schedulerName: " + io::QuoteText(p.spec.schedulerName) +
                                " is not the simulated profile's scheduler (" + io::QuoteText(schedulerName) +
                                "); spreadlab schedules the pod with that profile anyway");
  for (const auto& p : out.pods)
    if (p.phase == "Succeeded" || p.phase == "Failed")
      result.warnings.push_back((p.path.empty() ? "document" : p.path) + ": pod " + p.metadata.ns + "/" +
                                p.metadata.name + " has finished (" + p.phase + "); the scheduler does not see it");
  // Pods bound to nodes the scenario lacks (a node deleted while its pods terminate, a
  // dump of some nodes with every pod): the API server accepts them and kube-scheduler's
  // snapshot has no such node, so they count nowhere. One warning for all of them.
  std::unordered_set<std::string_view> nodes;
  nodes.reserve(out.nodes.size());
  for (const auto& n : out.nodes) nodes.insert(n.metadata.name);
  std::vector<std::string> elsewhere;
  for (const auto& p : out.pods)
    if (!p.spec.nodeName.empty() && !nodes.count(p.spec.nodeName))
      elsewhere.push_back(p.metadata.ns + "/" + p.metadata.name + " on " + p.spec.nodeName);
  if (!elsewhere.empty()) {
    std::string list;
    for (size_t i = 0; i < elsewhere.size() && i < 3; ++i) list += (i ? ", " : "") + elsewhere[i];
    if (elsewhere.size() > 3) list += ", ...";
    result.warnings.push_back(std::to_string(elsewhere.size()) +
                              " pod(s) are bound to nodes that are not in the scenario (" + list +
                              "): kube-scheduler's snapshot has no such node, so they count nowhere");
  }
  if (!out.nodePools.empty())
    result.warnings.push_back(
        std::to_string(out.nodePools.size()) +
        " NodePool(s) read: spreadlab does not simulate what Karpenter would launch yet; the pods "
        "are placed on the nodes the scenario has");
  result.ok = false;
  std::string error;
  if (!MakeRelease(out.release.minor, out.release.gateOverrides, out.release, error)) {
    result.error = (out.profile ? out.profile->configPath + ".featureGates: " : "") + error;
    return;
  }
  auto errors = ValidateScenario(out);
  if (!errors.empty()) {
    io::TellInvalid(written, std::move(errors), result);
    return;
  }
  result.ok = true;
}

// Scenario::listedNodes: the nodes before the first one the added-nodes annotation names
// (the document appends what it adds, so the others follow in the order they came).
size_t ListedNodes(const std::vector<std::string>& added, const std::vector<v1::Node>& nodes) {
  const std::unordered_set<std::string_view> names(added.begin(), added.end());
  size_t listed = 0;
  while (listed < nodes.size() && !names.count(nodes[listed].metadata.name)) ++listed;
  return listed;
}

LoadResult Load(std::string_view text, const json* parsed, Scenario& out, json* docOut, const SyncContext* context) {
  LoadResult result;
  if (!parsed && !docOut && io::StartsLikeJson(text)) {  // nobody keeps the document: read it item by item if it can be
    io::ReadResult& read = result;
    if (io::ReadJsonDumpByItem(text, out, read, NeedsWholeDocument)) {
      Check(out, io::WrittenAs{text, nullptr, false, {}}, result);
      return result;
    }
  }
  json doc;
  if (parsed) {
    doc = *parsed;
  } else if (io::ReadResult r = io::ParseObjects(text, doc); !r.ok) {
    static_cast<io::ReadResult&>(result) = std::move(r);
    return result;
  }
  ControllerResult controllers;
  const io::WrittenAs written{text, parsed, !parsed && !io::StartsLikeJson(text),
                              [&controllers](const std::string& path) { return SourcePath(controllers, path); }};
  spreadlab_run_controllers(doc, controllers, context, written, result);
  if (!result.ok) return result;
  static_cast<io::ReadResult&>(result) = io::ReadParsed(doc, out, written);
  if (!result.ok) return result;
  if (const std::vector<std::string> added = AddedNodes(doc); !added.empty())
    out.listedNodes = ListedNodes(added, out.nodes);
  result.notes = controllers.notes;
  result.waiting = controllers.waiting;
  result.created = controllers.created.size();
  // Read without throwing: this runs outside the catch (a created pod always has its
  // metadata; an item the controllers could not shape is skipped, not thrown on).
  const json* items = io::Member(doc, "items");
  for (const CreatedObject& c : controllers.created) {
    const json* meta =
        c.fromTemplate && items && c.item < items->size() ? io::Member((*items)[c.item], "metadata") : nullptr;
    if (meta && meta->is_object())
      result.createdPods.push_back(io::Str(*meta, "namespace", "default") + "/" + io::Str(*meta, "name"));
  }
  result.deleted = controllers.deleted;
  result.deletedClaims = controllers.deletedClaims;
  result.claimed = controllers.claimed;
  if (docOut) *docOut = std::move(doc);
  Check(out, written, result);
  return result;
}

}  // namespace

std::vector<std::string> AddedNodes(const json& doc) {
  const json* meta = io::Member(doc, "items") ? io::Member(doc, "metadata") : nullptr;  // a List's
  const json* annotations = meta && meta->is_object() ? io::Member(*meta, "annotations") : nullptr;
  const json* added =
      annotations && annotations->is_object() ? io::Member(*annotations, kAddedNodesAnnotation) : nullptr;
  std::vector<std::string> out;
  if (!added || !added->is_string()) return out;
  const std::string& list = added->get_ref<const std::string&>();
  for (size_t start = 0; start <= list.size();) {
    const size_t end = std::min(list.find(',', start), list.size());
    if (end > start) out.push_back(list.substr(start, end - start));
    start = end + 1;
  }
  return out;
}

LoadResult LoadScenario(std::string_view text, Scenario& out, json* doc, const SyncContext* context) {
  return Load(text, nullptr, out, doc, context);
}

LoadResult LoadScenarioDocument(const json& parsed, Scenario& out, json* doc, const SyncContext* context) {
  return Load({}, &parsed, out, doc, context);
}

}  // namespace spreadlab::controlplane
