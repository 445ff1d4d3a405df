// The hero and the throughput panel with several flows: share bars against
// the fair share, Jain's index in words, FCTs beside their empty-path value,
// the ping's wait beside the base RTT, the stacked throughput per flow; and
// with one flow today's hero. Expected figures come from the run's summaries
// and traces by arithmetic, never from the panel's own helpers.
#include <QAreaSeries>
#include <QChartView>
#include <QGroupBox>
#include <QLineSeries>
#include <QTest>
#include <gtest/gtest.h>

#include <tuple>
#include <cmath>
#include <memory>

#include "finished_run.h"
#include "ui/lesson/binding_words.h"
#include "ui/lesson/flow_words.h"
#include "ui/panels/dashboard.h"
#include "ui/panels/event_log_view.h"
#include "ui/panels/flow_palette.h"
#include "ui/panels/hero_panel.h"
#include "ui/panels/text_strip.h"
#include "ui/panels/share_bars.h"
#include "ui/panels/throughput_chart.h"
#include "readability.h"
#include "model/engine/run.h"
#include "test_helpers.h"
#include "unbroken_values.h"
#include "model/core/units.h"

using namespace inflight;
using namespace inflight::ui;

namespace {

QString q(const std::string& s) { return QString::fromStdString(s); }

FlowSpec tcp(Algorithm a) {
    FlowSpec f;
    f.algorithm = a;
    return f;
}

// CUBIC vs BBR on 50 Mbit/s × 40 ms with a shallow buffer (½ BDP): BBR
// takes most of the link (Ware et al., IMC 2019: its in-flight cap is
// set by the buffer), so Jain's index is low.
Scenario cubic_vs_bbr() {
    Scenario s;
    s.bandwidth_bps = 50e6;
    s.rtt_s = 0.040;
    s.buffer_s = 0.020;
    s.duration_s = 10;
    s.flows = {tcp(Algorithm::Cubic), tcp(Algorithm::Bbr)};
    return s;
}

// A bulk CUBIC flow, a 100 KB transfer ("web") at 2 s and a ping behind a
// 200 ms FIFO: the latency others pay.
Scenario bulk_ping_web() {
    Scenario s;
    s.bandwidth_bps = 50e6;
    s.rtt_s = 0.040;
    s.buffer_s = 0.200;
    s.duration_s = 10;
    FlowSpec web = tcp(Algorithm::Cubic);
    web.size_bytes = 100'000;
    web.start_s = 2;
    web.label = "web";
    FlowSpec ping;
    ping.kind = FlowKind::Ping;
    s.flows = {tcp(Algorithm::Cubic), web, ping};
    return s;
}

struct Shown {
    std::unique_ptr<Dashboard> d;
    SnapshotPtr snap;
};

Shown show(const Scenario& sc, bool done = true) {
    const SnapshotPtr snap = test::snapshot_of(run_scenario(sc), done);
    Shown out{std::make_unique<Dashboard>(), snap};
    out.d->resize(1000, 640);
    out.d->show();
    out.d->showNow(snap);
    QTest::qWait(30);
    out.d->showNow(snap);  // again, laid out at its size
    return out;
}

}  // namespace

// A narrow dashboard (the presentation look with the guide open) keeps only
// the bold words in the headline: the utilisation and the flow words go
// atop the rate panel, and the status line's words join the utilisation's
// tooltip. Wide again, everything is back where it was, tooltips included.
TEST(FlowHero, ANarrowHeadlineMovesItsSecondaryWordsUnderTheShareBarsAndBack) {
    Shown s = show(cubic_vs_bbr());
    auto* utilisation = s.d->findChild<TextStrip*>(QStringLiteral("utilisation"));
    auto* status = s.d->findChild<TextStrip*>(QStringLiteral("status"));
    ASSERT_TRUE(utilisation && status);
    HeroPanel* hero = s.d->hero();
    const auto in_headline = [&] { return utilisation->parentWidget() == hero; };
    EXPECT_TRUE(in_headline());
    EXPECT_TRUE(status->isVisible());
    const QString own_tip = utilisation->toolTip();
    EXPECT_TRUE(own_tip.contains(QStringLiteral("all 2 flows"))) << own_tip.toStdString();
    // Narrower than the number and 28 characters of words beside it.
    s.d->resize(420, 640);
    QTest::qWait(30);
    s.d->showNow(s.snap);
    QTest::qWait(30);
    EXPECT_FALSE(in_headline());
    EXPECT_EQ(utilisation->parentWidget(), hero->rateWidget());
    EXPECT_TRUE(utilisation->isVisible());
    EXPECT_FALSE(status->isVisible());
    EXPECT_TRUE(utilisation->toolTip().startsWith(own_tip));
    EXPECT_TRUE(utilisation->toolTip().contains(status->text())) << utilisation->toolTip().toStdString();
    s.d->resize(1000, 640);
    QTest::qWait(30);
    s.d->showNow(s.snap);
    QTest::qWait(30);
    EXPECT_TRUE(in_headline());
    EXPECT_TRUE(status->isVisible());
    EXPECT_EQ(utilisation->toolTip(), own_tip);
}

