// The hero's words for a run of several flows:
// a name for each flow, the fair share, Jain's index in words ("BBR takes
// 3.1× its fair share (Jain 0.62)"), a transfer's completion time beside
// its empty-path value ("web: a 100 KB transfer takes 1.21 s; 325 ms on an
// empty path") and a ping's wait beside its base RTT ("a ping waits 187 ms
// here; the path's base RTT is 20 ms"). Widget-free (Qt Core for the
// translations, context "FlowWords"); the figures come from the run's
// summaries, the empty-path value from empty_path.h.
#pragma once

#include <QString>
#include <QStringList>
#include <vector>

#include "model/core/result.h"

namespace inflight::ui {

// The flows as they ran (each FlowResult::flow), in order.
std::vector<ResolvedFlow> flows_of(const RunResult& r);

// The flow's label when the user gave one; else its algorithm ("BBR",
// "CUBIC", "Reno") when no other TCP flow runs it; else "flow 2 (CUBIC)";
// pings "ping" (or "ping 3" when there are several).
QString flow_display_name(const std::vector<ResolvedFlow>& flows, std::size_t i);
QString flow_display_name(const RunResult& r, std::size_t i);
// Settings not yet run (a sweep's): their flows resolved.
QString flow_display_name(const Scenario& sc, std::size_t i);

// The TCP bulk flows (ResolvedFlow::is_bulk): the flows Jain's index and
// the fair share are about.
int bulk_flow_count(const std::vector<ResolvedFlow>& flows);
// 1/n of the aggregate among the n TCP bulk flows; 0 without any.
double fair_share(const std::vector<ResolvedFlow>& flows);
double fair_share(const Scenario& sc);  // settings not yet run (a sweep's)

// Jain's index in words, from the finished run's summaries: "the flows
// share fairly (Jain 0.99)" when the index is at least kFairJain and no
// bulk flow has more than kFairMultiple of its fair share, else the bulk
// flow with the largest share and its multiple of the fair share ("CUBIC
// takes 1.2× its fair share (Jain 0.96)": 60/40 of two flows).
// Empty with fewer than two bulk flows.
inline constexpr double kFairJain = 0.95;  // equal CUBIC flows on one FIFO reach it (flows tests)
inline constexpr double kFairMultiple = 1.15;
QString jain_words(const RunResult& r);
// The bulk flow with the largest share (-1 without bulk flows).
int largest_bulk_flow(const RunResult& r);

// A finite-transfer flow's completion time beside its empty-path value;
// empty for other flows.
QString fct_words(const RunResult& r, std::size_t i);
// The empty-path FCT of the flow's transfer (its size, RTT, window cap, the
// path's rate and MSS); 0 for a flow without a size.
double empty_path_fct_s(const Scenario& path, const ResolvedFlow& flow);
// A value that never breaks a line ("50 Mbit/s" kept whole): its spaces
// no-break spaces, and a word joiner (U+2060, drawn as nothing) after a
// slash before a letter — a line may break after "/", which left "Mbit/"
// at a line's end and "s" on the next.
QString unbroken(QString value);
// Running text (a guided experiment's words) with every number and its
// unit kept whole by unbroken() — "6.5 Mbit/s", "120 s", "65,535 B",
// "1,333 packets", "0.066 %" — and a unit without a number ("Mbit/s")
// unbroken at its slash. Everything else may still wrap.
QString values_unbroken(const QString& text);
// With transfers only, every one finished before the steady state (nothing
// sent over it), the steady state's utilisation and queue read 0 though the
// link carried them: the line under the hero says instead, for one
// transfer done once, its mean rate over its completion time ("10 MB in
// 1.81 s: 44.3 Mbit/s on average, 88.5 % of 50 Mbit/s"), else that the
// transfers had ended before it; the tip says why. Both empty otherwise (a
// bulk flow, a ping, a request/response flow, a transfer unfinished: the
// steady state's figures say what happened).
struct EndedTransfers {
    QString line, tip;
};
EndedTransfers ended_transfers(const RunResult& r);
// A ping's mean wait beside the flow's base RTT; empty for other flows.
QString ping_words(const RunResult& r, std::size_t i);
// How many transactions a request/response flow finished in the run, and
// their median ("write-write-read: 125 transactions, median 80 ms"; the
// flow's row gives the median in round trips); empty for other flows.
QString rpc_words(const RunResult& r, std::size_t i);

// What a flow that is not bulk shows in the share bars' place, where a share
// of the bytes says nothing: a transfer's completion time in round trips
// beside its empty-path time ("81.6 ms = 2.0 RTT (81.7 ms on an empty path)"), a
// request/response flow's median transaction in round trips. Round trips
// of the flow's base RTT. `value` empty for other flows; "…" before the
// first completion.
struct FlowFigure {
    QString value;        // the whole figure
    QString value_short;  // when the whole does not fit: "81.6 ms = 2.0 RTT"
    double time_s = 0;    // the time it is about (0: none yet)
};
FlowFigure flow_figure(const RunResult& r, std::size_t i);

// A queueing delay in words at the resolution that means something: below
// the time one packet of the path takes on the link (mss × 8 / bandwidth)
// there is no standing queue to speak of — "< 1 packet", not "0.845 µs".
QString queue_delay_words(double delay_s, const Scenario& sc);
// The two halves of the steady state disagree: "still changing at 120 s:
// run longer" — the run's length in the words, so a preset that already
// runs 120 s is not told to "run longer" as if it had not; at the longest
// run there is no "longer". Never longer than "still changing at the end of
// the run: run longer", so the hero's note keeps its lines.
QString unsettled_warning(const Scenario& sc);

}  // namespace inflight::ui
