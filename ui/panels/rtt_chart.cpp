#include "ui/panels/rtt_chart.h"

#include <QAreaSeries>
#include <QChart>
#include <QLegend>
#include <QLineSeries>
#include <QScatterSeries>
#include <QValueAxis>
#include <algorithm>
#include <cmath>
#include <set>

#include "ui/panels/chart_key.h"
#include "ui/panels/flow_lines.h"
#include "ui/panels/flow_palette.h"
#include "ui/panels/plot_note.h"
#include "ui/panels/time_span.h"
#include "ui/panels/trace_series.h"
#include "model/core/units.h"

namespace inflight::ui {

namespace {

// The distinct base RTTs of the flows, ascending (to the microsecond).
std::vector<double> distinct_rtts(const std::vector<ShownFlow>& flows) {
    std::set<long long> us;
    for (const ShownFlow& f : flows) us.insert(std::llround(f.rtt_s * 1e6));
    std::vector<double> out;
    for (long long u : us) out.push_back(static_cast<double>(u) * 1e-6);
    return out;
}

// A transaction's marker: a diamond, then a star and a pentagon where the
// flow colours come round again (a ping's are dots, squares, triangles).
QScatterSeries::MarkerShape transaction_marker(int index) {
    const int round = index / kFlowColourCount;
    return round == 0   ? QScatterSeries::MarkerShapeRotatedRectangle
           : round == 1 ? QScatterSeries::MarkerShapeStar
                        : QScatterSeries::MarkerShapePentagon;
}
const char* transaction_marker_name(int index) {
    const int round = index / kFlowColourCount;
    return round == 0 ? "diamonds" : round == 1 ? "stars" : "pentagons";
}

}  // namespace

RttChart::RttChart(QWidget* parent) : ChartFrame(tr("RTT (ms)"), parent) {
    env_lo_ = line();
    env_hi_ = line();
    envelope_ = band(env_hi_, env_lo_, tr("RTT samples (min–max)"));
    srtt_ = line(tr("smoothed RTT"));
    min_rtt_ = line(tr("min RTT"));
    base_ = line(tr("base RTT"));
    // The base RTT broad and underneath, min RTT dashed over it: where the
    // two coincide (an empty queue) both show.
    addSeries({envelope_, base_, srtt_, min_rtt_});
    zoom_note_ = new PlotNote(view());
    // It speaks only when zoomed: it keeps to the headroom above the RTTs.
    zoom_note_->setMostOfPlot(kZoomedNoteShare);
    restyle(ChartStyle{});
    clear();
}

QString RttChart::plotNote() const { return zoom_note_->text(); }

QRectF RttChart::plotNoteRect() const { return zoom_note_->sceneRect(); }

void RttChart::restyle(const ChartStyle& style) {
    style_ = style;
    const SeriesColors c = style.colors();
    envelope_->setBrush(c.envelope);
    envelope_->setPen(style.pen(c.rtt, 1.5));
    srtt_->setPen(style.pen(c.srtt, 1.2));
    min_rtt_->setPen(style.pen(c.min_rtt, 1.8, Qt::DashDotLine, true));
    base_->setPen(style.pen(c.base_rtt, 3.5, Qt::SolidLine));
    for (QLineSeries* b : extra_bases_) b->setPen(base_->pen());
    style_chart(chart());
    key()->setFont(chart()->legend()->font());
    zoom_note_->restyle();
}

std::vector<QLineSeries*> RttChart::flowSrttSeries() const {
    std::vector<QLineSeries*> out;
    for (const PerFlow& f : flows_)
        if (!f.ping) out.push_back(static_cast<QLineSeries*>(f.series));
    return out;
}

std::vector<QScatterSeries*> RttChart::pingSeries() const {
    std::vector<QScatterSeries*> out;
    for (const PerFlow& f : flows_)
        if (f.ping) out.push_back(static_cast<QScatterSeries*>(f.series));
    return out;
}

std::vector<QScatterSeries*> RttChart::transactionSeries() const {
    std::vector<QScatterSeries*> out;
    for (const Transactions& t : transactions_) out.push_back(t.series);
    return out;
}

void RttChart::clear() {
    syncFlowSeries(nullptr);
    syncTransactionSeries(nullptr, false);
    for (QLineSeries* s : {env_lo_, env_hi_, srtt_, min_rtt_, base_}) s->clear();
    xAxis()->setRange(0, 40);
    yAxis()->setRange(0, 100);
}

bool RttChart::syncFlowSeries(const RunResult* r) {
    const std::vector<ShownFlow> flows = r ? shown_flows(*r) : std::vector<ShownFlow>{};
    QString sig;
    for (const ShownFlow& f : flows) sig += QString::number(f.index) + (f.kind == FlowKind::Ping ? 'p' : 't');
    const std::vector<double> rtts = distinct_rtts(flows);
    if (!flows.empty()) sig += QLatin1Char('/') + QString::number(rtts.size());
    if (sig == signature_) return false;
    signature_ = sig;
    for (PerFlow& f : flows_) dropSeries(f.series);
    flows_.clear();
    for (QLineSeries* b : extra_bases_) dropSeries(b);
    extra_bases_.clear();
    const bool several = !flows.empty();
    for (QAbstractSeries* s : std::initializer_list<QAbstractSeries*>{envelope_, srtt_, min_rtt_})
        s->setVisible(!several);
    base_->setName(tr("base RTT"));
    if (!several) return true;
    // Under the flows: one broad base line per further distinct RTT.
    for (std::size_t i = 1; i < rtts.size(); ++i) {
        QLineSeries* b = line();
        b->setPen(base_->pen());
        addSeries({b});
        extra_bases_.push_back(b);
    }
    // The pings' dots, then every smoothed RTT over them: the dots are
    // dense (ten a second) and would bury a thin line; drawn under, they
    // show either side of it.
    for (const ShownFlow& f : flows)
        if (f.kind == FlowKind::Ping) {
            auto* s = new QScatterSeries(chart());
            addSeries({s});
            flows_.push_back({f.index, s, true});
        }
    for (const ShownFlow& f : flows)
        if (f.kind == FlowKind::Tcp) {
            QLineSeries* s = line();
            addSeries({s});
            flows_.push_back({f.index, s, false});
        }
    return true;
}

void RttChart::syncTransactionSeries(const RunResult* r, bool rebuild) {
    QString sig;
    if (r) {
        for (std::size_t i = 0; i < r->flows.size(); ++i)
            if (r->flows[i].flow.is_rpc()) sig += QString::number(i) + QLatin1Char(',');
        if (!sig.isEmpty()) sig += r->flows.size() > 1 ? QLatin1Char('s') : QLatin1Char('1');
    }
    if (sig == transaction_signature_ && !rebuild) return;
    transaction_signature_ = sig;
    for (Transactions& t : transactions_) dropSeries(t.series);
    transactions_.clear();
    if (!r) return;
    // Added last: over the envelope, the lines and the pings' dots.
    for (std::size_t i = 0; i < r->flows.size(); ++i)
        if (r->flows[i].flow.is_rpc()) {
            auto* s = new QScatterSeries(chart());
            addSeries({s});
            transactions_.push_back({static_cast<int>(i), s});
        }
}

void RttChart::styleTransactionSeries(const RunResult& r) {
    const std::vector<ShownFlow> flows = shown_flows(r);
    for (Transactions& t : transactions_) {
        const QString label = QString::fromStdString(r.flows[static_cast<std::size_t>(t.index)].flow.label);
        QScatterSeries* s = t.series;
        if (flows.empty()) {
            // One flow: a colour the RTT panel's own series do not use.
            const QColor c = style_.colors().cwnd;
            s->setMarkerShape(QScatterSeries::MarkerShapeRotatedRectangle);
            s->setMarkerSize(style_.pen(c, 3.2).widthF() * 2);
            s->setColor(c);
            s->setBorderColor(c);
            const QString name = tr("transaction latency (%1)").arg(label);
            if (s->name() != name) s->setName(name);
            continue;
        }
        const ShownFlow& f = flows[static_cast<std::size_t>(t.index)];
        const QString group = tr("transaction latency");
        style_flow_series(s, f, group, style_, 3.2);
        s->setMarkerShape(transaction_marker(f.index));
        tag_flow_series(s, f.index, group, key_short_name(f),
                        tr("%1: %2 — %3 %4")
                            .arg(f.label, group, flow_colour_name(f.index), tr(transaction_marker_name(f.index))));
    }
}

double RttChart::drawTransactions(const RunResult& r, int columns) {
    const double duration_s = r.scenario.duration_s;
    double top = 0;
    for (Transactions& t : transactions_) {
        const TransactionSamples& x = r.flows[static_cast<std::size_t>(t.index)].transaction_samples;
        const QList<QPointF> pts = point_dots(x.t_s, x.latency_s, {0, duration_s, columns}, kMaxPingDots);
        for (const QPointF& q : pts) top = std::max(top, q.y() / 1e3);
        t.series->replace(pts);
    }
    return top;
}

void RttChart::styleFlowSeries(const RunResult& r) {
    const std::vector<ShownFlow> flows = shown_flows(r);
    for (PerFlow& p : flows_) {
        const ShownFlow& f = flows[static_cast<std::size_t>(p.index)];
        style_flow_series(p.series, f, p.ping ? tr("ping replies") : tr("smoothed RTT"), style_, p.ping ? 2.2 : 1.8);
    }
}

void RttChart::setTrace(const Trace& t, double duration_s) {
    syncFlowSeries(nullptr);
    syncTransactionSeries(nullptr, false);
    fitAxes(drawOneFlow(t, duration_s), duration_s);
    key()->refresh();  // now, not when the scene next reports a change
}

double RttChart::drawOneFlow(const Trace& t, double duration_s) {
    const ColumnRange r{0, duration_s, columns()};
    QList<QPointF> lo, hi;
    minmax_envelope(t, &TraceBucket::rtt_s, r, 1e3, &lo, &hi);
    env_lo_->replace(lo);
    env_hi_->replace(hi);
    srtt_->replace(level_line(t, &TraceBucket::srtt_s, r, 1e3));
    min_rtt_->replace(level_line(t, &TraceBucket::min_rtt_s, r, 1e3));
    base_->replace({{0, t.base_rtt_s * 1e3}, {duration_s, t.base_rtt_s * 1e3}});
    double top = t.base_rtt_s;
    for (const QPointF& p : hi) top = std::max(top, p.y() / 1e3);
    return top;
}

double RttChart::shownTopFrom(double from_s) const {
    // The measured series only: the base RTT lines span the whole run
    // whether or not it has reached from_s.
    double top_ms = 0;
    const auto take = [&](const QXYSeries* s) {
        for (const QPointF& p : s->points())
            if (p.x() >= from_s && std::isfinite(p.y())) top_ms = std::max(top_ms, p.y());
    };
    if (envelope_->isVisible()) take(env_hi_);  // the band's upper edge
    for (QAbstractSeries* a : chart()->series()) {
        const auto* s = qobject_cast<const QXYSeries*>(a);
        if (!s || !s->isVisible() || s == base_ ||
            std::find(extra_bases_.begin(), extra_bases_.end(), s) != extra_bases_.end())
            continue;
        take(s);
    }
    return top_ms / 1e3;
}

void RttChart::fitAxes(double top_s, double duration_s) {
    set_axis_range(xAxis(), 0, duration_s);
    if (!fit_steady_) {
        set_axis_range(yAxis(), 0, nice_ceiling(top_s * 1e3 * 1.08));
        yAxis()->applyNiceNumbers();
        fit_vertical_ticks(yAxis(), chart()->plotArea().height());
        zoom_note_->setText(QString());
        return;
    }
    // Zoomed, the axis is the steady state's largest RTT drawn (the base
    // RTT's line too); a run not yet past its first half has none: then the
    // whole run so far. The round top stands (as the window panel's).
    const double steady_s = shownTopFrom(duration_s / 2);
    double base_s = 0;  // the largest base RTT drawn
    for (const QLineSeries* b : extra_bases_)
        if (!b->points().isEmpty()) base_s = std::max(base_s, b->points().front().y() / 1e3);
    if (!base_->points().isEmpty()) base_s = std::max(base_s, base_->points().front().y() / 1e3);
    set_axis_range(yAxis(), 0,
                   nice_ceiling((steady_s > 0 ? std::max(steady_s, base_s) * kZoomHeadroom : top_s * 1.08) * 1e3));
    fit_vertical_ticks(yAxis(), chart()->plotArea().height());
    const double peak_s = std::max(top_s, shownTopFrom(0));
    zoom_note_->setText(peak_s * 1e3 > yAxis()->max() * 1.0001
                            ? zoomed_peak_note(QString::fromStdString(format_time(peak_s)))
                            : NoteText{});
}

void RttChart::setRun(const RunResult& run) {
    const std::vector<ShownFlow> flows = shown_flows(run);
    // Zoomed, a run of transfers alone spans their time (time_span.h).
    const double span_s = fit_steady_ ? zoomed_time_span_s(run) : run.scenario.duration_s;
    if (flows.empty()) {
        syncFlowSeries(nullptr);
        syncTransactionSeries(&run, false);
        styleTransactionSeries(run);
        const double top = std::max(drawOneFlow(run.trace, span_s), drawTransactions(run, columns()));
        fitAxes(top, span_s);
        key()->refresh();  // now, not when the scene next reports a change
        return;
    }
    syncTransactionSeries(&run, syncFlowSeries(&run));
    styleFlowSeries(run);
    styleTransactionSeries(run);
    const double duration_s = span_s;
    const ColumnRange r{0, duration_s, columnsFor(static_cast<int>(flows_.size()))};
    for (QLineSeries* s : {env_lo_, env_hi_, srtt_, min_rtt_}) s->clear();

    // The reference lines: every distinct base RTT of the flows.
    const std::vector<double> rtts = distinct_rtts(flows);
    const auto flat = [&](QLineSeries* s, double rtt_s) { s->replace({{0, rtt_s * 1e3}, {duration_s, rtt_s * 1e3}}); };
    flat(base_, rtts.front());
    for (std::size_t i = 1; i < rtts.size() && i - 1 < extra_bases_.size(); ++i) flat(extra_bases_[i - 1], rtts[i]);
    if (rtts.size() > 1) {
        QStringList ms;
        for (double x : rtts) ms << QString::fromStdString(format_number(x * 1e3, 3));
        const QString name = tr("base RTTs (%1 ms)").arg(ms.join(QStringLiteral(", ")));
        if (base_->name() != name) base_->setName(name);
    } else if (base_->name() != tr("base RTT")) {
        base_->setName(tr("base RTT"));
    }

    double top = rtts.back();
    for (PerFlow& p : flows_) {
        const FlowResult* f = flows[static_cast<std::size_t>(p.index)].result;
        QList<QPointF> pts;
        if (f && p.ping) {
            pts = point_dots(f->ping_rtt_samples_t_s, f->ping_rtt_samples_s, r, kMaxPingDots);
        } else if (f) {
            // No smoothed RTT before the flow's first sample (0) or start.
            pts = level_line(f->trace, [](const TraceBucket& b) { return b.srtt_s > 0 ? b.srtt_s : NAN; }, r, 1e3);
        }
        for (const QPointF& q : pts) top = std::max(top, q.y() / 1e3);
        p.series->replace(pts);
    }
    top = std::max(top, drawTransactions(run, r.columns));
    fitAxes(top, duration_s);
    key()->refresh();  // now, not when the scene next reports a change
}

}  // namespace inflight::ui
