#include "ui/lesson/step_settings.h"

#include "model/core/parameters.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <algorithm>
#include <cmath>
#include <map>

#include "app/formats/scenario_file.h"
#include "app/formats/scenario_text.h"

namespace inflight::ui {

namespace {

// Two values of a scenario file are the same setting when numbers agree to
// a relative 1e-9 (a slider's rung and the parser's reading of "0.01%" may
// differ in the last bit), everything else exactly, arrays and objects
// member by member.
bool same(const QJsonValue& a, const QJsonValue& b) {
    if (a.isDouble() && b.isDouble()) {
        const double x = a.toDouble(), y = b.toDouble();
        return x == y || std::fabs(x - y) <= 1e-9 * std::max(std::fabs(x), std::fabs(y));
    }
    if (a.isArray() && b.isArray()) {
        const QJsonArray p = a.toArray(), q = b.toArray();
        if (p.size() != q.size()) return false;
        for (qsizetype i = 0; i < p.size(); ++i)
            if (!same(p.at(i), q.at(i))) return false;
        return true;
    }
    if (a.isObject() && b.isObject()) {
        const QJsonObject p = a.toObject(), q = b.toObject();
        if (p.keys() != q.keys()) return false;
        for (const QString& k : p.keys())
            if (!same(p.value(k), q.value(k))) return false;
        return true;
    }
    return a == b;
}

// A key as people read it beside a value: the few whose key is not already
// the word, and for the rest the parameter table's label when it is an
// acronym ("ECN", "MSS").
std::string key_words(const std::string& key) {
    static const std::map<std::string, std::string> words = {
        {"algo", "algorithm"},  {"loss_pattern", "loss pattern"}, {"sndbuf", "send buffer"},
        {"aqm", "queue discipline"}, {"rtt", "base RTT"}};
    const auto it = words.find(key);
    if (it != words.end()) return it->second;
    if (const auto p = param_from_key(key)) {
        const std::string label = plain_label(*p);
        if (std::all_of(label.begin(), label.end(), [](char c) { return c >= 'A' && c <= 'Z'; })) return label;
    }
    return key;
}

std::string flows_words(const Scenario& s) {
    return std::to_string(flow_count(s)) + (flow_count(s) == 1 ? " flow" : " flows");
}

// The setting's value in `s`, for people; `other` is the value it is
// compared with, so that two values that read the same ("64 KiB" for 65,535
// and 65,536 B) are written exactly instead.
std::string value_words(const std::string& key, const Scenario& s, const Scenario& other) {
    const auto p = param_from_key(key);
    if (!p) return key == "flows" ? flows_words(s) : std::string("?");
    const std::string human = param_human_text(s, *p);
    return human == param_human_text(other, *p) ? param_exact_text(s, *p) : human;
}

}  // namespace

std::optional<std::string> differing_setting(const FixedSettings& fixed, const Scenario& run) {
    const QJsonObject want = scenario_to_json(fixed.as_set);
    const QJsonObject have = scenario_to_json(run);
    for (const std::string& key : fixed.keys) {
        const QString k = QString::fromStdString(key);
        if (same(want.value(k), have.value(k))) continue;
        if (key == "flows" && flow_count(run) == flow_count(fixed.as_set))
            return "the flows' settings differ from the step's";
        return key_words(key) + " " + value_words(key, run, fixed.as_set) + " where the step sets " +
               value_words(key, fixed.as_set, run);
    }
    return std::nullopt;
}

}  // namespace inflight::ui
