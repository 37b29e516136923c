// libFuzzer target: the lab's ways in, as the page drives them. The input is a
// scenario, then (after a line "%%") one command per line:
//   JS API (src/bindings/js_api.cpp, what window.spreadlab calls):
//     load TEXT | field INDEX FIELD JSON | next | all | why | apply N | undo | redo
//     | step | play | trace | scenario | status | picture | compare TEXT
//     | lessonAdd JSON | lessonFile PATH TEXT | lessonStart ID N | predict ANSWER | solve
//     | lessonNext | lessonBack | lesson | embedControls CSV | simulate STEP
//     | kubectlApply TEXT | paste TEXT
//   the Add node dialog and the sample cluster (app/model/new_node.h):
//     newNode NAME|ZONE|LABELS|CPU|MEMORY|PODS|TAINTS | sampleCluster
//   the panels' edits, through the same text parsers (app/model/edit_text.h):
//     labels TEXT | nodeSelector TEXT | tolerations TEXT | affinity TEXT | namespace TEXT
//     | nodeLabels N TEXT | cordon N | removeNode N | addNode N | bind P N | removePod P
//     | weight PLUGIN N | filter PLUGIN on|off | scrub N
// Indices of pods and nodes are taken modulo their count, as the UI only offers
// existing ones; everything else is passed through as typed.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <sstream>
#include <string>
#include <string_view>

#include "app/app.h"
#include "app/model/edit_text.h"
#include "app/model/new_node.h"

extern "C" {
const char* spreadlab_load(const char* text, const char* source);
const char* spreadlab_apply(const char* text, const char* source);
const char* spreadlab_trace();
const char* spreadlab_set_constraint_field(int index, const char* field, const char* valueJson);
const char* spreadlab_schedule_next();
const char* spreadlab_why();
const char* spreadlab_apply_suggestion(int index);
const char* spreadlab_schedule_all();
const char* spreadlab_step();
const char* spreadlab_play();
const char* spreadlab_scenario();
const char* spreadlab_undo();
const char* spreadlab_redo();
const char* spreadlab_status();
const char* spreadlab_scale(const char* workload, double replicas);
const char* spreadlab_simulate(const char* step);
const char* spreadlab_workloads();
const char* spreadlab_set_kube_version(const char* version);
const char* spreadlab_picture();
const char* spreadlab_compare(const char* other);
const char* spreadlab_add_lesson(const char* text);
void spreadlab_add_file(const char* path, const char* text);
const char* spreadlab_start_lesson(const char* id, int step);
const char* spreadlab_lesson();
const char* spreadlab_lesson_predict(const char* answer);
const char* spreadlab_lesson_next();
const char* spreadlab_lesson_back();
const char* spreadlab_lesson_solve();
void spreadlab_set_embed_controls(const char* csv);
}

namespace spreadlab::app {
// The fuzzer is this program's platform: one lab per input.
Lab* g_lab = nullptr;
LessonBook* g_lessons = nullptr;
Lab& TheLab() { return *g_lab; }
LessonBook& TheLessons() { return *g_lessons; }
FrameFacts& LastFrame() {
  static FrameFacts facts;
  return facts;
}
std::vector<std::string>& EmbedControls() {
  static std::vector<std::string> controls;
  return controls;
}
std::map<std::string, WidgetRect>& WidgetRects() {
  static std::map<std::string, WidgetRect> rects;
  return rects;
}
}  // namespace spreadlab::app

