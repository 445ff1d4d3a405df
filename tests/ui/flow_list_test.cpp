// The Flows group of the controls: the presets are the flows and
// paths of the README's lessons; flows are added, removed and edited from the
// keyboard and through the API, with the command line's checks (a bad
// value refused in place, naming the flow, the key, the value and what is
// allowed); at most 16 in the window; setScenario/scenario keep the flows;
// a file of more than 16 flows is refused whole.
#include <QComboBox>
#include <QFile>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QTextLayout>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <cmath>
#include <gtest/gtest.h>

#include "ui/controls/controls_panel.h"
#include "ui/controls/flow_list.h"
#include "ui/controls/flow_list_model.h"
#include "ui/lesson/flow_presets.h"
#include "app/formats/scenario_file.h"
#include "test_helpers.h"

using namespace inflight;
using namespace inflight::ui;
using namespace inflight::ui::test;

namespace {

FlowSpec cubic() {
    FlowSpec f;
    f.algorithm = Algorithm::Cubic;
    return f;
}

Scenario with_flows(std::size_t n) {
    Scenario s;
    s.flows.assign(n, cubic());
    return s;
}

QString str(const std::optional<QString>& e) { return e.value_or(QString()); }

// The lines a word-wrapped label breaks its text into at its width.
QStringList label_lines(const QLabel* l) {
    const QString text = l->text();
    QTextLayout layout(text, l->font());
    QTextOption wrap;
    wrap.setWrapMode(QTextOption::WordWrap);
    layout.setTextOption(wrap);
    const int m = l->margin() + 2 * 4;  // its margin, the style sheet's padding and border
    layout.beginLayout();
    QStringList lines;
    for (QTextLine line = layout.createLine(); line.isValid(); line = layout.createLine()) {
        line.setLineWidth(l->contentsRect().width() - m);
        lines << text.mid(line.textStart(), line.textLength());
    }
    layout.endLayout();
    return lines;
}

// The panel alone (no model runs), shown so focus and editors behave.
struct Panel {
    ControlsPanel panel;
    QSignalSpy changes{&panel, &ControlsPanel::scenarioChanged};
    Panel() {
        panel.resize(320, 900);
        panel.show();
        panel.activateWindow();
        QApplication::setActiveWindow(&panel);
    }
    FlowList* list() { return panel.flowList(); }
    FlowTable* table() { return list()->table(); }
    FlowListModel* model() { return list()->model(); }
    Scenario last() { return changes.last().at(0).value<Scenario>(); }
    // The open editor (offscreen, the window may not be active: not by focus).
    QLineEdit* editor() {
        for (QLineEdit* e : table()->viewport()->findChildren<QLineEdit*>())
            if (e->isVisible()) return e;
        return nullptr;
    }
    // Puts the table's cursor on (row, column) and opens its editor with Enter.
    QLineEdit* open(int row, int column) {
        table()->setFocus();
        table()->setCurrentIndex(model()->index(row, column));
        QTest::keyClick(table(), Qt::Key_Return);
        return editor();
    }
};

}  // namespace

// --- The presets (README, "Several flows") ---

TEST(FlowPresets, TenParallelStreamsAreTenIdenticalCubicFlowsBehind64KBWindows) {
    const Scenario s = apply_preset(FlowPreset::TenStreams, Scenario{});
    ASSERT_EQ(s.flows.size(), 10u);
    for (const FlowSpec& f : s.flows) {
        EXPECT_EQ(f, s.flows.front());
        EXPECT_EQ(f.kind, FlowKind::Tcp);
        EXPECT_EQ(f.algorithm, Algorithm::Cubic);
        EXPECT_FALSE(f.size_bytes);  // bulk
    }
    // Experiment 6: one stream 65,535 B per 80 ms = 6.55 Mbit/s,
    // ten of them 65.5 Mbit/s, within the 100 Mbit/s link.
    EXPECT_EQ(s.rwnd_bytes, 65535u);
    EXPECT_NEAR(s.rwnd_bytes * 8.0 / s.rtt_s / 1e6, 6.55, 0.01);
    EXPECT_LT(10 * s.rwnd_bytes * 8.0 / s.rtt_s, s.bandwidth_bps);
}