TEST(FlowHero, TwoFlowsGetOneShareBarEachInTheirColourProportionalToTheirShares) {
    const Shown s = show(cubic_vs_bbr());
    const RunResult& r = s.snap->result;
    ASSERT_EQ(r.flows.size(), 2u);
    const double s0 = r.flows[0].summary.share, s1 = r.flows[1].summary.share;
    EXPECT_NEAR(s0 + s1, 1.0, 1e-6);

    HeroPanel* h = s.d->hero();
    ASSERT_TRUE(h->severalFlows());
    ShareBars* bars = h->shareBars();
    ASSERT_TRUE(bars->isVisible());
    ASSERT_EQ(bars->flowRows(), 2);
    EXPECT_FALSE(bars->grouped());
    const double w0 = bars->barRect(0).width(), w1 = bars->barRect(1).width();
    ASSERT_GT(w0 + w1, 50);
    // One scale: each bar's part of their sum is its share (to a pixel).
    EXPECT_NEAR(w0 / (w0 + w1), s0, 1.0 / (w0 + w1));
    // The fair share of two bulk flows: ½ of the aggregate, i.e. half the
    // length both bars make together (the shares sum to 1).
    EXPECT_DOUBLE_EQ(bars->fair(), 0.5);
    EXPECT_NEAR(bars->fairMarkerX(0) - bars->barRect(0).left(), 0.5 * (w0 + w1), 1.0);
    EXPECT_NEAR(bars->fairMarkerX(1) - bars->barRect(1).left(), 0.5 * (w0 + w1), 1.0);
    // Drawn in the flows' colours (a quarter of the way along a long bar,
    // the middle of a short one: clear of the fair marker at ½).
    const QImage img = bars->grab().toImage();
    for (int i : {0, 1}) {
        const QRectF b = bars->barRect(i);
        ASSERT_GE(b.width(), 2) << "flow " << i << "'s bar is too short to sample";
        const double along = b.width() < 8 ? 0.5 : 0.25;
        const QPoint at(static_cast<int>(b.left() + b.width() * along), static_cast<int>(b.center().y()));
        EXPECT_EQ(img.pixelColor(at).name(), flow_colour(i, false).name()) << "flow " << i;
    }
    // The figures beside the bars: the shares in percent.
    EXPECT_EQ(bars->rows()[0].value, QStringLiteral("%1 %").arg(q(format_number(s0 * 100, 2))));
    EXPECT_EQ(bars->rows()[1].value, QStringLiteral("%1 %").arg(q(format_number(s1 * 100, 2))));
    // The box is titled for what it shows.
    auto* box = qobject_cast<QGroupBox*>(s.d->panel(Dashboard::Panel::Hero));
    ASSERT_TRUE(box);
    EXPECT_EQ(box->title(), QStringLiteral("Throughput per flow"));
    EXPECT_FALSE(h->view()->isVisible());
}

// A second run's shares (the kernel's, measured beside the model): one
// stroke per flow at that share on the bar's own scale, in the overlay's
// colour, named in the heading and the row's tooltip; removed again.
TEST(FlowHero, AnotherRunsSharesAreStrokesOnTheBarsOwnScale) {
    const Shown s = show(cubic_vs_bbr());
    ShareBars* bars = s.d->hero()->shareBars();
    ASSERT_EQ(bars->flowRows(), 2);
    const double w0 = bars->barRect(0).width(), w1 = bars->barRect(1).width();
    const double px_per_share = w0 + w1;  // the two shares sum to 1
    const QColor magenta("#d1007a");
    bars->setOverlayShares({0.30, 0.70}, QStringLiteral("Linux 6.18 — measured"), magenta);
    EXPECT_NEAR(bars->overlayMarkerX(0) - bars->barRect(0).left(), 0.30 * px_per_share, 1.0);
    EXPECT_NEAR(bars->overlayMarkerX(1) - bars->barRect(1).left(), 0.70 * px_per_share, 1.0);
    const QImage img = bars->grab().toImage();
    for (int i : {0, 1}) {
        const QPoint at(static_cast<int>(std::lround(bars->overlayMarkerX(i))),
                        static_cast<int>(bars->barRect(i).center().y()));
        EXPECT_EQ(img.pixelColor(at).name(), magenta.name()) << "flow " << i;
    }
    EXPECT_TRUE(bars->rowToolTip(1).contains(QStringLiteral("Linux 6.18 — measured: share 70.0 %"))) << bars->rowToolTip(1).toStdString();
    bars->setOverlayShares({}, QString(), QColor());
    EXPECT_TRUE(std::isnan(bars->overlayMarkerX(0)));
    EXPECT_FALSE(bars->rowToolTip(1).contains(QStringLiteral("measured")));
}

TEST(FlowHero, JainWordsNameTheFlowWithTheLargestShareAndItsMultipleOfTheFairShare) {
    const Shown s = show(cubic_vs_bbr());
    const RunResult& r = s.snap->result;
    ASSERT_LT(r.summary.jain_index, 0.95) << "the scenario was chosen to be unfair";
    const std::size_t big = r.flows[1].summary.share > r.flows[0].summary.share ? 1 : 0;
    const QString name = big == 1 ? QStringLiteral("BBR") : QStringLiteral("CUBIC");
    const double multiple = r.flows[big].summary.share / (1.0 / 2);
    const QString words = s.d->hero()->limitText();
    EXPECT_TRUE(words.startsWith(name + QStringLiteral(" takes ") + q(format_number(multiple, 2)) +
                                 QStringLiteral("× its fair share")))
        << words.toStdString();
    EXPECT_TRUE(words.contains(QStringLiteral("Jain ") + q(format_number(r.summary.jain_index, 2))))
        << words.toStdString();
    // The number is the aggregate.
    EXPECT_EQ(s.d->hero()->heroText(), q(format_rate(r.summary.throughput_bps)));
}

