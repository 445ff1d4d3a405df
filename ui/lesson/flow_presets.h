// The flow presets of the controls: One flow,
// CUBIC vs BBR, Ten parallel streams, Bulk + ping, Two RTTs, Bulk + web
// pages. Each is the flows of one of the README's lessons ("Several flows on
// one bottleneck") and the path that lesson runs on, so choosing a preset
// shows the figure the README quotes. Plain C++ (no Qt): the controls, the
// guided experiments and the tests read the same definitions.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/core/scenario.h"

namespace inflight {

enum class FlowPreset { OneFlow, CubicVsBbr, TenStreams, SixteenStreams, BulkPing, TwoRtts, BulkWeb };
inline constexpr FlowPreset kAllFlowPresets[] = {FlowPreset::OneFlow,        FlowPreset::CubicVsBbr,
                                                 FlowPreset::TenStreams,     FlowPreset::SixteenStreams,
                                                 FlowPreset::BulkPing,       FlowPreset::TwoRtts,
                                                 FlowPreset::BulkWeb};

// "CUBIC vs BBR": the name in the preset list.
const char* preset_name(FlowPreset p);
// What it sets, in one sentence, for its tooltip.
std::string preset_description(FlowPreset p);

// The preset's flows (empty for One flow: the scenario's own single flow).
std::vector<FlowSpec> preset_flows(FlowPreset p);

// `s` with the preset applied. One flow only clears the flows (the path is
// kept). Every other preset sets its flows and the whole path of its lesson
// — bandwidth, RTT, buffer, AQM, loss, rwnd, send buffer and duration, each
// either the lesson's value or the default — so the result does not depend
// on the preset chosen before (Ten streams' 64 KB rwnd does not leak into
// CUBIC vs BBR). Kept from `s`: algorithm (the flows name theirs), loss
// pattern, ECN, MSS, pacing, seed.
Scenario apply_preset(FlowPreset p, const Scenario& s);

// The preset whose flows `s` has (the path may have been changed since:
// dragging the buffer is what CUBIC vs BBR is for), or nothing.
std::optional<FlowPreset> preset_of(const Scenario& s);

}  // namespace inflight