TEST(FlowPresets, EachIsItsLessonsFlowsAndPath) {
    const Scenario cb = apply_preset(FlowPreset::CubicVsBbr, Scenario{});
    ASSERT_EQ(cb.flows.size(), 2u);
    EXPECT_EQ(cb.flows[0].algorithm, Algorithm::Cubic);
    EXPECT_EQ(cb.flows[1].algorithm, Algorithm::Bbr);
    EXPECT_DOUBLE_EQ(cb.bandwidth_bps, 50e6);
    EXPECT_DOUBLE_EQ(cb.buffer_s / cb.rtt_s, 4.0);  // 4 BDP, the README's 160 ms over 40 ms
    EXPECT_GE(cb.duration_s, 120.0);                 // 120 s or more, or it has not settled

    const Scenario bp = apply_preset(FlowPreset::BulkPing, Scenario{});
    ASSERT_EQ(bp.flows.size(), 2u);
    EXPECT_EQ(bp.flows[0].kind, FlowKind::Tcp);
    EXPECT_EQ(bp.flows[1].kind, FlowKind::Ping);
    EXPECT_DOUBLE_EQ(bp.flows[1].ping_interval_s, 0.100);
    EXPECT_DOUBLE_EQ(bp.bandwidth_bps, 50e6);  // acceptance 6: 50 Mbit/s, 20 ms, a 200 ms FIFO
    EXPECT_DOUBLE_EQ(bp.rtt_s, 0.020);
    EXPECT_DOUBLE_EQ(bp.buffer_s, 0.200);
    EXPECT_EQ(bp.aqm, Aqm::None);

    const Scenario tr = apply_preset(FlowPreset::TwoRtts, Scenario{});
    ASSERT_EQ(tr.flows.size(), 2u);
    EXPECT_EQ(tr.flows[0].rtt_s, 0.020);
    EXPECT_EQ(tr.flows[1].rtt_s, 0.080);

    const Scenario web = apply_preset(FlowPreset::BulkWeb, Scenario{});
    ASSERT_EQ(web.flows.size(), 2u);
    EXPECT_FALSE(web.flows[0].size_bytes);
    ASSERT_TRUE(web.flows[1].size_bytes);
    // 100 KB = 100,000 B = 67 packets of 1500 B.
    EXPECT_EQ(static_cast<int>(std::ceil(*web.flows[1].size_bytes / 1500.0)), 67);
    EXPECT_EQ(web.flows[1].every_s, 2.0);
    EXPECT_EQ(web.flows[1].label, "web");
    EXPECT_DOUBLE_EQ(web.buffer_s, 0.200);
}

TEST(FlowPresets, EveryPresetIsAValidScenarioTheWindowCanShowAndIsRecognised) {
    for (FlowPreset p : kAllFlowPresets) {
        const Scenario s = apply_preset(p, Scenario{});
        EXPECT_FALSE(validate(s, Limits::max_bandwidth_bps_app)) << preset_name(p);
        EXPECT_FALSE(validate_flows(s)) << preset_name(p);
        EXPECT_LE(s.flows.size(), FlowLimits::max_flows_window);
        EXPECT_EQ(preset_of(s), p) << preset_name(p);
    }
    EXPECT_FALSE(preset_of(with_flows(3)));
}

// The window's most flows as a preset: sixteen 64 KB windows over 80 ms ask
// 16 × 65,535 B × 8 / 80 ms = 104.9 Mbit/s of a 100 Mbit/s link, so the link
// binds (where ten streams' 65.5 Mbit/s did not).
TEST(FlowPresets, SixteenStreamsIsTheWindowsMostAndAsksMoreThanTheLink) {
    const Scenario s = apply_preset(FlowPreset::SixteenStreams, Scenario{});
    ASSERT_EQ(s.flows.size(), 16u);
    EXPECT_EQ(FlowLimits::max_flows_window, 16u);
    EXPECT_EQ(s.rwnd_bytes, 65535u);
    EXPECT_DOUBLE_EQ(s.rtt_s, 0.080);
    EXPECT_DOUBLE_EQ(s.bandwidth_bps, 100e6);
    EXPECT_GT(16 * 65535.0 * 8 / 0.080, s.bandwidth_bps);
    EXPECT_LT(10 * 65535.0 * 8 / 0.080, apply_preset(FlowPreset::TenStreams, Scenario{}).bandwidth_bps);
    EXPECT_STREQ(preset_name(FlowPreset::SixteenStreams), "Sixteen streams");
}

TEST(FlowPresets, OneFlowKeepsThePathAndAPresetDoesNotDependOnTheOneBefore) {
    Scenario mine;
    mine.bandwidth_bps = 20e6;
    mine.flows = preset_flows(FlowPreset::CubicVsBbr);
    const Scenario one = apply_preset(FlowPreset::OneFlow, mine);
    EXPECT_TRUE(one.flows.empty());
    EXPECT_DOUBLE_EQ(one.bandwidth_bps, 20e6);
    // Ten streams' 64 KB window does not carry into CUBIC vs BBR.
    const Scenario after = apply_preset(FlowPreset::CubicVsBbr, apply_preset(FlowPreset::TenStreams, Scenario{}));
    EXPECT_TRUE(after == apply_preset(FlowPreset::CubicVsBbr, Scenario{}));
}

