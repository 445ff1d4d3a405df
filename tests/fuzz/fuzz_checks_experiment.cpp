#include <QByteArray>
#include <QString>
#include <variant>

#include "ui/lesson/experiment_file.h"
#include "fuzz_checks.h"

namespace inflight::fuzz {

std::string check_experiment(const std::uint8_t* data, std::size_t size) {
    const QByteArray json(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
    const auto r = inflight::ui::parse_experiment(json, QStringLiteral("fuzz"));
    if (const auto* err = std::get_if<QString>(&r)) {
        if (err->isEmpty()) return "parse_experiment: empty error message";
        if (!err->startsWith(QStringLiteral("fuzz: ")))
            return "parse_experiment: error does not name the source: " + err->toStdString();
        return {};
    }
    const auto& e = std::get<inflight::ui::Experiment>(r);
    if (e.steps.empty()) return "parse_experiment: accepted an experiment without steps";
    for (const auto& step : e.steps) {
        if (step.check.all.empty()) return "parse_experiment: accepted a step whose check is empty";
        if (step.has_settings)
            if (auto err = validate(step.settings, Limits::max_bandwidth_bps_app))
                return "parse_experiment: accepted settings validate() refuses: " + *err;
    }
    return {};
}

}  // namespace inflight::fuzz
