// The run controller on its own (session/run_worker.h): every snapshot of
// the newest request reaches the UI thread, in time order, the finished run
// last and once; nothing of a request a newer one has replaced. Pacing and
// coalescing are the dashboard's (dashboard_frames_test.cpp).
#include <QCoreApplication>
#include <QThread>
#include <gtest/gtest.h>
#include <vector>

#include "ui/session/run_worker.h"
#include "test_helpers.h"

using namespace inflight;
using namespace inflight::ui;

TEST(RunController, EverySnapshotOfTheNewestRequestArrivesInOrderTheFinishedOneLast) {
    RunController c;
    std::vector<SnapshotPtr> got;
    QObject::connect(&c, &RunController::snapshotReady, [&](const SnapshotPtr& s) { got.push_back(s); });
    // A long first request replaced at once by a second, 1 Gbit/s for 40 s,
    // which streams for longer than the UI sleeps below.
    Scenario first;
    first.bandwidth_bps = 100e6;
    first.duration_s = 600;
    c.request(first);
    Scenario s;
    s.bandwidth_bps = 1e9;
    s.duration_s = 40;
    const quint64 gen = c.request(s);
    // The UI thread busy for 20 of the worker's progress intervals: the
    // partial snapshots queued meanwhile are all handed on, none dropped.
    QThread::msleep(20 * RunWorker::kProgressIntervalMs);
    QCoreApplication::processEvents();
    EXPECT_GE(got.size(), 3u);
    ASSERT_TRUE(test::wait_until([&] { return !got.empty() && got.back()->done; }, 60000));
    int done = 0;
    for (std::size_t i = 0; i < got.size(); ++i) {
        EXPECT_EQ(got[i]->generation, gen) << "a snapshot of the replaced request";
        if (i > 0) {
            EXPECT_GE(got[i]->sim_time_s, got[i - 1]->sim_time_s);
        }
        done += got[i]->done;
    }
    EXPECT_EQ(done, 1);
}
