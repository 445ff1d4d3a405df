// The fitting rules that let the presentation look with the guide open hold
// 1280×720: a chart key folds each group of flows into one entry
// when that saves lines, a time axis drops ticks instead of cutting its
// labels, and the zoom hint is drawn inside the plot (or goes to the
// tooltip) rather than on a title line. Expected values are arithmetic on
// the widths involved, not read back from the code.
#include <QChart>
#include <QChartView>
#include <QFontMetrics>
#include <QLineSeries>
#include <QTest>
#include <QValueAxis>
#include <gtest/gtest.h>

#include "ui/panels/chart_key.h"
#include "ui/panels/chart_style.h"
#include "ui/panels/plot_note.h"

using namespace inflight::ui;

namespace {

// A chart with the three shared lines of the window panel and `flows`
// flow lines tagged as the group "cwnd".
struct KeyedChart {
    QChart chart;
    ChartKey* key = nullptr;
    explicit KeyedChart(int flows) {
        for (const char* name : {"pipe (BDP)", "queue (buffer)", "total in flight"}) {
            auto* s = new QLineSeries;
            s->setName(QString::fromLatin1(name));
            chart.addSeries(s);
        }
        for (int i = 0; i < flows; ++i) {
            auto* s = new QLineSeries;
            s->setName(QStringLiteral("flow %1 (cubic)").arg(i + 1));
            s->setPen(QPen(QColor::fromHsv(i * 30, 200, 200), 2));
            tag_flow_series(s, i, QStringLiteral("cwnd"), QString::number(i + 1),
                            QStringLiteral("flow %1 (cubic): a line").arg(i + 1));
            chart.addSeries(s);
        }
        key = new ChartKey(&chart);
    }
    ~KeyedChart() { delete key; }
    int lines() const { return (key->height() - 2) / key->fontMetrics().height(); }
};

// A chart of one line, no key: a plot for a note.
void plot_with_a_line(QChartView& view) {
    view.chart()->legend()->hide();
    auto* s = new QLineSeries;
    s->append(0, 0);
    s->append(1, 1);
    view.chart()->addSeries(s);
    view.chart()->createDefaultAxes();
}
const QString kZoomHint = QStringLiteral("window ≈ 44 pkts, 6.6 % of the pipe · Ctrl+F zooms");

}  // namespace

TEST(FitRules, ATenFlowKeyFoldsItsGroupWhenNarrowAndListsEveryFlowWhenWide) {
    KeyedChart c(10);
    // Wide: ten short or full names fit on one or two lines, nothing folded.
    c.key->resize(1600, c.key->height());
    c.key->show();
    QTest::qWait(5);
    EXPECT_NE(c.key->detail(), ChartKey::Detail::Folded);
    EXPECT_TRUE(c.key->shownTexts().contains(QStringLiteral("cwnd:")));
    EXPECT_EQ(c.key->shownTexts().size(), 3 + 1 + 10);
    // Narrow: the width of the three shared entries' longest plus a little.
    // Ten numbers with their strokes need 10 × (24 + 5 + one digit) + 9 × 7
    // px — over 350 px, several lines at this width; folded, the group is one
    // entry, so the key takes fewer lines.
    const QFontMetrics fm = c.key->fontMetrics();
    const int narrow = 22 + 5 + fm.horizontalAdvance(QStringLiteral("total in flight")) + 40;
    c.key->resize(narrow, c.key->height());
    QTest::qWait(5);
    EXPECT_EQ(c.key->detail(), ChartKey::Detail::Folded);
    EXPECT_TRUE(c.key->shownTexts().contains(QStringLiteral("10 flows")));
    EXPECT_TRUE(c.key->fits());
    // Shared lines, one a line at most, and the folded group: at most 4 lines.
    EXPECT_LE(c.lines(), 4);
    // Nothing is lost: the tooltip names every flow.
    const QString tip = c.key->tipAt(QPoint(-1, -1));
    for (int i = 1; i <= 10; ++i) EXPECT_TRUE(tip.contains(QStringLiteral("flow %1 (cubic)").arg(i))) << i;
}

