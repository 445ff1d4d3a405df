// The dashboard draws a streaming run at most once per kFrameIntervalMs and
// keeps only the newest frame waiting. A redraw asked for in between (a
// change of look, the theory overlay) must draw that waiting frame, not the
// older one on screen in its place: dropping it once left the hero on a
// streaming value for good (CI saw the window never settle after leaving
// presentation, when the waiting frame was the run's final one). The
// finished run is never held for the rest of the interval (only for the
// short paint gap), and a burst of frames draws only the newest.
#include <QTest>
#include <gtest/gtest.h>

#include "finished_run.h"

#include "ui/panels/dashboard.h"
#include "model/engine/run.h"

using namespace inflight;
using namespace inflight::ui;

namespace {

SnapshotPtr frame_of(const RunResult& r, bool done) { return test::snapshot_of(r, done); }

// Two streaming frames of one run (the second newer) and its finished frame.
struct Frames {
    RunResult run = [] {
        Scenario s;
        s.duration_s = 1;
        return run_scenario(s);
    }();
    SnapshotPtr streaming = frame_of(run, false);
    SnapshotPtr last = frame_of(run, false);
    SnapshotPtr finished = frame_of(run, true);
};

// Offers a streaming frame (drawn at once, the dashboard being idle), then
// a newer one within the same frame interval, so that it waits. The
// interval is made long, so that it holds however slowly a frame draws
// (under a sanitizer one takes longer than the usual 36 ms).
constexpr int kLongFrameIntervalMs = 60'000;

void offer_both(Dashboard& d, const Frames& f) {
    d.setFrameIntervalMs(0);
    d.offer(f.streaming);
    d.setFrameIntervalMs(kLongFrameIntervalMs);
    ASSERT_EQ(d.shown(), f.streaming);
    d.offer(f.last);
    ASSERT_EQ(d.shown(), f.streaming) << "the second frame should wait for its turn";
}

// A shown dashboard and the frames of one run.
class DashboardFrames : public ::testing::Test {
protected:
    void SetUp() override {
        d.resize(1280, 600);
        d.show();
    }
    Dashboard d;
    Frames f;
};

}  // namespace

TEST_F(DashboardFrames, ARestyleWhileANewerFrameWaitsDrawsIt) {
    offer_both(d, f);
    d.setPresentation(true);
    d.restyle();
    EXPECT_EQ(d.shown(), f.last);
    QTest::qWait(100);
    EXPECT_EQ(d.shown(), f.last) << "nothing older may come back after it";
}

TEST_F(DashboardFrames, TheTheoryOverlayWhileANewerFrameWaitsDrawsIt) {
    offer_both(d, f);
    d.setTheory(true);
    EXPECT_EQ(d.shown(), f.last);
    QTest::qWait(100);
    EXPECT_EQ(d.shown(), f.last);
}

TEST_F(DashboardFrames, TheFinishedRunIsNotHeldForTheRestOfTheFrameInterval) {
    offer_both(d, f);
    // The interval is a minute long: the finished run goes after the paint
    // gap (Dashboard::kPaintGapMs), not after the interval.
    d.offer(f.finished);
    EXPECT_TRUE(QTest::qWaitFor([&] { return d.shown() == f.finished; }, 2000))
        << "the finished run waited for the frame interval";
    QTest::qWait(100);
    EXPECT_EQ(d.shown(), f.finished) << "a streaming frame came back after the finished run";
}

TEST_F(DashboardFrames, ABurstOfStreamingFramesDrawsOnlyTheNewestAndTheFinishedOne) {
    std::vector<SnapshotPtr> drawn;
    QObject::connect(&d, &Dashboard::frameShown, [&](quint64, bool) { drawn.push_back(d.shown()); });
    d.setFrameIntervalMs(0);
    d.offer(f.streaming);  // the dashboard idle: drawn at once
    d.setFrameIntervalMs(kLongFrameIntervalMs);
    // Twenty partial frames within the interval (as the controller hands on
    // what queued while the UI was busy): none drawn, the newest waits.
    std::vector<SnapshotPtr> burst;
    for (int i = 0; i < 20; ++i) burst.push_back(frame_of(f.run, false));
    for (const SnapshotPtr& s : burst) d.offer(s);
    QTest::qWait(100);
    ASSERT_EQ(drawn.size(), 1u);
    // A restyle draws the newest of them, not the one on screen.
    d.restyle();
    ASSERT_EQ(drawn.size(), 2u);
    EXPECT_EQ(drawn.back(), burst.back());
    d.offer(f.finished);
    EXPECT_TRUE(QTest::qWaitFor([&] { return d.shown() == f.finished; }, 2000));
    EXPECT_EQ(drawn.size(), 3u);
}
