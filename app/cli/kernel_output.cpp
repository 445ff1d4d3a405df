// The kernel engine's additions to the summary, JSON and CSV (kernel_output.h).
#include "app/cli/kernel_output.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <cmath>

#include "app/formats/json_output.h"
#include "app/formats/scenario_text.h"
#include "app/cli/summary_text.h"
#include "model/core/units.h"

namespace inflight::cli {
namespace {

constexpr const char* kNotSimulated =
    "packets_simulated: nothing is simulated; segments_sent is the sender's tcpi_data_segs_out";
constexpr const char* kQueueDelaySampled =
    "mean_queue_delay_s, p95_queue_delay_s: the buffer's bytes at each 10 ms reading over the link rate, not "
    "every packet's sojourn";
// Summary fields a kernel run leaves at the model's defaults: null in JSON.
constexpr const char* kNullFields[] = {"packets_simulated"};

QString q(const std::string& s) { return QString::fromStdString(s); }

// NaN (the kernel gave no figure) becomes null, in nested objects too.
void nan_to_null(QJsonObject& o) {
    for (auto it = o.begin(); it != o.end(); ++it) {
        if (it->isDouble() && std::isnan(it->toDouble())) *it = QJsonValue(QJsonValue::Null);
        else if (it->isObject()) {
            QJsonObject inner = it->toObject();
            nan_to_null(inner);
            *it = inner;
        }
    }
}

QJsonObject lateness_json(const kernel::EmulatorHonesty& h) {
    QJsonObject o;
    o.insert("writes", static_cast<qint64>(h.writes));
    o.insert("write_late_max_s", h.max_late_s);
    o.insert("write_late_p99_s", h.p99_late_s);
    o.insert("write_errors", static_cast<qint64>(h.write_errors));
    return o;
}

// "tasks waited for a CPU 0.6% of the run (21 ms): quiet", or why unknown.
std::string machine_words(const kernel::KernelFacts& f) {
    if (!f.cpu_wait_s) return "CPU pressure unknown (this kernel has no /proc/pressure/cpu)";
    return kernel::cpu_wait_words(f) + " (" + format_time(*f.cpu_wait_s) + "): " + (f.machine_busy ? "busy" : "quiet");
}

// Pings alone open no TCP connection: no socket named an algorithm, so
// there is no algorithm, MSS, window scaling, pacing or binding limit to give.
bool no_tcp_connection(const kernel::KernelFacts& f) { return f.congestion_control.empty(); }

constexpr const char* kNoTcpConnection = "no TCP connection in this run (pings only)";

std::string realtime_words(const kernel::KernelFacts& f) {
    return f.emulator_realtime ? "real-time priority granted (SCHED_FIFO)"
                               : "real-time priority not granted (ordinary threads: more jitter)";
}

}  // namespace

std::vector<std::string> kernel_absent(const kernel::KernelFacts& facts) {
    std::vector<std::string> out = facts.absent;
    out.push_back(kNotSimulated);
    out.push_back(kQueueDelaySampled);
    return out;
}

QJsonObject kernel_result_to_json(const RunResult& r, const kernel::KernelFacts& f) {
    QJsonObject o = result_to_json(r);
    // The kernel never says when pacing held a segment back: its share is
    // unknown, not zero.
    QJsonObject shares = o.value("binding_fractions").toObject();
    shares.insert(to_string(Limit::Pacing), QJsonValue::Null);
    o.insert("binding_fractions", shares);
    for (const char* key : kNullFields)
        if (o.contains(key)) o.insert(key, QJsonValue::Null);
    o.insert("segments_sent", static_cast<qint64>(r.summary.packets_simulated));
    nan_to_null(o);

    o.insert("engine", q(f.engine));
    o.insert("kernel_version", q(f.kernel_release));
    o.insert("kernel_build", q(f.kernel_version));
    // Without a TCP connection these are null, not an empty name or a limit
    // that never bound.
    const bool tcp = !no_tcp_connection(f);
    o.insert("congestion_control", tcp ? QJsonValue(q(f.congestion_control)) : QJsonValue());
    o.insert("mtu_bytes", static_cast<qint64>(f.mtu_bytes));
    o.insert("mss_bytes_used", f.mss_bytes > 0 ? QJsonValue(static_cast<qint64>(f.mss_bytes)) : QJsonValue());
    o.insert("pacing_in_force", tcp ? QJsonValue(q(f.pacing)) : QJsonValue());
    o.insert("window_scaling", tcp ? QJsonValue(f.window_scaling) : QJsonValue());
    if (!tcp) o.insert("binding_limit", QJsonValue());

    QJsonObject e;
    e.insert("honest_rate_limit_bps", f.honest_rate_limit_bps);
    e.insert("honest", f.honest);
    e.insert("realtime", f.emulator_realtime);
    e.insert("write_late_max_s", f.data_direction.max_late_s);
    e.insert("write_late_p99_s", f.data_direction.p99_late_s);
    e.insert("data_direction", lateness_json(f.data_direction));
    e.insert("ack_direction", lateness_json(f.ack_direction));
    QJsonObject drops;
    drops.insert("tail", static_cast<qint64>(r.summary.drops_tail));
    drops.insert("aqm", static_cast<qint64>(r.summary.drops_aqm));
    drops.insert("random", static_cast<qint64>(r.summary.drops_random));
    e.insert("drops", drops);
    e.insert("ecn_marks", static_cast<qint64>(r.summary.ecn_marks));
    o.insert("emulator", e);

    QJsonObject machine;
    machine.insert("cpu_wait_s", f.cpu_wait_s ? QJsonValue(*f.cpu_wait_s) : QJsonValue());
    machine.insert("cpu_wait_share", f.cpu_wait_s ? QJsonValue(f.cpu_wait_share) : QJsonValue());
    machine.insert("busy", f.cpu_wait_s ? QJsonValue(f.machine_busy) : QJsonValue());
    o.insert("machine", machine);

    QJsonObject ns;
    ns.insert("sender", q(f.sender_netns));
    ns.insert("receiver", q(f.receiver_netns));
    ns.insert("leftovers_removed", f.leftovers_removed);
    o.insert("namespaces", ns);

    QJsonArray absent;
    for (const std::string& line : kernel_absent(f)) absent.append(q(line));
    o.insert("absent", absent);
    return o;
}

std::string kernel_result_json_text(const RunResult& r, const kernel::KernelFacts& f) {
    return QJsonDocument(kernel_result_to_json(r, f)).toJson(QJsonDocument::Indented).toStdString();
}

std::string kernel_summary_text(const RunResult& r, const kernel::KernelFacts& f) {
    std::string out = summary_figures(r, Engine::Kernel);
    if (no_tcp_connection(f)) {
        out += "Kernel     Linux " + f.kernel_release + " in private namespaces; " + kNoTcpConnection + "\n";
    } else {
        out += "Kernel     Linux " + f.kernel_release + " (this machine's TCP stack, " + f.congestion_control +
               ") in private namespaces; MSS " + (f.mss_bytes > 0 ? format_size(f.mss_bytes) : "unknown") +
               " used in packets of " + format_size(f.mtu_bytes) + "; window scaling " +
               (f.window_scaling ? "on" : "off") + "\n";
        out += "Pacing     " + f.pacing + "\n";
    }
    out += "Emulator   honest up to " + format_rate(f.honest_rate_limit_bps) + "; data writes late by max " +
           format_time(f.data_direction.max_late_s) + ", p99 " + format_time(f.data_direction.p99_late_s) + "; " +
           realtime_words(f) + "\n";
    out += "Machine    " + machine_words(f) + "\n";
    out += "Measured   " + format_grouped(r.summary.packets_simulated) + " segments sent in " +
           format_time(r.summary.wall_seconds) + " of wall time (TCP_INFO every 10 ms)\n";
    out += "Not measured by the kernel (absent, or measured otherwise):\n";
    for (const std::string& line : kernel_absent(f)) out += "  " + line + "\n";
    if (!f.honest)
        out += "Warning: the emulator fell behind (p99 write lateness " + format_time(f.data_direction.p99_late_s) +
               ", above " + format_time(kernel::kHonestP99LateS) +
               "): delays in this run are not exact; try a lower --bandwidth or a quieter machine.\n";
    if (f.machine_busy)
        out += "Warning: this computer was busy (" + kernel::cpu_wait_words(f) +
               "): the kernel's senders and receivers waited to run, which stretches its round trips; run on a "
               "quieter machine.\n";
    out += few_events_warning(r);
    return out;
}

std::string kernel_tsg_caption(const RunResult& r, const kernel::KernelFacts& f, int flow) {
    std::string figure;
    if (r.flows.size() > 1) {
        figure = flow_line(r, static_cast<std::size_t>(flow - 1), Engine::Kernel);
    } else {
        const std::string summary = kernel_summary_text(r, f);
        figure = summary.substr(0, summary.find('\n'));
    }
    return figure + " — measured on this computer's kernel";
}

RunOrigin kernel_origin(const kernel::KernelFacts& f) {
    const bool tcp = !no_tcp_connection(f);
    RunOrigin o;
    o.subcommand = "kernel";
    o.lines = {
        "engine = kernel (this machine's Linux TCP stack in private namespaces, measured in real time)",
        "kernel_version = " + f.kernel_release + " (" + f.kernel_version + ")",
        "congestion_control = " + (tcp ? f.congestion_control : kNoTcpConnection),
        "mss_bytes_used = " + (!tcp ? kNoTcpConnection : f.mss_bytes > 0 ? std::to_string(f.mss_bytes) : "unknown"),
        "pacing_in_force = " + (tcp ? f.pacing : kNoTcpConnection),
        std::string("window_scaling = ") + (!tcp ? kNoTcpConnection : f.window_scaling ? "on" : "off"),
        "emulator = honest up to " + exact_number(f.honest_rate_limit_bps) + " bit/s; write lateness max " +
            exact_number(f.data_direction.max_late_s) + " s, p99 " + exact_number(f.data_direction.p99_late_s) +
            " s; real-time priority " + (f.emulator_realtime ? "granted" : "not granted"),
        "machine = " + machine_words(f),
    };
    for (const std::string& line : kernel_absent(f)) o.lines.push_back("absent: " + line);
    return o;
}

std::string kernel_progress_line(const kernel::KernelProgressView& v) {
    std::string line = "kernel: " + format_number(std::floor(v.elapsed_s), 3) + " s of " +
                       format_time(v.duration_s);
    for (auto it = v.trace.buckets.rbegin(); it != v.trace.buckets.rend(); ++it)
        if (std::isfinite(it->delivery_rate_bps.max)) {
            line += ", delivering " + format_rate(it->delivery_rate_bps.max);
            break;
        }
    return line;
}

}  // namespace inflight::cli
