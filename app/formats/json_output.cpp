#include "json_output.h"

#include <QJsonDocument>

#include "scenario_file.h"
#include "summary_fields.h"

namespace inflight {
namespace {

// Counts fit a qint64 for any run shorter than the age of the universe.
qint64 count(std::uint64_t n) { return static_cast<qint64>(n); }

QJsonValue json_value(const FieldValue& value, const RunResult& r) {
    if (const auto* f = std::get_if<NumberOf>(&value)) return (*f)(r);
    if (const auto* f = std::get_if<CountOf>(&value)) return count((*f)(r));
    if (const auto* f = std::get_if<FlagOf>(&value)) return (*f)(r);
    if (const auto* f = std::get_if<WordOf>(&value)) return QString::fromUtf8((*f)(r));
    QJsonObject shares;  // one figure per limit, under the limit's name
    const auto fractions = std::get<LimitSharesOf>(value)(r);
    for (int i = 0; i < kLimitCount; ++i)
        shares.insert(to_string(static_cast<Limit>(i)), fractions[static_cast<std::size_t>(i)]);
    return shares;
}

}  // namespace

QJsonObject result_to_json(const RunResult& r) {
    QJsonObject o;
    o.insert("version", INFLIGHT_VERSION);
    for (const SummaryField& f : summary_fields())
        o.insert(QString::fromUtf8(f.key.data(), static_cast<qsizetype>(f.key.size())), json_value(f.value, r));
    o.insert("scenario", scenario_to_json(r.scenario));
    return o;
}

std::string result_json_text(const RunResult& r) {
    return QJsonDocument(result_to_json(r)).toJson(QJsonDocument::Indented).toStdString();
}

}  // namespace inflight
