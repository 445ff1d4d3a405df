#include "app/formats/event_text.h"

#include <QCoreApplication>
#include <QStringList>
#include <cmath>
#include <cstdio>

#include "model/core/units.h"

namespace inflight {
namespace {

QString tr(const char* source) { return QCoreApplication::translate("EventText", source); }

// "65,535": digits in threes, commas between, whatever the locale; as the
// counters, the hero and the guide write counts.
QString grouped(std::uint64_t n) { return QString::fromStdString(format_grouped(n)); }

// A whole number as printf's "%.0f" rounds it (half to even), so the words
// do not depend on Qt's own number formatting, grouped in threes: "1,237".
QString whole(double v) {
    if (!(std::isfinite(v) && v >= 0 && v < 1e19)) {
        char buf[64];
        std::snprintf(buf, sizeof buf, "%.0f", v);
        return QString::fromLatin1(buf);
    }
    return grouped(static_cast<std::uint64_t>(std::nearbyint(v)));  // the default rounding: half to even
}

QString packets(const Event& e, double bytes) { return whole(bytes / e.mss_bytes); }

QString cause_words(CongestionCause c) {
    switch (c) {
    case CongestionCause::Loss: return tr("loss");
    case CongestionCause::Ecn: return tr("ECN mark");
    case CongestionCause::Rto: return tr("RTO");
    }
    return QStringLiteral("?");
}

QString slow_start_exit(const Event& e) {
    switch (e.start_end) {
    case StartEnd::FirstCongestion:
        return (e.cause == CongestionCause::Ecn ? tr("Slow start ends at cwnd %1 packets (first ECN mark)")
                                                : tr("Slow start ends at cwnd %1 packets (first loss)"))
            .arg(packets(e, e.cwnd_before_bytes));
    case StartEnd::ReachedSsthresh: return tr("Slow start ends: cwnd reached ssthresh");
    case StartEnd::PipeFull: return tr("Startup ends: bandwidth grew less than 25% for 3 rounds (the pipe is full)");
    case StartEnd::HystartAckTrain:
        return tr("HyStart ended slow start (ACK train) at cwnd %1 packets").arg(packets(e, e.cwnd_before_bytes));
    case StartEnd::HystartDelay:
        return tr("HyStart ended slow start (delay increase) at cwnd %1 packets").arg(packets(e, e.cwnd_before_bytes));
    }
    return {};
}

QString congestion_event(const Event& e) {
    const QString before = packets(e, e.cwnd_before_bytes), after = packets(e, e.cwnd_after_bytes);
    if (!e.grouped)
        return tr("Congestion event (%1): cwnd %2 → %3 packets").arg(cause_words(e.cause), before, after);
    return tr("%1 more congestion events (%2) within %3 ms: cwnd %4 → %5 packets")
        .arg(grouped(e.count), cause_words(e.cause), whole(e.group_span_s * 1e3), before, after);
}

QString drops(const Event& e) {
    const std::uint64_t total = e.drops_tail + e.drops_aqm + e.drops_random;
    const QString head = total == 1 ? tr("1 packet dropped:") : tr("%1 packets dropped:").arg(grouped(total));
    QStringList causes;
    if (e.drops_tail) causes << tr("%1 tail drop (buffer full)").arg(grouped(e.drops_tail));
    if (e.drops_aqm) causes << tr("%1 CoDel drop").arg(grouped(e.drops_aqm));
    // Loss on the link, by the scenario's pattern: evenly spaced (the
    // lesson's default) or independent random. The event does not say which,
    // and "random" was wrong for the first.
    if (e.drops_random) causes << tr("%1 link loss").arg(grouped(e.drops_random));
    return head + QLatin1Char(' ') + causes.join(QStringLiteral(", "));
}

QString ecn_marks(const Event& e) {
    return e.ecn_marks == 1 ? tr("1 packet CE-marked by CoDel (none dropped)")
                            : tr("%1 packets CE-marked by CoDel (none dropped)").arg(grouped(e.ecn_marks));
}

QString rto(const Event& e) {
    return tr("Retransmission timeout: cwnd %1 → 1 packet, everything unacknowledged resent "
              "(next RTO %2 ms, backoff x%3)")
        .arg(packets(e, e.cwnd_before_bytes), whole(e.next_rto_s * 1e3), whole(std::ldexp(1.0, e.rto_backoff)));
}

QString state_change(const Event& e) {
    switch (e.phase) {
    case CcPhase::Startup: return tr("BBR enters Startup");
    case CcPhase::Drain: return tr("BBR enters Drain: pacing below the bandwidth to empty the queue");
    case CcPhase::ProbeBw: return tr("BBR enters ProbeBW: cycling pacing gains 1.25, 0.75, 1, ...");
    case CcPhase::ProbeRtt: return tr("BBR enters ProbeRTT: cwnd 4 packets for at least 200 ms");
    default: return {};
    }
}

QString limit_change(const Event& e) {
    switch (e.limit) {
    case Limit::Cwnd: return tr("Now limited by cwnd: the congestion window is smaller than the pipe");
    case Limit::Rwnd: return tr("Now limited by rwnd: %1 B per RTT").arg(grouped(e.limit_bytes));
    case Limit::Sndbuf: return tr("Now limited by the send buffer: %1 B per RTT").arg(grouped(e.limit_bytes));
    case Limit::Pacing: return tr("Now limited by the pacing rate");
    case Limit::Link: return tr("Now limited by the link: a queue stands at the bottleneck");
    case Limit::App: return tr("Now limited by the application: it has nothing more to send yet");
    }
    return {};
}

QString transfer_words(const Event& e) { return tr("transfer %1").arg(e.transfer); }

QString flow_start(const Event& e) {
    if (e.ping) return tr("Pings start: the first one sent");
    if (e.transfer == 0) return tr("Flow starts: SYN sent");
    return tr("Transfer %1 starts (%2 B): SYN sent").arg(QString::number(e.transfer), grouped(e.size_bytes));
}

QString syn_resent(const Event& e) {
    const QString what = e.transfer == 0 ? tr("the connection") : transfer_words(e);
    return tr("SYN of %1 lost: sent again").arg(what);
}

QString transfer_done(const Event& e) {
    return tr("Transfer %1 done (%2 B): flow completion time %3 ms")
        .arg(QString::number(e.transfer), grouped(e.size_bytes), whole(e.fct_s * 1e3));
}

QString transfer_overlap(const Event& e) {
    return tr("Transfer %1 is due while an earlier one still runs: it starts anyway, as a second connection")
        .arg(e.transfer);
}

QString nagle_stall(const Event& e) {
    char ms[32];
    std::snprintf(ms, sizeof ms, "%.1f", e.wait_s * 1e3);
    return (e.delayed_ack ? tr("Request %1 waited %2 ms for an ACK: Nagle + delayed ACK")
                          : tr("Request %1 waited %2 ms for an ACK: Nagle"))
        .arg(QString::number(e.transfer), QString::fromLatin1(ms));
}

}  // namespace

QString event_text(const Event& e) {
    switch (e.kind) {
    case EventKind::SlowStartExit: return slow_start_exit(e);
    case EventKind::CongestionEvent: return congestion_event(e);
    case EventKind::Drops: return drops(e);
    case EventKind::EcnMarks: return ecn_marks(e);
    case EventKind::Rto: return rto(e);
    case EventKind::StateChange: return state_change(e);
    case EventKind::LimitChange: return limit_change(e);
    case EventKind::FlowStart: return flow_start(e);
    case EventKind::SynResent: return syn_resent(e);
    case EventKind::TransferDone: return transfer_done(e);
    case EventKind::TransferOverlap: return transfer_overlap(e);
    case EventKind::FlowStop: return tr("Stops sending new data (what is in flight is still delivered)");
    case EventKind::NagleStall: return nagle_stall(e);
    }
    return {};
}

std::string event_text_utf8(const Event& e) { return event_text(e).toStdString(); }

}  // namespace inflight
