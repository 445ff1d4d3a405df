// The sweep plot: steady-state throughput against the swept parameter on
// log–log axes, one series per algorithm with its theory curve dashed and,
// for loss sweeps, its fitted power law dotted; the mean RTT against the
// same x on a second chart; and the fitted exponent and constant per
// algorithm in words. The window and `inflight sweep --png` draw this same
// widget.
// When the base scenario lists several flows (from --flow or a scenario
// file's "flows"), the top plot is per flow instead: each flow's share of
// the aggregate against the parameter, with the fair share 1/n as a
// reference line ("BBR's share against the buffer" as one plot), or each
// flow's throughput with the total and the link rate; a toggle picks one in
// the window, the PNG shows both side by side. Flows keep their colours
// (flow_palette.h) and are named by their labels. No theory curve or fit
// there: the single-flow laws do not apply to flows that share the link.
// With one flow the plot is today's.
#pragma once

#include <QWidget>

#include "model/analysis/sweep.h"

class QAbstractAxis;
class QChart;
class QChartView;
class QLabel;
class QRadioButton;

namespace inflight::ui {

class SweepChart : public QWidget {
    Q_OBJECT
public:
    explicit SweepChart(QWidget* parent = nullptr);

    void setResult(const SweepResult& r);
    void clear();
    void restyle();

    // With several flows: which per-flow plot is shown (Both: side by side,
    // for the exported figure).
    enum class FlowView { Share, Throughput, Both };
    void setFlowView(FlowView v);
    FlowView flowView() const { return flow_view_; }
    // True while the result shown lists several flows.
    bool perFlow() const { return per_flow_; }

    QString titleText() const;
    // The fit lines in words, one per algorithm ("reno: k = −0.53, c = …"),
    // empty unless a loss sweep.
    QString fitText() const;
    QChart* throughputChart() const;
    QChart* rttChart() const;
    // Each flow's share (in %) against the parameter, with the fair share;
    // empty unless perFlow().
    QChart* shareChart() const;
    QRadioButton* shareButton() const { return show_share_; }
    QRadioButton* flowThroughputButton() const { return show_rate_; }

protected:
    void changeEvent(QEvent* e) override;

private:
    void drawThroughput(const SweepResult& r);
    void drawRtt(const SweepResult& r);
    // Several flows: each flow's throughput with the total (throughput_),
    // and each flow's share with the fair share (share_).
    void drawFlowThroughput(const SweepResult& r);
    void drawFlowShare(const SweepResult& r);
    void showViews();

    QLabel* title_;
    QWidget* flow_bar_;
    QRadioButton* show_share_;
    QRadioButton* show_rate_;
    QChartView* share_;
    FlowView flow_view_ = FlowView::Share;
    bool per_flow_ = false;
    QChartView* throughput_;
    QChartView* rtt_;
    QLabel* fits_;
    QString fit_text_;  // plain, one line per algorithm
};

// A colour per algorithm (Okabe–Ito: told apart by every common colour
// vision), the same on every sweep plot.
QColor algorithm_color(Algorithm a);
// The fits of a loss sweep in words, one line per algorithm; empty otherwise.
QStringList loss_fit_lines(const SweepResult& r);

}  // namespace inflight::ui
