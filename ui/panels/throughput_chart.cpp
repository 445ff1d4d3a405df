#include "panels/throughput_chart.h"

#include <QAreaSeries>
#include <QChart>
#include <QChartView>
#include <QLegend>
#include <QLineSeries>
#include <QValueAxis>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "panels/chart_key.h"
#include "panels/flow_palette.h"
#include "units.h"

namespace inflight::ui {

namespace {
// Buckets [first, last] of the shared bucket list that fall in each column
// (by their middle), for `columns` equal columns over [0, duration).
struct Span {
    std::size_t first = 0, last = 0;
    bool any = false;
};
std::vector<Span> column_spans(const TraceBucket* b, std::size_t n, double duration_s, int columns) {
    std::vector<Span> spans(static_cast<std::size_t>(columns));
    for (std::size_t j = 0; j < n; ++j) {
        const double mid = 0.5 * (b[j].t_start_s + b[j].t_end_s);
        const int c = std::clamp(static_cast<int>(mid / std::max(1e-12, duration_s) * columns), 0, columns - 1);
        Span& s = spans[static_cast<std::size_t>(c)];
        if (!s.any) s.first = j;
        s.last = j;
        s.any = true;
    }
    return spans;
}
}  // namespace

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
    if (added) {  // the link over the areas
        chart->removeSeries(link_);
        chart->addSeries(link_);
        link_->attachAxis(x_);
        link_->attachAxis(y_);
    }
    restyle(style_);
}

void ThroughputChart::restyle(const ChartStyle& style) {
    style_ = style;
    const bool dark = is_dark_palette() && !style.presentation;
    const QColor plot_bg = dark ? QColor(0x2a, 0x2a, 0x2a) : QColor(Qt::white);
    for (std::size_t k = 0; k < areas_.size() && k < flows_.size(); ++k) {
        const int i = flows_[k];
        QColor c = flow_colour(i, dark);
        areas_[k]->setBrush(c);
        // A thin edge in the plot's background separates neighbours of
        // similar colour.
        areas_[k]->setPen(QPen(plot_bg, style.presentation ? 1.2 : 0.8));
    }
    const SeriesColors sc = style.colors();
    link_->setPen(style.pen(sc.link, 1.8, Qt::DashLine, true));
    style_chart(view_->chart());
    key_->setFont(view_->chart()->legend()->font());
    key_->refresh();
}

double ThroughputChart::rateAxisTop() const { return y_->max(); }

void ThroughputChart::setRun(const RunResult& r) {
    const Scenario& sc = r.scenario;
    std::vector<int> flows;
    for (std::size_t i = 0; i < r.flows.size(); ++i)
        if (r.flows[i].summary.kind == FlowKind::Tcp && resolve_flow(sc, i).kind == FlowKind::Tcp)
            flows.push_back(static_cast<int>(i));
    ensureAreas(flows);

    // The shared bucket list: every flow's trace is closed at the same
    // moments; while a run streams, the shortest one so far.
    std::size_t n = SIZE_MAX;
    for (int i : flows_) n = std::min(n, r.flows[static_cast<std::size_t>(i)].trace.buckets.size());
    if (flows_.empty()) n = 0;
    // A column per pixel, but never narrower than two of the longest flow
    // RTT: a window-limited flow sends its window once per RTT, and a
    // narrower column would show those bursts, not its rate.
    double longest_rtt_s = 0;
    for (int i : flows_) longest_rtt_s = std::max(longest_rtt_s, resolve_flow(sc, static_cast<std::size_t>(i)).rtt_s);
    int columns = std::max(60, static_cast<int>(view_->chart()->plotArea().width()));
    if (longest_rtt_s > 0)
        columns = std::clamp(static_cast<int>(sc.duration_s / (2 * longest_rtt_s)), 1, columns);
    const TraceBucket* shared = n ? r.flows[static_cast<std::size_t>(flows_.front())].trace.buckets.data() : nullptr;
    const std::vector<Span> spans = column_spans(shared, n, sc.duration_s, columns);

    // y: the link, or the stack's top if it goes past it.
    std::vector<QList<QPointF>> edges(flows_.size());
    std::vector<double> level;  // the stack so far in this column
    double top_bps = 0;
    for (const Span& s : spans) {
        if (!s.any) continue;
        const double t0 = shared[s.first].t_start_s, t1 = shared[s.last].t_end_s;
        if (!(t1 > t0)) continue;
        double sum = 0;
        for (std::size_t k = 0; k < flows_.size(); ++k) {
            const Trace& t = r.flows[static_cast<std::size_t>(flows_[k])].trace;
            const std::uint64_t before = s.first > 0 ? t.buckets[s.first - 1].pkts_delivered : 0;
            const std::uint64_t after = t.buckets[s.last].pkts_delivered;
            const double bps = after >= before
                                   ? static_cast<double>(after - before) * t.mss_bytes * 8 / (t1 - t0)
                                   : 0.0;
            sum += bps;
            edges[k].append({t0, sum});
            edges[k].append({t1, sum});
        }
        top_bps = std::max(top_bps, sum);
    }
    const double top = std::max(top_bps, sc.bandwidth_bps);
    const bool gbit = top >= 2e9;
    unit_bps_ = gbit ? 1e9 : 1e6;
    for (QList<QPointF>& e : edges)
        for (QPointF& p : e) p.setY(p.y() / unit_bps_);
    QList<QPointF> zero;
    if (!edges.empty() && !edges.front().isEmpty())
        zero = {{edges.front().front().x(), 0}, {edges.front().back().x(), 0}};
    // The floor needs a point under every point of the first edge for the
    // area to fill straight down.
    if (!edges.empty()) {
        zero.clear();
        zero.reserve(edges.front().size());
        for (const QPointF& p : edges.front()) zero.append({p.x(), 0});
    }
    floor_->replace(zero);
    for (std::size_t k = 0; k < flows_.size(); ++k) edges_[k]->replace(edges[k]);
    link_->replace({{0, sc.bandwidth_bps / unit_bps_}, {sc.duration_s, sc.bandwidth_bps / unit_bps_}});
    y_->setTitleText(gbit ? tr("Gbit/s") : tr("Mbit/s"));
    x_->setRange(0, sc.duration_s);
    y_->setRange(0, nice_ceiling(top / unit_bps_ * 1.05));
    y_->setTickCount(3);
    fit_vertical_ticks(y_, view_->chart()->plotArea().height());
    key_->refresh();
}

}  // namespace inflight::ui
