// The numbers of an A/B comparison: the two runs' steady-state figures side
// by side with the ratio B/A, and the scenario parameters that differ. No
// widgets; CompareTable shows these.
#pragma once

#include <QString>
#include <QStringList>
#include <vector>

#include "app/kernel/kernel_run.h"
#include "model/core/result.h"

namespace inflight::ui {

// One compared figure. Counts are whole-run totals; the rest are over the
// steady-state window (Summary).
struct CompareFigure {
    enum class Kind { Rate, Fraction, Time, Count };
    QString name;    // "Throughput", ...
    Kind kind;
    double a, b;
};

// Throughput, utilisation, mean RTT, drops (every cause), congestion events.
std::vector<CompareFigure> compare_figures(const Summary& a, const Summary& b);
// One run's figures alone (the A row before a B exists), in the same order.
std::vector<CompareFigure> run_figures(const Summary& s);

// A value in the figure's units: "23.8 Mbit/s", "23.8 %", "84.1 ms", "1,511".
QString figure_text(CompareFigure::Kind kind, double value);
// B/A: "1.52×", "0.5×"; "=" when both are zero; "—" when only A is zero.
QString ratio_text(double a, double b);

// Several flows: flow i of A beside flow i
// of B. The figures: throughput, share, mean RTT (steady state); for
// finite transfers the FCT mean and p95 and the transfers done; for pings
// the ping's mean and p95 RTT and the pings lost — each where either run's
// flow has it (NaN on a side that has not).
struct FlowCompareGroup {
    int index = 0;                     // as in Scenario::flows
    QString label_a, label_b;          // each run's name for the flow
    std::vector<CompareFigure> figures;
};
// One group per flow when A and B both have several flows and the same
// number of them; empty otherwise (the table then compares the aggregate).
std::vector<FlowCompareGroup> flow_compare_groups(const RunResult& a, const RunResult& b);
// One line when the runs' flow counts differ ("A has 2 flows, B has 3: the
// table compares the aggregate only"); empty when they agree.
QString flow_count_note(const RunResult& a, const RunResult& b);
// B − A in the figure's units, signed: "+12.3 Mbit/s", "−4.10 pp" (a
// fraction's difference in percentage points), "+3", "0" when equal, empty
// when either is NaN.
QString delta_text(CompareFigure::Kind kind, double a, double b);

// "algo: reno → cubic", one per differing parameter, in kAllParams order.
QStringList scenario_differences(const Scenario& a, const Scenario& b);

// Model (a) vs kernel (b): throughput,
// utilisation, mean RTT (steady state), drops and retransmissions (whole
// run). A figure the kernel run could not give is NaN in b.
std::vector<CompareFigure> kernel_figures(const Summary& model, const Summary& kernel);
// Why the kernel's figure `index` (kernel_figures' order) is absent, or
// what it is made of when it differs in kind from the model's; empty when
// it means what the model's does.
QString kernel_figure_note(std::size_t index, const RunResult& kernel, const kernel::KernelFacts& facts);

// Each flow's own time on the kernel beside the model's: a transfer's
// completion ("10 KB: completes in 82.4 ms on the kernel, 81.6 ms in the
// model"), a request/response flow's median transaction; none for bulk
// flows and pings, or when the runs' flows differ in number.
QStringList flow_time_sentences(const RunResult& model, const RunResult& kernel);

// What differs between the model's run and the kernel's, one sentence each,
// every claim backed by the two runs' figures and events, the engine's facts,
// or what the model is documented to leave out (model/cubic.h: no HyStart;
// model/sender.h: every packet ACKed, no delayed ACK).
QStringList kernel_differences(const RunResult& model, const RunResult& kernel, const kernel::KernelFacts& facts);

}  // namespace inflight::ui
