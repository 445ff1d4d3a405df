#include "ui/lesson/step_check.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>

#include "ui/lesson/binding_words.h"
#include "ui/lesson/flow_words.h"
#include "ui/lesson/run_metrics.h"
#include "model/core/parameters.h"
#include "ui/lesson/step_settings.h"
#include "model/core/units.h"

namespace inflight::ui {

namespace {

// A limit's model name ("sndbuf", as check files and the command line
// write it) in the window's words ("send buffer", as the hero says it);
// any other word as it is.
std::string shown_word(const std::string& word) {
    for (int i = 0; i < kLimitCount; ++i)
        if (word == to_string(static_cast<Limit>(i))) return limit_name(static_cast<Limit>(i));
    return word;
}

// How close a sweep must come to each end of its range.
constexpr double kEndSlack = 1.05;

// A sweep's conditions: they hold on each run trivially and are judged over the sweep.
bool sweep_only(Condition::Op op) {
    return op == Condition::Op::SpreadBelow || op == Condition::Op::FallsBy || op == Condition::Op::RisesBy;
}

std::string op_words(const Condition& c) {
    const std::string v = format_metric(c.field, c.value);
    switch (c.op) {
    case Condition::Op::Less: return "below " + v;
    case Condition::Op::LessEq: return "at most " + v;
    case Condition::Op::Greater: return "above " + v;
    case Condition::Op::GreaterEq: return "at least " + v;
    case Condition::Op::Equal: return c.text_value.empty() ? (metric_unit(c.field) == MetricUnit::Flag ? v : "equal to " + v)
                                                           : shown_word(c.text_value);
    case Condition::Op::Within: return v + " ± " + format_number(c.tolerance * 100) + "%";
    case Condition::Op::SpreadBelow: return "spread under " + format_number(c.value * 100) + "%";
    case Condition::Op::FallsBy: return "a fall of at least " + v;
    case Condition::Op::RisesBy: return "a rise of at least " + v;
    }
    return {};
}

// The flow a per-flow figure is of, named as the window names it (the
// hero, the share bars): "BBR", "flow 2 (CUBIC)", a label the user gave;
// the selector's words for a flow the run does not have.
std::string flow_name_of(const Condition& c, const RunResult& r, std::size_t flow) {
    return flow < r.flows.size() ? flow_display_name(r, flow).toStdString() : selector_words(*c.flow);
}

// The flows a sweep's figure is of, in words: the one flow the selector
// picks by its name ("BBR"), else the selector's words ("the BBR flows").
std::string selected_words(const FlowSelector& sel, const RunResult& r) {
    const std::vector<std::size_t> picked = selected_flows(r.scenario, sel);
    if (picked.size() == 1 && picked[0] < r.flows.size()) return flow_display_name(r, picked[0]).toStdString();
    return selector_words(sel);
}

// The figure `c` compares, in words: "throughput", "flow 2 (CUBIC): share of the throughput".
std::string label_of(const Condition& c, const RunResult& r, std::size_t flow) {
    if (!c.flow) return metric_label(c.field);
    return flow_name_of(c, r, flow) + ": " + metric_label(c.field);
}

// The word or the number `c` reads (of `flow` when it is per flow).
std::optional<std::string> word_of(const Condition& c, const RunResult& r, std::size_t flow) {
    return c.flow ? flow_text_metric(r, flow, c.field) : text_metric(r, c.field);
}
double number_of(const Condition& c, const RunResult& r, std::size_t flow) {
    return (c.flow ? flow_numeric_metric(r, flow, c.field) : numeric_metric(r, c.field)).value_or(NAN);
}

// The value `c` reads, as measured: "81.6 ms", "rwnd".
std::string measured_value(const Condition& c, const RunResult& r, std::size_t flow) {
    if (!c.text_value.empty()) return shown_word(word_of(c, r, flow).value_or("?"));
    return format_metric(c.field, number_of(c, r, flow));
}

bool compare(const Condition& c, double x) {
    switch (c.op) {
    case Condition::Op::Less: return x < c.value;
    case Condition::Op::LessEq: return x <= c.value;
    case Condition::Op::Greater: return x > c.value;
    case Condition::Op::GreaterEq: return x >= c.value;
    case Condition::Op::Equal: return x == c.value;
    case Condition::Op::Within: return std::fabs(x - c.value) <= c.tolerance * std::fabs(c.value);
    case Condition::Op::SpreadBelow:
    case Condition::Op::FallsBy:
    case Condition::Op::RisesBy: return true;
    }
    return false;
}

// One condition on one flow of a run (flow ignored for an aggregate figure).
bool holds_for(const Condition& c, const RunResult& r, std::size_t flow, std::string* measured) {
    const std::string label = label_of(c, r, flow);
    if (c.flow && !flow_metric_applies(c.field, r.scenario, flow)) {
        *measured = label + " does not apply (it is for " + flow_metric_for(c.field) + ")";
        return false;
    }
    *measured = label + " " + measured_value(c, r, flow);
    if (!c.text_value.empty()) return word_of(c, r, flow) == c.text_value;
    return compare(c, number_of(c, r, flow));
}

// One condition on one run: on every flow its selector picks (and at least
// one). A sweep's condition holds here; the sweep judges it.
bool holds(const Condition& c, const RunResult& r, std::string* measured) {
    if (!c.flow) {
        if (sweep_only(c.op)) {
            *measured = metric_label(c.field) + " " + format_metric(c.field, numeric_metric(r, c.field).value_or(NAN));
            return true;
        }
        return holds_for(c, r, 0, measured);
    }
    const std::vector<std::size_t> picked = selected_flows(r.scenario, *c.flow);
    if (picked.empty()) {
        *measured = no_such_flow_words(*c.flow);
        return false;
    }
    double lo = INFINITY, hi = -INFINITY;
    for (std::size_t i : picked) {
        std::string m;
        if (!holds_for(c, r, i, &m) && !sweep_only(c.op)) {
            *measured = m;
            return false;
        }
        const double x = c.text_value.empty() ? flow_numeric_metric(r, i, c.field).value_or(NAN) : NAN;
        lo = std::min(lo, x);
        hi = std::max(hi, x);
        *measured = m;
    }
    if (picked.size() > 1) {
        // Every one passed: say the range, once.
        const std::string what = selector_words(*c.flow) + " (" + std::to_string(picked.size()) + "): " + metric_label(c.field);
        *measured = !c.text_value.empty() ? what + " " + shown_word(c.text_value)
                    : lo == hi            ? what + " " + format_metric(c.field, lo)
                                          : what + " " + format_metric(c.field, lo) + " – " + format_metric(c.field, hi);
    }
    return true;
}

// A run's figure for a sweep's condition: the aggregate, or the mean over
// the flows the selector picks (NaN when it picks none).
double sweep_figure(const Condition& c, const RunResult& r) {
    if (!c.flow) return numeric_metric(r, c.field).value_or(NAN);
    double sum = 0;
    std::size_t n = 0;
    for (std::size_t i : selected_flows(r.scenario, *c.flow)) {
        sum += flow_numeric_metric(r, i, c.field).value_or(NAN);
        ++n;
    }
    return n ? sum / static_cast<double>(n) : NAN;
}

// Every condition on one run; on failure says which and what was measured.
bool run_passes(const Check& check, const RunResult& r, std::string* why) {
    for (const Condition& c : check.all) {
        std::string measured;
        if (!holds(c, r, &measured)) {
            // "settled no, expected yes" says less than the window's own warning.
            const bool unsettled = c.field == "settled" && c.op == Condition::Op::Equal && c.value != 0;
            *why = unsettled ? "the run is still changing at its end: run longer" : measured + ", expected " + op_words(c);
            return false;
        }
    }
    return true;
}

std::string measured_list(const Check& check, const RunResult& r) {
    // Each figure once; a run of one metric on single flows names the metric
    // once: "mean flow completion time: 10 KB 81.6 ms · 100 KB 169 ms", not
    // the metric's name before every flow's figure (experiment 8's four
    // sizes made the Check line ten lines tall in the guide's column).
    struct Mention {
        std::string field, whole, flow_and_value;  // flow_and_value: "10 KB 81.6 ms" (a single flow's)
    };
    std::vector<Mention> mentions;
    std::vector<std::string> seen;
    for (const Condition& c : check.all) {
        if (sweep_only(c.op)) continue;
        const std::string id = c.field + (c.flow ? "@" + c.flow->text : "");
        if (std::find(seen.begin(), seen.end(), id) != seen.end()) continue;  // one figure, one mention
        seen.push_back(id);
        Mention m{c.field, {}, {}};
        holds(c, r, &m.whole);
        if (c.flow) {  // one flow the figure applies to: its name and value
            const std::vector<std::size_t> picked = selected_flows(r.scenario, *c.flow);
            if (picked.size() == 1 && flow_metric_applies(c.field, r.scenario, picked[0]))
                m.flow_and_value = flow_name_of(c, r, picked[0]) + " " + measured_value(c, r, picked[0]);
        }
        mentions.push_back(std::move(m));
    }
    const auto groups_with = [&](std::size_t i, std::size_t j) {
        return j < mentions.size() && !mentions[i].flow_and_value.empty() && !mentions[j].flow_and_value.empty() &&
               mentions[i].field == mentions[j].field;
    };
    std::string out;
    for (std::size_t i = 0; i < mentions.size();) {
        if (!out.empty()) out += " · ";
        if (!groups_with(i, i + 1)) {
            out += mentions[i++].whole;
            continue;
        }
        out += metric_label(mentions[i].field) + ": " + mentions[i].flow_and_value;
        for (++i; i < mentions.size() && groups_with(i - 1, i); ++i) out += " · " + mentions[i].flow_and_value;
    }
    return out;
}

// A run whose figures pass still has to be a run of what the step asks
// for (experiment.h, FixedSettings): nothing when it is, else why not.
std::optional<std::string> not_the_steps_run(const Check& check, const RunResult& r) {
    if (!check.fixed) return std::nullopt;
    if (auto d = differing_setting(*check.fixed, r.scenario))
        return "not yet: this run has " + *d + " (Set it puts the step's settings back)";
    return std::nullopt;
}

// A run that is not of the step's settings is told so first, pass or fail:
// its figures would point the student at the wrong cause (a buffer dragged
// without Set it, over another step's RTT and send buffer).
CheckOutcome one_run(const Check& check, const RunResult& r) {
    if (auto other = not_the_steps_run(check, r)) return {false, *other};
    CheckOutcome o;
    std::string why;
    o.passed = run_passes(check, r, &why);
    o.detail = o.passed ? "measured: " + measured_list(check, r) : "not yet: " + why;
    return o;
}

CheckOutcome sweep(const Check& check, const Across& a, const std::vector<const RunResult*>& runs) {
    // The newest run's sweep: runs equal to it but for the swept parameter,
    // one per value (the latest).
    const RunResult& newest = *runs.back();
    // Every run of the sweep equals the newest but for the swept parameter.
    if (auto other = not_the_steps_run(check, newest)) return {false, *other};
    // Within the step's range: a run past its end (800 ms where the sweep
    // goes to 640 ms) is no figure of the sweep the step asks for.
    const auto in_range = [&](double v) { return v >= a.from / kEndSlack && v <= a.to * kEndSlack; };
    const double newest_value = param_value(newest.scenario, a.param);
    if (!in_range(newest_value))
        return {false, "not yet: " + format_param(a.param, newest_value) + " is outside the step's range, " +
                           format_param(a.param, a.from) + " – " + format_param(a.param, a.to)};
    std::map<double, const RunResult*> by_value;
    for (const RunResult* r : runs) {
        Scenario s = r->scenario;
        set_param_value(s, a.param, newest_value);
        if (s == newest.scenario && in_range(param_value(r->scenario, a.param)))
            by_value[param_value(r->scenario, a.param)] = r;
    }
    CheckOutcome o;
    for (const auto& [v, r] : by_value) {
        std::string why;
        if (!run_passes(check, *r, &why)) {
            o.detail = "not yet: at " + format_param(a.param, v) + ", " + why;
            return o;
        }
    }
    const double lo = by_value.begin()->first, hi = by_value.rbegin()->first;
    // "1 run, at 1 Gbit/s" or "3 runs from 1 Gbit/s to 10 Gbit/s"
    const std::string span = by_value.size() == 1
                                 ? "1 run, at " + format_param(a.param, lo)
                                 : std::to_string(by_value.size()) + " runs from " + format_param(a.param, lo) +
                                       " to " + format_param(a.param, hi);
    for (const Condition& c : check.all) {
        if (c.op == Condition::Op::SpreadBelow) {
            double mn = INFINITY, mx = -INFINITY, sum = 0;
            for (const auto& [v, r] : by_value) {
                const double x = sweep_figure(c, *r);
                mn = std::min(mn, x);
                mx = std::max(mx, x);
                sum += x;
            }
            const double spread = (mx - mn) / (sum / static_cast<double>(by_value.size()));
            if (!(spread < c.value)) {
                o.detail = "not yet: " + metric_label(c.field) + " spread " + format_number(spread * 100) + "% over " +
                           span + ", expected " + op_words(c);
                return o;
            }
        }
    }
    if (lo > a.from * kEndSlack) {
        o.detail = "so far " + span + "; now take " + key(a.param) + " down to " + format_param(a.param, a.from);
        return o;
    }
    if (hi < a.to / kEndSlack) {
        o.detail = "so far " + span + "; keep going up to " + format_param(a.param, a.to);
        return o;
    }
    if (static_cast<int>(by_value.size()) < a.min_runs) {
        o.detail = "so far " + span + "; try " + std::to_string(a.min_runs - static_cast<int>(by_value.size())) +
                   " more values in between";
        return o;
    }
    // A fall (or rise) is judged once the sweep spans its range: from the run
    // at the low end to the run at the high end.
    std::string trend;
    for (const Condition& c : check.all) {
        if (c.op != Condition::Op::FallsBy && c.op != Condition::Op::RisesBy) continue;
        const double first = sweep_figure(c, *by_value.begin()->second);
        const double last = sweep_figure(c, *by_value.rbegin()->second);
        const double change = c.op == Condition::Op::FallsBy ? first - last : last - first;
        const std::string what = (c.flow ? selected_words(*c.flow, newest) + ": " : std::string()) + metric_label(c.field) + " " +
                                 format_metric(c.field, first) + " at " + format_param(a.param, lo) + ", " +
                                 format_metric(c.field, last) + " at " + format_param(a.param, hi);
        if (!(change >= c.value)) {
            o.detail = "not yet: " + what + "; expected " + op_words(c) + " (" + span + ")";
            return o;
        }
        trend += " · " + what;
    }
    o.passed = true;
    o.detail = span + ", every one as expected" + trend;
    return o;
}

}  // namespace

double param_value(const Scenario& s, Param p) { return number(s, p); }

void set_param_value(Scenario& s, Param p, double v) { set_number(s, p, v); }

std::string format_param(Param p, double v) { return param_human_number(p, v); }

CheckOutcome evaluate_check(const Check& check, const std::vector<const RunResult*>& runs) {
    if (runs.empty()) return {false, "waiting for a finished run"};
    if (check.across) return sweep(check, *check.across, runs);
    return one_run(check, *runs.back());
}

}  // namespace inflight::ui
