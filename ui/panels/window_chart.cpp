#include "ui/panels/window_chart.h"

#include <QAreaSeries>
#include <QChart>
#include <QLegend>
#include <QLineSeries>
#include <QValueAxis>
#include <algorithm>
#include <cmath>

#include "ui/lesson/theory_words.h"
#include "ui/panels/plot_note.h"

#include "ui/panels/chart_key.h"
#include "ui/panels/flow_lines.h"
#include "ui/panels/time_span.h"
#include "ui/panels/trace_series.h"
#include "model/core/flow_spec.h"
#include "model/core/units.h"

namespace inflight::ui {

WindowChart::WindowChart(QWidget* parent) : ChartFrame(tr("packets"), parent) {
    calm_lo_ = line();
    calm_hi_ = line();
    warm_hi_ = line();
    calm_ = band(calm_hi_, calm_lo_, tr("pipe (BDP)"));
    warm_ = band(warm_hi_, calm_hi_, tr("queue (buffer)"));
    cwnd_ = line(tr("cwnd"));
    window_ = line(tr("window in force"));
    inflight_ = line(tr("in flight"));
    ssthresh_ = line(tr("ssthresh"));
    rwnd_ = line(tr("advertised window (rwnd)"));
    sndbuf_ = line(tr("send buffer (sndbuf)"));
    theory_window_ = line();  // the theory lines are named when drawn
    rwnd_level_ = line();
    sndbuf_level_ = line();
    // Drawn in this order: the window in force as a broad pale stroke under
    // cwnd, so where they coincide cwnd shows with a grey edge each side and
    // where rwnd or the send buffer holds the window down the two part
    // visibly; bytes in flight dotted on top of cwnd, so the two show where
    // they coincide (an ACK-clocked sender keeps cwnd in flight).
    zoom_hint_ = new PlotNote(view());
    addSeries({calm_, warm_, window_, cwnd_, inflight_, ssthresh_, rwnd_, sndbuf_, theory_window_, rwnd_level_,
               sndbuf_level_});
    restyle(ChartStyle{});
    clear();
}

void WindowChart::restyle(const ChartStyle& style) {
    style_ = style;
    const SeriesColors c = style.colors();
    calm_->setBrush(c.calm);
    calm_->setPen(Qt::NoPen);
    warm_->setBrush(c.warm);
    warm_->setPen(Qt::NoPen);
    cwnd_->setPen(style.pen(c.cwnd, 2));
    // Opaque: QtCharts strokes segment by segment, so a translucent broad
    // pen would darken every joint into a dot.
    QPen broad = style.pen(c.window, 6.5);
    broad.setCapStyle(Qt::FlatCap);
    broad.setJoinStyle(Qt::BevelJoin);
    window_->setPen(broad);
    inflight_->setPen(style.pen(c.inflight, 1.6, Qt::DotLine, true));
    ssthresh_->setPen(style.pen(c.ssthresh, 1.6, Qt::DashLine, true));
    // Long dashes, wider than ssthresh's: a ceiling the window may rise to.
    QPen advertised = style.pen(c.advertised, 2, Qt::DashLine, true);
    advertised.setDashPattern({6, 3});
    rwnd_->setPen(advertised);
    // The send buffer, the other ceiling the receiver's side does not set:
    // the same colour, long dash and dot.
    QPen sndbuf = style.pen(c.advertised, 2, Qt::DashLine, true);
    sndbuf.setDashPattern({6, 2, 1.5, 2});
    sndbuf_->setPen(sndbuf);
    theory_window_->setPen(style.pen(c.theory, 2, Qt::DotLine, true));
    rwnd_level_->setPen(style.pen(c.rwnd_level, 2, Qt::DashDotLine, true));
    sndbuf_level_->setPen(style.pen(c.rwnd_level, 2, Qt::DashDotDotLine, true));
    styleFlowSeries();
    style_chart(chart());
    key()->setFont(chart()->legend()->font());
    zoom_hint_->restyle();
}

QString WindowChart::zoomHint() const { return zoom_text_; }

QString WindowChart::plotNote() const { return zoom_hint_->text(); }

namespace {
// Sets, changes or (with `none`) takes away `who`'s entry; false when
// nothing changed.
template <typename T>
bool set_keyed(std::vector<std::pair<const QObject*, T>>& entries, const QObject* who, const T& value, bool none) {
    auto it = std::find_if(entries.begin(), entries.end(), [who](const auto& e) { return e.first == who; });
    if (it == entries.end()) {
        if (none) return false;
        entries.emplace_back(who, value);
    } else if (none) {
        entries.erase(it);
    } else {
        if (it->second == value) return false;
        it->second = value;
    }
    return true;
}
}  // namespace

void WindowChart::setOverlayNote(const QObject* who, const QString& note) {
    if (set_keyed(overlay_notes_, who, note, note.isEmpty())) showNote();
}

void WindowChart::setTagWidth(const QObject* who, double px) {
    if (!set_keyed(tag_widths_px_, who, px, px <= 0)) return;
    double widest = 0;
    for (const auto& t : tag_widths_px_) widest = std::max(widest, t.second);
    zoom_hint_->setRightReserve(widest);
}

QRectF WindowChart::plotNoteRect() const { return zoom_hint_->sceneRect(); }

void WindowChart::showNote() {
    QStringList lines;
    if (!zoom_text_.isEmpty()) lines << zoom_text_;
    for (const auto& n : overlay_notes_) lines << n.second;
    // The shorter form is the zoom's figure alone (the overlays' lines stay
    // in the tooltip).
    zoom_hint_->setText(lines.join(QLatin1Char('\n')), zoom_short_);
}

std::vector<QLineSeries*> WindowChart::flowCwndSeries() const {
    std::vector<QLineSeries*> out;
    for (const auto& [i, s] : flow_cwnd_) out.push_back(s);
    return out;
}

std::vector<int> WindowChart::flowCwndIndices() const {
    std::vector<int> out;
    for (const auto& [i, s] : flow_cwnd_) out.push_back(i);
    return out;
}

void WindowChart::syncFlowSeries(const std::vector<int>& tcp) {
    const bool several = run_ && run_->flows.size() > 1;
    if (tcp == flowCwndIndices() && several == (total_ != nullptr)) return;
    for (auto& [i, s] : flow_cwnd_) dropSeries(s);
    flow_cwnd_.clear();
    dropSeries(total_);
    total_ = nullptr;
    // One flow: today's series, today's chart.
    for (QLineSeries* s : {window_, cwnd_, inflight_, ssthresh_}) s->setVisible(!several);
    if (!several) return;
    // The total first, so every flow's line is drawn over its broad stroke.
    total_ = line(tr("total in flight"));
    addSeries({total_});
    for (int i : tcp) {
        QLineSeries* s = line();
        addSeries({s});
        flow_cwnd_.emplace_back(i, s);
    }
    styleFlowSeries();
}

void WindowChart::styleFlowSeries() {
    if (total_) {
        const SeriesColors c = style_.colors();
        // Broad and pale under the flows' lines: the sum stands above them
        // all, and no flow is drawn this wide.
        QPen broad = style_.pen(c.window, 4.5);
        broad.setCapStyle(Qt::FlatCap);
        broad.setJoinStyle(Qt::BevelJoin);
        total_->setPen(broad);
    }
    if (!run_) return;
    const std::vector<ShownFlow> flows = shown_flows(*run_);
    for (auto& [i, s] : flow_cwnd_)
        if (i < static_cast<int>(flows.size())) style_flow_series(s, flows[static_cast<std::size_t>(i)], tr("cwnd"), style_, 2);
}

void WindowChart::setBytes(bool bytes) {
    bytes_ = bytes;
    redraw();
}

void WindowChart::setFitWindow(bool fit) {
    fit_window_ = fit;
    redraw();
}

void WindowChart::setTheory(const std::optional<TheoryLevels>& levels) {
    theory_ = levels;
    redraw();
    if (!trace_)
        for (QLineSeries* s : {theory_window_, rwnd_level_, sndbuf_level_}) s->setVisible(false);
}

void WindowChart::clear() {
    trace_ = nullptr;
    run_ = nullptr;
    syncFlowSeries({});
    for (QLineSeries* s : {calm_lo_, calm_hi_, warm_hi_, cwnd_, window_, inflight_, ssthresh_, rwnd_, sndbuf_,
                           theory_window_, rwnd_level_, sndbuf_level_})
        s->clear();
    for (QLineSeries* s : {rwnd_, sndbuf_, theory_window_, rwnd_level_, sndbuf_level_}) s->setVisible(false);
    xAxis()->setRange(0, duration_s_);
    yAxis()->setRange(0, 10);
}

void WindowChart::setTrace(const Trace& trace, double duration_s) {
    trace_ = &trace;
    run_ = nullptr;
    duration_s_ = duration_s;
    syncFlowSeries({});
    redraw();
}

void WindowChart::setRun(const RunResult& r, const std::optional<TheoryLevels>& levels) {
    theory_ = levels;
    setRun(r);
}

void WindowChart::setRun(const RunResult& r) {
    trace_ = &r.trace;
    run_ = &r;
    duration_s_ = r.scenario.duration_s;
    std::vector<int> tcp;
    for (const ShownFlow& f : shown_flows(r))
        if (f.kind == FlowKind::Tcp) tcp.push_back(f.index);
    syncFlowSeries(tcp);
    styleFlowSeries();  // labels and tips follow the scenario (unchanged: no-ops)
    redraw();
}

void WindowChart::redraw() {
    if (!trace_) return;
    const Trace& t = *trace_;
    const double mss = std::max<double>(1, t.mss_bytes);
    // Packets, or bytes shown in KB / MB so the axis labels stay short.
    const double pipe_top = t.bdp_bytes + t.buffer_bytes;
    double per = 1 / mss;
    QString unit = t.mss_bytes == 1500 ? tr("packets") : tr("packets of %1 B").arg(t.mss_bytes);
    if (bytes_) {
        const double top = std::max(pipe_top, series_max(t, &TraceBucket::window_bytes));
        if (top >= 1e9) { per = 1e-9; unit = tr("GB"); }
        else if (top >= 1e6) { per = 1e-6; unit = tr("MB"); }
        else { per = 1e-3; unit = tr("KB"); }
    }
    yAxis()->setTitleText(bytes_ ? tr("window (%1)").arg(unit) : unit);

    const std::vector<ShownFlow> flows = run_ ? shown_flows(*run_) : std::vector<ShownFlow>{};
    const bool several = !flows.empty();
    // Zoomed, a run of transfers alone spans their time (time_span.h).
    const double span_s = fit_window_ && run_ ? zoomed_time_span_s(*run_) : duration_s_;
    const ColumnRange r{0, span_s, several ? columnsFor(static_cast<int>(flow_cwnd_.size()) + 1) : columns()};
    calm_lo_->replace({{0, 0}, {duration_s_, 0}});
    calm_hi_->replace({{0, t.bdp_bytes * per}, {duration_s_, t.bdp_bytes * per}});
    warm_hi_->replace({{0, pipe_top * per}, {duration_s_, pipe_top * per}});
    if (several) {
        // The shared path's bands are at the shortest flow RTT: say which,
        // when the flows' RTTs differ.
        bool differ = false;
        for (const ShownFlow& f : flows) differ = differ || std::abs(f.rtt_s - flows.front().rtt_s) > 1e-9;
        const QString pipe = differ ? tr("pipe (BDP at %1 ms)").arg(QString::fromStdString(format_number(t.base_rtt_s * 1e3, 3)))
                                    : tr("pipe (BDP)");
        if (calm_->name() != pipe) calm_->setName(pipe);
        for (QLineSeries* s : {cwnd_, window_, inflight_, ssthresh_}) s->clear();
        if (total_) total_->replace(minmax_line(t, &TraceBucket::inflight_bytes, r, per));
        for (auto& [i, s] : flow_cwnd_) {
            const FlowResult* f = flows[static_cast<std::size_t>(i)].result;
            s->replace(f ? minmax_line(f->trace, &TraceBucket::cwnd_bytes, r, per) : QList<QPointF>{});
        }
    } else {
        if (calm_->name() != tr("pipe (BDP)")) calm_->setName(tr("pipe (BDP)"));
        cwnd_->replace(minmax_line(t, &TraceBucket::cwnd_bytes, r, per));
        window_->replace(minmax_line(t, &TraceBucket::window_bytes, r, per));
        inflight_->replace(minmax_line(t, &TraceBucket::inflight_bytes, r, per));
        ssthresh_->replace(level_line(t, &TraceBucket::ssthresh_bytes, r, per));
    }
    // The advertised window: the flow's, or with several the flows' sum
    // (the path's trace), beside the total in flight.
    const QString rwnd_name = several ? tr("total advertised window (rwnd)") : tr("advertised window (rwnd)");
    if (rwnd_->name() != rwnd_name) rwnd_->setName(rwnd_name);
    rwnd_->replace(level_line(t, &TraceBucket::rwnd_bytes, r, per));

    // Theory overlay: flat lines at what the laws predict.
    const auto level = [&](QLineSeries* s, double bytes, const QString& name) {
        const bool on = theory_ && bytes > 0;
        if (s->isVisible() != on) s->setVisible(on);
        if (!on) return;
        s->setName(name);
        s->replace({{0, bytes * per}, {duration_s_, bytes * per}});
    };
    level(theory_window_, theory_ ? theory_->loss_window_packets * mss : 0,
          theory_ ? tr("theory: %1 = %2 pkts").arg(QString::fromStdString(loss_law_words(theory_->loss_law)))
                        .arg(theory_->loss_window_packets, 0, 'f', 0)
                  : QString());
    // Named as the theory's, as the loss law's line is: a bare "rwnd" stood
    // in the key beside the run's own "advertised window (rwnd)".
    level(rwnd_level_, theory_ ? theory_->rwnd_bytes : 0, tr("theory: rwnd"));
    level(sndbuf_level_, theory_ ? theory_->sndbuf_bytes : 0, tr("theory: send buffer"));

    // y, unzoomed: the pipe and the queue always fit, and so does every
    // window the sender used (window in force, in flight), slow-start
    // overshoot included: the axis covers the data. Only cwnd may run off
    // the top, when a smaller limit (rwnd, sndbuf) holds the window in force
    // below it.
    const bool cwnd_binds =  // else rwnd or sndbuf held the window in force below cwnd
        series_max(t, &TraceBucket::cwnd_bytes) <=
        std::max(series_max(t, &TraceBucket::window_bytes), series_max(t, &TraceBucket::inflight_bytes)) * 1.0001;
    // The largest window drawn from `from_s` on. One flow: the window in
    // force and in flight, and cwnd where it binds. Several: every line
    // drawn, the total in flight and each flow's cwnd unless a smaller limit
    // held that flow's window below it (then its window in force, as with
    // one flow).
    const auto largest_used = [&](double from_s) {
        if (!several) {
            const double in_force = std::max(series_max(t, &TraceBucket::window_bytes, from_s),
                                             series_max(t, &TraceBucket::inflight_bytes, from_s));
            return cwnd_binds ? std::max(in_force, series_max(t, &TraceBucket::cwnd_bytes, from_s)) : in_force;
        }
        double u = series_max(t, &TraceBucket::inflight_bytes, from_s);
        for (const auto& [i, s] : flow_cwnd_) {
            const FlowResult* f = flows[static_cast<std::size_t>(i)].result;
            if (!f) continue;
            const double in_force = std::max(series_max(f->trace, &TraceBucket::window_bytes, from_s),
                                             series_max(f->trace, &TraceBucket::inflight_bytes, from_s));
            const double cw = series_max(f->trace, &TraceBucket::cwnd_bytes, from_s);
            u = std::max(u, cw <= in_force * 1.0001 ? cw : in_force);
        }
        return u;
    };
    const double used = largest_used(0);
    // Zoomed (Ctrl+F), the axis is the steady state's: the largest window
    // drawn in the run's second half (what the hero and the note read), with
    // a little headroom (room for the note above the sawtooth's tops), so a
    // sawtooth of 40 packets fills the plot rather than lying under a
    // slow-start peak of 1,000. That peak, and anything else before the
    // steady state, may then run above the plot: the note says so. A run not
    // yet past its first half has no steady state: then the whole run so far.
    const double steady_used = fit_window_ ? largest_used(duration_s_ / 2) : 0;
    const double zoom_on = steady_used > 0 ? steady_used : used;
    const double top = fit_window_ ? std::max(zoom_on, 4.0 * mss) * kZoomHeadroom : std::max(pipe_top, used) * 1.08;
    // Zoomed, the note keeps to the headroom above the window; unzoomed it
    // speaks of a window on the plot's floor and may take half of it.
    zoom_hint_->setMostOfPlot(fit_window_ ? kZoomedNoteShare : PlotNote::kMostOfPlot);
    set_axis_range(xAxis(), 0, span_s);
    set_axis_range(yAxis(), 0, nice_ceiling(top * per));
    // Zoomed, the round top stands: Qt's nice numbers for a short plot's
    // few ticks took 0–250 packets to 0–400, and the sawtooth to the floor
    // half of it (the ticks are fitted below; the top needs no label).
    if (!fit_window_) yAxis()->applyNiceNumbers();
    // The advertised window takes no part in the range above. Where it binds,
    // the window in force equals it and is fitted already; where it does
    // not, it is a ceiling above the data, and a far one (the textbook's
    // 1 GiB, autotuning's tens of MB) must not squash the data into the
    // bottom. So it is drawn clipped at the axis top (the plot clips every
    // line: it leaves through the top where it grows past it) and shown,
    // with its key entry, only when some bucket's value lies on the axis.
    // With several flows the total says something only where the receivers
    // hold the senders back (ten 64 KB streams: it is the total in flight);
    // beside flows that cwnd or the link binds it is one more line in a
    // crowded key. So then it is drawn only when rwnd bound some TCP flow
    // longest in some bucket of the run's second half (the steady state the
    // summary reads; a slow start's few buckets where autotuning lagged a
    // round do not count).
    const double axis_top_bytes = yAxis()->max() / per;
    // A theory level above the axis (autotuning's 21 MB over a 1 MB pipe)
    // would be a key entry for a line nobody sees.
    for (QLineSeries* s : {theory_window_, rwnd_level_, sndbuf_level_})
        if (s->isVisible() && !s->points().isEmpty() && s->points().front().y() > yAxis()->max()) s->setVisible(false);
    bool rwnd_shown = false;
    for (const TraceBucket& b : t.buckets)
        rwnd_shown = rwnd_shown || b.rwnd_bytes <= axis_top_bytes;  // NaN: false
    if (several && rwnd_shown) {
        bool binds = false;
        for (const ShownFlow& f : flows)
            if (f.kind == FlowKind::Tcp && f.result)
                for (const TraceBucket& b : f.result->trace.buckets)
                    binds = binds || (b.t_start_s >= duration_s_ / 2 && b.limit == Limit::Rwnd);
        rwnd_shown = binds;
    }
    if (rwnd_->isVisible() != rwnd_shown) rwnd_->setVisible(rwnd_shown);
    // One flow's send buffer, by the same rule: a level on the axis, or
    // nothing (the default 1 GiB). Without the run (a trace alone) it is
    // not known.
    double sndbuf_bytes = 0;
    if (run_ && !several) {
        if (run_->flows.empty()) sndbuf_bytes = static_cast<double>(run_->scenario.sndbuf_bytes);
        else if (run_->flows.front().flow.kind == FlowKind::Tcp)
            sndbuf_bytes = static_cast<double>(run_->flows.front().flow.sndbuf_bytes);
    }
    const bool sndbuf_shown = sndbuf_bytes > 0 && sndbuf_bytes <= axis_top_bytes;
    if (sndbuf_shown) sndbuf_->replace({{0, sndbuf_bytes * per}, {duration_s_, sndbuf_bytes * per}});
    else sndbuf_->clear();
    if (sndbuf_->isVisible() != sndbuf_shown) sndbuf_->setVisible(sndbuf_shown);

    // A window too small to see against the pipe is the lesson, but say how
    // small, and how to look at it: only while the window is under 5 % of
    // the pipe and buffer, or under a tenth of an axis its slow start
    // stretched (Reno's sawtooth of 122 packets under a start of 3,000),
    // and smaller than the pipe itself.
    // The figure is the window's mean over the steady state (each bucket's
    // midpoint), as the hero's share of the link is a mean: the sawtooth's
    // top read 219 packets, 0.33 %, beside a hero of 0.24 %.
    double steady = 0, mean_sum = 0;
    int mean_n = 0;
    for (const TraceBucket& b : t.buckets)
        if (b.t_start_s >= duration_s_ / 2 && std::isfinite(b.window_bytes.max) && std::isfinite(b.window_bytes.min)) {
            steady = std::max(steady, b.window_bytes.max);
            mean_sum += (b.window_bytes.min + b.window_bytes.max) / 2;
            ++mean_n;
        }
    const double steady_mean = mean_n > 0 ? mean_sum / mean_n : 0;
    // Each with a shorter form, the figure alone, for a plot too short for
    // the whole (presenting at 720 px, experiment 2's note went to the
    // tooltip, where no one in the room sees it).
    QString note, brief;
    const bool dwarfed = steady < 0.05 * pipe_top || steady < 0.1 * axis_top_bytes;
    if (!fit_window_ && steady > 0 && dwarfed && steady < t.bdp_bytes && t.bdp_bytes > 0) {
        const QString pkts = QString::number(steady_mean / mss, 'f', 0);
        const QString pct = QString::fromStdString(format_number(100 * steady_mean / t.bdp_bytes, 2));
        note = (several ? tr("windows ≈ %1\u00a0pkts in all, %2\u00a0% of the pipe · Ctrl+F\u00a0zooms")
                        : tr("window ≈ %1\u00a0pkts, %2\u00a0% of the pipe · Ctrl+F\u00a0zooms"))
                   .arg(pkts, pct);
        brief = tr("≈ %1\u00a0pkts, %2\u00a0% of the pipe").arg(pkts, pct);
    }
    if (fit_window_ && used > axis_top_bytes * 1.0001) {
        const NoteText zoomed = zoomed_peak_note(
            tr("%1 pkts").arg(QString::fromStdString(format_grouped(static_cast<std::uint64_t>(std::llround(used / mss))))));
        note = zoomed.whole;
        brief = zoomed.shorter;
    }
    zoom_text_ = note;
    zoom_short_ = brief;
    showNote();
    fit_vertical_ticks(yAxis(), chart()->plotArea().height());
    y_per_byte_ = per;
    key()->refresh();  // now, not when the scene next reports a change
    emit redrawn();
}

}  // namespace inflight::ui
