// "Set it" puts a whole scenario in place; the guide lists what that changes
// in the controls as they are, so a value the student set earlier (loss from
// experiment 1, a 64 KiB send buffer from experiment 2) is never changed
// without a word, as it was by the hand-written "Set:" lines.
#include <QLabel>
#include <QPushButton>
#include <QTest>
#include <gtest/gtest.h>

#include "ui/controls/controls_panel.h"
#include "model/core/parameters.h"
#include "ui/lesson/set_changes.h"
#include "ui/teaching/experiment_panel.h"
#include "test_helpers.h"

using namespace inflight;
using namespace inflight::ui;

namespace {

// The parameter names of the changes ("loss 0.01% → none" is "loss").
QStringList names(const QStringList& changes) {
    QStringList out;
    for (const QString& c : changes) out << c.section(QLatin1Char(' '), 0, c.startsWith("send buffer") || c.startsWith("loss pattern") ? 1 : 0);
    return out;
}

}  // namespace

TEST(SetChanges, NothingWhenTheControlsAlreadyHoldTheStep) {
    EXPECT_TRUE(set_changes(Scenario{}, Scenario{}).isEmpty());
}

TEST(SetChanges, ExperimentOnesLossIsNamedWhenExperimentTwoSetsItsWindow) {
    Scenario now;  // experiment 1, step 2: loss 0.01% at 25 Mbit/s
    now.loss = 1e-4;
    now.bandwidth_bps = 25e6;
    Scenario step;  // experiment 2, step 1: rwnd 65,535 B, the rest defaults
    step.rwnd_bytes = 65535;
    const QStringList c = set_changes(now, step);
    EXPECT_EQ(c.size(), 3) << c.join(" | ").toStdString();  // bandwidth, loss, rwnd
    EXPECT_TRUE(names(c).contains("bandwidth")) << c.join(" | ").toStdString();
    EXPECT_TRUE(names(c).contains("loss")) << c.join(" | ").toStdString();
    EXPECT_TRUE(names(c).contains("rwnd")) << c.join(" | ").toStdString();
    EXPECT_FALSE(names(c).contains("RTT")) << c.join(" | ").toStdString();
    EXPECT_FALSE(names(c).contains("send buffer")) << c.join(" | ").toStdString();
    for (const QString& x : c) EXPECT_TRUE(x.contains(QStringLiteral(" → "))) << x.toStdString();
    // The new loss is none.
    for (const QString& x : c) {
        if (x.startsWith("loss ") && !x.startsWith("loss pattern")) EXPECT_TRUE(x.endsWith("none")) << x.toStdString();
    }
}

TEST(SetChanges, ExperimentTwosSendBufferIsNamedWhenExperimentThreeSetsItsPath) {
    Scenario now;  // experiment 2, step 4: send buffer 64 KiB
    now.sndbuf_bytes = 64 * 1024;
    Scenario step;  // experiment 3, step 1: 20 ms, buffer 20 ms
    step.rtt_s = 0.020;
    step.buffer_s = 0.020;
    const QStringList c = set_changes(now, step);
    EXPECT_EQ(c.size(), 3) << c.join(" | ").toStdString();
    EXPECT_TRUE(names(c).contains("send buffer")) << c.join(" | ").toStdString();
    EXPECT_TRUE(names(c).contains("RTT")) << c.join(" | ").toStdString();
    EXPECT_TRUE(names(c).contains("buffer")) << c.join(" | ").toStdString();
}

TEST(SetChanges, FlowsAreCountedAndEveryOtherParameterIsSeen) {
    Scenario now;
    now.flows.assign(3, FlowSpec{});
    const QStringList back = set_changes(now, Scenario{});
    ASSERT_EQ(back.size(), 1);
    EXPECT_EQ(back.front(), QStringLiteral("flows 3 → 1"));
}