TEST(FitRules, ALongKeyEntryWrapsOnANarrowKeyInsteadOfRunningOut) {
    QChart chart;
    auto* s = new QLineSeries;
    s->setName(QStringLiteral("link 100 Mbit/s (off scale)"));
    chart.addSeries(s);
    ChartKey key(&chart);
    const int text = key.fontMetrics().horizontalAdvance(s->name());
    key.resize(text / 2 + 30, key.height());
    key.show();
    QTest::qWait(5);
    EXPECT_TRUE(key.fits());
    EXPECT_GE(key.height(), 2 * key.fontMetrics().height());
}

TEST(FitRules, ATimeAxisKeepsFiveTicksWhenWideAndDropsToWholeLabelsWhenNarrow) {
    QChart chart;
    QValueAxis* x = make_time_axis(&chart);
    x->setRange(0, 40);
    const double label = QFontMetrics(x->labelsFont()).horizontalAdvance(QStringLiteral("40 s"));
    // Wide: four intervals of 100 px hold "40 s" with room to spare.
    fit_time_ticks(x, 400);
    EXPECT_EQ(x->tickCount(), 5);
    // Room for two intervals but not four: 40 / 3 is not a round step, so
    // three ticks (0, 20, 40 s).
    fit_time_ticks(x, 2 * (label + 10) + 1);
    EXPECT_EQ(x->tickCount(), 3);
    // Room for one label only: the two ends.
    fit_time_ticks(x, label + 1);
    EXPECT_EQ(x->tickCount(), 2);
    // Wide again: back to five.
    fit_time_ticks(x, 1000);
    EXPECT_EQ(x->tickCount(), 5);
}

TEST(FitRules, ATimeAxisMeasuresItsWidestLabelNotOnlyItsEnds) {
    // 0 – 6 s in five ticks reads 0, 1.5, 3, 4.5, 6 s: "1.5 s" is wider than
    // either end, and a plot with room for "6 s" but not "1.5 s" per interval
    // drew "1...." (experiment 8's throughput chart in the presentation look).
    QChart chart;
    QValueAxis* x = make_time_axis(&chart);
    x->setRange(0, 6);
    const QFontMetrics fm(x->labelsFont());
    const double end = fm.horizontalAdvance(QStringLiteral("6 s")), middle = fm.horizontalAdvance(QStringLiteral("1.5 s"));
    ASSERT_GT(middle, end);
    fit_time_ticks(x, 4 * (middle + 10) + 1);  // four intervals of the widest label: five ticks
    EXPECT_EQ(x->tickCount(), 5);
    fit_time_ticks(x, 4 * (end + 10) + 1);  // room for "6 s", not "1.5 s": 0, 2, 4, 6 s
    EXPECT_EQ(x->tickCount(), 4);
}

// A chart whose value axis runs 0–1000 with a label every 200, and the
// most labels it held at any moment its range changed (when Qt Charts lays
// them out).
struct StepAxis {
    QChartView view;
    QChart* chart = view.chart();
    QValueAxis* y = new QValueAxis;
    double most_labels = 0;
    StepAxis() {
        view.resize(600, 300);
        auto* line = new QLineSeries;
        chart->addSeries(line);
        chart->addAxis(y, Qt::AlignLeft);
        line->attachAxis(y);
        y->setRange(0, 1000);
        y->setTickType(QValueAxis::TicksDynamic);
        y->setTickAnchor(0);
        y->setTickInterval(200);
        QObject::connect(y, &QValueAxis::rangeChanged, y, [this](qreal lo, qreal hi) {
            most_labels = std::max(most_labels, (hi - lo) / y->tickInterval() + 1);
        });
    }
};