TEST(FlowHero, ATransferBesideItsEmptyPathTimeAndAPingBesideTheBaseRtt) {
    const Shown s = show(bulk_ping_web());
    const RunResult& r = s.snap->result;
    ASSERT_EQ(r.flows.size(), 3u);
    const FlowSummary& web = r.flows[1].summary;
    const FlowSummary& ping = r.flows[2].summary;
    ASSERT_EQ(web.fct_s.size(), 1u);
    ASSERT_GT(ping.pings_sent, 0u);
    // Empty path, by hand (handshake + slow-start rounds at 50 Mbit/s, 40 ms): 66 packets of
    // 1500 B (240 µs each) and one of 1,000 B (160 µs); the 64 B SYN
    // (10.24 µs) + 40 ms; rounds of 10 and 20 packets at 40 ms + 240 µs
    // each; the last 37 packets (8.8 ms) + 40 ms.
    const double empty = 64 * 8 / 50e6 + 0.040 + 2 * (0.040 + 240e-6) + 36 * 240e-6 + 160e-6 + 0.040;
    const QString all = test::as_read(s.d->hero()->limitText() + QStringLiteral(" | ") + s.d->hero()->flowWordsText());
    EXPECT_TRUE(all.contains(QStringLiteral("web: a 100 KB transfer takes %1; %2 on an empty path")
                                 .arg(q(format_time(web.fct_s.front())), q(format_time(empty)))))
        << all.toStdString() << " (empty path " << empty << " s)";
    // With one bulk flow the headline is the ping's round trip (the wait is
    // what lies above the base RTT: "waits 187 ms" beside "queue 167 ms"
    // read as two different waits), and its 95th percentile.
    EXPECT_EQ(test::as_read(s.d->hero()->limitText()),
              QStringLiteral("ping RTT %1, 95th percentile %2; base RTT 40 ms")
                  .arg(q(format_time(ping.ping_mean_rtt_s)), q(format_time(ping.ping_p95_rtt_s))));
    // The line under the number wraps, if it must, between its parts, never
    // inside a value ("queue 167" over "ms" while presenting, "Mbit/" over
    // "s": a word joiner after the unit's slash), nor between the queue and
    // its figure.
    const QString line = s.d->hero()->utilisationText();
    const QString nb(QChar(0x00A0));
    EXPECT_TRUE(line.contains(nb + "% of 50" + nb + "Mbit/\u2060s · queue" + nb)) << line.toStdString();
    EXPECT_TRUE(line.endsWith(nb + "ms")) << line.toStdString();
    // Behind a 200 ms FIFO the ping waits far longer than the path's RTT.
    EXPECT_GT(ping.ping_mean_rtt_s, 2 * 0.040);
    // The ping's row has no bar but its wait; no fair marker with one bulk flow.
    ShareBars* bars = s.d->hero()->shareBars();
    ASSERT_EQ(bars->flowRows(), 3);
    EXPECT_TRUE(bars->rows()[2].figure_only);
    EXPECT_DOUBLE_EQ(bars->barRect(2).width(), 0);
    EXPECT_TRUE(bars->rows()[2].value.contains(q(format_time(ping.ping_mean_rtt_s))));
    EXPECT_EQ(bars->fair(), 0);
}

TEST(FlowHero, TheStackedAreasAddUpEachFlowsDeliveredBytesPerColumn) {
    const Shown s = show(cubic_vs_bbr());
    const RunResult& r = s.snap->result;
    ThroughputChart* c = s.d->hero()->throughputChart();
    ASSERT_TRUE(c->isVisible());
    ASSERT_EQ(c->areas().size(), 2u);
    const QList<QPointF> top = c->areas()[1]->upperSeries()->points();
    const QList<QPointF> mid = c->areas()[1]->lowerSeries()->points();
    ASSERT_EQ(c->areas()[0]->upperSeries()->points(), mid);  // stacked: flow 2 sits on flow 1
    for (const QPointF& p : c->areas()[0]->lowerSeries()->points()) EXPECT_EQ(p.y(), 0);
    ASSERT_GT(top.size(), 100);
    int checked = 0;
    double worst = 0;
    for (qsizetype k = 0; k + 1 < top.size(); k += 2) {
        // Each column is a step over [x0, x1]: find the buckets it spans.
        const double x0 = top[k].x(), x1 = top[k + 1].x();
        ASSERT_EQ(top[k].y(), top[k + 1].y());
        double sum_bps = 0;
        for (const FlowResult& f : r.flows) {
            const auto& b = f.trace.buckets;
            std::uint64_t before = 0, after = 0;
            bool found = false;
            for (std::size_t j = 0; j < b.size(); ++j) {
                if (b[j].t_start_s == x0) before = j > 0 ? b[j - 1].delivered_bytes : 0;
                if (b[j].t_end_s == x1) { after = b[j].delivered_bytes; found = true; }
            }
            ASSERT_TRUE(found) << "no bucket ends at " << x1;
            sum_bps += static_cast<double>(after - before) * 8 / (x1 - x0);
        }
        EXPECT_NEAR(top[k].y(), sum_bps / 1e6, 1e-9 * sum_bps) << "column at " << x0 << " s";
        if (x0 >= 1) worst = std::max(worst, sum_bps / r.scenario.bandwidth_bps);
        ++checked;
    }
    EXPECT_GT(checked, 50);
    // The sum is the link at most (a packet per flow at each column's edges).
    EXPECT_LE(worst, 1.05);
    // The link rate as a line.
    ASSERT_EQ(c->link()->points().size(), 2);
    EXPECT_DOUBLE_EQ(c->link()->points()[0].y(), 50);
}

