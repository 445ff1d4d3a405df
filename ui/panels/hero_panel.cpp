#include "ui/panels/hero_panel.h"

#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QLegend>
#include <QLineSeries>
#include <QValueAxis>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <optional>

#include "app/formats/stack_words.h"
#include "ui/lesson/binding_words.h"
#include "ui/lesson/flow_words.h"
#include "ui/lesson/theory_words.h"
#include "ui/panels/chart_key.h"
#include "ui/panels/chart_style.h"
#include "ui/panels/share_bars.h"
#include "ui/panels/text_strip.h"
#include "ui/panels/throughput_chart.h"
#include "ui/panels/trace_series.h"
#include "model/core/units.h"
#include "model/engine/flow_results.h"

namespace inflight::ui {

namespace {

// "99.7 % of 50 Mbit/s · queue 167 ms" with the spaces inside each value
// and before "%" unbroken: a wrapped line never leaves a unit alone
// ("queue 167" over "ms").
QString utilisation_line(QString templ, double utilisation, const QString& rate, const QString& last) {
    // The last figure stays on the line of the word it belongs to ("queue
    // < 1 packet", "mean RTT 80 ms"): a wrap before it read as a figure
    // of its own.
    templ.replace(QStringLiteral(" %3"), QString(QChar(0x00A0)) + QStringLiteral("%3"));
    QString line = templ.arg(QString::fromStdString(format_number(utilisation * 100, utilisation < 0.01 ? 2 : 3)),
                             unbroken(rate), unbroken(last));
    return line.replace(QStringLiteral(" % "), QString(QChar(0x00A0)) + QStringLiteral("% "));
}

// Lines of the words in the headline, and under the share bars (narrow).
constexpr int kUtilisationLines = 2;
constexpr int kFlowWordsLines = 3;
constexpr int kNoteLines = 2;
constexpr int kTheoryLines = 2;
constexpr int kWordsLinesUnderShares = 5;
QString q(const std::string& s) { return QString::fromStdString(s); }
// BBR's BtlBw, as the algorithm reports it (NaN for the others).
double bbr_btlbw_bps(const TraceBucket& b) { return b.cc.bw_bps; }
// Packets delivered per second since the start of the steady-state window
// (or of the second half of what has run so far), from the buckets'
// delivery counters; nullopt before there is anything to measure.
std::optional<double> delivered_rate_so_far(const Trace& t, const Scenario& sc, double now_s) {
    if (t.buckets.size() < 2 || now_s <= 0) return std::nullopt;
    const double from = std::min(sc.duration_s / 2, now_s / 2);
    const TraceBucket* first = nullptr;
    for (const TraceBucket& b : t.buckets)
        if (b.t_end_s >= from) { first = &b; break; }
    const TraceBucket& last = t.buckets.back();
    if (!first || last.t_end_s - first->t_end_s <= 0 || last.delivered_bytes < first->delivered_bytes)
        return std::nullopt;
    return static_cast<double>(last.delivered_bytes - first->delivered_bytes) * 8 / (last.t_end_s - first->t_end_s);
}
// No bulk flow: the run's figure is a flow's time (a transfer's completion,
// a transaction's median), not a throughput over a steady state the
// transfers may have finished before ("0 bit/s" for a 10 KB transfer, or
// the 10 MB transfer's rate alone where four sizes ran one after another).
// The time is the first TCP flow's, the one the words beside it name first
// (in flow order; they list the others after it).
std::optional<QString> figure_of_the_timed_flows(const RunResult& r) {
    std::optional<std::size_t> first;
    for (std::size_t i = 0; i < r.flows.size(); ++i) {
        const ResolvedFlow& f = r.flows[i].flow;
        if (f.kind != FlowKind::Tcp) continue;
        if (f.is_bulk()) return std::nullopt;
        if (!first) first = i;
    }
    if (!first) return std::nullopt;
    const FlowFigure fig = flow_figure(r, *first);  // the time the flow's row shows
    if (!(fig.time_s > 0)) return std::nullopt;
    return QString::fromStdString(format_time(fig.time_s));
}
}  // namespace

QString HeroPanel::throughputTip() {
    return tr("Steady-state throughput: bytes delivered in order per second over the second half of the run. "
              "While a run streams: “≈ … so far”, the rate measured up to now.");
}

HeroPanel::HeroPanel(QWidget* parent) : QWidget(parent) {
    hero_ = new TextStrip(1, this);
    hero_->setObjectName("hero");
    hero_->setText(QStringLiteral("…"));
    hero_->setToolTip(throughputTip());
    utilisation_ = new TextStrip(kUtilisationLines, this);
    utilisation_->setObjectName("utilisation");
    limit_ = new TextStrip(2, this);
    limit_->setObjectName("limit");
    limit_->setToolTip(tr("What held the sender back for longest in the steady state: the smallest of "
                          "cwnd, rwnd and the send buffer, the pacing clock, or the link itself "
                          "(whenever a queue stands at the bottleneck)."));
    theory_ = new TextStrip(kTheoryLines, this);
    theory_->setObjectName("theory");
    theory_->setToolTip(tr("What the textbook laws predict from the settings alone: the smallest of the "
                           "link, the loss response function (Reno √(3/2)/√p, CUBIC RFC 9438 §5) and "
                           "rwnd or the send buffer per RTT. The model is never told this number."));
    theory_->setVisible(false);
    note_ = new TextStrip(kNoteLines, this);
    note_->setObjectName("note");
    note_->setToolTip(tr("For BBR, its own model of the path at the end of the run: its bottleneck-"
                         "bandwidth estimate, the rate it paces at (or “unpaced”: the textbook's BBR, which Linux "
                         "paces itself — Stack Linux, or “BBR paces itself” under More), its min_rtt filter and "
                         "its state. "
                         "With random loss, a warning when the figure rests on too few events."));
    note_->setVisible(false);
    flow_words_ = new TextStrip(kFlowWordsLines, this);
    flow_words_->setObjectName("flow_words");
    flow_words_->setToolTip(tr("Each transfer's completion time (its start to the ACK of its last byte, "
                               "handshake included) beside the same transfer on an empty path: handshake + "
                               "slow-start rounds from IW 10 at the flow's RTT + serialisation. Each ping's "
                               "mean round trip beside the base RTT of its path: the difference is the "
                               "queue it waits behind."));
    flow_words_->setVisible(false);
    for (TextStrip* t : {utilisation_, limit_, theory_, note_, flow_words_}) t->setAdaptive(true);

    rate_widget_ = new QWidget(this);
    status_ = new TextStrip(2, rate_widget_);
    status_->setObjectName("status");
    status_->setAdaptive(true);
    view_ = make_chart_view(rate_widget_);
    QChart* chart = view_->chart();
    x_ = make_time_axis(chart);
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
    // The link dashed over the delivery rate: where the rate runs at the
    // link, both show.
    for (QLineSeries* s : {rate_, link_, btlbw_, pacing_}) {
        chart->addSeries(s);
        s->attachAxis(x_);
        s->attachAxis(y_);
    }
    auto* rl = new QVBoxLayout(rate_widget_);
    rate_rows_ = rl;
    rl->setContentsMargins(0, 0, 0, 0);
    rl->setSpacing(1);
    chart->legend()->hide();
    key_ = new ChartKey(chart, rate_widget_);
    // Several flows: the share bars over the stacked chart, in its place.
    shares_ = new ShareBars(rate_widget_);
    shares_->setVisible(false);
    throughput_ = new ThroughputChart(rate_widget_);
    throughput_->setVisible(false);
    rl->addWidget(shares_);
    rl->addWidget(view_, 1);
    rl->addWidget(throughput_, 1);
    rl->addWidget(key_);
    rl->addWidget(status_);

    // The headline: the number, and the words beside it (or under it).
    auto* words = new QVBoxLayout;
    words_ = words;
    words->setContentsMargins(0, 0, 0, 0);
    words->setSpacing(1);
    words->addWidget(limit_);
    words->addWidget(utilisation_);
    words->addWidget(theory_);
    words->addWidget(flow_words_);
    words->addWidget(note_);
    words->addStretch(1);
    row_ = new QBoxLayout(QBoxLayout::LeftToRight, this);
    row_->setContentsMargins(8, 0, 8, 0);
    row_->setSpacing(14);
    row_->addWidget(hero_);
    row_->addLayout(words, 1);
    restyle(ChartStyle{});
}

void HeroPanel::fitHeroWidth() {
    // As wide as the figure shown (at least a typical one): the layout
    // changes when the figure's width does, not with every digit (DejaVu's
    // digits share one width).
    const QFontMetrics fm(hero_->font());
    const int w = std::max(fm.horizontalAdvance(hero_->text()), fm.horizontalAdvance(QStringLiteral("88.8 Mbit/s"))) + 6;
    if (w != hero_->width() || hero_->minimumWidth() != w) {
        hero_->setFixedWidth(w);
        arrange();
    }
}

void HeroPanel::resizeEvent(QResizeEvent* e) {
    QWidget::resizeEvent(e);
    arrange();
}

void HeroPanel::arrange() {
    // Beside the number while the words keep room for about 28 characters
    // of their own font, else under it: the number is never squeezed.
    const int words_room = limit_->fontMetrics().averageCharWidth() * 28;
    const bool beside = width() - hero_->minimumWidth() - row_->spacing() - 16 >= words_room;
    const auto dir = beside ? QBoxLayout::LeftToRight : QBoxLayout::TopToBottom;
    if (row_->direction() != dir) row_->setDirection(dir);
    placeWords(!beside);
}

void HeroPanel::placeWords(bool under_shares) {
    if (under_shares == words_under_shares_) return;
    words_under_shares_ = under_shares;
    fitStatus();
    // The same order in both places: after the bold limit words in the
    // headline, or after the share bars (hidden with one flow: then at the
    // top of the rate panel, over the delivery-rate trace).
    QBoxLayout* from = under_shares ? words_ : rate_rows_;
    QBoxLayout* to = under_shares ? rate_rows_ : words_;
    QWidget* after = under_shares ? static_cast<QWidget*>(shares_) : limit_;
    TextStrip* moved[] = {utilisation_, theory_, flow_words_, note_};
    const int lines[] = {kUtilisationLines, kTheoryLines, kFlowWordsLines, kNoteLines};
    for (int k = 0; k < 4; ++k) {
        TextStrip* t = moved[k];
        const bool shown = !t->isHidden();
        from->removeWidget(t);
        t->setParent(under_shares ? rate_widget_ : this);
        // A narrow column: as many lines as the words need there.
        t->setLines(under_shares ? kWordsLinesUnderShares : lines[k]);
        to->insertWidget(to->indexOf(after) + 1, t);
        t->setVisible(shown);
        after = t;
    }
}

void HeroPanel::restyle(const ChartStyle& style) {
    // Sizes follow the application font, so presentation mode scales them.
    QFont big = QApplication::font();
    big.setPointSizeF(big.pointSizeF() * 3.2);
    big.setBold(true);
    hero_->setFont(big);
    // The number's room is reserved for the widest figure it shows.
    hero_->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
    fitHeroWidth();
    QFont mid = QApplication::font();
    // In the presentation look the application font is already half as
    // large again: the words stay a little over it, the number 3.2 ×.
    mid.setPointSizeF(mid.pointSizeF() * (style.presentation ? 1.05 : 1.25));
    utilisation_->setFont(mid);
    mid.setBold(true);
    limit_->setFont(mid);
    mid.setBold(false);
    mid.setItalic(true);
    theory_->setFont(mid);
    note_->setFont(QApplication::font());
    status_->setFont(QApplication::font());
    QFont words = QApplication::font();
    words.setPointSizeF(words.pointSizeF() * (style.presentation ? 1.0 : 1.1));
    flow_words_->setFont(words);
    shares_->setFont(QApplication::font());
    shares_->restyle(style);
    throughput_->restyle(style);
    const SeriesColors c = style.colors();
    rate_->setPen(style.pen(c.rate, 1.6));
    link_->setPen(style.pen(c.link, 1.8, Qt::DashLine, true));
    btlbw_->setPen(style.pen(c.btlbw, 2));
    pacing_->setPen(style.pen(c.pacing, 1.5, Qt::DashDotLine));
    style_chart(view_->chart());
    key_->setFont(view_->chart()->legend()->font());
    arrange();
}

QString HeroPanel::linkName() const { return link_->name(); }
double HeroPanel::rateAxisTop() const { return y_->max(); }

QString HeroPanel::heroText() const { return hero_->text(); }
QString HeroPanel::limitText() const { return limit_->text(); }
QString HeroPanel::utilisationText() const { return utilisation_->text(); }
QString HeroPanel::statusText() const { return status_->text(); }
QString HeroPanel::theoryText() const { return theory_->isHidden() ? QString() : theory_->text(); }
QString HeroPanel::flowWordsText() const { return flow_words_->isHidden() ? QString() : flow_words_->text(); }
QString HeroPanel::warningText() const { return note_->isHidden() ? QString() : note_->text(); }

void HeroPanel::setTheory(const std::optional<TheoryLevels>& levels_in) {
    // The levels are one flow's laws: with several flows they would not be
    // the aggregate's, so the overlay stays off the hero.
    const std::optional<TheoryLevels> levels = several_ ? std::nullopt : levels_in;
    if (theory_->isHidden() == levels.has_value()) theory_->setVisible(levels.has_value());
    if (!levels) return;
    theory_->setText(tr("theory predicts %1 — %2")
                         .arg(q(format_rate(levels->throughput_bps)), q(theory_binding_words(*levels))));
}

void HeroPanel::setStale(bool stale) {
    hero_->setDimmed(stale);
    utilisation_->setDimmed(stale);
    limit_->setDimmed(stale);
}

void HeroPanel::showError(const QString& message) {
    setStale(true);
    status_->setText(tr("the model refused this scenario: %1").arg(message));
    if (status_->isHidden()) status_->show();  // an error is always shown
}

void HeroPanel::fitStatus() {
    // Several flows with the words under the share bars (a narrow column):
    // the words already say "so far, provisional: measured over …", and the
    // steady-state window is in the utilisation's tooltip; the status line
    // would make the column taller than the charts beside it.
    const bool shown = !(several_ && words_under_shares_);
    if (status_->isHidden() == shown) status_->setVisible(shown);
    const QString status = status_->text() + QStringLiteral("\n") + status_->toolTip();
    utilisation_->setToolTip(shown                        ? utilisation_tip_
                             : utilisation_tip_.isEmpty() ? status
                                                          : utilisation_tip_ + QStringLiteral("\n\n") + status);
}

void HeroPanel::setSnapshot(const RunSnapshot& snap) {
    const RunResult& r = snap.result;
    const Scenario& sc = r.scenario;
    const Trace& t = r.trace;
    // One flow that is not bulk (a transfer, a request/response flow, pings)
    // is read as flows are: by its figure (a completion time, a transaction,
    // a wait), not by a throughput and the limit of a window it never fills.
    setSeveral(r.flows.size() > 1 || (r.flows.size() == 1 && !r.flows.front().flow.is_bulk()));
    fitStatus();
    if (several_) {
        showFlows(snap);
        return;
    }

    // The small delivery-rate trace (Mbit/s), with the link rate dashed.
    const bool bbr = sc.algorithm == Algorithm::Bbr;
    const int cols = std::max(60, static_cast<int>(view_->chart()->plotArea().width()));
    const ColumnRange range{0, sc.duration_s, cols};
    btlbw_->setVisible(bbr);
    pacing_->setVisible(bbr);
    // y follows the data: the delivery rate (and BBR's own rates), the
    // measured throughput; the link too when it is near them. A link far
    // above (24 Mbit/s on a 10 Gbit/s path) is left off the scale and said
    // so in its legend entry, so the trace is not a line along zero.
    double data = std::max(series_max(t, &TraceBucket::delivery_rate_bps), snap.done ? r.summary.throughput_bps : 0.0);
    if (bbr)
        for (const TraceBucket& b : t.buckets) {
            if (std::isfinite(b.cc.bw_bps)) data = std::max(data, b.cc.bw_bps);
            if (std::isfinite(b.pacing_rate_bps)) data = std::max(data, b.pacing_rate_bps);
        }
    data = std::min(data, 2.5 * sc.bandwidth_bps);  // a stray sample does not flatten the trace
    const LinkScale scale = link_scale(data, sc.bandwidth_bps);
    const double top = scale.top_bps;
    const bool gbit = top >= 2e9;
    const double per = gbit ? 1e-9 : 1e-6;
    y_->setTitleText(gbit ? tr("Gbit/s") : tr("Mbit/s"));
    rate_->replace(minmax_line(t, &TraceBucket::delivery_rate_bps, range, per));
    link_->replace({{0, sc.bandwidth_bps * per}, {sc.duration_s, sc.bandwidth_bps * per}});
    btlbw_->replace(bbr ? level_line(t, bbr_btlbw_bps, range, per) : QList<QPointF>{});
    pacing_->replace(bbr ? level_line(t, &TraceBucket::pacing_rate_bps, range, per) : QList<QPointF>{});
    link_->setName(scale.link_name);
    set_axis_range(x_, 0, sc.duration_s);
    set_axis_range(y_, 0, nice_ceiling(top * per * 1.05));
    y_->setTickCount(3);
    fit_vertical_ticks(y_, view_->chart()->plotArea().height());

    // BBR's model of the path, from the newest bucket.
    QString bbr_text;
    if (bbr && !t.buckets.empty()) {
        const TraceBucket& b = t.buckets.back();
        // Unpaced (the textbook's BBR), the pacing rate is computed but not
        // applied: the item says so (the BBR the textbook draws; Linux paces it).
        const bool unpaced = !unpaced_bbr_note(resolve_flows(sc), Audience::Window).empty();
        const QString pacing = unpaced ? tr("unpaced (textbook BBR)") : tr("pacing %1").arg(q(format_rate(b.pacing_rate_bps)));
        bbr_text = tr("BBR's model — BtlBw %1 · %2 · min_rtt %3 · state %4")
                       .arg(q(format_rate(b.cc.bw_bps)), pacing, q(format_time(b.cc.min_rtt_s)),
                            QString::fromUtf8(to_string(b.phase)));
    }
    note_->setText(bbr_text);
    note_->setColor(QColor());
    if (note_->isHidden() == bbr) note_->setVisible(bbr);

    if (!snap.done) {
        // Provisional: what has been delivered so far, over the same window
        // the final figure uses (the second half), or the second half of
        // what has run yet. Marked "≈ … so far" and dimmed.
        setStale(true);
        status_->setText(tr("simulating… %1 of %2")
                             .arg(q(format_time(snap.sim_time_s)), q(format_time(sc.duration_s))));
        if (const auto so_far = delivered_rate_so_far(t, sc, snap.sim_time_s)) {
            hero_->setText(tr("≈ %1").arg(q(format_rate(*so_far))));
            fitHeroWidth();
            hero_->setDimmed(false);  // readable: it is today's number, marked as provisional
            utilisation_->setText(tr("so far, provisional: measured over %1 of %2 simulated")
                                      .arg(q(format_time(snap.sim_time_s)), q(format_time(sc.duration_s))));
        }
        return;
    }
    const Summary& s = r.summary;
    setStale(false);
    hero_->setText(q(format_rate(s.throughput_bps)));
    hero_->setToolTip(throughputTip());
    fitHeroWidth();
    utilisation_->setText(utilisation_line(tr("%1 % of %2 · mean RTT %3"), s.utilisation, q(format_rate(sc.bandwidth_bps)),
                                           q(format_time(s.mean_rtt_s))));
    // A result that lists no flows (the real kernel's) ran the scenario's one flow.
    const ResolvedFlow one = r.flows.empty() ? resolve_flow(sc, 0) : r.flows.front().flow;
    limit_->setText(values_unbroken(q(binding_limit_words(s, &one))));  // "5,242,880 B" on one line
    const std::string warn = few_events_warning(s, sc);
    if (!warn.empty()) {
        note_->setText(bbr_text.isEmpty() ? q(warn) : q(warn) + QStringLiteral(" · ") + bbr_text);
        note_->setColor(QColor("#d9822b"));
        note_->setVisible(true);
    }
    status_->setText(tr("steady state %1–%2").arg(q(format_number(s.window_start_s)), q(format_time(s.window_end_s))));
    status_->setToolTip(tr("The figures are averages over the steady state, %1–%2; %3 packets simulated in %4")
                            .arg(q(format_number(s.window_start_s)), q(format_time(s.window_end_s)),
                                 q(format_grouped(s.packets_simulated)), q(format_time(s.wall_seconds))));
    fitStatus();
}

void HeroPanel::setSeveral(bool on) {
    if (on == several_) return;
    several_ = on;
    if (!on) utilisation_tip_.clear();
    view_->setVisible(!on);
    key_->setVisible(!on);
    shares_->setVisible(on);
    throughput_->setVisible(on);
    if (!on) {
        flow_words_->setText(QString());
        flow_words_->setVisible(false);
    } else if (!theory_->isHidden()) {
        theory_->setVisible(false);
    }
}

void HeroPanel::showFlows(const RunSnapshot& snap) {
    const RunResult& r = snap.result;
    const Scenario& sc = r.scenario;
    const std::size_t n = r.flows.size();
    throughput_->setRun(r);
    note_->setColor(QColor());

    // What the words read: the finished run's summaries, or while it
    // streams the same figures so far (each flow's rate over the second half
    // of what has run, the transfers finished so far, the pings answered).
    RunResult words;
    words.scenario = sc;
    words.flows.resize(n);
    for (std::size_t i = 0; i < n; ++i) words.flows[i].flow = r.flows[i].flow;
    const std::vector<ResolvedFlow> flows = flows_of(r);
    double aggregate = 0;
    bool have = snap.done;
    if (snap.done) {
        words.summary = r.summary;
        for (std::size_t i = 0; i < n; ++i) words.flows[i].summary = r.flows[i].summary;
        aggregate = r.summary.throughput_bps;
    } else {
        std::vector<double> rate(n, 0.0), bulk_rates;
        for (std::size_t i = 0; i < n; ++i) {
            FlowSummary& f = words.flows[i].summary;
            if (flows[i].kind == FlowKind::Tcp)
                if (const auto x = delivered_rate_so_far(r.flow_trace(i), sc, snap.sim_time_s)) rate[i] = *x;
            aggregate += rate[i];
            if (flows[i].is_bulk()) bulk_rates.push_back(rate[i]);
            const std::vector<double>& rtts = r.flows[i].ping_rtt_samples_s;
            if (!rtts.empty()) {
                double total = 0;
                for (double x : rtts) total += x;
                f.ping_mean_rtt_s = total / static_cast<double>(rtts.size());
                f.pings_sent = rtts.size();
            }
        }
        for (const Event& e : r.events)
            if (e.kind == EventKind::TransferDone && e.flow >= 0 && static_cast<std::size_t>(e.flow) < n)
                words.flows[static_cast<std::size_t>(e.flow)].summary.fct_s.push_back(e.fct_s);
        for (std::size_t i = 0; i < n; ++i) {
            FlowSummary& f = words.flows[i].summary;
            f.share = aggregate > 0 ? rate[i] / aggregate : 0;
            if (!f.fct_s.empty()) {
                double total = 0;
                for (double x : f.fct_s) total += x;
                f.fct_mean_s = total / static_cast<double>(f.fct_s.size());
            }
        }
        words.summary.jain_index = jain_index(bulk_rates);
        have = aggregate > 0;
    }

    // The sentences: Jain's index first; pings (the lesson of the latency
    // others pay), then transfers. With no bulk flow the big number is the
    // first TCP flow's time (figure_of_the_timed_flows), so that flow's
    // sentence leads: the bold words name the number beside them.
    const bool no_bulk = bulk_flow_count(flows) == 0;
    QStringList lead, pings, fcts;
    bool first_tcp_seen = false;
    for (std::size_t i = 0; i < n; ++i) {
        const FlowSummary& f = words.flows[i].summary;
        const bool leads = no_bulk && !first_tcp_seen && flows[i].kind == FlowKind::Tcp;
        if (flows[i].kind == FlowKind::Tcp) first_tcp_seen = true;
        QStringList& timed = leads ? lead : fcts;
        if (snap.done || f.pings_sent > 0)
            if (const QString p = ping_words(words, i); !p.isEmpty()) pings << p;
        if (snap.done || !f.fct_s.empty())
            if (const QString t = fct_words(words, i); !t.isEmpty()) timed << t;
        if (snap.done || f.transactions > 0)
            if (const QString t = rpc_words(words, i); !t.isEmpty()) timed << t;
    }
    QString head = have ? jain_words(words) : QString();
    QStringList rest = lead + pings + fcts;
    if (head.isEmpty() && !rest.isEmpty()) head = rest.takeFirst();
    // Each number whole with its unit at a line's end ("215 ms", never "215" over "ms").
    head = values_unbroken(head);
    for (QString& line : rest) line = values_unbroken(line);

    // The share bars.
    std::vector<ShareRow> rows;
    rows.reserve(n);
    for (std::size_t i = 0; i < n; ++i) {
        const FlowSummary& f = words.flows[i].summary;
        ShareRow row;
        row.name = flow_display_name(flows, i);
        // Two columns of short names: the user's label, else the flow's
        // number (as the window and RTT keys number flows).
        row.short_name = flows[i].label_given ? q(flows[i].label) : QString::number(i + 1);
        row.flow = static_cast<int>(i);
        const bool ping = flows[i].kind == FlowKind::Ping;
        row.figure_only = !flows[i].is_bulk();
        row.bulk = flows[i].is_bulk();
        row.share = f.share;
        const QString pct = tr("%1 %").arg(q(format_number(f.share * 100, 2)));
        if (ping) {
            row.value = f.pings_sent > 0 && f.pings_sent > f.pings_lost
                            ? tr("RTT %1 (base %2)").arg(q(format_time(f.ping_mean_rtt_s)),
                                                       q(format_time(flows[i].rtt_s)))
                            : QStringLiteral("…");
            if (f.pings_sent > 0 && f.pings_sent > f.pings_lost)
                row.value_short = tr("RTT %1").arg(q(format_time(f.ping_mean_rtt_s)));
            row.detail = row.name + QStringLiteral(": ") + (snap.done ? ping_words(words, i) : row.value);
        } else if (row.figure_only) {  // a transfer, a request/response flow
            const FlowFigure fig = flow_figure(words, i);
            row.value = fig.value.isEmpty() ? QStringLiteral("…") : fig.value;
            row.value_short = fig.value_short;
            if (!fig.value_short.isEmpty()) row.value_tiny = q(format_time(fig.time_s));
            const QString w = flows[i].is_rpc() ? rpc_words(words, i) : fct_words(words, i);
            row.detail = tr("%1: %2 of the aggregate").arg(row.name, pct) + (w.isEmpty() ? QString() : QStringLiteral(" — ") + w);
        } else {
            row.value = have ? pct : QStringLiteral("…");
            QString d = tr("%1: %2 of the aggregate").arg(row.name, pct);
            if (snap.done)
                d += tr(", %1, mean RTT %2").arg(q(format_rate(f.throughput_bps)), q(format_time(f.mean_rtt_s)));
            if (const QString t = fct_words(words, i); !t.isEmpty() && (snap.done || !f.fct_s.empty()))
                d += QStringLiteral(" — ") + t;
            row.detail = d;
        }
        rows.push_back(row);
    }
    const QString agg = q(format_rate(aggregate));
    // The fair share is about bulk flows competing: a marker with two or more.
    // Without a bulk flow no row has a bar: the heading names the times instead.
    const QString heading = no_bulk                     ? tr("each flow's time, in round trips")
                            : snap.done                 ? tr("share of %1").arg(agg)
                            : have                      ? tr("share so far of ≈ %1").arg(agg)
                                                        : tr("share");
    // Rows too narrow for their round trips show the time alone, under a
    // heading that no longer promises them.
    shares_->setRows(std::move(rows), bulk_flow_count(flows) >= 2 ? fair_share(flows) : 0.0, heading,
                     no_bulk ? tr("each flow's time") : QString());

    // At most two sentences under the headline; the rest in the tooltip.
    // Pushed under the share rows (a narrow column) with no bulk flow, the
    // rows already say every flow's figure: the sentences would repeat them
    // in a column too narrow for one.
    const qsizetype sentences = words_under_shares_ && no_bulk ? 0 : 2;
    QString shown = rest.mid(0, sentences).join(QStringLiteral(" · "));
    if (sentences > 0 && rest.size() > sentences) shown += tr(" · + %1 more (hover)").arg(rest.size() - sentences);
    flow_words_->setText(shown);
    flow_words_->setToolTip(rest.isEmpty() ? QString() : rest.join(QLatin1Char('\n')));
    if (flow_words_->isHidden() == !shown.isEmpty()) flow_words_->setVisible(!shown.isEmpty());

    if (!snap.done) {
        setStale(true);
        flow_words_->setDimmed(true);
        status_->setText(tr("simulating… %1 of %2")
                             .arg(q(format_time(snap.sim_time_s)), q(format_time(sc.duration_s))));
        if (note_->isVisible()) note_->setVisible(false);
        if (have) {
            hero_->setText(tr("≈ %1").arg(agg));
            hero_->setToolTip(throughputTip());
            fitHeroWidth();
            hero_->setDimmed(false);  // readable: provisional, and marked so
            if (!head.isEmpty()) limit_->setText(tr("%1 — so far").arg(head));
            utilisation_->setText(tr("so far, provisional: measured over %1 of %2 simulated")
                                      .arg(q(format_time(snap.sim_time_s)), q(format_time(sc.duration_s))));
        }
        return;
    }
    const Summary& s = r.summary;
    setStale(false);
    flow_words_->setDimmed(false);
    const std::optional<QString> time = figure_of_the_timed_flows(r);
    hero_->setText(time.value_or(agg));
    hero_->setToolTip(time ? tr("No flow is bulk, so the run's figure is a time: the first flow's, named "
                                "beside it (a transfer's completion, from its start to the ACK of its last "
                                "byte, handshake included; a request/response flow's median transaction). "
                                "Every flow's time is in the rows under Throughput per flow.")
                           : throughputTip());
    fitHeroWidth();
    limit_->setText(head);
    // One line in the presentation look too (the bars say how many flows).
    const EndedTransfers ended = ended_transfers(r);
    utilisation_->setText(!ended.line.isEmpty() ? ended.line
                                                : utilisation_line(tr("%1 % of %2 · queue %3"), s.utilisation,
                                                                   q(format_rate(sc.bandwidth_bps)),
                                                                   queue_delay_words(s.mean_queue_delay_s, sc)));
    utilisation_tip_ = !ended.tip.isEmpty()
                           ? ended.tip
                           : tr("Utilisation of the link by all %1 flows together, and the mean queueing delay "
                                "at the bottleneck over the steady state (95th percentile %2).")
                                 .arg(n)
                                 .arg(q(format_time(s.p95_queue_delay_s)));
    utilisation_->setToolTip(utilisation_tip_);
    if (!s.settled) {
        note_->setText(unsettled_warning(sc));
        note_->setColor(QColor("#d9822b"));
    }
    if (note_->isHidden() == !s.settled) note_->setVisible(!s.settled);
    // After transfers that had all ended, the steady state averages nothing
    // of theirs: said so, not left to read as the time they were measured in.
    status_->setText((ended.line.isEmpty() ? tr("steady state %1–%2") : tr("steady state %1–%2, after the transfers ended"))
                         .arg(q(format_number(s.window_start_s)), q(format_time(s.window_end_s))));
    status_->setToolTip(tr("The figures are averages over the steady state, %1–%2; %3 packets simulated in %4")
                            .arg(q(format_number(s.window_start_s)), q(format_time(s.window_end_s)),
                                 q(format_grouped(s.packets_simulated)), q(format_time(s.wall_seconds))));
    fitStatus();
}

}  // namespace inflight::ui
