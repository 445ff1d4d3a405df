// Panel 3 — the hero number: steady-state throughput in large type, the
// binding limit in words, the utilisation of the link, and for BBR its own
// model of the path (BtlBw, pacing rate, min_rtt, state); and a small
// delivery-rate trace. The words are the headline: HeroPanel itself is the
// strip across the top of the dashboard (number, then the words beside it,
// or under it when the strip is narrow; each wraps to two lines rather than
// being cut). The trace is rateWidget(), which the dashboard puts in its
// own cell. While a run streams the number is the rate measured so far,
// marked "≈ … so far".
//
// With several flows the number is the
// aggregate; the bold words are Jain's index in words ("BBR takes 3.1× its
// fair share (Jain 0.62)") — or, with fewer than two bulk flows, the ping's
// wait or a transfer's completion time; then the utilisation and queueing
// delay; then the completion times of transfers beside their empty-path
// value and the pings' waits beside their base RTT; and the warning when
// the run has not settled. rateWidget() then shows one share bar per flow
// against the fair share over a stacked throughput-over-time chart
// (ThroughputChart) in place of the delivery-rate trace. With one flow the
// panel is exactly the single-flow hero.
//
// When the strip is narrow (the words would go under the number:
// presentation type with the guide open) only the bold limit words stay in
// the headline; the utilisation, the theory line, the FCT and ping words
// and the note move to the top of the rate panel (under the share bars),
// so the headline leaves the charts their height at 1280×720.
#pragma once

#include <QWidget>

#include <optional>

#include "ui/panels/chart_style.h"
#include "ui/session/run_snapshot.h"
#include "model/analysis/response_theory.h"

class QBoxLayout;
class QChartView;
class QLineSeries;
class QValueAxis;

namespace inflight::ui {

class ChartKey;
class ShareBars;
class TextStrip;
class ThroughputChart;

class HeroPanel : public QWidget {
    Q_OBJECT
public:
    explicit HeroPanel(QWidget* parent = nullptr);

    void setSnapshot(const RunSnapshot& snap);
    void restyle(const ChartStyle& style);
    void showError(const QString& message);

    QString heroText() const;
    QString limitText() const;
    QString utilisationText() const;  // "99.7 % of 50 Mbit/s · queue 167 ms"
    QString statusText() const;       // "steady state 20–40 s"
    // The theory overlay: the predicted throughput beside the measured one.
    void setTheory(const std::optional<TheoryLevels>& levels);
    QString theoryText() const;
    QChartView* view() const { return view_; }
    // The delivery-rate chart and the run's status line under it.
    QWidget* rateWidget() const { return rate_widget_; }
    // The link line's legend entry when the link is above the rate axis.
    QString linkName() const;
    double rateAxisTop() const;

    // Several flows: the share bars, the stacked chart and the words.
    bool severalFlows() const { return several_; }
    ShareBars* shareBars() const { return shares_; }
    ThroughputChart* throughputChart() const { return throughput_; }
    QString flowWordsText() const;   // transfers' FCTs and pings' waits
    QString warningText() const;     // the orange note ("still changing …"), or empty

protected:
    void resizeEvent(QResizeEvent* e) override;

private:
    void setStale(bool stale);
    void setSeveral(bool on);
    void showFlows(const RunSnapshot& snap);
    void arrange();
    void fitHeroWidth();
    static QString throughputTip();  // the hero's tooltip when it shows a throughput
    // The secondary words in the headline (false) or atop the rate panel.
    void placeWords(bool under_shares);
    // The status line under the charts, unless the words under the share
    // bars say it (several flows, narrow).
    void fitStatus();

    TextStrip* hero_;
    TextStrip* utilisation_;
    TextStrip* limit_;
    TextStrip* theory_;
    TextStrip* note_;    // BBR's model of the path, or a few-events warning
    TextStrip* status_;
    TextStrip* flow_words_;  // several flows: FCTs and pings
    ShareBars* shares_;
    ThroughputChart* throughput_;
    bool several_ = false;
    bool words_under_shares_ = false;
    QString utilisation_tip_;  // the utilisation's own tooltip (several flows), before fitStatus() adds to it
    QWidget* rate_widget_;
    QBoxLayout* row_;
    QBoxLayout* words_;       // the headline's words, beside or under the number
    QBoxLayout* rate_rows_;   // the rate widget: shares, words, charts, key, status
    QChartView* view_;
    ChartKey* key_;
    QValueAxis* x_;
    QValueAxis* y_;
    QLineSeries* rate_;
    QLineSeries* link_;
    QLineSeries* btlbw_;
    QLineSeries* pacing_;
};

}  // namespace inflight::ui