TEST(FlowPresets, ScenarioFilesAndTheSettingsTextKeepThePresetsFlows) {
    for (FlowPreset p : kAllFlowPresets) {
        const Scenario s = apply_preset(p, Scenario{});
        const QByteArray json = QJsonDocument(scenario_to_json(s)).toJson(QJsonDocument::Compact);
        Scenario back;
        ASSERT_FALSE(scenario_from_json(json, "test", back, Limits::max_bandwidth_bps_app)) << preset_name(p);
        EXPECT_TRUE(back == s) << preset_name(p);
    }
}

// --- Edits through the model: the command line's checks, in its words ---

TEST(FlowListModel, ABadValueIsRefusedNamingTheFlowTheKeyTheValueAndWhatIsAllowed) {
    FlowListModel m;
    m.setScenario(apply_preset(FlowPreset::BulkPing, Scenario{}));
    QSignalSpy edited(&m, &FlowListModel::flowsEdited);
    const std::vector<FlowSpec> before = m.flows();

    const QString rtt = str(m.edit(0, FlowListModel::Rtt, "-5ms"));
    EXPECT_TRUE(rtt.startsWith("flow 1 (cubic), rtt: ")) << rtt.toStdString();
    EXPECT_TRUE(rtt.contains("'-5ms'")) << rtt.toStdString();
    EXPECT_TRUE(rtt.contains("allowed 1 ms – 1000 ms")) << rtt.toStdString();

    const QString algo = str(m.edit(0, FlowListModel::Flow, "vegas"));
    EXPECT_TRUE(algo.contains("flow 1 (cubic), algo: 'vegas' is not allowed")) << algo.toStdString();
    EXPECT_TRUE(algo.contains("reno, cubic, bbr, ping")) << algo.toStdString();

    // A ping's Size is its probe's size: 100 KB is no ping (28 – 9000 B).
    EXPECT_EQ(m.keyAt(1, FlowListModel::Size), FlowKey::Bytes);
    const QString size = str(m.edit(1, FlowListModel::Size, "100KB"));
    EXPECT_TRUE(size.startsWith("flow 2 (ping), bytes: ")) << size.toStdString();
    EXPECT_TRUE(size.contains("100,000 B")) << size.toStdString();
    EXPECT_TRUE(size.contains("allowed 28 – 9000 B")) << size.toStdString();

    // Start within the run (40 s here).
    const QString start = str(m.edit(0, FlowListModel::Start, "50s"));
    EXPECT_TRUE(start.contains("start: 50 s is out of range")) << start.toStdString();
    EXPECT_TRUE(start.contains("(40 s)")) << start.toStdString();

    // every repeats a transfer: not for a bulk flow.
    const QString every = str(m.edit(0, FlowListModel::Every, "2s"));
    EXPECT_TRUE(every.contains("every: 2 s is allowed only with size")) << every.toStdString();

    EXPECT_EQ(edited.count(), 0);
    EXPECT_EQ(m.flows(), before);
}

