// Storage on the cluster picture and in the Pending pod panel, drawn from
// app/model/pod_volumes.h: a disk badge on the pods that use claims, their claims in the
// hover, the rejected nodes' "the volume is elsewhere" line, the disk on the domain where
// the explained pod's volume lives (a domain without nodes drawn for it) and where a volume
// waits for its pod, and the claims in plain words.
#include <algorithm>

#include "app/app.h"
#include "app/panels/cluster_parts.h"
#include "app/panels/panels.h"

namespace spreadlab::app {

namespace {

// Whether the playback shows node `n` rejected for its volume's place yet.
bool VolumeRejectionShown(const CardContext& cx, NodeIndex n) {
  const VolumeConflicts& v = cx.lab.Volumes();
  if (n < 0 || static_cast<size_t>(n) >= v.plugin.size() || v.plugin[n] < 0 || v.elsewhere[n].empty()) return false;
  const FilterMark m = CycleView::Mark(cx.trace, n, static_cast<size_t>(v.plugin[n]), cx.pb);
  return m == FilterMark::Fail || m == FilterMark::WouldAlsoFail;
}

// Whether any node shows its volume rejection: the playback reached the volume filter.
bool AnyVolumeRejectionShown(const CardContext& cx) {
  const VolumeConflicts& v = cx.lab.Volumes();
  if (!v.any) return false;
  for (size_t n = 0; n < v.plugin.size(); ++n)
    if (VolumeRejectionShown(cx, static_cast<NodeIndex>(n))) return true;
  return false;
}

}  // namespace

void DrawDiskIcon(ImDrawList* dl, ImVec2 centre, float r, ImU32 color) {
  // A platter with its spindle: a disk at any size, without a glyph the font may lack.
  dl->AddCircleFilled(centre, r, color);
  dl->AddCircle(centre, r, colors::P().card, 0, 1);
  dl->AddCircleFilled(centre, std::max(1.0f, r * 0.3f), colors::P().card);
}

void VolumeBadge(ImDrawList* dl, const v1::Pod& pod, ImVec2 chipMax, float chip) {
  if (!UsesClaims(pod)) return;
  DrawDiskIcon(dl, ImVec2(chipMax.x - chip * 0.12f, chipMax.y - chip * 0.12f), chip * 0.32f, colors::kAccent);
}

void ClaimsTooltip(const Lab& lab, const v1::Pod& pod) {
  if (!UsesClaims(pod)) return;
  const Scenario& sc = lab.doc().scenario();
  ImGui::Separator();
  for (const PodClaim& c : PodClaims(sc, lab.cluster().storage(), pod)) {
    ImGui::Text("%s %s  (volume %s)", c.ephemeral ? "ephemeral claim" : "claim", c.claim.c_str(), c.volume.c_str());
    if (c.state != ClaimState::Missing)
      ImGui::TextDisabled("  class %s%s%s", c.storageClass.empty() ? "(none)" : c.storageClass.c_str(),
                          c.bindingMode.empty() ? "" : ", ", c.bindingMode.c_str());
    const std::string zone = ZoneOf(c.places);
    if (c.state == ClaimState::Bound && !zone.empty())
      ImGui::Text("  bound to %s, zone %s", c.persistentVolume.c_str(), zone.c_str());
    else
      ImGui::Text("  %s", ClaimStateText(c).c_str());
  }
}

void CardVolumeLine(ImDrawList* dl, const CardContext& cx, NodeIndex ni, ImVec2 at, float maxX) {
  if (!VolumeRejectionShown(cx, ni)) return;
  const VolumeConflicts& v = cx.lab.Volumes();
  const PodClaim& c = v.claims[v.elsewhere[ni].front()];
  // The zone, not the volume's name, fits a card: the hover names the volume.
  const std::string zone = ZoneOf(c.places);
  std::string text = "volume in " + (zone.empty() ? c.places.front().values.front() : zone);
  if (v.elsewhere[ni].size() > 1) text += " +" + std::to_string(v.elsewhere[ni].size() - 1);
  const float r = cx.font * 0.35f;
  DrawDiskIcon(dl, ImVec2(at.x + r, at.y + cx.font * 0.5f), r, colors::kRejected);
  dl->PushClipRect(at, ImVec2(maxX, at.y + cx.font * 1.3f), true);
  dl->AddText(ImVec2(at.x + 2 * r + 4, at.y), colors::kRejected, text.c_str());
  dl->PopClipRect();
  MarkRect("volumeRejected:" + cx.cluster.node(ni).name, at, ImVec2(maxX, at.y + cx.font));
}

void NodeVolumeTooltip(const CardContext& cx, NodeIndex ni) {
  if (!VolumeRejectionShown(cx, ni)) return;
  const VolumeConflicts& v = cx.lab.Volumes();
  for (uint16_t c : v.elsewhere[ni])
    ImGui::TextColored(colors::V(colors::kRejected), "  %s", ElsewhereSentence(v.claims[c], cx.sc.nodes[ni]).c_str());
}

void DrawVolumeHomes(ImDrawList* dl, const CardContext& cx, const std::vector<Domain>& domains,
                     const std::vector<Region>& regions, float pad) {
  const bool shown = AnyVolumeRejectionShown(cx);
  for (size_t di = 0; di < domains.size(); ++di) {
    const Domain& d = domains[di];
    if (!d.HasVolumes()) continue;
    const Region& r = regions[di];
    const ImVec2 a = r.pos, b(r.pos.x + r.size.x, r.pos.y + r.size.y);
    // The outline is the explained pod's: a domain where only other pods' volumes wait has none.
    const bool outlined = shown && !d.volumes.empty();
    const ImU32 color = outlined ? colors::kRejected : colors::kAccent;
    if (outlined) dl->AddRect(ImVec2(a.x - 2, a.y - 2), ImVec2(b.x + 2, b.y + 2), colors::kRejected, 9, 0, 2.5f);
    std::string names;
    for (const auto* list : {&d.volumes, &d.waiting})
      for (const std::string& v : *list) names += (names.empty() ? "" : ", ") + v;
    const std::string text = names + " lives here";
    // Without nodes the disk fills the empty region; else it has the header's third line
    // (LayoutRegions makes room for it), under the title and the subtitle.
    const bool empty = d.nodes.empty() && d.failed.empty();
    const float radius = cx.font * (empty ? 0.9f : 0.45f);
    const float textW = ImGui::CalcTextSize(text.c_str()).x;
    const ImVec2 centre =
        empty ? ImVec2(a.x + pad + radius, a.y + cx.font * 3.9f) : ImVec2(a.x + pad + radius, a.y + 4 + cx.font * 2.9f);
    DrawDiskIcon(dl, centre, radius, color);
    const ImVec2 at(centre.x + radius + 6, centre.y - cx.font * 0.5f);
    dl->PushClipRect(a, b, true);
    dl->AddText(at, color, text.c_str());
    dl->PopClipRect();
    MarkRect("volumeHome:" + d.value, ImVec2(centre.x - radius, centre.y - radius),
             ImVec2(at.x + textW, centre.y + radius));
  }
}

void DrawPodVolumes(Lab& lab) {
  const VolumeConflicts& v = lab.Volumes();
  if (v.claims.empty()) return;
  Section("Volumes");
  ImGui::PushTextWrapPos(0);
  for (size_t i = 0; i < v.claims.size(); ++i) {
    const PodClaim& c = v.claims[i];
    ImGui::TextUnformatted(ClaimSentence(c).c_str());
    MarkItem("claim:" + c.claim);
    if (const std::string place = PlaceSentence(c, v.nodesThere[i]); !place.empty())
      ImGui::TextColored(colors::V(v.nodesThere[i] == 0 ? colors::kRejected : colors::kMuted), "%s", place.c_str());
  }
  if (v.any) {
    size_t rejected = 0;
    for (const auto& e : v.elsewhere) rejected += !e.empty();
    ImGui::TextColored(colors::V(colors::kRejected),
                       "%zu node(s) rejected because a volume lives elsewhere (outlined on the picture).", rejected);
    MarkItem("volumeConflict");
  }
  ImGui::PopTextWrapPos();
}

}  // namespace spreadlab::app
