#include "json_output.h"

#include <QJsonDocument>

#include "scenario_file.h"

namespace inflight {
namespace {

// Counts fit a qint64 for any run shorter than the age of the universe.
qint64 count(std::uint64_t n) { return static_cast<qint64>(n); }

}  // namespace

QJsonObject result_to_json(const RunResult& r) {
    const Summary& s = r.summary;
    QJsonObject o;
    o.insert("version", INFLIGHT_VERSION);
    o.insert("throughput_bps", s.throughput_bps);
    o.insert("utilisation", s.utilisation);
    o.insert("mean_cwnd_packets", s.mean_cwnd_packets);
    o.insert("mean_rtt_s", s.mean_rtt_s);
    o.insert("min_rtt_s", s.min_rtt_s);
    o.insert("max_rtt_s", s.max_rtt_s);
    o.insert("p95_rtt_s", s.p95_rtt_s);
    o.insert("window_start_s", s.window_start_s);
    o.insert("window_end_s", s.window_end_s);
    o.insert("window_congestion_events", count(s.window_congestion_events));
    o.insert("congestion_events", count(s.congestion_events));
    o.insert("few_events", s.few_events);
    o.insert("drops_tail", count(s.drops_tail));
    o.insert("drops_aqm", count(s.drops_aqm));
    o.insert("drops_random", count(s.drops_random));
    o.insert("ecn_marks", count(s.ecn_marks));
    o.insert("retransmits", count(s.retransmits));
    o.insert("rtos", count(s.rtos));
    o.insert("binding_limit", to_string(s.binding_limit));
    QJsonObject fractions;
    for (int i = 0; i < kLimitCount; ++i)
        fractions.insert(to_string(static_cast<Limit>(i)), s.binding_fractions[static_cast<std::size_t>(i)]);
    o.insert("binding_fractions", fractions);
    o.insert("bdp_packets", s.bdp_packets);
    o.insert("buffer_packets", s.buffer_packets);
    o.insert("packets_simulated", count(s.packets_simulated));
    o.insert("wall_seconds", s.wall_seconds);
    o.insert("cancelled", r.cancelled);
    o.insert("scenario", scenario_to_json(r.scenario));
    return o;
}

std::string result_json_text(const RunResult& r) {
    return QJsonDocument(result_to_json(r)).toJson(QJsonDocument::Indented).toStdString();
}

}  // namespace inflight
