#include "ui/panels/throughput_chart.h"

#include <QAreaSeries>
#include <QChart>
#include <QChartView>
#include <QLegend>
#include <QLineSeries>
#include <QValueAxis>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "ui/panels/chart_key.h"
#include "ui/panels/flow_palette.h"
#include "ui/panels/flow_throughput.h"
#include "model/core/units.h"

namespace inflight::ui {


ThroughputChart::ThroughputChart(QWidget* parent) : QWidget(parent) {
    setObjectName("throughput_chart");
    view_ = make_chart_view(this);
    QChart* chart = view_->chart();
    x_ = make_time_axis(chart);
    y_ = make_axis(chart, Qt::AlignLeft, tr("Mbit/s"));
    y_->setTickCount(3);
    floor_ = new QLineSeries(this);
    link_ = new QLineSeries(chart);
    link_->setName(tr("link"));
    chart->addSeries(link_);
    link_->attachAxis(x_);
    link_->attachAxis(y_);
    chart->legend()->hide();
    key_ = new ChartKey(chart, this);
    auto* l = new QVBoxLayout(this);
    l->setContentsMargins(0, 0, 0, 0);
    l->setSpacing(1);
    l->addWidget(view_, 1);
    l->addWidget(key_);
    connect(chart, &QChart::plotAreaChanged, this, [this] {
        if (drawn_columns_ > 0 && maxColumns() != drawn_columns_) emit columnsChanged();
    });
    view_->setToolTip(tr("Each TCP flow's throughput over time, stacked in its colour (flow 1 at the bottom): "
                         "the packets it had delivered in each column of the chart (ACKs received, "
                         "retransmissions included) × MSS, per second. The top edge is their sum, at most "
                         "the link. Pings are left out (a few kbit/s)."));
    restyle(ChartStyle{});
}

void ThroughputChart::ensureAreas(const std::vector<int>& flows) {
    if (flows == flows_) return;
    flows_ = flows;
    // A pool that only grows: area k sits on area k-1's upper edge. Qt
    // Charts keeps items connected to a removed series for a while, so
    // series are never deleted here; the unused ones are hidden and empty.
    QChart* chart = view_->chart();
    bool added = false;
    while (areas_.size() < flows_.size()) {
        QLineSeries* below = edges_.empty() ? floor_ : edges_.back();
        auto* upper = new QLineSeries(this);
        // No name: the share bars above the chart are its key (the same
        // colours, in the same order), so the key under it shows the link.
        auto* area = new QAreaSeries(upper, below);
        chart->addSeries(area);
        area->attachAxis(x_);
        area->attachAxis(y_);
        areas_.push_back(area);
        edges_.push_back(upper);
        added = true;
    }
    for (std::size_t k = 0; k < areas_.size(); ++k) {
        const bool used = k < flows_.size();
        if (!used) edges_[k]->clear();
        if (areas_[k]->isVisible() != used) areas_[k]->setVisible(used);
    }
    if (added) {  // the link and the overlays over the areas
        for (const Overlay& o : overlays_) {
            chart->removeSeries(o.halo);
            if (o.line) chart->removeSeries(o.line);
        }
        chart->removeSeries(link_);
        chart->addSeries(link_);
        link_->attachAxis(x_);
        link_->attachAxis(y_);
        for (const Overlay& o : overlays_) attachOnTop(o);
    }
    restyle(style_);
}

void ThroughputChart::restyle(const ChartStyle& style) {
    style_ = style;
    const bool dark = is_dark_palette() && !style.presentation;
    const QColor plot_bg = dark ? QColor(0x2a, 0x2a, 0x2a) : QColor(Qt::white);
    for (std::size_t k = 0; k < areas_.size() && k < flows_.size(); ++k) {
        const int i = flows_[k];
        // The flow's colour, striped or dotted past the seven colours.
        areas_[k]->setBrush(flow_brush(i, dark, plot_bg));
        // A thin edge in the plot's background separates neighbours of
        // similar colour.
        areas_[k]->setPen(QPen(plot_bg, style.presentation ? 1.2 : 0.8));
    }
    for (const Overlay& o : overlays_) styleHalo(o);
    const SeriesColors sc = style.colors();
    link_->setPen(style.pen(sc.link, 1.8, Qt::DashLine, true));
    style_chart(view_->chart());
    key_->setFont(view_->chart()->legend()->font());
    key_->refresh();
}

double ThroughputChart::rateAxisTop() const { return y_->max(); }

int ThroughputChart::maxColumns() const {
    return std::max(kLeastColumns, static_cast<int>(view_->chart()->plotArea().width()) / kColumnPx);
}

void ThroughputChart::attachOnTop(const Overlay& o) {
    for (QLineSeries* s : {o.halo, o.line.data()}) {
        if (!s) continue;
        view_->chart()->addSeries(s);
        s->attachAxis(x_);
        s->attachAxis(y_);
    }
}

void ThroughputChart::styleHalo(const Overlay& o) {
    if (!o.line) return;
    const bool dark = is_dark_palette() && !style_.presentation;
    QColor bg = dark ? QColor(0x2a, 0x2a, 0x2a) : QColor(Qt::white);
    bg.setAlphaF(0.7f);
    QPen pen(bg, o.line->pen().widthF() + 2.5, Qt::SolidLine, Qt::FlatCap, Qt::RoundJoin);
    o.halo->setPen(pen);
    o.halo->setVisible(o.line->isVisible());
}

void ThroughputChart::addOverlay(QLineSeries* s) {
    if (!s || std::any_of(overlays_.begin(), overlays_.end(), [s](const Overlay& o) { return o.line == s; })) return;
    const Overlay o{s, new QLineSeries(this)};
    overlays_.push_back(o);
    attachOnTop(o);
    // The halo follows its line: points, width, visibility. (A line lives
    // until removeOverlay(), or with this chart, which owns both.)
    QLineSeries* halo = o.halo;
    const auto copy = [s, halo] { halo->replace(s->points()); };
    connect(s, &QXYSeries::pointsReplaced, halo, copy);
    connect(s, &QXYSeries::pointsRemoved, halo, copy);
    connect(s, &QXYSeries::pointAdded, halo, copy);
    connect(s, &QXYSeries::penChanged, halo, [this, o] { styleHalo(o); });
    connect(s, &QAbstractSeries::visibleChanged, halo, [this, o] { styleHalo(o); });
    copy();
    styleHalo(o);
    key_->refresh();
}

void ThroughputChart::removeOverlay(QLineSeries* s) {
    const auto it = std::find_if(overlays_.begin(), overlays_.end(), [s](const Overlay& o) { return o.line == s; });
    if (it == overlays_.end()) return;
    QLineSeries* halo = it->halo;
    overlays_.erase(it);
    disconnect(s, nullptr, halo, nullptr);
    view_->chart()->removeSeries(s);
    view_->chart()->removeSeries(halo);
    delete halo;
    key_->refresh();
}

void ThroughputChart::growTo(double duration_s, double top_in_unit) {
    if (std::isfinite(duration_s) && duration_s > x_->max()) set_axis_range(x_, x_->min(), duration_s);
    if (std::isfinite(top_in_unit) && top_in_unit > y_->max()) {
        set_axis_range(y_, y_->min(), nice_ceiling(top_in_unit));
        fit_vertical_ticks(y_, view_->chart()->plotArea().height());
    }
}

void ThroughputChart::setRun(const RunResult& r) {
    const Scenario& sc = r.scenario;
    drawn_columns_ = maxColumns();
    const FlowThroughput f = flow_throughput(r, drawn_columns_);
    ensureAreas(f.flows);

    // Each column drawn as a step over its span, the flows stacked.
    std::vector<QList<QPointF>> edges(flows_.size());
    for (std::size_t c = 0; c < f.t_start_s.size(); ++c) {
        double sum = 0;
        for (std::size_t k = 0; k < flows_.size(); ++k) {
            sum += f.bps[k][c];
            edges[k].append({f.t_start_s[c], sum});
            edges[k].append({f.t_end_s[c], sum});
        }
    }
    // y: the link, or the stack's top if it goes past it; a link far above
    // the flows is left off the scale (link_scale).
    const double top_bps = f.peak_sum_bps;
    const LinkScale scale = link_scale(top_bps, sc.bandwidth_bps);
    const double top = scale.top_bps;
    const bool gbit = top >= 2e9;
    unit_bps_ = gbit ? 1e9 : 1e6;
    for (QList<QPointF>& e : edges)
        for (QPointF& p : e) p.setY(p.y() / unit_bps_);
    // The floor needs a point under every point of the first edge for the
    // area to fill straight down.
    QList<QPointF> zero;
    if (!edges.empty()) {
        zero.reserve(edges.front().size());
        for (const QPointF& p : edges.front()) zero.append({p.x(), 0});
    }
    floor_->replace(zero);
    for (std::size_t k = 0; k < flows_.size(); ++k) edges_[k]->replace(edges[k]);
    link_->replace({{0, sc.bandwidth_bps / unit_bps_}, {sc.duration_s, sc.bandwidth_bps / unit_bps_}});
    if (link_->name() != scale.link_name) link_->setName(scale.link_name);
    y_->setTitleText(gbit ? tr("Gbit/s") : tr("Mbit/s"));
    set_axis_range(x_, 0, sc.duration_s);
    set_axis_range(y_, 0, nice_ceiling(top / unit_bps_ * 1.05));
    y_->setTickCount(3);
    fit_vertical_ticks(y_, view_->chart()->plotArea().height());
    key_->refresh();
}

}  // namespace inflight::ui
