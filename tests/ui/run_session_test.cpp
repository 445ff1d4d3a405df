// The run session owns "the current finished run": it announces a run once
// when it has finished and is on screen, never a run superseded (or
// cancelled) first and never again for a redraw; in the window the compare
// controller, the real-system panel and the replay follow it.
#include <QAction>
#include <QDockWidget>
#include <gtest/gtest.h>
#include <vector>

#include "ui/compare/compare_controller.h"
#include "ui/lesson/playhead.h"
#include "ui/real_system/bridge_panel.h"
#include "ui/session/run_session.h"
#include "tools_helpers.h"

using namespace inflight;
using namespace inflight::ui;
using namespace inflight::ui::test;

namespace {

Scenario short_run(double duration_s) {
    Scenario s;
    s.duration_s = duration_s;
    return s;
}

SnapshotPtr snapshot(quint64 generation, bool done) {
    auto s = std::make_shared<RunSnapshot>();
    s->generation = generation;
    s->done = done;
    return s;
}

// Every run the session announced, in order.
struct Announced {
    explicit Announced(RunSession* session) {
        QObject::connect(session, &RunSession::currentChanged, session,
                         [this](SnapshotPtr run) { runs.push_back(std::move(run)); });
    }
    std::vector<SnapshotPtr> runs;
};

}  // namespace

TEST(RunSession, AnnouncesAFinishedRunExactlyOnce) {
    RunSession session;
    // Frames "drawn" as soon as they arrive (no dashboard in this test).
    QObject::connect(&session, &RunSession::snapshotReady, &session, &RunSession::frameDrawn);
    Announced announced(&session);
    const quint64 g = session.request(short_run(3));
    EXPECT_EQ(session.current(), nullptr);
    ASSERT_TRUE(wait_until([&] { return session.current() != nullptr; }));
    QTest::qWait(200);  // nothing else arrives for that run
    ASSERT_EQ(announced.runs.size(), 1u);
    EXPECT_EQ(announced.runs[0], session.current());
    EXPECT_EQ(announced.runs[0]->generation, g);
    EXPECT_TRUE(announced.runs[0]->done);
    // Drawn again (a restyle): still the one announcement.
    session.frameDrawn(session.shown());
    session.frameDrawn(session.shown());
    EXPECT_EQ(announced.runs.size(), 1u);
}

TEST(RunSession, ARunSupersededBeforeItFinishesIsNeverAnnounced) {
    RunSession session;
    QObject::connect(&session, &RunSession::snapshotReady, &session, &RunSession::frameDrawn);
    Announced announced(&session);
    Scenario long_run = short_run(120);
    long_run.bandwidth_bps = 1e9;
    const quint64 first = session.request(long_run);  // cancelled by the next request
    const quint64 second = session.request(short_run(2));
    ASSERT_TRUE(wait_until([&] { return session.current() != nullptr; }));
    QTest::qWait(200);
    ASSERT_EQ(announced.runs.size(), 1u);
    EXPECT_EQ(announced.runs[0]->generation, second);
    EXPECT_NE(announced.runs[0]->generation, first);
}

TEST(RunSession, AFinishedRunDrawnAfterANewerRequestIsNotCurrent) {
    RunSession session;  // frames are drawn by hand here
    Announced announced(&session);
    const quint64 old_gen = session.request(short_run(2));
    const quint64 new_gen = session.request(short_run(2));
    // The old run's last frame was already queued when the new request came.
    session.frameDrawn(snapshot(old_gen, true));
    EXPECT_EQ(session.current(), nullptr);
    session.frameDrawn(snapshot(new_gen, false));  // the new run streaming
    EXPECT_EQ(session.current(), nullptr);
    EXPECT_TRUE(announced.runs.empty());
    const SnapshotPtr done = snapshot(new_gen, true);
    session.frameDrawn(done);
    EXPECT_EQ(session.current(), done);
    ASSERT_EQ(announced.runs.size(), 1u);
    EXPECT_EQ(announced.runs[0], done);
}

TEST(RunSessionInTheWindow, CompareBridgeAndReplayFollowTheSession) {
    auto w = make_window();
    ASSERT_TRUE(wait_settled(*w));
    AnalysisTools* tools = tools_of(*w);
    CompareController* compare = tools->compare();
    BridgePanel* bridge = tools->bridge();
    Announced announced(w->session());

    ASSERT_TRUE(run_scenario(*w, R"({"algo": "reno", "duration": 8})"));
    const SnapshotPtr a = w->session()->current();
    ASSERT_NE(a, nullptr);
    EXPECT_EQ(a, w->dashboard()->shown());
    ASSERT_EQ(announced.runs.size(), 1u);
    EXPECT_EQ(announced.runs[0], a);
    EXPECT_EQ(compare->current(), a);
    EXPECT_EQ(bridge->run(), a);
    EXPECT_DOUBLE_EQ(w->playhead()->duration(), 8.0);

    // A new request: nothing is current until it has finished; the bridge
    // keeps the last finished run meanwhile.
    w->session()->request(short_run(30));
    EXPECT_EQ(w->session()->current(), nullptr);
    EXPECT_EQ(compare->current(), nullptr);
    EXPECT_EQ(bridge->run(), a);
    ASSERT_TRUE(wait_settled(*w));
    const SnapshotPtr b = w->session()->current();
    ASSERT_NE(b, nullptr);
    EXPECT_NE(b, a);
    ASSERT_EQ(announced.runs.size(), 2u);
    EXPECT_EQ(announced.runs[1], b);
    EXPECT_EQ(compare->current(), b);
    EXPECT_EQ(bridge->run(), b);
    EXPECT_DOUBLE_EQ(w->playhead()->duration(), 30.0);

    // A restyle draws the same run again: no new announcement.
    w->setTheme(true);
    w->setTheme(false);
    EXPECT_EQ(announced.runs.size(), 2u);
    EXPECT_EQ(bridge->run(), b);
}
