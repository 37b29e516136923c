// The undo and redo history and the timeline, kept across a reload: each history step
// as the whole document it puts back (a snapshot may hold only the part an edit
// touched), and the timeline as the calls that made it, made again on the reloaded lab.
#include <nlohmann/json.hpp>

#include "app/model/lab.h"
#include "io/json_parse.h"

namespace spreadlab::app {

namespace {

using ojson = nlohmann::ordered_json;

// Which document a history belongs to (FNV-1a of its JSON text).
std::string DocId(const controlplane::ScenarioDoc& doc) {
  uint64_t h = 14695981039346656037ull;
  for (const unsigned char c : doc.Dump()) h = (h ^ c) * 1099511628211ull;
  return std::to_string(h);
}

const char* const kCallNames[] = {"scheduleNext", "scheduleAll", "event", "scrubTo"};

// A field of the kept JSON, or nothing when it is missing or of another type (the text
// comes from the browser's storage, which anyone may edit).
std::string Str(const ojson& o, const char* key) {
  auto it = o.is_object() ? o.find(key) : o.end();
  return it != o.end() && it->is_string() ? it->get<std::string>() : "";
}
const ojson& Field(const ojson& o, const char* key) {
  static const ojson null;
  auto it = o.is_object() ? o.find(key) : o.end();
  return it != o.end() ? *it : null;
}
const ojson& Items(const ojson& o) {
  static const ojson none = ojson::array();
  return o.is_array() ? o : none;
}

// What an event did (the Events panel lists it), made again from the document before it
// as Lab::Simulate made it (Simulation::StartThenStep).
std::vector<std::shared_ptr<const simulator::StepReport>> EventReports(const controlplane::ScenarioDoc& before,
                                                                       const std::string& step) {
  simulator::SimStep parsed;
  std::string error;
  std::vector<std::shared_ptr<simulator::StepReport>> reports;
  controlplane::ScenarioDoc doc = before;
  simulator::Simulation simulation(doc);
  if (!simulator::ParseSimStep(step, parsed, error) || !simulation.StartThenStep(parsed, reports, error)) return {};
  return {reports.begin(), reports.end()};
}

}  // namespace

std::string Lab::HistoryJson(size_t budget) const {
  if (!loaded() || (undo_.empty() && redo_.empty() && timeline_.empty())) return "";
  const std::string now = doc_.Dump();
  ojson j{{"version", 1}, {"doc", DocId(doc_)}, {"pod", pod() == kNone ? "" : cluster_->pod(pod()).key}};
  size_t used = j.dump().size() + 64;
  if (!timeline_.empty()) {
    ojson calls = ojson::array();
    for (const TimelineCall& c : timelineCalls_) {
      ojson call{{"call", kCallNames[c.kind]}};
      if (c.kind == TimelineCall::kScrub)
        call["step"] = c.step;
      else if (!c.arg.empty())
        call["arg"] = c.arg;
      calls.push_back(std::move(call));
    }
    j["timeline"] = ojson{{"base", timelineBase_.Dump()}, {"calls", std::move(calls)}};
    used += j["timeline"].dump().size();
    if (used > budget) return "";
  }
  // Each step of history is a whole document: walk back from the current one, as far as
  // the budget allows (a step's size is about the current document's).
  auto steps = [&](const std::vector<Snapshot>& from) {
    ojson out = ojson::array();
    controlplane::ScenarioDoc doc = doc_;
    std::string error;
    for (size_t i = from.size(); i-- > 0 && used + now.size() <= budget;) {
      if (!doc.Restore(*from[i].doc, error)) break;
      ojson step{{"what", from[i].what}, {"doc", doc.Dump()}};
      if (!from[i].events.empty()) step["event"] = from[i].events.back()->action;
      used += step.dump().size();
      if (used > budget) break;
      out.insert(out.begin(), std::move(step));
    }
    return out;
  };
  j["undo"] = steps(undo_);
  j["redo"] = steps(redo_);
  if (timeline_.empty() && j["undo"].empty() && j["redo"].empty()) return "";
  return j.dump(-1, ' ', false, ojson::error_handler_t::replace);
}

bool Lab::RestoreHistory(std::string_view json) {
  const ojson j = io::ParseJsonText(json);
  if (!loaded() || Field(j, "version") != 1 || Str(j, "doc") != DocId(doc_)) return false;
  // Each step's whole document, as the snapshot that puts it back.
  const ojson& undoSteps = Field(j, "undo");
  const ojson& redoSteps = Field(j, "redo");
  auto read = [](const ojson& steps, std::vector<Snapshot>& out) {
    std::string error;
    for (const ojson& s : Items(steps)) {
      controlplane::ScenarioDoc doc;
      if (!doc.Load(Str(s, "doc"), error)) return false;
      out.push_back(Snapshot{std::move(doc).Save(), Str(s, "what"), {}});
    }
    return true;
  };
  std::vector<Snapshot> undo, redo;
  if (!read(undoSteps, undo) || !read(redoSteps, redo)) return false;
  // An event's report, made again from the document before it: the undo step's own; for
  // a redo step, the next nearer one's (the current document for the nearest).
  controlplane::ScenarioDoc before;
  std::string error;
  for (size_t i = 0; i < undo.size(); ++i)
    if (const std::string event = Str(undoSteps[i], "event");
        !event.empty() && before.Load(Str(undoSteps[i], "doc"), error))
      undo[i].events = EventReports(before, event);
  for (size_t i = 0; i < redo.size(); ++i) {
    const std::string event = Str(redoSteps[i], "event");
    if (event.empty()) continue;
    if (i + 1 == redo.size())
      redo[i].events = EventReports(doc_, event);
    else if (before.Load(Str(redoSteps[i + 1], "doc"), error))
      redo[i].events = EventReports(before, event);
  }
  // The timeline: its calls again from its start, which must end on this document.
  const std::string id = DocId(doc_), source = source_;
  if (const ojson& t = Field(j, "timeline"); t.is_object()) {
    controlplane::ScenarioDoc current = doc_, base;
    if (base.Load(Str(t, "base"), error)) {
      doc_ = std::move(base);
      wantedPod_.clear();
      Rebuild();
      timeline_.clear(), timelineBinds_.clear(), timelineCalls_.clear(), cursor_ = 0;
      for (const ojson& c : Items(Field(t, "calls"))) {
        const std::string call = Str(c, "call"), arg = Str(c, "arg");
        if (call == kCallNames[TimelineCall::kNext]) {
          if (pod() == kNone || cluster_->pod(pod()).key != arg) wantedPod_ = arg, Rebuild();
          ScheduleNext(error);
        } else if (call == kCallNames[TimelineCall::kAll]) {
          ScheduleAll(error);
        } else if (call == kCallNames[TimelineCall::kEvent]) {
          Simulate(arg);
        } else if (call == kCallNames[TimelineCall::kScrub] && Field(c, "step").is_number_unsigned()) {
          ScrubTo(Field(c, "step").get<size_t>());
        }
      }
    }
    if (DocId(doc_) != id) {  // it came out otherwise: the scenario without its timeline
      doc_ = std::move(current);
      timeline_.clear(), timelineBinds_.clear(), timelineCalls_.clear(), cursor_ = 0;
      Rebuild();
    }
  }
  undo_ = std::move(undo);
  redo_ = std::move(redo);
  source_ = source;
  if (const std::string want = Str(j, "pod"); !want.empty() && (pod() == kNone || cluster_->pod(pod()).key != want)) {
    wantedPod_ = want;
    Rebuild();
  }
  ++revision_;
  SetStatus("Restored the undo history" + std::string(timeline_.empty() ? "" : " and the timeline") + " of this tab",
            false);
  return true;
}

}  // namespace spreadlab::app
