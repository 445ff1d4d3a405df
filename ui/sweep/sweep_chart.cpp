#include "ui/sweep/sweep_chart.h"

#include <QApplication>
#include <QEvent>
#include <QChart>
#include <QChartView>
#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QButtonGroup>
#include <QHBoxLayout>
#include <QRadioButton>
#include <QValueAxis>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "ui/lesson/flow_words.h"
#include "ui/panels/chart_style.h"
#include "ui/panels/flow_palette.h"
#include "model/analysis/sweep_fit.h"
#include "ui/sweep/sweep_units.h"
#include "model/core/units.h"

namespace inflight::ui {

namespace {

QString q(const std::string& s) { return QString::fromStdString(s); }
QString minus(QString s) { return s.replace(QLatin1Char('-'), QChar(0x2212)); }

// Points drawn on a log axis: positive and finite only.
bool drawable(double v) { return std::isfinite(v) && v > 0; }

struct Extent {
    double lo = INFINITY, hi = 0;
    void add(double v) {
        if (!drawable(v)) return;
        lo = std::min(lo, v);
        hi = std::max(hi, v);
    }
    bool any() const { return hi > 0; }
};

// Whole decades around the data on a log axis: QLogValueAxis labels only
// powers of its base, so a range inside one decade would carry no label.
// A y range narrower than kLogYMinRatio reads better on a linear axis.
constexpr double kLogYMinRatio = 5;

QAbstractAxis* make_log_axis(QChart* chart, Qt::Alignment side, const QString& title, Extent e) {
    auto* a = new QLogValueAxis(chart);
    a->setBase(10);
    a->setLabelFormat("%g");
    a->setMinorTickCount(-1);  // 2 … 9 between decades
    a->setTitleText(title);
    if (!e.any()) e = {1, 10};
    const double lo = std::pow(10.0, std::floor(std::log10(e.lo) + 1e-9));
    double hi = std::pow(10.0, std::ceil(std::log10(e.hi) - 1e-9));
    if (hi <= lo) hi = lo * 10;
    // A hair beyond the decades: log10(0.001) is −2.9999…, and the axis
    // would drop the label at an end that rounds inside.
    constexpr double kEdge = 1e-9;
    a->setRange(lo * (1 - kEdge), hi * (1 + kEdge));
    chart->addAxis(a, side);
    return a;
}

QAbstractAxis* make_y_axis(QChart* chart, const QString& title, const Extent& e) {
    if (e.any() && e.hi / e.lo >= kLogYMinRatio) return make_log_axis(chart, Qt::AlignLeft, title, e);
    QValueAxis* a = make_axis(chart, Qt::AlignLeft, title);
    a->setRange(0, nice_ceiling(e.any() ? e.hi * 1.1 : 1));
    a->applyNiceNumbers();
    return a;
}

QLineSeries* add_series(QChart* chart, QAbstractAxis* x, QAbstractAxis* y, const QString& name, const QPen& pen,
                        const QList<QPointF>& pts, bool in_legend = true) {
    auto* s = new QLineSeries(chart);
    s->setName(name);
    s->setPen(pen);
    s->replace(pts);
    chart->addSeries(s);
    s->attachAxis(x);
    s->attachAxis(y);
    if (!in_legend)
        for (QLegendMarker* m : chart->legend()->markers(s)) m->setVisible(false);
    return s;
}

void reset(QChart* chart) {
    chart->removeAllSeries();
    for (QAbstractAxis* a : chart->axes()) {
        chart->removeAxis(a);
        delete a;
    }
}

QString law_name(const char* law) {
    const std::string l = law ? law : "";
    if (l == "mathis") return QObject::tr("Mathis");
    if (l == "rfc9438") return QObject::tr("RFC 9438");
    return q(l);
}

// The laws a theory series follows, in order of appearance: "Mathis, link".
QString laws_of(const SweepSeries& s) {
    QStringList laws;
    for (std::size_t i = 0; i < s.theory_law.size(); ++i)
        if (drawable(s.theory_bps[i]) && s.theory_law[i] && *s.theory_law[i]) {
            const QString n = law_name(s.theory_law[i]);
            if (!laws.contains(n)) laws << n;
        }
    return laws.join(QStringLiteral(", "));
}

QString fit_words(const PowerFit& f) {
    return minus(QObject::tr("k = %1, c = %2 (R² = %3, %4 points)")
                     .arg(q(format_number(f.exponent, 3)), q(format_rate(f.constant)),
                          q(format_number(f.r_squared, 3)))
                     .arg(f.points));
}

// Several flows in the base scenario: the per-flow plots replace the
// single-flow one (one flow: today's plot).
bool several_flows(const SweepResult& r) { return r.spec.base.flows.size() > 1; }

// The base scenario as series `a` runs it: `a` is the default algorithm of
// every flow that names none (as the engine runs it).
Scenario series_scenario(const SweepResult& r, std::size_t series) {
    Scenario s = r.spec.base;
    s.algorithm = r.series[series].algorithm;
    return s;
}

// A flow's name in the legend: its label (or algorithm) as the hero names
// it; with several algorithm series, which series too.
QString flow_series_name(const SweepResult& r, std::size_t series, std::size_t flow) {
    const QString name = flow_display_name(series_scenario(r, series), flow);
    if (r.series.size() < 2) return name;
    return QObject::tr("%1 · default %2").arg(name, QString::fromUtf8(to_string(r.series[series].algorithm)));
}

// A flow's pen: its colour from the flow palette; the series (when several
// algorithms ran) by line style, so each stays told apart.
QPen flow_series_pen(std::size_t series, std::size_t flow, double width) {
    QPen p = flow_pen(static_cast<int>(flow), ChartStyle{}, width, is_dark_palette());
    constexpr Qt::PenStyle kSeriesStyles[] = {Qt::SolidLine, Qt::DashLine, Qt::DotLine};
    if (series > 0) p.setStyle(kSeriesStyles[series % 3]);
    return p;
}

SweepFlowSample flow_sample(const SweepSample& x, std::size_t f) {
    return f < x.flows.size() ? x.flows[f] : SweepFlowSample{};
}

QColor reference_colour() { return is_dark_palette() ? QColor("#bbbbbb") : QColor("#555555"); }

}  // namespace

QColor algorithm_color(Algorithm a) {
    switch (a) {
        case Algorithm::Reno: return QColor("#0072B2");   // blue
        case Algorithm::Cubic: return QColor("#D55E00");  // vermillion
        case Algorithm::Bbr: return QColor("#009E73");    // bluish green
    }
    return Qt::black;
}

QStringList loss_fit_lines(const SweepResult& r) {
    QStringList lines;
    if (r.spec.param != SweepParam::Loss) return lines;
    for (std::size_t i = 0; i < r.series.size(); ++i) {
        const LossSweepFit fit = fit_loss_sweep(r, i);
        const QString algo = QString::fromUtf8(to_string(r.series[i].algorithm));
        if (!fit.loss_limited) {
            lines << QObject::tr("%1: no fit — fewer than two points below %2 % of the link (not held back by loss)")
                         .arg(algo)
                         .arg(kLinkLimitedUtilisation * 100);
            continue;
        }
        QString line = QObject::tr("%1: %2").arg(algo, fit_words(*fit.loss_limited));
        if (fit.cubic_region) line += QObject::tr("; cubic region only: %1").arg(fit_words(*fit.cubic_region));
        lines << line;
    }
    return lines;
}

SweepChart::SweepChart(QWidget* parent) : QWidget(parent) {
    title_ = new QLabel(this);
    title_->setWordWrap(true);
    title_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    throughput_ = make_chart_view(this);
    share_ = make_chart_view(this);
    rtt_ = make_chart_view(this);
    // Several flows: which per-flow plot (keyboard: Tab to it, arrows switch).
    flow_bar_ = new QWidget(this);
    auto* bar = new QHBoxLayout(flow_bar_);
    bar->setContentsMargins(0, 0, 0, 0);
    bar->addWidget(new QLabel(tr("Per flow:"), flow_bar_));
    show_share_ = new QRadioButton(tr("S&hare of the link"), flow_bar_);
    show_share_->setToolTip(tr("Each flow's share of the aggregate throughput at each point, "
                               "with the fair share 1/n of the n bulk TCP flows"));
    show_rate_ = new QRadioButton(tr("Thro&ughput"), flow_bar_);
    show_rate_->setToolTip(tr("Each flow's steady-state throughput, the total of all flows and the link rate"));
    show_share_->setChecked(true);
    auto* group = new QButtonGroup(flow_bar_);
    group->addButton(show_share_);
    group->addButton(show_rate_);
    bar->addWidget(show_share_);
    bar->addWidget(show_rate_);
    bar->addStretch();
    connect(show_share_, &QRadioButton::toggled, this, [this](bool on) {
        if (flow_view_ != FlowView::Both) setFlowView(on ? FlowView::Share : FlowView::Throughput);
    });
    fits_ = new QLabel(this);
    fits_->setTextFormat(Qt::RichText);
    fits_->setWordWrap(true);
    fits_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    fits_->setToolTip(tr("Least-squares line through ln(throughput) against ln(p) (Eigen), over the points "
                         "below 90 % of the link: throughput ≈ c · p^k. Reno's law (Mathis) has k = −0.5; "
                         "CUBIC's cubic term (RFC 9438 §5) k = −0.75."));
    // Each legend entry a short stretch of its line, in its pen: a theory
    // line (dashed, lighter) and the measured one of the same algorithm, or
    // a fitted line (dotted), are told apart by their swatches, not only
    // by a shade of one colour.
    for (QChartView* v : {share_, throughput_, rtt_}) v->chart()->legend()->setMarkerShape(QLegend::MarkerShapeFromSeries);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(title_);
    layout->addWidget(flow_bar_);
    auto* top = new QHBoxLayout;
    top->setSpacing(2);
    top->addWidget(share_, 1);
    top->addWidget(throughput_, 1);
    layout->addLayout(top, 3);
    layout->addWidget(rtt_, 2);
    layout->addWidget(fits_);
    clear();
}

QChart* SweepChart::throughputChart() const { return throughput_->chart(); }
QChart* SweepChart::rttChart() const { return rtt_->chart(); }
QChart* SweepChart::shareChart() const { return share_->chart(); }

void SweepChart::setFlowView(FlowView v) {
    flow_view_ = v;
    if (v != FlowView::Both) (v == FlowView::Share ? show_share_ : show_rate_)->setChecked(true);
    showViews();
}

void SweepChart::showViews() {
    flow_bar_->setVisible(per_flow_ && flow_view_ != FlowView::Both);
    share_->setVisible(per_flow_ && flow_view_ != FlowView::Throughput);
    throughput_->setVisible(!per_flow_ || flow_view_ != FlowView::Share);
}
QString SweepChart::titleText() const { return title_->text(); }
QString SweepChart::fitText() const { return fit_text_; }

void SweepChart::clear() {
    for (QChartView* v : {throughput_, share_, rtt_}) reset(v->chart());
    throughput_->chart()->setTitle(tr("Steady-state throughput"));
    per_flow_ = false;
    showViews();
    rtt_->chart()->setTitle(tr("Mean RTT"));
    title_->setText(tr("No sweep yet: choose a parameter and a range, then Run."));
    fits_->clear();
    fit_text_.clear();
    fits_->setVisible(false);
    restyle();
}

void SweepChart::restyle() {
    QFont f = QApplication::font();
    f.setPointSizeF(f.pointSizeF() * 1.1);
    f.setBold(true);
    title_->setFont(f);
    for (QChartView* v : {throughput_, share_, rtt_}) {
        style_chart(v->chart());
        QFont tf = QApplication::font();
        tf.setBold(true);
        v->chart()->setTitleFont(tf);
    }
}

void SweepChart::changeEvent(QEvent* e) {
    QWidget::changeEvent(e);
    // Light / dark theme: the charts take their colours from the palette.
    if (e->type() == QEvent::PaletteChange) restyle();
}

void SweepChart::setResult(const SweepResult& r) {
    const Scenario& b = r.spec.base;
    // The other parameters: the swept one is the x axis, not one of them.
    QStringList others;
    if (r.spec.param != SweepParam::Bandwidth) others << q(format_rate(b.bandwidth_bps));
    if (r.spec.param != SweepParam::Rtt) others << tr("RTT %1").arg(q(format_time(b.rtt_s)));
    if (r.spec.param != SweepParam::Buffer) others << tr("buffer %1").arg(q(format_time(b.buffer_s)));
    others << tr("%1 per run").arg(q(format_time(b.duration_s)));
    if (r.spec.param != SweepParam::Loss && b.loss > 0) others << tr("loss %1").arg(q(format_loss(b.loss)));
    const QString base = others.join(QStringLiteral(", "));
    title_->setText(tr("Sweep of %1 from %2 to %3 (%4 points, log-spaced) · other parameters: %5 · %6 runs in %7 on %8 threads")
                        .arg(QString::fromUtf8(to_string(r.spec.param)), sweep_value_text(r.spec.param, r.spec.from),
                             sweep_value_text(r.spec.param, r.spec.to))
                        .arg(r.spec.points)
                        .arg(base)
                        .arg(r.runs_done)
                        .arg(q(format_time(r.wall_seconds)))
                        .arg(r.threads_used) +
                    (r.cancelled ? tr(" · cancelled: unfinished points left out") : QString()));
    per_flow_ = several_flows(r);
    if (per_flow_) {
        QStringList names;
        for (std::size_t f = 0; f < r.spec.base.flows.size(); ++f)
            names << flow_display_name(series_scenario(r, 0), f);
        title_->setText(title_->text() + tr(" · flows: %1").arg(names.join(QStringLiteral(", "))));
        drawFlowShare(r);
        drawFlowThroughput(r);
    } else {
        reset(share_->chart());
        drawThroughput(r);
    }
    showViews();
    drawRtt(r);
    // The loss laws and their fits are a single flow's (none for flows sharing the link).
    const QStringList fits = per_flow_ ? QStringList() : loss_fit_lines(r);
    fits_->setVisible(!fits.isEmpty());
    fit_text_ = fits.join(QLatin1Char('\n'));
    // On screen: each line led by its algorithm in the plot's colour.
    QString html = tr("<b>Fitted throughput = c · p<sup>k</sup></b> (points below 90 % of the link; "
                      "Reno's law k = −0.5, CUBIC's cubic term k = −0.75)");
    for (std::size_t i = 0; i < r.series.size() && i < static_cast<std::size_t>(fits.size()); ++i) {
        const QString algo = QString::fromUtf8(to_string(r.series[i].algorithm));
        QString rest = fits[static_cast<qsizetype>(i)].mid(algo.size());
        html += QStringLiteral("<br><b style=\"color:%1\">%2</b>%3")
                    .arg(algorithm_color(r.series[i].algorithm).name(), algo, rest.toHtmlEscaped());
    }
    fits_->setText(fits.isEmpty() ? QString() : html);
    restyle();
}

void SweepChart::drawThroughput(const SweepResult& r) {
    QChart* chart = throughput_->chart();
    reset(chart);
    const AxisUnits xu = axis_units(r.spec.param);
    constexpr double kMbps = 1e-6;
    Extent ex, ey;
    for (double v : r.values) ex.add(v * xu.scale);
    for (double l : r.link_bps) ey.add(l * kMbps);
    for (const SweepSeries& s : r.series) {
        for (const SweepSample& p : s.samples) ey.add(p.throughput_bps * kMbps);
        for (double t : s.theory_bps) ey.add(t * kMbps);
    }
    QAbstractAxis* x = make_log_axis(chart, Qt::AlignBottom, xu.title, ex);
    QAbstractAxis* y = make_y_axis(chart, tr("throughput (Mbit/s)"), ey);
    const bool dark = is_dark_palette();

    QList<QPointF> link;
    for (std::size_t i = 0; i < r.values.size(); ++i)
        if (drawable(r.link_bps[i])) link.append({r.values[i] * xu.scale, r.link_bps[i] * kMbps});
    add_series(chart, x, y, tr("link rate"), QPen(dark ? QColor("#bbbbbb") : QColor("#555555"), 1.5, Qt::DashDotLine),
               link);

    for (std::size_t si = 0; si < r.series.size(); ++si) {
        const SweepSeries& s = r.series[si];
        const QColor c = algorithm_color(s.algorithm);
        const QString algo = QString::fromUtf8(to_string(s.algorithm));
        QList<QPointF> measured, theory;
        for (std::size_t i = 0; i < r.values.size(); ++i) {
            const double xv = r.values[i] * xu.scale;
            if (drawable(s.samples[i].throughput_bps)) measured.append({xv, s.samples[i].throughput_bps * kMbps});
            if (drawable(s.theory_bps[i])) theory.append({xv, s.theory_bps[i] * kMbps});
        }
        if (!theory.isEmpty())
            add_series(chart, x, y, tr("%1 theory (%2)").arg(algo, laws_of(s)), QPen(c.lighter(130), 1.6, Qt::DashLine),
                       theory);
        QLineSeries* m = add_series(chart, x, y, algo, QPen(c, 2.4), measured);
        m->setPointsVisible(true);
        m->setMarkerSize(7);
        if (r.spec.param != SweepParam::Loss) continue;
        // The fitted power law across the points it rests on.
        const LossSweepFit fit = fit_loss_sweep(r, si);
        if (!fit.loss_limited) continue;
        double lo = INFINITY, hi = 0;
        for (std::size_t i = 0; i < r.values.size(); ++i)
            if (drawable(s.samples[i].throughput_bps) && s.samples[i].utilisation < kLinkLimitedUtilisation) {
                lo = std::min(lo, r.values[i]);
                hi = std::max(hi, r.values[i]);
            }
        if (!(hi > lo)) continue;
        QList<QPointF> line;
        constexpr int kFitPoints = 24;
        for (int k = 0; k <= kFitPoints; ++k) {
            const double p = lo * std::pow(hi / lo, static_cast<double>(k) / kFitPoints);
            line.append({p * xu.scale, fit.loss_limited->constant * std::pow(p, fit.loss_limited->exponent) * kMbps});
        }
        add_series(chart, x, y, tr("%1 fit").arg(algo), QPen(c.darker(140), 1.4, Qt::DotLine), line);
    }
    chart->setTitle(tr("Steady-state throughput"));
}

void SweepChart::drawFlowThroughput(const SweepResult& r) {
    QChart* chart = throughput_->chart();
    reset(chart);
    const AxisUnits xu = axis_units(r.spec.param);
    constexpr double kMbps = 1e-6;
    Extent ex;
    double top = 0;
    for (double v : r.values) ex.add(v * xu.scale);
    for (double l : r.link_bps)
        if (std::isfinite(l)) top = std::max(top, l * kMbps);
    for (const SweepSeries& s : r.series)
        for (const SweepSample& p : s.samples)
            if (std::isfinite(p.throughput_bps)) top = std::max(top, p.throughput_bps * kMbps);
    QAbstractAxis* x = make_log_axis(chart, Qt::AlignBottom, xu.title, ex);
    // Linear from zero: the flows' throughputs add up to the total.
    QValueAxis* y = make_axis(chart, Qt::AlignLeft, tr("throughput (Mbit/s)"));
    y->setRange(0, nice_ceiling(top > 0 ? top * 1.08 : 1));
    y->applyNiceNumbers();

    QList<QPointF> link;
    for (std::size_t i = 0; i < r.values.size(); ++i)
        if (drawable(r.link_bps[i])) link.append({r.values[i] * xu.scale, r.link_bps[i] * kMbps});
    const std::size_t n = r.spec.base.flows.size();
    for (std::size_t si = 0; si < r.series.size(); ++si) {
        const SweepSeries& s = r.series[si];
        QList<QPointF> total;
        for (std::size_t i = 0; i < r.values.size(); ++i)
            if (drawable(s.samples[i].throughput_bps))
                total.append({r.values[i] * xu.scale, s.samples[i].throughput_bps * kMbps});
        const QString name = r.series.size() < 2
                                 ? tr("total")
                                 : tr("total · default %1").arg(QString::fromUtf8(to_string(s.algorithm)));
        // Broad and light: the link rate's dash-dot line, drawn over it, stays readable.
        QPen tp(is_dark_palette() ? QColor("#777777") : QColor("#b0b0b0"), 5);
        if (si > 0) tp.setStyle(si % 2 ? Qt::DashLine : Qt::DotLine);
        add_series(chart, x, y, name, tp, total);
        for (std::size_t f = 0; f < n; ++f) {
            QList<QPointF> pts;
            for (std::size_t i = 0; i < r.values.size(); ++i) {
                const SweepFlowSample fs = flow_sample(s.samples[i], f);
                if (f < s.samples[i].flows.size() && std::isfinite(fs.throughput_bps))
                    pts.append({r.values[i] * xu.scale, fs.throughput_bps * kMbps});
            }
            QLineSeries* m = add_series(chart, x, y, flow_series_name(r, si, f), flow_series_pen(si, f, 2.4), pts);
            m->setObjectName(QStringLiteral("flow-throughput-%1-%2").arg(si).arg(f));
            m->setPointsVisible(true);
            m->setMarkerSize(7);
        }
    }
    add_series(chart, x, y, tr("link rate"), QPen(reference_colour(), 1.6, Qt::DashDotLine), link);
    chart->setTitle(tr("Steady-state throughput per flow"));
}

void SweepChart::drawFlowShare(const SweepResult& r) {
    QChart* chart = share_->chart();
    reset(chart);
    const AxisUnits xu = axis_units(r.spec.param);
    constexpr double kPercent = 100;
    Extent ex;
    for (double v : r.values) ex.add(v * xu.scale);
    QAbstractAxis* x = make_log_axis(chart, Qt::AlignBottom, xu.title, ex);
    QValueAxis* y = make_axis(chart, Qt::AlignLeft, tr("share of the aggregate (%)"));
    y->setRange(0, 100);
    y->setTickCount(6);
    y->setLabelFormat("%.0f");
    // The fair share of the bulk TCP flows, 1/n, across the range.
    const double fair = fair_share(r.spec.base);
    if (fair > 0 && ex.any()) {
        const QString n = QString::number(bulk_flow_count(resolve_flows(r.spec.base)));
        add_series(chart, x, y, tr("fair share 1/%1 (%2 %)").arg(n, QString::number(fair * kPercent, 'g', 3)),
                   QPen(reference_colour(), 1.6, Qt::DashLine), {{ex.lo, fair * kPercent}, {ex.hi, fair * kPercent}})
            ->setObjectName(QStringLiteral("fair-share"));
    }
    const std::size_t n = r.spec.base.flows.size();
    for (std::size_t si = 0; si < r.series.size(); ++si) {
        const SweepSeries& s = r.series[si];
        for (std::size_t f = 0; f < n; ++f) {
            QList<QPointF> pts;
            for (std::size_t i = 0; i < r.values.size(); ++i)
                if (f < s.samples[i].flows.size() && std::isfinite(s.samples[i].flows[f].share))
                    pts.append({r.values[i] * xu.scale, s.samples[i].flows[f].share * kPercent});
            QLineSeries* m = add_series(chart, x, y, flow_series_name(r, si, f), flow_series_pen(si, f, 2.6), pts);
            m->setObjectName(QStringLiteral("flow-share-%1-%2").arg(si).arg(f));
            m->setPointsVisible(true);
            m->setMarkerSize(8);
        }
    }
    chart->setTitle(tr("Share of the link per flow"));
}

void SweepChart::drawRtt(const SweepResult& r) {
    QChart* chart = rtt_->chart();
    reset(chart);
    const AxisUnits xu = axis_units(r.spec.param);
    constexpr double kMs = 1e3;
    Extent ex, ey;
    for (double v : r.values) ex.add(v * xu.scale);
    QList<QPointF> base;
    for (double v : r.values) {
        const double rtt = with_sweep_value(r.spec.base, r.spec.param, v).rtt_s * kMs;
        ey.add(rtt);
        base.append({v * xu.scale, rtt});
    }
    for (const SweepSeries& s : r.series)
        for (const SweepSample& p : s.samples) ey.add(p.mean_rtt_s * kMs);
    QAbstractAxis* x = make_log_axis(chart, Qt::AlignBottom, xu.title, ex);
    QAbstractAxis* y = make_y_axis(chart, tr("mean RTT (ms)"), ey);
    add_series(chart, x, y, tr("base RTT"),
               QPen(is_dark_palette() ? QColor("#bbbbbb") : QColor("#555555"), 1.5, Qt::DashLine), base);
    const bool flows = several_flows(r);
    for (std::size_t si = 0; si < r.series.size(); ++si) {
        const SweepSeries& s = r.series[si];
        QList<QPointF> pts;
        for (std::size_t i = 0; i < r.values.size(); ++i)
            if (drawable(s.samples[i].mean_rtt_s)) pts.append({r.values[i] * xu.scale, s.samples[i].mean_rtt_s * kMs});
        const QString algo = QString::fromUtf8(to_string(s.algorithm));
        // Several flows: the aggregate's mean RTT, in no flow's colour.
        QPen pen(algorithm_color(s.algorithm), 2.4);
        QString name = algo;
        if (flows) {
            pen = QPen(is_dark_palette() ? QColor("#eeeeee") : QColor("#222222"), 2.4,
                       si == 0 ? Qt::SolidLine : si == 1 ? Qt::DashLine : Qt::DotLine);
            name = r.series.size() < 2 ? tr("all flows") : tr("all flows · default %1").arg(algo);
        }
        QLineSeries* m = add_series(chart, x, y, name, pen, pts);
        m->setPointsVisible(true);
        m->setMarkerSize(6);
    }
    chart->setTitle(tr("Mean RTT"));
}

}  // namespace inflight::ui
