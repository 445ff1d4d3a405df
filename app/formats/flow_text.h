// One flow's keys as text (`--flow` specs and scenario files' "flows"):
// reading what a person typed in `--flow cubic,rtt=40ms` or wrote as a
// string in a scenario file's "flows" ("40ms", "100KB", "on"), with the same
// units as the run's options, and writing a flow back as a --flow spec that
// reads back to the same flow. Ranges are validate_flows()'s (flow_spec.h),
// checked once the whole scenario is known (start and stop depend on its
// duration). Plain C++, no Qt.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "model/core/flow_spec.h"

namespace inflight {

// "algo, rtt, start, stop, size, every, rwnd, sndbuf, pacing, interval, bytes, label"
std::string flow_keys_list();

// Sets the flow's kind and algorithm from "reno", "cubic", "bbr" or "ping"
// (case-insensitive). On failure returns one line calling the key `name`
// ("flows[0].algo"), e.g. "flows[0].algo: 'vegas' is not allowed; use one of
// reno, cubic, bbr, ping", and leaves `f` unchanged.
std::optional<std::string> set_flow_algo_from_text(FlowSpec& f, std::string_view text, std::string_view name);

// Sets key `k` (not Algo) of `f` from `text`. Refuses a key that does not
// apply to the flow's kind (size, every, rwnd, sndbuf, pacing, stop for a
// ping; interval, bytes for TCP) and text that is not a value of the key's
// kind ('12parsecs' is not a size), naming `name` ("flows[2].size"), the
// text and what is allowed. Leaves `f` unchanged on failure.
std::optional<std::string> set_flow_key_from_text(FlowSpec& f, FlowKey k, std::string_view text,
                                                  std::string_view name);

// Whether key `k` applies to a flow of kind `kind`.
bool flow_key_applies(FlowKey k, FlowKind kind);

// What a key allows, in words: "1 ms – 1000 ms", "within the run".
std::string flow_key_allowed(FlowKey k);

// The flow as a --flow spec, values exact in SI base units:
// "bbr,rtt=0.04,size=100000,label=web". Commas and backslashes in the label
// are escaped with a backslash, as --flow reads them.
std::string flow_spec_text(const FlowSpec& f);

}  // namespace inflight