// One 10 KB transfer alone (the next chapter's first step): it is done in
// two round trips, long before the steady state the throughput is measured
// over. Its headline is its completion time, not "0 bit/s"; with a bulk
// flow beside it the headline is the aggregate again.
// One 10 KB transfer alone on 50 Mbit/s, 40 ms, for 2 s.
static Scenario ten_kilobytes_alone(const std::string& label = {}) {
    Scenario sc;
    sc.bandwidth_bps = 50e6;
    sc.rtt_s = 0.040;
    sc.duration_s = 2;
    FlowSpec small = tcp(Algorithm::Cubic);
    small.size_bytes = 10'000;
    small.label = label;
    sc.flows = {small};
    return sc;
}

TEST(FlowHero, ATransferAloneIsHeadlinedByItsCompletionTime) {
    Scenario sc = ten_kilobytes_alone();
    const Shown s = show(sc);
    const RunResult& r = s.snap->result;
    ASSERT_EQ(r.flows[0].summary.fct_s.size(), 1u);
    EXPECT_EQ(r.summary.throughput_bps, 0) << "the transfer ended before the steady state";
    // Handshake (64 B SYN + 40 ms) and one round of 7 packets (the whole
    // 10 KB within IW 10): 10.24 µs + 40 ms + 40 ms + 6 × 240 µs + 160 µs
    // (the last packet's 1,000 B).
    const double fct = r.flows[0].summary.fct_s.front();
    EXPECT_NEAR(fct, 64 * 8 / 50e6 + 0.040 + 0.040 + 6 * 240e-6 + 160e-6, 0.5e-3);
    // Never faster than the empty path's arithmetic (the words' yardstick).
    EXPECT_GE(fct, empty_path_fct_s(r.scenario, r.flows[0].flow) - 1e-9);
    EXPECT_EQ(s.d->hero()->heroText(), q(format_time(fct)));
    // The steady state (1 – 2 s) came after the transfer: the line under the
    // hero gives the transfer's own mean rate, 10,000 B × 8 over its time,
    // not "0 % of 50 Mbit/s · queue < 1 packet" (experiment 8's ramp).
    // Each value held together (no break inside "50 Mbit/s": a no-break
    // space, and a word joiner after the slash).
    const double rate_bps = 10'000 * 8 / fct;
    const auto whole = [](const std::string& t) {
        return q(t).replace(QLatin1Char(' '), QChar(0x00A0)).replace(QStringLiteral("bit/s"), QStringLiteral("bit/\u2060s"));
    };
    // Nor does the span under the rate chart pass for when it was measured.
    EXPECT_EQ(s.d->hero()->statusText(), QStringLiteral("steady state 1–2 s, after the transfers ended"));
    EXPECT_EQ(s.d->hero()->utilisationText(),
              QStringLiteral("%1 in %2: %3 on average, %4\u00a0% of %5")
                  .arg(whole("10 KB"), whole(format_time(fct)), whole(format_rate(rate_bps)),
                       q(format_number(100 * rate_bps / 50e6, 3)), whole("50 Mbit/s")));

    // Two transfers, both done by 0.4 s, and a steady state of 1 – 2 s:
    // said as ended, not as a rate of either.
    Scenario two = sc;
    FlowSpec later = two.flows.front();
    later.start_s = 0.2;
    two.flows.push_back(later);
    const Shown both = show(two);
    ASSERT_EQ(both.snap->result.flows[1].summary.fct_s.size(), 1u);
    EXPECT_EQ(both.d->hero()->utilisationText(),
              QStringLiteral("the transfers had ended before the steady state (1–2\u00a0s)"));

    sc.flows.push_back(tcp(Algorithm::Cubic));
    const Shown with_bulk = show(sc);
    EXPECT_EQ(with_bulk.d->hero()->heroText(), q(format_rate(with_bulk.snap->result.summary.throughput_bps)));
}