// An axis grown to hold a line two thousand times higher (a 10 Gbit/s
// capture over a 50 Mbit/s run): at the moment its range changes it holds
// at most seven labels, and it never shrinks. The range 0–1000 every 200
// grown to 2,000,000 would otherwise be laid out as 10,001 labels.
TEST(FitRules, AGrownAxisLaysOutAFewLabelsNotThousands) {
    StepAxis a;
    grow_axis(a.chart, a.y, Qt::Vertical, 1.9e6);
    EXPECT_EQ(a.y->max(), nice_ceiling(1.9e6));
    EXPECT_GT(a.most_labels, 0);
    EXPECT_LE(a.most_labels, 7);
    EXPECT_LE((a.y->max() - a.y->min()) / a.y->tickInterval() + 1, 7);
    // Lower than the axis already holds: nothing changes.
    const double step = a.y->tickInterval();
    grow_axis(a.chart, a.y, Qt::Vertical, 10);
    EXPECT_EQ(a.y->max(), nice_ceiling(1.9e6));
    EXPECT_EQ(a.y->tickInterval(), step);
}

// A panel's range set far wider than its step suits (a 10 Gbit/s window in
// packets after a 10 Mbit/s run): 2,501 labels of 200 unless the step
// grows first.
TEST(FitRules, AnAxisSetToAFarWiderRangeCoarsensItsStepFirst) {
    StepAxis a;
    set_axis_range(a.y, 0, 5e5);
    EXPECT_EQ(a.y->max(), 5e5);
    EXPECT_GT(a.most_labels, 0);
    EXPECT_LE(a.most_labels, kMostLabelIntervals + 1);
    // A range the step already suits keeps it: 2,000 at a step of 200 is 10 intervals.
    a.y->setTickInterval(200);
    set_axis_range(a.y, 0, 2000);
    EXPECT_EQ(a.y->tickInterval(), 200);
}

TEST(FitRules, TheZoomHintIsDrawnInThePlotOrElseInTheTooltipNeverCut) {
    QChartView view;
    plot_with_a_line(view);
    PlotNote note(&view);
    const QString hint = kZoomHint;
    note.setText(hint);
    view.resize(700, 400);
    view.show();
    QTest::qWait(20);
    EXPECT_TRUE(note.drawn());
    EXPECT_TRUE(view.toolTip().isEmpty());
    // A plot too short for the wrapped note: the tooltip says it whole.
    view.resize(120, 90);
    QTest::qWait(20);
    EXPECT_FALSE(note.drawn());
    EXPECT_EQ(view.toolTip(), hint);
    note.setText(QString());
    EXPECT_TRUE(view.toolTip().isEmpty());
}

// A plot too short for the whole note draws its shorter form, the figure
// without the advice, where that fits (presenting at 720 px, experiment
// 2's "window ≈ 44 pkts, 6.6 % of the pipe" went to the tooltip, where no
// one in the room sees it); the tooltip then says it whole. At every size
// what is drawn is the whole, the shorter form or nothing, inside the plot.
TEST(FitRules, AShortPlotDrawsTheNotesShorterFormAndTheTooltipTheWhole) {
    QChartView view;
    plot_with_a_line(view);
    PlotNote note(&view);
    const QString hint = kZoomHint;
    const QString brief = QStringLiteral("≈ 44 pkts, 6.6 % of the pipe");
    note.setText(hint, brief);
    view.show();
    int whole = 0, shorter = 0, none = 0;
    for (int h = 400; h >= 60; h -= 10) {
        view.resize(300, h);
        QTest::qWait(5);
        const QString drawn = note.drawnText();
        if (drawn == hint) {
            ++whole;
            EXPECT_TRUE(view.toolTip().isEmpty()) << h;
        } else if (drawn == brief) {
            ++shorter;
            EXPECT_EQ(view.toolTip(), hint) << h;
        } else {
            ++none;
            EXPECT_EQ(drawn, QString()) << h;
            EXPECT_EQ(view.toolTip(), hint) << h;
        }
        if (note.drawn()) EXPECT_TRUE(view.chart()->plotArea().contains(note.sceneRect())) << h;
    }
    EXPECT_GT(whole, 0);
    EXPECT_GT(shorter, 0) << "no plot height drew the shorter form";
    EXPECT_GT(none, 0);
}
