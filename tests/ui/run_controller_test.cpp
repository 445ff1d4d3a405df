// The run controller on its own (session/run_worker.h): while the UI thread
// is busy the worker's partial snapshots queue up; when it is free again
// they reach it coalesced — the newest, not each in turn (each would draw a
// frame) — and the finished run always arrives, last.
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QThread>
#include <gtest/gtest.h>
#include <vector>

#include "session/run_worker.h"
#include "test_helpers.h"

using namespace inflight;
using namespace inflight::ui;

TEST(RunController, PartialSnapshotsQueuedWhileTheUiWasBusyArriveAsTheNewestOnly) {
    RunController c;
    std::vector<SnapshotPtr> got;
    QObject::connect(&c, &RunController::snapshotReady, [&](const SnapshotPtr& s) { got.push_back(s); });
    // 1 Gbit/s for 40 s: the model streams for longer than the UI sleeps.
    Scenario s;
    s.bandwidth_bps = 1e9;
    s.duration_s = 40;
    c.request(s);
    // The UI thread busy for 20 of the worker's progress intervals: about
    // twenty partial snapshots queue up behind it.
    QThread::msleep(20 * RunWorker::kProgressIntervalMs);
    QCoreApplication::processEvents();
    // One pass over the queue hands on the newest partial (and the finished
    // run if it came in the meantime), not every one.
    EXPECT_LE(got.size(), 2u);
    ASSERT_FALSE(got.empty());
    ASSERT_TRUE(test::wait_until([&] { return !got.empty() && got.back()->done; }, 60000));
    // Partial snapshots in time order, the finished run last and once.
    for (std::size_t i = 1; i < got.size(); ++i) EXPECT_GE(got[i]->sim_time_s, got[i - 1]->sim_time_s);
    int done = 0;
    for (const SnapshotPtr& x : got) done += x->done;
    EXPECT_EQ(done, 1);
}
