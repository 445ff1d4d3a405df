// The sweep plot: steady-state throughput against the swept parameter on
// log–log axes, one series per algorithm with its theory curve dashed and,
// for loss sweeps, its fitted power law dotted; the mean RTT against the
// same x on a second chart; and the fitted exponent and constant per
// algorithm in words. The window and `inflight sweep --png` draw this same
// widget.
#pragma once

#include <QWidget>

#include "sweep.h"

class QAbstractAxis;
class QChart;
class QChartView;
class QLabel;

namespace inflight::ui {

class SweepChart : public QWidget {
    Q_OBJECT
public:
    explicit SweepChart(QWidget* parent = nullptr);

    void setResult(const SweepResult& r);
    void clear();
    void restyle();

    QString titleText() const;
    // The fit lines in words, one per algorithm ("reno: k = −0.53, c = …"),
    // empty unless a loss sweep.
    QString fitText() const;
    QChart* throughputChart() const;
    QChart* rttChart() const;

protected:
    void changeEvent(QEvent* e) override;

private:
    void drawThroughput(const SweepResult& r);
    void drawRtt(const SweepResult& r);

    QLabel* title_;
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
