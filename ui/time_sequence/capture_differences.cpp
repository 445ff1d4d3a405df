// Model vs capture in words (capture_differences.h).
#include "ui/time_sequence/capture_differences.h"

#include <QCoreApplication>
#include <algorithm>
#include <cmath>

#include "model/core/scenario.h"
#include "model/core/units.h"

namespace inflight::ui {
namespace {

QString q(const std::string& s) { return QString::fromStdString(s); }
QString tr(const char* s) { return QCoreApplication::translate("CaptureDifferences", s); }

QString retransmit_words(std::uint64_t retransmits, std::uint64_t segments) {
    if (segments == 0) return QString::number(retransmits);
    return tr("%1 (%2 of segments)")
        .arg(q(format_grouped(retransmits)), q(format_loss(static_cast<double>(retransmits) / static_cast<double>(segments))));
}

}  // namespace

QStringList capture_differences(const RunResult& model, const RunResult& capture, const QString& label) {
    const Summary& m = model.summary;
    const Summary& c = capture.summary;
    QStringList parts;
    const double tp_ratio = c.throughput_bps > 0 ? m.throughput_bps / c.throughput_bps : std::nan("");
    parts << tr("throughput %1 vs %2").arg(q(format_rate(m.throughput_bps)), q(format_rate(c.throughput_bps))) +
                 (std::isfinite(tp_ratio) ? tr(" (×%1)").arg(tp_ratio, 0, 'g', 3) : QString());
    const double rtt_ratio = c.mean_rtt_s > 0 ? m.mean_rtt_s / c.mean_rtt_s : std::nan("");
    if (std::isfinite(c.mean_rtt_s))
        parts << tr("mean RTT %1 vs %2").arg(q(format_time(m.mean_rtt_s)), q(format_time(c.mean_rtt_s)));
    parts << tr("retransmissions %1 vs %2")
                 .arg(retransmit_words(m.retransmits, m.packets_simulated),
                      retransmit_words(c.retransmits, c.segments_received));
    QStringList lines;
    lines << tr("Model vs %1: %2").arg(label, parts.join(QStringLiteral(" · ")));

    // The largest gap, if one is worth a sentence.
    const double tp_gap = std::isfinite(tp_ratio) ? std::abs(tp_ratio - 1) : 0;
    const double rtt_gap = std::isfinite(rtt_ratio) ? std::abs(rtt_ratio - 1) : 0;
    constexpr double kWorthSaying = 0.10;
    if (std::max(tp_gap, rtt_gap) <= kWorthSaying) {
        lines << tr("Throughput and RTT agree within 10%: the model's path explains the capture.");
    } else if (std::isfinite(tp_ratio) &&
               std::any_of(model.flows.begin(), model.flows.end(), [](const FlowResult& f) { return f.flow.is_rpc(); })) {
        // A request/response exchange (Model this path on one) is paced by
        // its round trips, and a delayed ACK is in the capture's RTT
        // samples: the ACK policy explains a gap in either, not a queue.
        const QString stack_hint = model.scenario.stack == Stack::Textbook
                                       ? tr(" (Stack linux models Linux's delayed ACKs)")
                                       : QString();
        const QString rtt_words =
            rtt_gap > kWorthSaying
                ? tr(" and its RTT %1% %2").arg(std::round(rtt_gap * 100)).arg(rtt_ratio > 1 ? tr("longer") : tr("shorter"))
                : QString();
        lines << (tp_ratio >= 1
                      ? tr("Largest gap: the model's exchange is %1% faster%2 — the capture's receiver may delay its "
                           "ACKs, holding a request's later writes behind Nagle%3, or its server answer later.")
                            .arg(std::round((tp_ratio - 1) * 100))
                            .arg(rtt_words, stack_hint)
                      : tr("Largest gap: the model's exchange is %1% slower%2 — the capture's ends answered sooner "
                           "than the model's (its ACKs, or fewer round trips a transaction).")
                            .arg(std::round((1 - tp_ratio) * 100))
                            .arg(rtt_words));
    } else if (rtt_gap >= tp_gap) {
        const double queue_s = c.mean_rtt_s - c.min_rtt_s;
        lines << (rtt_ratio > 1
                      ? tr("Largest gap: the model's mean RTT is %1% higher — its queue fills a deeper buffer than "
                           "the capture's path had (the capture queued about %2: try that as Buffer).")
                            .arg(std::round((rtt_ratio - 1) * 100))
                            .arg(q(format_time(std::max(queue_s, 0.0))))
                      : tr("Largest gap: the model's mean RTT is %1% lower — the capture's path queued more (a "
                           "deeper buffer, or other traffic) than the model's.")
                            .arg(std::round((1 - rtt_ratio) * 100)));
    } else if (tp_ratio > 1 && c.binding_limit == Limit::App) {
        // The capture shows its sender idle (nothing in flight after an ACK): say so, not a list of maybes.
        lines << tr("Largest gap: the model's throughput is %1% higher — the capture's sender had nothing in flight, "
                    "waiting for its application, %2% of its second half.")
                     .arg(std::round((tp_ratio - 1) * 100))
                     .arg(std::round(c.binding_fractions[static_cast<std::size_t>(Limit::App)] * 100));
    } else {
        lines << (tp_ratio > 1
                      ? tr("Largest gap: the model's throughput is %1% higher — the capture's sender may run "
                           "another algorithm, be limited by its application or send buffer, or lose in bursts.")
                            .arg(std::round((tp_ratio - 1) * 100))
                      : tr("Largest gap: the model's throughput is %1% lower — the capture's sender may run "
                           "another algorithm, or its losses were fewer where it mattered.")
                            .arg(std::round((1 - tp_ratio) * 100)));
    }
    return lines;
}

}  // namespace inflight::ui
