#include "panels/hero_panel.h"

#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QLegend>
#include <QLineSeries>
#include <QValueAxis>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "lesson/binding_words.h"
#include "panels/chart_style.h"
#include "panels/text_strip.h"
#include "panels/trace_series.h"
#include "units.h"

namespace inflight::ui {

namespace {
QString q(const std::string& s) { return QString::fromStdString(s); }
// BBR's BtlBw, as the algorithm reports it (NaN for the others).
double bbr_btlbw_bps(const TraceBucket& b) { return b.cc.bw_bps; }
}  // namespace

HeroPanel::HeroPanel(QWidget* parent) : QWidget(parent) {
    hero_ = new TextStrip(1, this);
    hero_->setObjectName("hero");
    hero_->setText(QStringLiteral("…"));
    hero_->setToolTip(tr("Steady-state throughput: bytes delivered in order per second over the "
                         "second half of the run."));
    utilisation_ = new TextStrip(1, this);
    limit_ = new TextStrip(1, this);
    limit_->setObjectName("limit");
    limit_->setToolTip(tr("What held the sender back for longest in the steady state: the smallest of "
                          "cwnd, rwnd and the send buffer, the pacing clock, or the link itself "
                          "(whenever a queue stands at the bottleneck)."));
    theory_ = new TextStrip(1, this);
    theory_->setObjectName("theory");
    theory_->setToolTip(tr("What the textbook laws predict from the settings alone: the smallest of the "
                           "link, the loss response function (Reno √(3/2)/√p, CUBIC RFC 9438 §5) and "
                           "rwnd or the send buffer per RTT. The model is never told this number."));
    theory_->setVisible(false);
    note_ = new TextStrip(2, this);
    note_->setToolTip(tr("For BBR, its own model of the path at the end of the run: its bottleneck-"
                         "bandwidth estimate, the rate it paces at, its min_rtt filter and its state. "
                         "With random loss, a warning when the figure rests on too few events."));
    note_->setVisible(false);
    status_ = new TextStrip(1, this);
    status_->setObjectName("status");

    view_ = make_chart_view(this);
    QChart* chart = view_->chart();
    x_ = make_axis(chart, Qt::AlignBottom, tr("time (s)"));
    y_ = make_axis(chart, Qt::AlignLeft, tr("Mbit/s"));
    y_->setTickCount(3);
    rate_ = new QLineSeries(chart);
    rate_->setName(tr("delivery rate"));
    link_ = new QLineSeries(chart);
    link_->setName(tr("link"));
    btlbw_ = new QLineSeries(chart);
    btlbw_->setName(tr("BtlBw"));
    pacing_ = new QLineSeries(chart);
    pacing_->setName(tr("pacing rate"));
    for (QLineSeries* s : {link_, rate_, btlbw_, pacing_}) {
        chart->addSeries(s);
        s->attachAxis(x_);
        s->attachAxis(y_);
    }
    view_->setMinimumHeight(110);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 4, 8, 4);
    layout->setSpacing(2);
    layout->addWidget(hero_);
    layout->addWidget(utilisation_);
    layout->addWidget(limit_);
    layout->addWidget(theory_);
    layout->addWidget(note_);
    layout->addWidget(view_, 1);
    layout->addWidget(status_);
    restyle(ChartStyle{});
}

void HeroPanel::restyle(const ChartStyle& style) {
    // Sizes follow the application font, so presentation mode scales them.
    QFont big = QApplication::font();
    big.setPointSizeF(big.pointSizeF() * 3.2);
    big.setBold(true);
    hero_->setFont(big);
    QFont mid = QApplication::font();
    mid.setPointSizeF(mid.pointSizeF() * 1.25);
    utilisation_->setFont(mid);
    mid.setBold(true);
    limit_->setFont(mid);
    mid.setBold(false);
    mid.setItalic(true);
    theory_->setFont(mid);
    const SeriesColors c = style.colors();
    rate_->setPen(style.pen(c.rate, 1.2));
    link_->setPen(style.pen(c.link, 1.5, Qt::DashLine, true));
    btlbw_->setPen(style.pen(c.btlbw, 2));
    pacing_->setPen(style.pen(c.pacing, 1.5, Qt::DashDotLine));
    style_chart(view_->chart());
}

