#pragma once
// Playback of one scheduling cycle, phase by phase, over an already computed
// trace: the animation only decides how much of the trace is shown.
#include <algorithm>
#include <cstddef>

namespace spreadlab::app {

// Done stays the last phase: kPhaseCount counts up to it.
enum class Phase { PreFilter, Filter, PreScore, Score, NormalizeScore, WeightedSum, Select, Done };
inline constexpr int kPhaseCount = static_cast<int>(Phase::Done) + 1;
const char* PhaseName(Phase p);

struct Playback {
  Phase phase = Phase::Done;
  float t = 1.0f;  // progress within the phase, 0..1
  bool playing = false;
  float speed = 1.0f;  // phases per second is 1 / PhaseSeconds() * speed
  // Presenting: Play pauses as each phase ends, so that a teacher can talk about what it
  // computed before the room sees the next one.
  bool stopAtPhases = false;

  void Restart() { phase = Phase::PreFilter, t = 0, playing = true; }
  // Play: from the start at Done, else on from where it paused (past a phase it completed).
  void Resume() {
    if (phase == Phase::Done) return Restart();
    if (t >= 1.0f) phase = static_cast<Phase>(static_cast<int>(phase) + 1), t = phase == Phase::Done ? 1.0f : 0.0f;
    playing = phase != Phase::Done;
  }
  void JumpTo(Phase p) { phase = p, t = p == Phase::Done ? 1.0f : 0.0f; }
  // One phase forward (the "step" button and spreadlab.step()).
  void Step() {
    playing = false;
    if (phase == Phase::Done)
      JumpTo(Phase::PreFilter);
    else
      JumpTo(static_cast<Phase>(static_cast<int>(phase) + 1));
    if (phase != Phase::Done) t = 1.0f;
  }
  void Advance(float dt) {
    if (!playing || phase == Phase::Done) return;
    // The Filter phase gets longer: it rejects nodes one by one.
    float seconds = (phase == Phase::Filter ? 2.4f : 0.8f) / std::max(speed, 0.05f);
    t += dt / seconds;
    while (t >= 1.0f && phase != Phase::Done) {
      if (stopAtPhases) {  // the phase stays complete on screen; Play goes on from the next one
        t = 1.0f;
        playing = false;
        return;
      }
      t -= 1.0f;
      phase = static_cast<Phase>(static_cast<int>(phase) + 1);
    }
    if (phase == Phase::Done) t = 1.0f, playing = false;
  }
  // How far the given phase has run: 0 before it, t during it, 1 after it.
  float Progress(Phase p) const {
    if (phase == p) return t;
    return static_cast<int>(phase) > static_cast<int>(p) ? 1.0f : 0.0f;
  }
  bool Reached(Phase p) const { return static_cast<int>(phase) >= static_cast<int>(p); }
};

}  // namespace spreadlab::app