TEST(FlowListModel, GoodValuesAreTakenInTheColumnsUnitsAndAKindChangeDropsWhatItCannotTake) {
    FlowListModel m;
    m.setScenario(with_flows(2));
    QSignalSpy edited(&m, &FlowListModel::flowsEdited);
    EXPECT_FALSE(m.edit(1, FlowListModel::Rtt, "40"));  // a bare number is ms, as in the RTT box
    EXPECT_EQ(m.flows()[1].rtt_s, 0.040);
    EXPECT_FALSE(m.edit(1, FlowListModel::Size, "100KB"));
    EXPECT_EQ(m.flows()[1].size_bytes, 100'000u);
    EXPECT_FALSE(m.edit(1, FlowListModel::Every, "2"));  // s
    EXPECT_EQ(m.flows()[1].every_s, 2.0);
    EXPECT_FALSE(m.edit(1, FlowListModel::Label, "web"));
    EXPECT_EQ(m.flows()[1].label, "web");
    EXPECT_EQ(m.data(m.index(1, FlowListModel::Size)).toString(), "100 KB");
    EXPECT_EQ(m.flowName(1), "“web” (flow 2)");
    EXPECT_FALSE(m.edit(1, FlowListModel::Rtt, ""));  // empty: the scenario's RTT again
    EXPECT_FALSE(m.flows()[1].rtt_s);
    EXPECT_EQ(m.data(m.index(1, FlowListModel::Rtt)).toString(), "80 ms");

    EXPECT_FALSE(m.edit(1, FlowListModel::Flow, "ping"));
    EXPECT_EQ(m.flows()[1].kind, FlowKind::Ping);
    EXPECT_FALSE(m.flows()[1].size_bytes);
    EXPECT_FALSE(m.flows()[1].every_s);
    EXPECT_EQ(m.keyAt(1, FlowListModel::Every), FlowKey::Interval);
    EXPECT_FALSE(m.edit(1, FlowListModel::Every, "20"));  // a ping's interval, ms
    EXPECT_DOUBLE_EQ(m.flows()[1].ping_interval_s, 0.020);
    Scenario s;
    s.flows = m.flows();
    EXPECT_FALSE(validate_flows(s));
    EXPECT_EQ(edited.count(), 7);
}

// A request/response flow in the Size column: "rpc" with its keys makes
// one, what is shown reads back to the same flow, a size makes it a
// transfer again; a bad key or value names the flow and the key.
TEST(FlowListModel, ARequestResponseFlowIsChosenEditedAndReadBack) {
    FlowListModel m;
    m.setScenario(with_flows(2));
    QSignalSpy edited(&m, &FlowListModel::flowsEdited);
    EXPECT_FALSE(m.edit(1, FlowListModel::Size, "rpc writes=100B+100B response=100B think=10 ms nodelay=on"));
    FlowSpec want = m.flows()[0];
    want.app = FlowApp::Rpc;
    want.rpc_writes = {100, 100};
    want.rpc_response_bytes = 100;
    want.rpc_think_s = 0.010;
    want.nodelay = true;
    EXPECT_EQ(m.flows()[1], want);
    EXPECT_EQ(m.keyAt(1, FlowListModel::Size), FlowKey::App);
    // The cell shows the writes (narrow enough for the controls at 1280×720);
    // its tooltip the whole request/response.
    EXPECT_EQ(m.data(m.index(1, FlowListModel::Size)).toString(), "rpc 100B+100B");
    EXPECT_TRUE(m.data(m.index(1, FlowListModel::Size), Qt::ToolTipRole)
                    .toString()
                    .contains("rpc 100B+100B→100B, think 10 ms, nodelay"));
    // What the editor opens with reads back to the same flow, and changes nothing.
    const QString shown = m.data(m.index(1, FlowListModel::Size), Qt::EditRole).toString();
    EXPECT_EQ(shown, "rpc writes=100B+100B response=100B think=10ms nodelay=on");
    EXPECT_FALSE(m.edit(1, FlowListModel::Size, shown));
    EXPECT_EQ(m.flows()[1], want);
    EXPECT_EQ(edited.count(), 1);
    Scenario s;
    s.flows = m.flows();
    EXPECT_FALSE(validate_flows(s));
    EXPECT_TRUE(resolve_flow(s, 1).is_rpc());

    // "rpc" alone: the defaults (one 100 B write, a 100 B answer, Nagle on).
    EXPECT_FALSE(m.edit(0, FlowListModel::Size, "RPC"));
    EXPECT_EQ(m.flows()[0].app, FlowApp::Rpc);
    EXPECT_EQ(m.data(m.index(0, FlowListModel::Size)).toString(), "rpc 100B");
    EXPECT_TRUE(m.data(m.index(0, FlowListModel::Size), Qt::ToolTipRole).toString().contains("rpc 100B→100B"));

    // Refusals, naming the flow as the list shows it and the key.
    const std::vector<FlowSpec> before = m.flows();
    const QString zero = str(m.edit(1, FlowListModel::Size, "rpc writes=100B+0B"));
    EXPECT_EQ(zero.toStdString(), "flow 2 (cubic), writes: a write of 0 B is out of range; allowed 1 B – 10 GB a write");
    const QString nodelay = str(m.edit(1, FlowListModel::Size, "rpc nodelay=maybe"));
    EXPECT_EQ(nodelay.toStdString(), "flow 2 (cubic), nodelay: 'maybe' is not allowed; use on or off");
    const QString think = str(m.edit(1, FlowListModel::Size, "rpc think=soon"));
    EXPECT_TRUE(think.startsWith("flow 2 (cubic), think: 'soon'")) << think.toStdString();
    const QString unknown = str(m.edit(1, FlowListModel::Size, "rpc size=100KB"));
    EXPECT_TRUE(unknown.startsWith("flow 2 (cubic), app: 'size=100kb' is not a key of a request/response flow"))
        << unknown.toStdString();
    EXPECT_EQ(m.flows(), before);

    // A size makes it a transfer again; a ping drops the rpc keys.
    EXPECT_FALSE(m.edit(1, FlowListModel::Size, "100KB"));
    EXPECT_EQ(m.flows()[1].app, FlowApp::Transfer);
    EXPECT_TRUE(m.flows()[1].rpc_writes.empty());
    EXPECT_EQ(m.flows()[1].size_bytes, 100'000u);
    EXPECT_FALSE(m.edit(0, FlowListModel::Flow, "ping"));
    EXPECT_EQ(m.flows()[0].app, FlowApp::Transfer);
    s.flows = m.flows();
    EXPECT_FALSE(validate_flows(s));
}

// --- The group in the panel ---

TEST(FlowList, OneFlowIsOneLineWithoutATable) {
    Panel p;
    EXPECT_TRUE(p.panel.scenario().flows.empty());
    EXPECT_FALSE(p.table()->isVisible());
    EXPECT_FALSE(p.list()->removeButton()->isVisible());
    EXPECT_TRUE(p.list()->addButton()->isVisible());
    EXPECT_EQ(p.list()->presetBox()->currentText(), "One flow");
    // One line: no taller than the preset box and a margin.
    EXPECT_LE(p.list()->height(), p.list()->presetBox()->height() + 8);
}

TEST(FlowList, AddingFromOneFlowListsTwoAndRunsOnce) {
    Panel p;
    p.list()->addButton()->click();
    ASSERT_EQ(p.changes.count(), 1);
    EXPECT_EQ(p.last().flows.size(), 2u);
    EXPECT_EQ(p.panel.scenario().flows.size(), 2u);
    EXPECT_TRUE(p.table()->isVisible());
    EXPECT_EQ(p.list()->presetBox()->currentText(), "Custom: 2 flows");  // no "flow(s)": English plural
}

TEST(FlowList, TheKeyboardAddsEditsAndRemoves) {
    Panel p;
    p.panel.setScenario(with_flows(2));
    EXPECT_EQ(p.changes.count(), 0);  // setScenario emits nothing
    p.table()->setFocus();
    p.table()->setCurrentIndex(p.model()->index(1, FlowListModel::Flow));
    QTest::keyClick(p.table(), Qt::Key_Insert);
    ASSERT_EQ(p.panel.scenario().flows.size(), 3u);
    QTest::keyClick(p.table(), Qt::Key_Plus);
    ASSERT_EQ(p.panel.scenario().flows.size(), 4u);
    EXPECT_EQ(p.changes.count(), 2);

    // Enter edits the RTT of flow 2; Return takes it.
    QLineEdit* e = p.open(1, FlowListModel::Rtt);
    ASSERT_TRUE(e);
    EXPECT_EQ(e->text(), "80 ms");
    e->selectAll();
    QTest::keyClicks(e, "40ms");
    QTest::keyClick(e, Qt::Key_Return);
    QCoreApplication::processEvents();  // the delegate commits on a queued call
    EXPECT_EQ(p.panel.scenario().flows[1].rtt_s, 0.040);
    EXPECT_EQ(p.changes.count(), 3);

    // Delete removes the current flow.
    p.table()->setFocus();
    p.table()->setCurrentIndex(p.model()->index(3, FlowListModel::Rtt));
    QTest::keyClick(p.table(), Qt::Key_Delete);
    EXPECT_EQ(p.panel.scenario().flows.size(), 3u);
    EXPECT_EQ(p.changes.count(), 4);
}

TEST(FlowList, ABadValueStaysInItsBoxWithTheRefusalUnderItAndEscapePutsItBack) {
    Panel p;
    p.panel.setScenario(with_flows(2));
    QLineEdit* e = p.open(1, FlowListModel::Rtt);
    ASSERT_TRUE(e);
    e->selectAll();
    QTest::keyClicks(e, "-5ms");
    QTest::keyClick(e, Qt::Key_Return);
    // Refused: still editing, the text kept, the line naming flow, key, value, range.
    EXPECT_TRUE(p.table()->editing());
    EXPECT_EQ(e->text(), "-5ms");
    ASSERT_TRUE(p.list()->hasMessage());
    const QString msg = p.list()->messageText();
    EXPECT_TRUE(msg.startsWith("flow 2 (cubic), rtt: '-5ms'")) << msg.toStdString();
    EXPECT_TRUE(msg.contains("allowed 1 ms – 1000 ms")) << msg.toStdString();
    // Tab does not take it either.
    QTest::keyClick(e, Qt::Key_Tab);
    EXPECT_TRUE(p.table()->editing());
    EXPECT_EQ(p.changes.count(), 0);
    EXPECT_FALSE(p.panel.scenario().flows[1].rtt_s);
    // Escape: the value as it was, no message.
    QTest::keyClick(e, Qt::Key_Escape);
    EXPECT_FALSE(p.table()->editing());
    EXPECT_FALSE(p.list()->hasMessage());
    EXPECT_EQ(p.model()->data(p.model()->index(1, FlowListModel::Rtt)).toString(), "80 ms");
    EXPECT_EQ(p.changes.count(), 0);
}

TEST(FlowList, TypingOverACellReplacesItAndASizeOnAPingIsRefused) {
    Panel p;
    p.panel.setScenario(apply_preset(FlowPreset::BulkPing, Scenario{}));
    p.table()->setFocus();
    p.table()->setCurrentIndex(p.model()->index(1, FlowListModel::Size));
    QTest::keyClick(p.table(), '1');  // a key opens the editor, replacing the cell
    QLineEdit* e = p.editor();
    ASSERT_TRUE(e);
    EXPECT_EQ(e->text(), "1");
    QTest::keyClicks(e, "00KB");
    EXPECT_EQ(e->text(), "100KB");
    QTest::keyClick(e, Qt::Key_Return);
    EXPECT_TRUE(p.list()->messageText().startsWith("flow 2 (ping), bytes: 100,000 B is out of range"))
        << p.list()->messageText().toStdString();
    EXPECT_EQ(p.changes.count(), 0);
    QTest::keyClick(e, Qt::Key_Escape);
}

TEST(FlowList, ASeventeenthFlowIsRefusedWithALineSayingWhy) {
    Panel p;
    p.panel.setScenario(with_flows(FlowLimits::max_flows_window));
    EXPECT_FALSE(p.list()->addFlow());
    p.table()->setFocus();
    p.table()->setCurrentIndex(p.model()->index(0, 0));
    QTest::keyClick(p.table(), Qt::Key_Insert);
    EXPECT_EQ(p.panel.scenario().flows.size(), 16u);
    EXPECT_EQ(p.changes.count(), 0);
    ASSERT_TRUE(p.list()->hasMessage());
    EXPECT_TRUE(p.list()->messageText().contains("17th flow is not added")) << p.list()->messageText().toStdString();
    EXPECT_TRUE(p.list()->messageText().contains("at most 16 flows"));
    // The line covers none of the table (it used to float over its first
    // rows), and "--flow" is not broken across its lines.
    QTest::qWait(20);
    QLabel* shown = nullptr;
    for (QLabel* l : p.panel.findChildren<QLabel*>("error"))
        if (l->isVisible() && l->text().contains("17th")) shown = l;
    ASSERT_NE(shown, nullptr);
    const QRect box(shown->mapTo(&p.panel, QPoint(0, 0)), shown->size());
    const QRect table(p.table()->mapTo(&p.panel, QPoint(0, 0)), p.table()->size());
    EXPECT_FALSE(box.intersects(table)) << "message " << box.y() << "+" << box.height() << ", table at " << table.y();
    EXPECT_GE(box.height(), shown->heightForWidth(shown->width()));  // every line of it shown
    for (const QString& line : label_lines(shown)) {
        EXPECT_FALSE(line.trimmed().endsWith('-')) << line.toStdString();
        EXPECT_FALSE(line.trimmed().endsWith(QChar(0x2060))) << line.toStdString();
    }
    EXPECT_TRUE(p.list()->messageText().contains("--flow"));  // the words as written, for a copy
}

TEST(FlowList, APresetSetsItsFlowsAndPathAndRunsOnce) {
    Panel p;
    QComboBox* box = p.list()->presetBox();
    const int ten = box->findText("Ten parallel streams");
    ASSERT_GE(ten, 0);
    box->setCurrentIndex(ten);
    emit box->activated(ten);
    ASSERT_EQ(p.changes.count(), 1);
    EXPECT_TRUE(p.last() == apply_preset(FlowPreset::TenStreams, Scenario{}));
    EXPECT_EQ(p.model()->rowCount(), 10);
    EXPECT_EQ(p.panel.rwnd()->value(), 65535.0);  // the slider shows the preset's window
    // Back to one flow: the table goes.
    const int one = box->findText("One flow");
    box->setCurrentIndex(one);
    emit box->activated(one);
    EXPECT_EQ(p.changes.count(), 2);
    EXPECT_TRUE(p.panel.scenario().flows.empty());
    EXPECT_FALSE(p.table()->isVisible());
}

TEST(FlowList, SetScenarioShowsTheFlowsAndScenarioReturnsThem) {
    Panel p;
    Scenario s = apply_preset(FlowPreset::BulkWeb, Scenario{});
    s.aqm = Aqm::FqCodel;  // the fix the lesson ends on is a choice of the AQM box
    p.panel.setScenario(s);
    EXPECT_TRUE(p.panel.scenario() == s);
    EXPECT_EQ(p.changes.count(), 0);
    EXPECT_EQ(p.model()->rowCount(), 2);
    EXPECT_EQ(p.list()->presetBox()->currentText(), "Bulk + web pages");
    EXPECT_EQ(p.model()->data(p.model()->index(1, FlowListModel::Label)).toString(), "web");
    EXPECT_EQ(p.panel.aqm()->currentText(), "fq_codel");
    // A path slider changed: the run carries the flows and the AQM.
    type_value(p.panel.buffer(), "50ms");
    ASSERT_EQ(p.changes.count(), 1);
    EXPECT_EQ(p.last().flows, s.flows);
    EXPECT_EQ(p.last().aqm, Aqm::FqCodel);
    EXPECT_DOUBLE_EQ(p.last().buffer_s, 0.050);
}

TEST(FlowList, UnsetKeysFollowThePathControls) {
    Panel p;
    Scenario s;
    s.flows.assign(2, FlowSpec{});  // every key the scenario's
    p.panel.setScenario(s);
    type_value(p.panel.rtt(), "20ms");
    EXPECT_EQ(p.model()->data(p.model()->index(0, FlowListModel::Rtt)).toString(), "20 ms");
    EXPECT_TRUE(p.model()->data(p.model()->index(0, FlowListModel::Rtt), Qt::FontRole).value<QFont>().italic());
}

// Every control's change refreshes the list (its unset keys show the
// path's values); a refresh that leaves the table's size as it was must not
// ask the window for a new layout — a relayout of the whole window on each
// slider step cost 50-200 ms with 16 flows (ui_bench).
TEST(FlowList, AControlChangeThatLeavesTheTableAsItWasLaysNothingOut) {
    Panel p;
    struct Counter : QObject {
        int layouts = 0;
        bool eventFilter(QObject*, QEvent* e) override {
            layouts += e->type() == QEvent::LayoutRequest;
            return false;
        }
    } counter;
    p.panel.installEventFilter(&counter);
    p.panel.setScenario(with_flows(16));
    // The sixteen rows' own layouts settle first: wait for 100 ms without
    // one (a sanitizer build on a busy machine takes longer than a fixed wait).
    for (int tries = 0; tries < 50; ++tries) {
        const int before = counter.layouts;
        QTest::qWait(100);
        if (counter.layouts == before) break;
    }
    counter.layouts = 0;
    // Bandwidth: no column of the flows shows it.
    for (const char* rate : {"20Mbps", "30Mbps", "40Mbps"}) {
        type_value(p.panel.bandwidth(), rate);
        QTest::qWait(20);
    }
    EXPECT_EQ(p.changes.count(), 3);  // the changes did go through
    EXPECT_EQ(counter.layouts, 0);
    p.panel.removeEventFilter(&counter);
}

// Presenting (the controls' secondary parts folded), Start and Every are
// left out while every flow holds their defaults, and the Flow cell's
// tooltip says when each starts; a flow that sets one brings its column
// back, and the normal look shows all six.
TEST(FlowList, PresentingFoldsStartAndEveryWhileEveryFlowLeavesThemAtTheirDefaults) {
    Panel p;
    p.panel.setScenario(with_flows(2));
    const int whole = p.table()->sizeHint().width();
    const auto hidden = [&](int c) { return p.table()->isColumnHidden(c); };
    EXPECT_FALSE(hidden(FlowListModel::Start) || hidden(FlowListModel::Every));
    p.panel.setSecondaryVisible(false);
    EXPECT_TRUE(hidden(FlowListModel::Start));
    EXPECT_TRUE(hidden(FlowListModel::Every));
    EXPECT_FALSE(hidden(FlowListModel::Size) || hidden(FlowListModel::Label));
    EXPECT_LT(p.table()->sizeHint().width(), whole);
    const QString tip = p.model()->data(p.model()->index(1, FlowListModel::Flow), Qt::ToolTipRole).toString();
    EXPECT_TRUE(tip.contains("starts at 0 s")) << tip.toStdString();
    EXPECT_FALSE(p.model()->edit(1, FlowListModel::Start, "2"));
    EXPECT_FALSE(hidden(FlowListModel::Start));
    EXPECT_TRUE(hidden(FlowListModel::Every));
    p.panel.setSecondaryVisible(true);
    EXPECT_FALSE(hidden(FlowListModel::Start) || hidden(FlowListModel::Every));
    EXPECT_FALSE(p.model()->data(p.model()->index(1, FlowListModel::Flow), Qt::ToolTipRole).toString().contains("starts at"));
}

// --- In the window ---

TEST(FlowListWindow, AFileOfMoreThanSixteenFlowsIsRefusedAndNothingChanges) {
    auto w = make_window();
    ASSERT_TRUE(wait_settled(*w));
    const Scenario before = w->controls()->scenario();
    QTemporaryDir dir;
    QJsonArray flows;
    for (int i = 0; i < 17; ++i) flows.append(QJsonObject{{"algo", "cubic"}});
    const QString path = dir.filePath("seventeen.json");
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write(QJsonDocument(QJsonObject{{"flows", flows}}).toJson());
    f.close();
    const quint64 gen = w->session()->generation();
    EXPECT_FALSE(w->loadScenario(path));
    const QString banner = w->bannerText();
    EXPECT_TRUE(banner.contains("seventeen.json has 17 flows")) << banner.toStdString();
    EXPECT_TRUE(banner.contains("at most 16")) << banner.toStdString();
    EXPECT_TRUE(banner.contains("Nothing was changed"));
    EXPECT_TRUE(w->controls()->scenario() == before);
    EXPECT_EQ(w->session()->generation(), gen);  // no run started
}

TEST(FlowListWindow, AFileWithFlowsOpensInTheListAndSavesThemBack) {
    auto w = make_window();
    ASSERT_TRUE(wait_settled(*w));
    QTemporaryDir dir;
    const QString path = dir.filePath("three.json");
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write(R"({"duration": "5s", "flows": [{"algo": "cubic"}, {"algo": "bbr", "rtt": "40ms"},
               {"algo": "ping", "interval": "100ms"}]})");
    f.close();
    ASSERT_TRUE(w->loadScenario(path));
    EXPECT_EQ(w->controls()->flowList()->model()->rowCount(), 3);
    EXPECT_EQ(w->controls()->flowList()->model()->data(w->controls()->flowList()->model()->index(1, 1)).toString(),
              "40 ms");
    ASSERT_TRUE(wait_settled(*w));
    EXPECT_EQ(w->dashboard()->shown()->result.scenario.flows.size(), 3u);
    const QString out = dir.filePath("saved.json");
    ASSERT_TRUE(w->saveScenario(out));
    Scenario back;
    ASSERT_FALSE(load_scenario_file(out.toStdString(), back, Limits::max_bandwidth_bps_app));
    EXPECT_TRUE(back == w->controls()->scenario());
    EXPECT_EQ(back.flows.size(), 3u);
}

