// Reading --flow specs and --parallel (flow_options.h).
#include "app/cli/flow_options.h"

#include <vector>

#include "app/cli/did_you_mean.h"
#include "app/formats/flow_text.h"
#include "model/core/units.h"

namespace inflight::cli {
namespace {

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

// The spec's items, split at commas that are not escaped ("\," is a comma
// in a label, "\\" a backslash).
std::vector<std::string> items_of(std::string_view spec) {
    std::vector<std::string> items(1);
    for (std::size_t i = 0; i < spec.size(); ++i) {
        const char c = spec[i];
        if (c == '\\' && i + 1 < spec.size() && (spec[i + 1] == ',' || spec[i + 1] == '\\')) {
            items.back() += spec[++i];
        } else if (c == ',') {
            items.emplace_back();
        } else {
            items.back() += c;
        }
    }
    return items;
}

std::vector<std::string_view> key_names() {
    std::vector<std::string_view> names;
    for (FlowKey k : kAllFlowKeys) names.emplace_back(key(k));
    return names;
}

}  // namespace

std::optional<std::string> parse_flow_spec(std::string_view spec, std::size_t index, FlowSpec& out) {
    const std::string flow = flow_name(index, FlowNaming::Numbered);
    const std::string usage = "use ALGO or ping, then ,key=value pairs (e.g. cubic,rtt=40ms)";
    if (trim(spec).empty()) return flow + ": an empty --flow; " + usage;
    FlowSpec f;
    struct Item {
        FlowKey key;
        std::string value;
    };
    std::vector<Item> items;
    const std::vector<std::string> texts = items_of(spec);
    for (std::size_t i = 0; i < texts.size(); ++i) {
        const std::string_view text = trim(texts[i]);
        if (text.empty()) continue;  // "cubic," or "cubic,,rtt=40ms"
        const std::size_t eq = text.find('=');
        if (eq == std::string_view::npos) {
            // Only the first item may be bare: the algorithm.
            if (items.empty()) {
                items.push_back({FlowKey::Algo, std::string(text)});
                continue;
            }
            return flow + ": '" + std::string(text) + "' in '" + std::string(spec) +
                   "' has no value; give each key as key=value (e.g. rtt=40ms), the algorithm first";
        }
        const std::string name(trim(text.substr(0, eq)));  // keys are lower case, as in a scenario file
        const auto k = flow_key_from_key(name);
        if (!k) {
            std::string msg = flow + ": " + name + ": unknown key in '" + std::string(text) + "'";
            const std::vector<std::string_view> names = key_names();
            if (const std::string_view best = nearest(name, names); !best.empty())
                msg += "; did you mean " + std::string(best) + "?";
            return msg + " (allowed keys: " + flow_keys_list() + ")";
        }
        items.push_back({*k, std::string(k == FlowKey::Label ? text.substr(eq + 1) : trim(text.substr(eq + 1)))});
    }
    if (items.empty()) return flow + ": an empty --flow; " + usage;
    // Each key once: a second value would silently win over the first
    // ("cubic,algo=bbr" named two algorithms, "rtt=5ms,rtt=10ms" two RTTs).
    for (std::size_t i = 0; i < items.size(); ++i)
        for (std::size_t j = 0; j < i; ++j)
            if (items[j].key == items[i].key)
                return flow_key_name(index, items[i].key, FlowNaming::Numbered) + ": given twice in '" + std::string(spec) + "'" +
                       (items[i].key == FlowKey::Algo ? " (the first item is the algorithm or ping)" : "") +
                       "; give each key once";
    // The kind first, wherever "algo=" stands, so a key that does not apply
    // to it is refused whatever the order.
    for (const Item& item : items)
        if (item.key == FlowKey::Algo)
            if (auto err = set_flow_algo_from_text(f, item.value, flow_key_name(index, FlowKey::Algo, FlowNaming::Numbered)))
                return err;
    for (const Item& item : items)
        if (item.key != FlowKey::Algo)
            if (auto err = set_flow_key_from_text(f, item.key, item.value,
                                                  flow_key_name(index, item.key, FlowNaming::Numbered)))
                return err;
    out = f;
    return std::nullopt;
}

std::optional<std::string> parse_parallel(std::string_view text, std::size_t& out) {
    const std::string allowed = "allowed 1 – " + std::to_string(FlowLimits::max_flows);
    const Parsed<std::uint64_t> n = parse_unsigned(text, "--parallel");
    if (!n) return "--parallel: '" + std::string(text) + "' is not a whole number; " + allowed;
    if (n.value < 1 || n.value > FlowLimits::max_flows)
        return "--parallel: " + std::string(text) + " is out of range; " + allowed;
    out = static_cast<std::size_t>(n.value);
    return std::nullopt;
}

}  // namespace inflight::cli
