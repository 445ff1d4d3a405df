// The run options applied to a scenario (scenario_options.h).
#include "app/cli/scenario_options.h"

#include "app/cli/flow_options.h"
#include "app/formats/scenario_file.h"
#include "app/formats/scenario_text.h"

namespace inflight::cli {
namespace {

// --pacing on|off|auto forces pacing either way for every algorithm: on
// paces every flow; off paces none, BBR included (which the linux stack
// otherwise paces); auto leaves each algorithm as its stack runs it (the
// default). --no-pacing is --pacing off.
std::optional<std::string> apply_pacing(const std::string& value, Scenario& scenario) {
    const std::string& v = value;
    if (v == "auto") {
        scenario.pacing = false;
        scenario.bbr_pacing = Detail::Auto;
        return std::nullopt;
    }
    if (auto err = set_param_from_text(scenario, Param::Pacing, v, "--pacing"))
        return "--pacing: '" + value + "' is not one of on, off, auto";
    if (!scenario.pacing) scenario.bbr_pacing = Detail::Off;
    return std::nullopt;
}

std::optional<std::string> apply(const Given& g, Scenario& scenario) {
    const std::string option_name = "--" + std::string(g.option->name);
    const bool pacing = g.option->param == Param::Pacing;
    switch (g.option->kind) {
        case Kind::Value: return set_param_from_text(scenario, g.option->param, g.value, option_name);
        case Kind::SwitchOn:
            if (pacing) return apply_pacing(g.has_value ? g.value : "on", scenario);
            return set_param_from_text(scenario, g.option->param, g.has_value ? g.value : "on", option_name);
        case Kind::SwitchOff:
            if (pacing) return apply_pacing("off", scenario);
            set_param_from_text(scenario, g.option->param, "off", option_name);
            return std::nullopt;
        default: return std::nullopt;
    }
}

}  // namespace

std::string scenario_file_given(const std::vector<Given>& given) {
    std::string file;
    for (const Given& g : given)
        if (g.option->kind == Kind::Scenario) file = g.value;
    return file;
}

std::optional<std::string> scenario_from_options(
    const std::vector<Given>& given, Scenario& scenario,
    const std::function<std::optional<std::string>(const Given&)>& other) {
    for (const Given& g : given)
        if (g.option->kind == Kind::Scenario) {
            Scenario from_file;
            if (auto err = load_scenario_file(g.value, from_file)) return "--scenario: " + *err;
            scenario = from_file;
        }
    // --flow and --parallel replace the file's flows; the run options set
    // every flow's defaults (algo, rtt, rwnd, sndbuf, pacing).
    std::vector<FlowSpec> flows;
    std::size_t parallel = 0;
    for (const Given& g : given) {
        if (sets_scenario(g.option->kind)) {
            if (auto err = apply(g, scenario)) return err;
        } else if (g.option->kind == Kind::Flow) {
            if (flows.size() == FlowLimits::max_flows)
                return "--flow: more than " + std::to_string(FlowLimits::max_flows) + " flows; allowed 1 – " +
                       std::to_string(FlowLimits::max_flows);
            const std::size_t index = flows.size();
            if (auto err = parse_flow_spec(g.value, index, flows.emplace_back())) return err;
        } else if (g.option->kind == Kind::Parallel) {
            if (auto err = parse_parallel(g.value, parallel)) return err;
        } else if (other && g.option->kind != Kind::Scenario) {
            if (auto err = other(g)) return err;
        }
    }
    if (!flows.empty() && parallel)
        return "--parallel: " + std::to_string(parallel) +
               " cannot be combined with --flow; use --parallel N alone for N identical flows, or repeat --flow";
    if (!flows.empty()) scenario.flows = flows;
    if (parallel) scenario.flows.assign(parallel, FlowSpec{});
    // Start and stop against the final duration; the command line's flows
    // named by their number from 1, a file's by its array.
    const FlowNaming naming = flows.empty() && !parallel ? FlowNaming::Array : FlowNaming::Numbered;
    if (auto err = validate_flows(scenario, naming)) return err;
    return validate(scenario);  // a safety net: each value was checked
}

}  // namespace inflight::cli