// Every parameter of the table, changed alone, is one line: the Linux
// details and SO_RCVBUF too (experiment 9's step 2 sets SO_RCVBUF alone, and
// the guide said nothing would change).
TEST(SetChanges, EveryParameterOfTheTableChangedAloneIsOneLine) {
    for (Param p : kAllParams) {
        Scenario now, step;
        if (p == Param::LossPattern) now.loss = step.loss = 1e-3;  // the pattern matters only with loss
        const ParamRow& row = param_row(p);
        const double was = number(step, p);
        switch (row.type) {
            case ParamType::Choice:
                for (const ParamChoice& c : row.choices)
                    if (c.value != static_cast<int>(was)) {
                        set_number(step, p, c.value);
                        break;
                    }
                break;
            case ParamType::Switch: set_number(step, p, was == 0 ? 1 : 0); break;
            case ParamType::Count: set_number(step, p, was + 6); break;
            default: set_number(step, p, was == row.max ? row.min : row.max); break;
        }
        ASSERT_NE(now, step) << key(p);
        const QStringList c = set_changes(now, step);
        ASSERT_EQ(c.size(), 1) << key(p) << ": " << c.join(" | ").toStdString();
        // "name A → B" one way is "name B → A" the other: one name, each
        // side the value of its own scenario.
        const QStringList back = set_changes(step, now);
        ASSERT_EQ(back.size(), 1) << key(p);
        const QStringList there = c.front().split(QStringLiteral(" → ")), again = back.front().split(QStringLiteral(" → "));
        ASSERT_EQ(there.size(), 2) << c.front().toStdString();
        ASSERT_EQ(again.size(), 2) << back.front().toStdString();
        ASSERT_TRUE(there[0].endsWith(QLatin1Char(' ') + again[1])) << c.front().toStdString() << " | " << back.front().toStdString();
        ASSERT_TRUE(again[0].endsWith(QLatin1Char(' ') + there[1])) << c.front().toStdString() << " | " << back.front().toStdString();
        EXPECT_EQ(there[0].chopped(again[1].size()), again[0].chopped(there[1].size())) << key(p);
    }
}

TEST(SetChanges, TheLinuxDetailsAreNamedInTheControlsWords) {
    Scenario now;  // experiment 9, step 1: Stack Linux, SO_RCVBUF not set
    now.stack = Stack::Linux;
    Scenario step = now;  // step 2: SO_RCVBUF 256 KiB
    step.rcvbuf_bytes = 256 * 1024;
    EXPECT_EQ(set_changes(now, step), QStringList{QStringLiteral("SO_RCVBUF not set → 256 KiB")});
    Scenario textbook;  // the window's default, before experiment 8's step with HyStart off
    step = now;
    step.hystart = Detail::Off;
    EXPECT_EQ(set_changes(textbook, step),
              (QStringList{QStringLiteral("stack textbook → Linux"), QStringLiteral("HyStart as the stack → off")}));
    // In the controls' order: the stack beside the algorithm, before the path.
    Scenario bbr_linux_fast = step;
    bbr_linux_fast.algorithm = Algorithm::Bbr;
    bbr_linux_fast.bandwidth_bps = 1e9;
    const QStringList c = set_changes(textbook, bbr_linux_fast);
    ASSERT_GE(c.size(), 3);
    EXPECT_TRUE(c[0].startsWith(QStringLiteral("algorithm "))) << c.join(" | ").toStdString();
    EXPECT_TRUE(c[1].startsWith(QStringLiteral("stack "))) << c.join(" | ").toStdString();
    EXPECT_TRUE(c[2].startsWith(QStringLiteral("bandwidth "))) << c.join(" | ").toStdString();
}

// In the window: after experiment 1's loss, experiment 2's step says that
// Set it takes the loss away; once Set it is pressed the line goes.
TEST(SetChangesInTheGuide, TheStepNamesTheLossSetItWillTakeAway) {
    auto w = inflight::ui::test::make_window();
    ASSERT_TRUE(inflight::ui::test::wait_settled(*w));
    const auto body = [&] {
        for (QLabel* l : w->guide()->findChildren<QLabel*>())
            if (l->text().contains("Set:")) return l->text();
        return QString();
    };
    Scenario lossy;
    lossy.loss = 1e-4;
    w->controls()->setScenario(lossy);
    emit w->controls()->scenarioChanged(lossy);
    w->openExperiment(1);
    ASSERT_TRUE(inflight::ui::test::wait_settled(*w));
    EXPECT_TRUE(body().contains("Set it changes:")) << body().toStdString();
    EXPECT_TRUE(body().contains("loss 0.01% → none")) << body().toStdString();
    QTest::mouseClick(w->guide()->setButton(), Qt::LeftButton);
    ASSERT_TRUE(inflight::ui::test::wait_settled(*w));
    EXPECT_FALSE(body().contains("Set it changes:")) << body().toStdString();
}
