#pragma once
// The events of the cluster over time, one row each: its name, the form of its arguments,
// what it does, and how it is checked and applied. ParseSimStep reads the row, Simulation
// applies it; the CLI's --step help, the Events panel's help and the README's table are
// written from it (tests/unit/simulator/simulation_test.cpp holds the docs to it). A new event is one
// function and one row in events.cpp.
#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "simulator/simulation.h"

namespace spreadlab::simulator {

struct EventKind {
  const char* name;                 // the action: "scale"
  const char* args;                 // the arguments' form: "NS/NAME N" ("" when it takes none)
  const char* help;                 // what happens, in a sentence
  size_t minArgs = 0, maxArgs = 0;  // maxArgs SIZE_MAX: any number
  // The arguments' shape beyond their number ("replicas must be a whole number ..."), or null.
  bool (*checkArgs)(const std::vector<std::string>& args, std::string& why) = nullptr;
  // The event's edit of the document (then the cluster settles).
  bool (*apply)(Simulation& sim, const SimStep& step, StepReport& out, std::string& error) = nullptr;
  // What it tells once the cluster settled, or null.
  void (*settled)(StepReport& out) = nullptr;

  std::string Form() const { return *args ? std::string(name) + " " + args : name; }
  bool CheckArgs(const std::vector<std::string>& args, std::string& why) const;
};

std::span<const EventKind> EventKinds();
const EventKind* FindEventKind(std::string_view name);  // null when there is no such event
// Every event's form, joined: "scale NS/NAME N | rollout NS/NAME | ...".
std::string EventForms(const char* separator);

// The rows that code builds steps of (the lab's menus), bound to the table's rows by name at
// compile time: a renamed or removed event is a change to events.cpp alone, or a compile error.
extern const EventKind& kScaleEvent;
extern const EventKind& kRolloutEvent;
extern const EventKind& kDrainEvent;
extern const EventKind& kFailEvent;
extern const EventKind& kRestoreEvent;

// A step built in code, as ParseSimStep reads "NAME ARGS..." (text the same words joined by
// spaces); CheckSimStep holds its arguments to the row.
SimStep MakeStep(const EventKind& kind, std::vector<std::string> args = {});

}  // namespace spreadlab::simulator
