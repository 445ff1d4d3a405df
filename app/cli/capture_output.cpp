// The capture's summary, JSON and CSV (capture_output.h).
#include "app/cli/capture_output.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <cmath>
#include <sstream>

#include "app/formats/csv_export.h"
#include "app/formats/flow_text.h"
#include "app/formats/json_output.h"
#include "model/core/parameters.h"
#include "model/core/units.h"

namespace inflight::cli {
namespace {

// Summary fields a capture has no figure for, whatever their value.
constexpr const char* kUnknown[] = {"utilisation", "mean_cwnd_packets", "window_congestion_events",
                                    "congestion_events", "drops_tail", "drops_aqm", "drops_random", "ecn_marks",
                                    "rtos", "bdp_packets", "buffer_packets", "packets_simulated", "few_events",
                                    "jain_index", "mean_queue_delay_s", "p95_queue_delay_s", "settled", "scenario"};

void nan_to_null(QJsonObject& o) {
    for (auto it = o.begin(); it != o.end(); ++it) {
        if (it->isDouble() && !std::isfinite(it->toDouble())) *it = QJsonValue(QJsonValue::Null);
        else if (it->isObject()) {
            QJsonObject inner = it->toObject();
            nan_to_null(inner);
            *it = inner;
        }
    }
}


std::string csv_number(double x) {
    if (!std::isfinite(x)) return "";
    std::ostringstream o;
    o.precision(9);
    o << x;
    return o.str();
}

}  // namespace

std::string capture_summary_text(const capture::CaptureAnalysis& a, const std::string& path) {
    const Summary& s = a.result.summary;
    std::ostringstream out;
    out << capture::capture_headline(a) << "\n";
    if (!a.cut.empty()) out << "Read in part: " << a.cut << "\n";
    out << "Capture '" << path << "': TCP stream " << a.stream.index << " of " << a.stream_count << ", "
        << a.sender << " -> " << a.receiver << ", " << format_time(a.duration_s, 4) << ", "
        << format_grouped(a.acked_bytes) << " bytes acknowledged\n";
    if (std::isfinite(s.mean_rtt_s))
        out << "RTT: min " << format_time(s.min_rtt_s) << ", mean " << format_time(s.mean_rtt_s) << ", p95 "
            << format_time(s.p95_rtt_s) << ", max " << format_time(s.max_rtt_s) << " ("
            << format_grouped(a.rtt_samples)
            << (a.rtt_whole_stream ? " samples over the whole stream, none in its second half"
                                   : " samples in the second half of the stream")
            << ", from ACKs of never-retransmitted data)\n";
    if (a.beside_receiver)
        out << "Taken beside the receiver (the handshake's SYN-ACK and ACK say so): its data-to-ACK times are "
            << a.receiver << "'s own ACK delay and the bytes in flight what had reached it, not the sender's view; "
            << "the path's round trip, from the handshake, is " << format_time(a.handshake_rtt_s) << "\n";
    out << "Bytes in flight: max " << format_grouped(a.max_bytes_in_flight) << " B";
    if (a.mss_bytes > 0) {
        const std::string segments = format_number(static_cast<double>(a.max_bytes_in_flight) / a.mss_bytes);
        out << " (" << segments << (segments == "1" ? " segment of " : " segments of ") << format_grouped(a.mss_bytes)
            << " B)";
    }
    out << "; advertised window: max " << format_grouped(static_cast<std::uint64_t>(a.max_advertised_window_bytes))
        << " B" << (a.window_scale_known ? "" : " (window scale unknown: unscaled)") << "\n";
    out << "Retransmissions " << format_grouped(s.retransmits) << ", duplicate ACKs "
        << format_grouped(a.duplicate_acks) << ", ACKs with SACK blocks " << format_grouped(a.sack_acks) << "\n";
    out << "Packets: " << format_grouped(a.data_segments) << " data segments, " << format_grouped(a.acks)
        << " ACKs without data\n";
    out << "Not in a capture:\n";
    for (const std::string& line : a.absent) out << "  " << line << "\n";
    return out.str();
}

std::string capture_json_text(const capture::CaptureAnalysis& a, const std::string& path) {
    QJsonObject o = result_to_json(a.result);
    for (const char* key : kUnknown)
        if (o.contains(key)) o.insert(key, QJsonValue::Null);
    nan_to_null(o);
    o.insert("engine", "capture");
    o.insert("file", QString::fromStdString(path));
    o.insert("stream", a.stream.index);
    o.insert("streams", a.stream_count);
    o.insert("sender", QString::fromStdString(a.sender));
    o.insert("receiver", QString::fromStdString(a.receiver));
    o.insert("duration_s", a.duration_s);
    o.insert("acked_bytes", static_cast<qint64>(a.acked_bytes));
    o.insert("data_segments", static_cast<qint64>(a.data_segments));
    o.insert("acks", static_cast<qint64>(a.acks));
    o.insert("duplicate_acks", static_cast<qint64>(a.duplicate_acks));
    o.insert("sack_acks", static_cast<qint64>(a.sack_acks));
    o.insert("rtt_samples", static_cast<qint64>(a.rtt_samples));
    o.insert("max_bytes_in_flight", static_cast<qint64>(a.max_bytes_in_flight));
    o.insert("max_advertised_window_bytes", a.max_advertised_window_bytes);
    o.insert("window_scale_known", a.window_scale_known);
    // Where the handshake puts the capture: beside the sender or the
    // receiver of the data measured; null when it cannot tell.
    if (a.beside_receiver) {  // no limit can be read beside the receiver (capture_headline)
        o.insert("binding_limit", QJsonValue::Null);
        o.insert("binding_fractions", QJsonValue::Null);
    }
    o.insert("capture_point", a.handshake_rtt_s > 0 ? QJsonValue(a.beside_receiver ? "receiver" : "sender")
                                                    : QJsonValue(QJsonValue::Null));
    o.insert("handshake_rtt_s", a.handshake_rtt_s > 0 ? QJsonValue(a.handshake_rtt_s) : QJsonValue(QJsonValue::Null));
    o.insert("mss_bytes", static_cast<qint64>(a.mss_bytes));
    // Null when the whole file was read; else what was read of it.
    o.insert("read_in_part", a.cut.empty() ? QJsonValue(QJsonValue::Null) : QJsonValue(QString::fromStdString(a.cut)));
    QJsonArray absent;
    for (const std::string& line : a.absent) absent.append(QString::fromStdString(line));
    o.insert("absent", absent);
    return QJsonDocument(o).toJson(QJsonDocument::Indented).toStdString();
}

std::string capture_trace_csv(const capture::CaptureAnalysis& a, const std::string& path) {
    std::ostringstream out;
    // The first line as every CSV of the project begins ("# Inflight 0.1.0: what it holds").
    out << "# Inflight " << INFLIGHT_VERSION << ": capture trace, one row per time bucket, TCP stream "
        << a.stream.index << " (" << a.sender << " -> " << a.receiver << ") seen from its sender\n";
    out << "# inflight capture " << shell_word(path) << " --stream " << a.stream.index << " --csv FILE\n";
    out << "t_start_s,t_end_s,inflight_min_bytes,inflight_max_bytes,rtt_min_s,rtt_max_s,srtt_s,goodput_bps,"
           "advertised_window_min_bytes,advertised_window_max_bytes,retransmits,data_segments,limit\n";
    for (const TraceBucket& b : a.result.trace.buckets) {
        out << csv_number(b.t_start_s) << ',' << csv_number(b.t_end_s) << ',' << csv_number(b.inflight_bytes.min)
            << ',' << csv_number(b.inflight_bytes.max) << ',' << csv_number(b.rtt_s.min) << ','
            << csv_number(b.rtt_s.max) << ',' << csv_number(b.srtt_s) << ',' << csv_number(b.delivery_rate_bps.max)
            << ',' << csv_number(b.window_bytes.min) << ',' << csv_number(b.window_bytes.max) << ','
            << b.retransmits << ',' << b.pkts_sent << ','
            << (a.beside_receiver ? "" : to_string(b.limit)) << '\n';  // beside the receiver no limit is read
    }
    return out.str();
}

std::string path_options_text(const Scenario& s) {
    std::string out;
    for (Param p : {Param::Bandwidth, Param::Rtt, Param::Loss, Param::LossPattern, Param::Rwnd, Param::Mss,
                    Param::Duration}) {
        if (p == Param::LossPattern && s.loss <= 0) continue;
        if (!out.empty()) out += ' ';
        out += std::string("--") + param_row(p).option + " " + param_exact_text(s, p);
    }
    // A request/response stream's flow (path_scenario gives no other).
    for (const FlowSpec& f : s.flows) out += " --flow " + shell_word(flow_spec_text(f));
    return out;
}

std::string path_model_text(const capture::PathEstimate& e, const Scenario& s,
                            const std::vector<std::string>& adjusted) {
    std::ostringstream out;
    out << "Path estimate: " << capture::path_estimate_words(e) << "\n";
    out << "  bottleneck rate: the peak delivery rate over eight minimum RTTs (at " << format_time(e.peak_at_s, 4)
        << "); loss: retransmissions over segments sent\n";
    if (e.application) out << "Application: request/response, " << capture::application_words(*e.application) << "\n";
    for (const std::string& line : e.notes) out << "  note: " << line << "\n";
    for (const std::string& line : adjusted) out << "  adjusted: " << line << "\n";
    out << "Model this path: inflight run " << path_options_text(s) << "\n";
    return out.str();
}

std::string capture_json_with_model(const std::string& json, const capture::PathEstimate& e, const Scenario& s) {
    QJsonObject o = QJsonDocument::fromJson(QByteArray::fromStdString(json)).object();
    QJsonObject p;
    p.insert("bottleneck_bps", e.bottleneck_bps);
    p.insert("rate_is_lower_bound", e.rate_is_lower_bound);
    p.insert("peak_at_s", e.peak_at_s);
    p.insert("min_rtt_s", e.min_rtt_s);
    p.insert("base_rtt_s", e.base_rtt_s);
    p.insert("loss", e.loss_fraction);
    p.insert("retransmits", static_cast<qint64>(e.retransmits));
    p.insert("data_segments", static_cast<qint64>(e.data_segments));
    p.insert("rwnd_bytes", static_cast<qint64>(e.rwnd_bytes));
    p.insert("rwnd_scale_known", e.rwnd_scale_known);
    p.insert("mss_bytes", static_cast<qint64>(e.mss_bytes));
    QJsonArray notes;
    for (const std::string& line : e.notes) notes.append(QString::fromStdString(line));
    p.insert("notes", notes);
    if (e.application) {
        const capture::RequestResponse& a = *e.application;
        QJsonObject app;
        QJsonArray writes;
        for (std::uint64_t w : a.writes) writes.append(static_cast<qint64>(w));
        app.insert("writes_bytes", writes);
        app.insert("response_bytes", static_cast<qint64>(a.response_bytes));
        app.insert("think_s", a.think_s);
        app.insert("nodelay", a.nodelay);
        app.insert("transactions", static_cast<qint64>(a.transactions));
        app.insert("requests", static_cast<qint64>(a.requests));
        app.insert("requests_alike", static_cast<qint64>(a.like_the_request));
        p.insert("application", app);
    } else {
        p.insert("application", QJsonValue::Null);
    }
    p.insert("run_options", QString::fromStdString(path_options_text(s)));
    o.insert("path_estimate", p);
    return QJsonDocument(o).toJson(QJsonDocument::Indented).toStdString();
}

}  // namespace inflight::cli
