#include "app/formats/json_output.h"

#include <QJsonArray>
#include <QJsonDocument>

#include "app/formats/scenario_file.h"
#include "app/formats/summary_fields.h"

namespace inflight {
namespace {

// Counts fit a qint64 for any run shorter than the age of the universe.
qint64 count(std::uint64_t n) { return static_cast<qint64>(n); }

QJsonValue json_value(const FieldValue& value, const RunResult& r) {
    if (const auto* f = std::get_if<NumberOf>(&value)) return (*f)(r);
    if (const auto* f = std::get_if<CountOf>(&value)) return count((*f)(r));
    if (const auto* f = std::get_if<FlagOf>(&value)) return (*f)(r);
    if (const auto* f = std::get_if<WordOf>(&value)) {
        const char* word = (*f)(r);
        return word ? QJsonValue(QString::fromUtf8(word)) : QJsonValue();  // none: null
    }
    QJsonObject shares;  // one figure per limit, under the limit's name
    const auto fractions = std::get<LimitSharesOf>(value)(r);
    for (int i = 0; i < kLimitCount; ++i)
        shares.insert(to_string(static_cast<Limit>(i)), fractions[static_cast<std::size_t>(i)]);
    return shares;
}

QJsonValue flow_json_value(const FlowFieldValue& value, const FlowResult& f) {
    if (const auto* get = std::get_if<FlowNumberOf>(&value)) return (*get)(f);
    if (const auto* get = std::get_if<FlowCountOf>(&value)) return count((*get)(f));
    if (const auto* get = std::get_if<FlowFlagOf>(&value)) return (*get)(f);
    if (const auto* get = std::get_if<FlowTextOf>(&value)) {
        const std::optional<std::string> text = (*get)(f);
        return text ? QJsonValue(QString::fromStdString(*text)) : QJsonValue(QJsonValue::Null);
    }
    QJsonArray list;
    for (double x : std::get<FlowListOf>(value)(f)) list.append(x);
    return list;
}

// One element of `flows`: the fields of flow_fields() that apply to it.
QJsonObject flow_to_json(const RunResult& r, std::size_t i) {
    QJsonObject o;
    for (const FlowField& field : flow_fields())
        if (flow_field_applies(field, r.flows[i].flow))
            o.insert(QString::fromUtf8(field.key.data(), static_cast<qsizetype>(field.key.size())),
                     flow_json_value(field.value, r.flows[i]));
    return o;
}

}  // namespace

QJsonObject result_to_json(const RunResult& r) {
    QJsonObject o;
    o.insert("version", INFLIGHT_VERSION);
    for (const SummaryField& f : summary_fields())
        o.insert(QString::fromUtf8(f.key.data(), static_cast<qsizetype>(f.key.size())), json_value(f.value, r));
    if (!r.flows.empty()) {
        QJsonArray flows;
        for (std::size_t i = 0; i < r.flows.size(); ++i) flows.append(flow_to_json(r, i));
        o.insert("flows", flows);
    }
    o.insert("scenario", scenario_to_json(r.scenario));
    return o;
}

std::string result_json_text(const RunResult& r) {
    return QJsonDocument(result_to_json(r)).toJson(QJsonDocument::Indented).toStdString();
}

}  // namespace inflight