namespace {

using namespace spreadlab;
using app::Lab;

constexpr size_t kMaxObjects = 64;  // small clusters: the fuzzer looks for wrong code
constexpr size_t kMaxCommands = 24;

int Number(const std::string& word) {
  int n = 0;
  for (char c : word.substr(0, 6))
    if (c >= '0' && c <= '9') n = n * 10 + (c - '0');
  return n;
}

size_t Pick(const std::string& word, size_t count) { return static_cast<size_t>(Number(word)) % count; }

void Edit(Lab& lab, const char* what, const Lab::Edit& edit) { lab.Apply(what, edit); }

// One panel edit, as the panel makes it from what was typed.
void PanelEdit(Lab& lab, const std::string& verb, std::istringstream& in) {
  const Scenario& s = lab.doc().scenario();
  std::string a, rest;
  if (verb == "nodeLabels" || verb == "bind" || verb == "weight" || verb == "filter") in >> a;
  std::getline(in >> std::ws, rest);
  std::string error;
  if (lab.pod() != kNone) {
    const size_t item = lab.podItem();
    if (verb == "labels") {
      v1::LabelMap m;
      if (app::ParseLabels(rest, m, error))
        return Edit(lab, "pod labels", [=](controlplane::ScenarioDoc& d, std::string& e) { return d.SetPodLabels(item, m, e); });
    } else if (verb == "nodeSelector") {
      v1::LabelMap m;
      if (app::ParseLabels(rest, m, error))
        return Edit(lab, "nodeSelector", [=](controlplane::ScenarioDoc& d, std::string& e) { return d.SetPodNodeSelector(item, m, e); });
    } else if (verb == "tolerations") {
      auto t = app::ParseTolerations(rest);
      return Edit(lab, "tolerations", [=](controlplane::ScenarioDoc& d, std::string& e) { return d.SetPodTolerations(item, t, e); });
    } else if (verb == "affinity") {
      std::optional<v1::NodeSelector> next;
      if (app::ParseNodeAffinity(rest, next, error))
        return Edit(lab, "node affinity", [=](controlplane::ScenarioDoc& d, std::string& e) { return d.SetPodRequiredNodeAffinity(item, next, e); });
    } else if (verb == "namespace") {
      return Edit(lab, "namespace", [=](controlplane::ScenarioDoc& d, std::string& e) { return d.SetPodNamespace(item, rest, e); });
    }
  }
  if (verb == "weight") {
    const int32_t w = Number(rest);
    lab.SetPluginWeight(a, w);
    return;
  }
  if (verb == "filter") {
    const bool on = rest == "on";
    return Edit(lab, "filter", [=](controlplane::ScenarioDoc& d, std::string& e) { return d.SetFilterPluginEnabled(a, on, e); });
  }
  if (verb == "scrub") return lab.ScrubTo(static_cast<size_t>(Number(rest)));
  if (!s.nodes.empty()) {
    if (verb == "nodeLabels") {
      const size_t n = Pick(a, s.nodes.size());
      v1::LabelMap m;
      if (app::ParseLabels(rest, m, error))
        return Edit(lab, "node labels", [=](controlplane::ScenarioDoc& d, std::string& e) { return d.SetNodeLabels(n, m, e); });
    } else if (verb == "cordon") {
      const size_t n = Pick(rest, s.nodes.size());
      const bool u = !s.nodes[n].unschedulable;
      return Edit(lab, "cordon", [=](controlplane::ScenarioDoc& d, std::string& e) { return d.SetNodeUnschedulable(n, u, e); });
    } else if (verb == "removeNode") {
      const size_t n = Pick(rest, s.nodes.size());
      return Edit(lab, "remove node", [=](controlplane::ScenarioDoc& d, std::string& e) { return d.RemoveNode(n, e); });
    } else if (verb == "addNode") {
      const size_t n = Pick(rest, s.nodes.size());
      const v1::LabelMap labels = s.nodes[n].metadata.labels;
      const std::string name = s.nodes[n].metadata.name + "-copy";
      return Edit(lab, "add node", [=](controlplane::ScenarioDoc& d, std::string& e) { return d.AddNodeLike(n, name, labels, e); });
    }
  }
  if (!s.pods.empty()) {
    if (verb == "bind") {
      const size_t p = Pick(a, s.pods.size());
      const std::string node = s.nodes.empty() ? rest : s.nodes[Pick(rest, s.nodes.size())].metadata.name;
      return Edit(lab, "move pod", [=](controlplane::ScenarioDoc& d, std::string& e) { return d.SetPodNodeName(p, node, e); });
    } else if (verb == "removePod") {
      const size_t p = Pick(rest, s.pods.size());
      return Edit(lab, "remove pod", [=](controlplane::ScenarioDoc& d, std::string& e) { return d.RemovePod(p, e); });
    }
  }
}

void Run(Lab& lab, const std::string& line) {
  std::istringstream in(line);
  std::string verb;
  in >> verb;
  if (verb == "load") {
    std::string rest;
    std::getline(in >> std::ws, rest);
    spreadlab_load(rest.c_str(), "fuzz");
  } else if (verb == "kubectlApply" || verb == "paste") {
    std::string rest, error;
    std::getline(in >> std::ws, rest);
    if (verb == "paste")
      lab.Paste(rest, error);
    else
      spreadlab_apply(rest.c_str(), "fuzz");
  } else if (verb == "newNode") {
    std::string rest, manifest, error;
    std::getline(in >> std::ws, rest);
    std::vector<std::string> f;
    std::stringstream fields(rest);
    for (std::string x; std::getline(fields, x, '|');) f.push_back(x);
    f.resize(7);
    const app::NodeDraft draft{f[0], f[1], f[2], f[3], f[4], f[5], f[6]};
    if (app::NodeManifest(draft, manifest, error)) lab.ApplyManifests(manifest, "fuzz node", error);
  } else if (verb == "sampleCluster") {
    std::string error;
    lab.ApplyManifests(app::SampleClusterManifest(), "sample", error);
  } else if (verb == "field") {
    int index = 0;
    std::string field, value;
    in >> index >> field;
    std::getline(in >> std::ws, value);
    spreadlab_set_constraint_field(index, field.c_str(), value.c_str());
  } else if (verb == "next") spreadlab_schedule_next();
  else if (verb == "all") spreadlab_schedule_all();
  else if (verb == "why") spreadlab_why();
  else if (verb == "apply") {
    int index = 0;
    in >> index;
    spreadlab_apply_suggestion(index);
  } else if (verb == "undo") spreadlab_undo();
  else if (verb == "redo") spreadlab_redo();
  else if (verb == "step") spreadlab_step();
  else if (verb == "play") spreadlab_play();
  else if (verb == "trace") spreadlab_trace();
  else if (verb == "scenario") spreadlab_scenario();
  else if (verb == "status") spreadlab_status();
  else if (verb == "workloads") spreadlab_workloads();
  else if (verb == "release") {  // release VERSION (the release selector)
    std::string version;
    in >> version;
    spreadlab_set_kube_version(version.c_str());
  }
  else if (verb == "scale") {  // scale WORKLOAD N; N kept small so that an input stays fast
    std::string workload;
    double n = 0;
    in >> workload >> n;
    spreadlab_scale(workload.c_str(), n >= 0 && n < 1e9 ? static_cast<double>(static_cast<int64_t>(n) % 64) : n);
  }
  else if (verb == "simulate") {  // simulate STEP; a scale's N kept small, as for scale
    std::string action, rest;
    in >> action;
    std::getline(in >> std::ws, rest);
    if (action == "scale") {
      const size_t space = rest.rfind(' ');
      if (space != std::string::npos) rest = rest.substr(0, space) + " " + std::to_string(Number(rest.substr(space + 1)) % 64);
    }
    spreadlab_simulate((action + " " + rest).c_str());
  }
  else if (verb == "picture") spreadlab_picture();
  else if (verb == "embedControls") {
    std::string rest;
    std::getline(in >> std::ws, rest);
    spreadlab_set_embed_controls(rest.c_str());
  }
  else if (verb == "compare" || verb == "lessonAdd" || verb == "predict") {
    std::string rest;
    std::getline(in >> std::ws, rest);
    if (verb == "compare") spreadlab_compare(rest.c_str());
    else if (verb == "lessonAdd") spreadlab_add_lesson(rest.c_str());
    else spreadlab_lesson_predict(rest.c_str());
  } else if (verb == "lessonFile") {  // lessonFile PATH TEXT: a file a lesson's step opens
    std::string path, rest;
    in >> path;
    std::getline(in >> std::ws, rest);
    spreadlab_add_file(path.c_str(), rest.c_str());
  } else if (verb == "lessonStart") {
    std::string id;
    int step = 0;
    in >> id >> step;
    spreadlab_start_lesson(id.c_str(), step);
  } else if (verb == "lessonNext") spreadlab_lesson_next();
  else if (verb == "lessonBack") spreadlab_lesson_back();
  else if (verb == "solve") spreadlab_lesson_solve();
  else if (verb == "lesson") spreadlab_lesson();
  else if (lab.loaded()) PanelEdit(lab, verb, in);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string input(reinterpret_cast<const char*>(data), size);
  const size_t split = input.find("\n%%\n");
  const std::string scenario = input.substr(0, split);
  Lab lab;
  app::LessonBook lessons;
  app::g_lab = &lab;
  app::g_lessons = &lessons;
  spreadlab_load(scenario.c_str(), "fuzz");
  if (lab.loaded() && lab.cluster().nodes().size() + lab.cluster().pods().size() > kMaxObjects) return 0;
  if (!lab.loaded()) {
    if (lab.status().empty() || !lab.statusIsError()) std::abort();  // a refusal must say why
  }
  spreadlab_trace();
  if (split == std::string::npos) return 0;
  std::istringstream commands(input.substr(split + 4));
  std::string line;
  for (size_t n = 0; n < kMaxCommands && std::getline(commands, line); ++n) {
    Run(lab, line);
    if (lab.loaded() && lab.cluster().nodes().size() + lab.cluster().pods().size() > kMaxObjects) break;
  }
  spreadlab_scenario();
  spreadlab_status();
  return 0;
}
