// The dashboard draws a streaming run at most once per kFrameIntervalMs and
// keeps only the newest frame waiting. A redraw asked for in between (a
// change of look, the theory overlay) must draw that waiting frame, not the
// older one on screen in its place: dropping it once left the hero on a
// streaming value for good (CI saw the window never settle after leaving
// presentation, when the waiting frame was the run's final one). The
// finished run is drawn at once, never held for the rest of the interval.
#include <QTest>
#include <gtest/gtest.h>

#include "finished_run.h"

#include "panels/dashboard.h"
#include "run.h"

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

}  // namespace

TEST(DashboardFrames, ARestyleWhileANewerFrameWaitsDrawsIt) {
    Dashboard d;
    d.resize(1280, 600);
    d.show();
    Frames f;
    offer_both(d, f);
    d.setPresentation(true);
    d.restyle();
    EXPECT_EQ(d.shown(), f.last);
    QTest::qWait(100);
    EXPECT_EQ(d.shown(), f.last) << "nothing older may come back after it";
}

TEST(DashboardFrames, TheTheoryOverlayWhileANewerFrameWaitsDrawsIt) {
    Dashboard d;
    d.resize(1280, 600);
    d.show();
    Frames f;
    offer_both(d, f);
    d.setTheory(true);
    EXPECT_EQ(d.shown(), f.last);
    QTest::qWait(100);
    EXPECT_EQ(d.shown(), f.last);
}

TEST(DashboardFrames, TheFinishedRunIsDrawnAtOnceWithinTheFrameInterval) {
    Dashboard d;
    d.resize(1280, 600);
    d.show();
    Frames f;
    offer_both(d, f);
    d.offer(f.finished);
    EXPECT_EQ(d.shown(), f.finished) << "the finished run waited for the frame timer";
    QTest::qWait(100);
    EXPECT_EQ(d.shown(), f.finished) << "a streaming frame came back after the finished run";
}