TEST(FlowListWindow, PlusInTheTableAddsAFlowRatherThanSpeedingTheReplay) {
    auto w = make_window();
    ASSERT_TRUE(wait_settled(*w));
    Scenario s = with_flows(2);
    s.duration_s = 5;
    w->controls()->setScenario(s);
    FlowTable* t = w->controls()->flowList()->table();
    t->setFocus();
    t->setCurrentIndex(t->model()->index(0, 0));
    QTest::keyClick(t, Qt::Key_Plus);
    EXPECT_EQ(w->controls()->scenario().flows.size(), 3u);
    ASSERT_TRUE(wait_settled(*w));
}

TEST(FlowListWindow, InThePresentationLookTheControlsWidenSoEveryColumnOfTheFlowsShows) {
    auto w = make_window();
    ASSERT_TRUE(wait_settled(*w));
    Scenario s = apply_preset(FlowPreset::BulkWeb, Scenario{});
    s.duration_s = 5;
    w->controls()->setScenario(s);
    emit w->controls()->scenarioChanged(s);
    w->setPresentation(true);
    w->showNormal();  // offscreen: a projector of 1280×720 is a window of that size
    w->resize(1280, 720);
    QTest::qWait(200);
    FlowTable* t = w->controls()->flowList()->table();
    ASSERT_TRUE(t->isVisible());
    // The columns end inside the table, and the last (Label, stretched)
    // still holds "web" and its title whole.
    EXPECT_LE(t->horizontalHeader()->length(), t->viewport()->width());
    const int label = FlowListModel::Label;
    EXPECT_GE(t->columnWidth(label), t->horizontalHeader()->sectionSizeHint(label));  // "Label" is longer than "web"
    w->setPresentation(false);
    ASSERT_TRUE(wait_settled(*w));
}