QString HeroPanel::heroText() const { return hero_->text(); }
QString HeroPanel::limitText() const { return limit_->text(); }
QString HeroPanel::theoryText() const { return theory_->isHidden() ? QString() : theory_->text(); }

void HeroPanel::setTheory(const std::optional<TheoryLevels>& levels) {
    if (theory_->isHidden() == levels.has_value()) theory_->setVisible(levels.has_value());
    if (!levels) return;
    theory_->setText(tr("theory predicts %1 — %2")
                         .arg(q(format_rate(levels->throughput_bps)),
                              levels->binding == "loss law" ? q(levels->loss_law)
                                                            : tr("limited by the %1").arg(q(levels->binding))));
}

void HeroPanel::setStale(bool stale) {
    hero_->setDimmed(stale);
    utilisation_->setDimmed(stale);
    limit_->setDimmed(stale);
}

void HeroPanel::showError(const QString& message) {
    setStale(true);
    status_->setText(tr("the model refused this scenario: %1").arg(message));
}

void HeroPanel::setSnapshot(const RunSnapshot& snap) {
    const RunResult& r = snap.result;
    const Scenario& sc = r.scenario;
    const Trace& t = r.trace;

    // The small delivery-rate trace (Mbit/s), with the link rate dashed.
    const bool bbr = sc.algorithm == Algorithm::Bbr;
    const int cols = std::max(60, static_cast<int>(view_->chart()->plotArea().width()));
    const ColumnRange range{0, sc.duration_s, cols};
    rate_->replace(minmax_line(t, &TraceBucket::delivery_rate_bps, range, 1e-6));
    link_->replace({{0, sc.bandwidth_bps * 1e-6}, {sc.duration_s, sc.bandwidth_bps * 1e-6}});
    btlbw_->replace(bbr ? level_line(t, bbr_btlbw_bps, range, 1e-6) : QList<QPointF>{});
    pacing_->replace(bbr ? level_line(t, &TraceBucket::pacing_rate_bps, range, 1e-6) : QList<QPointF>{});
    btlbw_->setVisible(bbr);
    pacing_->setVisible(bbr);
    double top = sc.bandwidth_bps;
    top = std::max(top, series_max(t, &TraceBucket::delivery_rate_bps));
    x_->setRange(0, sc.duration_s);
    y_->setRange(0, nice_ceiling(std::min(top, 2.5 * sc.bandwidth_bps) * 1e-6 * 1.05));

    // BBR's model of the path, from the newest bucket.
    QString bbr_text;
    if (bbr && !t.buckets.empty()) {
        const TraceBucket& b = t.buckets.back();
        bbr_text = tr("BBR's model — BtlBw %1 · pacing %2 · min_rtt %3 · state %4")
                       .arg(q(format_rate(b.cc.bw_bps)), q(format_rate(b.pacing_rate_bps)),
                            q(format_time(b.cc.min_rtt_s)), QString::fromUtf8(to_string(b.phase)));
    }
    note_->setText(bbr_text);
    note_->setColor(QColor());
    if (note_->isHidden() == bbr) note_->setVisible(bbr);

    if (!snap.done) {
        setStale(true);
        status_->setText(tr("simulating… %1 of %2")
                             .arg(q(format_time(snap.sim_time_s)), q(format_time(sc.duration_s))));
        return;
    }
    const Summary& s = r.summary;
    setStale(false);
    hero_->setText(q(format_rate(s.throughput_bps)));
    utilisation_->setText(tr("%1 % of %2 · mean RTT %3")
                              .arg(q(format_number(s.utilisation * 100, s.utilisation < 0.01 ? 2 : 3)),
                                   q(format_rate(sc.bandwidth_bps)), q(format_time(s.mean_rtt_s))));
    limit_->setText(q(binding_limit_words(s, sc)));
    const std::string warn = few_events_warning(s, sc);
    if (!warn.empty()) {
        note_->setText(bbr_text.isEmpty() ? q(warn) : q(warn) + QStringLiteral(" · ") + bbr_text);
        note_->setColor(QColor("#d9822b"));
        note_->setVisible(true);
    }
    status_->setText(tr("steady state = %1–%2 · %3 packets simulated in %4")
                         .arg(q(format_number(s.window_start_s)), q(format_time(s.window_end_s)),
                              q(format_grouped(s.packets_simulated)), q(format_time(s.wall_seconds))));
}

}  // namespace inflight::ui
