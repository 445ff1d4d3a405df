// The run options applied to a scenario (scenario_options.h).
#include "scenario_options.h"

#include "scenario_file.h"
#include "scenario_text.h"

namespace inflight::cli {
namespace {

std::optional<std::string> apply(const Given& g, Scenario& scenario) {
    const std::string option_name = "--" + std::string(g.option->name);
    switch (g.option->kind) {
        case Kind::Value: return set_param_from_text(scenario, g.option->param, g.value, option_name);
        case Kind::SwitchOn:
            return set_param_from_text(scenario, g.option->param, g.has_value ? g.value : "on", option_name);
        case Kind::SwitchOff:
            set_param_from_text(scenario, g.option->param, "off", option_name);
            return std::nullopt;
        default: return std::nullopt;
    }
}

}  // namespace

std::optional<std::string> scenario_from_options(
    const std::vector<Given>& given, Scenario& scenario,
    const std::function<std::optional<std::string>(const Given&)>& other) {
    for (const Given& g : given)
        if (g.option->kind == Kind::Scenario) {
            Scenario from_file;
            if (auto err = load_scenario_file(g.value, from_file)) return "--scenario: " + *err;
            scenario = from_file;
        }
    for (const Given& g : given) {
        if (sets_scenario(g.option->kind)) {
            if (auto err = apply(g, scenario)) return err;
        } else if (other && g.option->kind != Kind::Scenario) {
            if (auto err = other(g)) return err;
        }
    }
    return validate(scenario);  // a safety net: each value was checked
}

}  // namespace inflight::cli
