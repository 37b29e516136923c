#pragma once
// framework.CycleState: typed per-cycle data that a plugin writes in one phase
// (PreFilter, PreScore) and reads in the next. Slots are reused across cycles
// so that a cycle allocates nothing once warm.
#include <memory>
#include <string_view>
#include <vector>

namespace spreadlab {

class StateData {
 public:
  virtual ~StateData() = default;
};

class CycleState {
 public:
  // Starts a new cycle: every slot becomes unwritten (its memory is kept).
  void Reset() {
    for (auto& s : slots_) s.written = false;
  }

  // Returns the slot for `key`, marked written, creating a T the first time.
  template <class T>
  T& Write(std::string_view key) {
    Slot& s = Find(key);
    if (!s.data) s.data = std::make_unique<T>();
    s.written = true;
    return static_cast<T&>(*s.data);
  }

  // The data written under `key` in this cycle, or nullptr.
  template <class T>
  T* Read(std::string_view key) const {
    for (const auto& s : slots_)
      if (SameKey(s.key, key)) return s.written ? static_cast<T*>(s.data.get()) : nullptr;
    return nullptr;
  }

 private:
  // Keys are string constants: comparing addresses first makes a read cheap.
  static bool SameKey(std::string_view a, std::string_view b) { return a.data() == b.data() || a == b; }
  struct Slot {
    std::string_view key;
    bool written = false;
    std::unique_ptr<StateData> data;
  };
  Slot& Find(std::string_view key) {
    for (auto& s : slots_)
      if (SameKey(s.key, key)) return s;
    slots_.push_back(Slot{key, false, nullptr});
    return slots_.back();
  }
  std::vector<Slot> slots_;
};

}  // namespace spreadlab