TEST(FlowHero, TransfersAloneAreHeadlinedByTheFirstOnesTimeNotARate) {
    // Four sizes one after another (experiment 8's step): over the steady
    // state (3 – 6 s) only the 10 MB transfer ran, so the aggregate rate (26.7
    // Mbit/s) said nothing of a step about completion times. The big number
    // is the first transfer's time, the one the bold words beside it name.
    Scenario sc = ten_kilobytes_alone("10 KB");
    sc.duration_s = 6;
    const std::tuple<std::uint64_t, double, const char*> later[] = {
        {100'000, 1.0, "100 KB"}, {1'000'000, 2.0, "1 MB"}, {10'000'000, 3.0, "10 MB"}};
    for (const auto& [bytes, start_s, label] : later) {
        FlowSpec t = tcp(Algorithm::Cubic);
        t.size_bytes = bytes;
        t.start_s = start_s;
        t.label = label;
        sc.flows.push_back(t);
    }
    const Shown s = show(sc);
    const RunResult& r = s.snap->result;
    ASSERT_EQ(r.flows.size(), 4u);
    for (const FlowResult& f : r.flows) ASSERT_EQ(f.summary.fct_s.size(), 1u) << f.flow.label;
    const double first_fct = r.flows[0].summary.fct_s.front();
    EXPECT_EQ(s.d->hero()->heroText(), q(format_time(first_fct)));
    EXPECT_TRUE(test::as_read(s.d->hero()->limitText()).startsWith("10 KB takes " + q(format_time(first_fct))))
        << s.d->hero()->limitText().toStdString();
    // A bulk flow beside them: the run's figure is a rate again.
    sc.flows.push_back(tcp(Algorithm::Cubic));
    const Shown with_bulk = show(sc);
    EXPECT_EQ(with_bulk.d->hero()->heroText(), q(format_rate(with_bulk.snap->result.summary.throughput_bps)));
}

TEST(FlowHero, APingBeforeTheTransferDoesNotTakeTheWordsBesideItsTime) {
    // A ping listed before a 10 KB transfer, no bulk flow: the big number
    // is the transfer's time, so the bold words beside it are the
    // transfer's, not the ping's wait (which follows in the flow words).
    Scenario sc = ten_kilobytes_alone("10 KB");
    FlowSpec ping;
    ping.kind = FlowKind::Ping;
    sc.flows.insert(sc.flows.begin(), ping);
    const Shown s = show(sc);
    const RunResult& r = s.snap->result;
    ASSERT_EQ(r.flows.size(), 2u);
    ASSERT_EQ(r.flows[1].summary.fct_s.size(), 1u);
    const QString time = q(format_time(r.flows[1].summary.fct_s.front()));
    EXPECT_EQ(s.d->hero()->heroText(), time);
    const QString bold = test::as_read(s.d->hero()->limitText());
    EXPECT_TRUE(bold.startsWith("10 KB takes " + time)) << bold.toStdString();
    EXPECT_EQ(ping_words(r, 0).isEmpty(), false);
    EXPECT_FALSE(bold.contains(ping_words(r, 0))) << bold.toStdString();
}

TEST(FlowHero, WhileARunStreamsTheAggregateIsProvisional) {
    const Shown s = show(cubic_vs_bbr(), /*done=*/false);
    EXPECT_TRUE(s.d->hero()->heroText().startsWith(QStringLiteral("≈ "))) << s.d->hero()->heroText().toStdString();
    EXPECT_TRUE(s.d->hero()->limitText().endsWith(QStringLiteral("— so far"))) << s.d->hero()->limitText().toStdString();
    EXPECT_EQ(s.d->hero()->shareBars()->flowRows(), 2);
}

TEST(FlowHero, OneFlowIsTodaysHero) {
    Scenario sc;
    sc.duration_s = 10;
    const Shown s = show(sc);
    const RunResult& r = s.snap->result;
    HeroPanel* h = s.d->hero();
    EXPECT_FALSE(h->severalFlows());
    EXPECT_EQ(h->heroText(), q(format_rate(r.summary.throughput_bps)));
    // Today's words, as the one-flow hero has always put them.
    EXPECT_EQ(h->limitText(), q(binding_limit_words(r.summary, &r.flows.front().flow)));
    EXPECT_TRUE(h->flowWordsText().isEmpty());
    EXPECT_TRUE(h->warningText().isEmpty());
    EXPECT_FALSE(h->shareBars()->isVisible());
    EXPECT_FALSE(h->throughputChart()->isVisible());
    EXPECT_TRUE(h->view()->isVisible());
    auto* box = qobject_cast<QGroupBox*>(s.d->panel(Dashboard::Panel::Hero));
    ASSERT_TRUE(box);
    EXPECT_EQ(box->title(), QStringLiteral("Delivery rate"));
}

TEST(FlowHero, SixteenFlowsShowEightBarsAndGroupTheRestWithATooltip) {
    ShareBars bars;
    std::vector<ShareRow> rows;
    for (int i = 0; i < 16; ++i) {
        ShareRow r;
        r.name = QStringLiteral("flow %1 (CUBIC)").arg(i + 1);
        r.short_name = QString::number(i + 1);
        r.flow = i;
        r.share = 1.0 / 16;
        r.value = QStringLiteral("6.2 %");
        rows.push_back(r);
    }
    bars.setRows(rows, 1.0 / 16, QStringLiteral("share of 100 Mbit/s"));
    // (shown rows, columns' width): two columns of four where two fit, one
    // column of five in a narrow panel (the guide open in the presentation
    // look), the rest grouped on the heading line with their tooltip.
    for (const auto& [width, shown] : {std::pair{600, 8}, std::pair{200, 5}}) {
        bars.resize(width, bars.height());
        bars.show();
        QTest::qWait(10);
        EXPECT_EQ(bars.flowRows(), shown) << width;
        EXPECT_TRUE(bars.grouped());
        EXPECT_EQ(bars.moreText(), QStringLiteral("+ %1 more").arg(16 - shown));
        const QStringList tip = bars.moreToolTip().split(QLatin1Char('\n'));
        ASSERT_EQ(tip.size(), 16 - shown);
        EXPECT_TRUE(tip.front().startsWith(QStringLiteral("flow %1 (CUBIC)").arg(shown + 1)));
        EXPECT_TRUE(tip.back().startsWith(QStringLiteral("flow 16 (CUBIC)")));
        // The height: the heading and the rows of the longest column.
        EXPECT_EQ(bars.height(), bars.rowHeight() * (1 + (shown == 8 ? 4 : 5)) + 2) << width;
        // The widget's own tooltip names every flow.
        for (int i = 1; i <= 16; ++i) EXPECT_TRUE(bars.toolTip().contains(QStringLiteral("flow %1 (CUBIC)").arg(i)));
    }
}

TEST(FlowHero, RunsWithOtherFlowsOneAfterAnotherRestackTheAreas) {
    // Two flows, three (one a ping: not stacked), sixteen, two, then one:
    // each shows its own stack, and nothing is left of the one before.
    Shown s = show(cubic_vs_bbr());
    ThroughputChart* c = s.d->hero()->throughputChart();
    EXPECT_EQ(c->areas().size(), 2u);
    const auto again = [&](const Scenario& sc) {
        auto snap = std::make_shared<RunSnapshot>();
        snap->done = true;
        snap->sim_time_s = sc.duration_s;
        snap->result = run_scenario(sc);
        s.d->showNow(snap);
        QTest::qWait(10);
    };
    again(bulk_ping_web());
    EXPECT_EQ(c->stackedFlows(), (std::vector<int>{0, 1}));  // the ping is left out
    Scenario many = cubic_vs_bbr();
    many.duration_s = 4;
    many.flows.assign(16, tcp(Algorithm::Cubic));
    again(many);
    EXPECT_EQ(c->areas().size(), 16u);
    EXPECT_EQ(s.d->hero()->shareBars()->moreText(), QStringLiteral("+ 8 more"));
    again(cubic_vs_bbr());
    ASSERT_EQ(c->areas().size(), 2u);
    int visible = 0;
    for (QAbstractSeries* a : c->view()->chart()->series())
        if (qobject_cast<QAreaSeries*>(a) && a->isVisible()) ++visible;
    EXPECT_EQ(visible, 2);
    Scenario one;
    one.duration_s = 4;
    again(one);
    EXPECT_FALSE(s.d->hero()->severalFlows());
    EXPECT_FALSE(c->isVisible());
}

TEST(FlowHero, TheHeroAndThroughputPanelAreReadableAt720pWithTwoThreeAndEightFlows) {
    // readability.h's measure, over the headline and the throughput box
    // (the other panels have their own tests), normal and presentation.
    auto w = test::make_window();
    ASSERT_TRUE(test::wait_settled(*w));
    Scenario eight = cubic_vs_bbr();
    eight.duration_s = 6;
    eight.flows.assign(8, tcp(Algorithm::Cubic));
    QStringList all;
    for (bool presentation : {false, true}) {
        if (presentation) {
            w->setPresentation(true);
            w->showNormal();
            w->resize(1280, 720);
            QTest::qWait(120);
        }
        for (const Scenario& sc : {cubic_vs_bbr(), bulk_ping_web(), eight}) {
            auto snap = std::make_shared<RunSnapshot>();
            snap->generation = w->session()->generation();
            snap->done = true;
            snap->sim_time_s = sc.duration_s;
            snap->result = run_scenario(sc);
            w->dashboard()->showNow(snap);
            QTest::qWait(60);
            w->dashboard()->showNow(snap);
            QTest::qWait(60);
            for (QWidget* part : {w->dashboard()->headline(), w->dashboard()->panel(Dashboard::Panel::Hero)})
                for (const QString& p : test::readability_problems(part, 100))
                    all << QStringLiteral("%1 flows%2: %3")
                               .arg(sc.flows.size())
                               .arg(presentation ? QStringLiteral(" (presentation)") : QString(), p);
            // The share bars keep their whole rows: two columns of four for eight flows.
            ShareBars* bars = w->dashboard()->hero()->shareBars();
            EXPECT_EQ(bars->flowRows(), static_cast<int>(sc.flows.size()));
            for (int r = 0; r < bars->flowRows(); ++r)
                EXPECT_LE(bars->barRect(r).right(), bars->width()) << r;
        }
    }
    EXPECT_TRUE(all.isEmpty()) << all.join(QStringLiteral("\n")).toStdString();
}

TEST(FlowHero, RequestResponseFlowsSayHowManyTransactionsTheyFinished) {
    // Two request/response flows on the textbook's 20 ms path, 10 s: with
    // TCP_NODELAY a transaction is one RTT (20 ms and the serialization of
    // 300 B, 24 µs at 100 Mbit/s), with Nagle two (the second write waits
    // for the first's ACK): after the handshake's 20 ms, about
    // 1 + (10 − 0.02 − T) / T of them. The words compare counts as the
    // lesson asks, not only latencies.
    Scenario sc;
    sc.rtt_s = 0.020;
    sc.duration_s = 10;
    FlowSpec rpc = tcp(Algorithm::Cubic);
    rpc.app = FlowApp::Rpc;
    rpc.rpc_writes = {100, 100};
    rpc.rpc_response_bytes = 100;
    FlowSpec nodelay = rpc;
    nodelay.nodelay = true;
    sc.flows = {rpc, nodelay};
    const Shown s = show(sc);
    const RunResult& r = s.snap->result;
    const double one_rtt = 0.020 + 300 * 8 / 100e6;
    const double expected_count[] = {1 + (10 - 0.020 - 2 * one_rtt) / (2 * one_rtt), 1 + (10 - 0.020 - one_rtt) / one_rtt};
    for (std::size_t i = 0; i < 2; ++i) {
        const std::uint64_t n = r.flows[i].summary.transactions;
        EXPECT_NEAR(static_cast<double>(n), expected_count[i], 1.5) << "flow " << i + 1;
        const QString words = rpc_words(r, i);
        EXPECT_TRUE(words.startsWith(QStringLiteral("%1 transactions, median ").arg(q(format_grouped(n))))) << words.toStdString();
    }
    // The first flow's words head the panel.
    EXPECT_TRUE(s.d->hero()->limitText().startsWith(q(format_grouped(r.flows[0].summary.transactions)) + QStringLiteral(" transactions")))
        << s.d->hero()->limitText().toStdString();
}

TEST(FlowHero, ATransferLabelledByItsSizeIsNotToldTwice) {
    // The ramp's lesson labels each transfer by its size. 10 KB at 50 Mbit/s,
    // 40 ms: the empty path takes 10.24 µs + 40 ms + 6 × 240 µs + 160 µs +
    // 40 ms = 81.61 ms (the model's run takes exactly that: nothing else
    // is on the path).
    Scenario sc = ten_kilobytes_alone("10 KB");
    const RunResult r = run_scenario(sc);
    const double empty = 10.24e-6 + 0.040 + 6 * 240e-6 + 160e-6 + 0.040;
    EXPECT_EQ(fct_words(r, 0), QStringLiteral("10 KB takes %1; %2 on an empty path")
                                   .arg(q(format_time(r.flows[0].summary.fct_s.at(0))), q(format_time(empty))));
    // Another label keeps the size beside it.
    sc.flows[0].label = "page";
    EXPECT_TRUE(fct_words(run_scenario(sc), 0).startsWith(QStringLiteral("page: a 10 KB transfer takes ")));
}

TEST(FlowHero, ANarrowRowShowsTheTimeAloneRatherThanACutFigure) {
    // Presentation type in a narrow column cut "81.6 ms = 2 RTT" to
    // "81.6 ms = 2 R…". A row shows the longest of its figures that fits:
    // the whole, the time in round trips, or the time alone.
    ShareBars bars;
    ShareRow row;
    row.name = QStringLiteral("10 KB");
    row.short_name = row.name;
    row.figure_only = true;
    row.bulk = false;
    row.value = QStringLiteral("81.6 ms = 2 RTT (81.6 ms on an empty path)");
    row.value_short = QStringLiteral("81.6 ms = 2 RTT");
    row.value_tiny = QStringLiteral("81.6 ms");
    bars.setRows({row}, 0.0, QStringLiteral("each flow's time, in round trips"));
    bars.show();
    const QFontMetrics fm = bars.fontMetrics();
    for (const QString& want : {row.value, row.value_short, row.value_tiny}) {
        // Widen the widget until the figure's room holds `want`, then look.
        int w = 60;
        for (; w < 2000; w += 2) {
            bars.resize(w, 60);
            if (bars.shownFigure(0) == want) break;
        }
        ASSERT_LT(w, 2000) << want.toStdString() << " never shown";
        EXPECT_LE(fm.horizontalAdvance(want), bars.width()) << want.toStdString();
    }
    // At the narrowest, the time alone (elided only when even that cannot fit).
    bars.resize(60, 60);
    EXPECT_EQ(bars.shownFigure(0), row.value_tiny);
}

TEST(FlowHero, RowsOfFiguresShowOneFormAndAHeadingThatSaysWhatTheyShow) {
    // Presenting experiment 8 with the guide open at 720p, "81.6 ms = 2 RTT"
    // was a few pixels too wide and "1.81 s = 45 RTT" was not: three rows
    // showed the time alone and one its round trips, under the heading
    // "share". Every row now shows the same form, and a heading that no
    // longer fits becomes one about times, not shares.
    ShareBars bars;
    std::vector<ShareRow> rows;
    const struct { const char* name; const char* time; const char* rtts; } figures[] = {
        {"10 KB", "81.6 ms", "2"}, {"100 KB", "169 ms", "4.2"}, {"1 MB", "368 ms", "9.2"}, {"10 MB", "1.81 s", "45"}};
    for (const auto& f : figures) {
        ShareRow row;
        row.name = row.short_name = QString::fromUtf8(f.name);
        row.figure_only = true;
        row.bulk = false;
        row.value_short = QStringLiteral("%1 = %2 RTT").arg(QString::fromUtf8(f.time), QString::fromUtf8(f.rtts));
        row.value = row.value_short + QStringLiteral(" (81.6 ms on an empty path)");
        row.value_tiny = QString::fromUtf8(f.time);
        rows.push_back(row);
    }
    const QString heading = QStringLiteral("each flow's time, in round trips");
    bars.setRows(rows, 0.0, heading, QStringLiteral("each flow's time"));
    bars.show();
    const QFontMetrics fm = bars.fontMetrics();
    // Every width from narrow to wide: the rows agree on their form, and
    // the heading speaks of round trips only over rows that show them.
    bool saw_mixed_room = false;
    for (int w = 80; w < 700; w += 1) {
        bars.resize(w, 200);
        const int form = bars.figureForm();
        int fit_short = 0;
        for (int r = 0; r < 4; ++r) {
            const ShareRow& row = rows[static_cast<std::size_t>(r)];
            const QString want = form == 0 ? row.value : form == 1 ? row.value_short : row.value_tiny;
            ASSERT_EQ(bars.shownFigure(r), want) << "width " << w << ", row " << r;
            fit_short += fm.horizontalAdvance(row.value_short) <= bars.width() - 60 ? 1 : 0;
        }
        saw_mixed_room = saw_mixed_room || (fit_short > 0 && fit_short < 4);
        const QString head = bars.shownHeading();
        if (form == 2) {
            EXPECT_FALSE(head.contains(QStringLiteral("round trips"))) << "width " << w;
        }
        EXPECT_NE(head, QStringLiteral("share")) << "width " << w;
    }
    EXPECT_TRUE(saw_mixed_room) << "no width where some rows' short figures fit and others' did not";
    bars.resize(60, 200);
    EXPECT_EQ(bars.shownHeading(), QStringLiteral("time"));
}

// With the kernel's run beside the model (experiment 8's last step), the
// rows of times were headed "time ┃ Linux — measured" but showed the
// model's times alone. A row of a figure alone now shows the other run's
// figure after its own, in the overlay's colour; the heading names the
// overlay only over rows that show it (a stroke or a figure).
TEST(FlowHero, RowsOfTimesShowTheOverlaysTimeAfterTheirOwnAndOnlyThenNameIt) {
    ShareBars bars;
    std::vector<ShareRow> rows;
    const struct { const char* name; const char* time; const char* rtts; } figures[] = {
        {"10 KB", "81.6 ms", "2"}, {"100 KB", "169 ms", "4.2"}};
    for (int i = 0; i < 2; ++i) {
        ShareRow row;
        row.flow = i;
        row.name = row.short_name = QString::fromUtf8(figures[i].name);
        row.figure_only = true;
        row.bulk = false;
        row.value_short = QStringLiteral("%1 = %2 RTT").arg(QString::fromUtf8(figures[i].time), QString::fromUtf8(figures[i].rtts));
        row.value = row.value_short;
        row.value_tiny = QString::fromUtf8(figures[i].time);
        rows.push_back(row);
    }
    bars.setRows(rows, 0.0, QStringLiteral("each flow's time, in round trips"), QStringLiteral("each flow's time"));
    bars.resize(600, 100);
    bars.show();
    const QString label = QStringLiteral("Linux 6.18 — measured");
    const QColor magenta("#d1007a");
    const double nan = std::nan("");
    // Shares alone name nothing over rows without bars.
    bars.setOverlayShares({nan, nan}, label, magenta);
    EXPECT_FALSE(bars.shownHeading().contains(label)) << bars.shownHeading().toStdString();
    // With its times: each row shows both, and the heading names whose.
    bars.setOverlayShares({nan, nan}, label, magenta, {QStringLiteral("82.4 ms"), QStringLiteral("171 ms")});
    EXPECT_EQ(bars.overlayFigure(0), QStringLiteral("82.4 ms"));
    EXPECT_EQ(bars.overlayFigure(1), QStringLiteral("171 ms"));
    EXPECT_TRUE(bars.shownHeading().contains(QStringLiteral("┃ ") + label)) << bars.shownHeading().toStdString();
    EXPECT_TRUE(bars.rowToolTip(0).contains(label + QStringLiteral(": 82.4 ms"))) << bars.rowToolTip(0).toStdString();
    EXPECT_EQ(bars.shownFigure(0), rows[0].value);  // the model's own, whole at this width
    // Drawn in the overlay's colour right of the model's figure: some pixel
    // near magenta in the row, past where the model's figure ends.
    const QImage img = bars.grab().toImage();
    const QFontMetrics fm = bars.fontMetrics();
    const QRectF name = bars.nameRect(0);
    bool magenta_after = false;
    for (int y = static_cast<int>(name.top()); y < static_cast<int>(name.bottom()); ++y)
        for (int x = 0; x < img.width(); ++x) {
            const QColor c = img.pixelColor(x, y);
            if (c.red() > 150 && c.green() < 90 && c.blue() > 70 && x > name.right() + fm.horizontalAdvance(rows[0].value))
                magenta_after = true;
        }
    EXPECT_TRUE(magenta_after) << "no overlay-coloured text after row 0's own figure";
    // Narrow: the model's figure gives way (to its time alone) before the
    // overlay's is cut, and both still fit their room.
    for (int w = 120; w < 600; w += 2) {
        bars.resize(w, 100);
        const int room = static_cast<int>(bars.width() - bars.nameRect(0).right());
        if (fm.horizontalAdvance(rows[0].value_tiny + QStringLiteral("  ┃ 82.4 ms")) > room) continue;
        EXPECT_LE(fm.horizontalAdvance(bars.shownFigure(0) + QStringLiteral("  ┃ 82.4 ms")), room) << "width " << w;
    }
    bars.setOverlayShares({}, QString(), QColor());
    EXPECT_TRUE(bars.overlayFigure(0).isEmpty());
    EXPECT_FALSE(bars.shownHeading().contains(label));
}

// Under the hero and in the event log, a value never parts at a line's
// end: the ping's "95th percentile 215 ms" read "215" over "ms" beside
// a bulk flow, and presenting, the log's counters "RTOs" over "0".
// Every label of the hero and the log, in the normal look and the
// presentation's, at a width that wraps them.
TEST(FlowHero, AValueAndItsUnitOrACountAndItsNameNeverPartAtALinesEnd) {
    for (const bool presenting : {false, true}) {
        Shown s = show(bulk_ping_web());
        s.d->setPresentation(presenting);
        s.d->resize(presenting ? 900 : 760, 640);
        s.d->showNow(s.snap);
        QTest::qWait(30);
        int values = 0;
        // The texts that wrap: strips of more than one line (QTextLayout
        // breaks them as a label's) and word-wrapping labels.
        QStringList texts;
        for (QWidget* part : {static_cast<QWidget*>(s.d->hero()), static_cast<QWidget*>(s.d->events())}) {
            for (const TextStrip* t : part->findChildren<TextStrip*>())
                if (t->lines() > 1) texts << t->text();
            for (const QLabel* l : part->findChildren<QLabel*>())
                if (l->wordWrap()) texts << test::shown_text(l);
        }
        for (const QString& text : texts) {
                const QStringList parted = test::parted_values(text, &values);
                EXPECT_TRUE(parted.isEmpty()) << (presenting ? "presenting" : "normal look") << ": a line may break inside "
                                              << parted.join(", ").toStdString() << " in “" << text.toStdString() << "”";
            }
        EXPECT_GE(values, 12) << "the ping's RTT and percentile, the base RTT, the log's seven counts";
    }
}
