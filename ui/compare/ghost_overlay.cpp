#include "ui/compare/ghost_overlay.h"

#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QFontMetricsF>
#include <QBrush>
#include <QGraphicsLineItem>
#include <QGraphicsRectItem>
#include <QGraphicsSimpleTextItem>
#include <QGroupBox>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QScatterSeries>
#include <QValueAxis>
#include <algorithm>
#include <cmath>
#include <functional>

#include "model/core/units.h"
#include "ui/lesson/flow_words.h"
#include "ui/panels/chart_style.h"
#include "ui/panels/dashboard.h"
#include "ui/panels/chart_key.h"
#include "ui/panels/flow_lines.h"
#include "ui/panels/flow_palette.h"
#include "ui/panels/flow_throughput.h"
#include "ui/panels/hero_panel.h"
#include "ui/panels/rtt_chart.h"
#include "ui/panels/share_bars.h"
#include "ui/panels/throughput_chart.h"
#include "ui/panels/trace_series.h"
#include "ui/panels/window_chart.h"

namespace inflight::ui {

namespace {

// The throughput-per-flow chart grows for an overlay's total up to this
// many times the overlay's link rate (drawOverTime).
constexpr double kOverLinkAtMost = 1.25;

// The longest of the label, its part before " — ", or its first word that
// is at most `room_px` wide; that first word elided if none is.
QString fitted_tag(const QString& label, const QFontMetricsF& fm, double room_px) {
    QStringList forms{label};
    if (const int dash = label.indexOf(QStringLiteral(" — ")); dash > 0) forms << label.left(dash);
    if (const int space = label.indexOf(QLatin1Char(' ')); space > 0) forms << label.left(space);
    for (const QString& f : forms)
        if (fm.horizontalAdvance(f) <= room_px) return f;
    return fm.elidedText(forms.back(), Qt::ElideRight, std::max(0.0, room_px));
}

// A line with nothing to draw (a capture taken beside its receiver has no
// flight and no RTT of the sender's) is hidden, so the chart's key (one
// entry per visible series) does not name it.
void show_only_if_drawn(QLineSeries* s) {
    const bool drawn = !s->points().isEmpty();
    if (s->isVisible() != drawn) s->setVisible(drawn);
}

QChart* chart_in(QWidget* panel) {
    auto* view = panel ? panel->findChild<QChartView*>() : nullptr;
    return view ? view->chart() : nullptr;
}

QValueAxis* axis(QChart* chart, Qt::Orientation o) {
    const auto axes = chart->axes(o);
    return axes.isEmpty() ? nullptr : qobject_cast<QValueAxis*>(axes.first());
}

// A's colour: the panel's own colour for that line, taken most of the way
// toward the chart background, so B stays the one that reads first.
QColor faded(const QColor& c) {
    const QColor bg = QApplication::palette().color(QPalette::Base);
    constexpr double kKeep = 0.45;  // share of the original colour
    return QColor::fromRgbF(static_cast<float>(c.redF() * kKeep + bg.redF() * (1 - kKeep)),
                            static_cast<float>(c.greenF() * kKeep + bg.greenF() * (1 - kKeep)),
                            static_cast<float>(c.blueF() * kKeep + bg.blueF() * (1 - kKeep)));
}

QPen overlay_pen(const OverlayStyle& o, const QColor& own, double width, Qt::PenStyle style) {
    QPen p(o.color.isValid() ? o.color : faded(own), width, style);
    p.setCapStyle(Qt::FlatCap);
    return p;
}

// Grows the chart's axis to hold [0, top] (chart_style.h: grow_axis).
void grow(QChart* chart, Qt::Orientation o, double top) { grow_axis(chart, axis(chart, o), o, top); }

// Largest value of a per-bucket level over the second half of the run
// (the steady state the panels scale to).
double steady_max(const Trace& t, const std::function<double(const TraceBucket&)>& field, double duration_s) {
    double m = 0;
    for (const TraceBucket& b : t.buckets)
        if (b.t_start_s >= duration_s / 2 && std::isfinite(field(b))) m = std::max(m, field(b));
    return m;
}

int columns_of(QChart* chart) { return std::max(100, static_cast<int>(chart->plotArea().width())); }
// The diameter of the overlay's hollow markers, in pixels.
constexpr int kRingPx = 9;

}  // namespace

OverlayStyle ghost_style() { return {QObject::tr("A"), QColor(), Qt::DashLine, 2}; }

OverlayStyle kernel_style(const QString& label) {
    // Magenta: no panel draws in it, in the light, dark or presentation
    // colours; dash-dot tells it apart without colour too.
    return {label, is_dark_palette() ? QColor("#ff66cc") : QColor("#d1007a"), Qt::DashDotLine, 2.5, true};
}

OverlayStyle capture_style(const QString& label) {
    // Brown: no panel, flow or the kernel's overlay draws in it.
    OverlayStyle o{label, is_dark_palette() ? QColor("#e0b080") : QColor("#8b4513"), Qt::DashDotDotLine, 2.5, true};
    o.in_flight = true;
    return o;
}

GhostOverlay::GhostOverlay(Dashboard* dashboard, OverlayStyle style)
    : QObject(dashboard), dashboard_(dashboard), style_(std::move(style)) {
    QWidget* window_panel = dashboard->panel(Dashboard::Panel::Window);
    window_chart_ = window_panel->findChild<WindowChart*>();
    window_ = chart_in(window_panel);
    rtt_ = chart_in(dashboard->panel(Dashboard::Panel::Rtt));
    hero_ = chart_in(dashboard->panel(Dashboard::Panel::Hero));
    over_time_ = dashboard->hero() ? dashboard->hero()->throughputChart() : nullptr;
    if (window_chart_) connect(window_chart_, &WindowChart::redrawn, this, &GhostOverlay::drawWindow);
    connect(dashboard, &Dashboard::frameShown, this, &GhostOverlay::drawRttAndRate);
    connect(dashboard, &Dashboard::throughputRedrawn, this, &GhostOverlay::drawRttAndRate);
}

GhostOverlay::~GhostOverlay() = default;

QStringList GhostOverlay::tags() const {
    QStringList out;
    for (const Tag& t : tags_) out << t.text->text();
    return out;
}

QRectF GhostOverlay::tagRect(const QChart* chart) const {
    for (const Tag& t : tags_)
        if (t.chart == chart) return t.box->sceneBoundingRect();
    return {};
}

QPen GhostOverlay::tagStroke(const QChart* chart) const {
    for (const Tag& t : tags_)
        if (t.chart == chart) return t.stroke->pen();
    return {};
}

void GhostOverlay::removeTags() {
    for (Tag& t : tags_) delete t.box;  // the text is the box's child
    tags_.clear();
    if (window_chart_) window_chart_->setTagWidth(this, 0);
}

void GhostOverlay::placeTags() {
    const QColor base = QApplication::palette().color(QPalette::Base);
    for (Tag& t : tags_) {
        t.text->setBrush(style_.color);
        QFont f = t.chart->legend()->font();
        f.setBold(true);
        t.text->setFont(f);
        const QRectF plot = t.chart->plotArea();
        // The stroke long enough for a whole period of a dash-dot-dot pen.
        const double stroke_px = 8 * style_.width + 6;
        // The tag stays inside the plot: on a narrow one (a kernel run of
        // request flows beside the guide at 720p, about 140 px) the whole
        // label lay over the value axis, so it gives up its words from the
        // end ("Linux 6.18.44 — measured", "Linux 6.18.44", "Linux"); the
        // tooltip keeps them all.
        const double room_px = plot.width() - 8 - stroke_px - 12;
        t.text->setText(fitted_tag(style_.label, QFontMetricsF(f), room_px));
        const QRectF text = t.text->boundingRect();
        const QRectF box(0, 0, stroke_px + text.width() + 12, text.height() + 2);
        t.box->setRect(box);
        t.box->setBrush(QColor(base.red(), base.green(), base.blue(), 215));
        t.box->setPen(Qt::NoPen);
        // Several flows' RTTs are drawn in each flow's own colour (their
        // total says nothing): there the stroke shows only the overlay's
        // dash, in the text's colour, not a line of the overlay's colour
        // that the chart does not have.
        const bool flows_own_colours = t.chart == rtt_ && !flows_.empty();
        QPen pen(flows_own_colours ? QApplication::palette().color(QPalette::WindowText) : style_.color, style_.width,
                 style_.dash);
        pen.setCapStyle(Qt::FlatCap);
        t.stroke->setPen(pen);
        t.stroke->setLine(4, box.height() / 2, 4 + stroke_px, box.height() / 2);
        t.text->setPos(stroke_px + 8, 1);
        t.box->setToolTip(t.text->text() == style_.label ? namesOn(t.chart)
                                                         : style_.label + QStringLiteral("\n") + namesOn(t.chart));
        t.box->setPos(std::max(plot.left() + 4, plot.right() - box.width() - 4), plot.top() + 4);
        // The window panel's note wraps before the tag (it is drawn above
        // every series, the tag too).
        if (window_chart_ && t.chart == window_) window_chart_->setTagWidth(this, box.width() + 8);
    }
}

QLineSeries* GhostOverlay::addSeries(QChart* chart, const QString& name) {
    if (!chart) return nullptr;
    auto* s = new QLineSeries;
    s->setName(name);
    chart->addSeries(s);
    for (Qt::Orientation o : {Qt::Horizontal, Qt::Vertical})
        if (QValueAxis* a = axis(chart, o)) s->attachAxis(a);
    return s;
}

QLineSeries* GhostOverlay::addOverTimeSeries() {
    if (!over_time_) return nullptr;
    auto* s = new QLineSeries;
    over_time_->addOverlay(s);
    return s;
}

void GhostOverlay::removeSeries(QLineSeries*& s) {
    if (!s) return;
    if (over_time_ && s->chart() == over_time_->view()->chart()) over_time_->removeOverlay(s);
    else if (QChart* c = s->chart()) c->removeSeries(s);
    delete s;
    s = nullptr;
}

void GhostOverlay::setGhost(SnapshotPtr ghost) {
    ghost_ = std::move(ghost);
    if (!ghost_) {
        if (window_chart_) window_chart_->setOverlayNote(this, QString());
        drawShares();
        for (QLineSeries** s : {&cwnd_, &rwnd_, &srtt_, &rate_, &throughput_, &total_over_time_}) removeSeries(*s);
        for (FlowGhost& f : flows_)
            for (QLineSeries** s : {&f.cwnd, &f.srtt, &f.throughput, &f.over_time}) removeSeries(*s);
        flows_.clear();
        for (DotGhost& d : dots_) {
            if (QChart* c = d.series->chart()) c->removeSeries(d.series);
            delete d.series;
        }
        dots_.clear();
        removeTags();
        return;
    }
    // A streaming run comes again and again: the series stay, the points change.
    if (!cwnd_ && !srtt_ && !rate_) {
        cwnd_ = addSeries(window_, QString());
        rwnd_ = addSeries(window_, QString());
        srtt_ = addSeries(rtt_, QString());
        rate_ = addSeries(hero_, QString());
        throughput_ = addSeries(hero_, QString());
        total_over_time_ = addOverTimeSeries();
        if (style_.tagged) {
            // One legend entry per chart (the tag says the rest).
            if (throughput_ && throughput_->chart())
                for (QLegendMarker* m : throughput_->chart()->legend()->markers(throughput_)) m->setVisible(false);
            // (Not on the throughput-per-flow chart: its key, which wraps
            // rather than elides, names the overlay's total.)
            for (QChart* c : {window_, rtt_, hero_}) {
                if (!c) continue;
                auto* box = new QGraphicsRectItem(c);
                box->setZValue(100);
                tags_.push_back({c, box, new QGraphicsSimpleTextItem(box), new QGraphicsLineItem(box)});
                connect(c, &QChart::plotAreaChanged, this, &GhostOverlay::placeTags, Qt::UniqueConnection);
            }
        }
        addFlowSeries();
        addDotSeries();
        rename();
        restyle();
        placeTags();
    }
    drawWindow();
    drawRttAndRate();
}

void GhostOverlay::drawOverTime() {
    if (!ghost_ || !total_over_time_) return;
    const RunResult& a = ghost_->result;
    const FlowThroughput f = flow_throughput(a, over_time_->maxColumns());
    const double unit = over_time_->axisUnitBps();
    // Each column a step over its span, as the chart's areas are drawn.
    const auto steps = [&](const auto& value_bps) {
        QList<QPointF> pts;
        pts.reserve(static_cast<qsizetype>(2 * f.t_start_s.size()));
        for (std::size_t c = 0; c < f.t_start_s.size(); ++c) {
            const double y = value_bps(c) / unit;
            pts.append({f.t_start_s[c], y});
            pts.append({f.t_end_s[c], y});
        }
        return pts;
    };
    total_over_time_->replace(steps([&](std::size_t c) {
        double sum = 0;
        for (const std::vector<double>& flow : f.bps) sum += flow[c];
        return sum;
    }));
    for (FlowGhost& g : flows_) {
        if (!g.over_time) continue;
        const auto k = std::find(f.flows.begin(), f.flows.end(), g.index);
        if (k == f.flows.end()) {
            g.over_time->clear();
            continue;
        }
        const std::vector<double>& bps = f.bps[static_cast<std::size_t>(k - f.flows.begin())];
        g.over_time->replace(steps([&](std::size_t c) { return bps[c]; }));
    }
    // No higher than a quarter above its link: a measured run's column can
    // read far above it (a kernel run's counts arrive in bursts: 300 Mbit/s
    // on a 50 Mbit/s link), and an axis grown to it squashed the model's
    // areas into the chart's bottom sixth. Such a column runs off the top.
    const double top_bps = std::min(f.peak_sum_bps, kOverLinkAtMost * a.scenario.bandwidth_bps);
    over_time_->growTo(a.scenario.duration_s, top_bps / unit * 1.05);
}

void GhostOverlay::addFlowSeries() {
    const std::vector<FlowResult>& flows = ghost_->result.flows;
    if (flows.size() < 2) return;
    for (std::size_t i = 0; i < flows.size(); ++i) {
        FlowGhost g{static_cast<int>(i)};
        if (flows[i].flow.kind == FlowKind::Tcp) {
            g.cwnd = addSeries(window_, QString());
            g.srtt = addSeries(rtt_, QString());
            g.over_time = addOverTimeSeries();
        }
        g.throughput = addSeries(hero_, QString());
        flows_.push_back(g);
    }
    // One legend entry per group: the first flow's stands for them all.
    const auto hide_marker = [](QLineSeries* s) {
        if (s && s->chart())
            for (QLegendMarker* m : s->chart()->legend()->markers(s)) m->setVisible(false);
    };
    bool first_cwnd = true, first_tp = true;
    for (FlowGhost& g : flows_) {
        if (g.cwnd) {
            if (!first_cwnd) {
                hide_marker(g.cwnd);
                hide_marker(g.srtt);
            }
            first_cwnd = false;
        }
        if (!first_tp || style_.tagged) hide_marker(g.throughput);
        first_tp = false;
    }
    // The aggregate's smoothed RTT is the shortest flow's: each flow's says it.
    if (srtt_) srtt_->setVisible(false);
}

void GhostOverlay::addDotSeries() {
    if (!rtt_) return;
    const std::vector<FlowResult>& flows = ghost_->result.flows;
    for (std::size_t i = 0; i < flows.size(); ++i) {
        const bool ping = flows[i].flow.kind == FlowKind::Ping;
        if (!ping && !flows[i].flow.is_rpc()) continue;
        auto* s = new QScatterSeries;
        s->setMarkerShape(ping ? QScatterSeries::MarkerShapeCircle : QScatterSeries::MarkerShapeRotatedRectangle);
        rtt_->addSeries(s);
        for (Qt::Orientation o : {Qt::Horizontal, Qt::Vertical})
            if (QValueAxis* a = axis(rtt_, o)) s->attachAxis(a);
        dots_.push_back({static_cast<int>(i), ping, s});
    }
}

std::vector<QScatterSeries*> GhostOverlay::dotSeries(bool ping) const {
    std::vector<QScatterSeries*> out;
    for (const DotGhost& d : dots_)
        if (d.ping == ping) out.push_back(d.series);
    return out;
}

std::vector<QScatterSeries*> GhostOverlay::transactionSeries() const { return dotSeries(false); }
std::vector<QScatterSeries*> GhostOverlay::pingSeries() const { return dotSeries(true); }

void GhostOverlay::drawDots() {
    const RunResult& a = ghost_->result;
    double top_ms = 0;
    for (DotGhost& d : dots_) {
        const std::size_t i = static_cast<std::size_t>(d.index);
        if (i >= a.flows.size()) {
            d.series->clear();
            continue;
        }
        const FlowResult& f = a.flows[i];
        const ColumnRange r{0, a.scenario.duration_s, columns_of(rtt_)};
        // Rings at most one a ring's width apart: a kernel's replies lie on
        // the model's dots, and 200 rings on a 300 px plot were one band of
        // the overlay's colour that hid them. Denser than that, each
        // ring-wide column's lowest and highest reply.
        const ColumnRange rings{r.t0_s, r.t1_s, std::max(1, r.columns / kRingPx)};
        const QList<QPointF> pts =
            d.ping ? point_dots(f.ping_rtt_samples_t_s, f.ping_rtt_samples_s, rings, rings.columns)
                   : point_dots(f.transaction_samples.t_s, f.transaction_samples.latency_s, r, RttChart::kMaxPingDots);
        for (const QPointF& p : pts) top_ms = std::max(top_ms, p.y());
        d.series->replace(pts);
    }
    grow(rtt_, Qt::Vertical, top_ms * 1.08);
}

void GhostOverlay::setStyle(const OverlayStyle& style) {
    style_ = style;
    rename();
    restyle();
    placeTags();
}

std::vector<QAbstractSeries*> GhostOverlay::ownSeries() const {
    std::vector<QAbstractSeries*> out;
    for (QLineSeries* s : {cwnd_, rwnd_, srtt_, rate_, throughput_, total_over_time_})
        if (s) out.push_back(s);
    for (const FlowGhost& g : flows_)
        for (QLineSeries* s : {g.cwnd, g.srtt, g.throughput, g.over_time})
            if (s) out.push_back(s);
    for (const DotGhost& d : dots_) out.push_back(d.series);
    return out;
}

QString GhostOverlay::namesOn(const QChart* chart) const {
    QStringList names;
    for (const QAbstractSeries* s : ownSeries())
        if (s->chart() == chart && !s->name().isEmpty()) names << s->name();
    return names.join(QLatin1Char('\n'));
}

void GhostOverlay::rename() {
    // Short names: the legends are crowded, and the table says what the run is.
    // A tagged overlay's lines on a tagged chart are named by the tag, not
    // in the chart's key.
    for (QAbstractSeries* s : ownSeries()) {
        const bool on_tagged_chart =
            std::any_of(tags_.begin(), tags_.end(), [&](const Tag& t) { return t.chart == s->chart(); });
        name_on_plot(s, style_.tagged && on_tagged_chart);
    }
    const QString l = style_.label;
    if (cwnd_) cwnd_->setName(style_.in_flight ? tr("%1 in flight").arg(l) : tr("%1 cwnd").arg(l));
    if (rwnd_) rwnd_->setName(tr("%1 advertised window").arg(l));
    if (srtt_) srtt_->setName(tr("%1 smoothed RTT").arg(l));
    if (rate_) rate_->setName(tr("%1 rate").arg(l));
    if (throughput_) throughput_->setName(tr("%1 throughput").arg(l));
    if (total_over_time_) total_over_time_->setName(tr("%1 total").arg(l));
    for (DotGhost& d : dots_) {
        // Named by its flow's label only beside another of its kind.
        const QString what = d.ping ? tr("%1 ping replies").arg(l) : tr("%1 transaction latency").arg(l);
        const QString label = QString::fromStdString(ghost_->result.flows[static_cast<std::size_t>(d.index)].flow.label);
        d.series->setName(dotSeries(d.ping).size() == 1 ? what : tr("%1 (%2)").arg(what, label));
    }
    if (flows_.empty()) return;
    if (cwnd_) cwnd_->setName(tr("%1 total in flight").arg(l));
    if (throughput_) throughput_->setName(tr("%1 total throughput").arg(l));
    for (FlowGhost& g : flows_) {
        const std::size_t i = static_cast<std::size_t>(g.index);
        const QString who = QString::number(g.index + 1);
        const QString label = QString::fromStdString(ghost_->result.flows[i].flow.label);
        // Grouped in the panels' key as "A cwnd: 1 2 …", each flow's full name as its tooltip.
        const auto tag = [&](QLineSeries* s, const QString& group) {
            if (!s) return;
            s->setName(tr("%1 %2").arg(l, label));
            s->setObjectName(tr("%1 flow %2 (%3)").arg(l, who, label));
            tag_flow_series(s, g.index, group, who,
                            tr("%1 (%2): %3, %4 — the pinned run").arg(label, l, flow_colour_name(g.index),
                                                                         pen_style_name(style_.dash)));
        };
        tag(g.cwnd, tr("%1 cwnd").arg(l));
        tag(g.srtt, tr("%1 smoothed RTT").arg(l));
        tag(g.throughput, tr("%1 throughput").arg(l));
        // The throughput chart's key: "A total", then "A each flow: 1 2 …"
        // (a tagged overlay's label says the rest: its total only).
        if (style_.tagged) {
            if (g.over_time) g.over_time->setName(QString());
        } else {
            tag(g.over_time, tr("%1 each flow").arg(l));
        }
    }
}

void GhostOverlay::restyle() {
    if (!ghost_) return;
    const SeriesColors c = dashboard_->style().colors();
    const OverlayStyle& o = style_;
    if (cwnd_) cwnd_->setPen(overlay_pen(o, c.cwnd, o.width, o.dash));
    // Dotted, so it parts from the overlay's cwnd in an overlay of one colour.
    if (rwnd_) rwnd_->setPen(overlay_pen(o, c.advertised, o.width, Qt::DotLine));
    if (srtt_) srtt_->setPen(overlay_pen(o, c.srtt, o.width, o.dash));
    // The delivery rate zig-zags pixel to pixel, where dashes would not
    // read: thin and solid; the steady throughput dashed beside it.
    if (rate_) rate_->setPen(overlay_pen(o, c.rate, o.width / 2, Qt::SolidLine));
    if (throughput_) throughput_->setPen(overlay_pen(o, c.cwnd, o.width, o.dash));
    // Each flow in its own colour: faded and dashed like the rest of A, or,
    // for an overlay of one colour (the kernel's), the flow's full colour in
    // the overlay's dash: its totals keep the overlay's colour, and each
    // flow reads beside the model's flow of the same colour.
    const bool dark = is_dark_palette() && !dashboard_->style().presentation;
    // Hollow diamonds and rings: the model's own transactions and ping
    // replies are filled.
    for (DotGhost& d : dots_) {
        const QColor own = flows_.empty() ? c.cwnd : flow_colour(d.index, dark);
        const QColor col = o.color.isValid() ? o.color : faded(own);
        d.series->setMarkerSize(kRingPx);
        d.series->setBrush(Qt::NoBrush);
        d.series->setPen(QPen(col, 1.6));
    }
    for (FlowGhost& g : flows_) {
        QPen p(o.color.isValid() ? flow_colour(g.index, dark) : faded(flow_colour(g.index, dark)), o.width, o.dash);
        p.setCapStyle(Qt::FlatCap);
        for (QLineSeries* s : {g.cwnd, g.srtt, g.throughput, g.over_time})
            if (s) s->setPen(p);
    }
    // With several flows A's totals are grey like the live total in flight,
    // not faded: in the panels' first colour they read as a flow of that
    // colour (vermillion is flow 2's in the presentation look). Wider than
    // any flow's, and dashed like the rest of A.
    QPen total(o.color.isValid() ? o.color : c.window, o.width * 1.75, o.dash);
    total.setCapStyle(Qt::FlatCap);
    if (!flows_.empty() && cwnd_) cwnd_->setPen(total);
    // The total over the flows' areas (one flow's ghost is its total alone,
    // in the panels' first colour).
    if (total_over_time_) total_over_time_->setPen(flows_.empty() ? overlay_pen(o, c.cwnd, o.width, o.dash) : total);
}

void GhostOverlay::drawWindow() {
    if (!ghost_ || !cwnd_ || !window_chart_) return;
    const RunResult& a = ghost_->result;
    const double per = window_chart_->yPerByte();
    const double duration = a.scenario.duration_s;
    // cwnd at each column's end: one value per pixel, so the sawtooth reads
    // as a line and dashes stay dashes.
    // (A capture's: its bytes in flight, the most in each bucket. Several
    // flows': their total in flight, as the panel's own total beside it;
    // each flow's cwnd has its line. A total cwnd had nothing of the run
    // shown to be read against: ten 64 KB streams on the kernel drew 750
    // packets over the model's 440 in flight, every flow's cwnd twice what
    // its receive window let it send.)
    const bool in_flight = style_.in_flight || !flows_.empty();
    const std::function<double(const TraceBucket&)> window =
        in_flight ? std::function<double(const TraceBucket&)>([](const TraceBucket& b) { return b.inflight_bytes.max; })
                  : std::function<double(const TraceBucket&)>(&TraceBucket::cwnd_end_bytes);
    cwnd_->replace(level_line(a.trace, window, {0, duration, columns_of(window_)}, per));
    if (flows_.empty()) show_only_if_drawn(cwnd_);
    grow(window_, Qt::Horizontal, duration);
    grow(window_, Qt::Vertical, steady_max(a.trace, window, duration) * per * 1.12);
    noteAbovePlot(a.trace, window, per);
    if (rwnd_) {
        // One flow only (with several the panel's own total stands alone),
        // by the panel's rule: it never grows the axis, and shows only when
        // some value lies on it.
        bool on_axis = false;
        if (flows_.empty()) {
            rwnd_->replace(level_line(a.trace, &TraceBucket::rwnd_bytes, {0, duration, columns_of(window_)}, per));
            const QValueAxis* y = axis(window_, Qt::Vertical);
            const double top_bytes = y ? y->max() / per : 0;
            for (const TraceBucket& b : a.trace.buckets) on_axis = on_axis || b.rwnd_bytes <= top_bytes;
        } else {
            rwnd_->clear();
        }
        if (rwnd_->isVisible() != on_axis) rwnd_->setVisible(on_axis);
    }
    for (FlowGhost& g : flows_) {
        if (!g.cwnd) continue;
        const std::size_t i = static_cast<std::size_t>(g.index);
        if (i < a.flows.size())
            g.cwnd->replace(level_line(a.flow_trace(i), &TraceBucket::cwnd_end_bytes, {0, duration, columns_of(window_)}, per));
        else
            g.cwnd->clear();
    }
}

void GhostOverlay::noteAbovePlot(const Trace& t, const std::function<double(const TraceBucket&)>& window,
                                 double per) {
    // The axis follows the overlay's steady state (steady_max), so a
    // slow-start spike above it is cut at the plot's top: say until when,
    // and how high it went, rather than leave a student asking where the
    // line went.
    const QValueAxis* y = axis(window_, Qt::Vertical);
    if (!y || !(per > 0)) return;
    const double top_bytes = y->max() / per;
    double peak_bytes = 0, until_s = 0;
    for (const TraceBucket& b : t.buckets) {
        const double v = window(b);
        if (std::isfinite(v) && v > top_bytes) {
            peak_bytes = std::max(peak_bytes, v);
            until_s = b.t_end_s;
        }
    }
    QString note;
    if (peak_bytes > 0) {
        const QString peak = window_chart_->inBytes()
                                 ? QString::fromStdString(format_size(static_cast<std::uint64_t>(peak_bytes)))
                                 : tr("%1 pkts").arg(QString::fromStdString(format_grouped(
                                       static_cast<std::uint64_t>(std::llround(peak_bytes * per)))));
        note = tr("%1 runs above the plot until %2 (up to %3)")
                   .arg(cwnd_->name(), QString::fromStdString(format_time(until_s)), peak);
    }
    window_chart_->setOverlayNote(this, note);
}

// An overlay of one colour (the kernel's), once its run is done: each
// flow's share as a stroke over the share bars of the run shown, and a
// transfer's or a transaction's own time after the row's figure.
void GhostOverlay::drawShares() {
    ShareBars* bars = dashboard_->hero() ? dashboard_->hero()->shareBars() : nullptr;
    if (!bars) return;
    if (!ghost_ || !ghost_->done || !style_.color.isValid() || ghost_->result.flows.size() < 2) {
        bars->setOverlayShares({}, QString(), QColor());
        return;
    }
    std::vector<double> shares;
    std::vector<QString> times;
    const RunResult& g = ghost_->result;
    for (std::size_t i = 0; i < g.flows.size(); ++i) {
        const FlowResult& f = g.flows[i];
        shares.push_back(f.flow.kind == FlowKind::Tcp ? f.summary.share : std::nan(""));
        const double t_s = flow_figure(g, i).time_s;
        times.push_back(t_s > 0 ? QString::fromStdString(format_time(t_s)) : QString());
    }
    bars->setOverlayShares(std::move(shares), style_.label, style_.color, std::move(times));
}

void GhostOverlay::drawRttAndRate() {
    if (!ghost_) return;
    drawOverTime();
    const RunResult& a = ghost_->result;
    const double duration = a.scenario.duration_s;
    if (srtt_) {
        srtt_->replace(level_line(a.trace, &TraceBucket::srtt_s, {0, duration, columns_of(rtt_)}, 1e3));
        if (flows_.empty()) show_only_if_drawn(srtt_);
        grow(rtt_, Qt::Horizontal, duration);
        grow(rtt_, Qt::Vertical, steady_max(a.trace, &TraceBucket::srtt_s, duration) * 1e3 * 1.08);
    }
    for (FlowGhost& g : flows_) {
        const std::size_t i = static_cast<std::size_t>(g.index);
        const FlowResult* f = i < a.flows.size() ? &a.flows[i] : nullptr;
        if (g.srtt) {
            if (f) {
                const Trace& t = a.flow_trace(i);
                g.srtt->replace(level_line(t, &TraceBucket::srtt_s, {0, duration, columns_of(rtt_)}, 1e3));
                grow(rtt_, Qt::Vertical, steady_max(t, &TraceBucket::srtt_s, duration) * 1e3 * 1.08);
            } else {
                g.srtt->clear();
            }
        }
        if (g.throughput) {
            const double mbps = f ? f->summary.throughput_bps * 1e-6 : NAN;
            if (ghost_->done && std::isfinite(mbps))
                g.throughput->replace({{a.summary.window_start_s, mbps}, {a.summary.window_end_s, mbps}});
            else
                g.throughput->clear();
        }
    }
    drawShares();
    drawDots();
    if (rate_) {
        rate_->replace(minmax_line(a.trace, &TraceBucket::delivery_rate_bps, {0, duration, columns_of(hero_)}, 1e-6));
        const double mbps = a.summary.throughput_bps * 1e-6;
        if (ghost_->done && std::isfinite(mbps))
            throughput_->replace({{a.summary.window_start_s, mbps}, {a.summary.window_end_s, mbps}});
        else
            throughput_->clear();
        grow(hero_, Qt::Horizontal, duration);
        grow(hero_, Qt::Vertical,
             std::min(series_max(a.trace, &TraceBucket::delivery_rate_bps), 2.5 * a.scenario.bandwidth_bps) * 1e-6 * 1.05);
    }
}

}  // namespace inflight::ui
