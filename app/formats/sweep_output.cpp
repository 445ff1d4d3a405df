#include "app/formats/sweep_output.h"

#include "app/formats/stack_words.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <cmath>

#include "app/formats/csv_export.h"
#include "app/formats/flow_text.h"
#include "app/formats/scenario_file.h"
#include "app/formats/scenario_text.h"
#include "app/formats/sweep_column.h"
#include "model/analysis/sweep_fit.h"
#include "model/core/units.h"

namespace inflight {
namespace {

// The CSV / JSON name of the swept value with its unit: "rtt_s", "bandwidth_bps".
std::string value_column(SweepParam p) {
    const Param param = scenario_param(p);
    const std::string unit = param_unit(param);
    return std::string(key(param)) + "_" + (unit == "bit/s" ? std::string("bps") : unit);
}

std::string human_value(SweepParam p, double v) { return param_human_number(scenario_param(p), v); }

std::string algo_list(const SweepSpec& spec, const char* separator) {
    std::string out;
    for (Algorithm a : spec.algorithms) {
        if (!out.empty()) out += separator;
        out += to_string(a);
    }
    return out;
}

std::string pad_left(std::string s, std::size_t width) {
    // Count UTF-8 code points so "–" pads like one character.
    std::size_t shown = 0;
    for (unsigned char c : s) shown += (c & 0xC0) != 0x80;
    if (shown < width) s.insert(0, width - shown, ' ');
    return s;
}

std::string mbit(double bps) { return std::isnan(bps) ? "–" : format_number(bps / 1e6, 3); }

QJsonValue number_or_null(double x) { return std::isfinite(x) ? QJsonValue(x) : QJsonValue(); }

QJsonValue fit_json(const std::optional<PowerFit>& f) {
    if (!f) return QJsonValue();
    QJsonObject o;
    o.insert("exponent", f->exponent);
    o.insert("constant_bps", f->constant);
    o.insert("r_squared", f->r_squared);
    o.insert("points", static_cast<qint64>(f->points));
    return o;
}

std::string fit_words(const PowerFit& f) {
    return "k = " + format_number(f.exponent, 3) + ", c = " + format_rate(f.constant) +
           ", R² = " + format_number(f.r_squared, 4) + " (" + std::to_string(f.points) + " points)";
}

// The base scenario as series `a` runs it: `a` is the default algorithm of
// every flow that names none.
Scenario series_scenario(const SweepSpec& spec, Algorithm a) {
    Scenario s = spec.base;
    s.algorithm = a;
    return s;
}

bool has_flows(const SweepSpec& spec) { return !spec.base.flows.empty(); }

// Every TCP flow names its algorithm: --algo changes nothing, so the table
// speaks of "all" flows rather than of an algorithm no flow runs.
bool flows_name_algorithms(const SweepSpec& spec) {
    if (!has_flows(spec)) return false;
    for (const FlowSpec& f : spec.base.flows)
        if (f.kind == FlowKind::Tcp && !f.algorithm) return false;
    return spec.algorithms.size() == 1;
}

// What a series is called in the table: its algorithm, or "all" (above).
std::string series_name(const SweepSpec& spec, Algorithm a) {
    return flows_name_algorithms(spec) ? "all" : to_string(a);
}

// "f1 = flow 1 (cubic), f2 = flow 2 (bbr)" for series `a`.
std::string flow_legend(const SweepSpec& spec, Algorithm a) {
    const Scenario s = series_scenario(spec, a);
    std::string out;
    for (std::size_t i = 0; i < s.flows.size(); ++i)
        out += (i ? ", " : "") + std::string("f") + std::to_string(i + 1) + " = " + resolve_flow(s, i).label;
    return out;
}

// A sample's flow figure, 0 when the run did not report it (a cancelled run).
SweepFlowSample flow_sample(const SweepSample& x, std::size_t i) {
    return i < x.flows.size() ? x.flows[i] : SweepFlowSample{};
}

}  // namespace

std::string sweep_command(const SweepSpec& spec) {
    const Param swept = scenario_param(spec.param);
    const Scenario ends = with_sweep_value(spec.base, spec.param, spec.from);
    std::string cmd = std::string("inflight sweep --param ") + to_string(spec.param) + " --from " +
                      param_exact_text(ends, swept) + " --to " +
                      param_exact_text(with_sweep_value(spec.base, spec.param, spec.to), swept) +
                      " --points " + std::to_string(spec.points) + " --algo " + algo_list(spec, ",");
    for (const ParamRow& row : param_table()) {
        if (row.param == swept || row.param == Param::Algorithm) continue;
        if (row.type == ParamType::Switch)
            cmd += std::string(" --") + (is_on(spec.base, row.param) ? row.option : row.off_option);
        else cmd += std::string(" --") + row.option + " " + param_exact_text(spec.base, row.param);
    }
    for (const FlowSpec& f : spec.base.flows) cmd += " --flow " + shell_word(flow_spec_text(f));
    return cmd;
}

std::string sweep_table_text(const SweepResult& r) {
    const SweepSpec& spec = r.spec;
    const Scenario& b = spec.base;
    std::string out = "Sweep of " + std::string(to_string(spec.param)) + " from " +
                      human_value(spec.param, spec.from) + " to " + human_value(spec.param, spec.to) +
                      ", " + std::to_string(spec.points) + " log-spaced points, " +
                      (flows_name_algorithms(spec) ? std::to_string(b.flows.size()) + " flows"
                                                   : algo_list(spec, ", ")) +
                      "; each run " + format_time(b.duration_s) +
                      ", figures over its second half\n";
    out += "Path: " + format_rate(b.bandwidth_bps) + ", RTT " + format_time(b.rtt_s) + ", buffer " +
           format_time(b.buffer_s) + ", loss " + format_loss(b.loss) + ", rwnd " +
           format_size_short(b.rwnd_bytes) + ", stack " + stack_words(b) + " (the swept value replaces its own)\n\n";

    // Columns: value | per algorithm: Mbit/s, theory Mbit/s, mean RTT ms.
    constexpr std::size_t kValueWidth = 12, kWidth = 9;
    const SweepColumnUnit unit = sweep_column_unit(spec.param, spec.from);
    if (has_flows(spec)) {
        // value | per algorithm: aggregate Mbit/s, mean RTT, Jain; per flow Mbit/s and share.
        for (const SweepSeries& s : r.series)
            out += (flows_name_algorithms(spec) ? std::string("Flows: ")
                                                : "Flows (" + std::string(to_string(s.algorithm)) + "): ") +
                   flow_legend(spec, s.algorithm) + "\n";
        out += "\n";
        std::string header = pad_left(to_string(spec.param), kValueWidth);
        std::string units = pad_left(unit.name, kValueWidth);
        const std::size_t n = spec.base.flows.size();
        for (const SweepSeries& s : r.series) {
            header += "  " + pad_left(series_name(spec, s.algorithm) + " ", kWidth) + pad_left("RTT", kWidth) +
                      pad_left("Jain", kWidth - 3);
            units += "  " + pad_left("Mbit/s", kWidth) + pad_left("ms", kWidth) + pad_left("", kWidth - 3);
            for (std::size_t f = 0; f < n; ++f) {
                header += pad_left("f" + std::to_string(f + 1), kWidth) + pad_left("share", kWidth - 2);
                units += pad_left("Mbit/s", kWidth) + pad_left("%", kWidth - 2);
            }
        }
        out += header + "\n" + units + "\n";
        for (std::size_t i = 0; i < r.values.size(); ++i) {
            std::string row = pad_left(sweep_column_value(unit, r.values[i]), kValueWidth);
            for (const SweepSeries& s : r.series) {
                const SweepSample& x = s.samples[i];
                row += "  " + pad_left(mbit(x.throughput_bps), kWidth) +
                       pad_left(format_number(x.mean_rtt_s * 1e3, 4), kWidth) +
                       pad_left(format_number(x.jain_index, 3), kWidth - 3);
                for (std::size_t f = 0; f < n; ++f) {
                    const SweepFlowSample fs = flow_sample(x, f);
                    row += pad_left(mbit(fs.throughput_bps), kWidth) +
                           pad_left(format_number(fs.share * 100, 3), kWidth - 2);
                }
            }
            out += row + "\n";
        }
        out += "\nThroughput and RTT are the aggregate's; share is each flow's part of it. No theory\n"
               "curve: the single-flow laws do not apply to flows that share the link.\n";
        out += "\n" + std::to_string(r.runs_done) + " runs in " + format_number(r.wall_seconds, 3) + " s on " +
               std::to_string(r.threads_used) + (r.threads_used == 1 ? " thread" : " threads") + "\n";
        return out;
    }
    std::string header = pad_left(to_string(spec.param), kValueWidth);
    std::string units = pad_left(unit.name, kValueWidth);
    for (const SweepSeries& s : r.series) {
        header += "  " + pad_left(std::string(to_string(s.algorithm)) + " ", kWidth) +
                  pad_left("theory", kWidth) + pad_left("RTT", kWidth);
        units += "  " + pad_left("Mbit/s", kWidth) + pad_left("Mbit/s", kWidth) + pad_left("ms", kWidth);
    }
    out += header + "\n" + units + "\n";
    for (std::size_t i = 0; i < r.values.size(); ++i) {
        std::string row = pad_left(sweep_column_value(unit, r.values[i]), kValueWidth);
        for (const SweepSeries& s : r.series) {
            const SweepSample& x = s.samples[i];
            row += "  " + pad_left(mbit(x.throughput_bps), kWidth) + pad_left(mbit(s.theory_bps[i]), kWidth) +
                   pad_left(format_number(x.mean_rtt_s * 1e3, 4), kWidth);
        }
        out += row + "\n";
    }
    out += "\nTheory: Reno √(3/2)/√p·MSS/RTT (Mathis); CUBIC RFC 9438 §5, the larger of the cubic\n"
           "and Reno-friendly windows; window/(RTT + one segment's serialization) for rwnd and\n"
           "sndbuf (with Linux's receiver, the most its buffer advertises: SO_RCVBUF's window,\n"
           "or autotuning's 20 MB); never above the link.\n";

    if (spec.param == SweepParam::Loss) {
        out += "\nFit throughput = c·p^k over the points below " +
               format_number(kLinkLimitedUtilisation * 100, 3) +
               "% utilisation (Reno's law: k = -0.5; CUBIC's cubic region: k = -0.75):\n";
        for (std::size_t a = 0; a < r.series.size(); ++a) {
            const LossSweepFit f = fit_loss_sweep(r, a);
            out += "  " + std::string(to_string(r.series[a].algorithm)) + ": ";
            out += f.loss_limited ? fit_words(*f.loss_limited) : "too few loss-limited points to fit";
            out += "\n";
            if (r.series[a].algorithm == Algorithm::Cubic)
                out += "         cubic region only: " +
                       (f.cubic_region ? fit_words(*f.cubic_region) : std::string("fewer than two points")) + "\n";
        }
    }
    out += "\n" + std::to_string(r.runs_done) + " runs in " + format_number(r.wall_seconds, 3) + " s on " +
           std::to_string(r.threads_used) + (r.threads_used == 1 ? " thread" : " threads") + "\n";
    return out;
}

QJsonObject sweep_to_json(const SweepResult& r) {
    QJsonObject o;
    o.insert("version", INFLIGHT_VERSION);
    o.insert("param", to_string(r.spec.param));
    o.insert("unit", param_unit(scenario_param(r.spec.param)));
    o.insert("spacing", "log");
    QJsonArray values, link;
    for (double v : r.values) values.append(v);
    for (double v : r.link_bps) link.append(v);
    o.insert("values", values);
    o.insert("link_bps", link);
    QJsonArray series;
    for (std::size_t a = 0; a < r.series.size(); ++a) {
        const SweepSeries& s = r.series[a];
        QJsonObject js;
        js.insert("algo", to_string(s.algorithm));
        QJsonArray thr, rtt, util, cwnd, wev, ev, theory, law;
        for (std::size_t i = 0; i < s.samples.size(); ++i) {
            const SweepSample& x = s.samples[i];
            thr.append(x.throughput_bps);
            rtt.append(x.mean_rtt_s);
            util.append(x.utilisation);
            cwnd.append(x.mean_cwnd_packets);
            wev.append(static_cast<qint64>(x.window_congestion_events));
            ev.append(static_cast<qint64>(x.congestion_events));
            theory.append(number_or_null(s.theory_bps[i]));
            law.append(s.theory_law[i]);
        }
        js.insert("throughput_bps", thr);
        js.insert("mean_rtt_s", rtt);
        js.insert("utilisation", util);
        js.insert("mean_cwnd_packets", cwnd);
        js.insert("window_congestion_events", wev);
        js.insert("congestion_events", ev);
        js.insert("theory_bps", theory);
        if (has_flows(r.spec)) {
            const Scenario sc = series_scenario(r.spec, s.algorithm);
            QJsonArray flows, jain;
            for (const SweepSample& x : s.samples) jain.append(x.jain_index);
            for (std::size_t f = 0; f < sc.flows.size(); ++f) {
                const ResolvedFlow rf = resolve_flow(sc, f);
                QJsonObject jf;
                jf.insert("label", QString::fromStdString(rf.label));
                jf.insert("algo", rf.kind == FlowKind::Ping ? "ping" : to_string(rf.algorithm));
                QJsonArray fthr, fshare;
                for (const SweepSample& x : s.samples) {
                    fthr.append(flow_sample(x, f).throughput_bps);
                    fshare.append(flow_sample(x, f).share);
                }
                jf.insert("throughput_bps", fthr);
                jf.insert("share", fshare);
                flows.append(jf);
            }
            js.insert("flows", flows);
            js.insert("jain_index", jain);
        }
        js.insert("theory_law", law);
        const LossSweepFit f = fit_loss_sweep(r, a);
        js.insert("fit", fit_json(f.loss_limited));
        js.insert("cubic_region_fit", fit_json(f.cubic_region));
        series.append(js);
    }
    o.insert("series", series);
    o.insert("runs", static_cast<qint64>(r.runs_done));
    o.insert("threads", static_cast<qint64>(r.threads_used));
    o.insert("wall_seconds", r.wall_seconds);
    o.insert("cancelled", r.cancelled);
    o.insert("scenario", scenario_to_json(r.spec.base));
    QJsonObject sweep;
    sweep.insert("param", to_string(r.spec.param));
    sweep.insert("from", r.spec.from);
    sweep.insert("to", r.spec.to);
    sweep.insert("points", r.spec.points);
    QJsonArray algos;
    for (Algorithm a : r.spec.algorithms) algos.append(to_string(a));
    sweep.insert("algos", algos);
    o.insert("sweep", sweep);
    return o;
}

std::string sweep_json_text(const SweepResult& r) {
    return QJsonDocument(sweep_to_json(r)).toJson(QJsonDocument::Indented).toStdString();
}

std::string sweep_csv(const SweepResult& r) {
    const SweepSpec& spec = r.spec;
    std::string out = provenance_comment(
        spec.base, "sweep, one row per point and algorithm; figures over the second half of each run");
    out += "# sweep: " + std::string(to_string(spec.param)) + " from " + exact_number(spec.from) + " to " +
           exact_number(spec.to) + ", " + std::to_string(spec.points) + " log-spaced points, algorithms " +
           algo_list(spec, ",") + " (these replace " + key(scenario_param(spec.param)) + " and algo above)\n";
    for (const SweepSeries& s : r.series)
        if (has_flows(spec))
            out += "# flows (" + std::string(to_string(s.algorithm)) + "): " + flow_legend(spec, s.algorithm) +
                   "; flowN_ columns are fN\n";
    out += "# reproduce sweep: " + sweep_command(spec) + "\n";
    out += std::string(value_column(spec.param)) +
           ",algo,throughput_bps,theory_bps,theory_law,mean_rtt_s,utilisation,mean_cwnd_packets,"
           "window_congestion_events,congestion_events,few_events";
    const std::size_t n_flows = spec.base.flows.size();
    for (std::size_t f = 1; f <= n_flows; ++f)
        out += ",flow" + std::to_string(f) + "_throughput_bps,flow" + std::to_string(f) + "_share";
    out += n_flows ? ",jain_index\n" : "\n";
    for (std::size_t i = 0; i < r.values.size(); ++i)
        for (const SweepSeries& s : r.series) {
            const SweepSample& x = s.samples[i];
            out += exact_number(r.values[i]) + "," + to_string(s.algorithm) + "," +
                   exact_number(x.throughput_bps) + "," +
                   (std::isnan(s.theory_bps[i]) ? std::string() : exact_number(s.theory_bps[i])) + "," +
                   s.theory_law[i] + "," + exact_number(x.mean_rtt_s) + "," + exact_number(x.utilisation) +
                   "," + exact_number(x.mean_cwnd_packets) + "," +
                   std::to_string(x.window_congestion_events) + "," + std::to_string(x.congestion_events) +
                   "," + (x.few_events ? "true" : "false");
            for (std::size_t f = 0; f < n_flows; ++f) {
                out += ',';
                out += exact_number(flow_sample(x, f).throughput_bps);
                out += ',';
                out += exact_number(flow_sample(x, f).share);
            }
            if (n_flows) {
                out += ',';
                out += exact_number(x.jain_index);
            }
            out += '\n';
        }
    return out;
}

}  // namespace inflight
