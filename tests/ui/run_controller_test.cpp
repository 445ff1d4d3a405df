// The run controller on its own (session/run_worker.h): every snapshot of
// the newest request reaches the UI thread, in time order, the finished run
// last and once; nothing of a request a newer one has replaced. Pacing and
// coalescing are the dashboard's (dashboard_frames_test.cpp).
#include <QCoreApplication>
#include <QThread>
#include <cstring>
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

namespace {
// Every snapshot the controller hands on for generation `gen`, once its
// finished one has arrived.
std::vector<SnapshotPtr> snapshots_of(RunController& c, const Scenario& s) {
    std::vector<SnapshotPtr> got;
    const auto link = QObject::connect(&c, &RunController::snapshotReady, [&](const SnapshotPtr& p) { got.push_back(p); });
    const quint64 gen = c.request(s);
    const bool done = test::wait_until([&] { return !got.empty() && got.back()->generation == gen && got.back()->done; }, 60000);
    QObject::disconnect(link);
    if (!done) return {};
    std::vector<SnapshotPtr> mine;
    for (const SnapshotPtr& p : got)
        if (p->generation == gen) mine.push_back(p);
    return mine;
}
}  // namespace

// A lecturer toggling back to a setting: the run of a scenario finished a
// moment ago is not simulated again. Its kept result comes back as one
// finished snapshot, marked reused, the same bucket for bucket; a scenario
// that differs in any field (here the seed) is simulated.
TEST(RunController, ARequestForAScenarioFinishedBeforeIsAnsweredWithItsKeptResult) {
    RunController c;
    Scenario a;
    a.bandwidth_bps = 1e9;
    a.duration_s = 20;  // long enough to stream partial snapshots
    Scenario b = a;
    b.aqm = Aqm::FqCodel;

    const std::vector<SnapshotPtr> first = snapshots_of(c, a);
    ASSERT_FALSE(first.empty());
    EXPECT_FALSE(first.back()->reused);
    ASSERT_FALSE(snapshots_of(c, b).empty());

    const std::vector<SnapshotPtr> again = snapshots_of(c, a);
    ASSERT_EQ(again.size(), 1u) << "no partial snapshot: nothing streams";
    const SnapshotPtr& r = again.front();
    EXPECT_TRUE(r->reused);
    EXPECT_TRUE(r->done);
    EXPECT_EQ(r->sim_time_s, a.duration_s);
    const RunResult& was = first.back()->result;
    EXPECT_EQ(r->result.scenario, a);
    EXPECT_EQ(r->result.summary.throughput_bps, was.summary.throughput_bps);
    EXPECT_EQ(r->result.summary.packets_simulated, was.summary.packets_simulated);
    ASSERT_EQ(r->result.trace.buckets.size(), was.trace.buckets.size());
    for (std::size_t i = 0; i < was.trace.buckets.size(); ++i) {
        ASSERT_EQ(std::memcmp(&r->result.trace.buckets[i], &was.trace.buckets[i], sizeof(TraceBucket)), 0) << "bucket " << i;
    }
    ASSERT_EQ(r->result.events.size(), was.events.size());

    // Shown again, it is kept again: a third visit is answered the same way.
    const std::vector<SnapshotPtr> b_again = snapshots_of(c, b);
    ASSERT_EQ(b_again.size(), 1u);
    EXPECT_TRUE(b_again.front()->reused);
    const std::vector<SnapshotPtr> third = snapshots_of(c, a);
    ASSERT_EQ(third.size(), 1u);
    EXPECT_TRUE(third.front()->reused);
    EXPECT_EQ(third.front()->result.summary.throughput_bps, was.summary.throughput_bps);

    Scenario other_seed = a;
    other_seed.seed = 7;
    const std::vector<SnapshotPtr> fresh = snapshots_of(c, other_seed);
    ASSERT_FALSE(fresh.empty());
    EXPECT_FALSE(fresh.back()->reused);
}
